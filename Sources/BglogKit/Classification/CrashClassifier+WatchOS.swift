import Foundation

/// watchOS's background-task watchdog, written in words rather than a code:
///
///     Termination Reason: CAROUSEL, Background App Refresh watchdog transgression. Exhausted wall time allowance of 15.00 seconds.
///     Termination Description: SPRINGBOARD, CSLHandleBackgroundRefreshAction watchdog transgression: …
///
/// (gdombiak/OctoPod #387, home-assistant/iOS #1192; Apple's "Addressing watchdog terminations" shows
/// the `WatchConnectivity watchdog transgression` form). It is the kill the codes 0xc51bad01–03 name.
extension ClassifierContext {
  /// The CAROUSEL watchdog's reading, or `nil` when the reason is not in CAROUSEL's namespace or does
  /// not say it was a watchdog (then the namespace alone reads as `os-termination`).
  func carouselWatchdog() -> Diagnosis? {
    guard let termination = report.termination, termination.namespace?.uppercased() == "CAROUSEL" else { return nil }
    let reason = termination.reason
    guard let transgression = PlainSearch.range(of: " watchdog transgression", in: reason) else { return nil }
    var facts = baseFacts
    var evidence = terminationEvidence
    // The task's name sits between the namespace's comma and "watchdog transgression".
    let task = reason[..<transgression.lowerBound].split(separator: ",", maxSplits: 1).dropFirst().first
      .map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    if let task { facts.append(Fact("watchdog-task", task)) }
    let allowance =
      WatchdogDetails.number(after: "wall time allowance of ", in: reason)
      ?? WatchdogDetails.number(after: "time allowance of ", in: descriptionText)
    if let allowance { facts.append(Fact("time-allowance", formatSeconds(allowance) + " (wall clock)")) }
    if termination.descriptionLocation != nil, let description = termination.description, !description.isEmpty {
      evidence.append(self.evidence(termination.descriptionLocation, description, "the watchdog's own account"))
    }
    let taskClass: String? =
      switch task {
      case "Background App Refresh": "WKApplicationRefreshBackgroundTask"
      case "WatchConnectivity": "WKWatchConnectivityRefreshBackgroundTask"
      default: nil
      }
    let what = task.map { "the \($0) background task" } ?? "a background task"
    var explanation =
      "The termination namespace is CAROUSEL, watchOS's app manager, and its reason says \(what) was still "
      + "running when its " + (allowance.map { formatSeconds($0) + " " } ?? "") + "wall-time allowance ran out: "
      + "watchOS killed the app for overrunning its background budget (the kill 0xc51bad02 names)."
    if let taskClass {
      explanation +=
        " The system ends a \(taskClass)'s time when the app calls setTaskCompletedWithSnapshot(_:); a task "
        + "that is never completed, or that waits for network work first, runs out of time."
    }
    var confidence = Confidence.high
    if allowance == nil {
      confidence = .medium
      facts.append(Fact("missing-evidence", "the allowance the task exhausted"))
      explanation += " The reason does not say which allowance ran out."
    }
    return Diagnosis(
      kind: .watchBackgroundBudget, confidence: confidence,
      summary: "watchOS killed the app: \(what) ran past its "
        + (allowance.map { formatSeconds($0) + " " } ?? "") + "wall-time allowance.",
      explanation: explanation,
      advice: [
        "Complete every background task (setTaskCompletedWithSnapshot(_:)) on every path of handle(_:), "
          + "including errors and early returns.",
        "Do not wait for network work inside the task: start a background URLSession, complete the task at once, "
          + "and handle the result when the URLSession refresh task arrives.",
      ],
      evidence: evidence, facts: facts)
  }
}
