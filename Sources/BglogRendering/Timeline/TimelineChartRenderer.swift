import BglogKit

/// Draws an app's timeline as lanes of characters, one column per fixed number of seconds:
/// process state, assertions (held vs declared), nsurlsessiond connections, wakeups, warnings and
/// kills, marker counts. Silences longer than `gapThreshold` are drawn as a 3-column `≈` so a
/// 20-minute wait does not push the busy minutes off the screen. Output depends on the events only.
public struct TimelineChartRenderer: Sendable {
  /// Columns available for time (lane names excluded).
  public var width: Int
  /// Silences longer than this many seconds are compressed.
  public var gapThreshold: Double

  /// Creates a renderer.
  public init(width: Int = 72, gapThreshold: Double = 300) {
    self.width = width
    self.gapThreshold = gapThreshold
  }

  /// Seconds per column, chosen from round values.
  static let scales: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21_600, 86_400]

  /// A run of events with no silence longer than the threshold inside it.
  struct Segment {
    var start: Double
    var end: Double
    var column = 0
    var columns = 0
  }

  /// The chart, or a one-line note when the events carry no times.
  ///
  /// Its size depends on `width` only, never on the times: at most ``maximumBreaks`` silences are
  /// compressed (the longest), and when no round scale fits the events in the width (a log spread
  /// over years), a column stands for as many whole days as it takes.
  public func render(_ app: AppTimeline) -> String {
    let origin = app.anchor?.clock ?? app.events.first?.clock
    let timed = app.events.compactMap { event in event.clock.map { (event, $0 - (origin ?? $0)) } }
    guard !timed.isEmpty else { return "Chart: the events carry no times.\n" }
    let times = timed.map(\.1).sorted()
    var segments = [Segment(start: times[0], end: times[0])]
    let breaks = Set(breakPositions(times))
    for (position, time) in times.enumerated().dropFirst() {
      if breaks.contains(position) {
        segments.append(Segment(start: time, end: time))
      } else {
        segments[segments.count - 1].end = time
      }
    }
    let active = segments.reduce(0) { $0 + ($1.end - $1.start) }
    let budget = max(10, width - 3 * (segments.count - 1) - segments.count)
    let scale = Self.scales.first { active / $0 <= Double(budget) } ?? Self.wideScale(active / Double(budget))
    var column = 0
    for index in segments.indices {
      if index > 0 { column += 3 }
      segments[index].column = column
      segments[index].columns = min(budget, Int(saturating: (segments[index].end - segments[index].start) / scale)) + 1
      column += segments[index].columns
    }
    var chart = Chart(segments: segments, scale: scale, width: column)
    chart.draw(timed, app: app)
    return chart.text(legendGaps: segments)
  }

  /// The most silences compressed: each takes 3 columns and its segment at least one more.
  var maximumBreaks: Int { max(1, width / 8) }

  /// The positions in `times` (sorted) that start a new segment: after the silences longer than
  /// `gapThreshold`, the longest ``maximumBreaks`` of them when there are more (ties: the earliest).
  func breakPositions(_ times: [Double]) -> [Int] {
    let gaps = times.indices.dropFirst().filter { times[$0] - times[$0 - 1] > gapThreshold }
    guard gaps.count > maximumBreaks else { return gaps }
    let longest = gaps.sorted { (times[$1] - times[$1 - 1], $0) < (times[$0] - times[$0 - 1], $1) }
    return Array(longest.prefix(maximumBreaks))
  }

  /// A scale of whole days (1, 2 or 5 times a power of ten) of at least `seconds` per column.
  static func wideScale(_ seconds: Double) -> Double {
    guard seconds.isFinite, seconds < 1e300 else { return .greatestFiniteMagnitude }
    var days = 1.0
    while days * 86_400 < seconds {
      if days * 2 * 86_400 >= seconds {
        days *= 2
      } else if days * 5 * 86_400 >= seconds {
        days *= 5
      } else {
        days *= 10
      }
    }
    return days * 86_400
  }
}

