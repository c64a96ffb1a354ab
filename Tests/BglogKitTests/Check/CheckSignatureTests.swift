import BglogKit
import BglogTestSupport
import Foundation
import Testing

/// Issue 16 item 1: a signature tells apart what a baseline must not merge, and is never only the kind.
@Suite struct CheckSignatureTests {
  static func findings(_ text: String, path: String = "synthetic") -> [CheckFinding] {
    CheckRun().check(bytes: Array(text.utf8), input: InputFile(path: path)).findings
  }

  /// Every report of every fixture folder: a signature names an app, an app frame, the killed process,
  /// or the report; never the kind alone (a baseline of it would accept any other app's problem).
  @Test func noFixtureSignatureIsOnlyTheKind() {
    var checked = 0
    for folder in ["crash", "ips"] {
      for file in Fixtures.files(in: folder) {
        for finding in CheckRun().check(InputFile(path: Fixtures.url(file).path), stdin: { [] }).findings {
          checked += 1
          #expect(finding.signature.text != finding.kind, "\(file): \(finding.signature.text)")
          #expect(finding.signature.app != nil || finding.signature.locus != nil || finding.signature.report != nil)
        }
      }
    }
    #expect(checked > 20)
  }

  /// The jetsam fixture names the killed process and its reason; the same event with another reason
  /// (built in code from the fixture: a synthetic variant) is another signature.
  @Test func jetsamSignatureIsTheKilledProcessAndItsReason() throws {
    let text = String(decoding: try Fixtures.bytes("ips/synthetic-298-jetsam-per-process-limit.ips"), as: UTF8.self)
    let original = try #require(Self.findings(text).first)
    #expect(original.kind == "jetsam")
    #expect(original.signature.locus == "killed: com.example.PhotoEditor (per-process-limit)")
    let thrashing = try #require(
      Self.findings(text.replacingOccurrences(of: "per-process-limit", with: "vm-thrashing")).first)
    #expect(thrashing.signature.locus == "killed: com.example.PhotoEditor (vm-thrashing)")
    #expect(thrashing.signature.fingerprint != original.signature.fingerprint)
  }

  /// Reports without an app or app frame are named by their incident identifier, else a digest of their
  /// text: two different reports are two signatures; two copies of one report (LF and CRLF) are one.
  @Test func appLessReportsAreNamedByTheReport() throws {
    let bytes = try Fixtures.bytes("crash/seed001-8badf00d-damaged-leaked-task.crash")
    let text = String(decoding: bytes, as: UTF8.self)
    let finding = try #require(Self.findings(text).first)
    #expect(finding.signature.app == nil)
    let report = try #require(finding.signature.report)
    #expect(report.hasPrefix("report "))
    let crlf = try #require(Self.findings(text.replacingOccurrences(of: "\n", with: "\r\n")).first)
    #expect(crlf.signature == finding.signature)
    // Another app-less leaked-task report of the same kind no longer shares its signature.
    let others = Fixtures.files(in: "crash").filter { $0 != "crash/seed001-8badf00d-damaged-leaked-task.crash" }
      .flatMap { CheckRun().check(InputFile(path: Fixtures.url($0).path), stdin: { [] }).findings }
      .filter { $0.kind == finding.kind && $0.signature.app == nil }
    #expect(!others.isEmpty)
    #expect(others.allSatisfy { $0.signature.fingerprint != finding.signature.fingerprint })
  }

  @Test func incidentIdentifierNamesTheReport() throws {
    let text = String(decoding: try Fixtures.bytes("crash/seed001-8badf00d-damaged-leaked-task.crash"), as: UTF8.self)
    let withIncident = "Incident Identifier: 6C3A09F1-1B38-4A3D-9B57-1F2D3A4B5C6D\n" + text
    let finding = try #require(Self.findings(withIncident).first)
    #expect(finding.signature.app == nil)
    #expect(finding.signature.report == "report 6C3A09F1-1B38-4A3D-9B57-1F2D3A4B5C6D")
  }

  /// A console finding about an app the log names only by pid is named by its evidence lines (a
  /// timeline built in code: synthetic).
  @Test func consoleFindingsWithoutAnAppAreNamedByTheirEvidence() {
    func signature(_ text: String) -> CheckSignature {
      let app = AppTimeline(
        bundleID: nil, processName: nil, events: [], anchor: nil, processes: [], wakeups: [],
        summary: AppTimeline.Summary(
          spanSeconds: nil, wakeups: 0, transferSeconds: nil, longestGapSeconds: nil, longestGapEndLine: nil),
        findings: [])
      let finding = TimelineFinding(
        kind: .stoppedWaking, confidence: .medium, summary: "s", evidence: [.init(line: 3, text: text)])
      return CheckSignature.of(finding, app: app)
    }
    let one = signature("18:05:17    assertiond  [pid 12] a")
    #expect(one.text != "stopped-waking")
    #expect(one.report?.hasPrefix("evidence #") == true)
    #expect(signature("18:05:17    assertiond  [pid 13] b").fingerprint != one.fingerprint)
  }

  /// Signatures with an app keep the fingerprints of signature rules version 1, so baselines stay valid.
  @Test func signaturesWithAnAppKeepTheirVersionOneFingerprints() {
    #expect(
      CheckSignature(kind: "leaked-background-task", app: "wmm.OOMTestProjcet", locus: nil).fingerprint
        == "5e614be82806c019")
    #expect(
      CheckSignature(kind: "watchdog-hang", app: "wmm.CPUTestTwo", locus: "event: scene-update").fingerprint
        == "375dcf1d7abbb39e")
  }

  /// A baseline written before signatures were versioned, with a kind-only entry, says so.
  @Test func versionOneKindOnlyBaselineEntriesAreFound() throws {
    let old = """
      {"schemaVersion": 1, "signatures": [
        {"count": 1, "fingerprint": "4f9e350bc54db991", "kind": "jetsam", "signature": "jetsam"},
        {"count": 1, "fingerprint": "5e614be82806c019", "kind": "leaked-background-task",
         "signature": "leaked-background-task · wmm.OOMTestProjcet"}]}
      """
    let baseline = try CheckBaseline.decode(Data(old.utf8))
    #expect(baseline.kindOnlyEntries.map(\.fingerprint) == ["4f9e350bc54db991"])
    #expect(CheckBaseline(signatures: baseline.signatures).kindOnlyEntries.isEmpty)
    #expect(CheckBaseline(signatures: []).encoded().contains("\"signatureVersion\" : \(CheckSignature.version)"))
  }
}

