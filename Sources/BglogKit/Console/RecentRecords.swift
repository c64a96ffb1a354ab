/// The last few records read (a hash of process and message, and the clock), to find
/// same-millisecond copies; a ring, so nothing moves when one is added.
struct RecentRecords {
  private var contents: [UInt64] = []
  private var clocks: [Double?] = []
  private var next = 0
  private let capacity: Int

  /// Creates an empty window of `capacity` records.
  init(capacity: Int) {
    self.capacity = capacity
    contents.reserveCapacity(capacity)
    clocks.reserveCapacity(capacity)
  }

  /// Whether a record with the same process and message is within a millisecond of `clock`.
  func containsCopy(of content: UInt64, near clock: Double) -> Bool {
    for index in contents.indices where contents[index] == content {
      if abs((clocks[index] ?? .infinity) - clock) < 0.001 { return true }
    }
    return false
  }

  /// Adds a record, forgetting the oldest when full.
  mutating func append(content: UInt64, clock: Double?) {
    if contents.count < capacity {
      contents.append(content)
      clocks.append(clock)
    } else {
      contents[next] = content
      clocks[next] = clock
      next = next + 1 == capacity ? 0 : next + 1
    }
  }
}