/// The lanes being drawn.
private struct Chart {
  let segments: [TimelineChartRenderer.Segment]
  let scale: Double
  let width: Int
  var lanes: [(name: String, cells: [Character])]

  static let names = ["state", "assertions", "nsurlsessiond", "wakeups", "warn/kill", "markers"]

  init(segments: [TimelineChartRenderer.Segment], scale: Double, width: Int) {
    self.segments = segments
    self.scale = scale
    self.width = width
    var blank = [Character](repeating: " ", count: width)
    for (index, segment) in segments.enumerated() where index > 0 {
      for offset in 0..<3 { blank[segment.column - 3 + offset] = offset == 1 ? "≈" : " " }
    }
    lanes = Self.names.map { ($0, blank) }
  }

  /// The column of an offset.
  /// The column of an offset, inside the segment holding it (times outside every segment are
  /// clamped to the nearest one's columns).
  func column(_ time: Double) -> Int {
    let segment = self.segment(at: time)
    let offset = Int(saturating: (time - segment.start) / scale)
    return segment.column + min(segment.columns - 1, max(0, offset))
  }

  /// The last segment starting at or before `time` (the first when none does), by binary search.
  func segment(at time: Double) -> TimelineChartRenderer.Segment {
    var low = 0
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].start <= time { low = middle + 1 } else { high = middle }
    }
    return segments[max(0, low - 1)]
  }

  /// Whether a column is drawable (not part of a gap marker).
  func isTime(_ column: Int) -> Bool {
    var low = 0
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].column <= column { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return false }
    let segment = segments[low - 1]
    return column < segment.column + segment.columns
  }

  mutating func set(_ lane: Int, _ column: Int, _ character: Character, over weaker: String = "") {
    guard column >= 0, column < width, isTime(column) else { return }
    let current = lanes[lane].cells[column]
    if current == " " || weaker.contains(current) { lanes[lane].cells[column] = character }
  }

  /// Sets the columns `from...to` that are on the chart: the work is bounded by the width.
  mutating func fill(_ lane: Int, from: Int, to: Int, _ character: Character, over weaker: String = "") {
    let from = max(0, from)
    let to = min(width - 1, to)
    guard from <= to else { return }
    for column in from...to { set(lane, column, character, over: weaker) }
  }

  mutating func draw(_ timed: [(TimelineEvent, Double)], app: AppTimeline) {
    drawState(timed)
    drawAssertions(timed)
    var open: [String: Int] = [:]
    var markers = [Int](repeating: 0, count: width)
    let wakeupLines = Set(app.wakeups.map(\.line))
    for (event, time) in timed {
      let at = column(time)
      switch event.kind {
      case .transferStarted:
        open[String(event.detail.prefix { $0 != " " })] = at
        set(2, at, ">", over: "~")
      case .transferCancelled:
        if let start = open.removeValue(forKey: String(event.detail.prefix { $0 != " " })) {
          fill(2, from: start + 1, to: at - 1, "~")
        }
        lanes[2].cells[at] = "<"
      case .wakeRequest: set(3, at, "r")
      case .expiryWarning, .completionHandlerWarning: set(4, at, "w")
      case .killed: set(4, at, "K", over: "wE")
      case .crashed: set(4, at, "C", over: "wE")
      case .exited: set(4, at, "E", over: "w")
      case .marker: markers[at] += 1
      default: break
      }
      if wakeupLines.contains(event.line) { set(3, at, "W", over: "r") }
    }
    for (at, count) in markers.enumerated() where count > 0 {
      set(5, at, count > 9 ? "+" : Character(String(count)))
    }
  }

  /// F foreground, B background running, s suspended, . not running; unknown is blank.
  private mutating func drawState(_ timed: [(TimelineEvent, Double)]) {
    var state: Character?
    var from = 0
    for (event, time) in timed {
      let next: Character?
      switch event.kind {
      case .launched: next = "F"
      case .enteredBackground, .relaunchedInBackground, .resumed: next = "B"
      case .suspended: next = "s"
      case .killed, .crashed, .exited: next = "."
      default: next = nil
      }
      guard let next else { continue }
      let at = column(time)
      if let state { fill(0, from: from, to: max(from, at - 1), state, over: Self.weaker(than: state)) }
      state = next
      from = at
    }
    if let state { fill(0, from: from, to: from, state, over: Self.weaker(than: state)) }
  }

  /// When several states share a column, running wins over suspended over not running, so a
  /// 4-second wakeup stays visible at 30 s per column.
  private static func weaker(than state: Character) -> String {
    switch state {
    case "F", "B": return "s."
    case "s": return "."
    default: return ""
    }
  }

  /// = held within the declared time, ! held past it, - declared but already released.
  private mutating func drawAssertions(_ timed: [(TimelineEvent, Double)]) {
    for (index, (event, time)) in timed.enumerated() where event.kind == .assertionAcquired {
      let quoted = event.detail.hasPrefix("\"") ? String(event.detail.split(separator: "\"").first ?? "") : ""
      let end = timed[(index + 1)...].first { other, _ in
        guard other.pid == event.pid else { return false }
        if other.kind == .assertionInvalidated {
          return quoted.isEmpty || other.detail.contains("\"\(quoted)\"")
        }
        return [.killed, .crashed, .exited].contains(other.kind)
      }
      let held = end.map { $0.1 } ?? segmentEnd(time)
      let start = column(time)
      let heldEnd = column(held)
      if let declared = event.assertion?.durationSeconds {
        let declaredEnd = column(min(time + declared, segmentEnd(time)))
        fill(1, from: start, to: min(heldEnd, declaredEnd), "=", over: "-")
        fill(1, from: declaredEnd + 1, to: heldEnd, "!", over: "=-")
        fill(1, from: heldEnd + 1, to: declaredEnd, "-")
      } else {
        fill(1, from: start, to: heldEnd, "=", over: "-")
      }
    }
  }

  private func segmentEnd(_ time: Double) -> Double {
    segment(at: time).end
  }

  func text(legendGaps segments: [TimelineChartRenderer.Segment]) -> String {
    let label = 15
    var axis = [Character](repeating: " ", count: width + 12)
    var nextFree = 0
    for segment in segments {
      // A label every 20 columns, counted rather than accumulated in seconds (`time += step` does not
      // move where the step is below the times' precision).
      for step in stride(from: 0, to: segment.columns, by: 20) {
        let time = segment.start + Double(step) * scale
        guard time <= segment.end else { break }
        let at = column(time)
        let text = Array(offsetText(time))
        if at >= nextFree {
          for (index, character) in text.enumerated() where at + index < axis.count {
            axis[at + index] = character
          }
          nextFree = at + text.count + 2
        }
      }
    }
    var out = "Chart: 1 column = \(secondsText(scale)); ≈ = silence over 5 min, compressed\n"
    out += (pad("", label) + String(axis)).trimmingTrailing() + "\n"
    for lane in lanes {
      out += (pad(lane.name, label) + String(lane.cells)).trimmingTrailing() + "\n"
    }
    for (previous, segment) in zip(segments, segments.dropFirst()) {
      out +=
        "  ≈ \(offsetText(previous.end)) → \(offsetText(segment.start)): "
        + "\(secondsText(segment.start - previous.end)) without events\n"
    }
    out +=
      "  state: F foreground, B background running, s suspended, . not running\n"
      + "  assertions: = held, ! held past its declared time, - declared but released\n"
      + "  nsurlsessiond: > start, ~ open, < cancel · wakeups: r requested, W wakeup\n"
      + "  warn/kill: w warning, K killed, C crashed, E exited · markers: count per column\n"
    return out
  }

  private func offsetText(_ value: Double) -> String {
    (value < 0 ? "-" : "+") + String(Int(saturating: abs(value).rounded()))
  }

  private func secondsText(_ value: Double) -> String {
    let rounded = Int(saturating: value.rounded())
    return rounded >= 120 && rounded % 60 == 0 ? "\(rounded / 60) min" : "\(rounded) s"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}

extension String {
  fileprivate func trimmingTrailing() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
