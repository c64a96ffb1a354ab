import BglogKit

/// Draws an app's lanes: findings brackets, app state, background tasks and assertions,
/// nsurlsessiond, wakeups, warnings and kills, markers. `draw(top:)` returns the markup and sets
/// `height`.
struct PictureLanes {
  let app: AppTimeline
  let timed: [TimelinePicturePanel.Timed]
  let scale: PictureTimeScale
  let plotX0: Double
  let plotX1: Double
  private(set) var height = 0.0

  init(app: AppTimeline, timed: [TimelinePicturePanel.Timed], scale: PictureTimeScale, plotX0: Double, plotX1: Double) {
    self.app = app
    self.timed = timed
    self.scale = scale
    self.plotX0 = plotX0
    self.plotX1 = plotX1
  }

  private typealias M = PictureMarkup

  /// A lane's drawing, before it is placed.
  private struct Lane {
    var name: String
    var note: String
    var height: Double
    var rowNames: [String] = []
    var rowHeight = 0.0
    var draw: (Double) -> String
  }

  mutating func draw(top: Double) -> String {
    var lanes: [Lane] = []
    if let findings = findingsLane() { lanes.append(findings) }
    lanes.append(stateLane())
    lanes.append(assertionLane())
    lanes.append(transferLane())
    lanes.append(wakeupLane())
    lanes.append(warningLane())
    if let markers = markerLane() { lanes.append(markers) }
    let total = lanes.reduce(0) { $0 + $1.height }
    height = total
    var background = ""
    var foreground = ""
    var y = top
    for (index, lane) in lanes.enumerated() {
      if index % 2 == 0 { background += M.rect(plotX0 - 170, y, plotX1 - plotX0 + 178, lane.height, "lane-band") }
      foreground += M.text(TimelinePicturePanel.labelX, y + 16, lane.name, "ink lane-name")
      if !lane.note.isEmpty { foreground += M.text(TimelinePicturePanel.labelX, y + 30, lane.note, "dim small") }
      for (row, name) in lane.rowNames.enumerated() {
        foreground += M.text(TimelinePicturePanel.labelX + 8, y + lane.rowHeight * Double(row) + 34, name, "dim small")
      }
      foreground += lane.draw(y)
      y += lane.height
    }
    return background + guides(top: top, bottom: top + total) + foreground
  }

  private func x(_ time: Double) -> Double { scale.x(time) }

  /// A label's start: inside the segment of `time` when it fits, inside the picture always.
  private func labelStart(_ x: Double, width: Double, time: Double) -> Double {
    scale.labelStart(x, width: width, time: time, limit: (plotX0 - 10)...(plotX1 + 24))
  }

  private func tooltip(_ event: TimelineEvent, _ time: Double) -> String {
    let clock = event.timestamp.map { PictureText.clock($0.secondsOfDay) + " " } ?? ""
    return "line \(event.line) · \(clock)(\(PictureText.offset(time)) s) · \(event.kind.rawValue)\n\(event.text)"
  }

  /// Dashed lines through every lane at kills and crashes, dotted ones at wakeups, and the
  /// entered-background moment, so they read at a glance.
  private func guides(top: Double, bottom: Double) -> String {
    var out = ""
    let wakeupLines = Set(app.wakeups.map(\.line))
    for (event, time) in timed {
      if wakeupLines.contains(event.line) { out += M.line(x(time), top, x(time), bottom, "wake-line") }
      if event.kind == .killed || event.kind == .crashed { out += M.line(x(time), top, x(time), bottom, "kill-line") }
      if event.kind == .enteredBackground, event.line == app.anchor?.line {
        out += M.line(x(time), top, x(time), bottom, "anchor-line")
      }
    }
    return out
  }

  // MARK: - Findings

