import BglogTestSupport
import Testing

@testable import BglogKit

/// Console defects 4, 5, 6, 8 and 9 of the session-10b review (`/work/review-inputs-s10b/FINDINGS.md`). The pastes
/// there are for review only, never fixtures (their licences are not checked): the real lines are quoted here with
/// their source (that folder's SOURCES.md gives each one's page); texts marked SYNTHETIC are built from real lines
/// and say how.
@Suite struct SessionElevenRecogniserTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #4 runningboardd's `termination reported by launchd (2, 9, 9)`: SIGKILL is a kill

  /// Developer notes on a JIT helper's end ("playport", markdown; review file `playport-notes-…-2-9-9-…log`), the
  /// fenced lines as pasted (`HH:MM:SS.ffff process  message`, the author's `...` in the bundles). Before: the app's
  /// line was `crashed · exited: signal SIGKILL(9)`; SIGKILL is sent by another process, never a fault of the app's.
  static let playport = """
    13:19:10.3840 PlayportJIT    (helper's own file) SIGTERM received (ignored)
    13:19:10.3857 runningboardd  [app<...playport>:13846] termination reported by launchd (2, 9, 9)
    13:19:10.3861 runningboardd  Removing launch job for: [app<...playport>:13846]
    13:19:10.3863 runningboardd  <OSLaunchdJob | handle=...>: remove succeeded
    13:19:10.3950 PlayportJIT    (helper's own file) tick 43 since-host-gone=23ms: the last line
    13:19:10.4406 runningboardd  xpcservice<...PlayportJIT([app<...>:13846])>:13849 termination reported by launchd (2, 9, 9)

    """

  @Test func sigkillReportedByLaunchdIsAKillNotACrash() throws {
    let result = Self.timeline(Self.playport)
    let app = try #require(result.apps.first { $0.bundleID == "...playport" })
    let end = try #require(app.events.first { $0.pid == 13846 })
    #expect(end.kind == .killed)
    #expect(end.detail == "killed by SIGKILL(9); the line does not say which process sent it")
    #expect(app.processes.first { $0.pid == 13846 }?.endedBy == .killed)
    // No jetsam, watchdog or force-quit claim: no line says who sent the signal.
    #expect(app.findings.isEmpty)
    // The helper's end says the same, and stays the helper's.
    let helper = try #require(result.apps.flatMap(\.events).first { $0.pid == 13849 })
    #expect(helper.kind == .childProcessEnded)
    #expect(helper.detail.contains("ended: killed by SIGKILL(9)"))
  }

  /// The fault signals stay crashes, SIGTERM is a kill, and SpringBoard's exit context for the same end is said in
  /// the same words (so the analyser keeps one event): `(2, 6, 6)` then `domain:signal(2) code:SIGABRT(6)` is the
  /// pair the shared corpus' juniper logs show (``LaunchdTermination``).
  @Test func signalsSentByAnotherProcessAreKillsFaultsAreCrashes() {
    for (code, kind) in [
      (9, TimelineEvent.Kind.killed), (15, .killed), (4, .crashed), (5, .crashed), (6, .crashed), (8, .crashed),
      (10, .crashed), (11, .crashed), (12, .crashed),
    ] {
      let read = LaunchdTermination.read("(2, \(code), \(code))")
      #expect(read?.kind == kind, "signal \(code)")
      let springBoard = TimelineEventRecognizer.exitReason(
        "Process exited: <RBSProcessExitContext| voluntary status:<RBSProcessExitStatus| domain:signal(2) code:"
          + "\(LaunchdTermination.signalName(code))>>")
      #expect(springBoard.0 == read?.kind && springBoard.1 == read?.detail, "signal \(code)")
    }
    #expect(LaunchdTermination.read("(2, 6, 6)")?.detail == "exited: signal SIGABRT(6)")
  }

  /// SYNTHETIC: the playport app line, then SpringBoard's exit context for the same pid a few ms later (the
  /// juniper pair's shape with SIGKILL): one kill, not a kill and a crash.
  @Test func runningBoardAndSpringBoardSayOneSigkill() throws {
    let text = """
      13:19:10.3857 runningboardd  [app<...playport>:13846] termination reported by launchd (2, 9, 9)
      13:19:10.3900 SpringBoard  [app<...playport>:13846] Process exited: <RBSProcessExitContext| voluntary status:<RBSProcessExitStatus| domain:signal(2) code:SIGKILL(9)>>

      """
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.map(\.kind) == [.killed])
  }
}

