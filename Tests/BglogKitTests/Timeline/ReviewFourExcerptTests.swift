import BglogTestSupport
import Testing

@testable import BglogKit

/// Real pastes from the session-4 user review (issue 13) that bglog missed: kill lines of the kernel,
/// ReportSystemMemory and iOS 4 SpringBoard / launchd, assertiond finding the process already gone, and
/// a background session losing nsurlsessiond. Sources and licences: `Tests/Fixtures/console/README.md`;
/// the pastes whose licence could not be stated are the recognisers' own examples instead
/// (`MessageRecognizerTests`), and synthetic texts below are built from those examples, in order.
@Suite struct ReviewFourExcerptTests {
  static func timeline(_ name: String) throws -> TimelineResult {
    TimelineBuilder().build(from: try Fixtures.source("console/" + name))
  }

  static func timeline(text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  @Test func kernelExceededLimitThenReportSystemMemoryKill() throws {
    let result = try Self.timeline("real-lantern-8971-message-only-memorystatus-jetsam.log")
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "Tunnel")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].pid == 1509)
    #expect(app.events[0].line == 2)
    #expect(
      app.events[0].detail == "killed by jetsam (per-process-limit), exceeded mem limit: ActiveHard 50 MB (fatal)")
    #expect(app.findings.map(\.kind) == [.memoryLimitKill])
    #expect(app.findings[0].confidence == .high)
    #expect(!app.findings.contains { $0.kind == .jetsamInBackground })
  }

  @Test func backgroundSessionLostTheDaemon() throws {
    let result = try Self.timeline("real-alamofire-3370-message-only-daemon-invalidated.log")
    let app = try #require(result.apps.first)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.urlSessionEvent])
    #expect(
      app.events[0].detail
        == "background session <2C8D0C28-C4B8-459F-AE15-C050E9FCEE60> lost its connection to nsurlsessiond "
        + "(daemon connection invalidated)")
    #expect(app.findings.isEmpty)
  }

  @Test func assertiondFindsTheProcessAlreadyGone() throws {
    let result = try Self.timeline("real-nimx-449-console-app-assertiond-no-such-process.log")
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "mynimx")
    #expect(app.events.map(\.kind) == [.exited])
    #expect(app.events[0].pid == 5529)
    #expect(app.events[0].line == 3)
    #expect(app.processes.first?.endedBy == .exited)
    #expect(app.findings.isEmpty)
  }

  /// iOS 4: the set on continuation lines names the system's own `Suspending process` assertion; the
  /// kill lines of SpringBoard and launchd follow.
  @Test func ios4SuspensionOverrunIsNamedAndKilled() throws {
    let result = try Self.timeline("real-s21g-1859-syslog-weekday.log")
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.bundleID == "jp.co.xxxxx.BT")
    #expect(app.events.map(\.kind) == [.expiryWarning, .crashed, .killed, .killed])
    #expect(app.events[0].namedAssertions.first?.name == "Suspending process: BT[4821]")
    #expect(app.events[0].namedAssertions.first?.reason == "suspend")
    #expect(app.events[0].namedAssertions.first?.durationSeconds == 10)
    #expect(app.events[2].detail == "launchd: Exited: Killed")
    #expect(app.events[2].pid == 4821)
    #expect(app.events[3].detail == "exited abnormally with signal 9 (Killed)")
    #expect(app.findings.map(\.kind) == [.suspensionOverrun])
    #expect(app.findings[0].summary.contains("\"Suspending process: BT[4821]\" suspend 10 s owned by pid:1557"))
    #expect(!app.findings[0].summary.contains("does not name"))
  }

  /// isuncloud/iOS_client #25 (no licence found: the lines are the recognisers' examples): the process
  /// already gone twice, then SpringBoard's either-or about jetsam.
  @Test func springBoardJetsamPendingRelaunch() throws {
    let text = """
      Jun 17 17:37:04 isuntv-taiwan assertiond[53] <Warning>: Could not set priority of <BKNewProcess: 0x1663cb90; com.apple.mobilemail; pid: 1683; hostpid: -1> to 2, priority: No such process
      Jun 17 17:37:04 isuntv-taiwan assertiond[53] <Warning>: Could not set priority of <BKNewProcess: 0x1663cb90; com.apple.mobilemail; pid: 1683; hostpid: -1> to 4096, priority: No such process
      Jun 17 17:37:04 isuntv-taiwan SpringBoard[41] <Warning>: Memory level is not normal or this app was killed by jetsam. Pending auto-relaunch of '<FBApplicationProcess: 0x160ae590; MobileMail; pid: -1>'.

      """
    let result = Self.timeline(text: text)
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.exited, .killed])
    #expect(app.events.map(\.line) == [1, 3])
    // SpringBoard does not say which of the two it was, nor the log whether the app was in the background
    // (review s10 #4: before, `jetsam-in-background` at medium).
    #expect(app.findings.map(\.kind) == [.jetsam])
    #expect(app.findings[0].confidence == .low)
    #expect(app.findings[0].summary.contains("it does not say which"))
  }

  /// pythonista #405: the ActiveHard kill, then the kernel's own kill line for the same pid: one kill,
  /// and the finding is not a background one.
  @Test func activeHardKillIsNotCalledBackground() throws {
    let text = """
      kernel[0] <Notice>: EXC_RESOURCE -> Pythonista3[2776] exceeded mem limit: ActiveHard 3072 MB (fatal)
      kernel[0] <Notice>: 399243.947 memorystatus: killing_specific_process pid 2776 [Pythonista3] (per-process-limit 10) - memorystatus_available_pages: 42511

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.findings.map(\.kind) == [.memoryLimitKill])
    #expect(app.findings[0].summary.contains("ActiveHard 3072 MB"))
  }

  /// community-tc-config #983: the kernel gives the killed process's type as `daemon`: a launchd daemon
  /// killed at its memory limit, not an app in the background, so no app advice (review s6 #8; before, a
  /// high `jetsam-in-background` told the user to free caches in applicationDidEnterBackground).
  @Test func inactiveHardKillOfADaemonIsNoBackgroundKill() throws {
    let text = """
      memorystatus: backgroundtaskmanagementd[24094] exceeded mem limit: InactiveHard 15 MB (fatal)
      killing_specific_process pid 24094 [backgroundtaskmanagementd] (per-process-limit 0 0s rf:- type:daemon) 15360KB

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].detail.hasSuffix("; a daemon (type:daemon), not an app"))
    #expect(app.findings.map(\.kind) == [.memoryLimitKill])
    let finding = app.findings[0]
    #expect(finding.confidence == .high)
    #expect(finding.summary.hasPrefix("A daemon, not an app, was killed at line 2"))
    #expect(finding.summary.contains("(InactiveHard 15 MB (fatal))"))
    #expect(finding.advice?.contains("applicationDidEnterBackground") == false)
    #expect(finding.evidence.map(\.line) == [2])
  }

  /// SYNTHETIC (built from pythonista #405's two kernel lines above with the limit class swapped to
  /// `InactiveHard`; no real app line with it was found, and the seed's SpringBoard state line with the app's
  /// bundle and pid put before them): an app's inactive-limit kill, whose line gives no process type, is still a
  /// background kill. Without a line that shows the process to be an app, the kernel's lines alone name a process
  /// `name[pid]` that may as well be a daemon (review s10b defect 9): `jetsam` low, no UIKit advice.
  @Test func inactiveHardKillOfAnAppIsABackgroundKill() throws {
    let kernel = """
      kernel[0] <Notice>: EXC_RESOURCE -> Pythonista3[2776] exceeded mem limit: InactiveHard 3072 MB (fatal)
      kernel[0] <Notice>: 399243.947 memorystatus: killing_specific_process pid 2776 [Pythonista3] (per-process-limit 10) - memorystatus_available_pages: 42511

      """
    let springBoard =
      "Application process state changed for com.omz-software.Pythonista3: <SBApplicationProcessState: "
      + "0x280ba7ae0; pid: 2776; taskState: Running; visibility: Background>\n"
    let app = try #require(Self.timeline(text: springBoard + kernel).apps.first)
    #expect(app.bundleID == "com.omz-software.Pythonista3")
    #expect(app.findings.map(\.kind) == [.jetsamInBackground])
    #expect(app.findings[0].confidence == .high)
    #expect(app.findings[0].advice?.contains("applicationDidEnterBackground") == true)
    let alone = try #require(Self.timeline(text: kernel).apps.first)
    #expect(alone.findings.map(\.kind) == [.jetsam])
    #expect(alone.findings[0].confidence == .low)
    #expect(alone.findings[0].advice?.contains("applicationDidEnterBackground") == false)
  }

  /// httptransfertasks #10: the cancelled reason 0 is a force quit.
  @Test func cancelledReasonZeroIsAForceQuit() throws {
    let text = """
      Task <AD3AD8D1-EC64-4E2E-95C8-FBA0A12585A2>.<7> load failed with error Error Domain=NSURLErrorDomain Code=-999 "(null)" UserInfo={NSURLErrorBackgroundTaskCancelledReasonKey=0, 

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.urlTaskCompleted])
    #expect(app.findings.map(\.kind) == [.forceQuit])
    #expect(app.findings[0].summary.contains("NSURLErrorBackgroundTaskCancelledReasonKey=0"))
  }

  /// airsdk/apm #179: runningboardd resumes the task, then gives it the foreground role: a launch, not a
  /// background wakeup.
  @Test func foregroundResumeIsNotAWakeup() throws {
    let text = """
      default\t15:37:51.254136+0530\trunningboardd\t[application<com.company.appname>:2583] Resuming task.
      default\t15:37:51.254268+0530\trunningboardd\t[application<com.company.appname>:2583] Set darwin role to: UserInteractiveFocal
      default\t15:37:51.255249+0530\trunningboardd\tCalculated state for application<com.company.appname>: running-active (role: UserInteractiveFocal)

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.resumed, .launched])
    #expect(app.events[1].pid == 2583)
    #expect(app.wakeups.isEmpty)
  }

  /// A resume while the role stays Background is still a wakeup.
  @Test func backgroundResumeIsStillAWakeup() throws {
    let text = """
      default\t15:37:51.254136+0530\trunningboardd\t[application<com.company.appname>:2583] Resuming task.
      default\t15:37:51.255249+0530\trunningboardd\tCalculated state for application<com.company.appname>: running-active (role: Background)

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.resumed])
    #expect(app.wakeups.count == 1)
  }

  /// ScreenRecorder #13 / image_background_remover #8: Xcode's and lldb's stop reasons name a limit but no
  /// limit class and no process: the unnamed app, medium, and the summary says the debugger stops there.
  @Test(arguments: [
    "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 MB, unused=0x0)\n",
    "* thread #53, queue = 'com.apple.root.user-initiated-qos', stop reason = EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=1450 MB)\n",
  ])
  func excResourceStopReasonIsAnUnqualifiedLimit(line: String) throws {
    let app = try #require(Self.timeline(text: line).apps.first)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.findings.map(\.kind) == [.memoryLimitKill])
    #expect(app.findings[0].confidence == .medium)
    #expect(app.findings[0].summary.hasPrefix("Exceeded its memory limit (limit "))
    #expect(app.findings[0].summary.contains("under the debugger"))
  }

  /// deltachat-ios #1984 (its shape: the app's own `HH:MM:SS:mmm` lines, then Xcode's note, which the reader
  /// keeps as a record without a process): the note is a kill with signal 9 under the debugger, filed under
  /// the unnamed app at its own line. Before, no event was read and the file was refused.
  @Test func xcodeDebuggerSignal9IsAKill() throws {
    let text = """
      19:29:59:068 💙  ⬅️ few background time, 5.666139250039123, done
      Message from debugger: Terminated due to signal 9

      """
    let result = Self.timeline(text: text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].line == 2)
    #expect(app.events[0].detail.hasPrefix("killed with signal 9 (SIGKILL) while running under the debugger"))
    // Another signal is an exit on it, not a kill; words after the number are not read as one.
    let other = try #require(Self.timeline(text: "Message from debugger: Terminated due to signal 15\n").apps.first)
    #expect(other.events.map(\.kind) == [.exited])
    #expect(Self.timeline(text: "Message from debugger: Terminated due to signal x\n").apps.isEmpty)
  }

  /// The kernel's kill under system-wide memory pressure (Saar Amar's iOS 14.2 dmesg quote): a jetsam kill
  /// naming the cause and the priority band; `jetsam`, no background claimed (no background record), and low since
  /// review s10b defect 9: backboardd is a system daemon, and nothing in the log shows it to be an app.
  @Test func kernelKillingTopProcessIsAJetsamKill() throws {
    let text =
      "328.762 memorystatus: killing_top_process pid 41 [backboardd] (zone-map-exhaustion 17) 34416KB - "
      + "memorystatus_available_pages: 83242\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].pid == 41)
    #expect(app.events[0].detail == "killed by jetsam (zone-map-exhaustion, priority band 17)")
    #expect(app.findings.map(\.kind) == [.jetsam])
    #expect(app.findings[0].confidence == .low)
    #expect(app.findings[0].summary.contains("Nothing in the log shows backboardd to be an app"))
  }

  /// SYNTHETIC lines built from xnu's format strings (`memorystatus: %s pid %d [%s] (%s %d) …` with
  /// `killing_idle_process`, and the older `memorystatus: killing_idle_process pid %d [%s]`): no real
  /// `killing_idle_process` line was found. A pid that is not a number gives no event.
  @Test func kernelKillingIdleProcessForms() throws {
    let banded = try #require(
      Self.timeline(text: "memorystatus: killing_idle_process pid 812 [MyApp] (idle-exit 0) 5120KB\n").apps.first)
    #expect(banded.events.map(\.detail) == ["killed by jetsam (idle-exit, priority band 0: idle)"])
    let old = try #require(Self.timeline(text: "memorystatus: killing_idle_process pid 812 [MyApp]\n").apps.first)
    #expect(old.events.map(\.detail) == ["killed by jetsam (idle process)"])
    #expect(Self.timeline(text: "memorystatus: killing_top_process pid x [MyApp] (vm-pageshortage 3)\n").apps.isEmpty)
  }

  /// GCDWebServer #488 (the recognisers' examples, in order, with WebKit's invalidation note between them):
  /// WebKit could not acquire the assertion, then RunningBoardServices' error on four lines says why. Two
  /// `assertion-not-acquired` events for the unnamed app, the second with the entitlement and the requested
  /// reason from its continuation lines; the invalidation note gives nothing; no finding.
  @Test func assertionRefusedForAMissingEntitlement() throws {
    let text = """
      [ProcessSuspension]  0x10bafdeb0 - ProcessAssertion() PID 27900 Unable to acquire assertion for process with PID 27900
      [ProcessSuspension] 0x10bafdeb0 - ProcessAssertion::processAssertionWasInvalidated()
      [assertion] Error acquiring assertion: <NSError: 0x600001ba4300; domain: RBSAssertionErrorDomain; code: 2; reason: "Client is missing required entitlement"> {
          userInfo = {
              RBSAssertionAttribute = <RBSLegacyAttribute: 0x7f9f25539fe0; requestedReason: FinishTaskUnbounded; reason: FinishTaskUnbounded; flags: PreventTaskSuspend>;
          }
      }

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.assertionNotAcquired, .assertionNotAcquired])
    #expect(app.events.map(\.line) == [1, 3])
    #expect(app.events[0].detail.contains("process 27900"))
    #expect(
      app.events[1].detail
        == "assertion not acquired: Client is missing required entitlement (requested reason FinishTaskUnbounded) "
        + "[RBSAssertionErrorDomain 2]")
    #expect(app.findings.isEmpty)
  }

  /// cordova-plugin-background-fetch #137: WebKit did not start a background task because RunningBoard's
  /// expiration timer was already running.
  @Test func webKitIgnoredABackgroundTaskAtExpiry() throws {
    let text =
      "[ProcessSuspension] 0x2805bb780 - WKProcessAssertionBackgroundTaskManager: Ignored request to start a new "
      + "background task because RunningBoard has already started the expiration timer\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.assertionNotAcquired])
    #expect(app.events[0].detail.hasPrefix("background task not started: "))
    #expect(app.findings.isEmpty)
  }
}