  /// Numbered brackets spanning each finding's evidence.
  private func findingsLane() -> Lane? {
    let times = Dictionary(timed.map { ($0.event.line, $0.time) }, uniquingKeysWith: { first, _ in first })
    var spans: [(index: Int, lines: [Int], x0: Double, x1: Double)] = []
    for (index, finding) in app.findings.enumerated() {
      let xs = finding.evidence.compactMap { times[$0.line] }.map { x($0) }
      guard let low = xs.min(), let high = xs.max() else { continue }
      spans.append((index, finding.evidence.map(\.line), low, high))
    }
    guard !spans.isEmpty else { return nil }
    var rows = PictureLabelRows(count: 4, spacing: 4)
    var placed: [(Int, [Int], Double, Double, Int)] = []
    for span in spans {
      let row = rows.place(span.x0 - 9, span.x1 + 2) ?? 3
      placed.append((span.index, span.lines, span.x0, span.x1, row))
    }
    let rowCount = max(1, rows.usedRows)
    let findings = app.findings
    return Lane(name: "findings", note: "evidence spans", height: max(40, Double(rowCount) * 20 + 8)) { top in
      var out = ""
      for (index, lines, x0, x1, row) in placed {
        let y = top + 12 + Double(row) * 20
        var body = ""
        if x1 > x0 + 1 { body += M.polyline([(x0, y + 6), (x0, y), (x1, y), (x1, y + 6)], "bracket") }
        body += M.circle(x0, y, 8, "badge") + M.text(x0, y + 3.5, "\(index + 1)", "badge-text", anchor: "middle")
        let finding = findings[index]
        out +=
          "<g class=\"fnd\" data-finding=\"\(index + 1)\" data-line=\"\(lines.map(String.init).joined(separator: " "))\">"
          + "<title>\(PictureText.escape("finding \(index + 1): \(finding.kind.rawValue) (\(finding.confidence.rawValue))\n\(finding.summary)"))</title>"
          + body + "</g>"
      }
      return out
    }
  }

  // MARK: - State

  private enum RunState {
    case foreground, background, suspended, notRunning

    var label: String {
      switch self {
      case .foreground: "foreground"
      case .background: "background"
      case .suspended: "suspended"
      case .notRunning: "not running"
      }
    }
  }

  private func stateLane() -> Lane {
    var changes: [(time: Double, state: RunState, event: TimelineEvent)] = []
    for (event, time) in timed {
      let state: RunState?
      switch event.kind {
      case .launched: state = .foreground
      case .enteredBackground, .relaunchedInBackground, .resumed: state = .background
      case .suspended: state = .suspended
      case .killed, .crashed, .exited: state = .notRunning
      default: state = nil
      }
      if let state { changes.append((time, state, event)) }
    }
    let end = timed.map(\.time).max() ?? 0
    return Lane(name: "app state", note: "unknown until first seen", height: 40) { top in
      var bars = ""
      var edges = ""
      for (index, change) in changes.enumerated() {
        let from = x(change.time)
        let to = index + 1 < changes.count ? x(changes[index + 1].time) : x(end)
        let barWidth = max(to - from, change.state == .notRunning ? 0 : 2)
        switch change.state {
        case .foreground: bars += M.rect(from, top + 8, barWidth, 22, "st-fg")
        case .background: bars += M.rect(from, top + 8, barWidth, 22, "st-bg")
        case .suspended: bars += M.rect(from, top + 13, barWidth, 12, "st-sus")
        case .notRunning: bars += M.line(from, top + 19, to, top + 19, "st-off")
        }
        let label = change.state.label
        // The label goes on the first stretch of the bar that is not inside a break.
        let labelWidth = PictureText.width(label, size: 10) + 8
        let stretch = scale.segments.lazy.map { (max(from, $0.x0), min(to, $0.x1)) }.first { $0.1 - $0.0 >= labelWidth }
        if let (start, _) = stretch, change.state != .notRunning || to - from > labelWidth {
          switch change.state {
          case .foreground, .background: bars += M.text(start + 4, top + 22.5, label, "on-dark")
          case .suspended, .notRunning: bars += M.text(start + 4, top + 10.5, label, "dim small halo")
          }
        }
        edges += M.event(
          lines: [change.event.line], title: tooltip(change.event, change.time),
          M.rect(from - 2, top + 4, 4, 30, "paper") + M.line(from, top + 4, from, top + 34, "st-edge"))
      }
      return bars + edges
    }
  }

  // MARK: - Assertions and background tasks

  private struct Bar {
    var start: Double
    var end: Double
    var declared: Double?
    var open: Bool
    var endedByKill: Bool
    var pid: Int?
    var lines: [Int]
    var title: String
    var label: String
    /// A shorter label for tight spots: the declared duration.
    var shortLabel: String?
    /// Whether the label ends at the bar instead of starting there (assertions only seen at a crash).
    var labelBefore = false
  }

