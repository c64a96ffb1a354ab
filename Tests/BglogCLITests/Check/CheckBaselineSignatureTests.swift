import BglogCLI
import BglogKit
import BglogTestSupport
import Foundation
import Testing

/// Issue 16 item 1 through the CLI: a baseline accepts the problem it was written for, not another one
/// of the same kind.
@Suite struct CheckBaselineSignatureTests {
  static func temporaryFile(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("bglog-gate-\(UUID().uuidString)-\(name)").path
  }

  @Test(.enabled(if: Fixtures.hasShared("corpus/crash"), Comment(rawValue: Fixtures.sharedMissing("corpus/crash"))))
  func aJetsamBaselineDoesNotAcceptAnotherKill() throws {
    let baseline = Self.temporaryFile("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let highwater = Fixtures.sharedPath("corpus/crash/ios10-jetsam-highwater.ips")
    let thrashing = Fixtures.sharedPath("corpus/crash/ios9-jetsam-vm-thrashing-elided.txt")
    let written = runBglog(["check", "--no-config", "--fail-on", "jetsam", "--write-baseline", baseline, highwater])
    #expect(written.status == .success)
    #expect(written.err.contains("wrote 1 signature to"))
    let same = runBglog(["check", "--no-config", "--fail-on", "jetsam", "--baseline", baseline, highwater])
    #expect(same.status == .success)
    let other = runBglog(["check", "--no-config", "--fail-on", "jetsam", "--baseline", baseline, thrashing])
    #expect(other.status == .policyFailure)
    #expect(other.out.contains("killed: KodiMusicRemoteP (vm-thrashing)"))
  }

  /// The same without the corpus: two app-less leaked-task reports from the fixtures.
  @Test func anAppLessBaselineDoesNotAcceptAnotherReport() {
    let baseline = Self.temporaryFile("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let one = Fixtures.url("crash/seed001-8badf00d-damaged-leaked-task.crash").path
    let written = runBglog(["check", "--no-config", "--write-baseline", baseline, one])
    #expect(written.status == .success)
    let others = Fixtures.files(in: "crash").map { Fixtures.url($0).path }.filter { $0 != one }
    let appLess = others.filter { path in
      CheckRun().check(InputFile(path: path), stdin: { [] }).findings.contains {
        $0.kind == "leaked-background-task" && $0.signature.app == nil
      }
    }
    #expect(!appLess.isEmpty)
    for path in appLess {
      let result = runBglog(["check", "--no-config", "--baseline", baseline, path])
      #expect(result.status == .policyFailure, "\(path) was accepted by a baseline written for another report")
    }
  }

  @Test func aKindOnlyBaselineEntryFromVersionOneIsReported() throws {
    let baseline = Self.temporaryFile("old-baseline.json")
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    try """
    {"schemaVersion": 1, "signatures": [
      {"count": 3, "fingerprint": "9572603304c27f1e", "kind": "leaked-background-task", "signature": "leaked-background-task"}]}
    """.write(toFile: baseline, atomically: true, encoding: .utf8)
    let result = runBglog([
      "check", "--no-config", "--baseline", baseline,
      Fixtures.url("crash/seed001-8badf00d-damaged-leaked-task.crash").path,
    ])
    #expect(result.status == .policyFailure)
    #expect(result.err.contains("names only the kind"))
    #expect(result.err.contains("--write-baseline"))
  }
}
