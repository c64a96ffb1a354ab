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
}
