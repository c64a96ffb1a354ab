import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Reader defects 2 and 3 of the session-9b review of real pastes (`/work/review-inputs-s9b/FINDINGS.md`): Markdown
/// bold `**` … `**` around whole record lines, and a C block comment's ` * ` before a syslog line kept in source. The
/// real lines are quoted with their sources; texts marked DERIVED are real lines changed as they say.
@Suite struct SessionNineBPasteTests {
  static func read(_ text: String) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ConsoleReading.read(text)
  }

  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: Defect 2: `**…**` around a whole line

  /// transistorsoft/flutter_background_fetch #251 (gildaswise, 2021-09-28, description; MIT repository), the
  /// "Debug logs" as the review stored them: fenced Xcode lines, two of them wrapped in `**`, cut before 12:11:00.
  static let flutterBackgroundFetch251 = """
    **Debug logs**
    ```
    2021-09-28 12:08:38.924360-0300 Runner[397:8084] [TSBackgroundFetch load]: (
        "flutter_background_fetch" = "<TSBGAppRefreshSubscriber identifier=flutter_background_fetch, executed=0, enabled=1>";
    2021-09-28 12:08:41.678004-0300 Runner[397:8084] [TSBackgroundFetch scheduleBGAppRefresh] com.transistorsoft.fetch
    **2021-09-28 12:09:11.299582-0300 Runner[397:8084] Simulating launch for task with identifier com.transistorsoft.fetch**
    **2021-09-28 12:09:14.388239-0300 Runner[397:8084] Simulating launch for task with identifier flutter_background_fetch**
    2021-09-28 12:09:26.033719-0300 Runner[397:8488] No task request with identifier <decode: missing data> has been scheduled
    2021-09-28 12:09:26.034550-0300 Runner[397:8488] No task request with identifier <decode: missing data> has been scheduled

    """

  /// Before: `xcode: 5 records, 3 continuation, 1 unknown`; the two bold lines were continuation lines of the record
  /// before them, so neither simulated launch was an event.
  @Test func boldLinesAreRecordsWithTheirTimes() throws {
    let (entries, statistics, layout) = Self.read(Self.flutterBackgroundFetch251)
    #expect(layout == .xcode)
    #expect(entries.map(\.line) == [1, 3, 5, 6, 7, 8, 9])
    let bold = entries.filter { $0.message.hasPrefix("Simulating launch") }
    #expect(bold.map(\.line) == [6, 7])
    #expect(bold.map { $0.timestamp.map { Int($0.secondsOfDay) } } == [43751, 43754])  // 12:09:11, 12:09:14
    #expect(bold.allSatisfy { $0.process == "Runner" && $0.pid == 397 && !$0.message.contains("**") })
    #expect(bold.last?.message == "Simulating launch for task with identifier flutter_background_fetch")
    #expect(entries[2].message.hasSuffix("scheduleBGAppRefresh] com.transistorsoft.fetch"))
    #expect(statistics.continuationLines == 1 && statistics.unknownLines == 1)
  }

  @Test func theSimulatedLaunchesAreEventsAndTheFindingNamesTheIdentifier() throws {
    let result = Self.timeline(Self.flutterBackgroundFetch251)
    let app = try #require(result.apps.first)
    #expect(
      app.events.map(\.kind) == [
        .bgTaskSimulatedLaunch, .bgTaskSimulatedLaunch, .bgTaskNotScheduled, .bgTaskNotScheduled,
      ])
    #expect(app.events.map(\.line) == [6, 7, 8, 9])
    let finding = try #require(app.findings.first { $0.kind == .bgTaskRequestNotScheduled })
    #expect(finding.summary.contains("flutter_background_fetch"))
  }

  /// DERIVED (the #251 lines): a `**` inside a message, or a line that is bold only in part, stays as written.
  @Test func boldInsideAMessageIsLeftAlone() {
    let inside =
      "2021-09-28 12:09:11.299582-0300 Runner[397:8084] Simulating launch for task with identifier **com.transistorsoft.fetch**"
    #expect(PasteResidue.insideBold(Substring(inside)) == nil)
    let twoSpans = "**2021-09-28 12:09:11.299582-0300** Runner[397:8084] **Simulating launch**"
    #expect(PasteResidue.insideBold(Substring(twoSpans)) == nil)
    #expect(PasteResidue.insideBold("**Debug logs**") == "Debug logs")
    #expect(PasteResidue.insideBold("****") == nil)
    let (entries, _, _) = Self.read(inside + "\n")
    #expect(entries.first?.message.hasSuffix("**com.transistorsoft.fetch**") == true)
  }

  /// layerhq/Atlas-iOS #1195 (adina-abduraman, 2016-05-18): the bold iOS 9 lines without times are messages alone,
  /// now without their `**`.
  @Test func boldLinesWithoutAHeaderLoseTheirStars() {
    let text = """
      iPhone locationd[61] <Notice>: Gesture EnabledForTopCLient: 0, EnabledInDaemonSettings: 0

      **iPhone SpringBoard[295] <Warning>: Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.**

      """
    let (entries, _, layout) = Self.read(text)
    #expect(layout == nil)
    #expect(entries.map(\.line) == [1, 3])
    #expect(
      entries[1].message
        == "iPhone SpringBoard[295] <Warning>: Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.")
  }

  // MARK: Defect 3: a C block comment's ` * ` before the lines

  static let bryPhoneLine =
    "Aug 22 17:37:34 BryPhone-5 nsurlsessiond[101] <Error>: Error linking upload file: Error Domain=NSCocoaErrorDomain"
    + " Code=257 \"The operation couldn’t be completed. (Cocoa error 257.)\""

  /// An Objective-C source's block comment above an NSURLSessionUploadTask (code index, the review's find_string id
  /// 42558341694; licence not known, so no fixture): lines as stored, the syslog line cut after its Code=257 text.
  static let blockComment = """
        request.HTTPMethod = @"POST";

        /*
         *  When run on a device, this line generates the following error message:
         *
         *  \(bryPhoneLine)
         */

    """

  /// Before: exit 2, "no line in a layout bglog knows" (8 unknown lines).
  @Test func theCommentMarkIsLearnedAndTheLineKeepsItsLayout() throws {
    let (entries, statistics, layout) = Self.read(Self.blockComment)
    #expect(layout == .idevicesyslog)
    let record = try #require(entries.first)
    #expect(entries.count == 1 && record.line == 6)
    #expect(record.process == "nsurlsessiond" && record.pid == 101 && record.level == "Error")
    #expect(record.timestamp?.secondsOfDay == 63454)  // 17:37:34
    #expect(record.message.hasPrefix("Error linking upload file:") && record.message.hasSuffix("(Cocoa error 257.)\""))
    // The comment's end `*/` is no part of the record.
    #expect(statistics.continuationLines == 0)
    #expect(statistics.unknownLines == 5)
  }

  /// DERIVED (the line above twice, with a continuation line and an empty comment line between): the mark is
  /// dropped from every line that has it; a line indented past it stays a continuation line.
  @Test func theCommentMarkIsDroppedFromEveryLine() {
    let text =
      "     *  " + Self.bryPhoneLine + "\n     *      (continued)\n     *\n"
      + "     *  " + Self.bryPhoneLine.replacingOccurrences(of: "17:37:34", with: "17:37:38") + "\n     */\n"
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .idevicesyslog)
    #expect(entries.map(\.line) == [1, 4])
    #expect(entries.map { $0.timestamp?.secondsOfDay } == [63454, 63458])
    #expect(entries[0].message.contains("\n    (continued)"))
    #expect(entries.allSatisfy { !$0.message.contains("*") })
    #expect(statistics.unknownLines == 1)
  }

  /// A message that starts with `*` is not a mark: the Xcode line (flutter_background_geolocation #1205's header
  /// shape) is read as it stands, and ` * ` prose before no header teaches nothing.
  @Test func aStarInAMessageOrProseIsNoMark() {
    let text = """
      2021-09-28 12:09:11.299582-0300 Runner[397:8084] *** Terminating app due to uncaught exception
       * not a log line
      """
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .xcode)
    #expect(entries.count == 1)
    #expect(entries[0].message.hasPrefix("*** Terminating app"))
    #expect(entries[0].message.hasSuffix("\n * not a log line"))
    #expect(statistics.continuationLines == 1)
    #expect(PasteResidue.droppingBlockComment("*  " + Substring(Self.bryPhoneLine)) == nil)
  }

  /// The three pastes read the same line by line as text and as bytes (the byte path leaves these lines to the text
  /// path): #251's bold lines, the block comment, PR #185's time-only syslog.
  @Test(arguments: [flutterBackgroundFetch251, blockComment, TimeOnlySyslogTests.pr185])
  func readsTheSameAsTextAndAsBytes(text: String) {
    let (expected, expectedStatistics) = ConsoleByteHeaderTests.byString(text)
    let (actual, actualStatistics) = ConsoleByteHeaderTests.byBytes(text)
    #expect(expected.contains { $0.timestamp != nil && !$0.process.isEmpty })
    #expect(actual == expected)
    #expect(actualStatistics == expectedStatistics)
  }
}
