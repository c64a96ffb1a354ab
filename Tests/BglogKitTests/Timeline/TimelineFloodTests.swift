import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Issue 17, item 5: a flood of one-line apps must not crowd out or evict an app with a story, and
/// whatever is left out is counted (`droppedEvents`), never lost silently.
@Suite struct TimelineFloodTests {
  /// `count` one-line apps (expiry warnings of `Filler<n>`, pids far from the seed's), one per second.
  static func fillers(_ count: Int, from first: Int = 0, hour: Int = 10) -> String {
    var text = ""
    for index in first..<(first + count) {
      let second = index - first
      let time = String(format: "%02d:%02d:%02d", hour + second / 3600, second / 60 % 60, second % 60)
      text +=
        "\(time)    assertiond  [Filler\(index):\(40_000 + index)] Sending background permission expiration warning!\n"
    }
    return text
  }

  static func seed() throws -> String {
    try Fixtures.source("console/seed000-background-download.log").text
  }

  static func app(_ result: TimelineResult) -> AppTimeline? {
    result.apps.first { $0.bundleID == "com.mycompany.backgrounddemo" }
  }

  /// The input: 12,000 filler apps, then the seed 000 story (before: 0 events of it kept, 0 findings).
  @Test func fillersInFrontOfTheRealProblemDoNotHideIt() throws {
    let alone = try #require(Self.app(TimelineBuilder().build(from: SourceText(text: try Self.seed()))))
    let result = TimelineBuilder().build(from: SourceText(text: Self.fillers(12_000) + (try Self.seed())))
    let app = try #require(Self.app(result))
    #expect(app.events.count == alone.events.count)
    #expect(app.findings.map(\.kind) == alone.findings.map(\.kind))
    #expect(app.findings.contains { $0.kind == .completionHandlerNotCalled && $0.confidence == .high })
    // Bounded, and the fillers given up are counted.
    #expect(result.apps.count <= TimelineBuilder.maximumApps)
    let kept = result.apps.reduce(0) { $0 + $1.events.count }
    #expect(kept <= TimelineBuilder.maximumEvents)
    #expect(result.droppedEvents == 12_000 + alone.events.count - kept)
  }

  /// The story first, then the flood: the flood churns among itself and leaves the story whole.
  @Test func aFloodAfterTheRealProblemDoesNotEvictIt() throws {
    let alone = try #require(Self.app(TimelineBuilder().build(from: SourceText(text: try Self.seed()))))
    // The seed's clock runs 18:05–18:20; the fillers come after, from 19:00.
    let result = TimelineBuilder().build(from: SourceText(text: (try Self.seed()) + Self.fillers(15_000, hour: 19)))
    let app = try #require(Self.app(result))
    #expect(app.events.count == alone.events.count)
    #expect(app.findings.map(\.kind) == alone.findings.map(\.kind))
    #expect(result.droppedEvents > 0)
    #expect(result.apps.count <= TimelineBuilder.maximumApps)
  }

  /// Every event offered is kept or counted: with an event handler (every event built) and without
  /// (drops foreseen on bytes), the totals agree.
  @Test func everyEventIsKeptOrCounted() throws {
    let text = Self.fillers(3_000) + (try Self.seed()) + Self.fillers(3_000, from: 3_000, hour: 19)
    var offered = 0
    var builder = TimelineBuilder()
    builder.eventHandler = { _, _ in offered += 1 }
    let handled = builder.build(from: SourceText(text: text))
    let kept = handled.apps.reduce(0) { $0 + $1.events.count }
    #expect(kept + handled.droppedEvents == offered)
    let plain = TimelineBuilder().build(from: SourceText(text: text))
    #expect(plain.droppedEvents == handled.droppedEvents)
    #expect(plain.apps.map(\.events.count) == handled.apps.map(\.events.count))
  }
}
