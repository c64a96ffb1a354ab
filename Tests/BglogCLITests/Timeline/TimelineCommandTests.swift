import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `bglog timeline` end to end, in process: help, filters, markers, stdin, exit codes.
@Suite struct TimelineCommandTests {
  static let seed = Fixtures.url("console/seed000-background-download.log").path
  static let rateLimiter = Fixtures.url("console/synthetic-rate-limiter.log").path

  @Test func helpListsLayoutsChartAndExitCodes() {
    let result = runBglog(["timeline", "--help"])
    #expect(result.status == .success)
    #expect(result.out.contains("USAGE: bglog timeline [options] <log>"))
    #expect(result.out.contains("--chart"))
    #expect(result.out.contains("log-show-json"))
    #expect(result.out.contains("log-show-syslog"))
    #expect(result.out.contains("EXIT CODES:"))
  }

  @Test func appFilterWithNoMatchNotesItOnStderr() {
    let result = runBglog(["timeline", "--app", "com.example.absent", Self.seed])
    #expect(result.status == .success)
    #expect(result.out.contains("No app background activity recognised."))
    #expect(result.err.contains("no events for app 'com.example.absent'"))
    #expect(result.err.contains("(25 lines read)"))
  }

  @Test func appFilterByProcessNameKeepsThatApp() {
    let result = runBglog(["timeline", "--app", "backgrounddemo", Self.seed])
    #expect(result.status == .success)
    #expect(result.out.contains("== com.mycompany.backgrounddemo (BackgroundDemo)"))
    #expect(result.err.isEmpty)
  }

  @Test(arguments: ["no-equals", "=empty name", "bad=(unclosed"])
  func invalidMarkIsAUsageError(mark: String) {
    let result = runBglog(["timeline", "--mark", mark, Self.seed])
    #expect(result.status == .usage)
    #expect(result.err.contains("invalid --mark '\(mark)'"))
    #expect(result.out.isEmpty)
  }

  @Test func readsStandardInput() throws {
    let text = try String(contentsOfFile: Self.seed, encoding: .utf8)
    let result = runBglog(["timeline", "--format", "json", "-"], stdin: text)
    #expect(result.status == .success)
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    #expect(object?["layout"] as? String == "time-process-message")
    let apps = object?["apps"] as? [[String: Any]]
    #expect(apps?.first?["app"] as? String == "com.mycompany.backgrounddemo")
  }

