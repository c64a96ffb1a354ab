import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// Issue 16 items 3–5: text fitted to the terminal, colour in `timeline`, and `--follow` on streams
/// with several apps. Inputs are the project's real and synthetic console fixtures.
@Suite struct TimelineTerminalTests {
  static let seed000 = Fixtures.url("console/seed000-background-download.log").path
  static let rateLimiter = Fixtures.url("console/synthetic-rate-limiter.log").path

  /// `text` without the colour codes bglog writes.
  static func plain<S: StringProtocol>(_ text: S) -> String {
    String(text).replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  /// Columns of a line, escape codes left out. A line that is one word (an identifier longer than the
  /// width, such as `application(_:handleEventsForBackgroundURLSession:completionHandler:)`) is not
  /// broken and counts as fitting.
  static func columns(_ line: Substring) -> Int {
    let text = plain(line)
    return text.trimmingCharacters(in: .whitespaces).contains(" ") ? text.count : 0
  }

  // MARK: - Width (item 3)

  @Test func timelineOnATerminalFitsItsWidth() throws {
    let piped = runBglog(["timeline", Self.seed000])
    // Piped, rows run long (the forced crash report's detail is over 200 columns).
    #expect(piped.out.split(separator: "\n").contains { Self.columns($0) > 150 })
    let result = runBglog(["timeline", Self.seed000], environment: ["COLUMNS": "80"], terminal: true)
    #expect(result.status == .success)
    let lines = Self.plain(result.out).split(separator: "\n")
    #expect(lines.allSatisfy { Self.columns($0) <= 80 })
    // The table keeps its columns: every event row still starts with the time and the offset.
    #expect(lines.contains { $0.hasPrefix("TIME      +SEC  LANE           EVENT") })
    #expect(
      lines.contains { $0.hasPrefix("18:05:48   +31  assertiond     crashed                   pid 12636 · forced") })
    // Long details are cut with an ellipsis; the finding's prose is wrapped, not cut.
    #expect(lines.contains { $0.hasSuffix("…") })
    #expect(result.out.contains("handleEventsForBackgroundURLSession"))
    // The full text stays in JSON.
    let json = runBglog(["timeline", "--format", "json", Self.seed000], environment: ["COLUMNS": "80"], terminal: true)
    #expect(json.out.contains("\"com.apple.nsurlsessiond.handlesession com.mycompany.backgrounddemo.background1\""))
  }

