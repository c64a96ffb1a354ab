import BglogTestSupport
import Testing

@testable import BglogKit

/// Session 6: the CPU usage trigger (`Received (FATAL) CPU usage trigger:`) gave an event and no finding
/// (session 5b review, react-native-video #1513). It is now a `cpu-limit` finding: medium when marked
/// FATAL and the log does not show the end, high when the app's own end follows, low when not FATAL.
@Suite struct CPULimitFindingTests {
  static func build(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(text: text))
  }

  /// react-native-video #1513 (MIT), the real Console.app excerpt: symptomsd's FATAL trigger for My_App
  /// [716]; the only end in the log is the WebContent helper's (pid 720), which is not the app's.
  @Test func theRealFatalTriggerIsAMediumCPULimitFinding() throws {
    let result = TimelineBuilder().build(
      from: try Fixtures.source("console/real-rnvideo-1513-console-app-fatal-cpu-trigger.log"))
    let app = try #require(result.apps.first { $0.processName == "My_App" })
    let finding = try #require(app.findings.first)
    #expect(app.findings.count == 1)
    #expect(finding.kind == .cpuLimit)
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("pid 716"))
    #expect(finding.summary.contains("used 48.00s of CPU over 48.15 seconds, limit 48.00s over 60 seconds"))
    #expect(finding.summary.contains("marked FATAL"))
    #expect(finding.summary.contains("does not show the end"))
    // The trigger, then symptomsd's `Fatal RESOURCE_NOTIFY trigger for My_App [716] (…)` (line 4) and its
    // `Reached limit of 5 RESOURCE_NOTIFY reports for My_App. Disallow report.` (line 5, WakeupsAndReportLimitTests).
    #expect(finding.evidence.map(\.line) == [1, 4, 5])
    #expect(finding.summary.contains("RESOURCE_NOTIFY line after it says Fatal too"))
    let notify = try #require(app.events.first { $0.line == 4 })
    #expect(notify.kind == .watchdogViolation && notify.pid == 716)
    #expect(notify.detail.hasPrefix("RESOURCE_NOTIFY trigger marked Fatal: CPU usage limit exceeded (48003536458"))
    // The helper's app heading gets no finding: its end is not the app's.
    #expect(result.apps.filter { $0.processName != "My_App" }.allSatisfy { $0.findings.isEmpty })
  }

  /// Synthetic, after the same excerpt: the app's own termination (runningboardd's line for
  /// `[application<…>:716]`, the shape of react-native-video #1513's helper line) after the FATAL
  /// trigger makes the finding high, with both lines as evidence.
  @Test func theAppsOwnEndAfterAFatalTriggerIsHigh() throws {
    let text = """
      default\t14:55:03.970629+0100\tsymptomsd\tReceived (FATAL) CPU usage trigger: 
        My_App[716] (/private/var/containers/Bundle/Application/4ABEED9A-8E83-4A66-9C95-4F7158192708/My_App.app/My_App) used 48.00s of CPU over 48.15 seconds (averaging 99%), violating a CPU usage limit of 48.00s over 60 seconds.
      default\t14:55:03.980000+0100\trunningboardd\t[application<com.xxx.xxx>:716] termination reported by launchd (2, 9, 9)

      """
    let findings = Self.build(text).apps.flatMap(\.findings)
    let finding = try #require(findings.first { $0.kind == .cpuLimit })
    #expect(finding.confidence == .high)
    #expect(finding.evidence.map(\.line) == [1, 3])
    #expect(finding.summary.contains("the log shows the end"))
  }

  /// Synthetic: the trigger without `(FATAL)` (the recogniser reads both) is low and claims no kill.
  @Test func aTriggerNotMarkedFatalIsLow() throws {
    let text = """
      default\t14:55:03.970629+0100\tsymptomsd\tReceived CPU usage trigger: 
        My_App[716] (/private/var/containers/Bundle/Application/4ABEED9A-8E83-4A66-9C95-4F7158192708/My_App.app/My_App) used 48.00s of CPU over 48.15 seconds (averaging 99%), violating a CPU usage limit of 48.00s over 60 seconds.

      """
    let finding = try #require(Self.build(text).apps.flatMap(\.findings).first)
    #expect(finding.kind == .cpuLimit)
    #expect(finding.confidence == .low)
    #expect(finding.summary.contains("not marked FATAL"))
    #expect(!finding.summary.contains("ends a process"))
  }

  /// react-native-webrtc #998 (MIT): the trigger quoted without a header (the recogniser's own example)
  /// still gives the finding, under the app it names.
  @Test func theHeaderlessQuoteGivesTheFinding() throws {
    let text = """
      Received (FATAL) CPU usage trigger: 
        myApp[848] (/private/var/containers/Bundle/Application/20C482CF-E70A-404A-A38B-3D159A68B5A0/myApp.app/myApp) used 9.00s of CPU over 9.57 seconds (averaging 94%), violating a CPU usage limit of 9.00s over 15 seconds.

      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.findings.map(\.kind) == [.cpuLimit])
    #expect(app.findings.first?.confidence == .medium)
    #expect(app.findings.first?.summary.contains("pid 848") == true)
  }

  /// `cpu-limit` is the crash-report kind too: `explain` and `check` use its reference.
  @Test func theKindIsSharedWithDiagnose() {
    #expect(DiagnosisKind(rawValue: TimelineFinding.Kind.cpuLimit.rawValue) == .cpuLimit)
    #expect(TimelineFinding.Kind.cpuLimit.reference == nil)
  }
}
