/// Turns one app's recognised events into lifetimes, wakeups, a summary and findings.
struct TimelineAnalyzer {
  var events: [TimelineEvent]
  let bundle: String?
  let name: String?
  /// The clock of the log's last record, to tell "the log ended" from "the app went quiet".
  let logEnd: Double?

  init(events: [TimelineEvent], bundle: String?, name: String?, logEnd: Double?) {
    self.bundle = bundle
    self.name = name
    self.logEnd = logEnd
    self.events = Self.prepare(events)
    var carried = -Double.infinity
    self.searchClocks = self.events.map { event in
      if let clock = event.clock { carried = clock }
      return carried
    }
  }

  /// The clock each event is sorted by (``prepare(_:)``): its own, else the last clock before it, else
  /// `-infinity`; ascending, for ``firstIndex(atOrAfter:)``.
  let searchClocks: [Double]

  /// Sorts by time (an untimed event after a timed one stays after it, at that time: Xcode's untimed `Message from
  /// debugger: Terminated due to memory issue` after the app's timed `Received memory warning.`; untimed events
  /// before any timed one stay first), folds the lines of one jetsam kill into one event (``sameKill(_:_:)``), drops the same
  /// exit or launch reported twice (a process exits, launches or
  /// enters the background once, though several lines say so), and gives pid-less launches the pid
  /// of the next event that has one. Background tasks are not collapsed: the app writes one
  /// `Created background task` line per task, so two such lines are two tasks (copies of one line
  /// never get here: `ConsoleLogParser` drops them).
  private static func prepare(_ input: [TimelineEvent]) -> [TimelineEvent] {
    // Sorts positions, not events: moving a `TimelineEvent` retains and releases each of its fields. The events come
    // in line order; an untimed one is sorted at the clock of the last timed one before it.
    var carried = -Double.infinity
    let clocks = input.map { event -> Double in
      if let clock = event.clock { carried = clock }
      return event.clock ?? carried
    }
    let order = input.indices.sorted { a, b in
      clocks[a] != clocks[b] ? clocks[a] < clocks[b] : a < b
    }
    let collapsible: Set<TimelineEvent.Kind> = [
      .exited, .killed, .crashed, .wakeRequest, .relaunchedInBackground, .launched,
      .enteredBackground,
    ]
    var result: [TimelineEvent] = []
    result.reserveCapacity(input.count)
    // The lines of one kill, by the position of its event in `result` (``sameKill(_:_:)``).
    var killLines: [Int: [TimelineEvent]] = [:]
    for position in order {
      let event = input[position]
      if event.kind == .killed,
        let earlier = result.indices.suffix(8).last(where: { result[$0].kind == .killed && result[$0].pid == event.pid }
        ),
        sameKill(killLines[earlier] ?? [result[earlier]], event)
      {
        killLines[earlier, default: [result[earlier]]].append(event)
        continue
      }
      if let exited = exitContext(result, event) {
        result[exited] = folding(exitContext: event, into: result[exited])
        continue
      }
      if collapsible.contains(event.kind),
        result.suffix(8).contains(where: {
          $0.kind == event.kind && $0.pid == event.pid && $0.detail == event.detail
            && abs(($0.clock ?? 0) - (event.clock ?? 0)) <= 1
        })
      {
        continue
      }
      result.append(event)
    }
    for (index, lines) in killLines { result[index] = oneKill(lines) ?? result[index] }
    result = foldingCrashRecords(result)
    for index in result.indices
    where result[index].pid == nil
      && [.launched, .relaunchedInBackground].contains(result[index].kind)
    {
      result[index].pid = result[(index + 1)...].prefix(20).first(where: { $0.pid != nil })?.pid
    }
    return result
  }

  func timeline() -> AppTimeline {
    let anchor = self.anchor()
    let wakeups = self.wakeups(anchor: anchor)
    var timeline = AppTimeline(
      bundleID: bundle, processName: name, events: events, anchor: anchor, processes: lifetimes(),
      wakeups: wakeups, summary: summary(anchor: anchor, wakeups: wakeups.count), findings: [])
    timeline.findings = findings(timeline)
    return timeline
  }

  private func anchor() -> AppTimeline.Anchor? {
    if let entered = events.first(where: { $0.kind == .enteredBackground }) {
      return .init(
        kind: .enteredBackground, line: entered.line, timestamp: entered.timestamp,
        clock: entered.clock)
    }
    guard let first = events.first else { return nil }
    return .init(
      kind: .firstEvent, line: first.line, timestamp: first.timestamp, clock: first.clock)
  }

