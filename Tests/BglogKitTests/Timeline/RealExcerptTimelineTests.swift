import BglogTestSupport
import Testing

@testable import BglogKit

/// Short real console excerpts quoted in public issues (sources and licences in the fixtures'
/// README): each layout is read and the events bglog claims to recognise are recognised.
@Suite struct RealExcerptTimelineTests {
  static func timeline(_ name: String) throws -> (TimelineResult, AppTimeline) {
    let result = TimelineBuilder().build(from: try Fixtures.source("console/" + name))
    return (result, try #require(result.apps.first))
  }

  @Test func flutterfireBackgroundActiveAssertion() throws {
    let (result, app) = try Self.timeline("real-flutterfire-5702-console-app-background.log")
    #expect(result.layout == .consoleApp)
    #expect(result.statistics.continuationLines == 7)
    #expect(app.bundleID == "com.elsystm.elsystm")
    #expect(app.events.map(\.kind) == [.enteredBackground, .assertionAcquired])
    #expect(app.events[1].detail == "\"FBWorkspace (BackgroundActive)\"")
    #expect(app.events.allSatisfy { $0.pid == 1957 })
  }

  @Test func immichJetsamPerProcessLimit() throws {
    let (_, app) = try Self.timeline("real-immich-54-console-app-jetsam.log")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].detail == "killed by jetsam (per-process-limit(7))")
    // No background record in the excerpt: `jetsam`, which claims no background (before review s10: medium
    // `jetsam-in-background`).
    #expect(app.findings.map(\.kind) == [.jetsam])
    #expect(app.findings[0].confidence == .medium)
    #expect(app.findings[0].evidence.map(\.line) == [4])
  }

  @Test func idevicesyslogWatchdogExit() throws {
    let (result, app) = try Self.timeline("real-dotnet-macios-10086-idevicesyslog-watchdog.log")
    #expect(result.layout == .idevicesyslog)
    #expect(app.bundleID == "com.REDACTED")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].detail == "killed by the watchdog (watchdog provision violated)")
    #expect(app.events[0].pid == 796)
  }

  @Test func runningboardAssertionsWillExpireSoon() throws {
    let (_, app) = try Self.timeline("real-rnbg-geolocation-1860-console-app-expire-soon.log")
    #expect(app.events.map(\.kind) == [.expiryWarning])
    #expect(app.events[0].pid == 5560)
    #expect(app.bundleID == "com.wridz.app")
  }

  @Test func uikitCreatedOver30SecondsAgo() throws {
    let (result, app) = try Self.timeline("real-rn-background-timer-373-xcode-created-over-30s.log")
    #expect(result.layout == .xcode)
    #expect(app.events.map(\.kind) == [.expiryWarning])
    #expect(app.events[0].detail == "background task 5 \"RNBackgroundTimer\" created over 30 seconds ago")
  }

  @Test func handleEventsCompletionHandlerWarning() throws {
    let (_, app) = try Self.timeline("real-expo-8599-xcode-handle-events-warning.log")
    #expect(app.events.map(\.kind) == [.completionHandlerWarning])
    #expect(app.processName == "Exponent")
  }

  @Test func cantEndBackgroundTask() throws {
    let (_, app) = try Self.timeline("real-cordova-background-mode-485-xcode-cant-end.log")
    #expect(app.events.map(\.kind) == [.backgroundTaskEnded])
    #expect(app.events[0].detail.hasPrefix("can't end background task 3:"))
  }

  @Test func cantEndBackgroundTaskSaysItIsAnError() throws {
    let (result, app) = try Self.timeline("real-rnbgfetch-258-xcode-cant-end-double-end.log")
    #expect(result.layout == .xcode)
    #expect(app.processName == "xxx")
    #expect(app.events.map(\.kind) == [.backgroundTaskEnded])
    #expect(app.events[0].pid == 1947)
    #expect(
      app.events[0].detail
        == "can't end background task 12: error, no task with that id (already ended, or never begun: a double end or a stale id)"
    )
    // No finding kind says "ended twice" or "stale id": the event's words carry it.
    #expect(app.findings.isEmpty)
  }

  // MARK: - Headerless, untimed messages (issue 12 follow-up)

  @Test func messageOnlyCompletionWarningIsFiledUnderTheUnnamedApp() throws {
    let (result, app) = try Self.timeline("real-alamofire-804-message-only-completion-warning.log")
    #expect(result.layout == nil)
    #expect(result.apps.count == 1)
    #expect(app.name == "(app not named in the log)")
    #expect(app.events.map(\.kind) == [.completionHandlerWarning])
    #expect(app.events[0].timestamp == nil && app.events[0].lane.isEmpty)
    #expect(app.findings.map(\.kind) == [.completionHandlerNotCalled])
    #expect(app.findings[0].confidence == .medium)
    #expect(app.findings[0].summary.contains("no time and does not name the app"))
    #expect(app.findings[0].evidence.map(\.line) == [1])
  }

  @Test func headeredCompletionWarningGivesAHighFinding() throws {
    let (_, app) = try Self.timeline("real-expo-8599-xcode-handle-events-warning.log")
    #expect(app.findings.map(\.kind) == [.completionHandlerNotCalled])
    #expect(app.findings[0].confidence == .high)
    #expect(!app.findings[0].summary.contains("no time"))
  }

  @Test func headerlessProseQuotingUIKitGivesNoEvent() {
    let text =
      "the log said: Warning: Application delegate received call to "
      + "-application:handleEventsForBackgroundURLSession:completionHandler: but the completion handler was never called.\n"
    let result = TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
    #expect(result.apps.isEmpty)
  }

  @Test func emptyAppNameReadsAsTheUnnamedApp() {
    let app = AppTimeline(
      bundleID: nil, processName: "", events: [], anchor: nil, processes: [], wakeups: [],
      summary: AppTimeline.Summary(
        spanSeconds: nil, wakeups: 0, transferSeconds: nil, longestGapSeconds: nil, longestGapEndLine: nil),
      findings: [])
    #expect(app.name == "(app not named in the log)")
  }

  // MARK: - Message-first recognisers (issue 13)

  @Test func runningboardLaunchRequestAfterBackgroundRoleGrant() throws {
    let (_, app) = try Self.timeline("real-flutterfire-5702-console-app-launch-request.log")
    #expect(app.bundleID == "com.elsystm.elsystm")
    #expect(app.events.map(\.kind) == [.relaunchedInBackground])
    #expect(app.events[0].detail == "launch request (FBApplicationProcess), CPU role Background")
    #expect(app.events[0].line == 9)
    #expect(app.wakeups.count == 1)
  }

  @Test func backgroundTasksLaunchRunAndComplete() throws {
    let (_, app) = try Self.timeline("real-flutter-bg-geolocation-295-console-app-bgtask.log")
    #expect(app.processName == "Runner")
    #expect(
      app.events.map(\.kind) == [
        .bgTaskSubmitted, .backgroundTaskEnded, .relaunchedInBackground, .backgroundTaskStarted,
      ])
    #expect(app.events.map(\.line) == [2, 6, 9, 18])
    #expect(
      app.events[0].detail
        == "BGAppRefreshTaskRequest com.transistorsoft.fetch submitted, earliest begin 2020-06-15 07:31:34 +0000")
    #expect(app.events[2].detail == "launched by the system for bgRefresh-com.transistorsoft.fetch:A8B50D")
    #expect(app.findings.isEmpty)
  }

  /// The two iOS 6 / iOS 12 excerpts are indented in their issues' code blocks: the header reader
  /// learns the indent (issue 12), so the verbatim files are read.
  @Test func legacyBeyondPermittedTimeThenForcedCrashReport() throws {
    let verbatim = try Fixtures.source("console/real-backgroundrunner-1-syslog-ios6-beyond-permitted.log")
    let result = TimelineBuilder().build(from: verbatim)
    let app = try #require(result.apps.first)
    #expect(app.processName == "BG")
    #expect(app.events.map(\.kind) == [.expiryWarning, .crashed])
    #expect(app.events.allSatisfy { $0.pid == 21017 })
    #expect(app.events[1].namedAssertions.first?.name == "UIKitBackgroundCompletionTask")
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings.first?.confidence == .high)
    #expect(app.findings.first?.evidence.map(\.line) == [4, 8])
  }

  /// Console.app copy whose tabs became spaces (issue 12): read as console-app, the continuation
  /// line names the assertion.
  @Test func consoleAppWithSpacesForcedCrashReport() throws {
    let (result, app) = try Self.timeline("real-instabug-305-console-app-spaces.log")
    #expect(result.layout == .consoleApp)
    #expect(result.statistics.continuationLines == 1)
    #expect(app.events.map(\.kind) == [.crashed])
    #expect(app.events[0].pid == 24424)
    #expect(app.events[0].namedAssertions.first?.name == "Shared Background Assertion 446 for com.ourdomain.OurApp")
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings.first?.confidence == .high)
    #expect(app.findings.first?.evidence.map(\.line) == [1])
  }

  @Test func assertiondProcessExitedNamesTheProcess() throws {
    let verbatim = try Fixtures.source("console/real-nativescript-8920-idevicesyslog-assertiond-exit.log")
    let app = try #require(TimelineBuilder().build(from: verbatim).apps.first)
    #expect(app.bundleID == "com.myapp.myapp")
    #expect(app.processName == "myappda")
    #expect(app.events.map(\.kind) == [.exited])
    #expect(app.events[0].pid == 867)
    // The first line that says the process ended: assertiond's `Port death watcher fired` (line 1);
    // `Process exited: <BKProcess: …>` (line 5) says the same and names the bundle.
    #expect(app.events[0].line == 1)
  }

  @Test func uikitStillNotEndedAfterExpirationHandlers() throws {
    let (result, app) = try Self.timeline("real-onesignal-1205-xcode-still-not-ended.log")
    #expect(result.layout == .xcode)
    #expect(app.processName == "ProjectX")
    #expect(app.events.map(\.kind) == [.expiryWarning, .expiryWarning, .expiryWarning])
    #expect(app.events[1].detail.hasPrefix("background task 171 \"Called by OneSignal, from "))
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings[0].confidence == .high)
    #expect(app.findings[0].evidence.map(\.line) == [1, 2, 3])
  }
}
