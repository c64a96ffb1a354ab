extension ClassifierContext {
  /// 0x8badf00d whose watchdog account is `Failed to terminate gracefully after 5.0s` and names no watchdog event
  /// (the Roam app's MetricKit text summary: `Termination reason: <RBSTerminateContext| domain:10 code:0x8BADF00D
  /// explanation:[app<com.msdrigg.roam>:12124] Failed to terminate gracefully after 5.0s`, `Thread 0 (attributed):`
  /// / `Network +0x1158200 nw_browser_cancel samples=1`): the system asked the app to quit and it had not exited
  /// when the grace time was up, a hang while terminating. The attributed thread's frames say where it was, not
  /// proven what held it up (one sample), so the reading is medium with them and low without.
  func terminationHang(_ code: UInt64, grace: Double, evidence: [Evidence], facts: [Fact]) -> Diagnosis {
    var evidence = evidence
    var facts = facts
    facts.append(Fact("watchdog-event", "termination (failed to terminate gracefully)"))
    facts.append(Fact("time-allowance", formatSeconds(grace)))
    let thread = report.blamedThread.flatMap { $0.frames.isEmpty ? nil : $0 } ?? report.mainThread
    var summary =
      "The app was asked to quit and did not exit within \(formatSeconds(grace)) (\(hex(code))): a hang while "
      + "terminating"
    var explanation =
      "The watchdog's account says the app failed to terminate gracefully after \(formatSeconds(grace)): the system "
      + "asked it to quit (the user swiping it away, an update, or the system ending it) and it was still running "
      + "when the time was up, so it was killed. This is not a launch, scene or background-time deadline."
    let confidence: Confidence
    if let thread, let top = thread.frames.first {
      let name = thread.index.map { "thread \($0)" } ?? "the pasted thread"
      let place =
        top.symbol.map { "\(OneLineText.clean($0)) (\(OneLineText.clean(top.image)))" }
        ?? OneLineText.clean(top.image)
      summary += "; \(name) was in \(top.symbol.map(OneLineText.clean) ?? OneLineText.clean(top.image))."
      explanation +=
        " The report's \(name) was in \(place) at the time: where it was as it failed to exit, not proven to be "
        + "what held it up."
      evidence.append(frameEvidence(top, "\(name) as the app failed to exit"))
      facts.append(Fact("thread-frame", frameText(top)))
      confidence = .medium
    } else {
      summary += "."
      explanation += " The report has no backtrace, so what kept the app from exiting is not named."
      facts.append(Fact("missing-evidence", "the threads' backtraces"))
      confidence = .low
    }
    return Diagnosis(
      kind: .watchdogHang, confidence: confidence, summary: summary, explanation: explanation,
      advice: [
        "Keep the work done as the app quits short (applicationWillTerminate(_:), scene disconnection): stop "
          + "network browsers, listeners and timers without waiting for them, and never block on a lock, "
          + "semaphore or another thread there.",
        "Get the full report (all threads) to see what kept the process from exiting.",
      ],
      evidence: evidence, facts: facts)
  }
}