  private func bars() -> [Bar] {
    var bars: [Bar] = []
    for (index, (event, time)) in timed.enumerated() {
      let later = timed[(index + 1)...]
      let isEnd: (TimelineEvent) -> Bool
      var label: String
      switch event.kind {
      case .assertionAcquired:
        let quoted = event.assertion?.name ?? ""
        isEnd = { other in
          guard other.pid == event.pid else { return false }
          if other.kind == .assertionInvalidated { return quoted.isEmpty || other.detail.contains("\"\(quoted)\"") }
          return [.killed, .crashed, .exited].contains(other.kind)
        }
        label = event.assertion?.reason ?? event.assertion?.name ?? "assertion"
        if let declared = event.assertion?.durationSeconds { label += " · \(PictureText.number(declared)) s" }
      case .backgroundTaskStarted:
        let words = event.detail.split(separator: " ")
        let id = words.count > 2 ? String(words[2]) : ""
        isEnd = { other in
          guard other.pid == event.pid || other.pid == nil || event.pid == nil else { return false }
          if other.kind == .backgroundTaskEnded { return id.isEmpty || other.detail.contains("task \(id) ") }
          return [.killed, .crashed, .exited].contains(other.kind) && other.pid == event.pid
        }
        label = PictureText.shortened(event.detail, to: 48)
      default:
        continue
      }
      let end = later.first { isEnd($0.event) }
      let endTime = end?.time ?? scale.segmentEnd(after: time)
      var title = tooltip(event, time)
      if let end { title += "\n\n" + tooltip(end.event, end.time) } else { title += "\n\n(no end seen)" }
      if let declared = event.assertion?.durationSeconds {
        let held = endTime - time
        title +=
          "\ndeclared \(PictureText.number(declared)) s, held \(end == nil ? "at least " : "")\(PictureText.number(held)) s"
        if held > declared { title += " (\(PictureText.number(held - declared)) s past)" }
      }
      bars.append(
        Bar(
          start: time, end: endTime, declared: event.assertion?.durationSeconds, open: end == nil,
          endedByKill: end.map { [.killed, .crashed].contains($0.event.kind) } ?? false, pid: event.pid,
          lines: [event.line] + (end.map { [$0.event.line] } ?? []), title: title, label: label,
          shortLabel: event.assertion?.durationSeconds.map { "\(PictureText.number($0)) s" }))
    }
    // A forced crash report names the assertions still held; when the log never showed them being
    // acquired, mark them at the crash so the lane is not silently empty.
    for (event, time) in timed where event.kind == .crashed && !event.namedAssertions.isEmpty {
      guard !bars.contains(where: { $0.pid == event.pid && $0.start <= time && $0.end >= time }) else { continue }
      let names = event.namedAssertions.map { assertion in
        (assertion.reason ?? assertion.name ?? "assertion")
          + (assertion.durationSeconds.map { " · \(PictureText.number($0)) s" } ?? "")
      }
      bars.append(
        Bar(
          start: time, end: time, declared: nil, open: false, endedByKill: true, pid: event.pid, lines: [event.line],
          title: tooltip(event, time), label: "held at crash: " + names.joined(separator: ", "),
          shortLabel: "held at crash", labelBefore: true))
    }
    return bars
  }

