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
  private var zeroTag: UInt16 = 0

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
  func contains(_ hash: UInt64) -> Bool { tag(of: hash) != nil }

  /// The tag `hash` was inserted with, or `nil` when it is not held. A hash is held with a 16-bit
  /// tag in place of its low 16 bits: two hashes that agree on the other 48 are the same.
  func tag(of hash: UInt64) -> UInt16? {
    let key = hash & Self.keyMask
    if key == 0 { return holdsZero ? zeroTag : nil }
    guard mayHold(hash) else { return nil }
    var index = Int(truncatingIfNeeded: hash >> 16) & mask
    while true {
      let slot = slots[index]
      if slot & Self.keyMask == key { return UInt16(truncatingIfNeeded: slot) }
      if slot == 0 { return nil }
      index = (index + 1) & mask
    }
  }

  /// Adds `hash` with `tag` (a hash already held keeps its first tag); the caller keeps `count`
  /// below the capacity.
  mutating func insert(_ hash: UInt64, tag: UInt16 = 0) {
    let key = hash & Self.keyMask
    if key == 0 {
      if !holdsZero {
        count += 1
        zeroTag = tag
      }
      holdsZero = true
      return
    }
    let bit = Int(truncatingIfNeeded: hash >> filterShift)
    filter[bit >> 6] |= 1 << UInt64(bit & 63)
    var index = Int(truncatingIfNeeded: hash >> 16) & mask
    while true {
      let slot = slots[index]
      if slot & Self.keyMask == key { return }
      if slot == 0 {
        slots[index] = key | UInt64(tag)
        count += 1
        return
      }
      index = (index + 1) & mask
    }
  }

  /// The bits of a hash that identify it; the low 16 hold its tag.
  private static let keyMask: UInt64 = ~0xFFFF
}
