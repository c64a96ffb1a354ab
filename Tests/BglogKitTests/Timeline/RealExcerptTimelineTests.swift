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
    #expect(app.findings.map(\.kind) == [.jetsamInBackground])
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
}