  private func assertionLane() -> Lane {
    let bars = bars()
    let rowHeight = 30.0
    var rows = PictureLabelRows(count: 4, spacing: 4)
    var placed: [(bar: Bar, row: Int, labelled: Bool)] = []
    for bar in bars {
      let x0 = x(bar.start)
      let x1 = max(x(bar.end), bar.declared.map { x(bar.start + $0) } ?? 0, x0 + 2)
      var bar = bar
      let segmentEnd = scale.labelLimit(at: bar.start)
      if !bar.labelBefore, x0 + PictureText.width(bar.label, size: 11) > segmentEnd, let short = bar.shortLabel,
        x0 + PictureText.width(short, size: 11) <= segmentEnd
      {
        bar.label = short
      }
      let labelWidth = PictureText.width(bar.label, size: 11)
      let labelX = labelStart(bar.labelBefore ? x0 - labelWidth - 4 : x0, width: labelWidth, time: bar.start)
      if let row = rows.place(min(x0, labelX), max(x1, labelX + labelWidth)) {
        placed.append((bar, row, true))
      } else {
        placed.append((bar, rows.place(x0, x1) ?? 3, false))
      }
    }
    let rowCount = max(1, rows.usedRows)
    let changes = timed.filter { $0.event.kind == .assertionChanged }
    return Lane(
      name: "background time", note: "tasks and assertions", height: max(44, Double(rowCount) * rowHeight + 14)
    ) {
      top in
      var out = ""
      for (bar, row, labelled) in placed {
        let y = top + 8 + Double(row) * rowHeight
        let x0 = x(bar.start)
        let heldEnd = max(x(bar.end), x0 + 2)
        var body = ""
        if labelled {
          let labelWidth = PictureText.width(bar.label, size: 11)
          let labelX = labelStart(bar.labelBefore ? x0 - labelWidth - 4 : x0, width: labelWidth, time: bar.start)
          body += M.text(labelX, y + 9, bar.label, "ink small halo")
        }
        let open = bar.open ? " open" : ""
        if let declared = bar.declared {
          let declaredEnd = x(bar.start + declared)
          body += M.rect(x0, y + 13, min(heldEnd, declaredEnd) - x0, 13, "held" + open)
          if heldEnd > declaredEnd { body += M.rect(declaredEnd, y + 13, heldEnd - declaredEnd, 13, "over" + open) }
          body += M.rect(x0, y + 13, max(2, declaredEnd - x0), 13, "declared")
        } else {
          body += M.rect(x0, y + 13, heldEnd - x0, 13, "held" + open)
        }
        if bar.endedByKill { body += M.killSymbol(heldEnd, y + 19.5, size: 5) }
        out += M.event(lines: bar.lines, title: bar.title, body)
      }
      for (event, time) in changes {
        let row = placed.last { $0.bar.start <= time && ($0.bar.pid == event.pid) }?.row ?? 0
        out += M.event(
          lines: [event.line], title: tooltip(event, time),
          M.changeSymbol(x(time), top + 8 + Double(row) * rowHeight + 19.5))
      }
      return out
    }
  }

  // MARK: - nsurlsessiond

  private func transferLane() -> Lane {
    Lane(name: "nsurlsessiond", note: "connections", height: 40) { top in
      var out = ""
      let y = top + 20
      var open: [String: (Double, TimelineEvent)] = [:]
      var order: [String] = []
      for (event, time) in timed {
        let connection = String(event.detail.prefix { $0 != " " })
        switch event.kind {
        case .transferStarted:
          open[connection] = (time, event)
          order.append(connection)
        case .transferCancelled:
          var body = ""
          var lines = [event.line]
          var title = tooltip(event, time)
          if let (start, startEvent) = open.removeValue(forKey: connection) {
            body += M.rect(x(start), y - 5, x(time) - x(start), 10, "net")
            body += M.transferStartSymbol(x(start), y)
            lines.insert(startEvent.line, at: 0)
            title = tooltip(startEvent, start) + "\n\n" + title
          }
          body += M.transferCancelSymbol(x(time), y)
          out += M.event(lines: lines, title: title, body)
        default:
          break
        }
      }
      for connection in order {
        guard let (start, event) = open[connection] else { continue }
        let end = scale.segmentEnd(after: start)
        let body = M.line(x(start), y, max(x(start) + 10, x(end)), y, "net-open") + M.transferStartSymbol(x(start), y)
        out += M.event(lines: [event.line], title: tooltip(event, start) + "\n\n(no cancel seen)", body)
      }
      return out
    }
  }

  // MARK: - Wakeups

  private func wakeupLane() -> Lane {
    let wakeups = Dictionary(app.wakeups.enumerated().map { ($1.line, ($0, $1)) }, uniquingKeysWith: { a, _ in a })
    return Lane(name: "wakeups", note: "requests, relaunches", height: 56) { top in
      var shapes = ""
      var labels = ""
      var rows = PictureLabelRows(count: 1, spacing: 6)
      for (event, time) in timed {
        let at = x(time)
        switch event.kind {
        case .wakeRequest:
          shapes += M.event(lines: [event.line], title: tooltip(event, time), M.wakeRequestSymbol(at, top + 9))
        case .relaunchedInBackground, .resumed:
          let relaunch = event.kind == .relaunchedInBackground
          shapes += M.event(
            lines: [event.line], title: tooltip(event, time), M.wakeSymbol(at, top + 24, relaunch: relaunch))
          guard let (index, wakeup) = wakeups[event.line] else { continue }
          var label = "#\(index + 1)"
          if relaunch { label += " relaunch" }
          if let gap = wakeup.gapSeconds { label += " · gap \(PictureText.duration(gap))" }
          let labelWidth = PictureText.width(label, size: 11)
          let start = labelStart(at - labelWidth / 2, width: labelWidth, time: time)
          if rows.place(start, start + labelWidth) != nil {
            labels += M.text(start, top + 48, label, "ink small halo")
          } else if rows.place(at - 8, at + 14) != nil {
            labels += M.text(at, top + 48, "#\(index + 1)", "ink small", anchor: "middle")
          }
        case .launched:
          shapes += M.event(lines: [event.line], title: tooltip(event, time), M.launchSymbol(at, top + 24))
          if rows.place(at - 20, at + 20) != nil {
            labels += M.text(at, top + 48, "launch", "ink small", anchor: "middle")
          }
        default:
          break
        }
      }
      return shapes + labels
    }
  }

