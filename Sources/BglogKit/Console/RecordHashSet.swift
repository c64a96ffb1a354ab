/// A fixed-size set of 64-bit record hashes (open addressing, linear probing), for finding exact
/// duplicate records without hashing the hash again or growing past its capacity.
struct RecordHashSet {
  private var slots: [UInt64]
  private let mask: Int
  /// How many hashes are held.
  private(set) var count = 0
  private var holdsZero = false

  /// Creates a set with room for `capacity` hashes (kept at most half full).
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [UInt64](repeating: 0, count: size)
    mask = size - 1
  }

  /// Whether `hash` is held.
  func contains(_ hash: UInt64) -> Bool {
    if hash == 0 { return holdsZero }
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
