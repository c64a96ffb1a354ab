import Foundation

/// Reports that are not app crashes (stackshots, panics, other bug types).
extension ClassifierContext {
  func notACrash(_ kind: DiagnosisKind) -> Diagnosis {
    var evidence: [Evidence] = []
    if let other = report.otherDescription {
      evidence.append(self.evidence(other.location, other.value, "what the report says it is"))
    }
    evidence += codeEvidence.filter { _ in kind == .stackshot }
    var facts = baseFacts
    if let bugType = report.bugType { facts.append(Fact("bug-type", bugType)) }
    return Diagnosis(
      kind: kind, confidence: .high,
      summary: kind.reference.title + ".",
      explanation: kind.reference.meaning + (report.otherDescription.map { " It says: \($0.value)" } ?? ""),
      evidence: evidence, facts: facts)
  }

  func simple(_ kind: DiagnosisKind, _ confidence: Confidence, _ summary: String) -> Diagnosis {
    Diagnosis(
      kind: kind, confidence: confidence, summary: summary, explanation: kind.reference.meaning,
      evidence: terminationEvidence + exceptionEvidence, facts: baseFacts)
  }

}
