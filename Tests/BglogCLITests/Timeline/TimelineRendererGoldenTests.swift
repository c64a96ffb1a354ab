import BglogKit
import BglogRendering
import BglogTestSupport
import Foundation
import Testing

/// Golden-file tests for the timeline renderers; `BGLOG_RECORD=1 swift test` rewrites them
/// (and fails, so a recording run is never mistaken for a pass).
@Suite struct TimelineRendererGoldenTests {
  static let scenarios: [(fixture: String, markers: [String])] = [
    ("console/seed000-background-download.log", ["added=hello 添加下载任务", "finished=hello 分片下载完成"]),
    ("console/synthetic-rate-limiter.log", ["added=hello 添加下载任务", "finished=hello 分片下载完成"]),
    ("console/real-rnvideo-1513-console-app-fatal-cpu-trigger.log", []),
    // Session 6: symptomsd's foreground transition (review s6 #10).
    ("console/real-rnfirebase-253-idevicesyslog-foreground.log", []),
    // The newer wakeups forms: the kernel's `caught waking the CPU` and symptomsd's CPU wakes trigger.
    ("console/real-minikube-3291-console-app-cpu-wakes.log", []),
  ]

  static func result(_ fixture: String, markers: [String]) throws -> TimelineResult {
    let options = TimelineOptions(markers: try markers.map { try TimelineMarker(argument: $0) })
    return TimelineBuilder(options: options).build(from: try Fixtures.source(fixture))
  }

  @Test(arguments: scenarios.map(\.fixture))
  func textOutputMatchesGoldenFile(fixture: String) throws {
    let markers = Self.scenarios.first { $0.fixture == fixture }!.markers
    let output = TimelineTextRenderer().render(try Self.result(fixture, markers: markers))
    try assertGolden(output, name: golden(fixture, "txt"))
  }

  @Test(arguments: scenarios.map(\.fixture))
  func chartMatchesGoldenFile(fixture: String) throws {
    let markers = Self.scenarios.first { $0.fixture == fixture }!.markers
    let result = try Self.result(fixture, markers: markers)
    let output = result.apps.map { TimelineChartRenderer().render($0) }.joined(separator: "\n")
    try assertGolden(output, name: golden(fixture, "chart.txt"))
  }

  @Test func chartDrawsDeclaredVersusHeldAndCompressesSilence() throws {
    let markers = Self.scenarios[0].markers
    let app = try #require(try Self.result(Self.scenarios[0].fixture, markers: markers).apps.first)
    let lines = TimelineChartRenderer().render(app).split(separator: "\n").map(String.init)
    let assertions = try #require(lines.first { $0.hasPrefix("assertions") })
    // handlesession declared 30 s, held 41 s until the forced crash report: the overrun shows.
    #expect(assertions.contains("=!") || assertions.contains("=\u{21}"))
    #expect(lines.contains { $0.contains("≈ +31 → +371: 340 s without events") })
    let kills = try #require(lines.first { $0.hasPrefix("warn/kill") })
    #expect(kills.filter { $0 == "C" }.count == 2)
  }

  @Test(arguments: scenarios.map(\.fixture))
  func jsonOutputMatchesGoldenFile(fixture: String) throws {
    let markers = Self.scenarios.first { $0.fixture == fixture }!.markers
    let output = try TimelineJSONRenderer().render(try Self.result(fixture, markers: markers))
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    #expect(object?["schemaVersion"] as? Int == 1)
    try assertGolden(output, name: golden(fixture, "json"))
  }

  private func golden(_ fixture: String, _ ext: String) -> String {
    let base = (fixture as NSString).lastPathComponent
    return "console/expected/" + (base as NSString).deletingPathExtension + ".timeline." + ext
  }

  private func assertGolden(_ output: String, name: String) throws {
    let url = Fixtures.url(name)
    if Fixtures.isRecording {
      try output.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded new baseline \(name); run again without BGLOG_RECORD")
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
      output == expected, "output differs from \(name); re-record with BGLOG_RECORD=1 if intended")
  }
}
