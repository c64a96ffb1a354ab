import BglogTestSupport
import Testing

@testable import BglogKit

/// Session 5b review (fresh pastes). The sources' licences are not known, so each test builds the shape
/// in code (**synthetic**, after the source it names); the messages are the sources' own words.
@Suite struct ReviewFiveBTimelineTests {
  static func build(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(text: text))
  }

  @Test func xpcServiceIdentityNamesTheHelperAndItsHost() throws {
    let found = try #require(
      TimelineEventRecognizer.xpcService(
        in: "[xpcservice<com.apple.WebKit.WebContent([application<com.xxx.xxx>:716])>:720:720] termination"))
    #expect(found.service == "com.apple.WebKit.WebContent")
    #expect(found.host.bundle == "com.xxx.xxx")
    #expect(found.host.pid == 716)
    #expect(found.pid == 720)
    #expect(TimelineEventRecognizer.xpcService(in: "[application<com.x>:716] termination") == nil)
    let bare = try #require(TimelineEventRecognizer.xpcService(in: "[xpcservice<com.apple.x>:12]"))
    #expect(bare.service == "com.apple.x" && bare.host.bundle == nil && bare.pid == 12)
  }

  /// Synthetic, after react-native-video #1513 (Console.app): the symptomsd FATAL CPU trigger for the app
  /// (716), then launchd's termination of the app's WebContent XPC service (720). The helper's clean exit
  /// is not the app's exit: a child-process-ended event for pid 720, and pid 716 is not said to have ended.
  @Test func xpcServiceTerminationIsTheHelpersEndNotTheHostApps() throws {
    let text = """
      default\t14:55:03.973258+0100\trunningboardd\t[xpcservice<com.apple.WebKit.WebContent([application<com.xxx.xxx>:716])>:720:720] termination reported by launchd (0, 0, 0)
      default\t14:55:03.980000+0100\trunningboardd\t[application<com.xxx.xxx>:716] termination reported by launchd (2, 9, 9)

      """
    let apps = Self.build(text).apps
    let events = apps.flatMap(\.events)
    let helper = try #require(events.first { $0.kind == .childProcessEnded })
    #expect(helper.pid == 720)
    #expect(helper.detail.contains("com.apple.WebKit.WebContent (pid 720) of app pid 716"))
    #expect(helper.detail.contains("exit status 0"))
    #expect(!events.contains { $0.kind == .exited })
    let app = try #require(apps.first { $0.bundleID == "com.xxx.xxx" })
    #expect(app.events.contains { $0.kind == .childProcessEnded })
    #expect(app.processes.first { $0.pid == 716 }?.endedBy == .killed)
    #expect(app.processes.first { $0.pid == 720 }?.endedBy == nil)
  }

  /// Synthetic: the helper's other runningboardd lines (suspension, assertions) are not the app's.
  @Test func xpcServiceSuspensionIsNotTheApps() {
    let text = """
      default\t14:55:01.000000+0100\trunningboardd\t[xpcservice<com.apple.WebKit.WebContent([application<com.xxx.xxx>:716])>:720] Suspending task.
      default\t14:55:02.000000+0100\trunningboardd\t[xpcservice<com.apple.WebKit.WebContent([application<com.xxx.xxx>:716])>:720] Resuming task.

      """
    #expect(Self.build(text).apps.flatMap(\.events).isEmpty)
  }

  /// Synthetic, after flutter_callkit_incoming #745 and react-native-voip-push-notification #102 (the
  /// messages pasted alone): PushKit's kill is the app's crash, the refusal to launch it a limit event.
  @Test func pushKitsKillAndLaunchRefusalAreEvents() throws {
    let kill = Self.build(
      "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app because "
        + "it never posted an incoming call to the system after receiving a PushKit VoIP push.'\n")
    let killEvent = try #require(kill.apps.first?.events.first)
    #expect(killEvent.kind == .crashed)
    #expect(killEvent.detail.contains("voip-push-not-reported"))
    let refusal = Self.build(
      "Application com.example.voip will not be launched because it failed to report an incoming call too many "
        + "times (or repeatedly crashed.)\n")
    let app = try #require(refusal.apps.first)
    #expect(app.bundleID == "com.example.voip")
    #expect(app.events.map(\.kind) == [.watchdogViolation])
    #expect(app.events.first?.detail.contains("will not launch the app for VoIP pushes") == true)
  }
}
