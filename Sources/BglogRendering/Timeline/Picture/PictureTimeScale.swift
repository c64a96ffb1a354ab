/// Maps seconds since the anchor to x positions, compressing long silences into fixed-width
/// breaks so that a few busy seconds every five minutes stay readable across 20 minutes.
struct PictureTimeScale {
  /// A run of events with no silence longer than the threshold inside it, and where it is drawn.
  struct Segment {
    var start: Double
    var end: Double
    var x0 = 0.0
    var x1 = 0.0

    /// Pixels per second inside the segment (0 for an instant).
    func pixelsPerSecond(padding: Double) -> Double {
      end > start ? (x1 - x0 - 2 * padding) / (end - start) : 0
    }
  }

  /// A compressed silence: from the end of one segment to the start of the next.
  struct Break {
    var from: Double
    var to: Double
    var x0: Double
    var x1: Double
    var seconds: Double { to - from }
  }

  private(set) var segments: [Segment]
  /// Blank pixels kept at both ends of each segment, so marks at its edges are not cut.
  let padding: Double
  /// Width of a break.
  let breakWidth: Double

  /// Silences longer than this are compressed: at least a minute, and at least a tenth of the
  /// whole span, so a short log is drawn to scale.
  static func gapThreshold(span: Double) -> Double { max(60, span / 10) }

  /// Lays `times` (sorted or not) out between `x0` and `x1`.
  init(
    times: [Double], x0: Double, x1: Double, padding: Double = 14, breakWidth: Double = 68, minimumWidth: Double = 72
  ) {
    self.padding = padding
    self.breakWidth = breakWidth
    let sorted = times.sorted()
    guard let first = sorted.first, let last = sorted.last else {
      segments = [Segment(start: 0, end: 0, x0: x0, x1: x1)]
      return
    }
    let threshold = Self.gapThreshold(span: last - first)
    var runs = [Segment(start: first, end: first)]
    for time in sorted.dropFirst() {
      if time - runs[runs.count - 1].end > threshold {
        runs.append(Segment(start: time, end: time))
      } else {
        runs[runs.count - 1].end = time
      }
    }
    let fixed = Double(runs.count - 1) * breakWidth + Double(runs.count) * 2 * padding
    let available = max(0, x1 - x0 - fixed)
    // Proportional widths, except that a segment too short to carry an axis label gets
    // `minimumWidth`; repeat until the proportional ones no longer fall under it.
    let minimumWidth = min(minimumWidth, available / Double(runs.count))
    var widths = [Double](repeating: 0, count: runs.count)
    var short = Set<Int>()
    while true {
      let flexible = runs.indices.filter { !short.contains($0) }
      let seconds = flexible.reduce(0) { $0 + (runs[$1].end - runs[$1].start) }
      let space = available - Double(short.count) * minimumWidth
      let perSecond = seconds > 0 ? space / seconds : 0
      let newlyShort = flexible.filter { (runs[$0].end - runs[$0].start) * perSecond < minimumWidth }
      for index in runs.indices {
        widths[index] = short.contains(index) ? minimumWidth : (runs[index].end - runs[index].start) * perSecond
      }
      if newlyShort.isEmpty { break }
      short.formUnion(newlyShort)
    }
    // Whatever is left (all segments short) is shared out evenly.
    let extra = max(0, available - widths.reduce(0, +)) / Double(runs.count)
    var x = x0
    for index in runs.indices {
      if index > 0 { x += breakWidth }
      runs[index].x0 = x
      x += 2 * padding + extra + widths[index]
      runs[index].x1 = x
    }
    segments = runs
  }

  /// The compressed silences.
  var breaks: [Break] {
    zip(segments, segments.dropFirst()).map { left, right in
      Break(from: left.end, to: right.start, x0: left.x1, x1: right.x0)
    }
  }

