extension TimelineAnalyzer {
  /// RunningBoard's kill for an assertion not invalidated in time (``RunningBoardExitContext``), when the assertion
  /// is UIKit's `Shared Background Assertion`: the background task the app began was still running when its
  /// background time ran out. The kill line is the deciding evidence (it names the assertion and says RunningBoard
  /// ended the process for it), so high, with or without times. One finding per process.
  func backgroundAssertionTimeouts() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    var seen = Set<Int>()
    for kill in events
    where kill.kind == .killed && kill.detail.hasSuffix(RunningBoardExitContext.backgroundTaskNote) {
      let detail = kill.detail[...]
      guard let note = TimelineEventRecognizer.range(of: RunningBoardExitContext.assertionTimeoutNote, in: detail)
      else { continue }
      if let pid = kill.pid, !seen.insert(pid).inserted { continue }
      let ending = detail[..<note.lowerBound]
      let assertion = detail[note.upperBound...].dropLast(RunningBoardExitContext.backgroundTaskNote.count)
      // `4170-63390-4366 "Shared Background Assertion 2 for com.x"` → the name, then the identifier.
      let identifier = assertion.prefix(while: { $0 != " " })
      let name = assertion.dropFirst(identifier.count).drop(while: { $0 == " " })
      // The status's code, the last word of the exit's own words when it is hexadecimal (`… runningboard 0x2182baad`).
      let last = ending.split(separator: " ").last.map { $0.filter { $0 != ")" } }
      let code = last.flatMap { $0.hasPrefix("0x") && $0.count > 2 ? String($0) : nil }
      var summary =
        "RunningBoard killed " + (kill.pid.map { "pid \($0)" } ?? "the app") + " at \(time(kill))"
        + (code.map { " (code \($0))" } ?? " (\(ending))")
        + " because it timed out waiting for the app to invalidate \(name) (assertion \(identifier)): the "
        + "assertion UIKit holds while a background task begun with beginBackgroundTask is running. The task was "
        + "still running when the app's background time ran out: it was not ended with endBackgroundTask."
      if code?.lowercased() == "0x2182baad" {
        summary +=
          " iOS 13 writes 0x2182baad, RunningBoard's code for any assertion that timed out; later systems write "
          + "0x2182bad2 for this one."
      }
      if kill.clock == nil { summary += " (The line has no time; the finding does not need one.)" }
      findings.append(
        TimelineFinding(
          kind: .leakedBackgroundTask, confidence: .high, summary: summary,
          advice:
            "End every beginBackgroundTask with endBackgroundTask, on every path and in its expiration handler; "
            + "name each task (withName:) so the log says which one was left running.",
          evidence: evidence([kill])))
    }
    return findings
  }
}
