import BglogTestSupport
import Testing

@testable import BglogKit

/// Several `.ips` files concatenated into one (as attached to tickets) are split into one report each.
@Suite struct IPSConcatenationTests {
  @Test func concatenatedJSONAndTextBodiesAreSplit() throws {
    let lock = try Fixtures.source("ips/synthetic-309-runningboard-dead10cc.ips").text
    let jetsam = try Fixtures.source("ips/synthetic-298-jetsam-per-process-limit.ips").text
    let watchdog = try Fixtures.source("ips/synthetic-309-frontboard-8badf00d-background.ips").text
    let textBody = """
      {"bug_type":"109","os_version":"iPhone OS 11.2.1 (15C153)","name":"OOMTestProjcet"}
      Incident Identifier: 58790B23-E0E9-4650-AC5E-4023A662C7BE
      Exception Type: EXC_CRASH (SIGKILL)
      Termination Reason: Namespace ASSERTIOND, Code 0xbada5e47

      """
    let joined = [lock, textBody, jetsam, watchdog].map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined()
    let reports = try CrashReportReader.read(SourceText(text: joined))
    #expect(reports.map(\.category) == [.crash, .crash, .jetsam, .crash])
    #expect(reports.map(\.bugType) == ["309", "109", "298", "309"])
    #expect(reports[0].termination?.code == 0xdead_10cc)
    #expect(reports[1].termination?.code == 0xbada_5e47)
    #expect(reports[3].termination?.code == 0x8bad_f00d)
    let starts = reports.map(\.startLine)
    #expect(starts == starts.sorted())
    #expect(Set(starts).count == 4)
  }
}