  /// The x of a time; times inside a break are spread linearly across it, times outside all
  /// segments are clamped to the picture's ends.
  func x(_ time: Double) -> Double {
    guard let first = segments.first, let last = segments.last else { return 0 }
    if time <= first.start {
      return first.x0 + padding - min(padding, (first.start - time) * first.pixelsPerSecond(padding: padding))
    }
    if time >= last.end {
      return last.x1 - padding + min(padding, (time - last.end) * last.pixelsPerSecond(padding: padding))
    }
    for (index, segment) in segments.enumerated() {
      if time <= segment.end {
        if time >= segment.start {
          let inner = segment.x1 - segment.x0 - 2 * padding
          let fraction = segment.end > segment.start ? (time - segment.start) / (segment.end - segment.start) : 0
          return segment.x0 + padding + fraction * inner
        }
        let previous = segments[index - 1]
        let from = previous.x1 - padding
        let to = segment.x0 + padding
        return from + (time - previous.end) / (segment.start - previous.end) * (to - from)
      }
    }
    return last.x1
  }

  /// The end of the segment holding `time` (or the last segment's end): where an open-ended bar stops.
  func segmentEnd(after time: Double) -> Double {
    (segments.first { $0.end >= time } ?? segments[segments.count - 1]).end
  }

  /// How far right a label for `time` may reach: up to the next segment (over the break, where
  /// nothing else is drawn), or the end of the last one.
  func labelLimit(at time: Double) -> Double {
    let index = segments.lastIndex { $0.start <= time } ?? 0
    return index + 1 < segments.count ? segments[index + 1].x0 - 4 : segments[index].x1
  }

  /// Where a label `width` px wide, centred on (or starting at) `x`, should start so it stays
  /// between the start of the segment holding `time` and the next segment (it may run over the
  /// break, where nothing else is drawn), and inside `limit` in any case.
  func labelStart(_ x: Double, width: Double, time: Double, limit: ClosedRange<Double>) -> Double {
    let low = (segments.last { $0.start <= time } ?? segments[0]).x0
    let high = labelLimit(at: time)
    var start = x
    if start + width > high { start = high - width }
    if start < low { start = low }
    return min(max(start, limit.lowerBound), limit.upperBound - width)
  }

  /// Axis ticks: each segment's start, then round times at least `minimumSpacing` px apart, so a
  /// segment gets at most its width divided by the spacing, whatever the times (a log spread over
  /// centuries gets ticks years apart, not one per day).
  func ticks(minimumSpacing: Double) -> [Double] {
    var ticks: [Double] = []
    for segment in segments {
      ticks.append(segment.start)
      let pixelsPerSecond = segment.pixelsPerSecond(padding: padding)
      guard pixelsPerSecond > 0, minimumSpacing > 0 else { continue }
      let step = Self.tickStep(pixelsPerSecond: pixelsPerSecond, minimumSpacing: minimumSpacing)
      // Counted, not accumulated: `tick += step` never ends where `step` is below the times' precision.
      let limit = Int(saturating: ((segment.x1 - segment.x0) / minimumSpacing).rounded(.down)) + 1
      let first = (segment.start / step).rounded(.down) + 1
      var count = 0
      while count < limit {
        let tick = (first + Double(count)) * step
        guard tick <= segment.end else { break }
        if tick > ticks[ticks.count - 1] { ticks.append(tick) }
        count += 1
      }
      if let lastTick = ticks.last, segment.end > lastTick { ticks.append(segment.end) }
    }
    return ticks
  }

  /// The smallest round step drawn at least `minimumSpacing` px apart: a clock step up to a day, then
  /// 1, 2 or 5 times a power of ten days.
  static func tickStep(pixelsPerSecond: Double, minimumSpacing: Double) -> Double {
    // Sub-second steps first, for logs that span less than a few seconds.
    let steps: [Double] = [
      0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21_600, 43_200,
      86_400,
    ]
    if let step = steps.first(where: { $0 * pixelsPerSecond >= minimumSpacing }) { return step }
    let seconds = minimumSpacing / pixelsPerSecond
    guard seconds.isFinite, seconds < 1e300 else { return .greatestFiniteMagnitude }
    var days = 1.0
    while days * 86_400 < seconds {
      for factor in [2.0, 5.0, 10.0] where days * factor * 86_400 >= seconds || factor == 10 {
        days *= factor
        break
      }
    }
    return days * 86_400
  }
}
