import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// The partial and unusual shapes of issue 14, on inputs built in code where no licensed real
/// example was found (each test says so). Real examples are fixtures in `Tests/Fixtures/crash`.
@Suite struct PartialReportTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { CrashClassifier().diagnose($0, source: source) }
  }

  /// Synthetic: the members of `Tests/Fixtures/ips/synthetic-309-frontboard-8badf00d-background.ips`
  /// pasted without the metadata line or the enclosing object, the way people quote an `.ips` body.
  @Test func anIPSBodyFragmentIsReadNotRefused() throws {
    let lines = try Fixtures.source("ips/synthetic-309-frontboard-8badf00d-background.ips").lines
    let members = lines.filter { line in
      ["\"exception\"", "\"termination\"", "\"faultingThread\""].contains { line.hasPrefix("  " + $0) }
    }
    #expect(members.count == 3)
    let diagnoses = try Self.diagnose(members.joined(separator: "\n"))
    #expect(diagnoses.map(\.kind) == [.watchdogHang])
    #expect(diagnoses.first?.confidence == .low)
    #expect(diagnoses.first?.facts.contains(Fact("watchdog-event", "process-exit")) == true)
  }

  @Test func anIPSFragmentCutInsideAValueKeepsTheMembersBeforeIt() throws {
    let text = """
        "termination" : {"code":3735883980,"flags":6,"namespace":"RUNNINGBOARD"},
        "faultingThread" : 0,
        "threads" : [{"triggered":true,"id":7,"frames":[{"imageOffset":4
      """
    let source = SourceText(text: text)
    let reports = try CrashReportReader.read(source)
    #expect(reports.count == 1)
    #expect(reports.first?.termination?.code == 0xdead_10cc)
    #expect(reports.first?.issues.contains { $0.message.contains("stops inside a value") } == true)
    #expect(reports.map { CrashClassifier().diagnose($0).kind } == [.suspendedWithLockedFile])
  }

  /// Synthetic, in the layout of a hard-wrapped Termination Description as quoted on Apple's
  /// developer forums (one `|` item per line): no Termination Reason line, no threads.
  @Test func aHardWrappedTerminationDescriptionAloneIsAWatchdogReading() throws {
    let text = """
      Termination Description:
      SPRINGBOARD,
      scene-create watchdog transgression: com.example.App
      exhausted real (wall clock) time allowance of 19.69 seconds |
      | ProcessVisibility: Foreground
      | WatchdogEvent: scene-create
      | )
      """
    let diagnoses = try Self.diagnose(text)
    #expect(diagnoses.map(\.kind) == [.watchdogHang])
    // The named scene-create event, in the foreground: a hang, medium without the main thread.
    #expect(diagnoses.first?.confidence == .medium)
    #expect(diagnoses.first?.facts.contains(Fact("watchdog-event", "scene-create")) == true)
    #expect(diagnoses.first?.facts.contains { $0.key == "missing-evidence" } == true)
    #expect(diagnoses.first?.evidence.allSatisfy { !$0.quote.contains("\n") && !$0.quote.isEmpty } == true)
  }

  /// Synthetic EXC_RESOURCE text blocks in the layout of Apple's Energy Efficiency Guide example and
  /// of device reports quoted in public notes (`Exception Subtype: WAKEUPS`, `NON-FATAL CONDITION`).
  @Test(arguments: [
    (
      "Exception Type: EXC_RESOURCE\nException Subtype: CPU_FATAL\nException Message: (Limit 80%) Observed 89% over 60 seconds\n",
      DiagnosisKind.cpuLimit, true
    ),
    (
      "Exception Type:  EXC_RESOURCE\nException Subtype: CPU\nException Message: (Limit 50%) Observed 52% over 180 secs\nException Note:  NON-FATAL CONDITION (this is NOT a crash)\n",
      .cpuLimit, false
    ),
    (
      "Exception Type: EXC_RESOURCE\nException Subtype: WAKEUPS\nException Message: (Limit 150/sec) Observed 206/sec over 300 secs\nException Note:  NON-FATAL CONDITION (this is NOT a crash)\n",
      .wakeupsLimit, false
    ),
    (
      "Exception Type: EXC_RESOURCE\nException Subtype: MEMORY\nException Message: (Limit 1800 MB) Observed 1990 MB\nException Note: NON-FATAL CONDITION (this is NOT a crash)\n",
      .memoryLimit, false
    ),
  ])
  func excResourceTextReportsNameTheResourceAndWhetherFatal(text: String, kind: DiagnosisKind, fatal: Bool) throws {
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == kind)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.summary.contains("not killed") == !fatal)
  }

  @Test func excResourceWithoutFatalityIsMediumAndSaysWhatIsMissing() throws {
    let diagnosis = try #require(try Self.diagnose("Exception Type: EXC_RESOURCE\nException Subtype: WAKEUPS\n").first)
    #expect(diagnosis.kind == .wakeupsLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
  }

  @Test func bugType185IsAResourceReportNotOtherReport() {
    #expect(IPSBugType(rawValue: "185").category == .resource)
  }

  @Test func everyReasonNamespaceOfXNUIsKnownWithItsNumber() {
    // bsd/sys/reason.h: OS_REASON_JETSAM 1 … OS_REASON_BOOTMOUNT 36 (apple-oss-distributions/xnu).
    let numbers = Set(TerminationNamespace.all.compactMap(\.number))
    #expect(numbers == Set(1...36))
    #expect(TerminationNamespace.named("<0xF>")?.name == "RUNNINGBOARD")
    #expect(TerminationNamespace.named("tcc")?.number == 11)
    #expect(TerminationNamespace.all.allSatisfy { !$0.meaning.isEmpty })
  }

  @Test(arguments: ["LIBXPC", "PORT_SPACE", "SANDBOX", "EXEC", "BACKLIGHTSERVICES", "WATCHDOG"])
  func otherNamespacesAreNamedWithTheirMeaning(namespace: String) {
    var report = CrashReport(format: .text)
    report.exception = ExceptionInfo(type: "EXC_CRASH", signal: "SIGKILL", location: .line(1))
    report.termination = TerminationInfo(
      namespace: namespace, code: 1, reason: "Namespace \(namespace), Code 1", location: .line(2))
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .osTermination)
    #expect(diagnosis.summary.hasPrefix(namespace))
    #expect(diagnosis.facts.contains { $0.key == "namespace-meaning" })
    // No reason text: the component's objection is missing, so not high.
    #expect(diagnosis.confidence == .medium)
  }

  @Test func aGuardCodeAloneGivesTheGuardType() {
    var report = CrashReport(format: .text)
    report.exception = ExceptionInfo(type: "EXC_GUARD", signal: "SIGKILL", location: .line(1))
    // GUARD_TYPE_FD (2) in bits 63:61, fd 0: the code termio-sh/termio issue #383 quotes.
    report.termination = TerminationInfo(
      namespace: "GUARD", code: 0x4000_0001_0000_0000, reason: "GUARD 0x4000000100000000", location: .line(2))
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .guardViolation)
    #expect(diagnosis.facts.contains(Fact("guard-type", "GUARD_TYPE_FD")))
  }

  @Test func abortKeepsTheApplicationSpecificInformationAndAdviceFitsTheSections() {
    var report = CrashReport(format: .text)
    report.exception = ExceptionInfo(type: "EXC_CRASH", signal: "SIGABRT", location: .line(1))
    report.applicationSpecificInformation = [
      Located("dyld3 mode", at: .line(3)), Located("stack buffer overflow", at: .line(4)),
    ]
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.summary.contains("stack buffer overflow"))
    #expect(!diagnosis.summary.contains("dyld3"))
    #expect(!diagnosis.advice.contains { $0.contains("first app frame of the Last Exception Backtrace") })
    #expect(diagnosis.advice.contains { $0.contains("no Last Exception Backtrace") })
  }

  /// Binary image lines of a Simulator report (flutter/flutter issue #110464): the runtime's
  /// libraries sit under `Xcode.app/…/RuntimeRoot/` and are marked `+` in older layouts.
  @Test func simulatorRuntimeLibrariesAreNotAppCode() {
    var report = CrashReport(format: .text)
    report.header.processName = "Runner"
    report.binaryImages = [
      BinaryImage(
        name: "libsystem_c.dylib",
        path: "/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Library/Developer/"
          + "CoreSimulator/Profiles/Runtimes/iOS.simruntime/Contents/Resources/RuntimeRoot/usr/lib/system/"
          + "libsystem_c.dylib"),
      BinaryImage(
        name: "Runner.debug.dylib",
        path: "/Users/USER/Library/Developer/CoreSimulator/Devices/X/data/Containers/Bundle/Application/Y/"
          + "Runner.app/Runner.debug.dylib"),
    ]
    #expect(!report.appImageNames.contains("libsystem_c.dylib"))
    #expect(report.appImageNames.contains("Runner.debug.dylib"))
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        StackFrame(index: 0, image: "libsystem_c.dylib", symbol: "raise"),
        StackFrame(index: 1, image: "Runner.debug.dylib", symbol: "main"),
      ])
    #expect(StackAnalysis.firstAppFrame(thread, appImages: report.appImageNames)?.image == "Runner.debug.dylib")
    // Without binary images or a process name, an Xcode 16 debug dylib is still the app.
    #expect(StackAnalysis.firstAppFrame(thread, appImages: [])?.image == "Runner.debug.dylib")
  }

  /// Synthetic `.ips` body: a symbol holding a newline (JSON `\n`) must not split a line of output.
  @Test func aSymbolWithANewlineIsKeptOnOneLine() throws {
    let text = """
      {"bug_type":"309","os_version":"iPhone OS 17.0 (21A329)"}
      {"exception":{"type":"EXC_BREAKPOINT","signal":"SIGTRAP"},"faultingThread":0,
      "usedImages":[{"name":"App","base":4096}],
      "threads":[{"triggered":true,"frames":[{"imageIndex":0,"imageOffset":12,"symbol":"evil\\nline\\u001b[31m"}]}]}
      """
    let source = SourceText(text: text)
    let report = try #require(try CrashReportReader.read(source).first)
    #expect(report.threads.first?.frames.first?.symbol == "evil\\nline\\u{1B}[31m")
    let diagnosis = CrashClassifier().diagnose(report, source: source)
    #expect(diagnosis.kind == .trap)
    for text in diagnosis.evidence.map(\.quote) + diagnosis.facts.map(\.value) {
      #expect(!text.contains("\n") && !text.contains("\u{1B}"), "\(text)")
    }
  }
}

