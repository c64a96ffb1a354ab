import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Issue 14, session 4: the kernel's memory-limit line pasted alone, two report pieces pasted in one
/// text, and the kind each termination namespace gives. Real examples are fixtures in
/// `Tests/Fixtures/crash` (the talk-ios #1223 line among them); the texts here are built in code to
/// vary one thing at a time, and each says what it is modelled on.
@Suite struct PastedPiecesTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: The kernel's memory-limit line

  /// The newer spelling, as an idevicesyslog paste shows it (getlantern/lantern pull request #8971:
  /// `kernel         memorystatus: Tunnel [1509] exceeded mem limit: ActiveHard 50 MB (fatal)`), here
  /// with a made-up process and console prefix.
  @Test func theMemorystatusSpellingWithAConsolePrefixIsRead() throws {
    let read = try Self.read(
      "08:52:24.043  kernel         memorystatus: Packet Tunnel [1509] exceeded mem limit: ActiveHard 50 MB (fatal)\n")
    #expect(read.count == 1)
    let (report, diagnosis) = try #require(read.first)
    #expect(report.header.processName == "Packet Tunnel")
    #expect(report.header.processID == 1509)
    #expect(diagnosis.kind == .memoryLimit)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.summary.contains("killed Packet Tunnel [1509]"))
    #expect(diagnosis.evidence.first?.location == .line(1))
    #expect(diagnosis.facts.contains(Fact("limit", "ActiveHard 50 MB")))
  }

  /// XNU's format with `Soft` / `non-fatal`: a warning, not a kill.
  @Test func aNonFatalLineIsAWarning() throws {
    let read = try Self.read("EXC_RESOURCE -> MyApp[88] exceeded mem limit: InactiveSoft 1400 MB (non-fatal)")
    let diagnosis = try #require(read.first?.1)
    #expect(diagnosis.kind == .memoryLimit)
    #expect(diagnosis.summary.contains("not killed"))
    #expect(!diagnosis.explanation.contains("app extension"))
  }

  /// A line cut before `(fatal)` names the limit but not the outcome: medium, and says what is missing.
  @Test func aLineCutBeforeItsOutcomeIsMedium() throws {
    let diagnosis = try #require(
      try Self.read("EXC_RESOURCE -> Widget[12] exceeded mem limit: ActiveHard 30 MB").first?.1)
    #expect(diagnosis.kind == .memoryLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
  }

  /// The reader takes only texts made of such lines; anything else around them is not a crash report
  /// (a console log is the timeline's), and look-alikes are refused.
  @Test func otherTextIsNotReadAsMemoryLimitLines() {
    let mixed = """
      EXC_RESOURCE -> MyApp[88] exceeded mem limit: ActiveHard 24 MB (fatal)
      something else entirely
      """
    #expect(throws: ReportParseError.self) { try CrashReportReader.read(SourceText(text: mixed)) }
    for line in [
      "MyApp[88] exceeded mem limit: ActiveHard 24 MB (fatal)",
      "EXC_RESOURCE -> MyApp exceeded mem limit: ActiveHard 24 MB (fatal)",
      "EXC_RESOURCE -> MyApp[88] exceeded mem limit: 24 MB (fatal)",
    ] {
      #expect(MemoryLimitLineReader.parse(Substring(line)) == nil, "\(line)")
    }
  }

  // MARK: Two reports in one paste

  /// Synthetic, in the shape of an issue that quotes an older report's assertion list, a line of
  /// prose, then a newer report's exception block (the layout of lionheart/openradar-mirror issue
  /// #17003, which has no licence and is not copied). Apple writes the Application Specific
  /// Information after the exception lines, so the exception block is a second report: each piece
  /// is diagnosed on its own, and the assertion list does not make the second one a high reading.
  @Test func anAssertionListThenAnotherReportsExceptionBlockAreTwoReports() throws {
    let text = """
      Application Specific Information:
      Demo[4100] has active assertions beyond permitted time:
      {(
          <BKProcessAssertion: 0x170a6e2c0> identifier: Called by Demo, from -[Uploader start] process: Demo[4100] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:4100 preventSuspend  preventIdleSleep  preventSuspendOnSleep
      )}

      A newer report of the same crash has only this:
      Exception Type: EXC_CRASH (SIGKILL)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Triggered by Thread: 0
      """
    let read = try Self.read(text)
    #expect(read.map(\.0.startLine) == [1, 8])
    #expect(read.map(\.1.kind) == [.leakedBackgroundTask, .watchdogHang])
    #expect(read.allSatisfy { $0.1.confidence != .high })
    #expect(read[1].0.leakedAssertions.isEmpty)
  }

  /// Two exception blocks each with a Termination Reason, the second without an `Exception Type`:
  /// a second Termination Reason line starts a second report instead of replacing the first's.
  @Test func aSecondTerminationReasonStartsAnotherReport() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc

      and later, on another device:

      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      """
    let read = try Self.read(text)
    #expect(read.map(\.1.kind) == [.suspendedWithLockedFile, .watchdogHang])
  }

  /// The reverse order is one report, as Apple writes it: exception, then Application Specific Information.
  @Test func anExceptionBlockThenItsAssertionListIsOneReport() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Triggered by Thread:  0

      Application Specific Information:
      Demo[4100] has active assertions beyond permitted time:
      {(
          <BKProcessAssertion: 0x170a6e2c0> identifier: Called by Demo, from -[Uploader start] process: Demo[4100] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:4100 preventSuspend  preventIdleSleep  preventSuspendOnSleep
      )}
      """
    let read = try Self.read(text)
    #expect(read.count == 1)
    #expect(read.first?.1.kind == .leakedBackgroundTask)
  }

  // MARK: The real pieces the code-built tests stand in for

  static func diagnoseFixture(_ path: String) throws -> [(CrashReport, Diagnosis)] {
    let source = try Fixtures.source(path)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  /// The case issue 14 opens with, now real (michaelnisi/podest #17): the same checks as
  /// `ConfidenceCalibrationTests.aMainThreadCutAfterMachMsgIsLowAndSaysSo`, which builds it in code.
  @Test func theRealAssertiondCutStackIsALowLeakWithNoAppFrame() throws {
    let read = try Self.diagnoseFixture("crash/public-assertiond-8badf00d-non-ui-main-thread-cut-after-mach-msg.crash")
    let (report, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(report.header.role == "Non UI")
    #expect(report.mainThread?.frames.compactMap(\.symbol) == ["mach_msg_trap", "mach_msg"])
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.facts.contains { $0.key == "first-app-frame" })
    #expect(!diagnosis.summary.contains("busy"))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
  }

  /// The real EXC_RESOURCE WAKEUPS text report (pexip/pexkit-sdk #29) next to the code-built ones of
  /// `PartialReportTests`: no Exception Note in the paste, so fatal or not is named as missing.
  @Test func theRealWakeupsReportIsMediumAndNamesWhatIsMissing() throws {
    let (report, diagnosis) = try #require(
      try Self.diagnoseFixture("crash/public-exc-resource-wakeups-headerless-cut-thread-0.crash").first)
    #expect(report.exception?.subtype == "WAKEUPS")
    #expect(diagnosis.kind == .wakeupsLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("limit", "(Limit 150/sec) Observed 444/sec over 300 secs")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("fatal") })
  }

  /// The talk-ios #1223 line: the process, its pid, the limit and the outcome all come from the one line.
  @Test func theRealMemoryLimitLineIsReadWhole() throws {
    let (report, diagnosis) = try #require(
      try Self.diagnoseFixture("crash/public-exc-resource-mem-limit-line-notification-extension.txt").first)
    #expect(report.header.processName == "NotificationServiceExtension")
    #expect(report.header.processID == 478)
    #expect(diagnosis.kind == .memoryLimit)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains(Fact("limit", "ActiveHard 24 MB")))
    #expect(diagnosis.explanation.contains("app extension"))
    #expect(report.issues.contains { $0.message.contains("alone") })
  }

  // MARK: Namespaces

  /// `bglog explain NAME` says which kind a namespace gives (``TerminationNamespace/decidedKind``): it
  /// must be what the classifier gives a SIGKILL under that namespace with a code it does not know.
  @Test(arguments: TerminationNamespace.all)
  func theKindExplainNamesIsTheKindTheClassifierGives(namespace: TerminationNamespace) {
    let report = CrashClassifierTests.report(namespace: namespace.name, code: 0x1234, threads: [])
    let kind = CrashClassifier().diagnose(report).kind
    if let decided = namespace.decidedKind {
      #expect(kind == decided, "\(namespace.name)")
    } else if namespace.enforcesBackgroundTime {
      #expect(kind == .osTermination, "\(namespace.name): an unknown code under it")
    } else {
      #expect(namespace.name == "SIGNAL")
      #expect(kind != .osTermination)
    }
  }
}
