import BglogTestSupport
import Testing

@testable import BglogKit

/// Defects 3, 4, 6, 7 and 8 of the session-9 review (`/work/review-inputs-s9/FINDINGS.md`): lines the timeline
/// did not read, and macOS app identities it kept whole. The pastes there are for review only, never fixtures
/// (issue text, licence unknown): the real lines are quoted here with their source; texts marked SYNTHETIC are
/// built from real lines and say how.
@Suite struct SessionNineRecogniserTests {
  static func timeline(text: String, app: String? = nil) -> TimelineResult {
    TimelineBuilder(options: TimelineOptions(app: app)).build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #3 `*** Terminating app due to uncaught exception`

  /// transistorsoft/flutter_background_geolocation #1205 (flodaniel, turn 0), the Xcode console as pasted (an
  /// empty fence first, the first-throw stack cut in frame 9; frames 5–8 left out here): two SDKs registered
  /// one BGTaskScheduler identifier. Before: "No app background activity recognised".
  @Test func uncaughtExceptionOnADoubleRegistrationIsTheAppsCrashWithAFinding() throws {
    let text = """
      ``` 
      ```
      2023-06-28 11:45:29.751489+0200 Runner[49390:28644861] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Launch handler for task with identifier com.sentiance.backgroundtask.task_processing has already been registered'
      *** First throw call stack:
      (
      \t0   CoreFoundation                      0x0000000115afe78b __exceptionPreprocess + 242
      \t1   libobjc.A.dylib                     0x000000011157cb73 objc_exception_throw + 48
      \t2   Foundation                          0x0000000111f51f64 _userInfoForFileAndLine + 0
      \t3   BackgroundTasks                     0x00000001108f3b52 -[BGTaskScheduler _unsafe_registerForTaskWithIdentifier:usingQueue:launchHandler:] + 366
      \t4   BackgroundTasks                     0x00000001108f39aa -[BGTaskScheduler registerForTaskWithIdentifier:usingQueue:launchHandler:] + 175

      """
    let result = Self.timeline(text: text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "Runner")
    #expect(app.events.map(\.kind) == [.crashed])
    let crash = app.events[0]
    #expect(crash.pid == 49390)
    #expect(crash.line == 3)
    let seconds = try #require(crash.timestamp?.secondsOfDay)
    #expect(abs(seconds - (11 * 3600 + 45 * 60 + 29.751489)) < 0.001)
    #expect(
      crash.detail
        == "terminated by an uncaught exception NSInternalInconsistencyException, reason: Launch handler for task "
        + "with identifier com.sentiance.backgroundtask.task_processing has already been registered")
    #expect(app.processes.first?.endedBy == .crashed)
    let finding = try #require(app.findings.first)
    #expect(app.findings.count == 1)
    #expect(finding.kind == .bgTaskRegistrationCrash)
    #expect(finding.confidence == .high)
    #expect(finding.summary.contains("pid 49390 crashed at 11:45:29"))
    #expect(finding.summary.contains("com.sentiance.backgroundtask.task_processing was registered a second time"))
    #expect(finding.advice?.contains("once per process") == true)
    #expect(finding.evidence.map(\.line) == [3])
  }

  /// The other two BGTaskScheduler reasons, each verbatim from real text: `No launch handler registered …` in a
  /// Spanish BGTaskScheduler tutorial's Xcode line (code index id 54933868130, the index does not name its
  /// repository), `All launch handlers must be registered …` in an app's console output kept in a source comment
  /// (code index id 29478862975), without a header there: the unnamed app, medium.
  @Test func theOtherBGTaskSchedulerReasonsAreRegistrationCrashesToo() throws {
    let noHandler =
      "2020-10-11 08:24:40.648838+0700 TestBgTask[275:5188] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'No launch handler registered for task with identifier com.example.bgRefresh'\n"
    let app = try #require(Self.timeline(text: noHandler).apps.first)
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .bgTaskRegistrationCrash)
    #expect(finding.confidence == .high)
    #expect(finding.summary.contains("a request for com.example.bgRefresh was submitted while no launch handler"))

