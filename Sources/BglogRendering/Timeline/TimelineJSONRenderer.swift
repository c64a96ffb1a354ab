import BglogKit
import Foundation

/// Renders a `TimelineResult` as `TimelineReportV1` JSON.
public struct TimelineJSONRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The JSON document, pretty-printed with sorted keys.
  public func render(_ result: TimelineResult) throws -> String {
    try render(report(result))
  }

  /// The JSON document of an input `timeline` refused: no apps (whatever the recognisers read in it is not
  /// a log's), the counts of what was read, and `errors[]` saying why, as `diagnose` writes them.
  /// `file` is the input's path as given (`-` for standard input), `line` the line the reason points at.
  public func render(_ result: TimelineResult, refused file: String, because reason: InputText, line: Int? = nil)
    throws -> String
  {
    var report = report(result)
    report.apps = []
    report.errors = [TimelineReportV1.ErrorV1(file: file, line: line, message: reason.escaped(for: .json))]
    return try render(report)
  }

  /// The JSON document of an input that could not be read (``render(_:refused:because:line:)``).
  public func render(_ result: TimelineResult, refusedBy error: InputError) throws -> String {
    var report = report(result)
    report.apps = []
    report.errors = [
      TimelineReportV1.ErrorV1(
        file: error.path, line: ErrorDescription.line(error), message: ErrorDescription.message(error, for: .json))
    ]
    return try render(report)
  }

  private func render(_ report: TimelineReportV1) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(report)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The wire value for a result.
  public func report(_ result: TimelineResult) -> TimelineReportV1 {
    let stats = result.statistics
    return TimelineReportV1(
      schemaVersion: 1, layout: result.layout?.rawValue,
      statistics: .init(
        lines: stats.lines, records: stats.entries, continuationLines: stats.continuationLines,
        unknownLines: stats.unknownLines, duplicates: stats.duplicates,
        nearDuplicates: stats.nearDuplicates, droppedEvents: result.droppedEvents > 0 ? result.droppedEvents : nil),
      apps: result.apps.map(app))
  }

  private func app(_ app: AppTimeline) -> TimelineReportV1.App {
    TimelineReportV1.App(
      app: app.name, bundleID: app.bundleID, processName: app.processName,
      anchor: app.anchor?.kind.rawValue,
      anchorLine: app.anchor?.line,
      events: app.events.map { event in
        TimelineReportV1.Event(
          time: event.timestamp?.timeOfDayText, offsetSeconds: app.offset(of: event).map(round),
          kind: event.kind.rawValue,
          line: event.line, lane: event.lane, pid: event.pid, detail: event.detail,
          marker: event.marker,
          assertion: event.assertion.map {
            .init(name: $0.name, reason: $0.reason, durationSeconds: $0.durationSeconds)
          })
      },
      processes: app.processes.map {
        .init(
          pid: $0.pid, start: $0.start?.timeOfDayText, end: $0.end?.timeOfDayText,
          durationSeconds: $0.durationSeconds.map(round), startedBy: $0.startedBy?.rawValue,
          endedBy: $0.endedBy?.rawValue, endDetail: $0.endDetail)
      },
      wakeups: app.wakeups.map {
        .init(
          line: $0.line, time: $0.timestamp?.timeOfDayText,
          offsetSeconds: $0.offsetSeconds.map(round),
          gapSeconds: $0.gapSeconds.map(round),
          markers: Dictionary($0.markerCounts.map { ($0.name, $0.count) }, uniquingKeysWith: +),
          transfersStarted: $0.transfersStarted)
      },
      summary: .init(
        spanSeconds: app.summary.spanSeconds.map(round), wakeups: app.summary.wakeups,
        transferSeconds: app.summary.transferSeconds.map(round),
        longestGapSeconds: app.summary.longestGapSeconds.map(round)),
      findings: app.findings.map {
        .init(
          kind: $0.kind.rawValue, confidence: $0.confidence.rawValue, summary: $0.summary,
          advice: $0.advice,
          evidence: $0.evidence.map { .init(line: $0.line, text: $0.text) })
      })
  }

  /// Milliseconds are enough, and keep golden files stable across floating-point noise.
  private func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
