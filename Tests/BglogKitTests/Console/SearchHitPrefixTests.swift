import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Defect 3 of the session-8b fresh-eyes review (`/work/review-inputs-s8b/FINDINGS.md`): a search tool's hit
/// marker (`Line  453: `, Notepad++'s Find in Files results) before a syslog line hid its layout, so the time
/// written on the line was lost. The real lines are quoted here with their source (the repository's licence is
/// not known, so no fixture); texts marked DERIVED are real lines changed as they say.
@Suite struct SearchHitPrefixTests {
  static func read(_ text: String) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ConsoleReading.read(text)
  }

  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  static let syslogLine =
    "Jul 18 14:12:54 xxxxx-iPad runningboardd(RunningBoard)[60] <Notice>: [application<com.xxxxx.intune>:8873]"
    + " termination reported by launchd (2, 10, 10)"

  /// microsoftconnect/ms-intune-app-sdk-ios issue #351 (sergiva-mp, 2023-07-19), the description as the review
  /// stored it: prose, one syslog line behind Notepad++'s `Line  453: ` (two blanks before the number), prose.
  static let intune351 =
    "App log contains the following line:\n\nLine  453: " + syslogLine + "\n\n"
    + "I could not repro this in iOS Simulator configured for iPad 5th gen and iOS 15.2. However, it fails as above"
    + " on actual devices running iOS 15.2.\n"

  /// The same paste without the marker: what the marked paste must read as.
  static var intune351WithoutMarker: String { intune351.replacingOccurrences(of: "Line  453: ", with: "") }

  /// Before: `no known layout`, the crash untimed (`--:--:--`), "span: unknown".
  @Test func theMarkerIsLearnedAndTheLineKeepsItsLayoutAndTime() throws {
    let (entries, statistics, layout) = Self.read(Self.intune351)
    #expect(layout == .idevicesyslog)
    #expect(entries.map(\.line) == [1, 3])
    #expect(entries[0].timestamp == nil && entries[0].message.hasPrefix("App log contains the following line:"))
    let record = entries[1]
    #expect(record.process == "runningboardd" && record.pid == 60)
    #expect(record.timestamp?.secondsOfDay == 51174)  // 14:12:54
    #expect(record.message.hasPrefix("[application<com.xxxxx.intune>:8873] termination reported by launchd"))
    #expect(!record.message.contains("Line  453"))
    #expect(statistics.unknownLines == 0)
    let (plainEntries, plainStatistics, plainLayout) = Self.read(Self.intune351WithoutMarker)
    #expect(plainLayout == layout)
    #expect(plainEntries.map(\.message) == entries.map(\.message))
    #expect(plainStatistics.continuationLines == statistics.continuationLines)
  }

  @Test func theCrashIsTimedAsWithoutTheMarker() throws {
    let marked = Self.timeline(Self.intune351)
    let plain = Self.timeline(Self.intune351WithoutMarker)
    let app = try #require(marked.apps.first)
    #expect(marked.apps.count == 1)
    let crash = try #require(app.events.first)
    #expect(app.events.map(\.kind) == [.crashed])
    #expect(crash.pid == 8873 && crash.line == 3)
    #expect(crash.timestamp?.secondsOfDay == 51174)  // 14:12:54
    let plainApp = try #require(plain.apps.first)
    #expect(app.events.map(\.detail) == plainApp.events.map(\.detail))
    #expect(app.events.map(\.timestamp) == plainApp.events.map(\.timestamp))
  }

  /// DERIVED (the intune line found twice, as Find in Files lists every hit, with a continuation line hit too):
  /// the marker is dropped from every line that has it, so a line indented after it stays a continuation line.
  @Test func theMarkerIsDroppedFromEveryLine() {
    let text =
      "Line  453: " + Self.syslogLine + "\nLine  454:     (continued)\n"
      + "Line  460: " + Self.syslogLine.replacingOccurrences(of: "14:12:54", with: "14:12:58") + "\n"
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .idevicesyslog)
    #expect(entries.map(\.line) == [1, 3])
    #expect(entries.map { $0.timestamp?.secondsOfDay } == [51174, 51178])
    #expect(entries[0].message.hasSuffix("\n    (continued)"))
    #expect(statistics.continuationLines == 1)
    #expect(entries.allSatisfy { !$0.message.contains("Line  45") })
  }

  /// A marked log reads the same line by line as text and as bytes (the byte path leaves marked lines to the
  /// text path), the `HH:MM:SS  process  message` layout included (DERIVED: seed 000's lines behind markers).
  @Test(arguments: [
    "Line  453: " + syslogLine + "\nLine  454:     (continued)\n",
    "Line  12: 18:05:17    assertiond  [BackgroundDemo:12636] Setting up BG permission check timer for 30s\n"
      + "Line  13: 18:05:43    assertiond  [BackgroundDemo:12636] Sending background permission expiration warning!\n"
      + "Line  14:     continued\nLine  15: 18:05:48    assertiond  [BackgroundDemo:12636] Finished crash reporting.\n",
  ])
  func markedLinesReadTheSameAsTextAndAsBytes(text: String) {
    let (expected, expectedStatistics) = ConsoleByteHeaderTests.byString(text)
    let (actual, actualStatistics) = ConsoleByteHeaderTests.byBytes(text)
    #expect(!expected.isEmpty)
    #expect(expected.allSatisfy { $0.timestamp != nil && !$0.process.isEmpty && !$0.message.contains("Line  1") })
    #expect(actual == expected)
    #expect(actualStatistics == expectedStatistics)
  }

  /// Only the shape seen: `Line`, blanks, digits, `:` and one blank at the start of the line. Other shapes are
  /// not read so: the line stays a message alone without a time (or, starting with a blank before any record,
  /// an unknown line).
  @Test(arguments: [
    "line  453: ", "LINE  453: ", "Line453: ", "Line  453 : ", "Line  453:", "Line  : ", "Line\t453: ", "  Line  453: ",
  ])
  func otherShapesAreNoMarker(prefix: String) {
    let (entries, _, layout) = Self.read(prefix + Self.syslogLine + "\n")
    #expect(layout == nil)
    #expect(entries.count <= 1)
    #expect(entries.allSatisfy { $0.timestamp == nil })
  }

  /// In a log whose layout is known, a marked line is not learned from: it continues the record before it.
  @Test func theMarkerIsLearnedOnlyBeforeAnyLayout() {
    let text = Self.syslogLine + "\nLine  453: " + Self.syslogLine + "\n"
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .idevicesyslog)
    #expect(entries.count == 1)
    #expect(statistics.continuationLines == 1)
  }

  @Test func theMarkerShapeIsReadOnItsBytes() {
    #expect(PasteResidue.droppingSearchHitMark("Line  453: Jul 18") == "Jul 18")
    #expect(PasteResidue.droppingSearchHitMark("Line 7: x") == "x")
    #expect(PasteResidue.droppingSearchHitMark("Line  453: ") == "")
    #expect(PasteResidue.droppingSearchHitMark("Line         453: x") == nil)
    #expect(PasteResidue.droppingSearchHitMark("Line  4530000000: x") == nil)
    #expect(PasteResidue.droppingSearchHitMark("Lines 453: x") == nil)
    #expect(PasteResidue.droppingSearchHitMark("Line") == nil)
  }
}