// MARK: #8 one jetsam kill said by several lines is one event; #9 a process not shown to be an app

extension SessionElevenRecogniserTests {
  /// A blog post on a FamilyControls agent's crash loop (review file `familycontrols-blog-…-osanalyticshelper.log`),
  /// the fenced lines as pasted: `process: message`, no time, and line 4 two records glued (`6144KB` then
  /// osanalyticshelper's). Before: two `killed` events for pid 1452, `[high] jetsam-in-background` (inactive limit)
  /// and `[medium] jetsam` ("no inactive memory limit named"), and app advice for a system agent.
  static let familyControls = """
    ```
    kernel: /System/Library/Frameworks/FamilyControls.framework/FamilyControlsAgent[1452] ==> temporary-sandbox
    FamilyControlsAgent: activating connection: ... com.apple.cfprefsd.daemon
    kernel: EXC_RESOURCE -> FamilyControlsAgent[1452] exceeded mem limit: InactiveHard 6 MB (fatal)
    kernel: killing_specific_process pid 1452 [FamilyControlsAgent] (per-process-limit 10) 6144KBosanalyticshelper: Process FamilyControlsAgent [1452] killed by jetsam reason per-process-limit

    kernel: /System/Library/Frameworks/FamilyControls.framework/FamilyControlsAgent[1454] ==> temporary-sandbox
    ```

    """

