/// A fixed-size set of 64-bit record hashes (open addressing, linear probing), for finding exact
/// duplicate records without hashing the hash again or growing past its capacity.
///
/// Every record of a log is looked up, and almost none is held: a bit per value of the hash's top
/// bits (set for each hash held, 16 bits per hash of capacity) rules most of them out. It stays in
/// the processor's cache where the slots (2 MiB at the parser's capacity) do not, and a slot read
/// that missed the cache was a third of `timeline`'s time on a large log.
struct RecordHashSet {
  private var slots: [UInt64]
  private let mask: Int
  /// The bit of `hash >> filterShift` is set for every hash held (a bit set is no proof).
  private var filter: [UInt64]
  private let filterShift: UInt64
  /// How many hashes are held.
  private(set) var count = 0
  private var holdsZero = false

  /// Creates a set with room for `capacity` hashes (kept at most half full).
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [UInt64](repeating: 0, count: size)
    mask = size - 1
    var filterBits = 64
    var shift: UInt64 = 58
    while filterBits < capacity * 16 {
      filterBits *= 2
      shift -= 1
    }
    filter = [UInt64](repeating: 0, count: filterBits / 64)
    filterShift = shift
  }

  /// Whether the filter's bit for `hash` is set.
  @inline(__always)
  private func mayHold(_ hash: UInt64) -> Bool {
    let bit = Int(truncatingIfNeeded: hash >> filterShift)
    return filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  /// Whether `hash` is held.
  func contains(_ hash: UInt64) -> Bool {
    if hash == 0 { return holdsZero }
    guard mayHold(hash) else { return false }
    var index = Int(truncatingIfNeeded: hash >> 7) & mask
    while true {
      let slot = slots[index]
      if slot == hash { return true }
      if slot == 0 { return false }
      index = (index + 1) & mask
    }
  }

  /// Adds `hash`; the caller keeps `count` below the capacity.
  mutating func insert(_ hash: UInt64) {
    if hash == 0 {
      if !holdsZero { count += 1 }
      holdsZero = true
      return
    }
    let bit = Int(truncatingIfNeeded: hash >> filterShift)
    filter[bit >> 6] |= 1 << UInt64(bit & 63)
    var index = Int(truncatingIfNeeded: hash >> 7) & mask
    while true {
      let slot = slots[index]
      if slot == hash { return }
      if slot == 0 {
        slots[index] = hash
        count += 1
        return
      }
      index = (index + 1) & mask
    }
  }
}
