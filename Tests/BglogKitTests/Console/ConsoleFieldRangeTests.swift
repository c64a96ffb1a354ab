import Testing

@testable import BglogKit

/// Header fields outside their range (issue 17 item 1): the header is unreadable, never a trap, and
/// arithmetic on the numbers a line holds saturates. A line whose header cannot be read falls back
/// as any line without a header does: an untimed record while no layout is known, else a
/// continuation line of the record before it. The lines are written for the tests in the
/// shapes of real layouts.
@Suite struct ConsoleFieldRangeTests {
  static let hugeDay = String(repeating: "9", count: 300)

  static func parse(_ text: String) -> ([LogEntry], ConsoleLogStatistics) {
    let (entries, statistics) = ConsoleLogParser.entries(in: SourceText(text: text))
    return (entries, statistics)
  }

  @Test(arguments: ["9223372036854775807", "9223372036854775808", hugeDay, "0", "32", "-3"])
  func syslogDayOutOfRangeIsNotAHeader(day: String) {
    let (entries, _) = Self.parse("Nov \(day) 12:24:57 iPhone SpringBoard[55] <Notice>: hello\n")
    #expect(entries.map(\.timestamp) == [nil])
    #expect(entries.map(\.process) == [""])
  }

  @Test func outOfRangeDayAfterAGoodRecordDoesNotBreakIt() {
    let (entries, statistics) = Self.parse(
      "Nov 12 12:24:56 iPhone SpringBoard[55] <Notice>: first\n"
        + "Nov 9223372036854775807 12:24:57 iPhone SpringBoard[55] <Notice>: second\n"
        + "Nov 13 12:24:58 iPhone SpringBoard[55] <Notice>: third\n")
    #expect(entries.map(\.timestamp?.date?.day) == [12, 13])
    #expect(entries.allSatisfy { $0.clock != nil })
    #expect(entries[0].message == "first\nNov 9223372036854775807 12:24:57 iPhone SpringBoard[55] <Notice>: second")
    #expect(statistics.entries == 2)
    #expect(statistics.continuationLines == 1)
  }

  @Test(arguments: ["+9959", "+1900", "-1801", "+0060"])
  func utcOffsetOutOfRangeIsNotAnXcodeHeader(offset: String) {
    let (entries, _) = Self.parse("2024-05-01 10:00:00.100000\(offset) MyApp[812:99123] hello world\n")
    #expect(entries.map(\.timestamp) == [nil])
  }

  @Test func utcOffsetAtItsLimitsIsRead() {
    let (entries, _) = Self.parse(
      "2024-05-01 10:00:00.100000+1400 MyApp[812:99123] a\n2024-05-01 10:00:00.200000-1200 MyApp[812:99123] b\n")
    #expect(entries.map(\.timestamp?.utcOffsetSeconds) == [50_400, -43_200])
  }

  @Test(arguments: ["+180001", "+0521:60", "+052160", "-1800:01"])
  func utcOffsetWithSecondsOutOfRangeIsNotAnXcodeHeader(offset: String) {
    let (entries, _) = Self.parse("2024-05-01 10:00:00.100000\(offset) MyApp[812:99123] hello world\n")
    #expect(entries.map(\.timestamp) == [nil])
  }

  @Test func utcOffsetWithSecondsIsRead() {
    // `+052110` is real (react-native-background-fetch #107); the colon form is the same offset.
    let (entries, _) = Self.parse(
      "2024-05-01 10:00:00.100000+052110 MyApp[812:99123] a\n2024-05-01 10:00:00.200000-05:21:10 MyApp[812:99123] b\n"
        + "2024-05-01 10:00:00.300000+18:00:00 MyApp[812:99123] c\n")
    #expect(entries.map(\.timestamp?.utcOffsetSeconds) == [19_270, -19_270, 64_800])
  }

  @Test func hugePidOrLineNumberIsNotAHeaderOrIsSkipped() {
    let (pid, _) = Self.parse(
      "2020-04-12 23:57:42.216661+0300 0x8293 Default 0xdcdc 99999999999999999999999 0 runningboardd: hi\n")
    #expect(pid.map(\.pid) == [nil])
    #expect(pid.map(\.timestamp) == [nil])
    let (numbered, _) = Self.parse(
      "99999999999999999999999   :Mar  3 09:00:01 my-phone assertiond[66] <Notice>: hi\n")
    #expect(numbered.map(\.timestamp) == [nil])
  }

  @Test(arguments: [Int.min, -1, 0, 13, 32, Int.max])
  func dayNumberIsTotal(value: Int) {
    // Every field at every extreme: no overflow, and the result is a finite day.
    for date in [
      LogDate(year: value, month: 2, day: 1), LogDate(year: 2020, month: value, day: 1),
      LogDate(year: 2020, month: 2, day: value), LogDate(year: value, month: value, day: value),
    ] {
      _ = date.dayNumber
    }
    #expect(LogDate(year: Int.max, month: 1, day: 1).dayNumber == LogDate(year: 1_000_000, month: 1, day: 1).dayNumber)
    #expect(LogDate(year: 1970, month: 1, day: 1).dayNumber == 0)
    #expect(LogDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
  }
}
