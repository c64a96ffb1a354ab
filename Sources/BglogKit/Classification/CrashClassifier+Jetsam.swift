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
    if killed.count == 1, let process = killed.first, process.reason == ReportPieceReader.cr4shedJetsamReason {
      return cr4shedJetsam(process, evidence: evidence)
    }
    for process in killed { facts.append(Fact("killed", "\(process.name) (\(process.reason ?? ""))")) }
    let names = killed.map { "\($0.name) (\($0.reason ?? ""))" }.joined(separator: ", ")
    let frontmost = killed.filter { $0.states.contains("frontmost") }.map(\.name)
    var explanation = "The jetsam event lists the killed processes with their reasons: \(names)."
    if !frontmost.isEmpty { explanation += " Frontmost: \(frontmost.joined(separator: ", "))." }
    // Apple's own processes (SpringBoard, daemons) are killed at their limits too; then there is
    // nothing to change in an app.
    let allSystem = killed.allSatisfy { Self.isSystemProcess(name: $0.name, bundleIdentifier: $0.bundleIdentifier) }
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

  /// A Cr4shed report (jailbreak crash reporter): Cr4shed writes "terminated for exceeding jetsam memory
  /// limits" when ReportCrash handles a memory-limit exception for the process; no figures come with it.
  func cr4shedJetsam(_ process: JetsamProcess, evidence: [Evidence]) -> Diagnosis {
    var facts = baseFacts
    facts.append(Fact("killed", process.name))
    facts.append(Fact("missing-evidence", "the memory limit, the process's footprint and the jetsam reason code"))
    var explanation =
      "This is a Cr4shed report (a jailbreak crash reporter's own format, not Apple's). Cr4shed writes this reason "
      + "when the process crossed its memory limit and the system killed it; the report gives neither the limit "
      + "nor the footprint, so how far over it went is not known."
    var advice: [String] = []
    if Self.isSystemProcess(name: process.name, bundleIdentifier: process.bundleIdentifier) {
      explanation +=
        " \(process.name) is part of the system, not a third-party app: on a jailbroken device, code injected into "
        + "it (the tweaks under /Library/MobileSubstrate in Binary Images) is the first suspect."
      advice.append(
        "Remove or update the tweaks injected into \(process.name) (Binary Images, /Library/MobileSubstrate), then "
          + "see whether the kill comes back.")
    }
    return Diagnosis(
      kind: .jetsam, confidence: .medium,
      summary: "\(process.name) was killed for exceeding its memory limit (as Cr4shed reports it).",
      explanation: explanation, advice: advice, evidence: evidence, facts: facts)
  }

  /// Apple's own processes that reports name: SpringBoard and the daemons that appear in jetsam and
  /// watchdog reports, or any `com.apple.` bundle.
  static let systemProcessNames: Set<String> = [
    "SpringBoard", "backboardd", "mediaserverd", "locationd", "assertiond", "runningboardd",
  ]

  static func isSystemProcess(name: String?, bundleIdentifier: String?) -> Bool {
    if let name, systemProcessNames.contains(name) { return true }
    guard let bundleIdentifier else { return false }
    return bundleIdentifier.hasPrefix("com.apple.") || systemProcessNames.contains(bundleIdentifier)
      || bundleIdentifier == "com.apple.springboard"
  }

}
