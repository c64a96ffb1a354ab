/// Ends by SIGPIPE (signal 13): Xcode's `Message from debugger: Terminated due to signal 13` (flutter #71979), or an
/// exit the device's log gives as signal `SIGPIPE(13)`. The signal's meaning is fixed (a write to a socket or pipe
/// whose other end is closed, not ignored); why the other end was closed is not in the log. One finding for all the
/// app's SIGPIPE ends (flutter #71979's run ended so three times). Low; medium when the log shows the app in the
/// background before one, where the usual cause (a socket the system closed while the app was suspended, written to
/// on resume: flutter #84499, CocoaAsyncSocket #77) fits what the log shows.
extension TimelineAnalyzer {
  func sigpipeEnds() -> [TimelineFinding] {
    let ends = events.indices.filter { events[$0].kind == .crashed && events[$0].detail.contains("SIGPIPE") }
    guard let first = ends.first else { return [] }
    let background = ends.lazy.compactMap { self.backgroundState(before: $0) }.first
    let times = ends.map { time(events[$0]) }
    var summary =
      "The app ended on SIGPIPE (signal 13) "
      + (ends.count == 1 ? "at \(times[0])" : "\(ends.count) times (\(times.joined(separator: ", ")))")
      + ": it wrote to a socket or pipe whose other end was closed, and SIGPIPE ends a process that does not ignore "
      + "it. A crash in the app or a library it uses, not a kill by the system."
    if let background {
      summary +=
        " The log shows the app in the background before it (\(background.kind.rawValue), \(time(background))): "
        + "the usual cause then is a socket the system closed while the app was suspended, written to when it "
        + "resumed."
    } else {
      summary +=
        " The log does not show the app in the background before it; when it follows time in the background, the "
        + "usual cause is a socket the system closed while the app was suspended, written to when it resumed."
    }
    if background != nil, events[first].clock == nil { summary += Self.orderOnly }
    return [
      TimelineFinding(
        kind: .sigpipe, confidence: background == nil ? .low : .medium, summary: summary,
        advice:
          "Ignore SIGPIPE so the write fails with EPIPE instead: call signal(SIGPIPE, SIG_IGN) early in launch, or "
          + "set SO_NOSIGPIPE on each socket the app creates (setsockopt). Then handle the error: reconnect after "
          + "the app resumes instead of writing to the old socket.",
        evidence: evidence((background.map { [$0] } ?? []) + ends.map { events[$0] }))
    ]
  }
}
