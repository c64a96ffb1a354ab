import Foundation

/// Disk-writes resource reports (microstackshot `Event: disk writes`, bug_type 145, or MetricKit's
/// disk-write exception): the system records that the process dirtied more file-backed memory than
/// its daily budget. It is a warning, never a kill by itself: Apple's reports write
/// `Action taken: none` (firebase/firebase-ios-sdk #6391 and #11636 in the fixtures), and an app that
/// died near such a report died of something else, which another report names.
extension ClassifierContext {
  func diskWritesReport(_ resource: ResourceEvent) -> Diagnosis {
    if resource.event == DiskWritesPieceReader.event { return diskWritesPiece(resource) }
    var evidence = [self.evidence(resource.location, "Event: \(resource.event)", "the resource event")]
    if let action = resource.actionTaken {
      evidence.append(self.evidence(resource.actionLocation, "Action taken: \(action)", "what the system did"))
    }
    var facts = baseFacts
    if let summary = resource.summary { facts.append(Fact("limit", summary)) }
    var explanation = DiagnosisKind.diskWritesLimit.reference.meaning
    if let figures = resource.summary { explanation += " The report says: \(figures)." }
    explanation += actionTakenNote(resource, "The report's Action taken")
    return Diagnosis(
      kind: .diskWritesLimit, confidence: .high,
      summary: "The process went over its disk-writes limit; this report is a warning, not a kill.",
      explanation: explanation, evidence: evidence, facts: facts)
  }
}

extension ClassifierContext {
  /// What an `Action taken` other than `none` says, which was never seen in a real disk-writes report:
  /// what the report wrote, instead of a guess (empty for `none` or no such line).
  func actionTakenNote(_ resource: ResourceEvent, _ subject: String) -> String {
    let action = resource.actionTaken?.trimmingCharacters(in: .whitespaces).lowercased()
    guard let action, action != "none" else { return "" }
    return " \(subject) reads \"\(resource.actionTaken ?? "")\", but the disk-writes limit does not"
      + " terminate a process: if the app died, another report names why."
  }

  /// Lines of a disk-writes report pasted without the report (``DiskWritesPieceReader``): the figures
  /// name the report, and a disk-writes report is never a kill; what the lines cannot give is which
  /// process and when (the header and `Event:` line), so the reading is medium.
  func diskWritesPiece(_ resource: ResourceEvent) -> Diagnosis {
    let figures = resource.summary ?? ""
    var evidence = [
      self.evidence(
        resource.location, figures,
        "the disk-writes figures: only a disk-writes report writes them")
    ]
    if let action = resource.actionTaken {
      evidence.append(self.evidence(resource.actionLocation, "Action taken: \(action)", "what the system did"))
    }
    var facts = baseFacts
    // The figure sentence names the limit; `Writes caused:` only what was written.
    facts.append(Fact(figures.hasPrefix("Writes caused:") ? "writes" : "limit", figures))
    facts.append(
      Fact("missing-evidence", "the report's header and Event line (which process, on which device and when)"))
    var explanation =
      DiagnosisKind.diskWritesLimit.reference.meaning + " The lines are a disk-writes report's own (\(figures))"
      + ", without the report around them: they do not name the process."
    explanation += actionTakenNote(resource, "The Action taken line")
    return Diagnosis(
      kind: .diskWritesLimit, confidence: .medium,
      summary:
        "Lines of a disk-writes report: a process went over its disk-writes limit; the report is a warning, "
        + "not a kill. The process is not named.",
      explanation: explanation, evidence: evidence, facts: facts)
  }
}
