import BglogKit

/// One app's picture: title, time axis (wall clock and seconds since the anchor), the lanes, and
/// optionally the findings. Coordinates are px from the panel's top-left corner.
struct TimelinePicturePanel {
  let app: AppTimeline
  let width: Double
  let prefix: String
  let includesFindings: Bool

  static let labelX = 20.0
  static let plotX0 = 190.0
  var plotX1: Double { width - 28 }

  /// A timed event: seconds since the anchor.
  typealias Timed = (event: TimelineEvent, time: Double)

  /// The panel's markup and height.
  func render() -> (markup: String, height: Double) {
    var out = PictureMarkup.text(Self.labelX, 26, title, "ink h1")
    out += PictureMarkup.text(Self.labelX, 46, subtitle, "dim")
    let origin = app.anchor?.clock ?? app.events.lazy.compactMap(\.clock).first
    let timed: [Timed] = app.events.compactMap { event in
      guard let clock = event.clock, let origin else { return nil }
      return (event, clock - origin)
    }
    guard !timed.isEmpty else {
      out += PictureMarkup.text(Self.labelX, 76, "The events carry no times, so there is nothing to draw.", "ink")
      var height = 96.0
      if includesFindings { out += findingsText(y: &height) }
      return (out, height)
    }
    let scale = PictureTimeScale(times: timed.map(\.time), x0: Self.plotX0, x1: plotX1)
    var lanes = PictureLanes(app: app, timed: timed, scale: scale, plotX0: Self.plotX0, plotX1: plotX1)
    let axisTop = 58.0
    let lanesTop = axisTop + 44
    let body = lanes.draw(top: lanesTop)
    var height = lanesTop + lanes.height + 12
    out += axis(scale: scale, top: axisTop, bottom: lanesTop + lanes.height, timed: timed)
    out += body
    if includesFindings { out += findingsText(y: &height) }
    return (out, height)
  }

  private var title: String {
    var text = app.name
    if let process = app.processName, process != app.name { text += " (\(process))" }
    return text
  }

  private var subtitle: String {
    var parts: [String] = []
    if let anchor = app.anchor {
      let time = anchor.timestamp.map { PictureText.clock($0.secondsOfDay) } ?? "an unknown time"
      switch anchor.kind {
      case .enteredBackground:
        parts.append("0 s = entered the background at \(time) (line \(anchor.line))")
      case .firstEvent:
        parts.append("no entered-background record: 0 s = first event at \(time) (line \(anchor.line))")
      }
    }
    let wakeups = app.summary.wakeups
    parts.append("\(wakeups) wakeup\(wakeups == 1 ? "" : "s")")
    if let span = app.summary.spanSeconds { parts.append("span \(PictureText.duration(span))") }
    if let gap = app.summary.longestGapSeconds { parts.append("longest silence \(PictureText.duration(gap))") }
    return parts.joined(separator: " · ")
  }

  /// The wall-clock time of day at `time` seconds after the anchor, when the log has times of day.
  private func clock(at time: Double, timed: [Timed]) -> String? {
    guard let reference = timed.first(where: { $0.event.timestamp != nil }),
      let timestamp = reference.event.timestamp
    else { return nil }
    return PictureText.clock(timestamp.secondsOfDay + (time - reference.time))
  }

