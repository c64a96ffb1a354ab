import Testing

@testable import BglogKit

/// Format coverage with short SYNTHETIC reports. Each is modelled line for line on a shape seen
/// in public crash reports (named in the comments) and cut down to the lines under test.
@Suite struct LegacyCrashReportParserTests {
  private func document(_ lines: [String]) -> [CrashReport] {
    LegacyCrashReportParser().parseDocument(SourceText(text: lines.joined(separator: "\n")))
  }

  // Shape of iOS 16 FRONTBOARD watchdog reports (RBSTerminateContext over several lines).
  @Test func readsAFrontBoardContextOverSeveralLines() throws {
    let reports = document([
      "Incident Identifier: 00000000-0000-0000-0000-000000000001",
      "Process:             Sample [64385]",
      "Role:                Background",
      "Exception Type:  EXC_CRASH (SIGKILL)",
      "Exception Codes: 0x0000000000000000, 0x0000000000000000",
      "Termination Reason: FRONTBOARD 2343432205 ",
      "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: "
        + "application<com.example.sample>:64385 exhausted real (wall clock) time allowance of 10.00 seconds",
      "ProcessVisibility: Background",
      "ProcessState: Running",
      "WatchdogCPUStatistics: (",
      "\"Elapsed total CPU time (seconds): 20.190 (user 20.190, system 0.000), 34% CPU\",",
      ") reportType:CrashLog maxTerminationResistance:Interactive>",
      "",
      "Triggered by Thread:  0",
      "",
      "Thread 0 name:   Dispatch queue: com.apple.main-thread",
      "Thread 0 Crashed:",
      "0   libsystem_kernel.dylib        \t       0x24457a5c8 mach_msg2_trap + 8",
    ])
    try #require(reports.count == 1)
    let termination = try #require(reports[0].termination)
    #expect(termination.namespace == "FRONTBOARD")
    #expect(termination.code == 0x8badf00d)
    #expect(termination.details.count == 6)
    #expect(termination.location?.line == 6)
    let description = try #require(termination.description)
    #expect(description.hasPrefix("scene-update watchdog transgression: application<com.example.sample>:64385"))
    #expect(description.contains("\nProcessVisibility: Background\n"))
    #expect(!description.contains("reportType"))
    #expect(reports[0].header.field("ProcessVisibility") == nil)
    #expect(reports[0].crashedThread?.value == 0)
    #expect(reports[0].threads.first?.frames.first?.address == 0x24457a5c8)
    #expect(reports[0].issues.isEmpty)
  }

