import Testing

@testable import BglogKit

/// The window of recent records finds a copy by hash and clock, also among hashes that share their low
/// bits (the counts that let most records skip the scan), and forgets records pushed out of the ring.
@Suite struct RecentRecordsTests {
  @Test func findsCopiesWithinTheWindowOnly() {
    var recent = RecentRecords(capacity: 4)
    recent.append(content: 0x1_0ABC, clock: 10)
    recent.append(content: 0x2_0ABC, clock: nil)  // same low bits, no clock
    #expect(recent.containsCopy(of: 0x1_0ABC, near: 10.000_05))
    #expect(!recent.containsCopy(of: 0x1_0ABC, near: 10.001))
    #expect(!recent.containsCopy(of: 0x2_0ABC, near: 10))  // a record without a clock is never near
    #expect(!recent.containsCopy(of: 0x3_0ABC, near: 10))
    #expect(!recent.containsCopy(of: 0x0DEF, near: 10))
    // Four more push both out; their low bits' counts go back to zero.
    for content in [UInt64(1), 2, 3, 0x5_0ABC] { recent.append(content: content, clock: 10) }
    #expect(!recent.containsCopy(of: 0x1_0ABC, near: 10))
    #expect(recent.containsCopy(of: 0x5_0ABC, near: 10))
    #expect(recent.containsCopy(of: 3, near: 10))
    recent.append(content: 4, clock: 10)
    #expect(!recent.containsCopy(of: 1, near: 10))
  }
}
