import BglogTestSupport
import Testing

@testable import BglogKit

/// Timeline defects of the session-12 fresh-eyes review (`/work/review-inputs-s12/FINDINGS.md`). The pastes'
/// licences are not known, so their lines are quoted here with their sources, not added as fixtures; texts marked
/// SYNTHETIC are built from real lines and say how.
@Suite struct SessionTwelveReviewTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: Defect 1: the iOS 11–12 FrontBoard watchdog kill

  /// Apple Developer Forums thread 104020 (forums.developer.apple.com/thread/104020, the question, iOS 11–12): the
  /// asker's two FrontBoard lines, quoted without headers.
  static let forums104020Provision =
    "[com.app.id] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x1108d7d10; "
    + "allowance: <; FBSProcessResourceAllowance; type: scheduledTime; timeValue: 3.77s>; violated: YES>"
  static let forums104020Termination =
    "[com.app.id] Executing termination for reason (none) with request: <FBSProcessTerminationRequest: 0x107abbfb0; "
    + "label: \"watchdog provision violated\"; exceptionCode: \"Watchdog Violation (0x8BADF00D)\"; reportType: "
    + "CrashLog; explanation: \"scene-create watchdog transgression: com.app.id exhausted CPU time allowance of 3.77 "
    + "seconds\">"

  /// The thread's paste as the review saved it (`17-forums104020-scene-create-cpu-bgfetch.log`): the two lines,
  /// then the asker's prose and assertiond lines. The violation and the kill are the app's; the finding is a
  /// watchdog kill on scene-create for CPU time, not a leaked task.
  @Test func ios12SceneCreateWatchdogKillIsReadWithoutHeaders() throws {
    let text =
      Self.forums104020Provision + "\n" + Self.forums104020Termination + "\n"
      + "The app seems to be already running, since I see this:\n"
      + "[app:1849] Attempting to acquire assertion for app:1849: <BKProcessAssertion: 0x100735de0; "
      + "\"com.lapp.launch_sequence.bgtask\" (finishTask:180s); id:…7A9D83D792D1>\n"
      + "[app:1849] Add assertion: <BKProcessAssertion: 0x100735de0; id: 1849-FAE26CB2-AC0A-4EC6-AD1E-7A9D83D792D1; "
      + "name: com.app.launch_sequence.bgtask; state: active; reason: finishTask; duration: 180.0s> {\n"
    let result = Self.timeline(text)
    let app = try #require(result.apps.first { $0.bundleID == "com.app.id" })
    #expect(app.events.map(\.kind) == [.watchdogViolation, .killed])
    #expect(app.events[0].detail == "watchdog scene-create provision violated (scheduledTime 3.77s: CPU time)")
    #expect(
      app.events[1].detail
        == "killed by the watchdog (watchdog provision violated): Watchdog Violation (0x8BADF00D); scene-create "
        + "watchdog transgression: com.app.id exhausted CPU time allowance of 3.77 seconds")
    #expect(app.findings.map(\.kind) == [.watchdogHang])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("during scene-create"))
    #expect(finding.summary.contains("CPU-time allowance of 3.77 seconds"))
    #expect(finding.summary.contains("not a background task held too long"))
    #expect(finding.summary.contains("does not show whether the launch was in the background"))
    #expect(finding.evidence.map(\.line) == [1, 2])
    #expect(!result.apps.flatMap(\.findings).contains { $0.kind == .leakedBackgroundTask })
  }

  /// SYNTHETIC: the same two lines under a Console.app header (SpringBoard the writer, a made-up time), and a
  /// SpringBoard `visibility: Background` line of flutterfire #5702 for the same bundle before them: the finding
  /// then says the launch was in the background.
  @Test func ios12SceneCreateWatchdogKillUnderConsoleAppHeadersInTheBackground() throws {
    let header = "default\t10:00:00.000000+0000\tSpringBoard\t"
    let text =
      "default\t09:59:59.000000+0000\tSpringBoard\tApplication process state changed for com.app.id: "
      + "<SBApplicationProcessState: 0x281a5ea00; pid: 1957; taskState: Running; visibility: Background>\n"
      + header + Self.forums104020Provision + "\n" + header + Self.forums104020Termination + "\n"
    let result = Self.timeline(text)
    #expect(result.layout == .consoleApp)
    let app = try #require(result.apps.first { $0.bundleID == "com.app.id" })
    #expect(app.events.map(\.kind) == [.enteredBackground, .watchdogViolation, .killed])
    let finding = try #require(app.findings.first { $0.kind == .watchdogHang })
    #expect(finding.summary.contains("The log shows the app in the background before it"))
    #expect(finding.evidence.map(\.line) == [1, 2, 3])
  }

  /// iOS 14's form (flutter #68558) keeps its reading, the allowance now said as wall-clock time; a violation the
  /// debugger kept from being enforced gives no kill and no finding.
  @Test func ios14ProvisionNotEnforcedGivesNoFinding() throws {
    let text =
      "default\t08:16:48.296225-0700\tSpringBoard\t[application<com.example.helloFlutter>:1462] Ignoring "
      + "<FBProcessWatchdog: 0x28175f7f0; name: process-launch> for reason: process is being debugged\n"
      + "error\t08:16:48.297075-0700\tSpringBoard\t[application<com.example.helloFlutter>:1462] Provision violated for "
      + "watchdog process-launch: <FBSProcessResourceProvision: 0x281830800; allowance: <; FBSProcessResourceAllowance; "
      + "type: realTime; timeValue: 20.0s>; violated: YES>\n"
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.map(\.kind) == [.watchdogViolation])
    #expect(app.events[0].detail.contains("(realTime 20.0s: wall-clock time); not enforced"))
    #expect(app.findings.isEmpty)
  }

  /// SYNTHETIC (flutter #68558's violation line, enforced, then dotnet/macios #10086's iOS 14 exit line for the
  /// same pid): the exit context names no deadline, the violation does: a wall-clock `watchdog-hang`.
  @Test func ios14ExitAfterAViolationIsAWallClockWatchdogKill() throws {
    let text =
      "error\t08:16:48.297075-0700\tSpringBoard\t[application<com.example.helloFlutter>:1462] Provision violated for "
      + "watchdog process-launch: <FBSProcessResourceProvision: 0x281830800; allowance: <; FBSProcessResourceAllowance; "
      + "type: realTime; timeValue: 20.0s>; violated: YES>\n"
      + "default\t08:16:48.400000-0700\tSpringBoard\t[application<com.example.helloFlutter>:1462] Process exited: "
      + "<FBProcessExitContext; watchdog (\"watchdog provision violated\")>.\n"
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.map(\.kind) == [.watchdogViolation, .killed])
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .watchdogHang)
    #expect(finding.summary.contains("during process-launch: it used up its wall-clock allowance of 20.0s"))
  }

  /// SYNTHETIC (forum thread 104020's termination line with its watchdog named `process-exit`, the name iOS 13 crash
  /// reports give, firebase-ios-sdk #5707): an exit deadline is not a launch's, and the advice says so.
  @Test func aProcessExitWatchdogKillPointsAtExitWork() throws {
    let text = Self.forums104020Termination.replacingOccurrences(of: "scene-create", with: "process-exit") + "\n"
    let finding = try #require(Self.timeline(text).apps.first?.findings.first)
    #expect(finding.kind == .watchdogHang)
    #expect(finding.summary.contains("during process-exit"))
    #expect(!finding.summary.contains("launch"))
    #expect(finding.advice?.contains("asked to quit and did not finish exiting in time") == true)
  }

  /// appium/WebDriverAgent #571 (iOS 15, idevicesyslog through Appium): FrontBoard executing a termination request
  /// that is not a watchdog's (`Force Quit (0xFBFBFBFB)` for automation) is not read as a watchdog kill.
  @Test func aForceQuitTerminationRequestIsNotAWatchdogKill() {
    let text =
      "Mar 10 15:41:22 iPadPro12-ZD3229 SpringBoard(FrontBoard)[60] <Notice>: [application<com.apple.mobilesafari>:4056] "
      + "Executing termination request: <FBSProcessTerminationRequest: 0x282ab0080; label: \"Terminating for automation "
      + "testing.\"; exceptionCode: \"Force Quit (0xFBFBFBFB)\"; reportType: (none); explanation: \"Terminating for "
      + "automation testing.\">\n"
    let result = Self.timeline(text)
    #expect(!result.apps.flatMap(\.events).contains { $0.kind == .killed })
    #expect(result.apps.flatMap(\.findings).isEmpty)
  }

  /// A bracket that is not a bundle id (`[VERBOSE-2:…]`, prose in brackets) is no FrontBoard subject. No second
  /// real `[bundle] Provision violated …` line was found (seventeen searches of the issue, page and code indexes); the
  /// bundle-alone proem is FrontBoard's of those years, as appium/appium #7535's iOS 10 idevicesyslog shows
  /// (`SpringBoard(FrontBoardServices)[57] <Info>: [com.apple.test.WebDriverAgentRunner-Runner] Activating
  /// <FBProcessWatchdog: 0x17106e0c0; name: process-launch>`), a line that gives no event. developer.apple.com's copy
  /// of thread 104020 lost the bundle (`[] Provision violated for watchdog scene-create: …`): no app, not read.
  @Test func onlyABundleInBracketsIsFrontBoardsSubject() {
    let appium7535 =
      "Dec 14 15:53:42 My-iPhone-17 SpringBoard(FrontBoardServices)[57] <Info>: "
      + "[com.apple.test.WebDriverAgentRunner-Runner] Activating <FBProcessWatchdog: 0x17106e0c0; name: process-launch>"
    let message = appium7535[appium7535.range(of: "[com.apple")!.lowerBound...]
    #expect(FrontBoardWatchdogRecognizers.subject(message)?.0.bundle == "com.apple.test.WebDriverAgentRunner-Runner")
    #expect(Self.timeline(appium7535 + "\n").apps.allSatisfy { $0.events.isEmpty })
    let stripped =
      "[] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x1108d7d10; allowance: <; "
      + "FBSProcessResourceAllowance; type: scheduledTime; timeValue: 3.77s>; violated: YES>\n"
    #expect(Self.timeline(stripped).apps.allSatisfy { $0.events.isEmpty })
    #expect(FrontBoardWatchdogRecognizers.subject("[com.app.id] Provision")?.0.bundle == "com.app.id")
    #expect(FrontBoardWatchdogRecognizers.subject("[app:1849] Provision") == nil)
    #expect(FrontBoardWatchdogRecognizers.subject("[see the log] Provision") == nil)
    #expect(FrontBoardWatchdogRecognizers.subject("[1.2] Provision") == nil)
    #expect(FrontBoardWatchdogRecognizers.subject("[com.app.id]Provision") == nil)
  }

  // MARK: Defect 6: Xcode lines whose process name was removed

  /// transistorsoft/react-native-background-fetch #174 (the description, 2019-09-16): Xcode's lines with the app's
  /// name removed by the poster. Read as Xcode's layout with the app unnamed, never "not a console log".
  static let rnbf174 = """
    2019-09-16 20:10:06.041812+0200 [27143:266431] RNBackgroundFetch AppDelegate received fetch event
    2019-09-16 20:10:06.042027+0200 [27143:266431] [TSBackgroundFetch performFetchWithCompletionHandler]
    2019-09-16 20:10:06.043967+0200 [27143:267165] [TSBackgroundFetch finish]: RNBackgroundFetch
    2019-09-16 20:10:06.044803+0200 [27143:267165] [TSBackgroundFetch doFinish] Complete, UIBackgroundFetchResult: 0, responses: 1

    """

  @Test func xcodeLinesWithoutTheProcessNameAreAConsoleLog() {
    let result = Self.timeline(Self.rnbf174)
    #expect(result.layout == .xcode)
    #expect(result.statistics.entries == 4)
    #expect(result.statistics.unknownLines == 0)
    #expect(result.apps.allSatisfy { $0.events.isEmpty })
    let appearance = InputAppearance.of(bytes: Array(Self.rnbf174.utf8))
    #expect(appearance.kind == .consoleLog)
    #expect(appearance.consoleLayout == .xcode)
  }

  /// SYNTHETIC: UIKit's fetch warning (cordova-plugin-background-fetch #67's words) in #174's nameless form, after
  /// its lines: the event is the unnamed app's, with the line's time.
  @Test func anEventInANamelessXcodeLineIsTheUnnamedApps() throws {
    let text =
      Self.rnbf174
      + "2019-09-16 20:10:36.044803+0200 [27143:266431] Warning: Application delegate received call to "
      + "-application:performFetchWithCompletionHandler: but the completion handler was never called.\n"
    let result = Self.timeline(text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.completionHandlerWarning])
    #expect(app.events[0].line == 5)
    #expect(app.events[0].clock != nil)
  }

  /// Only Xcode's two numbers: a bracket of one number or of words after the time is not this form.
  @Test func onlyBothNumbersMakeANamelessXcodeLine() {
    for line in [
      "2019-09-16 20:10:06.041812+0200 [27143] RNBackgroundFetch AppDelegate received fetch event\n",
      "2019-09-16 20:10:06.041812+0200 [INFO:flutter] RNBackgroundFetch AppDelegate received fetch event\n",
    ] {
      #expect(Self.timeline(line).layout == nil)
    }
  }

  // MARK: Defect 4: the damaged UIKit warning and the daemon link's `interrupted`

  /// firebase/flutterfire #6184 (the description, 2021-05-19): its two code blocks one after the other, as the review
  /// saved them; the first line lost its `[`.
  static let flutterfire6184 = """
    BackgroundTask] Background Task 16 ("Flutter debug task"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.
    BackgroundSession <C80785BD-8961-43DE-BF2F-6CE61F974981> connection to background transfer daemon interrupted
    BackgroundSession <C80785BD-8961-43DE-BF2F-6CE61F974981> connection to background transfer daemon invalidated
    dnssd_clientstub read_all(17) DEFUNCT
    [VERBOSE

    """

  @Test func warningWithoutItsBracketAndTheInterruptedLinkAreRead() throws {
    let result = Self.timeline(Self.flutterfire6184)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.expiryWarning, .urlSessionEvent, .urlSessionEvent])
    #expect(app.events[0].detail == "background task 16 \"Flutter debug task\" created over 30 seconds ago")
    #expect(
      app.events[1].detail.hasSuffix(
        "(daemon connection interrupted: nsurlsessiond went away, e.g. exited or restarted)"))
    #expect(app.events[2].detail.hasSuffix("(daemon connection invalidated)"))
    let finding = try #require(app.findings.first)
    #expect(app.findings.count == 1)
    #expect(finding.kind == .leakedBackgroundTask)
    #expect(finding.confidence == .low)
    #expect(finding.summary.contains("the Flutter engine begins itself in debug builds"))
    #expect(finding.evidence.map(\.line) == [1])
  }

  /// Prose that only names UIKit's category is not its line: `BackgroundTask] ` must open the line and be followed by
  /// UIKit's `Background Task `.
  @Test func bracketlessCategoryOnlyOpensUIKitsWarning() {
    let text =
      "BackgroundTask] is the category; Background Task 16 (\"Flutter debug task\"), was created over 30 seconds ago "
      + "is what the app said\n"
    #expect(Self.timeline(text).apps.allSatisfy { $0.events.isEmpty })
  }

  /// aws-amplify/aws-sdk-ios #3566 (the description, 2021-05-07): the one line as pasted, indented two blanks. Read
  /// as the unnamed app's `url-session-event`, so the text is a console log, not refused.
  static let aws3566 =
    "  BackgroundSession <96751838-47CB-451D-BF2D-1B9FCF60CAA0> connection to background transfer daemon interrupted\n"

  @Test func anIndentedLinePastedAloneIsARecord() throws {
    let result = Self.timeline(Self.aws3566)
    #expect(result.statistics.entries == 1)
    #expect(result.statistics.unknownLines == 0)
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.urlSessionEvent])
    #expect(app.events[0].text.hasPrefix("BackgroundSession <96751838"))
    #expect(InputAppearance.of(bytes: Array(Self.aws3566.utf8)).kind == .consoleLog)
  }

  /// Indented lines before the first record that hold no words a recogniser reads (a code sample's, as in
  /// SessionNineBPasteTests) stay unknown: only an indented line bglog can read opens the first record.
  @Test func anIndentedLineWithoutAnyRecognisedWordsStaysUnknown() {
    let result = Self.timeline("    request.HTTPMethod = @\"POST\";\n")
    #expect(result.statistics.entries == 0)
    #expect(result.statistics.unknownLines == 1)
  }

  // MARK: Defect 7: the debugger's signal 13

  /// flutter/flutter #71979 (the description, 2020-12-09): an Xcode console whose app ended three times with
  /// `Message from debugger: Terminated due to signal 13`, the mDNS socket `DEFUNCT` just before (the first run's
  /// lines, then the second's; the stray lines between them left out).
  static let flutter71979 = """
    2020-12-08 18:31:42.368421+0800 thash[2061:928409] dnssd_clientstub read_all(8) DEFUNCT
    2020-12-08 18:31:42.368613+0800 thash[2061:928409] [VERBOSE-2:FlutterObservatoryPublisher.mm(160)] Could not register as server for FlutterObservatoryPublisher. Check your network settings and relaunch the application.
    Message from debugger: Terminated due to signal 13
    2020-12-09 09:22:02.858115+0800 thash[2162:1075193] dnssd_clientstub read_all(8) DEFUNCT
    2020-12-09 09:22:02.858239+0800 thash[2162:1075193] [VERBOSE-2:FlutterObservatoryPublisher.mm(160)] Could not register as server for FlutterObservatoryPublisher. Check your network settings and relaunch the application.
    Message from debugger: Terminated due to signal 13

    """

  @Test func signal13UnderTheDebuggerIsNamedSIGPIPE() throws {
    let result = Self.timeline(Self.flutter71979)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "thash")
    #expect(app.events.map(\.kind) == [.crashed, .crashed])
    #expect(app.events.map(\.pid) == [2061, 2162])
    #expect(app.events[0].detail == "crashed with signal 13 (SIGPIPE) while running under the debugger")
    #expect(app.findings.map(\.kind) == [.sigpipe])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .low)
    #expect(finding.summary.contains("2 times (line 3, line 6)"))
    #expect(finding.summary.contains("wrote to a socket or pipe whose other end was closed"))
    #expect(finding.summary.contains("not a kill by the system"))
    #expect(finding.summary.contains("The log does not show the app in the background before it"))
    #expect(finding.advice?.contains("signal(SIGPIPE, SIG_IGN)") == true)
    #expect(finding.advice?.contains("SO_NOSIGPIPE") == true)
    #expect(finding.evidence.map(\.line) == [3, 6])
  }

  /// SYNTHETIC (flutterfire #5702's SpringBoard `visibility: Background` line for a made-up bundle, then #71979's note
  /// in a Console.app row of the app 20 s later): with the background shown before the end, medium and said so.
  @Test func sigpipeAfterTheBackgroundIsMedium() throws {
    let text =
      "default\t16:31:49.742520+0200\tSpringBoard\tApplication process state changed for com.example.thash: "
      + "<SBApplicationProcessState: 0x281a5ea00; pid: 1957; taskState: Running; visibility: Background>\n"
      + "default\t16:32:09.000000+0200\tthash\tMessage from debugger: Terminated due to signal 13\n"
    let result = Self.timeline(text)
    let finding = try #require(result.apps.flatMap(\.findings).first { $0.kind == .sigpipe })
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("The log shows the app in the background before it"))
  }
}
