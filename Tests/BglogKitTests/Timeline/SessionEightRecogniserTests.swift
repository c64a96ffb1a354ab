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
}
