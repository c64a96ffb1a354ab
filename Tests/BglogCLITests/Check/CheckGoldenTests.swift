import BglogCLI
import BglogRendering
import BglogTestSupport
import Foundation
import Testing

/// Drives `bglog check` in-process over the fixture folders and compares every format, the exit codes
/// and standard error with golden files in Tests/Fixtures/check/expected (`BGLOG_RECORD=1` rewrites them).
@Suite(.serialized) struct CheckGoldenTests {
  /// Crash reports, .ips/MetricKit/KSCrash files (with their README, skipped) and two console logs.
  static let mixedInputs = [
    "Tests/Fixtures/crash", "Tests/Fixtures/ips", "Tests/Fixtures/console/seed000-background-download.log",
    "Tests/Fixtures/console/synthetic-rate-limiter.log",
  ]

  static func golden(_ name: String) -> URL { Fixtures.url("check/expected/" + name) }

  static func fileName(_ format: CheckFormat) -> String {
    switch format {
    case .text: "mixed.txt"
    case .github: "mixed.github.txt"
    case .sarif: "mixed.sarif.json"
    case .junit: "mixed.junit.xml"
    case .markdown: "mixed.md"
    case .json: "mixed.json"
    case .ndjson: "mixed.ndjson"
    }
  }

  @Test(arguments: CheckFormat.allCases)
  func mixedFolderMatchesGoldenInEveryFormat(format: CheckFormat) {
    Golden.useRelativePaths()
    let result = runBglog(["check", "--no-config", "--format", format.rawValue] + Self.mixedInputs)
    #expect(result.status == .policyFailure)
    #expect(result.err.isEmpty)
    Golden.assertMatches(result.out, file: Self.golden(Self.fileName(format)))
  }

