import Foundation

/// A microstackshot whose body stops before `Event:` (timfraedrich/OutRun #23: the `.ips` metadata
/// line and the body's first header lines, then the paste ends): the metadata's `bug_type` still says
/// which resource the report is about, though not whether the process was killed.
extension ClassifierContext {
  /// The kind the `bug_type` of a resource report names when its body gave no event, or `nil`.
  ///
  /// Only the types seen with their event are mapped: 206 with `Event: cpu usage` (the shared
  /// corpus's MapMyRun report), 202 with `Event: cpu usage` and 142 with `Event: wakeups` (the
  /// `ips/public-ios13-bug202…` and `…bug142…` fixtures).
  func resourceFromBugTypeOnly() -> Diagnosis? {
    guard report.resource == nil, let bugType = report.bugType else { return nil }
    let kind: DiagnosisKind
    let what: String
    switch bugType {
    case "206", "202":
      kind = .cpuLimit
      what = "CPU usage"
    case "142":
      kind = .wakeupsLimit
      what = "wakeups"
    default: return nil
    }
    var facts = baseFacts
    facts.append(Fact("bug-type", bugType))
    facts.append(Fact("missing-evidence", "the Event and Action taken lines (the body stops before them)"))
    let field = report.header.field("bug_type")
    let evidence = [self.evidence(field?.location, "\"bug_type\":\"\(bugType)\"", "the report type: a \(what) report")]
    return Diagnosis(
      kind: kind, confidence: .medium,
      summary: "A \(what) resource report (bug_type \(bugType)) whose body stops before its event.",
      explanation:
        "The metadata line's bug_type \(bugType) is the type of the microstackshot reports iOS writes when a process "
        + "goes over its \(what) limit. The body stops before `Event:` and `Action taken:`, which give the figures "
        + "and say whether the process was killed, so neither is known from this input.",
      advice: [
        "Paste the report's Event, Action taken and figures lines (the whole body) to see the limit and "
          + "whether the process was killed."
      ],
      evidence: evidence, facts: facts)
  }
}