/// Issue 16 item 1 on the real corpus: SpringBoard at its highwater and an app thrashing are two problems.
@Suite(.enabled(if: Fixtures.hasShared("corpus/crash"), Comment(rawValue: Fixtures.sharedMissing("corpus/crash"))))
struct CheckSignatureCorpusTests {
  @Test func twoJetsamKillsAreTwoSignatures() {
    let highwater = CheckRun().check(
      InputFile(path: Fixtures.sharedPath("corpus/crash/ios10-jetsam-highwater.ips")), stdin: { [] }
    ).findings
    let thrashing = CheckRun().check(
      InputFile(path: Fixtures.sharedPath("corpus/crash/ios9-jetsam-vm-thrashing-elided.txt")), stdin: { [] }
    ).findings
    #expect(highwater.map(\.signature.text) == ["jetsam · killed: SpringBoard (highwater)"])
    #expect(thrashing.map(\.signature.text) == ["jetsam · killed: KodiMusicRemoteP (vm-thrashing)"])
  }

  @Test func metricKitDiagnosticsWithoutAnAppAreNamedByTheirReport() {
    let findings = CheckRun().check(
      InputFile(path: Fixtures.sharedPath("corpus/crash/ios14-metrickit-payload-two-crashes.json")), stdin: { [] }
    ).findings
    #expect(findings.count == 2)
    #expect(findings.allSatisfy { $0.signature.report != nil })
    #expect(Set(findings.map(\.signature.fingerprint)).count == 2)
  }
}