  /// Axis labels, grid lines and the compressed-silence breaks, drawn behind the lanes.
  private func axis(scale: PictureTimeScale, top: Double, bottom: Double, timed: [Timed]) -> String {
    var out = ""
    let clockY = top + 14
    let offsetY = top + 30
    let anchored = app.anchor?.kind == .enteredBackground
    out += PictureMarkup.text(Self.labelX, clockY, "wall clock", "dim small")
    out += PictureMarkup.text(
      Self.labelX, offsetY, anchored ? "s since background" : "s since first event", "dim small")
    var labels = PictureLabelRows(count: 1, spacing: 8)
    for gap in scale.breaks {
      let x0 = gap.x0 + 2
      let x1 = gap.x1 - 2
      out += PictureMarkup.rect(x0, top + 2, x1 - x0, bottom - top - 2, "break-band")
      for x in [x0, x1] {
        var points: [(Double, Double)] = []
        var y = top + 2
        var flip = false
        while y < bottom {
          points.append((x + (flip ? 3 : -3), y))
          y += 6
          flip.toggle()
        }
        points.append((x, bottom))
        out += PictureMarkup.polyline(points, "break-edge")
      }
      let middle = (gap.x0 + gap.x1) / 2
      let label = breakText(gap.seconds)
      let boxWidth = max(PictureText.width(label, size: 12), PictureText.width("silence", size: 11)) + 8
      out += PictureMarkup.rect(middle - boxWidth / 2, top + 1, boxWidth, 38, "break-box", rx: 3)
      out += PictureMarkup.text(middle, clockY + 1, label, "break-label", anchor: "middle")
      out += PictureMarkup.text(middle, offsetY + 2, "silence", "dim small", anchor: "middle")
      _ = labels.place(middle - boxWidth / 2, middle + boxWidth / 2)
    }
    out += PictureMarkup.line(Self.plotX0, top + 38, plotX1, top + 38, "axis")
    var ticks = scale.ticks(minimumSpacing: 74)
    // The anchor's tick is labelled first, so it wins over its neighbours.
    if anchored, scale.segments.contains(where: { $0.start <= 0 && $0.end >= 0 }) {
      ticks.removeAll { $0 == 0 }
      ticks.insert(0, at: 0)
    }
    let starts = Set(scale.segments.map(\.start))
    let ends = Set(scale.segments.map(\.end))
    for tick in ticks {
      let x = scale.x(tick)
      let clockText = clock(at: tick, timed: timed)
      let offsetText = PictureText.offset(tick)
      let textWidth = max(PictureText.width(clockText ?? "", size: 11), PictureText.width(offsetText, size: 11))
      // Segment edges are labelled inward, so their labels never reach into a break.
      let anchor =
        starts.contains(tick) && !ends.contains(tick)
        ? "start" : ends.contains(tick) && !starts.contains(tick) ? "end" : "middle"
      let x0 = anchor == "start" ? x - 3 : anchor == "end" ? x - textWidth + 3 : x - textWidth / 2
      out += PictureMarkup.line(x, top + 34, x, top + 38, "axis")
      out += PictureMarkup.line(x, top + 40, x, bottom, "grid")
      guard labels.place(x0, x0 + textWidth) != nil else { continue }
      let textX = anchor == "start" ? x - 3 : anchor == "end" ? x + 3 : x
      if let clockText { out += PictureMarkup.text(textX, clockY, clockText, "ink small", anchor: anchor) }
      out += PictureMarkup.text(textX, offsetY, offsetText, "dim small", anchor: anchor)
    }
    return out
  }

  private func breakText(_ seconds: Double) -> String {
    let whole = Int(saturating: seconds.rounded())
    return whole < 600 ? "≈ \(whole) s" : "≈ \(Int(saturating: (seconds / 60).rounded())) min"
  }

  /// The findings, as wrapped text under the lanes.
  private func findingsText(y: inout Double) -> String {
    var out = ""
    y += 8
    out += PictureMarkup.text(Self.labelX, y + 14, "Findings", "ink h2")
    y += 24
    if app.findings.isEmpty {
      out += PictureMarkup.text(Self.labelX, y + 14, "None.", "dim")
      y += 24
      return out
    }
    let textX = Self.labelX + 26
    let maxWidth = width - textX - 20
    for (index, finding) in app.findings.enumerated() {
      out += PictureMarkup.circle(Self.labelX + 9, y + 10, 9, "badge")
      out += PictureMarkup.text(Self.labelX + 9, y + 14, "\(index + 1)", "badge-text", anchor: "middle")
      out += PictureMarkup.text(textX, y + 14, "\(finding.kind.rawValue) — \(finding.confidence.rawValue)", "ink h2")
      y += 20
      for line in PictureText.wrap(finding.summary, maxWidth: maxWidth, size: 12) {
        out += PictureMarkup.text(textX, y + 13, line, "ink")
        y += 17
      }
      if let advice = finding.advice {
        for line in PictureText.wrap("Advice: " + advice, maxWidth: maxWidth, size: 12) {
          out += PictureMarkup.text(textX, y + 13, line, "dim")
          y += 17
        }
      }
      let lines = finding.evidence.map { String($0.line) }.joined(separator: ", ")
      for line in PictureText.wrap(
        "Evidence: line\(finding.evidence.count == 1 ? "" : "s") \(lines)", maxWidth: maxWidth, size: 11)
      {
        out += PictureMarkup.text(textX, y + 13, line, "dim small")
        y += 16
      }
      y += 8
    }
    return out
  }
}
