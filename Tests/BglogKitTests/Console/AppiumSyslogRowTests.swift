import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Device lines captured by Appium (`[IOS_SYSLOG_ROW ]` behind Appium's own time and level, or
/// `[IOS_SYSLOG_ROW]` behind other tags) are read as the device's lines: the same records as the same
/// lines without Appium's part, and Appium's own lines are never part of a device record.
@Suite struct AppiumSyslogRowTests {
  static let fixtures = [
    "public-appium-4506-iosyslogrow-idevicesyslog.log",
    "public-appium-5271-iosyslogrow-simulator-syslog.log",
    "public-appium-8177-ioslog-rows-between-appium-lines.log",
  ]

  /// The fixture's text with everything up to Appium's tag (and the one space after it) cut from each
  /// line, and Appium's own lines (no tag) left out; blank lines kept.
  static func deviceLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
      if line.trimmingCharacters(in: .whitespaces).isEmpty { return String(line) }
      guard let tag = line.range(of: "[IOS_SYSLOG_ROW") else { return nil }
      var rest = line[tag.upperBound...]
      if rest.hasPrefix(" ") { rest = rest.dropFirst() }
      rest = rest.dropFirst()  // "]"
      if rest.hasPrefix(" ") { rest = rest.dropFirst() }
      return String(rest)
    }.joined(separator: "\n")
  }

  @Test(arguments: fixtures)
  func rowsReadAsTheDeviceLinesAlone(_ name: String) throws {
    let text = String(decoding: try Fixtures.bytes("console/\(name)"), as: UTF8.self)
    let wrapped = ConsoleLogParser.entries(in: SourceText(text: text))
    let alone = ConsoleLogParser.entries(in: SourceText(text: Self.deviceLines(text)))
    #expect(alone.entries.count > 0)
    #expect(wrapped.entries.count == alone.entries.count)
    for (got, expected) in zip(wrapped.entries, alone.entries) {
      #expect(got.process == expected.process)
      #expect(got.pid == expected.pid)
      #expect(got.message == expected.message)
      #expect(got.timestamp == expected.timestamp)
      #expect(got.timestamp != nil)
    }
    #expect(wrapped.statistics.continuationLines == alone.statistics.continuationLines)
  }

  @Test func appiumOwnLinesAreUnknownNeverContinuations() throws {
    let text = String(
      decoding: try Fixtures.bytes("console/public-appium-8177-ioslog-rows-between-appium-lines.log"), as: UTF8.self)
    let (entries, statistics) = ConsoleLogParser.entries(in: SourceText(text: text))
    #expect(statistics.unknownLines == 4)
    #expect(!entries.contains { $0.message.contains("/wd/hub") || $0.message.contains("MJSONWP") })
    #expect(entries.first?.process == "timed")
    #expect(entries.first?.pid == 63)
    #expect(entries.last?.message.hasSuffix("sessions:(\n{\nend_time = 1491463713653,") == true)
  }

  @Test func appiumOneFourRowsKeepDeviceTimeAndProcess() throws {
    let text = String(
      decoding: try Fixtures.bytes("console/public-appium-4506-iosyslogrow-idevicesyslog.log"), as: UTF8.self)
    let (entries, statistics) = ConsoleLogParser.entries(in: SourceText(text: text))
    #expect(statistics.lines == 10)
    #expect(statistics.unknownLines == 0)
    #expect(
      entries.map(\.process) == ["wirelessproxd", "lockdownd", "touchsetupd", "wirelessproxd", "kernel", "kernel"])
    // The device's time (16:25:07), not Appium's (00:25:06).
    #expect(entries.first?.timestamp?.secondsOfDay == Double(16 * 3600 + 25 * 60 + 7))
  }
}