  /// `--width` fits the text: prose wrapped, a long group line split with its signature cut before the
  /// fingerprint, which stays whole. Only a single unbreakable word (a long path) may pass the width.
  @Test func textFittedToAWidthMatchesGoldenAndKeepsEveryFingerprint() {
    Golden.useRelativePaths()
    let fitted = runBglog(["check", "--no-config", "--width", "60"] + Self.mixedInputs)
    let whole = runBglog(["check", "--no-config"] + Self.mixedInputs)
    #expect(fitted.status == .policyFailure)
    Golden.assertMatches(fitted.out, file: Self.golden("mixed.width60.txt"))
    for line in fitted.out.split(separator: "\n") where line.count > 60 {
      #expect(line.trimmingCharacters(in: .whitespaces).split(separator: " ").count <= 2, "\(line)")
    }
    let fingerprints = { (text: String) in
      text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("#") && $0.count == 17 }
    }
    #expect(fingerprints(fitted.out) == fingerprints(whole.out))
    #expect(!fingerprints(whole.out).isEmpty)
  }

  /// The group line names the kind once: the signature after it starts with the app, not the kind again.
  @Test func groupLineNamesTheKindOnce() {
    let result = runBglog(["check", "--no-config"] + Self.mixedInputs)
    let groupLines = result.out.split(separator: "\n").filter { $0.hasPrefix("fail ") || $0.hasPrefix("info ") }
    #expect(!groupLines.isEmpty)
    for line in groupLines {
      let words = line.split(separator: " ")
      #expect(words.count > 1)
      let kind = words[1]
      #expect(line.components(separatedBy: String(kind)).count == 2, "\(line)")
    }
  }

  @Test func exitCodesOfThePolicyChoicesMatchGolden() {
    Golden.useRelativePaths()
    let runs: [[String]] = [
      ["check", "--no-config"] + Self.mixedInputs,
      ["check", "--no-config", "--fail-on", "none"] + Self.mixedInputs,
      ["check", "--no-config", "--fail-on", "any"] + Self.mixedInputs,
      [
        "check", "--no-config", "--fail-on", "leaked-background-task", "--min-confidence", "high",
        "Tests/Fixtures/crash",
      ],
      ["check", "--no-config", "--fail-on", "watchdog-hang", "--min-confidence", "high", "Tests/Fixtures/ips"],
      ["check", "--no-config", "--fail-on", "rate-limiter", "Tests/Fixtures/console/synthetic-rate-limiter.log"],
      ["check", "--no-config", "--fail-on", "none", "Tests/Fixtures/crash", "Tests/Fixtures/check/no-such-file.crash"],
      ["check", "--no-config", "Tests/Fixtures/crash/README.md", "Tests/Fixtures/check/no-such-file.crash"],
      [
        "check", "--no-config", "--on-input-error", "fail", "--fail-on", "none",
        "Tests/Fixtures/check/no-such-file.crash",
      ],
      ["check", "--no-config", "--on-input-error", "ignore", "Tests/Fixtures/check/no-such-file.crash"],
      ["check", "--no-config", "--fail-on", "leaked-backgroud-task", "Tests/Fixtures/crash"],
      ["check", "--no-config", "--format", "sarf", "Tests/Fixtures/crash"],
      ["check", "--no-config"],
    ]
    var out = ""
    for arguments in runs {
      let result = runBglog(arguments)
      out += "$ bglog \(arguments.joined(separator: " "))\n"
      out += "exit \(result.status.rawValue)\n"
      let lastLine = result.out.split(separator: "\n").last.map(String.init) ?? ""
      if !lastLine.isEmpty { out += "stdout (last line): \(lastLine)\n" }
      for line in result.err.split(separator: "\n") { out += "stderr: \(line)\n" }
      out += "\n"
    }
    Golden.assertMatches(out, file: Self.golden("exit-codes.txt"))
  }

  @Test func inputErrorsMatchGoldenInTextJSONAndJUnit() {
    Golden.useRelativePaths()
    for format in ["text", "json", "junit"] {
      let result = runBglog([
        "check", "--no-config", "--format", format, "--fail-on", "leaked-background-task",
        "Tests/Fixtures/crash/seed001-8badf00d-assertiond-runloop-leaked-task.crash", "Tests/Fixtures/crash/README.md",
        "Tests/Fixtures/check/no-such-file.crash",
      ])
      #expect(result.status == .policyFailure)
      #expect(result.err.contains("bglog: error: Tests/Fixtures/check/no-such-file.crash: no such file or directory"))
      let ext = ["text": "txt", "json": "json", "junit": "xml"][format]!
      Golden.assertMatches(result.out, file: Self.golden("errors.\(format == "junit" ? "junit.xml" : ext)"))
    }
  }

  @Test func githubFormatAppendsTheMarkdownSummaryToTheStepSummaryFile() throws {
    Golden.useRelativePaths()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let summary = directory.appendingPathComponent("summary.md")
    try "previous step\n".write(to: summary, atomically: true, encoding: .utf8)
    let captured = CapturedIO(environment: ["GITHUB_STEP_SUMMARY": summary.path])
    let status = BglogCLI.run(
      arguments: ["check", "--no-config", "--format", "github"] + Self.mixedInputs, io: captured.io)
    #expect(status == .policyFailure)
    let markdown = runBglog(["check", "--no-config", "--format", "markdown"] + Self.mixedInputs).out
    #expect(try String(contentsOf: summary, encoding: .utf8) == "previous step\n" + markdown)
    #expect(captured.out.hasPrefix("::error file=Tests/Fixtures/"))
    #expect(captured.out.contains(",line="))
  }

  @Test func writtenBaselineMakesTheSameInputsPassAndMatchesGolden() throws {
    Golden.useRelativePaths()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let baseline = directory.appendingPathComponent("baseline.json").path
    let written = runBglog(["check", "--no-config", "--write-baseline", baseline] + Self.mixedInputs)
    #expect(written.status == .success)
    #expect(written.err.hasPrefix("bglog: note: wrote "))
    #expect(written.err.hasSuffix(" signatures to \(baseline)\n"))
    Golden.assertMatches(try String(contentsOfFile: baseline, encoding: .utf8), file: Self.golden("baseline.json"))

    let accepted = runBglog(["check", "--no-config", "--baseline", baseline] + Self.mixedInputs)
    #expect(accepted.status == .success)
    #expect(accepted.out.contains("baselined        leaked-background-task ×1 [high]"))
    // A new problem fails even with the baseline: --fail-on any adds kinds the baseline does not hold.
    let widened = runBglog(["check", "--no-config", "--fail-on", "any", "--baseline", baseline] + Self.mixedInputs)
    #expect(widened.status == .policyFailure)
    let sarif = runBglog(["check", "--no-config", "--format", "sarif", "--baseline", baseline] + Self.mixedInputs)
    #expect(sarif.out.contains("\"baselineState\" : \"unchanged\""))
  }

  @Test func configFileSetsThePolicyAndFlagsWin() throws {
    Golden.useRelativePaths()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent(".bglog.json")
    try #"{"failOn": "none", "format": "ndjson"}"#.write(to: config, atomically: true, encoding: .utf8)
    let fromConfig = runBglog(["check", "--config", config.path, "Tests/Fixtures/crash"])
    #expect(fromConfig.status == .success)
    #expect(fromConfig.err == "bglog: note: configuration: \(config.path)\n")
    #expect(fromConfig.out.hasPrefix("{\"file\":\"Tests/Fixtures/crash/README.md\""))
    let flagsWin = runBglog([
      "check", "--config", config.path, "--fail-on", "background", "-f", "text", "Tests/Fixtures/crash",
    ])
    #expect(flagsWin.status == .policyFailure)
    #expect(flagsWin.out.hasPrefix("fail "))

    try #"{"failOn": "any", "minConfidense": "high"}"#.write(to: config, atomically: true, encoding: .utf8)
    let unknown = runBglog(["check", "--config", config.path, "Tests/Fixtures/crash"])
    #expect(unknown.status == .usage)
    #expect(
      unknown.err.hasPrefix(
        "bglog: error: config file '\(config.path)': unknown key 'minConfidense'; known keys: baseline, failOn, "
          + "format, minConfidence, onInputError (did you mean 'minConfidence'?)"))
  }
}