/// Issue 16 item 12 on the real Xcode 16 Simulator report of the shared corpus (read in place).
@Suite(
  .enabled(
    if: Fixtures.hasShared("corpus/crash/simulator-macos15-bug309-exc-breakpoint-thread13.ips"),
    Comment(rawValue: Fixtures.sharedMissing("corpus/crash/simulator-macos15-bug309-exc-breakpoint-thread13.ips"))))
struct SimulatorCorpusReportTests {
  @Test func theDebugDylibIsTheAppAndTheAssertionSymbolStaysOnOneLine() throws {
    let path = Fixtures.sharedPath("corpus/crash/simulator-macos15-bug309-exc-breakpoint-thread13.ips")
    let source = SourceText(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    let report = try #require(try CrashReportReader.read(source).first)
    let crashed = try #require(report.blamedThread)
    // Frame 0's symbol is libc++'s assertion message, which ends in a newline in the JSON.
    #expect(crashed.frames.first?.symbol?.contains("\n") == false)
    #expect(StackAnalysis.firstAppFrame(crashed, appImages: report.appImageNames)?.image == "Transit.debug.dylib")
    let diagnosis = CrashClassifier().diagnose(report, source: source)
    #expect(diagnosis.kind == .trap)
    #expect(diagnosis.evidence.allSatisfy { !$0.quote.contains("\n") })
  }
}
