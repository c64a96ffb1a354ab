import BglogTestSupport
import Testing

@testable import BglogKit

/// Defects #4, #6 and #7 of the session-8 second fresh-eyes review (`/work/review-inputs-s8b/FINDINGS.md`): lines
/// the timeline did not read. The pastes there are for review only, never fixtures: the real lines are quoted
/// here with their source; texts marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionEightBRecogniserTests {
  static func timeline(text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #6 analyticsd's record of a crash

  /// microsoftconnect/ms-intune-app-sdk-ios #137 (ianbby, turn 1), the Console.app copy with the category column
  /// as pasted: analyticsd's `com.apple.stability.crash` object twice (the same record, 45 µs apart), then
  /// FrontBoard's launch assertion dropped twice out of time order. Before: "no app background events".
  @Test func analyticsdStabilityCrashIsTheAppsCrash() throws {
    let record =
      "Aggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {\"appVersion\":\"20.12.1\",\"bundleID\":\"com.AppCo.MyApp\",\"exceptionCodes\":\"KERN_PROTECTION_FAILURE at 0x000000020863b1a0\",\"incidentID\":\"3368B380-8E23-4AEB-B80B-C57AA31D43B6\",\"logwritten\":1,\"process\":\"MyApp\",\"terminationReasonExceptionCode\":\"0xa\",\"terminationReasonNamespace\":\"SIGNAL\",\"timestamp\":1612274455090144}"
    let text = """
      ```
      default\t08:00:55.092828-0600\tanalyticsd\tanalyticsd\t\(record)
      default\t08:00:55.092873-0600\tanalyticsd\tanalyticsd\t\(record)
      default\t08:00:55.425777-0600\tSpringBoard\tFrontBoard\t[application<com.AppCo.MyApp>:432] Dropping launch assertion.
      default\t08:00:55.425528-0600\tSpringBoard\tFrontBoard\t[application<com.AppCo.MyApp>:432] Dropping launch assertion.
      ```

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.AppCo.MyApp")
    // The same record twice is one crash.
    #expect(app.events.map(\.kind) == [.crashed])
    let crash = try #require(app.events.first)
    #expect(crash.line == 2)
    let seconds = try #require(crash.timestamp?.secondsOfDay)
    #expect(abs(seconds - (8 * 3600 + 55.092828)) < 0.001)
    #expect(crash.detail.hasPrefix("exited: signal SIGBUS(10); analyticsd's record of the crash report"))
    #expect(crash.detail.contains("namespace SIGNAL, code 0xa"))
    #expect(crash.detail.contains("KERN_PROTECTION_FAILURE at 0x000000020863b1a0"))
    #expect(crash.detail.contains("incident 3368B380-8E23-4AEB-B80B-C57AA31D43B6"))
  }

  /// SYNTHETIC (the record above with its `bundleID` and `process` fields removed): a record naming no process
  /// gives no event.
  @Test func analyticsdStabilityCrashWithoutAProcessIsNotRead() {
    let text =
      "default\t08:00:55.092828-0600\tanalyticsd\tanalyticsd\tAggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {\"appVersion\":\"20.12.1\",\"exceptionCodes\":\"KERN_PROTECTION_FAILURE at 0x000000020863b1a0\",\"terminationReasonExceptionCode\":\"0xa\",\"terminationReasonNamespace\":\"SIGNAL\"}\n"
    #expect(Self.timeline(text: text).apps.allSatisfy { $0.events.isEmpty })
  }

  // MARK: #4 dasd's refusal of a push launch

  /// isolution.pro/tr/q/so71523234 (a Turkish copy of a Stack Overflow answer: a silent push not delivered after
  /// the device restarted), the Console.app copy with blanks for tabs as pasted: dasd submits the push launch,
  /// ThunderingHerdPolicy refuses it (three lines, one record), a second push is submitted and the first
  /// cancelled. Before: the submissions and the cancellation only, nothing saying why the app was not launched.
  @Test func dasdRefusingAPushLaunchSaysWhy() throws {
    let text = """
      default 15:37:29.955974+0200 dasd Submitted Activity: com.apple.pushLaunch.YOUR_BUNDLE_ID:7BAB0E at priority 5 <private>
      default 15:37:29.958436+0200 dasd Adding a launch request (<private>) for application <private> by activity <private>
      default 15:37:29.958611+0200 dasd Launch requests for <private>: (null)
      default 15:37:29.972714+0200 dasd com.apple.pushLaunch.YOUR_BUNDLE_ID:7BAB0E:[
      {name: ThunderingHerdPolicy, policyWeight: 1.000, response: {Decision: Must Not Proceed, Score: 0.00, Rationale: [{timeSinceThunderingHerdTriggerEvent < 300}]}}
      ], FinalDecision: Must Not Proceed}
      default 15:37:33.505325+0200 dasd Submitted Activity: com.apple.pushLaunch.YOUR_BUNDLE_ID:B3D6C8 at priority 5 <private>
      default 15:37:33.509388+0200 dasd Adding a launch request (<private>) for application <private> by activity <private>
      default 15:37:33.509515+0200 dasd Launch requests for <private>: <private>
      default 15:37:33.509778+0200 dasd Daemon Canceling Activities: {(
      com.apple.pushLaunch.YOUR_BUNDLE_ID:7BAB0E
      )}
      default 15:37:33.510334+0200 dasd CANCELED: com.apple.pushLaunch.YOUR_BUNDLE_ID:7BAB0E at priority 5 <private>!
      default 15:37:33.510514+0200 dasd Removing a launch request for application <private> by activity <private>

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "YOUR_BUNDLE_ID")
    #expect(app.events.map(\.kind) == [.bgTaskSubmitted, .bgTaskDeferred, .bgTaskSubmitted, .bgTaskCancelled])
    let refusal = app.events[1]
    #expect(refusal.line == 4)
    let seconds = try #require(refusal.timestamp?.secondsOfDay)
    #expect(abs(seconds - (15 * 3600 + 37 * 60 + 29.972714)) < 0.001)
    #expect(
      refusal.detail
        == "push launch com.apple.pushLaunch.YOUR_BUNDLE_ID:7BAB0E must not proceed (ThunderingHerdPolicy: "
        + "timeSinceThunderingHerdTriggerEvent < 300): dasd refused to launch the app for this push at that time")
  }

  // MARK: #7 SpringBoard's end of the app's audio

  /// doublesymmetry/react-native-track-player #792 (FrankGoortani, turn 4), the Console.app copy with a ` -0500`
  /// offset as pasted, from SpringBoard's line on: the app is no longer playing with audio, runningboardd
  /// invalidates the assertion SpringBoard's BKSProcess held for it, mediaserverd stops the app's audio queue.
  /// Before: only the invalidation, saying nothing of what ended.
  @Test func nowPlayingWithAudioNoIsTheAudiosEnd() throws {
    let text = """
      ```
      default\t18:36:48.551011 -0500\tSpringBoard\tapplication<app.myapp.ent> now playing with audio: NO
      default\t18:36:48.551682 -0500\trunningboardd\tInvalidating assertion 26-448-46341 (target:application<app.myapp.ent>) from originator 448
      default\t18:36:48.552009 -0500\tmediaserverd\tMEDeviceStreamClient.cpp:430:RemoveRunningClient: AQME device AQDefaultDevice: client stopping: <AudioQueueObject@0x101c7ac00; Unknown FigPlayer; sid:0x1f5e5, myapp(5137), 'prim'; play>; running count now 0

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "app.myapp.ent")
    #expect(app.events.map(\.kind) == [.audioStopped, .assertionInvalidated])
    #expect(app.events[0].line == 2)
    #expect(app.events[0].detail.hasPrefix("no longer now playing with audio (SpringBoard)"))
    #expect(app.findings.isEmpty)
  }
}
