import Foundation

/// Resource reports: CPU, wakeups, disk writes, hangs (microstackshots, MetricKit, EXC_RESOURCE).
extension ClassifierContext {
  func resourceLimit(_ resource: ResourceEvent) -> Diagnosis {
    let event = resource.event.lowercased()
    let wakeups = event.contains("wakeup")
    let kind: DiagnosisKind
    if wakeups {
      kind = .wakeupsLimit
    } else if event.contains("cpu") {
      kind = .cpuLimit
    } else if event.contains("hang") {
      kind = .hangReport
    } else if event.contains("disk") || event.contains("write") {
      kind = .diskWritesLimit
    } else {
      return Diagnosis(
        kind: .unknown, confidence: .low,
        summary: "A resource report for \"\(resource.event)\", which bglog does not know.",
        explanation: "The report names the resource event \"\(resource.event)\"; none of bglog's rules covers it.",
        evidence: [self.evidence(resource.location, "Event: \(resource.event)", "the resource event")], facts: baseFacts
      )
    }
    if kind == .hangReport || kind == .diskWritesLimit {
      return Diagnosis(
        kind: kind, confidence: .high, summary: kind.reference.title + (resource.summary.map { ": \($0)" } ?? "") + ".",
        explanation: kind.reference.meaning,
        evidence: [
          self.evidence(
            resource.location, "\(resource.event)" + (resource.summary.map { ": \($0)" } ?? ""), "the diagnostic")
        ],
        facts: baseFacts)
    }
    var evidence = [self.evidence(resource.location, "Event: \(resource.event)", "the resource event")]
    if let action = resource.actionTaken {
      evidence.append(self.evidence(resource.actionLocation, "Action taken: \(action)", "what the system did"))
    }
    var facts = baseFacts
    if let summary = resource.summary { facts.append(Fact("limit", summary)) }
    let fatal = resource.isFatal
    return Diagnosis(
      kind: kind, confidence: resource.actionTaken == nil ? .medium : .high,
      summary: fatal
        ? "The system killed the process for exceeding its \(wakeups ? "wakeups" : "CPU") limit."
        : "The process exceeded its \(wakeups ? "wakeups" : "CPU") limit (not killed).",
      explanation: (resource.summary ?? "A resource limit report.")
        + (fatal ? " Action taken: \(resource.actionTaken ?? "")." : ""),
      evidence: evidence, facts: facts)
  }

}
