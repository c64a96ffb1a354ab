import BglogTestSupport
import Testing

@testable import BglogKit

@Suite struct SeedTimelineTests {
  static func build(_ fixture: String) throws -> TimelineResult {
    let options = TimelineOptions(markers: [
      try TimelineMarker(argument: "added=hello 添加下载任务"),
      try TimelineMarker(argument: "finished=hello 分片下载完成"),
    ])
    return TimelineBuilder(options: options).build(from: try Fixtures.source(fixture))
  }

  @Test func seedLinesFormOneAppTimeline() throws {
    let result = try Self.build("console/seed000-background-download.log")
    #expect(result.layout == .timeProcessMessage)
    #expect(result.statistics.unknownLines == 0)
    #expect(result.statistics.continuationLines == 1)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.mycompany.backgrounddemo")
    #expect(app.processName == "BackgroundDemo")
    #expect(app.processes.map(\.pid) == [12636, 12648])
    #expect(app.processes[1].startedBy == .relaunchedInBackground)
    #expect(app.processes.map(\.endedBy) == [.crashed, .crashed])
    let kinds = app.events.map(\.kind)
    #expect(kinds.filter { $0 == .crashed }.count == 2)
    #expect(kinds.filter { $0 == .expiryWarning }.count == 2)
    let relaunch = try #require(app.events.first { $0.kind == .relaunchedInBackground })
    #expect(relaunch.timestamp?.timeOfDayText == "18:14:31")
    let assertions = app.events.compactMap(\.assertion)
    #expect(assertions.map(\.durationSeconds) == [30, 40])
    #expect(
      assertions.map(\.reason) == ["backgroundDownload", "finishTaskAfterBackgroundDownload"])
  }

  /// The first kill: background time ran out while nsurlsessiond's handlesession assertion (the only
  /// one named) was held, so it is the same root cause `bglog diagnose` gives for that crash report.
  @Test func seedFirstKillIsBackgroundTimeRunningOut() throws {
    let app = try #require(try Self.build("console/seed000-background-download.log").apps.first)
    let finding = try #require(app.findings.first { $0.evidence.first?.line == 1 })
    #expect(finding.kind == .completionHandlerNotCalled)
    #expect(!app.findings.contains { $0.kind == .leakedBackgroundTask })
    #expect(finding.confidence == .medium)
    #expect(finding.evidence.map(\.line) == [1, 5, 6])
    #expect(finding.evidence[1].text.hasPrefix("18:05:43"))
    #expect(finding.evidence[2].text.hasPrefix("18:05:48"))
    #expect(finding.summary.contains("handlesession"))
  }

  @Test func seedSecondKillIsCompletionHandlerNeverCalled() throws {
    let app = try #require(try Self.build("console/seed000-background-download.log").apps.first)
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .completionHandlerNotCalled)
    #expect(finding.confidence == .high)
    #expect(finding.evidence.map(\.line) == [19, 21, 22, 23, 24, 25])
    #expect(finding.summary.contains("18:15:12"))
    #expect(finding.summary.contains("41 s after the relaunch"))
  }

  @Test func seedStartThenCancelIsReported() throws {
    let app = try #require(try Self.build("console/seed000-background-download.log").apps.first)
    let finding = try #require(app.findings.first { $0.kind == .transferCancelledImmediately })
    #expect(finding.evidence.map(\.line) == [10, 11])
  }

  @Test func syntheticScenarioShowsRateLimiterAndSilence() throws {
    let result = try Self.build("console/synthetic-rate-limiter.log")
    let app = try #require(result.apps.first)
    #expect(app.anchor?.kind == .enteredBackground)
    #expect(app.wakeups.count == 5)
    #expect(app.wakeups.compactMap(\.gapSeconds) == [230, 280, 290, 300])
    #expect(app.wakeups.allSatisfy { $0.markerCounts.contains(.init(name: "added", count: 4)) })
    #expect(app.wakeups.last?.offsetSeconds == 1290)
    let limiter = try #require(app.findings.first { $0.kind == .rateLimiter })
    #expect(limiter.confidence == .high)
    #expect(limiter.advice?.contains("HTTPMaximumConnectionsPerHost") == true)
    #expect(app.findings.contains { $0.kind == .stoppedWaking })
    #expect(!app.findings.contains { $0.kind == .completionHandlerNotCalled })
  }

  @Test func appOptionFiltersByProcessName() throws {
    var options = TimelineOptions(app: "backgrounddemo")
    #expect(
      TimelineBuilder(options: options).build(
        from: try Fixtures.source("console/seed000-background-download.log")
      ).apps.count == 1)
    options.app = "com.example.other"
    #expect(
      TimelineBuilder(options: options).build(
        from: try Fixtures.source("console/seed000-background-download.log")
      ).apps.isEmpty)
  }

  @Test func invalidMarkerIsRejected() {
    #expect(throws: TimelineMarker.Error.self) { try TimelineMarker(argument: "nomatch") }
    #expect(throws: TimelineMarker.Error.self) { try TimelineMarker(argument: "x=(") }
  }
}
