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