  // MARK: - Warnings and kills

  private func warningLane() -> Lane {
    Lane(name: "warnings, kills", note: "timer, expiry, crash", height: 64) { top in
      var shapes = ""
      var labels = ""
      var rows = PictureLabelRows(count: 2, spacing: 8)
      let y = top + 17
      // Kills first: their labels matter most when space runs out.
      let ordered =
        timed.filter { [.killed, .crashed, .exited].contains($0.event.kind) }
        + timed.filter { [.expiryWarning, .completionHandlerWarning, .permissionTimer].contains($0.event.kind) }
      for (event, time) in ordered {
        let at = x(time)
        let shape: String
        let label: String
        let cls: String
        switch event.kind {
        case .killed:
          (shape, label, cls) = (M.killSymbol(at, y), PictureText.shortened(event.detail, to: 40), "kill-text small")
        case .crashed:
          let reason = event.detail.prefix { $0 != ":" }
          (shape, label, cls) = (M.crashSymbol(at, y), PictureText.shortened(String(reason), to: 40), "kill-text small")
        case .exited:
          (shape, label, cls) = (M.exitSymbol(at, y), PictureText.shortened(event.detail, to: 40), "ink small")
        case .expiryWarning:
          (shape, label, cls) = (M.warningSymbol(at, y), "expiry warning", "ink small")
        case .completionHandlerWarning:
          (shape, label, cls) = (M.warningSymbol(at, y, mark: "?"), "handler not called", "ink small")
        default:
          (shape, label, cls) = (M.timerSymbol(at, y), "BG timer", "dim small")
        }
        shapes += M.event(lines: [event.line], title: tooltip(event, time), shape)
        let labelWidth = PictureText.width(label, size: 11)
        let x0 = labelStart(at - labelWidth / 2, width: labelWidth, time: time)
        if let row = rows.place(x0, x0 + labelWidth) {
          labels += M.text(x0, top + 40 + Double(row) * 14, label, cls + " halo")
        }
      }
      return shapes + labels
    }
  }

  // MARK: - Markers

  /// One row per marker name: a tick per match, and the count for each wakeup window (before the
  /// first wakeup, then from each wakeup to the next).
  private func markerLane() -> Lane? {
    let markers = timed.filter { $0.event.kind == .marker }
    guard !markers.isEmpty else { return nil }
    let names = Array(Set(markers.map { $0.event.marker ?? $0.event.detail })).sorted()
    let starts = app.wakeups.compactMap(\.offsetSeconds)
    let rowHeight = 24.0
    return Lane(
      name: "markers", note: "", height: max(44, Double(names.count) * rowHeight + 32),
      rowNames: names.map { PictureText.shortened($0, to: 22) }, rowHeight: rowHeight
    ) { top in
      var out = ""
      for (row, name) in names.enumerated() {
        let y = top + 30 + Double(row) * rowHeight
        var windows: [Int: [(TimelineEvent, Double)]] = [:]
        for (event, time) in markers where (event.marker ?? event.detail) == name {
          windows[starts.filter { $0 <= time }.count, default: []].append((event, time))
        }
        var rows = PictureLabelRows(count: 1, spacing: 4)
        for window in windows.keys.sorted() {
          let items = windows[window]!
          for (event, time) in items {
            out += M.event(
              lines: [event.line], title: tooltip(event, time), M.line(x(time), y - 7, x(time), y + 5, "tick"))
          }
          let last = x(items.map(\.1).max()!)
          let label = "×\(items.count)"
          if rows.place(last + 3, last + 5 + PictureText.width(label, size: 11)) != nil {
            out += M.text(last + 4, y + 4, label, "ink small halo")
          }
        }
      }
      return out
    }
  }
}