  @Test func theTerminalsOwnWidthWinsOverColumnsAndWidthWinsOverBoth() {
    let captured = CapturedIO(environment: ["COLUMNS": "200"], terminal: true)
    var io = captured.io
    io.terminalColumns = 72
    _ = BglogCLI.run(arguments: ["timeline", Self.seed000], io: io)
    let lines = captured.out.split(separator: "\n")
    #expect(lines.allSatisfy { Self.columns($0) <= 72 })
    #expect(lines.contains { Self.columns($0) > 68 })
    // Narrower than the table's fixed columns: prose fits, the lane gives up its columns first and
    // the detail keeps sixteen.
    let narrow = runBglog(["timeline", "--width", "50", Self.seed000])
    #expect(
      narrow.out.split(separator: "\n").allSatisfy {
        Self.columns($0) <= 50 || $0.hasPrefix("18:") || $0.hasPrefix("TIME") || $0.hasSuffix("-not-called:")
      })
    #expect(narrow.out.contains("\n18:05:48   +31  asserti…  crashed                   pid 12636 · for…\n"))
    // Without COLUMNS a terminal is 80 wide.
    let plain = runBglog(["timeline", Self.seed000], terminal: true)
    #expect(plain.out.split(separator: "\n").allSatisfy { Self.columns($0) <= 80 })
    #expect(plain.out.split(separator: "\n").contains { Self.columns($0) > 76 })
  }

  @Test func pipedTextIsUnchangedAndWrittenFilesAreNotFitted() throws {
    let golden = try String(
      contentsOf: Fixtures.url("console/expected/synthetic-rate-limiter.timeline.txt"), encoding: .utf8)
    let piped = runBglog([
      "timeline", "--mark", "added=hello 添加下载任务", "--mark", "finished=hello 分片下载完成", Self.rateLimiter,
    ])
    #expect(piped.out == golden)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-width-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    let written = runBglog(
      ["timeline", "-o", output.path, Self.seed000], environment: ["COLUMNS": "60"], terminal: true)
    #expect(written.status == .success)
    let text = try String(contentsOf: output, encoding: .utf8)
    #expect(text == runBglog(["timeline", Self.seed000]).out)
    #expect(!text.contains("\u{1B}["))
  }

  @Test func widthIsCheckedLikeOtherNumbers() {
    for value in ["5", "wide", "0"] {
      let result = runBglog(["timeline", "--width", value, Self.seed000])
      #expect(result.status == .usage)
      #expect(result.err.contains("--width takes a number of columns from 20"))
    }
  }

  @Test func diagnoseProseFitsTheTerminal() {
    let report = Fixtures.url("crash/public-8badf00d-process-exit-background-keychain-xpc.crash").path
    let piped = runBglog(["diagnose", report])
    // Piped: prose at 100 columns, as before.
    #expect(piped.out.split(separator: "\n").contains { Self.columns($0) > 70 })
    let result = runBglog(["diagnose", report], environment: ["COLUMNS": "60"], terminal: true)
    let lines = result.out.split(separator: "\n").dropFirst()  // the heading is the path as given
    #expect(lines.allSatisfy { Self.columns($0) <= 60 })
    let wide = runBglog(["diagnose", "--width", "160", report])
    #expect(wide.out.split(separator: "\n").contains { Self.columns($0) > 100 })
  }

  // MARK: - Colour (item 4)

  @Test func timelineAcceptsColorLikeDiagnose() {
    let always = runBglog(["timeline", "--color", "always", Self.seed000])
    #expect(always.status == .success)
    #expect(always.out.contains("\u{1B}[31mcrashed\u{1B}[0m"))
    #expect(
      always.out.contains("\u{1B}[32m[high]\u{1B}[0m \u{1B}[1m\u{1B}[31mbackground-session-completion-not-called:"))
    #expect(always.out.contains("\u{1B}[36mrelaunched-in-background\u{1B}[0m"))
    // Colour never changes the text or the alignment.
    let stripped = Self.plain(always.out)
    #expect(stripped == runBglog(["timeline", Self.seed000]).out)
    let auto = runBglog(["timeline", Self.seed000], terminal: true)
    #expect(auto.out.contains("\u{1B}[31m"))
    #expect(!runBglog(["timeline", Self.seed000]).out.contains("\u{1B}"))
    #expect(
      !runBglog(["timeline", Self.seed000], environment: ["NO_COLOR": "1"], terminal: true).out.contains("\u{1B}"))
    #expect(!runBglog(["timeline", "--color", "never", Self.seed000], terminal: true).out.contains("\u{1B}"))
    #expect(runBglog(["timeline", "--color", "sometimes", Self.seed000]).status == .usage)
  }

  @Test func escapesFromTheLogStayNeutralisedWhenColouring() {
    // A real assertiond line of the seed with a title-setting escape pasted into the assertion name.
    let log =
      "18:05:48    assertiond  [BackgroundDemo:12636] Forcing crash report of <BSProcessHandle: 0x1; BackgroundDemo:12636;"
      + " valid: YES> ... assertions held beyond permitted time: ( \"<BKProcessAssertion: 0x2; \"x\u{1B}]0;owned\u{07}\"; id:"
      + " 40-1; reason: backgroundDownload; duration: 30s>\" )\n"
    let result = runBglog(["timeline", "--color", "always", "-"], stdin: log)
    #expect(result.out.contains("\u{1B}[31m"))
    #expect(!result.out.contains("\u{1B}]"))
    #expect(!result.out.contains("\u{07}"))
  }

  // MARK: - Follow (items 4, 5)

  @Test func followCountsFromTheCurrentWake() {
    let result = runBglog(
      ["timeline", "--follow", "-"], stdin: (try? String(contentsOfFile: Self.rateLimiter, encoding: .utf8)) ?? "")
    let lines = result.out.split(separator: "\n")
    let lastWake = lines.first { $0.hasPrefix("18:51:30") && $0.contains(" resumed ") }
    #expect(lastWake?.hasSuffix("background (woken) for 0 s]") == true)
    #expect(!result.out.contains("1290 s]"))
    // Three seconds into that wake.
    #expect(lines.contains { $0.hasPrefix("18:51:33") && $0.hasSuffix("background (woken) for 3 s]") })
    // One app (named by bundle id and by process name): lines do not name it when its state is unknown.
    #expect(lines.contains { $0.hasPrefix("18:51:30") && $0.hasSuffix("open requested by nsurlsessiond:94") })
  }

  @Test func followNamesTheAppOfEachEventWhenSeveralAppsShareTheStream() throws {
    // Two real Console.app excerpts in one stream, as idevicesyslog gives every app's lines.
    let stream =
      try String(contentsOf: Fixtures.url("console/real-flutterfire-5702-console-app-background.log"), encoding: .utf8)
      + String(contentsOf: Fixtures.url("console/real-immich-54-console-app-jetsam.log"), encoding: .utf8)
    let result = runBglog(["timeline", "--follow", "-"], stdin: stream)
    #expect(result.status == .success)
    let lines = result.out.split(separator: "\n")
    let killed = try #require(lines.first { $0.contains(" killed ") })
    #expect(killed.contains("[app.alextran.immich[8295]: killed]"))
    #expect(result.out.contains("▶ finding for app.alextran.immich [medium] jetsam:"))
    // The first app's events name it as well.
    #expect(lines.contains { $0.contains("assertion-acquired") && $0.contains("com.elsystm.elsystm[1957]") })
  }

  /// The live state says what the event's line says: symptomsd's `ForegroundRunning` (real fixture
  /// react-native-firebase #253) is "foreground", not "running"; ReportCrash's corpse report (the line of
  /// iMast #138, as `SessionSixReviewTests` quotes it) is "crashed", not "killed"; assertiond's forced crash
  /// report (seed 000) stays "killed", the system having forced it.
  @Test func followStatesSayForegroundAndCrashedAsTheLinesDo() throws {
    let foreground = runBglog(
      ["timeline", "--follow", "-"],
      stdin: try String(
        contentsOf: Fixtures.url("console/real-rnfirebase-253-idevicesyslog-foreground.log"), encoding: .utf8))
    let launched = try #require(foreground.out.split(separator: "\n").first { $0.contains(" launched ") })
    #expect(launched.hasSuffix("[dk.bitfabrikken.appname[488]: foreground]"))
    let corpse = runBglog(
      ["timeline", "--follow", "-"],
      stdin: "default\t19:43:58.249245 +0900\tReportCrash\tFormulating report for corpse[6113] iMastShare\n")
    let crashed = try #require(corpse.out.split(separator: "\n").first { $0.contains(" crashed ") })
    #expect(crashed.hasSuffix("[iMastShare[6113]: crashed]"))
    let forced = runBglog(
      ["timeline", "--follow", "-"], stdin: try String(contentsOfFile: Self.seed000, encoding: .utf8))
    #expect(forced.out.contains("[BackgroundDemo[12648]: killed]"))
    #expect(!forced.out.contains(": crashed]"))
  }

  @Test func followIsColouredAndFittedOnATerminal() throws {
    let text = try String(contentsOfFile: Self.seed000, encoding: .utf8)
    let result = runBglog(["timeline", "--follow", "-"], stdin: text, environment: ["COLUMNS": "70"], terminal: true)
    #expect(result.out.contains("\u{1B}[31mcrashed\u{1B}[0m"))
    #expect(result.out.split(separator: "\n").allSatisfy { Self.columns($0) <= 70 })
    let piped = runBglog(["timeline", "--follow", "-"], stdin: text)
    #expect(!piped.out.contains("\u{1B}"))
    #expect(piped.out.split(separator: "\n").contains { Self.columns($0) > 150 })
  }
}
