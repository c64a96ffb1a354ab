import BglogTestSupport
import Testing

@testable import BglogKit

/// Partial reports from the session 5 review (issue 14) whose own lines decide more than bglog used.
/// Each paste is imitated here in code (synthetic, same shape; the threads' licences were not checked).
@Suite struct PartialEvidenceS5Tests {
  static func diagnose(_ text: String) throws -> Diagnosis {
    let source = SourceText(text: text)
    let report = try #require(try CrashReportReader.read(source).first)
    return CrashClassifier().diagnose(report, source: source)
  }

  /// timfraedrich/OutRun #23's shape: the `.ips` metadata line of a bug_type 206 report, then the
  /// microstackshot body's first header lines; the paste stops before `Event:`.
  @Test func aCutMicrostackshotIsReadByItsBugType() throws {
    let text = """
      {"app_name":"Example","timestamp":"2020-08-31 06:29:31.00 -0700","bundleID":"com.example.app","bug_type":"206","os_version":"iPhone OS 13.6.1 (17G80)","name":"Example"}
      Date/Time:        2020-08-31 06:28:40 -0700
      End time:         2020-08-31 06:29:30 -0700
      OS Version:       iPhone OS 13.6.1 (Build 17G80)
      Architecture:     arm64
      Report Version:   29

      Data Source:      Microstackshots

      """
    let diagnosis = try Self.diagnose(text)
    #expect(diagnosis.kind == .cpuLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("bug-type", "206")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
  }

  @Test func aCutWakeupsMicrostackshotIsWakeups() throws {
    let text = "{\"bug_type\":\"142\",\"name\":\"Example\"}\nDate/Time:        2020-08-31 06:28:40 -0700\n"
    #expect(try Self.diagnose(text).kind == .wakeupsLimit)
  }

  /// firebase/firebase-ios-sdk #6391's shape: a microstackshot body from `Event:` on, no header.
  @Test func aMicrostackshotBodyWithoutHeaderIsAReport() throws {
    let text = """

      Event:            wakeups
      Action taken:     none
      Wakeups:          45001 wakeups over the last 295 seconds (153 wakeups per second average), exceeding limit of 150 wakeups per second over 300 seconds
      Wakeups limit:    45000

      """
    let diagnosis = try Self.diagnose(text)
    #expect(diagnosis.kind == .wakeupsLimit)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.evidence.contains { $0.quote.hasPrefix("Action taken:") })
  }

  /// An `Event:` line without `Action taken:` opens a report only with an event value a resource report
  /// writes (`wakeups`, `cpu usage`, `sleep wake failure`: `TextReportBuilder.opensReport`).
  @Test func anEventLineAloneOpensNothing() {
    #expect((try? CrashReportReader.read(SourceText(text: "Event:            lunch\nsomething else\n"))) == nil)
  }

  /// flutter/flutter #114347's shape: iOS 16, Role Background, FRONTBOARD 0x8badf00d, no thread, killed
  /// 19.6 s after launch: under the 30 s a background task gets, so not a leaked task.
  static func killedAfterLaunch(os: String, launch: String) -> String {
    """
    Process:             Runner [4913]
    Role:                Background
    Date/Time:           2022-10-31 13:25:45.2606 +0200
    Launch Time:         \(launch)
    OS Version:          \(os)
    Exception Type:  EXC_CRASH (SIGKILL)
    Termination Reason: FRONTBOARD 2343432205

    """
  }

  @Test func aKillSoonerThanTheAllowanceIsNotALeakedTask() throws {
    let diagnosis = try Self.diagnose(
      Self.killedAfterLaunch(os: "iPhone OS 16.0.3 (20A392)", launch: "2022-10-31 13:25:25.6158 +0200"))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.facts.contains(Fact("launch-to-kill", "19.6 s")))
    #expect(diagnosis.explanation.contains("about 30 s"))
  }

  /// A process that lived longer than the allowance keeps the background lean.
  @Test func aKillAfterTheAllowanceKeepsTheBackgroundLean() throws {
    let diagnosis = try Self.diagnose(
      Self.killedAfterLaunch(os: "iPhone OS 16.0.3 (20A392)", launch: "2022-10-31 13:15:25.6158 +0200"))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(!diagnosis.facts.contains { $0.key == "launch-to-kill" })
  }

  /// The allowance by era: 120 s is under iOS 12's 180 s, over iOS 16's 30 s.
  @Test func theAllowanceDependsOnTheEra() throws {
    let twoMinutes = "2022-10-31 13:23:45.2606 +0200"
    let ios12 = try Self.diagnose(Self.killedAfterLaunch(os: "iPhone OS 12.4 (16G77)", launch: twoMinutes))
    #expect(ios12.kind == .watchdogHang)
    #expect(ios12.explanation.contains("180 s"))
    let ios16 = try Self.diagnose(Self.killedAfterLaunch(os: "iPhone OS 16.0.3 (20A392)", launch: twoMinutes))
    #expect(ios16.kind == .leakedBackgroundTask)
  }

  @Test(arguments: [
    ("2022-10-31 13:25:45.2606 +0200", 1_667_215_545.2606),
    ("2022-10-31 11:25:45.2606", 1_667_215_545.2606),
    ("2020-02-29 00:00:00 -0100", 1_582_938_000.0),
  ])
  func reportTimestampsAreRead(text: String, seconds: Double) throws {
    let value = try #require(ClassifierContext.reportSeconds(text))
    #expect(abs(value - seconds) < 0.001)
  }

  @Test(arguments: ["2022-13-01 00:00:00", "yesterday", "2022-10-31 25:00:00", "2022-10-31 13:25:45 +2", ""])
  func otherTimestampFormsAreNotRead(text: String) {
    #expect(ClassifierContext.reportSeconds(text) == nil)
  }
}
