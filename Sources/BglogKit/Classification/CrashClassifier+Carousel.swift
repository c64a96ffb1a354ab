/// watchOS's background-task watchdog as Carousel writes it (watchOS 7): no code, a sentence instead.
///
///     Termination Reason: CAROUSEL, Background App Refresh watchdog transgression. Exhausted wall time allowance of 15.00 seconds.
///     Termination Description: SPRINGBOARD, CSLHandleBackgroundRefreshAction watchdog transgression: application<…>:891 exhausted re…
///
/// (home-assistant/iOS pull request #1192, gdombiak/OctoPod issue #387.) The same budget the codes
/// 0xc51bad01–03 report: a WatchKit background task not completed within its CPU or wall-time allowance.
extension ClassifierContext {
  func carouselBackgroundRefresh() -> Diagnosis? {
    guard let termination = report.termination, termination.namespace?.uppercased() == "CAROUSEL" else { return nil }
    let reason = termination.reason
    let text = ([reason, termination.description ?? ""] + termination.details).joined(separator: " ")
    guard let transgression = PlainSearch.range(of: " watchdog transgression", in: text) else { return nil }
    // `CAROUSEL, Background App Refresh watchdog transgression`: the event is what stands between them.
    var event = String(text[..<transgression.lowerBound])
    if let comma = event.lastIndex(of: ",") { event = String(event[event.index(after: comma)...]) }
    event = event.trimmingCharacters(in: .whitespaces)
    let lowered = text.lowercased()
    let budget: String?
    if PlainSearch.contains("wall time allowance", in: lowered)
      || PlainSearch.contains("(wall clock) time", in: lowered)
    {
      budget = "wall time"
    } else if PlainSearch.contains("cpu time allowance", in: lowered) {
      budget = "CPU time"
    } else {
      budget = nil
    }
    let seconds = allowanceSeconds(in: lowered)
    var facts = baseFacts
    if !event.isEmpty { facts.append(Fact("watchdog-event", event)) }
    if let budget { facts.append(Fact("budget", budget)) }
    if let seconds { facts.append(Fact("time-allowance", formatSeconds(seconds))) }
    var evidence = [self.evidence(termination.location, "Termination Reason: \(reason)", "Carousel's own account")]
    if let description = termination.description, PlainSearch.contains("watchdog transgression", in: description) {
      evidence.append(self.evidence(termination.descriptionLocation, description, "the watchdog's description"))
    }
    let allowance = seconds.map { " \(formatSeconds($0))" } ?? ""
    let what = event.isEmpty ? "background task" : "\(event) task"
    var summary =
      "watchOS (Carousel) killed the app: its \(what) ran past its\(allowance) \(budget ?? "time") allowance."
    if budget == nil { summary = "watchOS (Carousel) killed the app for a \(what) watchdog transgression." }
    var explanation =
      "Carousel, watchOS's system shell, ends a WatchKit extension whose background task is not completed "
      + "within its allowance: the same budget the codes 0xc51bad01 (CPU) and 0xc51bad02 (wall time) report. "
    var advice: [String] = []
    if PlainSearch.contains("background app refresh", in: lowered)
      || PlainSearch.contains("backgroundrefresh", in: lowered)
    {
      explanation += "Background App Refresh is a WKApplicationRefreshBackgroundTask. "
    }
    if budget == "wall time" {
      explanation +=
        "The allowance that ran out is wall time, not CPU: the task was waiting (for the network, or for a "
        + "completion that never came) rather than working."
      advice = [
        "Complete every WKRefreshBackgroundTask (setTaskCompletedWithSnapshot) on every path, including "
          + "errors, and before the allowance runs out.",
        "Do not wait for network replies inside the task: start a background URLSession and complete the "
          + "task at once; the session's own task delivers the result.",
      ]
    } else if budget == "CPU time" {
      explanation += "The allowance that ran out is CPU time: the task worked too long."
    }
    return Diagnosis(
      kind: .watchBackgroundBudget, confidence: .high, summary: summary, explanation: explanation,
      advice: advice, evidence: evidence, facts: facts)
  }

  /// `allowance of 15.00 seconds` → 15.
  private func allowanceSeconds(in text: String) -> Double? {
    guard let marker = PlainSearch.range(of: "allowance of ", in: text) else { return nil }
    let number = text[marker.upperBound...].prefix(while: { $0.isNumber || $0 == "." })
    return Double(number.hasSuffix(".") ? number.dropLast() : number)
  }
}
