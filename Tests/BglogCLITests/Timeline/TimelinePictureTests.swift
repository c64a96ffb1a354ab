import BglogKit
import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI
@testable import BglogRendering

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `bglog timeline --format svg|html`: goldens for the seed 000 and rate-limiter scenarios,
/// well-formed XML, escaping of hostile log text, the README's committed picture, the CLI flags.
@Suite struct TimelinePictureTests {
  static let markers = ["added=hello 添加下载任务", "finished=hello 分片下载完成"]
  static let scenarios = ["console/seed000-background-download.log", "console/synthetic-rate-limiter.log"]

  static func result(_ fixture: String) throws -> TimelineResult {
    let options = TimelineOptions(markers: try markers.map { try TimelineMarker(argument: $0) })
    return TimelineBuilder(options: options).build(from: try Fixtures.source(fixture))
  }

  static func golden(_ fixture: String, _ ext: String) -> URL {
    let base = ((fixture as NSString).lastPathComponent as NSString).deletingPathExtension
    return Fixtures.url("console/expected/\(base).timeline.\(ext)")
  }

  /// Parses `text` as XML; returns the parser error, or nil when well-formed.
  static func xmlError(_ text: String) -> String? {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "unknown") at line \(parser.lineNumber)"
  }

  @Test(arguments: scenarios)
  func svgMatchesGoldenFile(fixture: String) throws {
    let svg = TimelineSVGRenderer().render(try Self.result(fixture))
    #expect(Self.xmlError(svg) == nil, "\(Self.xmlError(svg) ?? "")")
    Golden.assertMatches(svg, file: Self.golden(fixture, "svg"))
  }

  @Test(arguments: scenarios)
  func htmlMatchesGoldenFile(fixture: String) throws {
    let html = TimelineHTMLRenderer().render(try Self.result(fixture))
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // Self-contained: nothing fetched from elsewhere.
    #expect(!html.contains("src="))
    #expect(!html.contains("<link"))
    #expect(html.components(separatedBy: "<script").count == 2)
    Golden.assertMatches(html, file: Self.golden(fixture, "html"))
  }

  @Test func seedPictureShowsBothCrashesTheRelaunchAndTheCompressedSilences() throws {
    let svg = TimelineSVGRenderer().render(try Self.result(Self.scenarios[0]))
    #expect(svg.contains(">≈ 340 s</text>"))
    #expect(svg.contains(">≈ 179 s</text>"))
    #expect(svg.components(separatedBy: "class=\"kill-line\"").count - 1 == 2)
    #expect(svg.components(separatedBy: ">forced crash report</text>").count - 1 == 2)
    #expect(svg.contains(">#1 relaunch</text>"))
    // The handlesession assertion was declared 30 s and held 41 s: drawn past its declared end.
    #expect(svg.contains("class=\"over\""))
    #expect(svg.contains("declared 30 s, held 41 s (11 s past)"))
  }

  @Test func rateLimiterPictureShowsGrowingGapsAndCountsPerWakeup() throws {
    let svg = TimelineSVGRenderer().render(try Self.result(Self.scenarios[1]))
    for gap in ["#2 · gap 230 s", "#3 · gap 280 s", "#4 · gap 290 s", "#5 · gap 300 s"] {
      #expect(svg.contains(">\(gap)</text>"), "missing \(gap)")
    }
    // Five silences between the wakeups are compressed, so 1294 s fit the width.
    #expect(svg.components(separatedBy: "class=\"break-label\"").count - 1 == 5)
    #expect(svg.components(separatedBy: ">×4</text>").count - 1 == 11)
    #expect(svg.contains("width=\"1200\""))
  }

  @Test func hostileLogTextIsEscapedEverywhere() throws {
    let log = """
      18:00:00    SpringBoard Application process state changed for com.evil.app: <SBApplicationProcessState: 0x1; pid: 66; taskState: Running; visibility: Background>
      18:00:01    EvilApp  pwn </script><script>alert(1)</script> & "quotes" 'single' \u{1B}[31m \u{07}bell ]]> <!-- x
      18:00:02    SpringBoard Application process state changed for com.evil.app: <SBApplicationProcessState: 0x1; pid: 66; taskState: Suspended; visibility: Background>

      """
    let svg = runBglog(["timeline", "--format", "svg", "--mark", "evil<b>=pwn", "-"], stdin: log)
    #expect(svg.status == .success)
    #expect(Self.xmlError(svg.out) == nil, "\(Self.xmlError(svg.out) ?? "")")
    #expect(
      svg.out.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;single&#39;")
    )
    #expect(svg.out.contains("evil&lt;b&gt;"))
    #expect(!svg.out.contains("\u{1B}"))
    #expect(!svg.out.contains("\u{07}"))
    let html = runBglog(["timeline", "--format", "html", "--mark", "evil<b>=pwn", "-"], stdin: log)
    #expect(html.status == .success)
    #expect(!html.out.contains("<script>alert"))
    #expect(!html.out.contains("<b>"))
    #expect(html.out.components(separatedBy: "<script").count == 2)
    #expect(html.out.contains("data-log=\"18:00:01    EvilApp  pwn &lt;/script&gt;"))
  }

  @Test func escapeReplacesCharactersXMLCannotCarry() {
    #expect(PictureText.escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;")
    #expect(PictureText.escape("x\u{0}y\u{1F}z\u{FFFE}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
    #expect(PictureText.escape("tab\tnew\nline 中文") == "tab\tnew\nline 中文")
  }

  @Test func timeScaleCompressesLongSilencesAndKeepsOrder() {
    let scale = PictureTimeScale(times: [0, 10, 400, 405, 1300], x0: 100, x1: 1100)
    #expect(scale.segments.map(\.start) == [0, 400, 1300])
    #expect(scale.breaks.map(\.seconds) == [390, 895])
    let xs = [0.0, 5, 10, 200, 400, 405, 900, 1300].map { scale.x($0) }
    #expect(xs == xs.sorted())
    #expect(abs(scale.x(1300) - (1100 - scale.padding)) < 0.001)
    // A 5 s segment is still wide enough for an axis label.
    #expect(scale.segments[1].x1 - scale.segments[1].x0 >= 72 + 2 * scale.padding)
  }

  /// The pictures in docs/ are bglog's own output for the samples, regenerated with `BGLOG_RECORD=1`.
  @Test(arguments: [
    ("background-download-timeline", "seed000-timeline.svg"), ("rate-limiter-timeline", "rate-limiter-timeline.svg"),
  ])
  func docsPictureIsCurrent(sample: String, image: String) throws {
    let folder = Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)")
    let options = try String(contentsOf: folder.appendingPathComponent("command.txt"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let markers = zip(options, options.dropFirst()).filter { $0.0 == "--mark" }.map(\.1)
    #expect(markers.count == 2)
    let built = TimelineBuilder(
      options: TimelineOptions(markers: try markers.map { try TimelineMarker(argument: $0) })
    ).build(from: SourceText(bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent("console.log")))))
    let svg = TimelineSVGRenderer().render(built)
    Golden.assertMatches(svg, file: Fixtures.packageRoot.appendingPathComponent("docs/images/\(image)"))
  }

  @Test func outputOptionWritesTheFileInsteadOfStdout() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-picture-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: path) }
    let seed = Fixtures.url(Self.scenarios[0]).path
    let result = runBglog(["timeline", "--format", "svg", "--output", path.path, seed])
    #expect(result.status == .success)
    #expect(result.out.isEmpty)
    let written = try String(contentsOf: path, encoding: .utf8)
    #expect(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    let unwritable = runBglog(["timeline", "--format", "svg", "--output", "/nonexistent/dir/x.svg", seed])
    #expect(unwritable.status == .inputError)
    #expect(unwritable.err.contains("could not write /nonexistent/dir/x.svg"))
  }

  @Test func helpListsThePictureFormats() {
    let result = runBglog(["timeline", "--help"])
    #expect(result.out.contains("svg / html"))
    #expect(result.out.contains("--output <file>"))
  }

  @Test func logWithoutAppsStillGivesAValidPicture() {
    // Not a console log, so an input error (issue 16 item 6), but the picture is still written and valid.
    let result = runBglog(["timeline", "--format", "svg", "-"], stdin: "nothing here\n")
    #expect(result.status == .inputError)
    #expect(Self.xmlError(result.out) == nil)
    #expect(result.out.contains("No app background activity recognised."))
  }
}
