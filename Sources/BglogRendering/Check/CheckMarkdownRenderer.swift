import BglogKit

/// `check --format markdown`, and the summary `github` appends to `$GITHUB_STEP_SUMMARY`: the result, a
/// table of groups and the inputs that could not be read.
public struct CheckMarkdownRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    var out = "## bglog check: \(evaluation.verdict == .pass ? "passed" : "**failed**")\n\n"
    out += "\(CheckWording.verdict(evaluation)).\n\n"
    out += "- \(CheckWording.inputs(evaluation.counts))\n"
    out += "- \(CheckWording.findings(evaluation.counts))\n"
    out += "- policy: `\(CheckWording.policy(evaluation))`\n\n"
    if !evaluation.groups.isEmpty {
      out += "| status | kind | count | confidence | where | signature |\n"
      out += "| --- | --- | ---: | --- | --- | --- |\n"
      for group in evaluation.groups {
        let cells = [
          CheckWording.status(group.status), "`\(group.kind)`", String(group.count), group.confidence.rawValue,
          cell(CheckWording.where_(group)), cell(group.signature.text),
        ]
        out += "| " + cells.joined(separator: " | ") + " |\n"
      }
      out += "\n"
    }
    let errors = evaluation.files.compactMap(\.error)
    if !errors.isEmpty {
      out += "### Inputs that could not be read\(errors.contains(where: \.isReadInPart) ? " in full" : "")\n\n"
      for error in errors { out += "- \(ErrorDescription.located(error, for: .markdown))\n" }
      out += "\n"
    }
    return out
  }

  /// Table-cell text: the Markdown sink (one line, punctuation escaped so file names show as written).
  private func cell(_ text: String) -> String { Escaper.escape(text, for: .markdown) }
}
