import BglogTestSupport
import Testing

@testable import BglogKit

/// At the event cap, assertiond records whose event the store would drop are counted on their bytes
/// by the record filter and never built; the result must be what building them gives.
@Suite struct TimelineDropCountTests {
  /// Records about several apps past the cap, in shapes the byte test judges and shapes it leaves to
  /// the recognizer (`<` identities, odd pids, upper case names, markers, a newcomer).
  static func busyLog() -> String {
    var text = ""
    let shapes = [
      "[Maps:%d] Remove assertion: <BKProcessAssertion: 0x1; id: 1-0; name: \"a\"; reason: audio; duration: 1.0s>",
      "[MAPS:%d] Sending background permission expiration warning!",
      "[Weather:%d] Add assertion: <BKProcessAssertion: 0x2; name: \"b\"; reason: finishTask; duration: 2.0s>",
      "[app<com.x.Stocks>:%d] Deactivate assertion: <BKProcessAssertion: 0x3; name: \"c\">",
      "[Mail:+%d] Process exited",
      "[Mail:%d] Mutating assertion reason from finishTask to audio",
      "[News:%d] nothing that makes an event",
      "[News:%d]Forcing crash report for assertions held beyond permitted time",
      "[Photos:%d] Remove assertion: <BKProcessAssertion: 0x4; name: \"mark me\">",
    ]
    for index in 0..<(TimelineBuilder.maximumEvents + 4_000) {
      let time = String(format: "%02d:%02d:%02d", 10 + index / 3600, index / 60 % 60, index % 60)
      let message = String(format: shapes[index % shapes.count], 100 + index % 7)
      text += "\(time)    assertiond  \(message)\n"
    }
    text += "23:59:00    assertiond  [Newcomer:900] Remove assertion: <BKProcessAssertion: 0x5; name: \"n\">\n"
    return text
  }

  @Test func countingDropsOnBytesGivesTheBuiltResult() throws {
    let marker = try TimelineMarker(name: "mark", pattern: "mark me")
    for app in [nil, "maps", "com.x.stocks"] as [String?] {
      let options = TimelineOptions(app: app, markers: [marker])
      let source = SourceText(text: Self.busyLog())
      let judged = TimelineBuilder(options: options).build(from: source)
      // With an event handler every event is built: the reference.
      var builder = TimelineBuilder(options: options)
      builder.eventHandler = { _, _ in }
      for line in source.lines { builder.consume(line: line) }
      let built = builder.finish()
      #expect(judged == built)
      // Fed as bytes, as `bglog timeline` reads files.
      var viaBytes = TimelineBuilder(options: options)
      for line in source.lines {
        var line = line
        line.withUTF8 { viaBytes.consume(lineBytes: $0, isASCII: $0.allSatisfy { $0 < 0x80 }) }
      }
      #expect(viaBytes.finish() == built)
      if app == nil { #expect(judged.droppedEvents >= 4_000) }
    }
  }
}
