import BglogTestSupport
import Testing

@testable import BglogKit

/// Real pastes that do not follow one layout exactly (issue 12; sources in the fixtures' README):
/// each is read with its records and, where the paste has them, their times.
@Suite struct ConsoleTolerantReadingTests {
  static func read(_ name: String) throws -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ConsoleReading.read(try Fixtures.source("console/" + name))
  }

  @Test func consoleAppColumnsInTheUsersOrder() throws {
    let (entries, statistics, layout) = try Self.read("real-airsdk-514-console-app-column-order.log")
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0)
    // Lines 6–8 repeat lines 1–3 within the same millisecond (Console.app merging two copies).
    #expect(entries.count == 5)
    #expect(statistics.nearDuplicates == 3)
    #expect(entries.allSatisfy { $0.process == "APPNAME" && $0.library == "CFNetwork" && $0.level == "default" })
    #expect(entries[0].timestamp?.utcOffsetSeconds == -28_800)
    #expect(entries[0].timestamp?.timeOfDayText == "19:28:56.942606")
    #expect(entries[2].message == "Task <56A8509A-2889-4C3B-B5B0-667492FBA147>.<1> response ended")
  }

  @Test func indentedBSDSyslogKeepsItsContinuationLines() throws {
    let (entries, statistics, layout) = try Self.read("real-mixpanel-iphone-95-syslog-indented.log")
    #expect(layout == .idevicesyslog)
    #expect(statistics.unknownLines == 0)
    #expect(statistics.continuationLines == 3)
    #expect(entries.map(\.process) == ["backboardd", "backboardd", "backboardd"])
    #expect(entries.map(\.pid) == [31, 31, 31])
    #expect(entries.map(\.timestamp?.timeOfDayText) == ["04:51:52", "04:51:52", "04:51:53"])
    #expect(entries[0].lineCount == 4)
    #expect(entries[0].message.contains("permittedBackgroundDuration: 180.000000 reason: finishTask"))
    #expect(entries[1].message == "Forcing crash report of abiosapp[1101]...")
    #expect(entries[0].firstLine.hasPrefix("Dec 20 04:51:52 Lees-iPhone-5s"))
  }

  @Test func bsdSyslogStartingWithAWeekday() throws {
    let (entries, statistics, layout) = try Self.read("real-s21g-1859-syslog-weekday.log")
    #expect(layout == .idevicesyslog)
    #expect(statistics.unknownLines == 0)
    #expect(statistics.continuationLines == 3)
    #expect(entries.map(\.line) == [1, 2, 6, 7, 8, 9, 10])
    #expect(
      entries.map(\.process) == [
        "BT", "SpringBoard", "SpringBoard", "SpringBoard", "com.apple.launchd", "SpringBoard", "ReportCrash",
      ])
    #expect(entries.map(\.pid) == [4821, 1557, 1557, 1557, 1, 1557, 4830])
    #expect(entries.allSatisfy { $0.timestamp?.date == LogDate(year: nil, month: 11, day: 25) && $0.level == nil })
    #expect(entries.map(\.timestamp?.timeOfDayText) == ["11:30:01"] + Array(repeating: "11:30:02", count: 6))
    #expect(entries[1].message.hasPrefix("BT[4821] has active assertions beyond permitted time:\n{(\nidentifier:"))
    // The whole `{( … )}` assertion set (continuation lines 3–5) belongs to the SpringBoard record.
    #expect(entries[1].lineCount == 4)
    #expect(
      entries[1].message.contains("identifier: Suspending process: BT[4821] permittedBackgroundDuration: 10.000000"))
    #expect(entries[1].message.hasSuffix("preventThrottleDownUI\n)}"))
    #expect(entries[2].message == "Forcing crash report of BT[4821]...")
  }

  @Test func aWeekdayAloneIsNotASyslogHeader() {
    // Made up: a weekday that is not followed by a month, or a month read as a weekday, stay unread.
    let (entries, _) = ConsoleLogParser.entries(
      in: SourceText(text: "Thu 25 11:30:02 phone App[1] : a\nThuNov 25 11:30:02 phone App[1] : b\n"))
    #expect(entries.allSatisfy { $0.timestamp == nil })
  }

  @Test func bsdSyslogWithoutALevel() throws {
    let (entries, statistics, layout) = try Self.read("real-cordova-background-fetch-14-bsd-syslog.log")
    #expect(layout == .idevicesyslog)
    #expect(statistics.unknownLines == 0)
    #expect(entries.map(\.process) == ["Mailswipe", "Mailswipe", "Mailswipe", "assertiond"])
    #expect(entries.map(\.pid) == [725, 725, 725, 63])
    #expect(entries.allSatisfy { $0.level == nil })
    #expect(entries[3].timestamp?.date == LogDate(year: nil, month: 3, day: 3))
    #expect(entries[3].message.hasPrefix("Forcing crash report of <BKNewProcess: 0x1556386d0; co.teammate.mailswipe"))
  }

  @Test func idevicesyslogWithoutADeviceName() throws {
    let (entries, statistics, layout) = try Self.read("real-signal-4220-idevicesyslog-no-device.log")
    #expect(layout == .idevicesyslog)
    #expect(statistics.unknownLines == 0)
    #expect(statistics.continuationLines == 0)
    #expect(entries.count == 8)
    #expect(entries.map(\.pid) == [12841, 12841, 28, 12841, 12841, 12841, 12841, 12841])
    #expect(entries[0].process == "SignalShareExtension")
    #expect(entries[0].library == "RunningBoardServices")
    #expect(entries[0].level == "Notice")
    #expect(entries[0].message == "Sending handshake request attempt #1 to server")
    #expect(entries[2].process == "runningboardd")
    #expect(entries[5].library == "PlugInKit")
    #expect(entries.allSatisfy { $0.timestamp?.date == LogDate(year: nil, month: 8, day: 2) })
    #expect(entries.allSatisfy { $0.timestamp?.timeOfDayText == "14:36:36" })
  }

  @Test func consoleAppCopyWhoseTabsBecameSpaces() throws {
    let (entries, statistics, layout) = try Self.read("real-instabug-305-console-app-spaces.log")
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0)
    #expect(statistics.continuationLines == 1)
    #expect(entries.count == 1)
    let entry = try #require(entries.first)
    #expect(entry.process == "assertiond")
    #expect(entry.level == "default")
    #expect(entry.library == nil)
    #expect(entry.timestamp?.date == LogDate(year: 2019, month: 1, day: 8))
    #expect(entry.timestamp?.timeOfDayText == "13:26:14.087889")
    #expect(entry.timestamp?.utcOffsetSeconds == 28_800)
    #expect(entry.lineCount == 2)
    #expect(entry.message.hasPrefix("[OurApp:24424] Forcing crash report with description: OurApp:24424 has"))
    #expect(entry.message.contains("\n<BKProcessAssertion: 0x10473d0c0; \"Shared Background Assertion 446"))
  }

  @Test func consoleAppCopyWithAUTCOffsetInSeconds() throws {
    let (entries, statistics, layout) = try Self.read("real-rnbgfetch-107-console-app-seconds-offset.log")
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0)
    // The `{ … }` lines, the debugserver message and the blank lines between records join their record.
    #expect(statistics.continuationLines == 10)
    #expect(entries.map(\.line) == [1, 9, 11, 13])
    #expect(entries.allSatisfy { $0.timestamp?.utcOffsetSeconds == 5 * 3600 + 21 * 60 + 10 && $0.level == "default" })
    #expect(entries.map(\.timestamp?.timeOfDayText) == ["19:04:19", "20:04:19", "19:04:19", "19:04:36"])
    #expect(entries[0].process == "app")
    #expect(entries[0].lineCount == 8)
    #expect(entries[0].message.hasPrefix("[TSBackgroundFetch configure]: {\n\t    enableHeadless = 1;"))
    #expect(entries[2].message == "[TSBackgroundFetch start]\n")
    // No message column: debugserver's process name ends in a line feed, the message is the next line.
    #expect(entries[3].process == "com.apple.debugserver-@(#)PROGRAM:debugserver  PROJECT:debugserver-340.3.124")
    #expect(entries[3].message == "\n\t\t About to launch process for bundle ID: com.apple.springboard")
  }

  @Test func consoleAppCopyWithAUTCOffsetInSecondsAfterANote() throws {
    let (entries, statistics, layout) = try Self.read("real-rnbgfetch-107-console-app-seconds-offset-note.log")
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0)
    // The author's note before the first record is a record of its own, without a time.
    #expect(entries[0].timestamp == nil)
    #expect(entries[0].message == "// --- SIMULATED BACKGROUND FETCH HERE")
    #expect(entries.dropFirst().allSatisfy { $0.timestamp?.utcOffsetSeconds == 19_270 })
    #expect(
      entries.map(\.process) == [
        "", "com.apple.debugserver-@(#)PROGRAM:debugserver  PROJECT:debugserver-340.3.124", "SpringBoard",
        "SpringBoard",
        "debugserver", "Unknown", "debugserver", "Unknown", "debugserver",
      ])
    #expect(entries[1].message == "\n\t\t About to launch process for bundle ID: com.<my bundle>\n")
    #expect(entries[2].message == "SecTrustEvaluate  [leaf IssuerCommonName SubjectCommonName]\n")
    // Lines 17 and 19 repeat lines 9 and 11 (with the blank line after them) to the second after the
    // clock went back (line 15 is at 19:24:22, the lines around it at 20:24:22): copies, as for any
    // stream pasted twice. Line 21, the last, has no blank line after it: another message.
    #expect(statistics.duplicates == 2)
    #expect(entries.map(\.line) == [1, 2, 5, 7, 9, 11, 13, 15, 21])
  }

  @Test func logShowInfoWithItsPreambleAndColumnRow() throws {
    let (entries, statistics, layout) = try Self.read("real-vmnet-broker-log-show-info-preamble.log")
    #expect(layout == .logShow)
    // `Filtering the log data …`, `Skipping debug messages, pass --debug to include.` and the row of
    // column names are the tool's own lines.
    #expect(statistics.unknownLines == 3)
    #expect(entries.map(\.line) == [4, 5, 6, 7, 8, 9])
    #expect(entries.map(\.level) == ["Info", "Info", "Info", "Info", "Info", "Default"])
    #expect(entries.map(\.pid) == [6103, 6125, 6143, 6144, 6160, 6161])
    #expect(entries.allSatisfy { $0.process == "logger" && $0.timestamp?.utcOffsetSeconds == 7200 })
    #expect(entries[5].message == "vmnet-broker: Install completed")
  }

  @Test func logStreamWithTheSenderWrappedOntoTheNextLine() throws {
    let (entries, statistics, layout) = try Self.read("real-roc-vad-log-stream-wrapped-sender.log")
    #expect(layout == .logShow)
    #expect(statistics.unknownLines == 2)
    #expect(statistics.continuationLines == 2)
    #expect(entries.count == 3)
    for entry in entries.prefix(2) {
      #expect(entry.process == "com.apple.audio.Core-Audio-Driver-Service")
      #expect(entry.pid == 11980)
      #expect(entry.library == "roc_vad")
      #expect(entry.level == "Default")
      #expect(entry.lineCount == 2)
    }
    #expect(entries.map(\.message) == ["[DD] received ping command", "[DD] received get_info command", "..."])
    #expect(entries[1].timestamp?.timeOfDayText == "03:31:54.897686")
    // `...` (records left out) is the author's note: a record of its own without a time.
    #expect(entries[2].timestamp == nil && entries[2].process.isEmpty)
  }

  @Test func authorNotesBetweenRecordsAreRecordsOfTheirOwn() throws {
    let (entries, statistics, layout) = try Self.read("real-flutter-68558-console-app-author-notes.log")
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0)
    #expect(statistics.continuationLines == 2)  // the blank lines
    #expect(entries.map(\.line) == [1, 2, 4, 5, 7, 8, 9])
    #expect(entries.map { $0.timestamp == nil } == [true, false, true, false, true, false, false])
    #expect(entries[2].message == "// The new process generally finished launching, has pid 1462")
    // The record before a note keeps its own message (and the blank line after it).
    #expect(
      entries[1].message
        == "[FBSystemService][0x7f7e] Received request to open \"com.example.helloFlutter\" from debugserver:1461.\n")
    #expect(entries[3].message.hasSuffix("visibility: Foreground>\n"))
  }

  @Test(arguments: ["...", "…", "... ", "// note", "......"])
  func authorNoteShapes(note: String) {
    let (entries, statistics) = ConsoleLogParser.entries(
      in: SourceText(text: "18:05:17    assertiond  one\n\(note)\n18:05:18    assertiond  two\n"))
    #expect(entries.map(\.message) == ["one", note, "two"])
    #expect(statistics.continuationLines == 0)
  }

  @Test func linesAfterANoteContinueIt() {
    // Made up: a note over two lines between records of a byte-level layout and of the `String` path.
    for first in ["18:05:17    assertiond  one", "default\t18:05:17.000000-0700\tassertiond\tone"] {
      let (entries, statistics) = ConsoleLogParser.entries(in: SourceText(text: first + "\n// note\nmore\n"))
      #expect(entries.map(\.message) == ["one", "// note\nmore"])
      #expect(statistics.continuationLines == 1)
      #expect(statistics.unknownLines == 0)
    }
  }

  @Test(arguments: ["..", "...x", "//x", "/ / y", ". . ."])
  func otherLinesStillContinueTheirRecord(line: String) {
    let (entries, statistics) = ConsoleLogParser.entries(
      in: SourceText(text: "18:05:17    assertiond  one\n\(line)\n18:05:18    assertiond  two\n"))
    #expect(entries.map(\.message) == ["one\n" + line, "two"])
    #expect(statistics.continuationLines == 1)
  }

  @Test func linesWithoutAHeaderAreUntimedRecordsInFileOrder() throws {
    let (entries, statistics, layout) = try Self.read("real-flutter-bg-geolocation-1021-xcode-no-metadata.log")
    #expect(layout == nil)
    #expect(statistics.unknownLines == 0)
    #expect(entries.count == 4)
    #expect(entries.map(\.line) == [1, 2, 3, 4])
    #expect(entries.allSatisfy { $0.timestamp == nil && $0.clock == nil && $0.process.isEmpty })
    #expect(entries[3].message.hasPrefix("[BackgroundTask] Background Task 37 (\"Called by Runner"))
  }

  @Test func aMessageCopiedAloneIsRead() throws {
    let (entries, statistics, _) = try Self.read("real-walletconnect-784-message-only-wrapped.log")
    #expect(statistics.unknownLines == 0)
    // Without a header nothing tells a wrapped line from a new message: each line is its own record.
    #expect(entries.count == 3)
    #expect(entries[0].message.hasSuffix("was created over 30 seconds ago."))
  }

  @Test func hardWrappedXcodeLinesJoinTheirRecord() throws {
    let (entries, statistics, layout) = try Self.read("real-wordpress-21254-xcode-hard-wrapped.log")
    #expect(layout == .xcode)
    #expect(entries.count == 1)
    #expect(statistics.continuationLines == 4)
    #expect(entries[0].lineCount == 5)
    #expect(entries[0].message.hasPrefix("[BackgroundTask] Background task still not \nended after expiration"))
    #expect(entries[0].message.hasSuffix("Call UIApplication.endBackgroundTask(_:) to avoid this."))
  }

  @Test func consoleAppColumnsInEitherOrderInOneFile() {
    // Made up in the shapes of the real copies above: the usual order, then the user's order.
    let (entries, statistics) = ConsoleLogParser.entries(
      in: SourceText(
        text: "default\t19:28:56.000000-0800\tDemo\tone\nCFNetwork\tdefault\t19:28:57.000000 -0800\tDemo\ttwo\n"))
    #expect(entries.map(\.message) == ["one", "two"])
    #expect(entries.map(\.library) == [nil, "CFNetwork"])
    #expect(statistics.continuationLines == 0)
  }

  @Test func aForcedLayoutReadsNoOtherForm() {
    var parser = ConsoleLogParser(layout: .xcode)
    var entries: [LogEntry] = []
    for line in SourceText(text: "    Mar  3 10:11:25 phone Demo[725]: - hello\n").lines {
      parser.consume(line) { entries.append($0) }
    }
    if let entry = parser.finish() { entries.append(entry) }
    #expect(entries.isEmpty)
    #expect(parser.statistics.unknownLines == 1)
  }

  @Test(arguments: [
    "Timestamp                       (process)[PID]", "Filtering the log data using \"process == 1\"",
  ])
  func aToolsOwnNotesStayUnknown(line: String) {
    let (entries, statistics) = ConsoleLogParser.entries(in: SourceText(text: line + "\n"))
    #expect(entries.isEmpty)
    #expect(statistics.unknownLines == 1)
  }
}
