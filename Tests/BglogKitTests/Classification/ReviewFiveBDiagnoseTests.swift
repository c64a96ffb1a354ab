import BglogTestSupport
import Testing

@testable import BglogKit

/// Session 5b review (fresh pastes). The sources' licences are not known, so each test builds the shape
/// in code (**synthetic**, after the source it names), in the layout those reports use.
@Suite struct ReviewFiveBDiagnoseTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    try CrashReportReader.read(SourceText(text: text)).map { CrashClassifier().diagnose($0) }
  }

  /// Synthetic, after superpowered617 (a SPRINGBOARD scene-update kill in the foreground, no threads):
  /// the named scene event is a hang, medium, with no background-task advice.
  @Test func aForegroundSceneUpdateWithoutThreadsIsAHangNotALeak() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Termination Description: SPRINGBOARD, scene-update watchdog transgression: application<com.example.app>:500 exhausted real (wall clock) time allowance of 10.00 seconds | ProcessVisibility: Foreground | ProcessState: Running | WatchdogEvent: scene-update | WatchdogVisibility: Foreground
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("did not finish the scene-update event"))
    #expect(!diagnosis.explanation.contains("cannot tell"))
    #expect(!diagnosis.advice.joined().contains("beginBackgroundTask"))
    #expect(diagnosis.facts.contains(Fact("missing-evidence", "the main thread's backtrace")))
  }

  /// Synthetic, after suelanblog (the same in the background): still a hang, advice for the handlers that
  /// run during scene updates, never for background tasks.
  @Test func aBackgroundSceneUpdateIsStillAHang() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Termination Description: SPRINGBOARD, scene-update watchdog transgression: application<com.example.app>:307 exhausted real (wall clock) time allowance of 10.00 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: scene-update | WatchdogVisibility: Background
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.advice.contains { $0.contains("The app was in the background") })
    #expect(!diagnosis.advice.joined().contains("beginBackgroundTask"))
  }

  /// Synthetic: a scene-create kill from assertiond (which enforces background time) is contradicted: low.
  @Test func aSceneCreateFromAssertiondStaysLow() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d
      Termination Description: ASSERTIOND, scene-create watchdog transgression: application<com.example.app>:62 exhausted real (wall clock) time allowance of 19.96 seconds | WatchdogEvent: scene-create
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.explanation.contains("the kill came from assertiond"))
  }

  /// Synthetic, after transistorsoft/flutter_background_fetch #127 (iOS 14 beta): no Termination Reason
  /// line, the exception type names the CODESIGNING kill.
  @Test func theExceptionTypesCodesigningKillIsCodeSigning() throws {
    let text = """
      Exception Type:  EXC_BAD_ACCESS (SIGKILL - CODESIGNING)
      Exception Subtype: UNKNOWN_0x32 at 0x000000010ae81d60
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .codeSigning)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.evidence.contains { $0.quote.contains("SIGKILL - CODESIGNING") })
    let plain = try #require(try Self.diagnose("Exception Type:  EXC_BAD_ACCESS (SIGKILL)\n").first)
    #expect(plain.kind != .codeSigning)
  }

  /// Synthetic, after flutter_callkit_incoming #745 (the console's line pasted alone): PushKit's own kill
  /// reason is voip-push-not-reported, high.
  @Test func pushKitsKillMessageAloneIsVoipPushNotReported() throws {
    let text =
      "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app "
      + "because it never posted an incoming call to the system after receiving a PushKit VoIP push.'\n"
    let diagnoses = try Self.diagnose(text)
    #expect(diagnoses.map(\.kind) == [.voipPushNotReported])
    #expect(diagnoses.first?.confidence == .high)
    #expect(diagnoses.first?.evidence.first?.location == .line(1))
    #expect(throws: ReportParseError.self) {
      try Self.diagnose("Terminating app due to uncaught exception 'NSInternalInconsistencyException'\n")
    }
  }

  /// Synthetic: the same reason in a report's Application Specific Information wins over the plain abort.
  @Test func pushKitsKillReasonInAReportIsNotAPlainAbort() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGABRT)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Triggered by Thread:  0

      Application Specific Information:
      *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app because it never posted an incoming call to the system after receiving a PushKit VoIP push.'

      Thread 0 Crashed:
      0   libsystem_kernel.dylib        \t0x00000001c0c5fec4 __pthread_kill + 8
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .voipPushNotReported)
    #expect(diagnosis.evidence.contains { $0.quote.contains("never posted an incoming call") })
  }

  /// Synthetic, after bugfender-ios #38 (a SIGABRT paste without Binary Images): the evidence names the
  /// call that raised the exception and the first frame outside the system libraries, never
  /// `__exceptionPreprocess`.
  @Test func anAbortWithoutAppImagesNamesTheFramesPastTheThrow() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGABRT)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Triggered by Thread:  0

      Last Exception Backtrace:
      0   CoreFoundation                \t0x208a52ea0 __exceptionPreprocess + 228
      1   libobjc.A.dylib               \t0x207c24a40 objc_exception_throw + 55
      2   CoreFoundation                \t0x20893a758 -[__NSArrayM objectAtIndex:] + 187
      3   ExampleSDK                    \t0x101fc4448 0x101fb8000 + 50248

      Thread 0 Crashed:
      0   libsystem_kernel.dylib        \t0x00000001c0c5fec4 __pthread_kill + 8
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .abort)
    #expect(!diagnosis.evidence.contains { $0.quote.contains("__exceptionPreprocess") })
    #expect(diagnosis.evidence.contains { $0.quote.contains("objectAtIndex:") && $0.note.contains("raised") })
    #expect(diagnosis.evidence.contains { $0.quote.contains("ExampleSDK") && $0.note.contains("outside the system") })
    #expect(!diagnosis.advice.joined().contains("named in the evidence"))
  }

  /// Synthetic, after ish-app/ish #786 (a bug_type 202 microstackshot of iOS 12): an empty `Boot args:` and
  /// the `Heaviest stack for the target process:` heading are header lines, not unreadable ones.
  @Test func aMicrostackshotsBootArgsAndHeaviestStackHeadingAreNotDamage() throws {
    let text = """
      {"app_name":"Example","bug_type":"202","os_version":"iPhone OS 12.4.9 (16H5)","name":"Example"}
      Incident Identifier: A8ED3F7E-0568-4205-A8D9-D742F41B411C
      Command:         Example
      PID:             16158

      Event:           cpu usage
      Action taken:    none
      CPU:             144 seconds cpu time over 151 seconds (95% cpu average), exceeding limit of 80% cpu over 180 seconds

      Hardware model:  iPhone6,1
      Active cpus:     2
      Boot args:

      Heaviest stack for the target process:
      """
    let reports = try CrashReportReader.read(SourceText(text: text))
    let report = try #require(reports.first)
    #expect(!report.issues.contains { $0.message.contains("unreadable line") }, "\(report.issues)")
    #expect(CrashClassifier().diagnose(report).kind == .cpuLimit)
  }
}