  /// Text in no known layout is read and counted, but no command reads it: an input error (issue 16 item 6).
  @Test func textThatIsNotALogCountsUnknownLinesAndIsAnInputError() {
    let result = runBglog(["timeline", "-"], stdin: "hello\nworld\n\nnot a log\n")
    #expect(result.status == .inputError)
    // Lines without a header are untimed records in file order (the empty line joins the one before).
    #expect(
      result.out.hasPrefix(
        "Read 4 lines as no known layout: 3 records (lines without a header kept as messages alone), "
          + "1 continuation line, 0 unknown"))
    #expect(result.err.contains("<stdin>: not a console log: no line in a layout bglog knows"))
  }

  /// Session-7 review, defect 4: a record that names a process (Xcode's `Name[pid:tid] message` without its
  /// time, WordPress-iOS #4454) is a console line: the summary's reading and the outcome agree (exit 0 with
  /// the no-events note), in a file as on standard input.
  @Test func aRecordNamingAProcessIsAConsoleLogWithoutEvents() throws {
    let text = "```\nWordPress[680:653930] Warning: something else entirely.```\n```\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-named-process-\(UUID()).log")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = runBglog(["timeline", url.path])
    #expect(result.status == .success)
    #expect(result.err.contains("a console log with no app background events (3 lines read)"))
  }

  /// JSON that opens like `log show --style json` but holds no log record: the error names it as such, and
  /// no longer says "no line in a layout" under a summary that names the json layout.
  @Test func jsonWithoutLogRecordsIsAnInputErrorNamingIt() {
    let json = "{\n  \"value\": [\n    {\n      \"level\": \"ALL\",\n      \"message\": \"Heartbeat\"\n    }\n  ]\n}\n"
    let result = runBglog(["timeline", "-"], stdin: json)
    #expect(result.status == .inputError)
    #expect(result.err.contains("<stdin>: not a console log: JSON whose objects are not log records"))
  }

  @Test func messageOnlyUIKitWarningIsReadWithANamedHeading() {
    let path = Fixtures.url("console/real-alamofire-804-message-only-completion-warning.log").path
    let result = runBglog(["timeline", path])
    #expect(result.status == .success)
    #expect(result.out.contains("\n== (app not named in the log)\n"))
    #expect(result.out.contains("completion-handler-warning"))
    #expect(result.out.contains("[medium] background-session-completion-not-called"))
  }

  /// The kernel's EXC_RESOURCE memory-limit line pasted alone (talk-ios #1223) was refused as text no
  /// command reads; it is a kill now.
  @Test func excResourceLinePastedAloneIsATimeline() {
    let path = Fixtures.url("console/real-talk-ios-1223-message-only-exc-resource.log").path
    let result = runBglog(["timeline", path])
    #expect(result.status == .success)
    #expect(result.out.contains("\n== NotificationServiceExtension\n"))
    #expect(result.out.contains("killed for exceeding its memory limit (EXC_RESOURCE): ActiveHard 24 MB (fatal)"))
  }

  @Test func markerOnAHeaderlessLineGoesToTheUnnamedApp() {
    let result = runBglog(["timeline", "--mark", "sync=sync done", "-"], stdin: "sync done\n")
    #expect(result.status == .success)
    #expect(result.out.contains("\n== (app not named in the log)\n"))
    #expect(!result.out.contains("\n== \n"))
  }

  @Test func missingFileIsAnInputError() {
    let result = runBglog(["timeline", "/nonexistent/console.log"])
    #expect(result.status == .inputError)
    #expect(result.err.contains("/nonexistent/console.log"))
  }

  @Test(arguments: ["text", "json"])
  func oneThreadGivesTheSameOutputAsTheReaderThread(format: String) {
    for log in [Self.seed, Self.rateLimiter] {
      let marks = ["--mark", "added=hello 添加下载任务", "--format", format]
      let pipelined = runBglog(["timeline"] + marks + [log])
      let single = runBglog(["timeline", "--jobs", "1"] + marks + [log])
      #expect(pipelined.status == .success)
      #expect(single.status == pipelined.status)
      #expect(!single.out.isEmpty)
      #expect(single.out == pipelined.out)
      #expect(single.err == pipelined.err)
    }
  }

  @Test func jobsOutOfRangeIsAUsageErrorNotAnInputError() {
    let result = runBglog(["timeline", "--jobs", "0", Self.seed])
    #expect(result.status == .usage)
    #expect(result.err.contains("--jobs takes a number of threads"))
  }

  @Test func twoLogsIsAUsageError() {
    let result = runBglog(["timeline", Self.seed, Self.rateLimiter])
    #expect(result.status == .usage)
    #expect(result.err.contains("one log at a time (got 2)"))
  }

  @Test func unknownInputFormatListsTheLayouts() {
    let result = runBglog(["timeline", "--input-format", "csv", Self.seed])
    #expect(result.status == .usage)
    #expect(result.err.contains("log-show-json"))
  }

  @Test func forcedLayoutThatDoesNotFitReadsNothing() {
    let result = runBglog(["timeline", "--input-format", "idevicesyslog", Self.seed])
    #expect(result.status == .success)
    #expect(result.out.contains("0 records"))
    #expect(result.out.contains("24 unknown") || result.out.contains("25 unknown"))
  }

  @Test func chartFlagAddsLanes() {
    let result = runBglog(
      ["timeline", "--chart", "--mark", "added=hello 添加下载任务", Self.rateLimiter])
    #expect(result.status == .success)
    #expect(result.out.contains("Chart: 1 column = 30 s"))
    #expect(result.out.contains("wakeups "))
    let plain = runBglog(["timeline", Self.rateLimiter])
    #expect(!plain.out.contains("Chart:"))
  }
}

/// Issue 17 item 1: a line whose day is out of range must not stop `timeline` or `check`, and the
/// other files of a `check` run still get their results.
@Suite struct OutOfRangeDateTests {
  static let lines = [
    "Nov 9223372036854775807 12:24:57 iPhone SpringBoard[55] <Notice>: hello\n",
    "Nov \(String(repeating: "9", count: 400)) 12:24:57 iPhone SpringBoard[55] <Notice>: hello\n",
  ]

  @Test(arguments: lines)
  func timelineReadsTheLineWithoutItsHeader(line: String) throws {
    // No trap: the line is read as an untimed record; with no event in no known layout, no command
    // reads the input, which is an input error (issue 16 item 6), not a crash.
    let result = runBglog(["timeline", "--format", "json", "-"], stdin: line)
    #expect(result.status == .inputError)
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    #expect(object?["layout"] == nil)
    let text = runBglog(["timeline", "-"], stdin: line)
    #expect(
      text.out.hasPrefix(
        "Read 1 line as no known layout: 1 record (lines without a header kept as messages alone), "
          + "0 continuation lines, 0 unknown"))
  }

  @Test func checkGivesTheOtherFilesTheirResults() throws {
    Golden.useRelativePaths()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-day-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let hostile = directory.appendingPathComponent("a-hostile.log")
    try Self.lines.joined().write(to: hostile, atomically: true, encoding: .utf8)
    let result = runBglog([
      "check", "--no-config", "--format", "ndjson", hostile.path, "Samples/background-download-timeline/console.log",
    ])
    #expect(result.status == .policyFailure)
    #expect(result.out.contains("\"kind\":\"background-session-completion-not-called\""))
  }
}
