import BglogTestSupport
import Testing

@testable import BglogKit

/// Defects #7–#10 of the session-8 fresh-eyes review (`/work/review-inputs-s8/FINDINGS.md`): the timeline's
/// recognisers and findings. The pastes there are for review only, never fixtures: the real lines are quoted
/// here with their source; texts marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionEightRecogniserTests {
  static func timeline(text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #10 UIKit's own launch task is not the app's leak

  /// UIKit's line as a user pasted it alone into an AI-assistant session committed to a public repository
  /// (search index id 18163985682, licence unknown; the app shows a black screen at launch). The task is UIKit's
  /// own (`_UIApplicationStartLaunchBackgroundTask` begins it at launch), so the finding does not send the
  /// reader to the app's endBackgroundTask calls, keeps UIKit's kill warning, and says what `elapsed = 0` means.
  @Test func uikitsLaunchTaskIsNotTheAppsLeak() throws {
    let text = """
      ### User Input

      Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x1541f8ac0>: taskID = 1, taskName = Launch Background Task for Coalescing, creationTime = 196503 (elapsed = 0). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.

      the app still loads to a black screen and no permission requests are made.

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.expiryWarning])
    #expect(app.events[0].detail.contains("UIKit's own launch task, not one the app began"))
    #expect(app.events[0].detail.contains("0 s after it began"))
    let finding = try #require(app.findings.first)
    #expect(app.findings.count == 1)
    #expect(finding.kind == .leakedBackgroundTask)
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("its own launch task"))
    #expect(finding.summary.contains("the app never began it"))
    #expect(finding.summary.contains("will likely be terminated"))
    #expect(finding.summary.contains("no background time left at launch"))
    #expect(finding.advice?.contains("No endBackgroundTask of yours is missing") == true)
    #expect(finding.advice?.contains("Call endBackgroundTask in every path") != true)
    #expect(finding.evidence.map(\.line) == [3])
  }

  /// OneSignal-iOS-SDK #1205 (fixture): the app's own (an SDK's) tasks stay a high leak, and each warning now
  /// says how long after its task began it came (`elapsed = 44`).
  @Test func theAppsOwnTaskStaysAHighLeakWithItsElapsedTime() throws {
    let result = TimelineBuilder().build(
      from: try Fixtures.source("console/real-onesignal-1205-xcode-still-not-ended.log"))
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.detail).allSatisfy { $0.hasSuffix(" s after it began)") })
    #expect(app.events[0].detail.hasSuffix("(44 s after it began)"))
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings[0].confidence == .high)
    #expect(app.findings[0].advice == "Call endBackgroundTask in every path, including the expiration handler.")
    #expect(!app.findings[0].summary.contains("no background time left"))
  }

  /// SYNTHETIC (the line above and OneSignal #1205's line for task 262, both pasted alone): an app's own task
  /// still not ended beside UIKit's launch task is the app's leak, high, with both lines as evidence.
  @Test func anAppsTaskBesideUIKitsLaunchTaskIsStillTheAppsLeak() throws {
    let text = """
      Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x1541f8ac0>: taskID = 1, taskName = Launch Background Task for Coalescing, creationTime = 196503 (elapsed = 0). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.
      [BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x280883b00>: taskID = 262, taskName = Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask], creationTime = 943356 (elapsed = 44). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings[0].confidence == .high)
    #expect(app.findings[0].evidence.map(\.line) == [1, 2])
  }

  // MARK: #8 An app extension's suspension with locked files is filed under its bundle

  /// GRDB.swift #643 (MIT; comment by foxware00, 2019-12-12), the Console.app copy as pasted (a blank before the
  /// UTC offset, the path on the next line): runningboardd names the share extension as
  /// `xpcservice<com.companyname.app.AppNameShare>:740`. Before: the event went to "unknown app".
  @Test func shareExtensionSuspendedWithLockedFilesIsFiledUnderItsBundle() throws {
    let text = """
      default\t14:03:13.170361 +0000\trunningboardd\t[xpcservice<com.companyname.app.AppNameShare>:740] Suspending task.
      default\t14:03:13.170482 +0000\trunningboardd\tCalculated state for xpcservice<com.companyname.app.AppNameShare>: running-suspended (role: None)
      default\t14:03:13.174155 +0000\tmediaserverd\t-CMSessionMgr- CMSessionMgrHandleApplicationStateChange: CMSession: Client com.companyname.app.AppNameShare with pid '740' is now Background Suspended. Background entitlement: NO ActiveLongFormVideoSession: NO WhitelistedLongFormVideoApp NO
      error\t14:03:13.187505 +0000\trunningboardd\t[xpcservice<com.companyname.app.AppNameShare>:740] suspended with locked system files:
      /var/mobile/Containers/Shared/AppGroup/635520FC-602F-4747-84AA-67E18F0E1ECA/appName

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.companyname.app.AppNameShare")
    #expect(app.events.map(\.kind) == [.suspended])
    #expect(app.events.first?.pid == 740)
    #expect(app.events.first?.line == 4)
    #expect(app.events.first?.detail.hasPrefix("app extension (xpcservice) suspended holding locked files: ") == true)
    #expect(app.events.first?.detail.contains("/Shared/AppGroup/635520FC-602F-4747-84AA-67E18F0E1ECA/appName") == true)
  }

  /// GRDB.swift #998 (fixture): an `application<…>` line is read as before, with no extension wording.
  @Test func anAppsOwnSuspensionWithLockedFilesIsUnchanged() throws {
    let result = TimelineBuilder().build(
      from: try Fixtures.source("console/real-grdb-998-console-app-suspended-locked-files.log"))
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.myapp.watchkitapp")
    #expect(app.events.first?.detail.hasPrefix("suspended holding locked files: ") == true)
  }

  // MARK: #9 A push's arrival is an event, and a push launch of a dot-less bundle names the app

  /// awesome_notifications_fcm #8 (comment by kschrage, 2022-12-04), the German Console.app copy as pasted (type
  /// word `standard`, the last line cut by the paste): SpringBoard receives a background push for `[myapp]`, hands
  /// it to Duet, and dasd submits `com.apple.pushLaunch.myapp`. Before: only the dasd line, under the unnamed app.
  @Test func silentPushArrivalAndItsPushLaunchAreTheApps() throws {
    let text = """
      From the console.app I can see the following telling me: app is invoked to process my push-message:
      ```
      standard\t14:11:13.820704+0100\tSpringBoard\t[myapp] Received remote notification request AEBA-EF36 [ waking: 0, hasAlertContent: 0, hasSound: 0 hasBadge: 0 hasContentAvailable: 1 hasMutableContent: 0 pushType: Background]
      standard\t14:11:13.820864+0100\tSpringBoard\t[myapp] Process delivery of push notification AEBA-EF36
      standard\t14:11:13.821016+0100\tSpringBoard\t[myapp] Request DUET delivers content-available push notification to application
      standard\t14:11:13.821155+0100\tSpringBoard\tSUBMITTING: com.apple.pushLaunch.myapp:ADC65E
      standard\t14:11:13.821840+0100\tdasd\tSubmitted Activity: com.apple.pushLaunch.myapp:ADC65E at prio

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "myapp")
    #expect(app.events.map(\.kind) == [.pushReceived, .bgTaskSubmitted])
    #expect(app.events.map(\.line) == [3, 7])
    #expect(
      app.events[0].detail
        == "silent push AEBA-EF36 received (pushType: Background, content-available, no alert, waking: 0)")
  }

  /// flutterfire #13643 (BSD-3-Clause; description by takatomatsumura), an excerpt of the Japanese Console.app
  /// copy (type word `デフォルト`): an alert push with content-available for `com.example`, its hand-over to Duet
  /// (no second event) and the push launch's activity, all one app.
  @Test func alertPushWithContentAvailableIsOneEventBeforeItsPushLaunch() throws {
    let text = """
      デフォルト\t04:32:50.673029+0900\tSpringBoard\t[com.example] Received remote notification request 7E65-E90C [ waking: 0, hasAlertContent: 1, hasSound: 0 hasBadge: 0 hasContentAvailable: 1 hasMutableContent: 0 pushType: Alert]
      デフォルト\t04:32:50.673408+0900\tSpringBoard\t[com.example] Process delivery of push notification 7E65-E90C
      デフォルト\t04:32:50.673753+0900\tSpringBoard\t[com.example] Request DUET delivers content-available push notification to application
      デフォルト\t04:32:50.674520+0900\tSpringBoard\tSUBMITTING: com.apple.pushLaunch.com.example:39932D
      デフォルト\t04:32:50.677206+0900\tdasd\tSubmitted Activity: com.apple.pushLaunch.com.example:39932D at priority 10 (Sun Nov  3 04:32:50 2024 - Mon Nov  4 04:32:50 2024)

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.example")
    #expect(app.events.map(\.kind) == [.pushReceived, .bgTaskSubmitted])
    #expect(app.events[0].detail.contains("pushType: Alert, content-available, alert"))
  }

  /// SYNTHETIC (awesome_notifications_fcm #8's hand-over line alone, under its Console.app header): without the
  /// line receiving the push, SpringBoard's hand-over to Duet is the push's event and says so.
  @Test func handOverToDuetAloneIsThePushsEvent() throws {
    let text =
      "standard\t14:11:13.821016+0100\tSpringBoard\t[myapp] Request DUET delivers content-available push notification to application\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.bundleID == "myapp")
    #expect(app.events.map(\.kind) == [.pushReceived])
    #expect(app.events[0].detail.contains("the line receiving it is not in the log"))
  }

  /// uxduck/push #7 (comment by berger89, 2023-01-23), as pasted: a code fence glued to the first record, no type
  /// column, blank lines between records, the last line cut. An alert push without content-available is still
  /// the push's arrival for `de.xyz.xyz.dev`.
  @Test func alertPushInAGluedFencePasteIsReceived() throws {
    let text = """
      Console.app:
      ```16:49:45.424565+0100\tSpringBoard\tReceived incoming message on topic de.xyz.xyz.dev at priority 10

      16:49:45.444566+0100\tSpringBoard\t[de.xyz.xyz.dev] Received remote notification request 20D1-0E16 [ waking: 0, hasAlertContent: 1, hasSound: 1 hasBadge: 0 hasContentAvailable: 0 hasMutableContent: 1 pushType: Alert]

      16:49:45.444741+0100\tSpringBoard\t[de.xyz.xyz.dev] Remote notification request 20D1-0E16 can be modified:1

      16:49:45.448700+0100\tSpring
      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.bundleID == "de.xyz.xyz.dev")
    #expect(app.events.map(\.kind) == [.pushReceived])
    #expect(app.events[0].detail == "push 20D1-0E16 received (pushType: Alert, alert, waking: 0)")
  }

  // MARK: #7 Hard-wrapped UIKit warnings

  /// WordPress-iOS #21254 (fixture): an Xcode line hard-wrapped at a fixed width with its blanks kept, inside
  /// `still not ` / `ended`. The reader joins the lines (a layout is known); the recogniser reads the record as
  /// the one line it was. Before: no event (the wrap split the recogniser's anchor).
  @Test func hardWrappedStillNotEndedUnderAHeaderIsRead() throws {
    let result = TimelineBuilder().build(
      from: try Fixtures.source("console/real-wordpress-21254-xcode-hard-wrapped.log"))
    let app = try #require(result.apps.first)
    #expect(app.processName == "Jetpack")
    #expect(app.events.map(\.kind) == [.expiryWarning])
    #expect(
      app.events[0].detail
        == "background task 30 \"Called by Jetpack, from "
        + "$s9WordPress0aB11AppDelegateC29applicationDidEnterBackgroundyySo13UIApplicationCFTo\" still not ended after "
        + "expiration handlers (26 s after it began)")
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings[0].confidence == .high)
  }

  /// The blog post "WWDC 2020 - Top reasons why app get killed in background" (2020-09-30; search index id
  /// 31679406287, the author's copyright: quoted, not a fixture): both UIKit warnings hard-wrapped at `, ` in a
  /// ```` ```bash ```` block, no layout known, so each line is its own record (the reader's joining is not
  /// changed here). The still-not-ended record says its task name is cut; the 30-second warning's two records
  /// give one event with the task from the first. Before: task 5 gave no event.
  @Test func hardWrappedWarningsWithoutALayout() throws {
    let text = """
      ```bash

      Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x28190d140>: taskID = 8, taskName = Called by AppGetKilled,\u{20}
      from $s12AppGetKilled13SceneDelegateC23sceneDidEnterBackgroundyySo7UISceneCF, creationTime = 70784 (elapsed = 26).\u{20}
      This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.
      Background Task 5 ("Called by AppGetKilled, from $s12AppGetKilled13SceneDelegateC23sceneDidEnterBackgroundyySo7UISceneCF"),\u{20}
      was created over 30 seconds ago.\u{20}
      In applications running in the background, this creates a risk of termination.\u{20}
      Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.

      ```

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.expiryWarning, .expiryWarning])
    #expect(app.events.map(\.line) == [3, 7])
    #expect(
      app.events[0].detail
        == "background task 8 \"Called by AppGetKilled, …\" still not ended after expiration handlers (the record "
        + "stops inside the task's name)")
    #expect(
      app.events[1].detail
        == "background task 5 \"Called by AppGetKilled, from "
        + "$s12AppGetKilled13SceneDelegateC23sceneDidEnterBackgroundyySo7UISceneCF\" created over 30 seconds ago (the "
        + "warning wrapped onto this line from the one before)")
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
  }

  /// SYNTHETIC (the blog's wrapped lines above after an Xcode header, `2020-09-30 10:00:00.000000+0000
  /// AppGetKilled[123:456] `, on the first line of each warning, so the reader joins the wrapped lines as
  /// continuation lines, as a reader that joins them would): the full task names and `elapsed = 26` are read.
  @Test func hardWrappedWarningsJoinedIntoTheirRecords() throws {
    let text = """
      2020-09-30 10:00:00.000000+0000 AppGetKilled[123:456] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x28190d140>: taskID = 8, taskName = Called by AppGetKilled,\u{20}
      from $s12AppGetKilled13SceneDelegateC23sceneDidEnterBackgroundyySo7UISceneCF, creationTime = 70784 (elapsed = 26).\u{20}
      This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.
      2020-09-30 10:00:01.000000+0000 AppGetKilled[123:456] Background Task 5 ("Called by AppGetKilled, from $s12AppGetKilled13SceneDelegateC23sceneDidEnterBackgroundyySo7UISceneCF"),\u{20}
      was created over 30 seconds ago.\u{20}
      In applications running in the background, this creates a risk of termination.\u{20}
      Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.processName == "AppGetKilled")
    #expect(app.events.map(\.kind) == [.expiryWarning, .expiryWarning])
    let name =
      "\"Called by AppGetKilled, from $s12AppGetKilled13SceneDelegateC23sceneDidEnterBackgroundyySo7UISceneCF\""
    #expect(
      app.events[0].detail
        == "background task 8 \(name) still not ended after expiration handlers (26 s after it began)")
    #expect(app.events[1].detail == "background task 5 \(name) created over 30 seconds ago")
  }

  // MARK: The prefilter's anchors

  /// Every anchor the record filter scans for (each recogniser's and the writers' words) is long enough for
  /// `MessageAnchorScanner` (a window every `stride` bytes: at least `stride + 3` bytes), and the recognisers added
  /// in session 8 are registered and selected by their examples.
  @Test func everyPrefilterAnchorIsLongEnoughForTheScanner() {
    let minimum = MessageAnchorScanner.stride + 3
    #expect(minimum == 11)
    for anchor in MessageRecognizers.all.flatMap(\.anchors) + TimelineEventRecognizer.writerAnchors {
      #expect(anchor.utf8.count >= minimum, "\(anchor)")
    }
    let ids = MessageRecognizers.all.map(\.id)
    #expect(ids.contains("springboard-push-received"))
    #expect(Set(ids).count == ids.count)
    for example in SpringBoardPushRecognizers.pushReceived.triggering {
      #expect(MessageRecognizers.filterScanner.groups(in: example.message[...]) != 0, "\(example.source)")
    }
  }
}
