import Foundation

/// JetsamEvent reports (bug_type 298).
extension ClassifierContext {
  func jetsam() -> Diagnosis {
    let killed = report.jetsam?.killed ?? []
    var facts = baseFacts
    let evidence = killed.map { process in
      self.evidence(process.location, "\(process.name): reason \(process.reason ?? "")", "killed by jetsam")
    }
    guard !killed.isEmpty else {
      return Diagnosis(
        kind: .jetsam, confidence: .medium,
        summary: "A jetsam event, but no process in it carries a kill reason.",
        explanation: "The report is a JetsamEvent; bglog could not find which process was killed.",
        evidence: evidence, facts: facts)
    }
    for process in killed { facts.append(Fact("killed", "\(process.name) (\(process.reason ?? ""))")) }
    let names = killed.map { "\($0.name) (\($0.reason ?? ""))" }.joined(separator: ", ")
    let frontmost = killed.filter { $0.states.contains("frontmost") }.map(\.name)
    var explanation = "The jetsam event lists the killed processes with their reasons: \(names)."
    if !frontmost.isEmpty { explanation += " Frontmost: \(frontmost.joined(separator: ", "))." }
    // Apple's own processes (SpringBoard, daemons) are killed at their limits too; then there is
    // nothing to change in an app.
    let systemNames: Set<String> = [
      "SpringBoard", "backboardd", "mediaserverd", "locationd", "assertiond", "runningboardd",
    ]
    let allSystem = killed.allSatisfy { process in
      systemNames.contains(process.name) || (process.bundleIdentifier?.hasPrefix("com.apple.") ?? false)
    }
    if allSystem {
      explanation +=
        " Every killed process is part of the system, not a third-party app: unless your app was the one "
        + "using the memory (see the largest processes), there is nothing to change in it."
    }
    return Diagnosis(
      kind: .jetsam, confidence: .high,
      summary: "Jetsam killed \(names).",
      explanation: explanation, evidence: evidence, facts: facts)
  }

}
