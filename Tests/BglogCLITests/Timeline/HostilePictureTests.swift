import BglogKit
import BglogTestSupport
import Foundation
import Testing

@testable import BglogRendering

/// Issue 17, items 2 and 3: input values (durations, dates) must not decide how much the pictures
/// draw. Every bound here is a count or a size, not a time.
@Suite struct HostilePictureTests {
  /// Three lines of the seed 000 download story, with `duration` in the assertion.
  static func assertionLog(duration: String) -> String {
    "18:14:31    SpringBoard Bootstrapping com.mycompany.backgrounddemo with intent background\n"
      + "18:14:31    assertiond  [BackgroundDemo:12648] Add assertion: <BKProcessAssertion: 0x1046029b0; "
      + "id: 94-679E; name: \"com.apple.nsurlsessiond.handlesession com.mycompany.backgrounddemo.background1\"; "
      + "state: active; reason: backgroundDownload; duration: \(duration)> \n"
      + "18:15:12    assertiond  [BackgroundDemo:12648] Forcing crash report with description: "
      + "BackgroundDemo:12648 has active assertions beyond permitted time\n"
  }

  /// `log show` syslog-style lines about one app, one per `years` entry (same day and time).
  static func datesLog(years: [Int]) -> String {
    var text = "Timestamp                       (process)[PID]\n"
    for year in years {
      text += "\(year)-07-15 18:14:31.000000+0800  localhost SpringBoard[55]: "
      text += "Bootstrapping com.mycompany.backgrounddemo with intent background\n"
    }
    return text
  }

  static func build(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(text: text))
  }

  /// The widest of the chart's axis and lane lines (from `Chart:` to its legend).
  static func chartWidth(_ text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let lanes = lines.drop { !$0.hasPrefix("Chart:") }.prefix { !$0.hasPrefix("  ≈") && !$0.hasPrefix("  state:") }
    #expect(lanes.count == 8)
    return lanes.map(\.count).max() ?? 0
  }

  /// Item 2: durations a device cannot write are not durations, whichever way they are built.
  @Test(arguments: ["-9223372036854775808.0s", "-1000000000000.0s", "-1e18s", "-1s", "86401s", "1e400s", "nans"])
  func aDurationADeviceCannotWriteIsNone(text: String) throws {
    let line = Self.assertionLog(duration: text).split(separator: "\n")[1]
    let assertion = try #require(ProcessAssertion.all(in: line).first)
    #expect(assertion.durationSeconds == nil)
    #expect(assertion.reason == "backgroundDownload")
    #expect(ProcessAssertion(durationSeconds: Double(text.dropLast()) ?? .nan, text: "").durationSeconds == nil)
  }

  @Test func durationsDevicesWriteAreRead() throws {
    for (text, seconds) in [("30.0s", 30.0), ("0s", 0), ("600s", 600), ("86400s", 86_400)] {
      let line = Self.assertionLog(duration: text).split(separator: "\n")[1]
      #expect(ProcessAssertion.all(in: line).first?.durationSeconds == seconds)
    }
  }

  /// Item 2: the hostile duration line through every timeline output; the chart stays the default width.
  @Test func everyTimelineFormatDrawsAHugeNegativeDuration() throws {
    for duration in ["-9223372036854775808.0s", "-1000000000000.0s", "9223372036854775807s"] {
      let result = Self.build(Self.assertionLog(duration: duration))
      #expect(result.apps.count == 1)
      let chart = TimelineTextRenderer(chart: true).render(result)
      #expect(chart.contains("Chart: 1 column = 1 s"))
      #expect(Self.chartWidth(chart) <= 100)
      #expect(TimelineSVGRenderer().render(result).utf8.count < 100_000)
      #expect(TimelineHTMLRenderer().render(result).utf8.count < 100_000)
      #expect(try !TimelineJSONRenderer().render(result).isEmpty)
    }
  }

  /// Item 2: number formatting takes every value, `Int.min` after saturation included.
  @Test func pictureNumbersTakeAnyValue() {
    #expect(PictureText.number(-9_223_372_036_854_775_808.0) == "-922337203685477580.8")
    #expect(PictureText.number(-1e300) == "-922337203685477580.8")
    #expect(PictureText.number(.nan) == "0")
    #expect(PictureText.number(-2.5) == "-2.5")
  }

  /// Item 3: twelve lines a century apart (one continuous axis, one tick per day before: 47 MB of
  /// SVG here, 256 MB in the run); the pictures are the size of a twelve-event picture.
  @Test func datesOverCenturiesKeepThePictureSmall() throws {
    let result = Self.build(Self.datesLog(years: Array(stride(from: 1000, through: 2100, by: 100))))
    #expect(result.apps.first?.events.count == 12)
    let svg = TimelineSVGRenderer().render(result)
    let html = TimelineHTMLRenderer().render(result)
    #expect(svg.utf8.count < 100_000)
    #expect(html.utf8.count < 120_000)
    let chart = TimelineTextRenderer(chart: true).render(result)
    #expect(Self.chartWidth(chart) <= 100)
  }

  /// Item 3: the axis gets at most one tick per `minimumSpacing` px of each segment plus its ends,
  /// whatever the span: counted on the scale itself.
  @Test(arguments: [1e3, 1e7, 3.5e10, 1e15, 1e300])
  func ticksAreBoundedByTheWidth(span: Double) {
    let times = (0...11).map { Double($0) * span / 11 }
    let scale = PictureTimeScale(times: times, x0: 0, x1: 1_000)
    let ticks = scale.ticks(minimumSpacing: 74)
    #expect(ticks.count <= 1_000 / 74 + 3 * scale.segments.count)
    #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 })
  }

  /// Item 2 and 3: a chart of events over more silences than fit is still the renderer's width:
  /// only the longest silences are compressed, and the columns of each segment are capped.
  @Test func aChartOfManySilencesKeepsItsWidth() throws {
    var text = ""
    for index in 0..<2_000 {
      // One line every 6 min 40 s (each silence over the 5-min threshold), and a jump of a day in the middle.
      let seconds = index * 400 + (index >= 1_000 ? 86_400 : 0)
      let time = String(format: "%02d:%02d:%02d", seconds / 3600 % 24, seconds / 60 % 60, seconds % 60)
      text += "\(time)    assertiond  [Busy:100] Sending background permission expiration warning!\n"
    }
    let result = Self.build(text)
    let chart = TimelineTextRenderer(chart: true).render(result)
    #expect(Self.chartWidth(chart) <= 100)
    #expect(chart.components(separatedBy: " without events\n").count - 1 <= TimelineChartRenderer().maximumBreaks)
  }
}
