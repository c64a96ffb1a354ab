import Foundation

/// Pasted fragments without a code: assertion lists, thread-only pastes.
extension ClassifierContext {
  /// A report excerpt with the system's list of assertions held beyond permitted time but no
  /// termination code (a pasted Application Specific Information block): the list itself says why.
  func assertionsWithoutCode() -> Diagnosis? {
    guard !report.leakedAssertions.isEmpty else { return nil }
    var evidence: [Evidence] = []
    if let text = assertionTextEvidence() { evidence.append(text) }
    evidence += assertionEvidence()
    let purposes = Set(report.leakedAssertions.map(\.purpose))
    let kind: DiagnosisKind =
      purposes.contains(.backgroundSessionEvents)
      ? .backgroundSessionCompletionNotCalled
      : purposes == [.backgroundFetch] ? .backgroundFetchTimeout : .leakedBackgroundTask
    let names = report.leakedAssertions.compactMap(\.name).joined(separator: ", ")
    return Diagnosis(
      kind: kind, confidence: .medium,
      summary: "The system lists assertions held beyond their permitted time: \(kind.reference.title.lowercased()).",
      explanation:
        "The report names the assertions the app held past their time (\(names.isEmpty ? "unnamed" : names)); "
        + "the system kills an app for that with 0x8badf00d. This excerpt has no termination reason, so the kill "
        + "itself is not shown.",
      evidence: evidence, facts: baseFacts)
  }
}
