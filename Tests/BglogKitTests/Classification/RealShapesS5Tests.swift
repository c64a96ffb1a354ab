import BglogTestSupport
import Testing

@testable import BglogKit

/// Shapes of issue 14 that had only synthetic tests, now read from real pastes (fixtures' sources in
/// `Tests/Fixtures/crash/README.md` and `Tests/Fixtures/ips/README.md`).
@Suite struct RealShapesS5Tests {
  static func diagnose(fixture path: String) throws -> (CrashReport, Diagnosis) {
    let source = try Fixtures.source(path)
    let report = try #require(try CrashReportReader.read(source).first)
    return (report, CrashClassifier().diagnose(report, source: source))
  }

  static func diagnose(_ text: String) throws -> (CrashReport, Diagnosis) {
    let source = SourceText(text: text)
    let report = try #require(try CrashReportReader.read(source).first)
    return (report, CrashClassifier().diagnose(report, source: source))
  }

  // MARK: - Disk writes (firebase-ios-sdk #6391 and #11636)

  @Test(arguments: [
    "crash/public-disk-writes-microstackshot-body-iphone12-action-none.crash",
    "crash/public-disk-writes-microstackshot-pid-first-ipad-action-none.crash",
  ])
  func aDiskWritesReportIsAWarningWithItsFigures(path: String) throws {
    let (report, diagnosis) = try Self.diagnose(fixture: path)
    #expect(report.resource?.actionTaken == "none")
    #expect(diagnosis.kind == .diskWritesLimit)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.summary.contains("not a kill"))
    #expect(diagnosis.evidence.map(\.quote).contains { $0.hasPrefix("Event:") && $0.hasSuffix("disk writes") })
    #expect(diagnosis.evidence.map(\.quote).contains { $0.hasPrefix("Action taken:") && $0.hasSuffix("none") })
    let limit = try #require(diagnosis.facts.first { $0.key == "limit" }?.value)
    #expect(limit.contains("of file backed memory dirtied over"))
    #expect(limit.contains("exceeding limit of"))
  }

  /// The limit does not terminate a process: whatever the action line says, the kind stays a warning
  /// and the explanation says another report would name a kill.
  @Test func anActionOtherThanNoneDoesNotMakeDiskWritesAKill() throws {
    let (_, diagnosis) = try Self.diagnose(
      "Event:            disk writes\nAction taken:     Process killed\n"
        + "Writes:           1073.75 MB of file backed memory dirtied over 1003 seconds\n")
    #expect(diagnosis.kind == .diskWritesLimit)
    #expect(diagnosis.explanation.contains("does not terminate a process"))
    #expect(!diagnosis.summary.contains("killed"))
  }

  // MARK: - EXC_GUARD file descriptor (curl/curl #531)

  @Test func aFileDescriptorGuardIsAGuardViolation() throws {
    let (report, diagnosis) = try Self.diagnose(
      fixture: "crash/public-exc-guard-fd-close-single-spaced-thread-101.crash")
    #expect(report.crashedThread?.value == 101)
    #expect(diagnosis.kind == .guardViolation)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains(Fact("guard-type", "GUARD_TYPE_FD")))
    #expect(diagnosis.explanation.contains("CLOSE on file descriptor 14"))
    #expect(diagnosis.evidence.map(\.quote).contains("0 libsystem_kernel.dylib 0x0000000199c35db4 close + 8"))
  }

  // MARK: - .ips body fragment (pocket-casts-ios #556)

  @Test func anIPSTerminationFragmentIsAWatchdogKillWithoutAThread() throws {
    let (report, diagnosis) = try Self.diagnose(
      fixture: "ips/public-ips-body-fragment-termination-frontboard-scene-update-background.ips")
    #expect(report.termination?.namespace == "FRONTBOARD")
    #expect(report.termination?.code == 0x8bad_f00d)
    #expect(diagnosis.kind == .watchdogHang)
    // A named scene-update event is the main thread not answering it: a hang, medium without the thread.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "scene-update")))
    #expect(diagnosis.facts.contains(Fact("visibility", "Background")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
    #expect(report.issues.contains { $0.message.contains("fragment of an .ips body") })
  }

  // MARK: - Hard-wrapped Termination Description (ContactAssistApp/mobile #97)

  @Test func aHardWrappedDescriptionWithBlankLinesIsReadWhole() throws {
    let (report, diagnosis) = try Self.diagnose(
      fixture: "crash/public-termination-description-hard-wrapped-blank-lines-scene-create-foreground.crash")
    let description = try #require(report.termination?.description)
    #expect(description.contains("time allowance of 19.25 seconds"))
    #expect(description.contains("Elapsed application CPU time (seconds): 4.343"))
    #expect(report.issues.isEmpty, "\(report.issues)")
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "scene-create")))
    #expect(diagnosis.facts.contains(Fact("time-allowance", "19.25 s")))
    #expect(diagnosis.facts.contains(Fact("visibility", "Foreground")))
    #expect(diagnosis.facts.contains { $0.key == "application-cpu" && $0.value.hasPrefix("4.343 s") })
  }

  /// A blank line after a description line that stops mid-entry keeps the description open only
  /// for text: a field or a thread heading after it still ends the description.
  @Test(arguments: ["Triggered by Thread:  0", "Thread 0 Crashed:"])
  func aFieldAfterTheBlankLineEndsTheDescription(next: String) throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Termination Description: SPRINGBOARD, scene-update watchdog transgression: |

      \(next)
      0   libsystem_kernel.dylib        \t0x0000000203c1a284 mach_msg_trap + 8

      """
    let (report, _) = try Self.diagnose(text)
    #expect(report.termination?.description == "SPRINGBOARD, scene-update watchdog transgression: |")
    #expect(!report.threads.isEmpty || report.crashedThread != nil)
  }

  /// Two blank lines end the description even after a line that stops mid-entry.
  @Test func twoBlankLinesEndTheDescription() throws {
    let text = """
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Termination Description: SPRINGBOARD, scene-create watchdog transgression:


      prose after the paste

      """
    let (report, _) = try Self.diagnose(text)
    #expect(report.termination?.description == "SPRINGBOARD, scene-create watchdog transgression:")
  }
}
