import Testing

@testable import BglogKit

/// The console pastes of the session 5 review (issue 13's message forms, issue 12's reader shapes). The
/// texts are SYNTHETIC: made up in the exact shapes seen (names, pids, ids and times changed; the thread
/// each imitates is named per test). The sources' licences are not known, so they are not fixtures.
@Suite struct ReviewFiveExcerptTests {
  static func build(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(text: text))
  }

  static func read(_ text: String) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ConsoleReading.read(text)
  }

  // MARK: - Message forms

  /// urbanairship/ios-library pull request #61: an iOS 7 list quoted with the app's name redacted (no pid
  /// after it), the pid only in the assertion's `process: <app>[N]`, then ` Forcing crash report of <app>...`
  /// continuing the same record. Before: one `crashed` event and no finding.
  @Test func anIOS7ListWithoutThePIDGivesTheLeakedTask() throws {
    let text = """
      <app> has active assertions beyond permitted time: 
          {(
              <BKProcessAssertion: 0x16642860> identifier: Called by <app>, from -[XYSync beginUploadTask] process: <app>[241] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:241 preventSuspend  preventIdleSleep  preventSuspendOnSleep 
          )}
       Forcing crash report of <app>...
      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.events.map(\.kind) == [.expiryWarning, .crashed])
    #expect(app.events.allSatisfy { $0.pid == 241 })
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .leakedBackgroundTask)
    // The crash report's record names the assertion itself: high without times.
    #expect(finding.confidence == .high)
    #expect(finding.summary.contains("A background task was still held"))
  }

  /// The same, the forcing line a record of its own (not indented): the pid comes from the list by the
  /// process's name, but the crash's line names no assertion and there are no times: medium.
  @Test func theForcedReportOnItsOwnLineIsOrderOnly() throws {
    let text = """
      <app> has active assertions beyond permitted time: 
          <BKProcessAssertion: 0x16642860> identifier: Called by <app>, from -[XYSync beginUploadTask] process: <app>[241] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:241 preventSuspend
      Forcing crash report of <app>...
      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.events.map(\.kind) == [.expiryWarning, .crashed])
    #expect(app.events.map(\.pid) == [241, 241])
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .leakedBackgroundTask)
    #expect(finding.confidence == .medium)
  }

  /// robbiehanson/XMPPFramework #765: assertiond's unsuspend limit, then the forced crash report of the same
  /// `<BKNewProcess …>`; the paste's first line starts with Markdown's italic `_`. Before: the lane was
  /// `<BKNewProcess:`, line 1 had no header, the limit was not read.
  @Test func theUnsuspendLimitNamesTheAppAndExplainsTheForcedReport() throws {
    let text = """
      _Aug  2 09:14:03 iPad assertiond[61] <Warning>: BKUnsuspendLimit <BKNewProcess: 0x15e22a70; com.example.voip; pid: 733; hostpid: -1> exceeded 15 wakes in 300 sec
      Aug  2 09:14:03 iPad assertiond[61] <Warning>: Forcing crash report of <BKNewProcess: 0x15e22a70; com.example.voip; pid: 733; hostpid: -1>...
      """
    let result = Self.build(text)
    #expect(result.layout == .idevicesyslog)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.bundleID == "com.example.voip")
    #expect(app.events.map(\.kind) == [.watchdogViolation, .crashed])
    #expect(app.events.allSatisfy { $0.timestamp != nil && $0.pid == 733 })
    #expect(app.events[1].detail == "forced crash report: exceeded 15 wakes in 300 sec (the unsuspend limit)")
    // Not background time running out: no leaked-task finding.
    #expect(!app.findings.contains { $0.kind == .leakedBackgroundTask })
  }

  /// ionic-team/capacitor #5491 and meteor/meteor #11811: WebKit's web content process ends (three lines about
  /// one pid) and WebKit cannot take its assertions for it. An event about a helper process: the app's own
  /// process is not ended.
  @Test func aWebContentEndIsNotAnAppKill() throws {
    let text = """
      2023-05-11 10:02:41.118204+0200 Shop[5120:2230011] [Process] 0x104a1c600 - [PID=5131] WebProcessProxy::didClose: (web process 0 crash)
      2023-05-11 10:02:41.118290+0200 Shop[5120:2230011] [Process] 0x104a1c600 - [PID=5131] WebProcessProxy::processDidTerminateOrFailedToLaunch: reason=4
      2023-05-11 10:02:41.118355+0200 Shop[5120:2230011] [ProcessSuspension] 0x104b0e180 - ProcessAssertion: Failed to acquire RBS Background assertion 'ConnectionTerminationWatchdog' for process because PID is invalid
      2023-05-11 10:02:41.118410+0200 Shop[5120:2230011] [Process] 0x1398a0e18 - [pageProxyID=7, webPageID=8, PID=5131] WebPageProxy::processDidTerminate: (pid 5131), reason 4
      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.name == "Shop")
    #expect(app.events.map(\.kind) == [.childProcessEnded, .assertionNotAcquired])
    #expect(
      app.events[0].detail == "WebKit's web content process 5131 ended (web process 0 crash); not the app's own process"
    )
    #expect(app.processes.map(\.pid) == [5120])
    #expect(app.processes.first?.endedBy == nil)
    #expect(app.findings.isEmpty)
  }

  /// ionic-team/capacitor #1184: WebKit's note alone, without a header. Before: refused as no layout.
  @Test func aBackgroundTaskExpiredUnderWebKitIsAnUntimedWarning() throws {
    let app = try #require(
      Self.build(
        "[ProcessSuspension] Background task expired while holding WebKit ProcessAssertion (isMainThread? 1).\n"
      )
      .apps.first)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.expiryWarning])
    #expect(app.events[0].timestamp == nil)
  }

  /// react-native-webrtc #998 (the console side): the trigger line and its indented figures, no header.
  @Test func theCPUUsageTriggerKeepsItsFigures() throws {
    let text = """
      Received (FATAL) CPU usage trigger: 
        Tracker[1204] (/private/var/containers/Bundle/Application/0A1B2C3D-0000-4000-8000-00000000ABCD/Tracker.app/Tracker) used 12.00s of CPU over 12.40 seconds (averaging 96%), violating a CPU usage limit of 12.00s over 20 seconds.
      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.name == "Tracker")
    #expect(app.events.map(\.kind) == [.watchdogViolation])
    #expect(
      app.events[0].detail
        == "CPU usage limit exceeded (the trigger is marked FATAL): used 12.00s of CPU over 12.40 seconds, limit "
        + "12.00s over 20 seconds")
    #expect(app.processes.first?.endedBy == nil)
  }

  /// e-mission-phone #290: dasd's push-launch activity submitted and an older one cancelled; the app is read
  /// from the activity's name.
  @Test func dasdActivitiesNameTheAppFromTheirName() throws {
    let text = """
      Oct  4 08:20:11 phone dasd(DuetActivitySchedulerDaemon)[141] <Notice>: Submitted Activity: com.apple.pushLaunch.org.example.tracker:1F2E3D <private>
      Oct  4 08:20:11 phone dasd(DuetActivitySchedulerDaemon)[141] <Notice>: CANCELED: com.apple.pushLaunch.org.example.tracker:9A8B7C <private>!
      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.bundleID == "org.example.tracker")
    #expect(app.events.map(\.kind) == [.bgTaskSubmitted, .bgTaskCancelled])
  }

  /// 781flyingdutchman/background_downloader #330: UIKit's verbose bookkeeping (Console.app).
  @Test func uikitBookkeepingGivesBeginAndEnd() throws {
    let text = """
      default\t09:01:02.100200-0700\tRunner\tBOOL _UIApplicationEndBackgroundTask(UIBackgroundTaskIdentifier)_block_invoke: Decrementing reference count for assertion <BKSProcessAssertion: 0x600003a1c2d0> (used by background task with identifier 12: <_UIBackgroundTaskInfo: 0x600001b2a1c0>: taskID = 12, taskName = Sync-upload, creationTime = 1234 (elapsed = 2))
      default\t09:01:02.100250-0700\tRunner\tBOOL _UIApplicationEndBackgroundTask(UIBackgroundTaskIdentifier)_block_invoke: Will invalidate assertion: <BKSProcessAssertion: 0x600003a1c2d0> for task identifier: 12
      default\t09:01:02.100300-0700\tRunner\tUIBackgroundTaskIdentifier _UIApplicationBeginBackgroundTaskWithExpirationHandler(void (^__strong _Nullable)(void), NSString *__strong _Nullable): Will add backgroundTask with taskName: Sync-upload, expirationHandler: <__NSMallocBlock__: 0x600002c10a20>
      """
    let app = try #require(Self.build(text).apps.first)
    #expect(app.events.map(\.kind) == [.backgroundTaskEnded, .backgroundTaskStarted])
    #expect(app.events[0].detail == "background task 12 \"Sync-upload\" ended (UIKit invalidates its assertion)")
  }

  /// ocetnik/react-native-background-timer pull request #38: the line hard-wrapped inside the descriptor,
  /// no header. The first line stops inside `<BKProcessAssertion: 0x…;`, so the next line continues it and
  /// the assertion is named; a line after that is a record of its own again.
  @Test func aHighWaterMarkWrappedInsideItsDescriptorIsJoined() throws {
    let text = """
      HWM increased to 1530 because of <BKProcessAssertion: 0x1004c2210;
      "MyTimer" (finishTask:180s); id:…0A1B2C3D4E5F>
      next message
      """
    let (entries, statistics, _) = Self.read(text)
    #expect(entries.count == 2)
    #expect(statistics.continuationLines == 1)
    let app = try #require(Self.build(text).apps.first)
    #expect(app.events.map(\.kind) == [.assertionAcquired])
    #expect(
      app.events[0].detail
        == "assertiond holds 1530 assertions (a new high-water mark), raised by \"MyTimer\" finishTask 180 s")
    // A headerless line ending in `;` outside a description is not joined.
    #expect(Self.read("first; second;\nthird\n").0.count == 2)
    #expect(Self.read("a <b; c;\nthird\n").0.count == 2)
  }

  /// quiet/QuietModemKit #4: an unquoted `name:` ends at the `;` before `state:`. Before: the name ran to the
  /// end of the line (`…message; state: active; reason: finishTask; duration: 180.0s> {`).
  @Test func anUnquotedAssertionNameEndsAtItsField() throws {
    let text = """
      Feb  3 11:20:01 iPhone assertiond[70] <Notice>: [Notes:812] Add assertion: <BKProcessAssertion: 0x1018a2c40; id: 58-1A2B3C4D-0000-4000-8000-00000000AB12; name: com.apple.UIKit.KeyboardManagement.message; state: active; reason: finishTask; duration: 180.0s> {
          owner = <BSProcessHandle: 0x1018a1d20; SpringBoard:58; valid: YES>;
      }
      """
    let app = try #require(Self.build(text).apps.first)
    let assertion = try #require(app.events.first?.assertion)
    #expect(assertion.name == "com.apple.UIKit.KeyboardManagement.message")
    #expect(assertion.reason == "finishTask")
  }

  /// ionic-team/capacitor #3340: the reason bolded by Markdown (`**"…"**`) is kept.
  @Test func aBoldedRBSReasonIsKept() throws {
    let text = """
      2021-02-01 09:30:12.674946+0100 App[4410:3301738] [assertion] Error acquiring assertion: <NSError: 0x2834f1200; domain: RBSAssertionErrorDomain; code: 2; reason: **"Client is missing required entitlement"**> {
      """
    let app = try #require(Self.build(text).apps.first)
    #expect(
      app.events.first?.detail
        == "assertion not acquired: Client is missing required entitlement [RBSAssertionErrorDomain 2]")
  }

  // MARK: - Reader

  /// ashleymills/Reachability.swift #356: Xcode's `Process[pid:tid] ` with the time switched off. Before:
  /// refused (no layout); now a headerless record that keeps its process and pid.
  @Test func anXcodeLineWithoutItsTimeKeepsItsProcess() throws {
    let (entries, _, layout) = Self.read(
      "Sample[4102:1300221] Can't end BackgroundTask: no background task exists with identifier 2 (0x2), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.\n"
    )
    #expect(layout == nil)
    #expect(entries.map(\.process) == ["Sample"])
    #expect(entries.map(\.pid) == [4102])
    #expect(entries.first?.timestamp == nil)
    #expect(entries.first?.message.hasPrefix("Can't end BackgroundTask") == true)
    let app = try #require(
      Self.build(
        "Sample[4102:1300221] Can't end BackgroundTask: no background task exists with identifier 2 (0x2), or it "
          + "may have already been ended.\n"
      ).apps.first)
    #expect(app.name == "Sample")
    #expect(app.events.map(\.kind) == [.backgroundTaskEnded])
    // A bracketed tag alone is no process.
    #expect(Self.read("[ProcessSuspension] 0x1 - note\n").0.map(\.process) == [""])
  }

  /// capacitor #5366 (a backtick) and XMPPFramework #765 (an italic `_`): Markdown before the first line.
  @Test(arguments: ["`", "_"])
  func markdownBeforeTheFirstRecordIsDropped(residue: String) {
    let text =
      residue + """
        2022-06-02 10:11:12.007838+0100 App[3174:625394] [assertion] first
        2022-06-02 10:11:12.008038+0100 App[3174:625394] [assertion] second

        """
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .xcode)
    #expect(entries.count == 2)
    #expect(entries.allSatisfy { $0.timestamp != nil && $0.process == "App" })
    #expect(statistics.unknownLines == 0)
    // Any other character, or the same one later, is not stripped: `*` stays a headerless line.
    let (others, _, _) = Self.read("*" + text)
    #expect(others.first?.timestamp == nil)
  }

  /// mauron85/react-native-background-geolocation #479: the plugin's own logger (`HH:MM:SS:mmm`, no offset)
  /// between Xcode records. Before: a continuation of the record before it.
  @Test func anAppLoggerLineBetweenXcodeRecordsIsARecord() {
    let text = """
      2021-07-05 08:10:20.300754+0530 walker[5512:402342] [INFO] App is in background
      2021-07-05 08:10:20:296 walker[5512:402243] Geo #switchMode 0
      2021-07-05 08:10:20.302474+0530 walker[5512:402349] Geo #switchMode 0

      """
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .xcode)
    #expect(entries.count == 3)
    #expect(statistics.continuationLines == 0)
    #expect(entries[1].process == "walker" && entries[1].pid == 5512)
    #expect(entries[1].message == "Geo #switchMode 0")
    let expected: Double = 8 * 3600 + 10 * 60 + 20.296
    #expect(entries[1].timestamp?.secondsOfDay == expected)
  }

  /// jp.narouhz.com forums thread 759754: a Console.app copy whose line ends the forum removed.
  static let flattened =
    "default 10:41:07.100590-0400 audiomxd stop for com.example.app with pid '812' because client is background "
    + "suspended default 10:41:07.100753-0400 dasd Received state update for 812 (app<com.example.app(0A1B2C3D-"
    + "0000-4000-8000-00000000ABCD)>, running-suspended-NotVisible default 10:41:07.100908-0400 locationd "
    + "Received state update for 812 (app<com.example.app(0A1B2C3D-0000-4000-8000-00000000ABCD)>, "
    + "running-suspended-NotVisible\n"

  @Test func aFlattenedConsoleCopyIsSplitBackIntoRecords() throws {
    let (entries, _, layout) = Self.read(Self.flattened)
    #expect(layout == .consoleApp)
    #expect(entries.map(\.process) == ["audiomxd", "dasd", "locationd"])
    #expect(entries.allSatisfy { $0.line == 1 && $0.timestamp != nil })
    let app = try #require(Self.build(Self.flattened).apps.first)
    #expect(app.bundleID == "com.example.app")
    #expect(app.events.map(\.kind) == [.suspended])
  }

  /// Split points that disagree (another UTC offset, or a time going back) leave the line whole.
  @Test(arguments: ["-0400 locationd", "-0500 locationd"])
  func anAmbiguousFlattenedLineStaysOneRecord(ending: String) {
    let back = Self.flattened.replacingOccurrences(
      of: "10:41:07.100908-0400 locationd", with: "10:41:07.000908" + ending)
    let (entries, _, _) = Self.read(back)
    #expect(entries.count == 1)
  }
}