/// Issue 16 item 2: a text holding console lines and a crash report is read both ways.
@Suite struct CheckMixedInputTests {
  /// A ticket's text built in code from two real fixtures (synthetic): prose, the console lines of the
  /// seed-000 log, then a crash report.
  @Test func consoleLinesAroundAReportAreReadToo() throws {
    let log = String(decoding: try Fixtures.bytes("console/seed000-background-download.log"), as: UTF8.self)
    let report = String(decoding: try Fixtures.bytes("crash/seed000-main-thread-runloop.crash"), as: UTF8.self)
    let ticket = "Ticket 123: downloads stop in the background.\n\nConsole:\n\n" + log + "\nCrash report:\n\n" + report
    let result = CheckRun().check(bytes: Array(ticket.utf8), input: InputFile(path: "ticket.txt"))
    guard case .crashReports(1, let findings) = result.outcome else {
      Issue.record("expected one crash report, got \(result.outcome)")
      return
    }
    #expect(result.consoleLayout == .timeProcessMessage)
    #expect(result.consoleEvents > 0)
    let console = findings.filter { $0.origin == .consoleLog }
    #expect(console.contains { $0.kind == "background-session-completion-not-called" && $0.confidence == .high })
    #expect(findings.filter { $0.origin == .crashReport }.count == 1)
    // Console lines keep their line numbers in the file.
    let first = try #require(console.first?.line)
    #expect(ticket.split(separator: "\n", omittingEmptySubsequences: false)[first - 1].contains("  "))
  }

  /// A plain report is not read as a console log (nothing outside it), so it costs no console reading.
  @Test func theTotalsSayAReportFileHadConsoleLinesToo() throws {
    let log = String(decoding: try Fixtures.bytes("console/seed000-background-download.log"), as: UTF8.self)
    let report = String(decoding: try Fixtures.bytes("crash/seed000-main-thread-runloop.crash"), as: UTF8.self)
    let result = CheckRun().check(bytes: Array((log + "\n" + report).utf8), input: InputFile(path: "ticket.txt"))
    let evaluation = CheckEvaluation(files: [result], policy: CheckPolicy())
    #expect(evaluation.counts.crashReportFilesWithConsoleLines == 1)
  }

  @Test func aPlainReportHasNoConsolePart() {
    let result = CheckRun().check(
      InputFile(path: Fixtures.url("crash/seed001-8badf00d-assertiond-runloop-leaked-task.crash").path), stdin: { [] })
    #expect(result.consoleLayout == nil)
    #expect(result.findings.allSatisfy { $0.origin == .crashReport })
  }

  @Test(.enabled(if: Fixtures.hasShared("seeds"), Comment(rawValue: Fixtures.sharedMissing("seeds"))))
  func theSeedArticleIsReadBothWays() {
    let result = CheckRun().check(
      InputFile(path: Fixtures.sharedPath("seeds/000_dc5392a4b845d0ee.txt")), stdin: { [] })
    #expect(result.findings.contains { $0.origin == .crashReport })
    #expect(
      result.findings.contains {
        $0.origin == .consoleLog && $0.kind == "background-session-completion-not-called" && $0.confidence == .high
      })
  }
}

/// Issue 16 item 10: files over the report limit are read as console logs, streamed; binary ones are
/// named without being streamed (a 1 KiB limit stands in for the 64 MB one).
@Suite struct CheckOverLimitTests {
  static func write(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-overlimit-\(UUID().uuidString)")
      .path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func overTheLimitAConsoleLogIsStreamedAndAnythingElseIsNamed() throws {
    let run = CheckRun(sizeLimit: 1024)
    let log = try Self.write(try Fixtures.bytes("console/seed000-background-download.log"))
    let prose = try Self.write(Array(String(repeating: "Just some words about a bug.\n", count: 100).utf8))
    let zeros = try Self.write([UInt8](repeating: 0, count: 4096))
    defer { for path in [log, prose, zeros] { try? FileManager.default.removeItem(atPath: path) } }

    guard
      case .consoleLog(.timeProcessMessage, _, let findings) = run.check(InputFile(path: log), stdin: { [] }).outcome
    else {
      Issue.record("a console log over the limit is still read as one")
      return
    }
    #expect(!findings.isEmpty)

    guard case .parse(_, .notAReport(let proseReason)) = run.check(InputFile(path: prose), stdin: { [] }).error else {
      Issue.record("text over the limit without events is an input error")
      return
    }
    #expect(proseReason.contains("no background events recognised in 100 lines read as a console log"))
    #expect(proseReason.contains("read only as console logs"))

    guard case .parse(_, .notAReport(let zerosReason)) = run.check(InputFile(path: zeros), stdin: { [] }).error else {
      Issue.record("zeros over the limit are an input error")
      return
    }
    #expect(zerosReason.hasPrefix("it looks like binary data"))
    let walked = run.check(InputFile(path: zeros, foundInDirectory: true), stdin: { [] })
    guard case .skipped(let reason) = walked.outcome else {
      Issue.record("zeros found in a directory are skipped")
      return
    }
    #expect(reason.hasPrefix("it looks like binary data"))
  }
}
