import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// The composite GitHub Action (`action.yml`) and its documentation in `docs/install.md`.
@Suite struct ActionTests {
  static func read(_ path: String) throws -> String {
    try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The keys directly under a top-level key (`inputs:`), in order.
  static func keys(under parent: String, in yaml: String) -> [String] {
    var keys: [String] = []
    var inside = false
    for line in yaml.split(separator: "\n").map(String.init) {
      if !line.hasPrefix(" ") && !line.hasPrefix("#") {
        inside = line == parent + ":"
      } else if inside, line.hasPrefix("  "), !line.hasPrefix("   "), let colon = line.firstIndex(of: ":") {
        keys.append(String(line[line.index(line.startIndex, offsetBy: 2)..<colon]))
      }
    }
    return keys
  }

  /// The `run: |` script of the step with this id, dedented.
  static func script(ofStep id: String, in yaml: String) -> String? {
    let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let idLine = lines.firstIndex(where: { $0.trimmingSpaces == "id: \(id)" }),
      let runLine = lines[idLine...].firstIndex(where: { $0.trimmingSpaces == "run: |" })
    else { return nil }
    let keyIndent = lines[runLine].prefix { $0 == " " }.count
    var body: [String] = []
    for line in lines[(runLine + 1)...] {
      let indent = line.prefix { $0 == " " }.count
      if !line.trimmingSpaces.isEmpty && indent <= keyIndent { break }
      body.append(String(line.dropFirst(min(indent, keyIndent + 2))))
    }
    return body.joined(separator: "\n") + "\n"
  }

  @Test func everyInputHasADescriptionAndIsDocumented() throws {
    let action = try Self.read("action.yml")
    let install = try Self.read("docs/install.md")
    let inputs = Self.keys(under: "inputs", in: action)
    #expect(
      inputs == [
        "path", "fail-on", "min-confidence", "format", "on-input-error", "baseline", "sarif-file",
        "upload-sarif", "category",
      ])
    for input in inputs {
      #expect(action.contains("\n  \(input):\n    description: "), "input \(input) has no description")
      #expect(install.contains("| `\(input)` |"), "docs/install.md does not document input \(input)")
    }
  }

  @Test func actionBuildsFromItsOwnCheckoutAndUploadsSarif() throws {
    let action = try Self.read("action.yml")
    #expect(action.contains("using: composite"))
    #expect(action.contains("swift build -c release --product bglog --package-path \"$BGLOG_SOURCE\""))
    #expect(action.contains("BGLOG_SOURCE: ${{ github.action_path }}"))
    #expect(action.contains("uses: github/codeql-action/upload-sarif@v3"))
  }

  @Test func actionPassesOnlyOptionsThatCheckAccepts() throws {
    let script = try #require(Self.script(ofStep: "check", in: try Self.read("action.yml")))
    let used = script.split(whereSeparator: { " ()\n\"".contains($0) }).filter { $0.hasPrefix("--") && $0.count > 2 }
    let options = Set(used.map { String($0.dropFirst(2)) })
    #expect(options == ["format", "fail-on", "min-confidence", "on-input-error", "baseline"])
    #expect(options.isSubset(of: Set(CheckCommand.options.map(\.name))))
  }

  @Test func installDocShowsTheFiveLineSnippet() throws {
    let install = try Self.read("docs/install.md")
    let start = try #require(install.range(of: "<!-- action-snippet -->\n```yaml\n"))
    let end = try #require(install.range(of: "```\n<!-- end action-snippet -->"))
    let snippet = install[start.upperBound..<end.lowerBound].split(separator: "\n")
    #expect(snippet.count == 5)
    #expect(snippet.first == "- uses: actions/checkout@v4")
    #expect(snippet.contains { $0.hasPrefix("- uses: ") && $0.contains("/bglog@") })
  }

  /// The binary `swift test` built beside the test bundle, for running the action's script for real.
  static var builtBinary: String? {
    let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent().path
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/bglog",
      bundleDirectory + "/bglog", Fixtures.packageRoot.path + "/.build/debug/bglog",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  @Test(.enabled(if: builtBinary != nil && ExternalTool.has("bash")))
  func checkStepWritesSarifSummaryAndExitCodeForThePolicy() throws {
    Golden.useRelativePaths()
    let script = try #require(Self.script(ofStep: "check", in: try Self.read("action.yml")))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-action-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let scriptPath = directory.appendingPathComponent("check.sh").path
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("output").path
    let summary = directory.appendingPathComponent("summary.md").path
    let sarif = directory.appendingPathComponent("bglog.sarif").path
    let environment = [
      "BGLOG=\(try #require(Self.builtBinary))", "GITHUB_OUTPUT=\(output)", "GITHUB_STEP_SUMMARY=\(summary)",
      "INPUT_PATH=Samples/leaked-background-task\nSamples/watchdog-hang", "INPUT_FAIL_ON=background",
      "INPUT_MIN_CONFIDENCE=medium", "INPUT_FORMAT=github", "INPUT_ON_INPUT_ERROR=", "INPUT_BASELINE=",
      "INPUT_SARIF_FILE=\(sarif)",
    ]
    // GitHub runs `bash --noprofile --norc -eo pipefail {0}`.
    let result = try ExternalTool.run(
      "env", environment + ["bash", "--noprofile", "--norc", "-eo", "pipefail", scriptPath])
    #expect(result.status == 0, "\(result.err)")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "exit-code=1\n")
    #expect(result.out.contains("::error file=Samples/leaked-background-task/report.crash,line=20"))
    #expect(!result.out.contains("::error file=Samples/watchdog-hang"), "watchdog-hang is not in fail-on")
    let sarifText = try String(contentsOfFile: sarif, encoding: .utf8)
    #expect(sarifText.contains("\"version\" : \"2.1.0\""))
    #expect(sarifText.contains("leaked-background-task"))
    let summaryText = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(summaryText.contains("leaked-background-task"))
    // Written once: the SARIF run leaves the step summary alone.
    #expect(summaryText.components(separatedBy: "## bglog check: **failed**").count == 2)
  }
}
