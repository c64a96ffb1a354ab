import BglogTestSupport
import Testing

@testable import BglogKit

/// Defects #3, #8, #9b and #11 of the session-7 fresh-eyes review (`/work/review-inputs-s7/FINDINGS.md`):
/// the timeline's recognisers and findings. Real lines are fixtures (sources in
/// `Tests/Fixtures/console/README.md`), recognisers' examples, or quoted here with their source when the
/// source's licence does not allow a fixture; texts marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionSevenReviewTests {
  static func timeline(text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  static func timeline(fixture name: String) throws -> TimelineResult {
    TimelineBuilder().build(from: try Fixtures.source("console/" + name))
  }

  // MARK: #3 The 30-seconds warning does not say the app is in the background

  /// firebase-ios-sdk #10044: the warning printed during a unit-test run (the app in the foreground). The
  /// finding says what the line shows and that the log does not show the app in the background.
  @Test func thirtySecondsWarningDuringATestRunDoesNotClaimTheBackground() throws {
    let result = try Self.timeline(fixture: "real-firebase-10044-xcode-xctest-bgtask-30s.log")
    #expect(result.layout == .xcode)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "benjamin-ios")
    #expect(app.events.map(\.kind) == [.expiryWarning])
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .leakedBackgroundTask)
    #expect(finding.confidence == .low)
    #expect(!finding.summary.contains("while the app is in the background"))
    #expect(finding.summary.contains("the log does not show the app in the background then"))
    #expect(finding.summary.contains("UIKit prints this warning in the foreground too"))
    #expect(finding.summary.contains("risk of termination"))
    #expect(finding.evidence.map(\.line) == [7])
  }

  /// deltachat-ios #1128 (GPL-3.0, so quoted here, not a fixture): the task begun at app start, the
  /// warning in the foreground.
  @Test func thirtySecondsWarningAtAppStartDoesNotClaimTheBackground() throws {
    let line =
      "2021-04-06 18:22:37.504670+0200 deltachat-ios[5801:4433962] [BackgroundTask] Background Task 1 (\"Called by "
      + "deltachat-ios, from $s13deltachat_ios11AppDelegateC19installEventHandleryyFyycfU_\"), was created over 30 "
      + "seconds ago. In applications running in the background, this creates a risk of termination. Remember to "
      + "call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.\n"
    let app = try #require(Self.timeline(text: line).apps.first)
    #expect(app.processName == "deltachat-ios")
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .leakedBackgroundTask)
    #expect(!finding.summary.contains("while the app is in the background"))
    #expect(finding.summary.contains("the log does not show the app in the background then"))
    #expect(finding.summary.contains("begun by code in deltachat-ios"))
  }

  /// SYNTHETIC (flutterfire #5702's SpringBoard `visibility: Background` line and firebase-ios-sdk #10044's
  /// warning, both put in the idevicesyslog layout with the same pid 1957, 40 s apart): when the log shows the
  /// app entering the background before the warning, the finding says so and names that line's time.
  @Test func thirtySecondsWarningAfterEnteringTheBackgroundSaysSo() throws {
    let text = """
      Apr 25 16:31:49 iPhone SpringBoard[55] <Notice>: Application process state changed for com.elsystm.elsystm: <SBApplicationProcessState: 0x281a5ea00; pid: 1957; taskState: Running; visibility: Background>
      Apr 25 16:32:29 iPhone Runner[1957] <Notice>: [BackgroundTask] Background Task 3 ("GDTCCTUploader-upload"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.enteredBackground, .expiryWarning])
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .leakedBackgroundTask)
    #expect(finding.summary.contains("while the app is in the background (entered-background, 16:31:49)"))
    #expect(!finding.summary.contains("does not show the app in the background"))
  }

  /// SYNTHETIC (the same two lines, the SpringBoard line for another pid): another process's background
  /// state says nothing about this one.
  @Test func anotherPidsBackgroundStateIsNotTheWarningsState() throws {
    let text = """
      Apr 25 16:31:49 iPhone SpringBoard[55] <Notice>: Application process state changed for com.elsystm.elsystm: <SBApplicationProcessState: 0x281a5ea00; pid: 1900; taskState: Running; visibility: Background>
      Apr 25 16:32:29 iPhone Runner[1957] <Notice>: [BackgroundTask] Background Task 3 ("GDTCCTUploader-upload"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.

      """
    let finding = try #require(
      Self.timeline(text: text).apps.flatMap(\.findings).first { $0.kind == .leakedBackgroundTask })
    #expect(finding.summary.contains("the log does not show the app in the background then"))
  }
}

extension SessionSevenReviewTests {
  // MARK: #8 The remote-notification completion warning

  /// baker #448: the warning alone, in double quotes, after a question: the unnamed app's event and the
  /// finding (medium: no time, no app).
  @Test func quotedRemoteNotificationWarningIsReadWithItsFinding() throws {
    let result = try Self.timeline(fixture: "real-baker-448-message-only-quoted-fetch-warning.log")
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.processName == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.completionHandlerWarning])
    #expect(app.events[0].line == 3)
    #expect(app.events[0].detail == UIKitBackgroundTaskRecognizers.remoteNotificationDetail)
    #expect(app.findings.map(\.kind) == [.fetchCompletionNotCalled])
    let finding = app.findings[0]
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("didReceiveRemoteNotification:fetchCompletionHandler:"))
    #expect(finding.summary.contains("or the app will be terminated"))
    #expect(finding.summary.contains("rests on its words alone"))
    #expect(finding.evidence.map(\.line) == [3])
  }

  /// WordPress-iOS #4454 (GPL-2.0, so quoted here): the line under Xcode's header without a time names the
  /// app; it is not the handleEvents finding.
  @Test func remoteNotificationWarningUnderTheAppsHeader() throws {
    let text =
      "WordPress[680:653930] Warning: Application delegate received call to -application:didReceiveRemoteNotification:"
      + "fetchCompletionHandler: but the completion handler was never called.\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.processName == "WordPress")
    #expect(app.events.map(\.kind) == [.completionHandlerWarning])
    #expect(app.events[0].pid == 680)
    #expect(app.findings.map(\.kind) == [.fetchCompletionNotCalled])
    #expect(app.findings[0].confidence == .medium)
    #expect(app.findings[0].summary.contains("no time and names the app"))
  }

  /// SYNTHETIC (the #4454 line, then deltachat-ios #1984's debugger note, both pasted alone): the process's end
  /// after the warning is said, and still no handleEvents finding.
  @Test func remoteNotificationWarningThenTheEnd() throws {
    let text =
      "Warning: Application delegate received call to -application:didReceiveRemoteNotification:"
      + "fetchCompletionHandler: but the completion handler was never called.\n"
      + "Message from debugger: Terminated due to signal 9\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.completionHandlerWarning, .killed])
    #expect(app.findings.map(\.kind) == [.fetchCompletionNotCalled])
    #expect(app.findings[0].summary.contains("The process then ended (killed, line 2)."))
  }

  /// cordova-plugin-background-fetch #67: the background-fetch twin under Xcode's header: high.
  @Test func performFetchWarningIsTheSameFinding() throws {
    let result = try Self.timeline(fixture: "real-cordova-background-fetch-67-xcode-perform-fetch-warning.log")
    #expect(result.layout == .xcode)
    #expect(result.apps.map(\.processName) == ["MyApp"])
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.completionHandlerWarning])
    #expect(app.events[0].line == 6)
    #expect(app.events[0].detail == UIKitBackgroundTaskRecognizers.performFetchDetail)
    #expect(app.findings.map(\.kind) == [.fetchCompletionNotCalled])
    #expect(app.findings[0].confidence == .high)
    #expect(app.findings[0].summary.contains("application(_:performFetchWithCompletionHandler:)"))
    #expect(!app.findings[0].summary.contains("30 seconds"))
  }

  /// The handleEvents twin (expo #8599) keeps its own finding and does not give the new one.
  @Test func handleEventsWarningKeepsItsFinding() throws {
    let app = try #require(try Self.timeline(fixture: "real-expo-8599-xcode-handle-events-warning.log").apps.first)
    #expect(app.findings.map(\.kind) == [.completionHandlerNotCalled])
  }

  /// SYNTHETIC prose around the quoted warning (not the line itself) names no app and gives no event; the
  /// whole line in quotes does.
  @Test func proseQuotingTheRemoteNotificationWarningIsNotRead() {
    let warning =
      "Warning: Application delegate received call to -application:didReceiveRemoteNotification:"
      + "fetchCompletionHandler: but the completion handler was never called."
    var state = MessageRecognizerState()
    let read = UIKitBackgroundTaskRecognizers.backgroundTask.read
    #expect(read("I get \"\(warning)\" on every push", MessageHeader(), &state).isEmpty)
    #expect(read("\"\(warning)\" on every push", MessageHeader(), &state).isEmpty)
    #expect(read("\"\(warning)\"", MessageHeader(), &state).map(\.subject) == [.unnamedApp])
  }
}

extension SessionSevenReviewTests {
  // MARK: #11 dasd's lines about the app's own BackgroundTasks request

  /// flutter_workmanager #557: dasd's `CANCELED:` and `Submitted Activity:` for `bgProcessing-<identifier>:…`
  /// are filed under the app whose `submitTaskRequest:` line named the identifier just before; the
  /// cancellation is read.
  @Test func dasdActivitiesOfTheAppsOwnRequestAreTheApps() throws {
    let result = try Self.timeline(fixture: "real-workmanager-557-console-app-dasd-canceled.log")
    #expect(result.layout == .consoleApp)
    #expect(result.apps.map(\.processName) == ["Runner"])
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskSubmitted, .bgTaskCancelled, .bgTaskSubmitted])
    #expect(app.events.map(\.line) == [1, 6, 7])
    #expect(app.events.map(\.lane) == ["Runner", "dasd", "dasd"])
    #expect(
      app.events[1].detail
        == "dasd activity bgProcessing-be.tramckrijte.workmanagerExample.iOSBackgroundProcessingTask:751E8D cancelled; "
        + "the app had submitted a request for this identifier before (a new request replaces a pending one)")
    #expect(app.events[2].detail.hasSuffix(":200A93 submitted"))
    // dasd's lines name no process: the app's process is not extended by them.
    #expect(app.events.allSatisfy { $0.pid == nil })
  }

  /// cocoa-mhlw/cocoa #644, a comment by keiji (2022-06-29; AGPL-3.0, so quoted here, its first 6 lines): the
  /// same sequence on another device, with the type column: the app's submit, dasd cancelling the pending
  /// activity and submitting the new one, all the app's.
  @Test func dasdActivitiesOfTheAppsOwnRequestInASecondLog() throws {
    let text = """
      default	13:09:36.387408+0900	Covid19Radar.iOS	submitTaskRequest: <BGProcessingTaskRequest: jp.go.mhlw.covid19radar.data-maintainance, earliestBeginDate: 2022-06-29 04:09:36 +0000, requiresExternalPower=0, requiresNetworkConnectivity=0>
      default	13:09:36.402376+0900	dasd	Daemon Canceling Activities: {(
          bgProcessing-jp.go.mhlw.covid19radar.data-maintainance:01A8A2
      )}
      default	13:09:36.402559+0900	dasd	CANCELED: bgProcessing-jp.go.mhlw.covid19radar.data-maintainance:01A8A2 at priority 10 <private>!
      default	13:09:36.419089+0900	dasd	Submitted Activity: bgProcessing-jp.go.mhlw.covid19radar.data-maintainance:FA2FB9 at priority 10 <private>

      """
    let result = Self.timeline(text: text)
    #expect(result.layout == .consoleApp)
    #expect(result.apps.map(\.processName) == ["Covid19Radar.iOS"])
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskSubmitted, .bgTaskCancelled, .bgTaskSubmitted])
    #expect(
      app.events[1].detail.hasSuffix(
        ":01A8A2 cancelled; the app had submitted a request for this identifier before (a new request replaces a pending one)"
      ))
  }

  /// The same dasd lines alone (the app's line left out): the app is not named.
  @Test func dasdActivitiesWithoutTheAppsRequestNameNoApp() throws {
    let text = try Fixtures.source("console/real-workmanager-557-console-app-dasd-canceled.log").text
      .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
    let result = Self.timeline(text: text)
    #expect(result.apps.map(\.processName) == [AppSubject.unnamedAppName])
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskCancelled, .bgTaskSubmitted])
    #expect(!app.events[0].detail.contains("the app had submitted"))
  }

  /// SYNTHETIC (flutter_background_geolocation #295's `submitTaskRequest:` line given cocoa #644's identifier,
  /// then cocoa #644's dasd decision, in its Console.app layout): dasd's `Must Not Proceed` is the app's too.
  @Test func dasdDecisionOnTheAppsRequestIsTheApps() throws {
    let decision = try #require(DasdRecognizers.finalDecision.triggering.first?.message)
    let text =
      "default\t10:00:00.000000+0900\tRunner\tsubmitTaskRequest: <BGProcessingTaskRequest: "
      + "jp.go.mhlw.covid19radar.eventlog-submission, earliestBeginDate: 2020-06-15 07:30:54 +0000>\n"
      + "default\t10:00:01.000000+0900\tdasd\t" + decision + "\n"
    let result = Self.timeline(text: text)
    #expect(result.apps.map(\.processName) == ["Runner"])
    #expect(result.apps.first?.events.map(\.kind) == [.bgTaskSubmitted, .bgTaskDeferred])
  }
}

extension SessionSevenReviewTests {
  // MARK: #9b macOS 10.10–10.15 launchd kill lines in system.log

  /// radiant-player-mac #658: the app's one-shot job killed, the sender named. The fixture's `> ` quoting is
  /// dropped here (tolerating it is the reader's part of the review, defect #1).
  @Test func launchdSystemLogKillOfAnAppNamesTheSender() throws {
    let quoted = try Fixtures.source("console/real-radiantplayer-658-quoted-syslog-launchd-signal9.log").text
    let text = quoted.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasPrefix("> ") ? String($0.dropFirst(2)) : String($0)
    }.joined(separator: "\n")
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.processName == "Radiant Player")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].pid == 15762)
    #expect(app.events[0].line == 3)
    #expect(app.events[0].timestamp != nil)
    #expect(
      app.events[0].detail
        == "killed by SIGKILL, sent by CoreServicesUIAgent[15728] (launchd: Service exited due to signal: Killed: 9)")
    #expect(app.processes.first?.endedBy == .killed)
  }

  /// SsdPmEnabler #19 (licence unknown: the lines quoted here): daemons' and an app's XPC service's jobs killed
  /// or ended give no event, as launchd's exit reasons for daemons give none.
  @Test func launchdSystemLogEndsOfDaemonsAreNotApps() {
    let text = """
      Nov 10 20:02:01 rMBP com.apple.xpc.launchd[1] (com.apple.mdworker.shared.06000000-0100-0000-0000-000000000000[17547]): Service exited due to SIGKILL | sent by mds[111]
      Nov 10 20:02:05 rMBP com.apple.xpc.launchd[1] (com.apple.WebKit.Networking.297325DE-92E4-4896-8AB5-492A200F5919[17593]): Service exited due to SIGKILL | sent by launchd[1]
      Nov 10 20:02:06 rMBP com.apple.xpc.launchd[1] (com.apple.dt.IDECacheDeleteAppExtension[17591]): Service exited with abnormal code: 1

      """
    let result = Self.timeline(text: text)
    #expect(result.layout == .idevicesyslog)
    #expect(result.statistics.entries == 3)
    #expect(result.apps.isEmpty)
  }

  /// SYNTHETIC (SsdPmEnabler #19's `SIGKILL | sent by mds[111]` form and its `with abnormal code: 1` form, each
  /// given radiant-player-mac #658's app job, and LaunchServices' `application.<bundle>.<n>.<n>` label of the
  /// MarsEdit launchd.log line): the app's end in both forms and with either label.
  @Test func launchdSystemLogFormsWithAnAppsJob() throws {
    var state = MessageRecognizerState()
    let read = LegacySpringBoardRecognizers.launchdExited.read
    let header = MessageHeader(process: "com.apple.xpc.launchd", pid: 1)
    let sigkill = read(
      "(com.apple.xpc.launchd.oneshot.0x10000033.Radiant Player[15762]): Service exited due to SIGKILL | sent by mds[111]",
      header, &state)
    #expect(sigkill.map(\.kind) == [.killed])
    #expect(sigkill.first?.subject == AppSubject(name: "Radiant Player", pid: 15762))
    #expect(sigkill.first?.detail == "killed by SIGKILL, sent by mds[111] (launchd: Service exited due to SIGKILL)")
    let code = read(
      "(application.com.red-sweater.marsedit4.384452971.384452977[13840]): Service exited with abnormal code: 1",
      header, &state)
    #expect(code.map(\.kind) == [.exited])
    #expect(code.first?.subject == AppSubject(bundle: "com.red-sweater.marsedit4", pid: 13840))
    #expect(code.first?.detail == "exited with abnormal code 1 (launchd)")
    // Another signal is a crash; the line cut inside the job names nothing.
    let segv = read(
      "(com.apple.xpc.launchd.oneshot.0x10000033.Radiant Player[15762]): Service exited due to signal: Segmentation fault: 11",
      header, &state)
    #expect(segv.map(\.kind) == [.crashed])
    #expect(
      read("(com.apple.xpc.launchd.oneshot.0x10000033.Radiant Player[157", header, &state).isEmpty)
  }

  /// `<decode: missing data>` in place of the identifier (session-7 second review, defect 2:
  /// fluttercommunity/flutter_workmanager #419, bhaval-patel/BackgroundTask #6): the log lost the
  /// identifier; it is not `<decode:`, and the launch simulated just before names the one tried.
  @Test func anUndecodedIdentifierIsSaidToBeUndecoded() throws {
    let result = Self.timeline(
      text: """
        2022-08-12 14:55:43.700000+0200 Runner[5033:345195] Simulating launch for task with identifier dev.x.refresh
        2022-08-12 14:55:43.708211+0200 Runner[5033:345195] No task request with identifier <decode: missing data> has been scheduled
        """)
    let finding = try #require(result.apps.flatMap(\.findings).first { $0.kind == .bgTaskRequestNotScheduled })
    #expect(finding.summary.contains("an identifier the log could not decode (<decode: missing data>"))
    #expect(finding.summary.contains("the launch simulated just before it was for dev.x.refresh"))
    #expect(!finding.summary.contains("for <decode: ("))
  }
}
