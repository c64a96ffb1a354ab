import Foundation

/// Termination namespaces that decide the kind without a code of their own (DYLD, CODESIGNING…).
extension ClassifierContext {
  func dyldFailure() -> Diagnosis {
    var evidence = terminationEvidence
    if let termination = report.termination {
      for detail in termination.details.prefix(3) {
        evidence.append(self.evidence(nil, detail, "dyld's reason"))
      }
    }
    let library = report.termination?.details.first(where: { $0.contains("Library not loaded") })
    return Diagnosis(
      kind: .dyldLaunchFailure, confidence: .high,
      summary: "dyld could not launch the app"
        + (library.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? "."),
      explanation: "The termination namespace is DYLD: the process died before main().",
      evidence: evidence, facts: baseFacts)
  }

}
