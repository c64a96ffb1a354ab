import BglogKit
import Foundation
import Testing

@Suite struct CheckPolicyTests {
  static func finding(_ kind: String, _ confidence: Confidence, app: String = "com.example.App") -> CheckFinding {
    CheckFinding(
      kind: kind, confidence: confidence, summary: kind, line: 3, quote: nil,
      signature: CheckSignature(kind: kind, app: app, locus: nil), origin: .crashReport)
  }

  static func file(_ path: String, _ findings: [CheckFinding]) -> CheckFileResult {
    CheckFileResult(input: InputFile(path: path), outcome: .crashReports(count: findings.count, findings: findings))
  }

  @Test func selectionWordsParseAndUnknownKindsAreRejected() throws {
    #expect(try CheckPolicy.Selection(words: ["any"]) == .any)
    #expect(try CheckPolicy.Selection(words: []) == .kinds([]))
    #expect(try CheckPolicy.Selection(words: ["none"]) == .kinds([]))
    #expect(try CheckPolicy.Selection(words: ["background"]) == .background)
    #expect(
      try CheckPolicy.Selection(words: ["watchdog-hang,rate-limiter", "jetsam"])
        == .kinds(["watchdog-hang", "rate-limiter", "jetsam"]))
    #expect(throws: CheckPolicyError.unknownKind("watchdog")) { try CheckPolicy.Selection(words: ["watchdog"]) }
    #expect(CheckPolicy.Selection.any.contains("abort"))
    #expect(!CheckPolicy.Selection.any.contains("insufficient-data"))
    #expect(CheckPolicy.Selection.background.contains("suspended-with-locked-file"))
    #expect(!CheckPolicy.Selection.background.contains("watchdog-hang"))
  }

  @Test func minimumConfidenceAndBaselineDecideTheVerdict() {
    let files = [
      Self.file("a.crash", [Self.finding("leaked-background-task", .medium)]),
      Self.file("b.crash", [Self.finding("leaked-background-task", .high)]),
      Self.file("c.crash", [Self.finding("abort", .high)]),
    ]
    let strict = CheckEvaluation(files: files, policy: CheckPolicy(minimumConfidence: .high))
    #expect(strict.verdict == .fail)
    #expect(strict.groups.map(\.count) == [2, 1])
    #expect(strict.groups.first?.files == ["a.crash", "b.crash"])
    #expect(strict.groups.first?.first.file == "a.crash")
    #expect(strict.status(of: files[0].findings[0]) == .belowConfidence)
    #expect(strict.groups.last?.status == .notSelected)

    let baseline = strict.baselineOfFailingGroups()
    #expect(baseline.signatures.map(\.kind) == ["leaked-background-task"])
    let accepted = CheckEvaluation(files: files, policy: CheckPolicy(), baseline: baseline.fingerprints)
    #expect(accepted.verdict == .pass)
    #expect(accepted.groups.first?.status == .baselined)
    let decoded = try? CheckBaseline.decode(Data(baseline.encoded().utf8))
    #expect(decoded == baseline)
  }

  @Test func inputErrorRuleDecidesBetweenExitTwoFailAndPass() {
    let files = [
      Self.file("a.crash", [Self.finding("abort", .high)]),
      CheckFileResult(input: InputFile(path: "gone.crash"), outcome: .failed(.notFound(path: "gone.crash"))),
    ]
    #expect(CheckEvaluation(files: files, policy: CheckPolicy()).verdict == .inputError)
    #expect(CheckEvaluation(files: files, policy: CheckPolicy(inputErrors: .fail)).verdict == .fail)
    #expect(CheckEvaluation(files: files, policy: CheckPolicy(inputErrors: .ignore)).verdict == .pass)
    #expect(CheckEvaluation(files: files, policy: CheckPolicy(failOn: .any)).verdict == .fail)
  }

  /// Issue 17 item 6: a `.bglog.json` in a shared parent (`/tmp/.bglog.json`) is never obeyed: the search
  /// stops at the repository root or the home directory, and outside both reads only the start directory.
  @Test func configSearchStopsAtTheRepositoryRootOrHome() throws {
    let manager = FileManager.default
    let top = manager.temporaryDirectory.appendingPathComponent("bglog-config-bound-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: top) }
    let repo = top.appendingPathComponent("repo")
    let inRepo = repo.appendingPathComponent("sub/dir")
    let home = top.appendingPathComponent("home")
    let inHome = home.appendingPathComponent("projects/x")
    let elsewhere = top.appendingPathComponent("elsewhere/deeper")
    for directory in [repo.appendingPathComponent(".git"), inRepo, inHome, elsewhere] {
      try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    let planted = top.appendingPathComponent(".bglog.json")
    try #"{"failOn": "none"}"#.write(to: planted, atomically: true, encoding: .utf8)
    #expect(manager.fileExists(atPath: planted.path))
    // The planted file is above each start directory, and is never found.
    #expect(CheckConfig.find(from: inRepo.path, home: home.path) == nil)
    #expect(CheckConfig.find(from: inHome.path, home: home.path) == nil)
    #expect(CheckConfig.find(from: elsewhere.path, home: home.path) == nil)
    #expect(CheckConfig.searched(from: elsewhere.path, home: home.path) == [elsewhere.path + "/.bglog.json"])
    #expect(CheckConfig.searched(from: inRepo.path, home: nil).last == repo.path + "/.bglog.json")
    // Within the bounds they are.
    for (directory, start) in [(repo, inRepo), (home, inHome), (elsewhere, elsewhere)] {
      let file = directory.appendingPathComponent(".bglog.json")
      try #"{"failOn": "any"}"#.write(to: file, atomically: true, encoding: .utf8)
      #expect(CheckConfig.find(from: start.path, home: home.path) == file.path)
    }
    // A worktree's `.git` is a file: it bounds the search too.
    let worktree = top.appendingPathComponent("wt/inner")
    try manager.createDirectory(at: worktree, withIntermediateDirectories: true)
    try "gitdir: /elsewhere".write(
      to: top.appendingPathComponent("wt/.git"), atomically: true, encoding: .utf8)
    #expect(CheckConfig.find(from: worktree.path, home: nil) == nil)
  }

  @Test func configIsFoundUpwardAndUnknownKeysAreNamed() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-config-\(UUID().uuidString)")
    let nested = root.appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    // Nothing under the new directory yet (a config further up, outside it, may exist on some machines).
    #expect(CheckConfig.find(from: nested.path, home: root.path)?.hasPrefix(root.path) != true)
    let file = root.appendingPathComponent(".bglog.json")
    try #"{"failOn": ["background", "watchdog-hang"], "minConfidence": "medium", "baseline": "ci/base.json"}"#
      .write(to: file, atomically: true, encoding: .utf8)
    let found = try #require(CheckConfig.find(from: nested.path, home: root.path))
    #expect(URL(fileURLWithPath: found).resolvingSymlinksInPath() == file.resolvingSymlinksInPath())
    let config = try CheckConfig.load(path: file.path)
    #expect(config.failOn == ["background", "watchdog-hang"])
    #expect(config.minimumConfidence == .medium)
    #expect(config.baseline == root.path + "/ci/base.json")
    #expect(throws: CheckConfigError.unknownKey(path: "x.json", key: "failon")) {
      try CheckConfig.decode(Data(#"{"failon": "any"}"#.utf8), path: "x.json")
    }
    #expect(
      throws: CheckConfigError.invalid(path: "x.json", problem: "'minConfidence' must be one of: low, medium, high")
    ) {
      try CheckConfig.decode(Data(#"{"minConfidence": "sure"}"#.utf8), path: "x.json")
    }
  }
}