  @Test func theKernelsAndOsanalyticshelpersLinesOfOneKillAreOneEventAndOneFinding() throws {
    let result = Self.timeline(Self.familyControls)
    #expect(result.apps.count == 1)
    let agent = try #require(result.apps.first)
    #expect(agent.events.map(\.kind) == [.killed])
    let kill = agent.events[0]
    #expect(kill.pid == 1452 && kill.line == 4)
    #expect(kill.alsoShownBy.map(\.line) == [5])
    #expect(
      kill.detail
        == "killed for exceeding its memory limit (EXC_RESOURCE): InactiveHard 6 MB (fatal); its other lines: "
        + "killed by jetsam (per-process-limit) (one kill: lines 4, 5)")
    // One finding, from all the lines: the inactive limit is named.
    #expect(agent.findings.count == 1)
    let finding = try #require(agent.findings.first)
    #expect(finding.evidence.map(\.line) == [4, 5])
    #expect(finding.summary.contains("at its inactive memory limit (InactiveHard 6 MB (fatal))"))
    #expect(!finding.summary.contains("no inactive memory limit named"))
  }

  /// zhuowei's blog post on running macOS executables on iOS (review file `zhuowei-blog-…-killed-by-jetsam.log`),
  /// the fenced lines as pasted (`process<TAB>message`, no time): the kernel's two kill lines, its AMFI line, then
  /// osanalyticshelper's. Before: two events and two findings for pid 449.
  static let zhuowei = """
    kernel\tEXC_RESOURCE -> amfidebilitate[449] exceeded mem limit: InactiveHard 2098 MB (fatal)
    kernel\t1401.082 memorystatus: killing_specific_process pid 449 [amfidebilitate] (per-process-limit 3) 2331079KB - memorystatus_available_pages: 50117
    kernel\tAMFI: code signature validation failed.
    osanalyticshelper\tProcess amfidebilitate [449] killed by jetsam reason per-process-limit

    """

  @Test func untimedKillLinesAFewLinesApartAreOneKill() throws {
    let app = try #require(Self.timeline(Self.zhuowei).apps.first)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].alsoShownBy.map(\.line) == [2, 4])
    #expect(app.findings.count == 1)
    #expect(app.findings[0].evidence.map(\.line) == [1, 2, 4])
    // SYNTHETIC: the same lines with five unrelated lines before osanalyticshelper's: no longer adjacent, so its
    // kill is not joined to the kernel's (nothing but the order would join them).
    let apart = Self.zhuowei.replacingOccurrences(
      of: "kernel\tAMFI: code signature validation failed.\n",
      with: String(repeating: "kernel\tAMFI: code signature validation failed.\n", count: 6))
    #expect(Self.timeline(apart).apps.first?.events.map(\.kind) == [.killed, .killed])
  }

  /// SYNTHETIC (zhuowei's kill lines given times): at the same moment they are one kill; a kill line of the same pid
  /// a minute later is another.
  @Test func timedKillLinesJoinOnlyAtTheSameMoment() throws {
    func line(_ time: String, _ process: String, _ message: String) -> String {
      "2021-03-01 12:00:\(time).000000+0000 \(process)[0] \(message)\n"
    }
    let exc = "EXC_RESOURCE -> amfidebilitate[449] exceeded mem limit: InactiveHard 2098 MB (fatal)"
    let jetsam = "Process amfidebilitate [449] killed by jetsam reason per-process-limit"
    let same = Self.timeline(line("00", "kernel", exc) + line("01", "osanalyticshelper", jetsam))
    #expect(same.apps.first?.events.map(\.kind) == [.killed])
    let later = Self.timeline(line("00", "kernel", exc) + line("59", "osanalyticshelper", jetsam))
    #expect(later.apps.first?.events.map(\.kind) == [.killed, .killed])
  }

  /// An "iOS Static Analysis" notes page (review file `ios-static-analysis-doc-…-daemon-ellipsis.log`), the fenced
  /// lines as pasted. duetexpertd is an Apple daemon: before, `[high] jetsam-in-background` with the advice to free
  /// caches in applicationDidEnterBackground.
  static let duetexpertd = """
    $ idevicesyslog
    [connected]
    Nov 18 17:58:52 kernel[0] <Notice>: EXC_RESOURCE -> duetexpertd[37309] exceeded mem limit: InactiveHard 14 MB (fatal)
    Nov 18 17:58:52 kernel[0] <Notice>: duetexpertd[37309] Corpse allowed 1 of 5
    ...

    """

  @Test func aProcessNotShownToBeAnAppGetsNoAppFinding() throws {
    for (text, name) in [
      (Self.duetexpertd, "duetexpertd"), (Self.familyControls, "FamilyControlsAgent"),
      (Self.zhuowei, "amfidebilitate"),
    ] {
      let app = try #require(Self.timeline(text).apps.first, "\(name)")
      // The kill stays an event.
      #expect(app.events.map(\.kind) == [.killed], "\(name)")
      #expect(app.findings.map(\.kind) == [.jetsam], "\(name)")
      let finding = try #require(app.findings.first)
      #expect(finding.confidence == .low, "\(name)")
      #expect(finding.summary.contains("Nothing in the log shows \(name) to be an app"), "\(name)")
      #expect(finding.summary.contains("the inactive limit is the one it has while idle"), "\(name)")
      #expect(!finding.summary.contains("background."), "\(name)")
      #expect(finding.advice?.contains("applicationDidEnterBackground") == false, "\(name)")
    }
  }

  /// The app kills of earlier reviews keep their readings: syedhali/EZAudio #245's SpringBoard line names the app
  /// (`UIKitApplication:`), so `jetsam` stays medium (SessionTenRecogniserTests); and a runningboardd line with the app's
  /// bundle for the pid of a kernel kill shows the process to be an app. SYNTHETIC: duetexpertd's kill line with the
  /// pid given to playport's runningboardd line (`[app<...playport>:37309]`, its `Suspending task.` form).
  @Test func aBundleForThePidMakesTheKilledProcessAnApp() throws {
    let text = """
      Nov 18 17:58:50 runningboardd[33] <Notice>: [app<com.example.playport>:37309] Suspending task.
      Nov 18 17:58:52 kernel[0] <Notice>: EXC_RESOURCE -> playport[37309] exceeded mem limit: InactiveHard 14 MB (fatal)

      """
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.bundleID == "com.example.playport")
    #expect(app.findings.map(\.kind) == [.jetsamInBackground])
    #expect(app.findings[0].confidence == .high)
  }
}

// MARK: #6 one CFNetwork -997 record is one event

