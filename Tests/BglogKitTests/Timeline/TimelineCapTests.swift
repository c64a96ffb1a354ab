import BglogTestSupport
import Testing

@testable import BglogKit

/// The event cap keeps memory flat, and must not let other apps' lines crowd out the app that matters.
@Suite struct TimelineCapTests {
  /// Many expiry warnings about five other apps (from 10:00), then the seed 000 lines about
  /// BackgroundDemo (18:05 onwards).
  static func noisyLog() throws -> SourceText {
    var text = ""
    let noise = TimelineBuilder.maximumEvents + 3_000
    for index in 0..<noise {
      // Distinct times, so the duplicate filter keeps every line (10:00:00 onwards, one per second).
      let time = String(format: "%02d:%02d:%02d", 10 + index / 3600, index / 60 % 60, index % 60)
      text += "\(time)    assertiond  "
      text += "[Noise\(index % 5):\(100 + index % 5)] Sending background permission expiration warning!\n"
    }
    text += try Fixtures.source("console/seed000-background-download.log").text
    return SourceText(text: text)
  }

  @Test func theAppThatMattersKeepsItsEventsPastTheCap() throws {
    let result = TimelineBuilder().build(from: try Self.noisyLog())
    #expect(result.droppedEvents > 0)
    let kept = result.apps.reduce(0) { $0 + $1.events.count }
    #expect(kept <= TimelineBuilder.maximumEvents)
    let app = try #require(result.apps.first { $0.bundleID == "com.mycompany.backgrounddemo" })
    #expect(app.findings.contains { $0.kind == .completionHandlerNotCalled && $0.confidence == .high })
  }

  @Test func appFilterDropsOtherAppsBeforeTheyCount() throws {
    let options = TimelineOptions(app: "com.mycompany.backgrounddemo")
    let result = TimelineBuilder(options: options).build(from: try Self.noisyLog())
    #expect(result.droppedEvents == 0)
    #expect(result.apps.count == 1)
    #expect(result.apps.first?.findings.contains { $0.kind == .completionHandlerNotCalled } == true)
  }

  /// Regression: at the cap, the app giving up an event for a newcomer was picked in dictionary order
  /// among apps tied for the most, so the same log gave different timelines from run to run.
  @Test func theAppGivingWayAtTheCapIsTheSameEveryRun() {
    var text = ""
    for index in 0..<TimelineBuilder.maximumEvents {
      let time = String(format: "%02d:%02d:%02d", 10 + index / 3600, index / 60 % 60, index % 60)
      let app = ["Delta", "Alpha", "Charlie", "Bravo"][index % 4]
      text += "\(time)    assertiond  [\(app):\(100 + index % 4)] Sending background permission expiration warning!\n"
    }
    text += "23:00:00    assertiond  [Newcomer:900] Sending background permission expiration warning!\n"
    let result = TimelineBuilder().build(from: SourceText(text: text))
    let counts = Dictionary(uniqueKeysWithValues: result.apps.map { ($0.name, $0.events.count) })
    #expect(counts == ["Alpha": 2_999, "Bravo": 3_000, "Charlie": 3_000, "Delta": 3_000, "Newcomer": 1])
    #expect(result.droppedEvents == 1)
  }
}