  private func lifetimes() -> [AppTimeline.ProcessLifetime] {
    var order: [Int] = []
    // Positions in `events` per pid, not copies of the events.
    var byPID: [Int: [Int]] = [:]
    for index in events.indices {
      guard let pid = events[index].pid else { continue }
      if byPID[pid] == nil { order.append(pid) }
      byPID[pid, default: []].append(index)
    }
    return order.map { pid in
      let list = byPID[pid] ?? []
      let start = list.first(where: { events[$0].kind == .launched || events[$0].kind == .relaunchedInBackground })
      // ReportCrash's corpse report says a report is being written, not why the process ended: a line
      // that says why (a forced crash report, a kill) stays the end.
      let corpse = ReportCrashRecognizers.corpseDetailStart
      let end =
        list.last(where: {
          (events[$0].kind == .crashed || events[$0].kind == .killed) && !events[$0].detail.hasPrefix(corpse)
        })
        ?? list.last(where: { events[$0].kind == .crashed || events[$0].kind == .exited })
      let first = list.first.map { events[$0] }
      let last = list.last.map { events[$0] }
      var duration: Double?
      if let first = first?.clock, let last = last?.clock { duration = last - first }
      return .init(
        pid: pid, firstLine: first?.line ?? 0, start: first?.timestamp,
        end: last?.timestamp,
        durationSeconds: duration, startedBy: start.map { events[$0].kind }, endedBy: end.map { events[$0].kind },
        endDetail: end.map { events[$0].detail })
    }
  }

  /// Relaunches in the background and resumes after the anchor; wake requests only when the
  /// log shows neither. Records within 10 s of each other are one wakeup.
  private func wakeups(anchor: AppTimeline.Anchor?) -> [AppTimeline.Wakeup] {
    let start = anchor?.clock ?? -.infinity
    // A resume runningboardd follows at once with the foreground role (a `launched` event for the same
    // pid within 2 s) brought the app to the foreground: not a wakeup.
    let foreground = events.filter { $0.kind == .launched && $0.detail.hasSuffix("after resuming task") }
    var candidates = events.filter { event in
      (event.kind == .relaunchedInBackground || event.kind == .resumed) && (event.clock ?? start) >= start
        && !(event.kind == .resumed
          && foreground.contains {
            $0.pid == event.pid && $0.line > event.line && ($0.clock ?? .infinity) - (event.clock ?? 0) <= 2
          })
    }
    if candidates.isEmpty { candidates = events.filter { $0.kind == .wakeRequest } }
    var merged: [TimelineEvent] = []
    for event in candidates {
      if let last = merged.last, let a = last.clock, let b = event.clock, b - a <= 10 { continue }
      merged.append(event)
    }
    return merged.enumerated().map { index, event in
      let next = index + 1 < merged.count ? merged[index + 1].clock : nil
      // Events are sorted by clock (timeless ones first), so each window is a contiguous slice
      // found by binary search: long logs have thousands of wakeups.
      var inWindow: ArraySlice<TimelineEvent> = []
      if let from = event.clock {
        let lower = firstIndex(atOrAfter: from)
        let upper = next.map { firstIndex(atOrAfter: $0) } ?? events.endIndex
        inWindow = events[lower..<max(lower, upper)]
      }
      var counts: [String: Int] = [:]
      for marker in inWindow.compactMap(\.marker) { counts[marker, default: 0] += 1 }
      var gap: Double?
      if index > 0, let a = merged[index - 1].clock, let b = event.clock { gap = b - a }
      return .init(
        line: event.line, timestamp: event.timestamp,
        offsetSeconds: event.clock.map { $0 - (anchor?.clock ?? $0) },
        gapSeconds: gap, kind: event.kind,
        markerCounts: counts.sorted { $0.key < $1.key }.map {
          .init(name: $0.key, count: $0.value)
        },
        transfersStarted: inWindow.filter { $0.kind == .transferStarted }.count)
    }
  }

  /// The first event whose sort clock (``searchClocks``) is at or after `clock`.
  private func firstIndex(atOrAfter clock: Double) -> Int {
    var low = 0
    var high = events.count
    while low < high {
      let middle = (low + high) / 2
      if searchClocks[middle] < clock { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private func summary(anchor: AppTimeline.Anchor?, wakeups: Int) -> AppTimeline.Summary {
    var longest: Double?
    var longestEnd: Int?
    var transfer: Double?
    var open: [String: Double] = [:]
    for index in events.indices.dropFirst() {
      if let a = events[index - 1].clock, let b = events[index].clock, b - a > (longest ?? 0) {
        longest = b - a
        longestEnd = events[index].line
      }
    }
    // Only transfer events name a connection: the others' details are not cut (a `String` per event).
    for index in events.indices {
      let kind = events[index].kind
      guard kind == .transferStarted || kind == .transferCancelled, let clock = events[index].clock else {
        continue
      }
      let connection = String(events[index].detail.prefix(while: { $0 != " " }))
      if kind == .transferStarted {
        open[connection] = clock
      } else if let began = open.removeValue(forKey: connection) {
        transfer = (transfer ?? 0) + (clock - began)
      }
    }
    var span: Double?
    if let from = anchor?.clock, let to = events.last?.clock { span = to - from }
    return .init(
      spanSeconds: span, wakeups: wakeups, transferSeconds: transfer, longestGapSeconds: longest,
      longestGapEndLine: longestEnd)
  }
}
