import BglogKit

/// Renders a `TimelineResult` as text for a terminal: per app, the event table, processes,
/// wakeups, a summary and the findings with their evidence lines.
///
/// With a ``width`` (a terminal, or `--width`), the text is fitted to it: prose is wrapped, the table
/// keeps its columns and cuts long details with `…`, as do evidence, process and wakeup lines (the
/// full text is in the JSON). Without one (a pipe), lines are written whole.
public struct TimelineTextRenderer: Sendable {
  /// Whether to draw each app's lanes after its event table (`--chart`).
  public var chart: Bool
  /// The styling to use (colour on a terminal).
  public var style: TerminalStyle
  /// The columns to fit the text to; `nil`: lines are written whole.
  public var width: Int?
  /// The most threads to render apps on at once (`--jobs`); `nil`: every core.
  public var jobs: Int?

  /// Creates a renderer.
  public init(
    chart: Bool = false, style: TerminalStyle = TerminalStyle(enabled: false), width: Int? = nil, jobs: Int? = nil
  ) {
    self.chart = chart
    self.style = style
    self.width = width
    self.jobs = jobs
  }

  /// The first line: how the lines were read. Without a layout, lines without a header are kept as they
  /// are, as messages alone; some records may still have a time or a process (an Xcode line without its
  /// time, a launchd.log line), which is what makes the text a console log rather than prose.
  static func summary(_ result: TimelineResult) -> String {
    let stats = result.statistics
    let records =
      result.layout == nil
      ? "\(CheckWording.plural(stats.entries, "record")) (lines without a header kept as messages alone)"
      : CheckWording.plural(stats.entries, "record")
    return "Read \(CheckWording.plural(stats.lines, "line")) as \(result.layout?.rawValue ?? "no known layout"): "
      + "\(records), \(CheckWording.plural(stats.continuationLines, "continuation line")), "
      + "\(stats.unknownLines) unknown, "
      + "\(CheckWording.plural(stats.duplicates + stats.nearDuplicates, "duplicate")) removed."
  }

