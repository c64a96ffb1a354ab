import BglogKit

/// `check --format text`: one entry per group, the errors, a summary and the result.
public struct CheckTextRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    var out = ""
    for group in evaluation.groups {
      let label = CheckWording.pad(CheckWording.status(group.status), 17)
      out += "\(label)\(group.kind) ×\(group.count) [\(group.confidence.rawValue)]"
      out += "  \(group.signature.text)  #\(group.signature.fingerprint)\n"
      out += "  at \(CheckWording.where_(group))\n"
      out += "  \(group.first.finding.summary)\n"
    }
    for file in evaluation.files {
      if let error = file.error { out += CheckWording.pad("error", 17) + ErrorDescription.located(error) + "\n" }
    }
    if !out.isEmpty { out += "\n" }
    out += CheckWording.inputs(evaluation.counts) + "\n"
    out += CheckWording.findings(evaluation.counts) + " (" + CheckWording.policy(evaluation) + ")\n"
    out += "check " + CheckWording.verdict(evaluation) + "\n"
    return out
  }
}
