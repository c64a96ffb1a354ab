import BglogTestSupport
import Testing

@testable import BglogKit

/// Members of an `.ips` body pasted without the enclosing object, starting at whatever member the
/// author began copying and cut inside `termination` (the shape of qnblackcat/uYouPlus #1252, whose
/// repository states no licence: the lines are built here in that shape, not kept as a fixture).
@Suite struct IPSCutFragmentTests {
  static let text = """
      "parentPid" : 1,
      "coalitionName" : "com.example.app",
      "basebandVersion" : "5.00.00",
      "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","rawCodes":[0,0],"type":"EXC_CRASH","signal":"SIGKILL"},
      "termination" : {"code":2343432205,"flags":6,"namespace":"FRONTBOARD","reasons":["<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<com.example.app(49DBC350-8BAD-43D0-9E46-930AF1B765ED)>:5752 exhausted CPU time allowance of 2.74 seconds","ProcessVisibility: Background","WatchdogEvent: scene-create","WatchdogVisibility: Background","WatchdogCPUStatistics: (","\\"Elapsed application CPU time (seconds): 3.285, 18% CPU\\"",") reportType:CrashLog maxTer
    """

  @Test func aFragmentStartingAtAnyKeyIsRead() throws {
    let reports = try CrashReportReader.read(SourceText(text: Self.text))
    let report = try #require(reports.first)
    #expect(report.exception?.type == "EXC_CRASH")
  }

  @Test func theCompletePartOfACutTerminationIsKept() throws {
    let report = try #require(try CrashReportReader.read(SourceText(text: Self.text)).first)
    #expect(report.termination?.namespace == "FRONTBOARD")
    #expect(report.termination?.code == 2_343_432_205)
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .watchdogHang)
    // The named scene-create event makes it a hang (the main thread did not answer it): medium.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains { $0.key == "watchdog-event" && $0.value == "scene-create" })
    #expect(report.issues.contains { $0.message.contains("stops inside a value (\"termination\")") })
  }

  @Test func textStartingWithAQuotedKeyButNoBodyMemberIsNotAFragment() {
    #expect(IPSFragmentReader.read(SourceText(text: "\"name\" : \"x\",\n\"other\" : 2\n")) == nil)
  }

  @Test func aCutScalarIsDroppedAndNestedCutsKeepTheirCompleteParts() throws {
    var reader = JSONReader(bytes: Array("{\"a\":1,\"b\":[\"x\",{\"c\":2,\"d\":\"cu".utf8))
    reader.skipWhitespace()
    let value = try #require(IPSFragmentReader.salvage(reader))
    guard case .object(let members) = value.kind else { Issue.record("not an object"); return }
    #expect(members.map(\.key) == ["a", "b"])
    #expect(IPSFragmentReader.salvage(JSONReader(bytes: Array("\"unterminated".utf8))) == nil)
  }
}
