import BglogKit
import BglogTestSupport
import Testing

@Suite struct IPSReportParserTests {
  private func parse(_ text: String) throws -> [CrashReport] {
    try IPSReportParser().parseDocument(SourceText(text: text))
  }

  private func fixture(_ name: String) throws -> CrashReport {
    let reports = try IPSReportParser().parseDocument(try Fixtures.source("ips/" + name))
    return try #require(reports.first)
  }

  // MARK: - bug_type 309

  @Test func frontboardWatchdogKeepsTheDecimalCodeExactly() throws {
    let report = try fixture("synthetic-309-frontboard-8badf00d-background.ips")
    #expect(report.format == .ips)
    #expect(report.bugType == "309")
    #expect(report.termination?.namespace == "FRONTBOARD")
    #expect(report.termination?.code == 0x8bad_f00d)
    #expect(report.termination?.location == .json("termination.code", line: 27))
    #expect(report.termination?.reason == "FRONTBOARD 2343432205")
    #expect(
      report.termination?.description
        == "[app<com.example.BackgroundDemo>:4321] Failed to terminate gracefully after 5.0s")
    #expect(report.termination?.details.contains("WatchdogVisibility: Background") == true)
    #expect(report.exception?.type == "EXC_CRASH")
    #expect(report.exception?.signal == "SIGKILL")
    #expect(report.header.role == "Non UI")
    #expect(report.header.parentProcess == "launchd [1]")
    #expect(report.header.osVersion == "iPhone OS 17.4.1 (21E236)")
    #expect(report.header.incidentIdentifier == "0A1B2C3D-0000-4000-8000-00000000F00D")
    #expect(report.applicationSpecificInformation.first?.location.jsonPath == "asi.BackgroundDemo[0]")
  }

  @Test func framesResolveImagesAndAddresses() throws {
    let report = try fixture("synthetic-309-frontboard-8badf00d-background.ips")
    let main = try #require(report.mainThread)
    #expect(main.crashed)
    #expect(main.dispatchQueue == "com.apple.main-thread")
    #expect(
      main.frames.map(\.image) == [
        "libsystem_kernel.dylib", "libsystem_kernel.dylib", "CoreFoundation", "CoreFoundation", "GraphicsServices",
        "BackgroundDemo",
      ])
    #expect(main.frames[0].symbol == "mach_msg2_trap")
    #expect(main.frames[0].symbolOffset == 8)
    #expect(main.frames[0].imageBase == 9_953_230_848)
    #expect(main.frames[0].address == 9_953_230_848 + 3284)
    #expect(main.frames[5].symbol == nil)
    #expect(main.frames[0].location?.jsonPath == "threads[0].frames[0]")
    #expect(report.threads[1].name == "com.apple.uikit.eventfetch-thread")
    // imageIndex 9 is past the four used images: the frame stays, marked unknown.
    #expect(report.threads[1].frames[1].image == "???")
    #expect(report.issues.map(\.message) == ["threads[1].frames[1].imageIndex 9 is not in usedImages"])
    #expect(report.binaryImages[2].bundleIdentifier == "com.apple.CoreFoundation")
    #expect(report.binaryImages[0].end == 4_302_503_936 + 65536 - 1)
  }

  @Test func runningboardLockKillReadsIndicatorAndSurvivesMalformedPieces() throws {
    let report = try fixture("synthetic-309-runningboard-dead10cc.ips")
    #expect(report.termination?.namespace == "RUNNINGBOARD")
    #expect(report.termination?.code == 0xdead_10cc)
    #expect(report.termination?.description?.hasSuffix("Library/notes.sqlite") == true)
    #expect(report.termination?.descriptionLocation?.jsonPath == "termination.indicator")
    #expect(report.crashedThread?.value == 1)
    #expect(report.blamedThread?.dispatchQueue == "com.example.db")
    #expect(report.blamedThread?.frames.count == 2)
    #expect(report.blamedThread?.frames[1].imageOffset == nil)
    #expect(report.issues.contains { $0.message == "lastExceptionBacktrace is not an array" })
    #expect(report.header.version == "5.0 (500)")
  }

  @Test func bodyWithoutMetadataLineIsStillRead() throws {
    let reports = try parse(
      #"{"procName":"A","exception":{"type":"EXC_BAD_ACCESS"},"termination":{"code":"0xbada5e47"}}"#)
    #expect(reports.first?.exception?.type == "EXC_BAD_ACCESS")
    #expect(reports.first?.termination?.code == 0xbada_5e47)
    #expect(reports.first?.issues.map(\.message) == ["the metadata line is missing"])
  }

  @Test func unexpectedShapesBecomeIssuesNotFailures() throws {
    let text = """
      {"bug_type":"309","incident_id":"X"}
      {"exception":"EXC_CRASH","termination":{"code":"later"},"threads":{},"faultingThread":"main","usedImages":7}
      """
    let report = try #require(try parse(text).first)
    #expect(report.header.incidentIdentifier == "X")
    #expect(report.exception == nil)
    #expect(report.termination?.code == nil)
    #expect(
      report.issues.map(\.message) == [
        "exception is not an object", "termination.code is not a number: later", "usedImages is not an array",
        "faultingThread is not a number", "threads is not an array",
      ])
    #expect(report.issues.allSatisfy { $0.location?.line == 2 })
  }

  // MARK: - Other bug types

  @Test func jetsamEventListsProcessesAndTheKilledOne() throws {
    let report = try fixture("synthetic-298-jetsam-per-process-limit.ips")
    #expect(report.category == .jetsam)
    #expect(report.jetsam?.largestProcess == "PhotoEditor")
    #expect(report.jetsam?.processes.map(\.name) == ["mediaserverd", "PhotoEditor"])
    let killed = try #require(report.jetsam?.killed.first)
    #expect(killed.reason == "per-process-limit")
    #expect(killed.pid == 2048)
    #expect(killed.residentPages == 91000)
    #expect(killed.states == ["frontmost", "resume"])
    #expect(killed.bundleIdentifier == "com.example.PhotoEditor")
    #expect(killed.location?.line == 25)
    #expect(report.issues.map(\.message) == ["processes[2] has no name"])
    #expect(report.header.hardwareModel == "iPhone13,2")
  }

  @Test func unknownAndNonCrashBugTypesSayWhatTheyAre() throws {
    let unknown = try #require(try parse("{\"bug_type\":\"999\"}\n{\"x\":1}").first)
    #expect(unknown.category == .other)
    #expect(unknown.otherDescription?.value == "bug_type 999")
    let stackshot = try #require(try parse("{\"bug_type\":\"288\"}\n{\"x\":1}").first)
    #expect(stackshot.category == .stackshot)
    #expect(stackshot.otherDescription?.value == "bug_type 288 (stackshot)")
    let panic = try #require(
      try parse("{\"bug_type\":\"210\"}\n{\"panicString\":\"panic(cpu 0 caller 0x1): x\\nmore\"}").first)
    #expect(panic.category == .panic)
    #expect(panic.otherDescription?.value == "panic(cpu 0 caller 0x1): x")
  }

  @Test func textBodyIsHandedToTheTextParser() throws {
    let text = """
      {"app_name":"Demo","bug_type":"109","os_version":"iOS 14.1 (18A8395)","incident_id":"ABC","bundleID":"c"}
      Incident Identifier: ABC
      Hardware Model:      iPhone12,1
      """
    let report = try #require(try parse(text).first)
    #expect(report.format == .ipsText)
    #expect(report.bugType == "109")
    #expect(report.category == .crash)
    #expect(report.startLine == 1)
    #expect(report.header.incidentIdentifier == "ABC")
    #expect(report.header.bundleIdentifier == "c")
    #expect(report.header.osVersion == "iOS 14.1 (18A8395)")
    #expect(report.header.field("app_name")?.value == "Demo")
  }

  @Test func microstackshotTextGivesAResourceEvent() throws {
    let text = """
      {"bug_type":"206","name":"Runner"}
      Event:           wakeups
      Action taken:    none
      Wakeups:         45001 wakeups over the last 300 seconds
      """
    let report = try #require(try parse(text).first)
    #expect(report.category == .resource)
    #expect(report.resource?.event == "wakeups")
    #expect(report.resource?.isFatal == false)
    #expect(report.resource?.location?.line == 2)
    #expect(report.resource?.summary == "45001 wakeups over the last 300 seconds")
  }

  // MARK: - MetricKit and KSCrash

  @Test func metricKitPayloadsInAnArrayGiveCrashAndResourceReports() throws {
    let reports = try IPSReportParser().parseDocument(
      try Fixtures.source("ips/synthetic-metrickit-wrapped-payloads.json"))
    #expect(reports.map(\.category) == [.crash, .resource, .resource])
    #expect(reports.allSatisfy { $0.format == .metricKit })
    let crash = reports[0]
    #expect(crash.exception?.type == "EXC_CRASH")
    #expect(crash.exception?.signal == "SIGKILL")
    #expect(crash.termination?.namespace == "FRONTBOARD")
    #expect(crash.termination?.code == 0x8bad_f00d)
    #expect(crash.header.version == "3.1 (310)")
    #expect(crash.crashedThread?.value == 1)
    let blamed = try #require(crash.blamedThread)
    #expect(blamed.frames.map(\.image) == ["Downloader", "Foundation", "Downloader"])
    #expect(blamed.frames[0].imageBase == 4_302_503_936)
    #expect(blamed.frames[0].imageOffset == 17480)
    #expect(crash.threads[0].crashed == false)
    #expect(reports[1].resource?.event == "cpu usage")
    #expect(reports[1].resource?.summary == "totalCPUTime 91 sec, totalSampledTime 180 sec")
    #expect(reports[2].resource?.event == "hang")
    #expect(reports[2].resource?.summary == "hangDuration 4.5 sec")
  }

  @Test func kscrashRecordsTheOSExitReason() throws {
    let reports = try IPSReportParser().parseDocument(
      try Fixtures.source("ips/synthetic-kscrash-watchdog-exit-reason.json"))
    let report = try #require(reports.first)
    #expect(report.format == .kscrash)
    #expect(report.exception?.type == "EXC_CRASH")
    #expect(report.exception?.signal == "SIGKILL")
    #expect(report.exception?.codes == "0x9, 0x25")
    #expect(report.termination?.code == 0x8bad_f00d)
    #expect(report.header.osVersion == "iOS 26.1 (25B78)")
    let main = try #require(report.mainThread)
    #expect(main.frames[0].symbol == "__semwait_signal")
    #expect(main.frames[0].symbolOffset == 10)
    #expect(main.frames[1].image == "CrashTest")
    #expect(main.frames[1].imageOffset == 728)
  }

  // MARK: - Failures

  @Test func documentsThatAreNotReportsThrow() {
    #expect(throws: ReportParseError.notAReport("a JSON object that is not a crash report (keys: name, version)")) {
      try parse(#"{"name":"package","version":"1.0"}"#)
    }
    #expect(
      throws: ReportParseError.invalidJSON(
        line: 2, column: 7, message: "unexpected end of input inside an object (the input ends there: it is cut)")
    ) {
      try parse("{\n\"a\": 1")
    }
    #expect(throws: ReportParseError.empty) { try parse("  \n ") }
  }
}
