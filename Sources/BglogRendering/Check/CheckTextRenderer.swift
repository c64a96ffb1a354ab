import BglogKit

/// `check --format text`: one entry per group, the errors, a summary and the result.
public struct CheckTextRenderer: Sendable {
  /// The styling to use.
  public var style: TerminalStyle

  /// Creates a renderer.
  public init(style: TerminalStyle = TerminalStyle(enabled: false)) {
    self.style = style
  }

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    var out = ""
    for group in evaluation.groups {
      let status = CheckWording.status(group.status)
      let padded = CheckWording.pad(status, 17)
      let label = status == "fail" ? style.bold(style.red(padded)) : style.dim(padded)
      out += "\(label)\(style.bold(group.kind)) ×\(group.count) [\(group.confidence.rawValue)]"
      out += "  \(TerminalText.printable(group.signature.text))  #\(group.signature.fingerprint)\n"
      out += "  at \(TerminalText.printable(CheckWording.where_(group)))\n"
      out += "  \(TerminalText.printable(group.first.finding.summary))\n"
    }
    for file in evaluation.files {
      if let error = file.error {
        out += CheckWording.pad("error", 17) + ErrorDescription.located(error, for: .terminal) + "\n"
      }
    }
    if !out.isEmpty { out += "\n" }
    out += CheckWording.inputs(evaluation.counts) + "\n"
    out += CheckWording.findings(evaluation.counts) + " (" + CheckWording.policy(evaluation) + ")\n"
    let verdict = CheckWording.verdict(evaluation)
    out += "check " + (verdict.hasPrefix("FAILED") ? style.bold(style.red(verdict)) : style.green(verdict)) + "\n"
    return out
  }
}