extension SessionElevenRecogniserTests {
  /// Project "Noa", `Whisper.swift`'s header comment (review file `noa-whisper-…-process-name-with-spaces.txt`), the
  /// Xcode record without the comment's `//    ` (the review's probe; learning that mark is the reader's defect 10),
  /// cut at the end of its first line. Before: two `url-task-completed` events for task `<…>.<3>`.
  @Test func oneLostServiceRecordIsOneEvent() throws {
    let text =
      "2023-05-24 21:52:42.937529-0700 ChatGPT for Monocle[9390:1683226] "
      + URLSessionRecognizers.noaLostService + "\n"
    let result = Self.timeline(text)
    let events = result.apps.flatMap(\.events)
    #expect(events.map(\.kind) == [.urlTaskCompleted])
    #expect(
      events.first?.detail
        == "task <107143F9-1572-4564-86F0-92A731E9BF91>.<3> failed with error -997: lost connection to background "
        + "transfer service (nsurlsessiond)")
    #expect(events.first?.pid == 9390)
  }
}

// MARK: #5 assertiond's `Got exit context: <BKSProcessExitContext: …; reason: crash>`

extension SessionElevenRecogniserTests {
  /// flutter/flutter #16910 (description, iOS 11 idevicesyslog; review file `flutter-16910-…-cut.log`), the fenced
  /// lines as pasted (assertion ids with their `\M-b\M^@\M-&` escapes), without the last, cut SpringBoard line.
  /// Before: `exited pid 1114 · process exited`; the line that says why was not read.
  static let flutter16910 = #"""
    Apr 23 17:04:00 Firsts-iPhone assertiond[67] <Notice>: Server invalidated <BKProcessAssertion: 0x13dd3aa60; "Resume" (activation:inf); id:\M-b\M^@\M-&B770EBB7B4CF>
    Apr 23 17:04:00 Firsts-iPhone assertiond[67] <Notice>: Process exited: <BKProcess: 0x13de3ce40; Runner; io.flutter.examples.gallery; pid: 1114; agency: Application; visibility: foreground; task: none; hostpid: 56>
    Apr 23 17:04:00 Firsts-iPhone assertiond[67] <Notice>: Client relinquished <BKProcessAssertion: 0x13dd3aa60; "Resume" (activation:inf); id:\M-b\M^@\M-&B770EBB7B4CF>
    Apr 23 17:04:00 Firsts-iPhone assertiond[67] <Notice>: [Runner:1114] Invalidating...
    Apr 23 17:04:00 Firsts-iPhone assertiond[67] <Notice>: [Runner:1114] dump all assertions HWM:3 (CPUMON check): {
        <BKProcessAssertion: 0x13dd3aa60; "Resume" (activation:inf); id:\M-b\M^@\M-&B770EBB7B4CF> [active]
    }
    Apr 23 17:04:00 Firsts-iPhone assertiond[67] <Notice>: [Runner:1114] Ignoring assertion remove, because we are terminated or pending termination
    Apr 23 17:04:00 Firsts-iPhone assertiond[67] <Notice>: [Runner:1114] Got exit context: <BKSProcessExitContext: 0x13de1b880; reason: crash>

    """#

  @Test func anExitContextWithReasonCrashMakesTheExitACrash() throws {
    let result = Self.timeline(Self.flutter16910)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "io.flutter.examples.gallery")
    // One event, the `Process exited` line's, now a crash, with the exit context's line as evidence.
    #expect(app.events.map(\.kind) == [.crashed])
    let end = app.events[0]
    #expect(end.pid == 1114 && end.line == 2)
    #expect(end.detail == "crashed: assertiond's exit context says reason: crash (lines 2 and 9)")
    #expect(end.alsoShownBy.map(\.line) == [9])
    #expect(app.processes.first?.endedBy == .crashed)
    // In the foreground (`visibility: foreground`): no background claim.
    #expect(app.findings.isEmpty)
  }

  /// NativeScript #8920's fixture has the same pair with `reason: (none)`: the exit stays an exit, one event.
  @Test func anExitContextWithNoReasonLeavesTheExit() throws {
    let app = try #require(
      TimelineBuilder().build(
        from: try Fixtures.source("console/real-nativescript-8920-idevicesyslog-assertiond-exit.log")
      )
      .apps.first { $0.processes.contains { $0.pid == 867 } })
    #expect(app.events.filter { $0.pid == 867 }.map(\.kind).filter { $0 == .crashed }.isEmpty)
  }
}
