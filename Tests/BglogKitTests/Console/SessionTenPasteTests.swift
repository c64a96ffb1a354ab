import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Reader defects 2 and 5 of the session-10 fresh-eyes review of real pastes (`/work/review-inputs-s10/FINDINGS.md`):
/// a Markdown bold `**` opened before a syslog line and never closed, and the log file's line number before every
/// line. The real lines are quoted with their sources (licences not checked, so no fixtures); texts marked DERIVED
/// are real lines changed as they say.
@Suite struct SessionTenPasteTests {
  static func read(_ text: String) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ConsoleReading.read(text)
  }

  // MARK: Defect 5: a leading line-number column

  /// keybase/client PR #12270 (buoyad, 2018-06-08, description; the repository is BSD-3-Clause, not re-checked), as
  /// the review stored it: prose, a fenced NSLog excerpt with the log file's line number before every line, prose.
  static let keybase12270 = """
    This is to help debug crashes that @mlsteele sees on foregrounding the app. Here's how they look in the logs:

    ```
    42884 2018-06-08 10:21:15.453 Keybase[10914:3793552] applicationWillResignActive: cancelling outstanding animations...
    42885 2018-06-08 10:21:15.453 Keybase[10914:3793552] applicationWillResignActive: rendering keyz screen...
    49589 2018-06-08 10:21:27.848 Keybase[10914:3793552] applicationDidEnterBackground: cancelling outstanding animations...
    49590 2018-06-08 10:21:27.848 Keybase[10914:3793552] applicationDidEnterBackground: setting keyz screen alpha to 1.
    49848 2018-06-08 10:21:29.523 Keybase[10915:3793916] applicationDidBecomeActive: hiding keyz screen.
    49849 2018-06-08 10:21:29.524 Keybase[10915:3793916] hideCover: cancelling outstanding animations...
    49850 2018-06-08 10:21:29.524 Keybase[10915:3793916] applicationDidBecomeActive: notifying service.
    49851 2018-06-08 10:21:29.524 Keybase[10915:3793916] notifyAppState: notifying service with new appState: 0
    49857 2018-06-08 10:21:29.526 Keybase[10915:3793916] hideCover: hid keyz screen. Finished: 1
    ```

    r? @keybase/react-hackers

    """

  /// DERIVED: the same paste without the numbers (what the review's probe read as `xcode`, 10 records).
  static var keybase12270WithoutNumbers: String {
    keybase12270.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      PasteResidue.droppingLineNumber(line).map(String.init) ?? String(line)
    }.joined(separator: "\n")
  }

  /// Before: `no known layout: 11 records, 2 continuation, 2 unknown`, every NSLog line a message alone without a
  /// time; `bglog timeline` exited 2 ("no line in a layout bglog knows").
  @Test func theLineNumberColumnIsLearnedAndTheLinesKeepTheirLayout() throws {
    let (entries, statistics, layout) = Self.read(Self.keybase12270)
    #expect(layout == .xcode)
    #expect(entries.map(\.line) == [1, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    let records = Array(entries.dropFirst())
    #expect(records.allSatisfy { $0.process == "Keybase" && !$0.message.hasPrefix("4") })
    #expect(records.map(\.pid) == [10914, 10914, 10914, 10914, 10915, 10915, 10915, 10915, 10915])
    #expect(records[0].timestamp?.date == LogDate(year: 2018, month: 6, day: 8))
    #expect(records[0].timestamp.map { ($0.secondsOfDay * 1000).rounded() } == 37_275_453)  // 10:21:15.453
    #expect(records[4].timestamp.map { ($0.secondsOfDay * 1000).rounded() } == 37_289_523)  // 10:21:29.523
    #expect(records[4].message == "applicationDidBecomeActive: hiding keyz screen.")
    #expect(records[4].firstLine.hasPrefix("2018-06-08 10:21:29.523 Keybase[10915:3793916]"))
    #expect(statistics.unknownLines == 1 && statistics.continuationLines == 4)
    let (plainEntries, plainStatistics, plainLayout) = Self.read(Self.keybase12270WithoutNumbers)
    #expect(plainLayout == layout)
    #expect(plainEntries == entries)
    #expect(plainStatistics == statistics)
  }

  @Test func theNumberedPasteIsAConsoleLog() {
    let appearance = InputAppearance.of(bytes: Array(Self.keybase12270.utf8))
    #expect(appearance.kind == .consoleLog)
    #expect(appearance.consoleLayout == .xcode)
  }

  /// DERIVED (#12270's lines): the number goes from every line that has it, continuation lines included, and a
  /// line indented after it stays a continuation line; a line without a number is read as it stands.
  @Test func theNumberIsDroppedFromEveryLineThatHasIt() {
    let text = """
      42884 2018-06-08 10:21:15.453 Keybase[10914:3793552] applicationWillResignActive: cancelling outstanding animations...
      42885     (continued)
      2018-06-08 10:21:15.453 Keybase[10914:3793552] applicationWillResignActive: rendering keyz screen...
      49589 2018-06-08 10:21:27.848 Keybase[10914:3793552] applicationDidEnterBackground: cancelling outstanding animations...

      """
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .xcode)
    #expect(entries.map(\.line) == [1, 3, 4])
    #expect(entries[0].message == "applicationWillResignActive: cancelling outstanding animations...\n(continued)")
    #expect(entries.allSatisfy { !$0.message.contains("4288") && !$0.message.contains("4958") })
    #expect(statistics.continuationLines == 1 && statistics.unknownLines == 0)
  }

  /// The numbered paste reads the same line by line as text and as bytes (the byte path leaves numbered lines to the
  /// text path), the `HH:MM:SS  process  message` layout included (DERIVED: seed 000's lines behind numbers).
  @Test(arguments: [
    keybase12270,
    "12 18:05:17    assertiond  [BackgroundDemo:12636] Setting up BG permission check timer for 30s\n"
      + "13 18:05:43    assertiond  [BackgroundDemo:12636] Sending background permission expiration warning!\n"
      + "14     continued\n15 18:05:48    assertiond  [BackgroundDemo:12636] Finished crash reporting.\n",
  ])
  func numberedLinesReadTheSameAsTextAndAsBytes(text: String) {
    let (expected, expectedStatistics) = ConsoleByteHeaderTests.byString(text)
    let (actual, actualStatistics) = ConsoleByteHeaderTests.byBytes(text)
    #expect(expected.filter { $0.timestamp != nil && !$0.process.isEmpty }.count >= 3)
    #expect(expected.allSatisfy { !$0.message.hasPrefix("1") && !$0.message.hasPrefix("4") })
    #expect(actual == expected)
    #expect(actualStatistics == expectedStatistics)
  }

  /// `idevicesyslog`'s own numbering (`12   :Mar  3 …`, a digit run, blanks, then `:`) is read by its layout as
  /// before, never taken for a line-number column.
  @Test func idevicesyslogsNumberingIsNotALineNumber() throws {
    let line = "12   :Mar  3 09:00:01 my-phone assertiond[66] <Notice>: hi"
    #expect(PasteResidue.droppingLineNumber(Substring(line)) == nil)
    let (entries, _, layout) = Self.read(line + "\n" + line.replacingOccurrences(of: "09:00:01", with: "09:00:02"))
    #expect(layout == .idevicesyslog)
    #expect(entries.map(\.line) == [1, 2])
    #expect(entries.allSatisfy { $0.process == "assertiond" && $0.pid == 66 && $0.message == "hi" })
  }

  /// A number and text without a header after it is no mark: the line is read as before (a message alone, no
  /// layout); in a log whose layout is known, a numbered line continues the record before it.
  @Test func theColumnIsLearnedOnlyFromAHeaderBeforeAnyLayout() {
    let (prose, _, proseLayout) = Self.read("3 apps were killed at 10:21:29 today\n")
    #expect(proseLayout == nil)
    #expect(prose.map(\.message) == ["3 apps were killed at 10:21:29 today"])
    let header = "2018-06-08 10:21:15.453 Keybase[10914:3793552] applicationWillResignActive: rendering keyz screen..."
    let (entries, statistics, layout) = Self.read(header + "\n49589 " + header + "\n")
    #expect(layout == .xcode)
    #expect(entries.count == 1)
    #expect(statistics.continuationLines == 1)
  }

  /// Synthetic (no real Console.app copy with a number in its first column was found; built from the user-ordered
  /// columns `ConsoleColumnOrderTests` reads): a line that Console.app's columns read as it stands, a number and a
  /// tab first, is read by its columns as before (the number a library), never as a numbered line.
  @Test func consoleAppColumnsStartingWithANumberAreReadAsBefore() {
    let line = "123\tdefault\t15:56:31.160651 +0900\tbackboardd\tmessage here"
    let (entries, _, layout) = Self.read(line + "\n")
    #expect(layout == .consoleApp)
    #expect(entries.first?.process == "backboardd")
    #expect(entries.first?.library == "123")
  }

  @Test func theColumnShapeIsReadOnItsBytes() {
    #expect(PasteResidue.droppingLineNumber("42884 2018-06-08") == "2018-06-08")
    #expect(PasteResidue.droppingLineNumber("7\t\tx") == "x")
    #expect(PasteResidue.droppingLineNumber("42884 ") == "")
    #expect(PasteResidue.droppingLineNumber("42884") == nil)
    #expect(PasteResidue.droppingLineNumber("42884:2018-06-08") == nil)
    #expect(PasteResidue.droppingLineNumber("1234567890 x") == nil)
    #expect(PasteResidue.droppingLineNumber(" 42884 x") == nil)
    #expect(PasteResidue.droppingLineNumber("2018-06-08 10:21:15.453") == nil)
  }

  // MARK: Defect 2: a bold `**` opened before a line and not closed on it

  /// syedhali/EZAudio #245 (marekkaluzny, 2015-11-24, description; licence not checked), as the review stored it: an
  /// iOS 9 device syslog whose fifth line opens a bold never closed in the excerpt; the excerpt ends mid-line.
  static let ezaudio245 = """
    Logs from device
    Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: Unable to get short BSD proc info for 1467: No such process
    Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: Unable to get short BSD proc info for 1467: No such process
    Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: Unable to get short BSD proc info for 1467: No such process
    **Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: Application 'UIKitApplication:com.evolve.DigitalDictation[0xf61]' was killed by jetsam.
    Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: Memory level is not normal or this app was killed by jetsam. Pending auto-relaunch of '<FBApplicationProcess

    """

  /// Before: `idevicesyslog: 5 records, 1 continuation line`: the bold line was part of the message of the record
  /// before it, its time and sender lost.
  @Test func theBoldOpenedLineIsARecordWithItsHeader() throws {
    let (entries, statistics, layout) = Self.read(Self.ezaudio245)
    #expect(layout == .idevicesyslog)
    #expect(entries.map(\.line) == [1, 2, 3, 4, 5, 6])
    #expect(statistics.continuationLines == 0 && statistics.unknownLines == 0)
    let bold = entries[4]
    #expect(bold.process == "SpringBoard" && bold.pid == 1119 && bold.level == "Warning")
    #expect(bold.timestamp?.secondsOfDay == 28098)  // 07:48:18
    #expect(bold.timestamp?.date == LogDate(year: nil, month: 11, day: 24))
    #expect(
      bold.message == "Application 'UIKitApplication:com.evolve.DigitalDictation[0xf61]' was killed by jetsam.")
    #expect(entries[3].message == "Unable to get short BSD proc info for 1467: No such process")
    // The same as the review's probe without the `**` (6 records).
    let (plain, plainStatistics, plainLayout) = Self.read(
      Self.ezaudio245.replacingOccurrences(of: "**Nov", with: "Nov"))
    #expect(plainLayout == layout && plainStatistics == statistics)
    #expect(plain.map(\.message) == entries.map(\.message))
    #expect(plain.map(\.timestamp) == entries.map(\.timestamp))
  }

  /// DERIVED (#245's line first): a bold opened on the first record's line finds the layout.
  @Test func aBoldOpenedFirstLineFindsTheLayout() throws {
    let text = Self.ezaudio245.split(separator: "\n").dropFirst(4).joined(separator: "\n")
    let (entries, _, layout) = Self.read(text)
    #expect(layout == .idevicesyslog)
    #expect(entries.map(\.line) == [1, 2])
    #expect(entries.allSatisfy { $0.process == "SpringBoard" && $0.pid == 1119 && !$0.message.contains("**") })
  }

  /// Only `**` then the header, and only where the line has no header as it stands: a bold opened before prose stays
  /// as written (a message alone, its `**` kept), as does `** ` with a blank after it; a bold closed mid-line keeps
  /// its closing `**` in the message.
  @Test func otherBoldsAreReadAsBefore() {
    let (prose, _, proseLayout) = Self.read("**Debug logs\n")
    #expect(proseLayout == nil && prose.map(\.message) == ["**Debug logs"])
    let line = "Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: Application was killed by jetsam."
    let (spaced, _, spacedLayout) = Self.read("** " + line + "\n")
    #expect(spacedLayout == nil && spaced.first?.timestamp == nil)
    let (closed, _, _) = Self.read(
      "**Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: Application** was killed\n")
    #expect(closed.first?.process == "SpringBoard")
    #expect(closed.first?.timestamp?.secondsOfDay == 28098)
    #expect(closed.first?.message == "Application** was killed")
    #expect(PasteResidue.droppingBoldOpening("**Nov 24") == "Nov 24")
    #expect(PasteResidue.droppingBoldOpening("** Nov 24") == nil)
    #expect(PasteResidue.droppingBoldOpening("***Nov 24") == nil)
    #expect(PasteResidue.droppingBoldOpening("**") == nil)
    #expect(PasteResidue.droppingBoldOpening("*Nov 24") == nil)
  }

  @Test func theBoldPasteReadsTheSameAsTextAndAsBytes() {
    let (expected, expectedStatistics) = ConsoleByteHeaderTests.byString(Self.ezaudio245)
    let (actual, actualStatistics) = ConsoleByteHeaderTests.byBytes(Self.ezaudio245)
    #expect(expected.count == 6)
    #expect(actual == expected)
    #expect(actualStatistics == expectedStatistics)
  }
}
