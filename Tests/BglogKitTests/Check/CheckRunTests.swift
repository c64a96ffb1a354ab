import BglogKit
import BglogTestSupport
import Foundation
import Testing

@Suite struct CheckRunTests {
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-checkrun-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func readsCrashReportsAndConsoleLogsAndSkipsTheRest() {
    let run = CheckRun()
    let crash = run.check(
      InputFile(path: Fixtures.url("crash/seed001-8badf00d-assertiond-runloop-leaked-task.crash").path), stdin: { [] })
    guard case .crashReports(1, let findings) = crash.outcome else {
      Issue.record("expected one crash report, got \(crash.outcome)")
      return
    }
    #expect(findings.map(\.kind) == ["leaked-background-task"])
    #expect(findings.first?.signature.app == "wmm.OOMTestProjcet")

    let log = run.check(InputFile(path: Fixtures.url("console/seed000-background-download.log").path), stdin: { [] })
    guard case .consoleLog(.timeProcessMessage, _, let logFindings) = log.outcome else {
      Issue.record("expected a console log, got \(log.outcome)")
      return
    }
    #expect(
      logFindings.map(\.kind).sorted() == [
        "background-session-completion-not-called", "background-session-completion-not-called",
        "transfer-cancelled-immediately",
      ])
    #expect(logFindings.allSatisfy { $0.origin == .consoleLog && $0.line != nil })

    let readme = Fixtures.url("crash/README.md").path
    let walked = run.check(InputFile(path: readme, foundInDirectory: true), stdin: { [] })
    guard case .skipped = walked.outcome else {
      Issue.record("a README found in a directory is skipped, got \(walked.outcome)")
      return
    }
    let named = run.check(InputFile(path: readme), stdin: { [] })
    #expect(named.error?.path == readme)
  }

  @Test func unsymbolicatedFirstAppFrameIsImagePlusOffset() {
    let findings = CheckRun().check(
      InputFile(path: Fixtures.url("crash/seed001-8badf00d-assertiond-semaphore.crash").path), stdin: { [] }
    ).findings
    #expect(findings.first?.signature.locus == "OOMTestProjcet +0x5440")
    #expect(findings.first?.signature.fingerprint == "58ab7f63fc2c261a")
  }

  /// Many copies checked in small batches on all cores: one result per input, in input order, and the
  /// copies group into one signature with every file listed.
  @Test func manyInputsInBatchesKeepInputOrderAndGroupIntoOneSignature() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try Data(contentsOf: Fixtures.url("crash/seed001-8badf00d-assertiond-runloop-leaked-task.crash"))
    let log = try Data(contentsOf: Fixtures.url("console/synthetic-rate-limiter.log"))
    for index in 0..<600 {
      let name = String(format: "%04d", index)
      if index % 100 == 7 {
        try log.write(to: directory.appendingPathComponent(name + ".log"))
      } else if index % 50 == 3 {
        try Data("notes\n".utf8).write(to: directory.appendingPathComponent(name + ".txt"))
      } else {
        try report.write(to: directory.appendingPathComponent(name + ".crash"))
      }
    }
    let collected = InputCollector.collect([directory.path])
    #expect(collected.inputs.count == 600)
    let results = CheckRun(batchSize: 37).run(collected.inputs, stdin: { [] })
    #expect(results.map(\.input) == collected.inputs)
    let evaluation = CheckEvaluation(files: results, policy: CheckPolicy())
    #expect(evaluation.counts.consoleLogs == 6)
    #expect(evaluation.counts.skipped == 12)
    #expect(evaluation.counts.crashReportFiles == 582)
    let leaked = try #require(evaluation.groups.first)
    #expect(leaked.kind == "leaked-background-task")
    #expect(leaked.count == 582)
    #expect(leaked.files.count == 582)
    #expect(leaked.files == leaked.files.sorted())
    #expect(evaluation.verdict == .fail)
  }
}
