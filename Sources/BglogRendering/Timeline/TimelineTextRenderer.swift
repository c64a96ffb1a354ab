import BglogKit

/// Renders a `TimelineResult` as text for a terminal: per app, the event table, processes,
/// wakeups, a summary and the findings with their evidence lines.
public struct TimelineTextRenderer: Sendable {
  /// Whether to draw each app's lanes after its event table (`--chart`).
  public var chart: Bool

  /// Creates a renderer.
  public init(chart: Bool = false) {
    self.chart = chart
  }

  /// The whole report.
  public func render(_ result: TimelineResult) -> String {
    // Log text is printed as written, so control characters are neutralised on the way out (this
    // renderer adds no escape codes of its own).
    TerminalText.printable(renderUnfiltered(result))
  }

  private func renderUnfiltered(_ result: TimelineResult) -> String {
    var out = ""
    let stats = result.statistics
    out +=
      "Read \(stats.lines) lines as \(result.layout?.rawValue ?? "no known layout"): \(stats.entries) records, "
      + "\(stats.continuationLines) continuation lines, \(stats.unknownLines) unknown, "
      + "\(stats.duplicates + stats.nearDuplicates) duplicates removed.\n"
    if result.droppedEvents > 0 {
      out +=
        "Kept \(TimelineBuilder.maximumEvents) events (shared fairly between apps) and left out "
        + "\(result.droppedEvents) more to bound memory; name one app with --app to keep all of its events.\n"
    }
    if result.apps.isEmpty {
      out += "\nNo app background activity recognised.\n"
    }
    for app in result.apps {
      out += "\n" + render(app)
    }
    if !result.unread.isEmpty {
      out += "\nNot read: the most frequent messages of background-relevant processes that gave no event\n"
      out += "(numbers as #, hex as 0x#, identifiers as <id>; report a form bglog should read):\n"
      let width = String(result.unread.map(\.count).max() ?? 0).count
      for row in result.unread {
        let count = String(row.count)
        let process = row.process.isEmpty ? "(no header)" : row.process
        out +=
          "  " + String(repeating: " ", count: width - count.count) + count + "  " + process + "  " + row.template
          + "\n"
      }
    }
    return out
  }

  private func render(_ app: AppTimeline) -> String {
    var out = "== \(app.name)"
    if let process = app.processName, process != app.name { out += " (\(process))" }
    out += "\n"
    if let anchor = app.anchor {
      switch anchor.kind {
      case .enteredBackground:
        out +=
          "Offsets are seconds since the app entered the background at \(time(anchor.timestamp)) "
          + "(line \(anchor.line)).\n"
      case .firstEvent:
        out +=
          "No entered-background record: offsets are seconds since the first event "
          + "(\(time(anchor.timestamp)), line \(anchor.line)).\n"
      }
    }
    out +=
      "\n"
      + table(
        header: ["TIME", "+SEC", "LANE", "EVENT", "DETAIL"],
        rows: app.events.map { event in
          [
            time(event.timestamp), app.offset(of: event).map { offset($0) } ?? "", event.lane,
            event.kind.rawValue,
            (event.pid.map { "pid \($0) · " } ?? "") + event.detail,
          ]
        }, rightAligned: [1])
    if chart { out += "\n" + TimelineChartRenderer().render(app) }
    if !app.processes.isEmpty {
      out += "\nProcesses\n"
      for process in app.processes {
        out += "  pid \(process.pid)  \(time(process.start)) → \(time(process.end))"
        if let duration = process.durationSeconds { out += " (\(seconds(duration)))" }
        if let started = process.startedBy { out += "  started: \(started.rawValue)" }
        out +=
          "  ended: "
          + (process.endedBy.map { "\($0.rawValue) (\(process.endDetail ?? ""))" } ?? "not seen")
        out += "\n"
      }
    }
    if !app.wakeups.isEmpty {
      out += "\nWakeups\n"
      for (index, wakeup) in app.wakeups.enumerated() {
        out += "  #\(index + 1) \(time(wakeup.timestamp))"
        if let value = wakeup.offsetSeconds { out += " " + offset(value) }
        out += "  \(wakeup.kind.rawValue)"
        if let gap = wakeup.gapSeconds { out += "  gap \(seconds(gap))" }
        for marker in wakeup.markerCounts { out += "  \(marker.name) ×\(marker.count)" }
        if wakeup.transfersStarted > 0 { out += "  transfers ×\(wakeup.transfersStarted)" }
        out += "  (line \(wakeup.line))\n"
      }
    }
    let summary = app.summary
    out += "\nSummary\n"
    out += "  span: " + (summary.spanSeconds.map { seconds($0) } ?? "unknown")
    out += " · wakeups: \(summary.wakeups)"
    out +=
      " · nsurlsessiond connection time: "
      + (summary.transferSeconds.map { seconds($0) } ?? "none seen")
    if let gap = summary.longestGapSeconds, let line = summary.longestGapEndLine {
      out += " · longest gap: \(seconds(gap)) (ending line \(line))"
    }
    out += "\n"
    out += "\nFindings\n"
    if app.findings.isEmpty { out += "  none\n" }
    for (index, finding) in app.findings.enumerated() {
      out +=
        "  \(index + 1). [\(finding.confidence.rawValue)] \(finding.kind.rawValue): \(finding.summary)\n"
      if let advice = finding.advice { out += "     advice: \(advice)\n" }
      for evidence in finding.evidence {
        out += "     line \(evidence.line): \(evidence.text)\n"
      }
    }
    return out
  }

  private func table(header: [String], rows: [[String]], rightAligned: Set<Int>) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0[column].count }.max() ?? 0
    }
    return all.map { row in
      row.enumerated().map { column, cell in
        if column == row.count - 1 { return cell }
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }.joined(separator: "\n") + "\n"
  }

  private func time(_ timestamp: LogTimestamp?) -> String {
    guard let timestamp else { return "--:--:--" }
    let text = timestamp.timeOfDayText
    return String(text.prefix(12))
  }

  private func offset(_ value: Double) -> String {
    (value < 0 ? "-" : "+") + String(Int(saturating: abs(value).rounded()))
  }

  private func seconds(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? "\(Int(saturating: rounded)) s" : "\(rounded) s"
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
