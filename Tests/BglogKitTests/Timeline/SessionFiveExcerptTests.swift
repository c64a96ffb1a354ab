import BglogTestSupport
import Testing

@testable import BglogKit

/// Session 5 review of the files that gave no event (issue 13). The sources' licences are not known,
/// so each test builds the shape in code (**synthetic**, after the source it names), as
/// `IPSCutFragmentTests` does; the messages are the sources' own words.
@Suite struct SessionFiveExcerptTests {
  static func build(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(text: text))
  }

  /// Synthetic, after react-native-background-fetch #110 (Console.app) and NativeScript #8920: the port
  /// death is the first line that says the process ended; the `Process exited` after it is the same end.
  @Test func portDeathWatcherAndTheProcessExitedAfterItAreOneExit() throws {
    let text = """
      default\t09:06:11.730080 -0600\taura-test\t[TSBackgroundFetch onAppTerminate]
      default\t09:06:11.753870 -0600\tassertiond\t[aura-test:444] Port death watcher fired.
      default\t09:06:11.754309 -0600\tassertiond\t[aura-test:444] Process exited

      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.events.map(\.kind) == [.exited])
    #expect(app.events.first?.line == 2)
    #expect(app.events.first?.pid == 444)
    #expect(app.processes.first?.endedBy == .exited)
  }

  /// Synthetic, after airsdk/Adobe-Runtime-Support #2476 (Console.app, the columns in the user's order,
  /// the process last): FrontBoard sets the visibility to Unknown, invalidates the workspace and removes
  /// the process. An event that says so, and no exit: no line says the process ended.
  @Test func frontBoardRemovingTheProcessIsNotAnExit() throws {
    let columns = "\tcom.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard"
    let text =
      [
        "23:11:49.104132+0100\tProcess\t[application<net.yvant.domination>:23793] Setting process visibility to: Unknown",
        "23:11:49.105010+0100\tProcessWorkspace\t[application<net.yvant.domination>:23793] Invalidating workspace.",
        "23:11:49.105093+0100\tProcessWorkspace\tRemoving workspace registration for processHandle: "
          + "[application<net.yvant.domination>:23793]",
        "23:11:49.105210+0100\tProcess\tRemoving: <FBApplicationProcess: 0x107c24220; "
          + "application<net.yvant.domination>:23793(v11522)>",
      ].map { $0 + columns }.joined(separator: "\n") + "\n"
    let app = try #require(Self.build(text).apps.first)
    #expect(app.bundleID == "net.yvant.domination")
    #expect(app.events.map(\.kind) == [.processRemoved])
    #expect(app.events.first?.line == 4)
    #expect(app.events.first?.detail.contains("after invalidating its workspace") == true)
    #expect(app.processes.allSatisfy { $0.endedBy == nil })
  }

  /// Synthetic: a removal after an exit already read for the pid adds nothing.
  @Test func removalAfterAnExitAddsNothing() throws {
    let text = """
      default\t08:00:54.700689-0600\trunningboardd\t[application<com.AppCo.MyApp>:432] termination reported by launchd (2, 10, 10)
      default\t08:00:54.710000-0600\tSpringBoard\t[application<com.AppCo.MyApp>:432] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGBUS(10)>>.
      default\t08:00:54.720000-0600\tSpringBoard\tRemoving: <FBApplicationProcess: 0x1; application<com.AppCo.MyApp>:432(v1)>

      """
    let app = try #require(Self.build(text).apps.first)
    // launchd's numbers and the exit context say the same crash in the same words: one event.
    #expect(app.events.map(\.kind) == [.crashed])
    #expect(app.events.first?.detail == "exited: signal SIGBUS(10)")
  }

  /// Synthetic, after appium #13503 (Simulator log captured by Appium, `log stream` compact style):
  /// FrontBoard's `Process exited:` names no process; assertiond's next line names it.
  @Test func unnamedFrontBoardExitIsNamedByTheDeletedLaunchdJob() throws {
    let text = """
      [IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.001 Df SpringBoard[11727:2bf52] [com.apple.FrontBoard.workspace:Common] Process exited:  ->  {
      [IOSSimulatorLog] [IOS_SYSLOG_ROW]     stateAtExit = ;
      [IOSSimulatorLog] [IOS_SYSLOG_ROW]     terminationRequest = ;
      [IOSSimulatorLog] [IOS_SYSLOG_ROW] }
      [IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.002 Df assertiond[11734:352e4] [com.apple.assertiond:process_info] [yyy:15903] Deleted launchd job with label: UIKitApplication:com.yyy.app.yyy[0x990c][11734]
      [IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.002 Df assertiond[11734:352e4] [com.apple.assertiond:process_info] [yyy:15903] Invalidation complete.

      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.bundleID == "com.yyy.app.yyy")
    #expect(app.events.map(\.kind) == [.exited])
    #expect(app.events.first?.pid == 15903)
    #expect(app.events.first?.line == 5)
  }

  /// Synthetic: assertiond deleting a job with no unnamed exit before it says nothing of an exit.
  @Test func deletedLaunchdJobAloneIsNoEvent() {
    let text = """
      2019-11-06 15:01:04.002 Df assertiond[11734:352e4] [com.apple.assertiond:process_info] [yyy:15903] Deleted launchd job with label: UIKitApplication:com.yyy.app.yyy[0x990c][11734]

      """
    #expect(Self.build(text).apps.isEmpty)
  }

  /// Synthetic, after project-chip/connectedhomeip #29249 (idevicesyslog): locationd's two lines about
  /// the same state change give one `suspended`.
  @Test func locationdBackgroundTaskSuspendedIsOneSuspension() throws {
    let text = """
      Sep 15 11:18:06 TPs-iPhone-4 locationd[3842] <Notice>: {"msg":"Post Application State Change Notification", "notification":"BackgroundTaskSuspended", "pid":4484, "bundleId":"debug.com.tplink.aria.commissionRequestHandler"}
      Sep 15 11:18:06 TPs-iPhone-4 locationd[3842] <Notice>: {"msg":"#CLIUA AppMonitor notification", "notification":"BackgroundTaskSuspended", "pid":4484, "bundleId":"debug.com.tplink.aria.commissionRequestHandler", "ClientKey":"debug.com.tplink.aria"}

      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.events.map(\.kind) == [.suspended])
    #expect(app.events.first?.pid == 4484)
  }

  /// launchd's three numbers: the exit context's domain and code, then the wait status.
  @Test func launchdTerminationNumbers() {
    #expect(LaunchdTermination.read("(2, 11, 11)")?.kind == .crashed)
    #expect(LaunchdTermination.read("(2, 11, 11)")?.detail == "exited: signal SIGSEGV(11)")
    // The juniper corpus pair: `(11, 0, 6)` then `domain:tcc(11) code:0` (read as `killed: tcc 0`).
    #expect(LaunchdTermination.read("(11, 0, 6)")?.kind == .killed)
    #expect(LaunchdTermination.read("(11, 0, 6)")?.detail == "killed: tcc 0")
    #expect(LaunchdTermination.read("(1, 7, 9)")?.detail == "killed by jetsam (per-process-limit(7))")
    #expect(
      LaunchdTermination.read("(0, 0, 65280)")?.detail
        == "exited with no exit reason, exit status 255 (launchd 0, 0, 65280)")
    #expect(LaunchdTermination.read("(0, 0, 0)")?.kind == .exited)
    #expect(LaunchdTermination.read("(2, 11)") == nil)
    #expect(LaunchdTermination.read("(a, b, c)") == nil)
    #expect(LaunchdTermination.read("(-1, 0, 0)") == nil)
  }
}

/// Real fixtures of session 5, and the two legacy fixtures whose README said "no events yet
/// (recognisers, issue 13)".
@Suite struct SessionFiveFixtureTimelineTests {
  static func timeline(_ name: String) throws -> AppTimeline {
    let source = try Fixtures.source("console/" + name)
    return try #require(TimelineBuilder().build(from: source).apps.first)
  }

  /// GRDB.swift #998: watchOS runningboardd names the database a suspended extension held locked (the
  /// 0xdead10cc kill itself is not in the log, so no kill is claimed).
  @Test func runningboardSuspendedWithLockedFiles() throws {
    let app = try Self.timeline("real-grdb-998-console-app-suspended-locked-files.log")
    #expect(app.bundleID == "com.myapp.watchkitapp")
    #expect(app.events.map(\.kind) == [.suspended])
    #expect(app.events.first?.pid == 186)
    #expect(app.events.first?.detail.contains("/Library/core_sdk.db") == true)
    #expect(app.findings.isEmpty)
  }

  /// mixpanel-iphone #95: iOS 7 backboardd lists a finishTask assertion beyond permitted time, then
  /// forces a crash report.
  @Test func mixpanelBackboarddBeyondPermittedTime() throws {
    let app = try Self.timeline("real-mixpanel-iphone-95-syslog-indented.log")
    #expect(app.events.map(\.kind) == [.expiryWarning, .crashed])
    #expect(app.events.allSatisfy { $0.pid == 1101 })
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings.first?.confidence == .high)
  }

  /// cordova-plugin-background-fetch #14: assertiond's `Forcing crash report of <BKNewProcess: …>` names
  /// the bundle and pid (before: the app was named `<BKNewProcess:`).
  @Test func assertiondForcedCrashReportOfABKNewProcess() throws {
    let app = try Self.timeline("real-cordova-background-fetch-14-bsd-syslog.log")
    #expect(app.bundleID == "co.teammate.mailswipe")
    #expect(app.events.map(\.kind) == [.crashed])
    #expect(app.events.first?.pid == 725)
    #expect(app.events.first?.line == 4)
  }

  /// aws-sdk-ios #1153: assertiond adds dasd's background fetch assertion (`com.apple.das.backgroundFetch`,
  /// reason backgroundContentFetching, 30 s, owner dasd) and sets the 30 s permission timer. The name is
  /// the unquoted `name: X;` field (before: the rest of the line was taken as the name).
  @Test func dasdBackgroundFetchAssertion() throws {
    let app = try Self.timeline("real-aws-1153-console-app-dasd-background-fetch.log")
    #expect(app.processName == "BackgroundBacku")
    #expect(app.events.map(\.kind) == [.assertionAcquired, .permissionTimer])
    let assertion = try #require(app.events.first?.assertion)
    #expect(assertion.name == "com.apple.das.backgroundFetch")
    #expect(assertion.reason == "backgroundContentFetching")
    #expect(assertion.durationSeconds == 30)
    #expect(app.findings.isEmpty)
  }
}