  // Shape of a visionOS 1.1 report: `RUNNINGBOARD 3735883980 ` with nothing after the code.
  @Test func readsADecimalRunningBoardCode() throws {
    let report = try #require(
      document([
        "Exception Type:  EXC_CRASH (SIGKILL)",
        "Termination Reason: RUNNINGBOARD 3735883980 ",
        "",
        "Triggered by Thread:  0",
      ]).first)
    #expect(report.termination?.namespace == "RUNNINGBOARD")
    #expect(report.termination?.code == 0xdead10cc)
    #expect(report.termination?.reason == "RUNNINGBOARD 3735883980")
  }

  @Test func readsSignalReasons() throws {
    let report = try #require(
      document(["Exception Type:  EXC_CRASH (SIGABRT)", "Termination Reason: SIGNAL 6 Abort trap: 6"]).first)
    #expect(report.termination?.namespace == "SIGNAL")
    #expect(report.termination?.code == 6)
    #expect(report.termination?.details.isEmpty == true)
  }

  // Shape of iOS 8 reports: `Exception Type: 00000020`, `Highlighted Thread`, BKNewProcess assertions.
  @Test func readsIOS8LeakedAssertions() throws {
    let report = try #require(
      document([
        "Process:             Sample [13362]",
        "OS Version:          iOS 8.2 (12D508)",
        "",
        "Exception Type:  00000020",
        "Exception Codes: 0x000000008badf00d",
        "Highlighted Thread:  4",
        "",
        "Application Specific Information:",
        "<BKNewProcess: 0x12de5ce60; com.example.sample; pid: 13362; hostpid: -1> has active assertions beyond "
          + "permitted time:",
        "{(",
        "    <BKProcessAssertion: 0x12dd36310> id: 7899-78F88300 name: Background Content Fetching (1065) process: "
          + "<BKNewProcess: 0x12de5ce60; com.example.sample; pid: 13362; hostpid: -1> permittedBackgroundDuration: "
          + "30.000000 reason: backgroundContentFetching owner pid:7899 preventSuspend  preventIdleSleep",
        ")}",
        "",
        "Elapsed total CPU time (seconds): 15.290 (user 15.290, system 0.000), 30% CPU",
        "",
        "Thread 0 name:  Dispatch queue: com.apple.main-thread",
        "Thread 0:",
        "0   libsystem_kernel.dylib        \t0x36d7c474 mach_msg_trap + 20",
      ]).first)
    #expect(report.exception?.type == "00000020")
    #expect(report.exception?.codes == "0x000000008badf00d")
    #expect(report.crashedThread?.value == 4)
    #expect(report.applicationSpecificInformation.count == 4)
    let assertion = try #require(report.leakedAssertions.first)
    #expect(report.leakedAssertions.count == 1)
    #expect(assertion.className == "BKProcessAssertion")
    #expect(assertion.name == "Background Content Fetching (1065)")
    #expect(assertion.reason == "backgroundContentFetching")
    #expect(assertion.durationSeconds == 30)
    #expect(assertion.owner == "pid:7899")
    #expect(assertion.location?.line == 11)
    #expect(report.threads.first?.crashed == false)
  }

  // Shape of iOS 6 reports: `identifier:` assertions with `finishTask` and 600 s.
  @Test func readsIOS6LeakedAssertions() throws {
    let report = try #require(
      document([
        "Exception Type:  00000020",
        "Exception Codes: 0x000000008badf00d",
        "",
        "Application Specific Information:",
        "Sample[408] has active assertions beyond permitted time: ",
        "{(",
        "    <BKProcessAssertion: 0x1dd52880> identifier: UIKitBackgroundCompletionTask process: Sample[408] "
          + "permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:408 preventSuspend  "
          + "preventIdleSleep ",
        ")}",
      ]).first)
    let assertion = try #require(report.leakedAssertions.first)
    #expect(assertion.name == "UIKitBackgroundCompletionTask")
    #expect(assertion.reason == "finishTask")
    #expect(assertion.durationSeconds == 600)
    #expect(assertion.owner == "pid:408")
  }

  @Test func readsTheSeed000AssertiondDescriptionAsASI() throws {
    // The assertiond console line of seed 000, placed where a crash report puts it.
    let report = try #require(
      document([
        "Exception Type:  EXC_CRASH (SIGKILL)",
        "Application Specific Information:",
        "BackgroundDemo:12636 has active assertions beyond permitted time: <BKProcessAssertion: 0x104273920; "
          + "\"com.apple.nsurlsessiond.handlesession com.mycompany.backgrounddemo.background1\" "
          + "(backgroundDownload:30s); id:…AEB425907B3C> (owner: nsurlsessiond:94)",
      ]).first)
    let assertion = try #require(report.leakedAssertions.first)
    #expect(assertion.reason == "backgroundDownload")
    #expect(assertion.durationSeconds == 30)
    #expect(assertion.owner == "nsurlsessiond:94")
  }

  @Test func readsDyldContinuationLines() throws {
    let report = try #require(
      document([
        "Exception Type:  EXC_CRASH (SIGABRT)",
        "Termination Reason: DYLD 1 Library missing",
        "Library not loaded: @rpath/Sample.framework/Sample",
        "Referenced from: <EC883AB4-B2D6-3A19-8004-D122CB3AF5BD> /Volumes/VOLUME/*/Sample.app/Sample",
        "Reason: tried: '/usr/lib/swift/Sample.framework/Sample' (no such file)",
        "(terminated at launch; ignore backtrace)",
        "",
        "Triggered by Thread:  0",
        "",
        "Kernel Triage:",
        "VM - (arg = 0x0) pmap_enter retried due to resource shortage",
        "",
      ]).first)
    let termination = try #require(report.termination)
    #expect(termination.namespace == "DYLD")
    #expect(termination.code == 1)
    #expect(termination.details.first == "Library not loaded: @rpath/Sample.framework/Sample")
    #expect(termination.details.last == "(terminated at launch; ignore backtrace)")
    #expect(termination.details.count == 4)
    #expect(report.header.field("Reason") == nil)
    let triage = report.header.field("Kernel Triage")?.value
    #expect(triage == "VM - (arg = 0x0) pmap_enter retried due to resource shortage")
    #expect(report.crashedThread?.value == 0)
  }

  @Test func findsReportsQuotedOrIndentedInsideATicket() throws {
    let lines = [
      "Hi team, the app died overnight again. Report below:",
      "",
      "> Incident Identifier: 3E16AE66-9CBE-43EC-AABE-CB136E415BAA",
      "> Process:             Sample [65256]",
      "> Exception Type:  EXC_CRASH (SIGKILL)",
      "> Termination Reason: Namespace SPRINGBOARD, Code 0xdead10cc",
      ">",
      "> Thread 0 Crashed:",
      "> 0   libsystem_kernel.dylib          0x000000018249f568 mach_msg_trap + 8",
      "",
      "And the one from yesterday:",
      "",
      "    Incident Identifier: 17143F71-7CB2-4A70-A7EA-1862B13C18AE",
      "    Exception Type:  EXC_CRASH (SIGKILL)",
      "    Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d",
      "    Thread 0 Crashed:",
      "    0   libsystem_kernel.dylib          0x00000001824a1014 write + 8",
      "",
      "Thanks, let me know what you think.",
      "Regards,",
      "Someone",
    ]
    let reports = document(lines)
    try #require(reports.count == 2)
    #expect(reports[0].header.processName == "Sample")
    #expect(reports[0].termination?.code == 0xdead10cc)
    #expect(reports[0].threads.first?.frames.first?.symbol == "mach_msg_trap")
    #expect(reports[0].startLine == 3)
    #expect(reports[0].endLine == 9)
    #expect(reports[0].issues.isEmpty)
    #expect(reports[1].termination?.namespace == "ASSERTIOND")
    #expect(reports[1].startLine == 13)
    #expect(reports[1].endLine == 17)
    #expect(reports[1].issues.isEmpty)
  }

  @Test func splitsConsecutiveReportsAtTheNextHeader() throws {
    let reports = document([
      "Incident Identifier: A", "Exception Type:  EXC_CRASH (SIGKILL)", "Thread 0 Crashed:",
      "0   libsystem_kernel.dylib  0x1 mach_msg_trap + 8", "Incident Identifier: B",
      "Exception Type:  EXC_BAD_ACCESS (SIGSEGV)",
    ])
    #expect(reports.map(\.header.incidentIdentifier) == ["A", "B"])
    #expect(reports.map(\.endLine) == [4, 6])
  }

  @Test func returnsNothingForText() {
    #expect(document(["Just some notes.", "Version: 2", "Nothing to see: really", ""]).isEmpty)
    #expect(document([]).isEmpty)
    #expect(document(["{\"bug_type\":\"309\"}", "{", "  \"procName\" : \"x\"", "}"]).isEmpty)
  }

  // Shape of macOS Console "Translated Report (Full Report Below)" files.
  @Test func stopsAtTheFullReportSeparator() throws {
    let reports = document([
      "-------------------------------------",
      "Translated Report (Full Report Below)",
      "-------------------------------------",
      "",
      "Process:               Sample [8592]",
      "Code Type:             X86-64 (Native)",
      "Crashed Thread:        0  Dispatch queue: com.apple.main-thread",
      "",
      "Exception Type:        EXC_CRASH (SIGSEGV)",
      "",
      "Thread 0 Crashed:: Dispatch queue: com.apple.main-thread",
      "0   libsystem_kernel.dylib            0x00007fff7017300e __pthread_kill + 10",
      "",
      "",
      "-----------",
      "Full Report",
      "-----------",
      "",
      "{\"app_name\":\"Sample\",\"bug_type\":\"309\"}",
      "{",
      "  \"uptime\" : 5600,",
      "  \"procName\" : \"Sample\",",
      "  \"exception\" : {\"type\":\"EXC_CRASH\",\"signal\":\"SIGSEGV\"},",
      "}",
    ])
    try #require(reports.count == 1)
    let report = reports[0]
    #expect(report.endLine == 12)
    #expect(report.crashedThread?.value == 0)
    #expect(report.threads.first?.dispatchQueue == "com.apple.main-thread")
    #expect(report.threads.first?.crashed == true)
    #expect(report.issues.isEmpty)
  }

  @Test func readsTheOldestLastExceptionBacktrace() throws {
    let report = try #require(
      document([
        "Exception Type:  EXC_CRASH (SIGABRT)",
        "Last Exception Backtrace:",
        "(0x3247f88f 0x34126259 0x3247f789)",
        "",
      ]).first)
    #expect(report.lastExceptionBacktrace?.frames.map(\.address) == [0x3247f88f, 0x34126259, 0x3247f789])
  }

  @Test func parsesALineRangeAsOneReport() {
    let source = SourceText(
      text: ["{\"bug_type\":\"109\"}", "Process: Sample [1]", "Exception Type:  SIGBUS", "some stray text"]
        .joined(separator: "\n"))
    let report = LegacyCrashReportParser().parse(source, lines: 1..<4)
    #expect(report.startLine == 2)
    #expect(report.endLine == 4)
    #expect(report.exception?.type == "SIGBUS")
    #expect(report.exception?.signal == nil)
    #expect(report.issues.map(\.location?.line) == [4])
  }

  @Test func survivesHostileInput() {
    let hostile = [
      "Thread 99999999999999999999999 Crashed:", "Process: [", "Process: x [99999999999999999999999]",
      "Exception Type: (", "Termination Reason: Namespace", "Termination Reason: FRONTBOARD 99999999999999999999999",
      "Termination Reason: <<<<", "0 a 0x", "0 a 0xFFFFFFFFFFFFFFFFFFFFFFFF b + 99999999999999999999999",
      "0 a 0x1 0x2 + 0xFFFFFFFFFFFFFFFFFFFF", "0x1 - 0x", "0x1 - 0x2 +", "Binary Images:", "0x1 - ??? <", "Thread 0:",
      "Thread 0 Crashed:x y z", "Triggered by Thread: x", ")", "(", "Last Exception Backtrace:", "(0x 0xzz",
    ]
    let reports = document(hostile)
    #expect(!reports.isEmpty)
    _ = LegacyCrashReportParser().parse(SourceText(text: hostile.joined(separator: "\n")), lines: 0..<100)
  }
}