    let late =
      "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'All launch handlers must be registered before application finishes launching'\n*** First throw call stack:\n"
    let unnamed = try #require(Self.timeline(text: late).apps.first)
    #expect(unnamed.processName == AppSubject.unnamedAppName)
    #expect(unnamed.events.map(\.kind) == [.crashed])
    let lateFinding = try #require(unnamed.findings.first)
    #expect(lateFinding.confidence == .medium)
    #expect(lateFinding.summary.contains("registered after the app had finished launching"))
    #expect(lateFinding.summary.contains("The line does not name the app."))
  }

  /// Another exception's reason (an unrecognised selector, a blog's Xcode console: code index id 1898907858) is
  /// the app's crash, with no BGTaskScheduler finding.
  @Test func anotherUncaughtExceptionIsACrashWithoutTheFinding() throws {
    let text =
      "2016-08-27 10:09:16.495 debug-objc[7013:29381250] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[DGObject test_no_exist]: unrecognized selector sent to instance 0x101200310'\n*** First throw call stack:\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.crashed])
    #expect(app.events[0].pid == 7013)
    #expect(
      app.events[0].detail
        == "terminated by an uncaught exception NSInvalidArgumentException, reason: -[DGObject test_no_exist]: "
        + "unrecognized selector sent to instance 0x101200310")
    #expect(app.findings.isEmpty)
  }

  // MARK: #4 iOS 9: launchd's job before the level, SpringBoard's `exited voluntarily`

  /// layerhq/Atlas-iOS #1195 (adina-abduraman, 2016), the iOS 9 device log as pasted: no times, the two exit
  /// lines wrapped in Markdown's `**` (no layout is found; each line is a message alone), assertiond's lines
  /// after them. Before: only assertiond's "already gone" for pid 350; the two lines saying how it ended unread.
  @Test func ios9ExitLinesAsPastedSayTheAppEndedItself() throws {
    let text = """
      The device log, when the app is brought in foreground, looks like this:

      iPhone locationd[61] <Notice>: Gesture EnabledForTopCLient: 0, EnabledInDaemonSettings: 0
      iPhone SpringBoard[295] <Warning>: BSXPCMessage received error for message: Connection invalid
      locationd[61] <Notice>: Gesture EnabledForTopCLient: 0, EnabledInDaemonSettings: 0

      **iPhone com.apple.xpc.launchd[1] (UIKitApplication:appName[0xb64f][350]) <Warning>: Service exited with abnormal code: 1**

      **iPhone SpringBoard[295] <Warning>: Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.**

      Phone assertiond[64] <Warning>: pid_suspend failed for <BKNewProcess: 0x12fe25cb0; appName; pid: 350; hostpid: -1>: Unknown error: -1, Unknown error: -1

      iPhone assertiond[64] <Warning>: Could not set priority of <BKNewProcess: 0x12fe25cb0; appName; pid: 350; hostpid: -1> to 2, priority: No such process

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "appName")
    #expect(app.events.map(\.kind) == [.exited, .exited])
    #expect(app.events.map(\.pid) == [350, 350])
    #expect(app.events.map(\.line) == [7, 9])
    #expect(app.events[0].detail == "exited with abnormal code 1 (launchd)")
    #expect(
      app.events[1].detail
        == "exited voluntarily (SpringBoard): the app ended itself; it was not killed; launchd: exited with abnormal "
        + "code 1")
    // assertiond's `No such process` after them is the same end: no third event.
    let process = try #require(app.processes.first)
    #expect(app.processes.count == 1)
    #expect(process.endedBy == .exited)
    #expect(process.endDetail?.hasPrefix("exited voluntarily (SpringBoard)") == true)
  }

  /// SYNTHETIC: the same two lines without the `**` and with an `idevicesyslog` time before each (as the review
  /// checked on copies): read as `idevicesyslog`, the reader leaves launchd's job and level in the message
  /// (`(UIKitApplication:appName[0xb64f][350]) <Warning>: Service exited …`), and the events have their times.
  @Test func ios9ExitLinesWithTimesAreReadUnderTheirWriters() throws {
    let text = """
      May 18 10:00:00 iPhone com.apple.xpc.launchd[1] (UIKitApplication:appName[0xb64f][350]) <Warning>: Service exited with abnormal code: 1
      May 18 10:00:00 iPhone SpringBoard[295] <Warning>: Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.
      May 18 10:00:01 iPhone assertiond[64] <Warning>: Could not set priority of <BKNewProcess: 0x12fe25cb0; appName; pid: 350; hostpid: -1> to 2, priority: No such process

      """
    let result = Self.timeline(text: text)
    #expect(result.layout == .idevicesyslog)
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.exited, .exited])
    #expect(app.events.map(\.lane) == ["com.apple.xpc.launchd", "SpringBoard"])
    #expect(app.events.allSatisfy { $0.timestamp?.timeOfDayText == "10:00:00" })
  }

  // MARK: #7 macOS RunningBoard identities name the bundle

  /// p0deje/Maccy #212 (orschiro, turn 5), sw33tLie/macshot #132 (hongmd, turn 12) and supermerill/SuperSlicer
  /// #1110 (mvieleers, turn 29, Dutch `standaard` level): runningboardd's `app<application.<bundle>.<n>.<n>(501)>`.
  /// Before: lanes `application.org.p0deje.Maccy.32526940.32526946`, `application.com.merill.slic3r/.18.22`.
  @Test func macOSRunningBoardIdentitiesNameTheBundle() throws {
    let maccy =
      "default\t13:52:39.450314+0100\trunningboardd\tInvalidating assertion 179-115-11719 (target:[app<application.org.p0deje.Maccy.32526940.32526946(501)>:13783]) from originator [daemon<com.apple.WindowServer(88)>:115]\n"
    let maccyApp = try #require(Self.timeline(text: maccy).apps.first)
    #expect(maccyApp.bundleID == "org.p0deje.Maccy")
    #expect(maccyApp.events.map(\.kind) == [.assertionInvalidated])
    #expect(maccyApp.events[0].pid == 13783)
    // `--app` with the bundle now finds it.
    #expect(Self.timeline(text: maccy, app: "org.p0deje.Maccy").apps.first?.events.count == 1)

    // The slic3r label as written, less LaunchServices' numbers (`slic3r/` keeps its slash: that is the label).
    let slicer =
      "standaard\t17:08:40.792861+0200\trunningboardd\tInvalidating assertion 245-100-16632 (target:[app<application.com.merill.slic3r/.18.22(501)>:95474]) from originator [daemon<com.apple.coreservices.launchservicesd>:100]\n"
    #expect(Self.timeline(text: slicer).apps.first?.bundleID == "com.merill.slic3r/")
  }

  /// The identity forms the recognisers read, one by one: with the uid (runningboardd), without it (ControlCenter's
  /// FrontBoard), inside a state update (ControlCenter), as the filter reads it on bytes.
  @Test func identityFormsAgree() {
    typealias R = TimelineEventRecognizer
    let runningboard = R.appSubject(
      in: "[app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892]")
    #expect(runningboard == AppSubject(bundle: "com.sw33tlie.macshot.macshot", pid: 892))
    let frontBoard = R.appSubject(
      in:
        "<FBApplicationProcess: 0xc5bc9fa80; app<application.com.sw33tlie.macshot.macshot.300897658.300897783>:892(v8BC)>"
    )
    #expect(frontBoard == AppSubject(bundle: "com.sw33tlie.macshot.macshot", pid: 892))
    // iOS identities are kept as written.
    #expect(R.appSubject(in: "[application<com.x.app>:12]") == AppSubject(bundle: "com.x.app", pid: 12))
    #expect(R.appBundle("application.nonumbers"[...]) == "application.nonumbers")
    // The filter's byte path gives the same bundle.
    for label in [
      "application.org.p0deje.Maccy.32526940.32526946", "application.com.merill.slic3r/.18.22",
      "application.com.red-sweater.marsedit4.384452971.384452977", "application.nonumbers", "application..1",
      "application.com.x.1.F0E1D2C3-B4A5-9687-7869-5A4B3C2D1E0F", "com.x.app",
    ] {
      let bytes = Array(label.utf8)
      let onBytes = bytes.withUnsafeBufferPointer { buffer in
        TimelineRecordFilter.labelBundle(buffer).map { String(decoding: $0, as: UTF8.self) } ?? label
      }
      #expect(onBytes == R.appBundle(label[...]), "\(label)")
    }
  }

  // MARK: #8 runningboardd's state `none` then the XPC connection invalidated

  /// sw33tLie/macshot #132 (hongmd, turn 12, second excerpt as pasted, rows out of time order): the app's end.
  /// Before: `process-removed` "(the lines do not say that it exited, nor why)" and Processes "ended: not seen".
  @Test func stateNoneThenXPCInvalidationIsTheProcesssEnd() throws {
    let text = """
      ```
      default\t21:47:02.682477+0700\tControlCenter\t[app<application.com.sw33tlie.macshot.macshot.300897658.300897783>:892] Setting process visibility to: Unknown
      default\t21:47:02.682533+0700\tControlCenter\t[app<application.com.sw33tlie.macshot.macshot.300897658.300897783>:892] Invalidating workspace.
      default\t21:47:02.682612+0700\tControlCenter\tRemoving source registration for processHandle: [app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892]
      default\t21:47:02.682490+0700\trunningboardd\tCalculated state for app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>: none (role: None) (endowments: (null))
      default\t21:47:02.682874+0700\tControlCenter\tReceived state update for 892 (app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>, none-NotVisible
      default\t21:47:02.683290+0700\tControlCenter\tRemoving: <FBApplicationProcess: 0xc5bc9fa80; app<application.com.sw33tlie.macshot.macshot.300897658.300897783>:892(v8BC)>
      default\t21:47:02.683693+0700\trunningboardd\tXPC connection invalidated: [app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892]
      default\t21:47:02.683408+0700\tControlCenter\tReceived state update for 892 (app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>, none-NotVisible
      default\t21:47:02.682727+0700\taudiomxd\t  ServerSessionManager.mm:1330  Monitored process died

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.sw33tlie.macshot.macshot")
    #expect(app.events.map(\.kind) == [.processRemoved, .exited])
    #expect(app.events.map(\.line) == [7, 8])
    #expect(app.events[0].detail.contains("runningboardd had calculated its state as none"))
    #expect(!app.events[0].detail.contains("do not say that it exited"))
    let end = app.events[1]
    #expect(end.pid == 892)
    #expect(end.lane == "runningboardd")
    #expect(end.detail.contains("calculated its state as none (role: None), then its XPC connection was invalidated"))
    #expect(end.detail.contains("do not say how or why it ended"))
    #expect(app.processes.first?.endedBy == .exited)
  }

  /// SYNTHETIC (the excerpt's two runningboardd lines, each alone): neither says the process ended.
  @Test func eitherLineAloneIsNoEnd() {
    let state =
      "default\t21:47:02.682490+0700\trunningboardd\tCalculated state for app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>: none (role: None) (endowments: (null))\n"
    let xpc =
      "default\t21:47:02.683693+0700\trunningboardd\tXPC connection invalidated: [app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892]\n"
    #expect(Self.timeline(text: state).apps.allSatisfy { $0.events.isEmpty })
    #expect(Self.timeline(text: xpc).apps.allSatisfy { $0.events.isEmpty })
    // In the other order: no end either (only the order seen is read).
    #expect(Self.timeline(text: xpc + state).apps.allSatisfy { $0.events.isEmpty })
  }

  /// sw33tLie/macshot #132 (hongmd, turn 12), a selection of the same paste (each line verbatim as the issue's
  /// stored copy shows it, the lines between them left out, so SYNTHETIC as a whole): the first two a little earlier
  /// than the excerpt above, then three of its lines. cache_delete asks RunningBoard to terminate the app (code 0xBADDD15C),
  /// runningboardd's `terminate_with_reason() success` kills pid 892, then the state `none`, the XPC invalidation
  /// and FrontBoard's removal: one end, the kill, naming the request.
  @Test func terminateWithReasonIsTheKillAfterTheRequest() throws {
    let text = """
      default	21:47:02.508724+0700	runningboardd	Received termination request from [osservice<com.apple.cache_delete(501)>:718] on <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "com.sw33tlie.macshot.macshot">> with context <RBSTerminateContext| code:0xBADDD15C explanation:CacheDeleteAppContainerCaches requesting termination assertion for com.sw33tlie.macshot.macshot reportType:None maxTerminationResistance:NonInteractive attrs:[
      	<RBSPreventLaunchLimitation| <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "com.sw33tlie.macshot.macshot">> allow:(null)>
      	]>
      default	21:47:02.619973+0700	runningboardd	[app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892] terminate_with_reason() success
      default	21:47:02.682490+0700	runningboardd	Calculated state for app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>: none (role: None) (endowments: (null))
      default	21:47:02.683290+0700	ControlCenter	Removing: <FBApplicationProcess: 0xc5bc9fa80; app<application.com.sw33tlie.macshot.macshot.300897658.300897783>:892(v8BC)>
      default	21:47:02.683693+0700	runningboardd	XPC connection invalidated: [app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892]

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.sw33tlie.macshot.macshot")
    #expect(app.events.map(\.kind) == [.terminationRequested, .killed])
    let kill = app.events[1]
    #expect(kill.pid == 892)
    #expect(kill.line == 4)
    #expect(kill.detail.hasPrefix("killed by RunningBoard (terminate_with_reason() success); the termination request"))
    #expect(kill.detail.contains("osservice<com.apple.cache_delete(501)>:718, code 0xBADDD15C"))
    #expect(app.processes.first?.endedBy == .killed)
    // The request's code is RunningBoard's disk-space-reclaim: the kill gets that finding, as launchd's and
    // runningboardd's lines with the code do (review s12b defect 1), the kill line and the request as evidence.
    #expect(app.findings.map(\.kind) == [.diskSpaceReclaim])
    #expect(app.findings.first?.evidence.map(\.line) == [1, 4])
    // Alone, the line says no more than the kill.
    let alone = try #require(Self.timeline(text: text.split(separator: "\n")[3] + "\n").apps.first)
    #expect(
      alone.events.map(\.detail) == [
        "killed by RunningBoard (terminate_with_reason() success); the line does not say who asked or why"
      ])
    #expect(alone.findings.isEmpty)
  }

  // MARK: #6 iOS 13 beta's `Starting simulated task:`

  /// Ranchero-Software/NetNewsWire #746 (stuartbreckenridge, 2019-06-18), the Xcode console as pasted (emoji in
  /// the app's own lines). Before: no event.
  @Test func startingSimulatedTaskIsTheSimulatedLaunch() throws {
    let text = """
      ```
      2019-06-18 23:36:54.523814+0800 NetNewsWire[5127:695645] Starting simulated task: <BGAppRefreshTask: com.ranchero.NetNewsWire.FeedRefresh>
      2019-06-18 23:36:54.525031+0800 NetNewsWire[5127:695645] [application] 👀 Woken to perform account refresh.
      2019-06-18 23:36:55.550032+0800 NetNewsWire[5127:695655] [application] ⏰ Waiting for account refresh processing to complete...
      ```

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskSimulatedLaunch])
    #expect(app.events[0].pid == 5127)
    #expect(app.events[0].line == 2)
    #expect(
      app.events[0].detail
        == "debugger simulated a launch (BGAppRefreshTask started) for com.ranchero.NetNewsWire.FeedRefresh")
  }

  /// A Spanish BGTaskScheduler tutorial's Xcode lines (code index id 54933868130): `Simulating launch …` then
  /// `Starting simulated task: <decode: missing data>`; SYNTHETIC second copy with the task decoded (the
  /// NetNewsWire form): one launch, one event either way.
  @Test func simulatingLaunchThenStartingTheTaskIsOneLaunch() throws {
    let simulating =
      "2020-10-11 08:54:01.927263+0700 TestBgTask[381:16973] Simulating launch for task with identifier com.example.bgRefresh\n"
    let undecoded =
      "2020-10-11 08:54:03.669153+0700 TestBgTask[381:17095] Starting simulated task: <decode: missing data>\n"
    let decoded =
      "2020-10-11 08:54:03.669153+0700 TestBgTask[381:17095] Starting simulated task: <BGAppRefreshTask: com.example.bgRefresh>\n"
    for text in [simulating + undecoded, simulating + decoded] {
      let app = try #require(Self.timeline(text: text).apps.first)
      #expect(app.events.map(\.kind) == [.bgTaskSimulatedLaunch])
      #expect(app.events[0].detail == "debugger simulated a launch for com.example.bgRefresh")
    }
  }
}
