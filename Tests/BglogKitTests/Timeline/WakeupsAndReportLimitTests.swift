import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// The newer wakeups words (the kernel's `caught waking the CPU …`, symptomsd's `Received CPU wakes
/// trigger:`) and symptomsd's `Reached limit of 5 RESOURCE_NOTIFY reports for Name. Disallow report.`,
/// read from the real fixtures `real-minikube-3291-console-app-cpu-wakes.log` (kubernetes/minikube #3291,
/// Apache-2.0) and `real-rnvideo-1513-console-app-fatal-cpu-trigger.log` (react-native-video #1513, MIT).
/// Texts marked SYNTHETIC are cut from those fixtures and say how.
@Suite struct WakeupsAndReportLimitTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  static func fixture(_ name: String) throws -> String {
    try String(contentsOf: Fixtures.url("console/" + name), encoding: .utf8)
  }

  /// Both newer records are watchdog violations of the same process, with the figures; symptomsd's lines
  /// after them (the symptom key, `Processing RESOURCE_NOTIFY trigger: …`, the daily report count) give no
  /// event, and no finding is made (the timeline has no wakeups finding: the lines say nothing of a kill).
  @Test func minikubeKernelAndSymptomsdWakesLinesAreTwoViolations() throws {
    let result = Self.timeline(try Self.fixture("real-minikube-3291-console-app-cpu-wakes.log"))
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.processName == "minikube-darwin-amd64")
    #expect(app.events.map(\.kind) == [.watchdogViolation, .watchdogViolation])
    #expect(app.events.map(\.pid) == [23629, 23629])
    #expect(app.events.map(\.line) == [1, 2])
    #expect(app.events.map(\.lane) == ["kernel", "symptomsd"])
    #expect(app.events[0].detail.hasPrefix(ResourceLimitRecognizers.cpuWakesDetail + ": 14497 per second on average"))
    #expect(app.events[1].detail.hasSuffix("limit 45000 over 300 seconds"))
    #expect(app.findings.isEmpty)
  }

  /// The disallow line is one more event of the app it names (no pid in the line), and the cpu-limit
  /// finding takes it as evidence: its summary says no CPU usage report was written, and its advice does
  /// not send the reader to that report.
  @Test func theDisallowedReportChangesTheCPULimitAdvice() throws {
    let result = Self.timeline(try Self.fixture("real-rnvideo-1513-console-app-fatal-cpu-trigger.log"))
    let app = try #require(result.apps.first { $0.processName == "My_App" })
    let disallowed = try #require(app.events.first { $0.line == 5 })
    #expect(disallowed.kind == .watchdogViolation)
    #expect(disallowed.pid == nil)
    #expect(disallowed.detail.hasPrefix(ResourceLimitRecognizers.reportDisallowedDetail))
    let finding = try #require(app.findings.first { $0.kind == .cpuLimit })
    #expect(finding.confidence == .medium)
    #expect(finding.evidence.map(\.line) == [1, 4, 5])
    #expect(finding.summary.contains("symptomsd wrote no CPU usage report for this trigger"))
    #expect(finding.advice?.contains("no CPU usage report was written for this trigger") == true)
    #expect(finding.advice?.contains("the CPU usage report's heaviest stack") == false)
  }

  /// SYNTHETIC: the same fixture without its line 5 (the disallow line): the advice names the CPU usage
  /// report again and the summary claims nothing about it being written or not.
  @Test func withoutTheDisallowLineTheAdviceNamesTheReport() throws {
    var lines = try Self.fixture("real-rnvideo-1513-console-app-fatal-cpu-trigger.log").components(separatedBy: "\n")
    #expect(lines[4].contains("Disallow report."))
    lines.remove(at: 4)
    let result = Self.timeline(lines.joined(separator: "\n"))
    let app = try #require(result.apps.first { $0.processName == "My_App" })
    let finding = try #require(app.findings.first { $0.kind == .cpuLimit })
    #expect(finding.evidence.map(\.line) == [1, 4])
    #expect(!finding.summary.contains("no CPU usage report"))
    #expect(finding.advice?.contains("the CPU usage report's heaviest stack") == true)
  }

  /// SYNTHETIC: a disallow line of another app (the fixture's line 5 with the name changed to `Other_App`)
  /// is not the trigger's: the finding keeps the report advice.
  @Test func aDisallowLineOfAnotherAppIsNotTaken() throws {
    let text = try Self.fixture("real-rnvideo-1513-console-app-fatal-cpu-trigger.log")
      .replacingOccurrences(of: "reports for My_App. Disallow", with: "reports for Other_App. Disallow")
    let result = Self.timeline(text)
    let app = try #require(result.apps.first { $0.processName == "My_App" })
    let finding = try #require(app.findings.first { $0.kind == .cpuLimit })
    #expect(finding.evidence.map(\.line) == [1, 4])
    #expect(finding.advice?.contains("the CPU usage report's heaviest stack") == true)
  }
}
