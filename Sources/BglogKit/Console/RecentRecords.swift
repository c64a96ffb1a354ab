/// The last few records read (a hash of process, pid and message, and the clock), to find copies
/// of one record written a few microseconds apart (see ``copyWindow``); a ring, so nothing moves
/// when one is added.
struct RecentRecords {
  /// Each record's hash and clock (`.infinity` for a record without one: never within the window of
  /// any clock), in one array: one uniqueness check per record added, not two.
  private var slots: [(content: UInt64, clock: Double)] = []
  private var next = 0
  private let capacity: Int
  /// How many records in the window have each value of a hash's low 12 bits: a record whose bits count
  /// none has no copy in the window, which is most records, so the window is not scanned for them.
  private var lowBitsCounts = [UInt8](repeating: 0, count: 4096)

  /// Creates an empty window of `capacity` records.
  init(capacity: Int) {
    precondition(capacity < 256, "the counts of lowBitsCounts are bytes")
    self.capacity = capacity
    slots.reserveCapacity(capacity)
  }

  /// How far apart (seconds) two copies of one record may be stamped. Measured on a Console.app
  /// export holding three merged copies of one stream (the shared corpus's
  /// `bizlevel-console-ios26-uikit-bgtask-triplicated.log`): the copies of 55 of its 57 records lie
  /// within 60 µs of each other (most within 5–20 µs), while the same process wrote the same message
  /// again, as a record of its own (itself copied three times), 139 µs and 498 µs later. A wider
  /// window would drop those real records (the 1 ms used before did); records this close that say
  /// the same thing and are not copies have not been seen.
  static let copyWindow = 0.000_1

  /// Whether a record with the same process, pid and message is within ``copyWindow`` of `clock`.
  func containsCopy(of content: UInt64, near clock: Double) -> Bool {
    // Runs for every record with a fraction of a second: most have no record with their hash's low
    // 12 bits in the window; else a plain scan of the hashes, the clock only on a match.
    guard lowBitsCounts[Int(content & 0xFFF)] != 0 else { return false }
    return slots.withUnsafeBufferPointer { slots in
      for slot in slots where slot.content == content {
        if abs(slot.clock - clock) < Self.copyWindow { return true }
      }
      return false
    }
  }

  /// Adds a record, forgetting the oldest when full.
  mutating func append(content: UInt64, clock: Double?) {
    if slots.count < capacity {
      slots.append((content, clock ?? .infinity))
    } else {
      lowBitsCounts[Int(slots[next].content & 0xFFF)] -= 1
      slots[next] = (content, clock ?? .infinity)
      next = next + 1 == capacity ? 0 : next + 1
    }
    lowBitsCounts[Int(content & 0xFFF)] += 1
  }
}