  /// The whole report.
  public func render(_ result: TimelineResult) -> String {
    // Log text is printed as written, so control characters are neutralised first (and the escape
    // codes of `style` added after). Each app's part is its own: they are made side by side (after a
    // large log, writing thousands of rows is most of the time left once the last line is read).
    let apps = ParallelWork.map(result.apps, jobs: jobs) { app in render(TerminalText.printable(app)) }
    var out = ""
    out += prose(TimelineTextRenderer.summary(result))
    if result.droppedEvents > 0 {
      out += prose(TimelineTextRenderer.droppedNote(result.droppedEvents))
    }
    if result.apps.isEmpty {
      out += "\nNo app background activity recognised.\n"
    }
    for app in apps {
      out += "\n" + app
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

  /// What every timeline format says when events were left out.
  static func droppedNote(_ dropped: Int) -> String {
    "Read in part: left out \(dropped) recognised events to bound memory (at most "
      + "\(TimelineBuilder.maximumEvents) events, shared fairly between at most \(TimelineBuilder.maximumApps) apps), "
      + "so findings may be missing; name one app with --app to keep all of its events."
  }

  /// `text` and a newline, wrapped at ``width`` when there is one.
  private func prose(_ text: String, indent: String = "", continuation: String? = nil) -> String {
    guard let width else { return indent + text + "\n" }
    return TextWrapping.wrap(text, indent: indent, continuation: continuation, width: width)
  }

  /// One line (without its newline), cut to ``width`` when there is one.
  private func fitted(_ line: String) -> String {
    guard let width else { return line }
    return TextWrapping.elide(line, toColumns: width)
  }

  private func render(_ app: AppTimeline) -> String {
    var heading = "== \(app.name)"
    if let process = app.processName, process != app.name { heading += " (\(process))" }
    var out = style.bold(fitted(heading)) + "\n"
    if let anchor = app.anchor {
      switch anchor.kind {
      case .enteredBackground:
        out += prose(
          "Offsets are seconds since the app entered the background at \(time(anchor.timestamp)) "
            + "(line \(anchor.line)).")
      case .firstEvent:
        out += prose(
          "No entered-background record: offsets are seconds since the first event "
            + "(\(time(anchor.timestamp)), line \(anchor.line)).")
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
        }, rightAligned: [1],
        styleOfRow: { index in eventStyle(app.events[index].kind) })
    if chart { out += "\n" + TimelineChartRenderer().render(app) }
    if !app.processes.isEmpty {
      out += "\n" + style.bold("Processes") + "\n"
      for process in app.processes {
        var line = "  pid \(process.pid)  \(time(process.start)) → \(time(process.end))"
        if let duration = process.durationSeconds { line += " (\(seconds(duration)))" }
        if let started = process.startedBy { line += "  started: \(started.rawValue)" }
        line +=
          "  ended: "
          + (process.endedBy.map { "\($0.rawValue) (\(process.endDetail ?? ""))" } ?? "not seen")
        out += fitted(line) + "\n"
      }
    }
    if !app.wakeups.isEmpty {
      out += "\n" + style.bold("Wakeups") + "\n"
      for (index, wakeup) in app.wakeups.enumerated() {
        var line = "  #\(index + 1) \(time(wakeup.timestamp))"
        if let value = wakeup.offsetSeconds { line += " " + offset(value) }
        line += "  \(wakeup.kind.rawValue)"
        if let gap = wakeup.gapSeconds { line += "  gap \(seconds(gap))" }
        for marker in wakeup.markerCounts { line += "  \(marker.name) ×\(marker.count)" }
        if wakeup.transfersStarted > 0 { line += "  transfers ×\(wakeup.transfersStarted)" }
        line += "  (line \(wakeup.line))"
        out += fitted(line) + "\n"
      }
    }
    let summary = app.summary
    out += "\n" + style.bold("Summary") + "\n"
    var parts = ["span: " + (summary.spanSeconds.map { seconds($0) } ?? "unknown")]
    parts.append("wakeups: \(summary.wakeups)")
    parts.append(
      "nsurlsessiond connection time: " + (summary.transferSeconds.map { seconds($0) } ?? Self.noTransferTime(app)))
    if let gap = summary.longestGapSeconds, let line = summary.longestGapEndLine {
      parts.append("longest gap: \(seconds(gap)) (ending line \(line))")
    }
    out += TextWrapping.pack(parts, separator: " · ", indent: "  ", continuation: "  ", width: width ?? .max)
    out += "\n" + style.bold("Findings") + "\n"
    if app.findings.isEmpty { out += "  none\n" }
    for (index, finding) in app.findings.enumerated() {
      let number = "  \(index + 1). "
      // The label is wrapped as one word (a U+0001 for its space: the text was cleaned of control
      // characters) and styled after wrapping, so escape codes do not count as columns.
      let label = "[\(finding.confidence.rawValue)]\u{1}\(finding.kind.rawValue):"
      let styledLabel = confidenceLabel(finding.confidence) + " " + findingLabel(finding.kind)
      let continuation = String(repeating: " ", count: number.count)
      let text = prose(label + " " + finding.summary, indent: number, continuation: continuation)
      out += number + styledLabel + text.dropFirst(number.count + label.count)
      if let advice = finding.advice {
        out += prose(advice, indent: "     advice: ", continuation: "             ")
      }
      for evidence in finding.evidence {
        let location = "line \(evidence.line):"
        let line = fitted("     \(location) \(evidence.text)")
        out += "     " + style.cyan(location) + line.dropFirst(5 + location.count) + "\n"
      }
    }
    return out
  }

  private func plural(_ count: Int, _ word: String) -> String { CheckWording.plural(count, word) }

  /// Connection time is measured from a connection's start to its end; when none ended in the log,
  /// say how many started instead of "none seen" (issue 16 item 8).
  static func noTransferTime(_ app: AppTimeline) -> String {
    let started = app.events.filter { $0.kind == .transferStarted }.count
    return started == 0
      ? "none seen" : "unknown (\(CheckWording.plural(started, "connection")) started, none seen to end)"
  }

  /// The colour of an event's kind: state changes, kills and warnings stand out.
  private func eventStyle(_ kind: TimelineEvent.Kind) -> (String) -> String {
    switch kind {
    case .killed, .crashed, .exited: return { style.red($0) }
    case .expiryWarning, .completionHandlerWarning, .transferCancelled: return { style.yellow($0) }
    case .enteredBackground, .suspended, .resumed, .relaunchedInBackground, .launched: return { style.cyan($0) }
    default: return { $0 }
    }
  }

  /// A finding's kind, coloured as `diagnose` colours a diagnosis: what killed or will kill the app
  /// red, the rest yellow.
  private func findingLabel(_ kind: TimelineFinding.Kind) -> String {
    let text = kind.rawValue + ":"
    switch kind {
    case .leakedBackgroundTask, .completionHandlerNotCalled, .jetsamInBackground, .jetsam, .memoryLimitKill,
      .suspensionOverrun, .cpuLimit, .fetchCompletionNotCalled, .bgTaskRegistrationCrash, .watchdogHang,
      .sigpipe, .diskSpaceReclaim:
      return style.bold(style.red(text))
    case .rateLimiter, .stoppedWaking, .transferCancelledImmediately, .forceQuit, .bgTaskRequestNotScheduled,
      .urlTaskNotCompleted:
      return style.bold(style.yellow(text))
    }
  }

  private func confidenceLabel(_ confidence: TimelineFinding.Confidence) -> String {
    let text = "[\(confidence.rawValue)]"
    switch confidence {
    case .high: return style.green(text)
    case .medium: return style.yellow(text)
    case .low: return style.red(text)
    }
  }

  /// The event table: columns as wide as their widest cell, the last (the detail) cut to fit
  /// ``width`` (but never below ``minimumDetail`` columns). `styleOfRow` colours a row's EVENT cell.
  private func table(
    header: [String], rows: [[String]], rightAligned: Set<Int>, styleOfRow: (Int) -> (String) -> String
  ) -> String {
    var all = [header] + rows
    // The last column (the detail) is not padded: its width is not needed (counting the characters of
    // every detail with a `·` in it was a tenth of the table).
    var widths = header.indices.map { column in
      column == header.count - 1 ? 0 : all.map { TextWrapping.columns($0[column]) }.max() ?? 0
    }
    // On a narrow terminal the lane (a process name) gives up columns first, down to
    // `minimumLane`, so the detail keeps at least `minimumDetail`.
    if let width, let lane = header.firstIndex(of: "LANE") {
      let others = widths.indices.dropLast().filter { $0 != lane }.reduce(0) { $0 + widths[$1] + 2 } + 2
      let room = max(Self.minimumLane, width - others - Self.minimumDetail)
      if widths[lane] > room {
        widths[lane] = room
        for index in all.indices { all[index][lane] = TextWrapping.elide(all[index][lane], toColumns: room) }
      }
    }
    let detailWidth = width.map { width in
      max(Self.minimumDetail, width - widths.dropLast().reduce(0) { $0 + $1 + 2 })
    }
    // One string for the table, each row written into it (a row's cells joined by two spaces, trailing
    // spaces dropped): the arrays of cells joined row by row cost more than the cells.
    var table = ""
    let padded = widths.reduce(0) { $0 + $1 + 2 }
    table.reserveCapacity(all.count * (padded + 64))
    for (index, row) in all.enumerated() {
      let cellStyle = index == 0 ? { style.bold($0) } : styleOfRow(index - 1)
      var line = ""
      line.reserveCapacity(padded + 64)
      for (column, cell) in row.enumerated() {
        if column > 0 { line += "  " }
        if column == row.count - 1 {
          let text = detailWidth.map { TextWrapping.elide(cell, toColumns: $0) } ?? cell
          line += index == 0 ? cellStyle(text) : text
          continue
        }
        let padding = String(repeating: " ", count: widths[column] - TextWrapping.columns(cell))
        let styled = column == 3 || index == 0 ? cellStyle(cell) : cell
        line += rightAligned.contains(column) ? padding + styled : styled + padding
      }
      table += line.trimmingTrailingSpaces()
      table += "\n"
    }
    return table
  }

  /// The fewest columns the detail is cut to, however narrow the width.
  static let minimumDetail = 16
  /// The fewest columns the lane is cut to.
  static let minimumLane = 8

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
    // On the bytes: a trailing space is its own character (a combining mark after it would end the
    // text with another byte).
    let spaces = utf8.reversed().prefix(while: { $0 == 0x20 }).count
    return spaces == 0 ? self : String(decoding: utf8.dropLast(spaces), as: UTF8.self)
  }
}
