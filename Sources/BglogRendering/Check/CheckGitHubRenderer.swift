import BglogKit

/// `check --format github`: GitHub Actions workflow commands, one annotation per group at its first file
/// and line, plus one per unreadable input, then the text summary.
///
/// Every value is escaped once for its part of the command (``OutputSink/githubMessage`` or
/// ``OutputSink/githubProperty``: one line without controls, then percent-encoded as GitHub's toolkit
/// does, `@actions/core` `command.ts`); the message's own line breaks are `%0A`. The summary lines
/// after the commands hold only bglog's words and numbers.
public struct CheckGitHubRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    var out = ""
    for group in evaluation.groups where !CheckPolicy.informationalKinds.contains(group.kind) {
      let command: String
      switch group.status {
      case .fails: command = "error"
      case .belowConfidence: command = "warning"
      case .baselined, .notSelected: command = "notice"
      }
      let title = "bglog: \(group.kind) (\(CheckWording.status(group.status)), ×\(group.count))"
      var lines = [
        group.first.finding.summary, "signature: \(group.signature.text) #\(group.signature.fingerprint)",
        "confidence: \(group.confidence.rawValue)",
      ]
      if group.files.count > 1 {
        let listed = group.files.prefix(10).map(CheckWording.path).joined(separator: ", ")
        lines.append("files: \(listed)" + (group.files.count > 10 ? " and \(group.files.count - 10) more" : ""))
      }
      out += Self.command(
        command, file: group.first.file, line: group.first.finding.line, title: title,
        escapedMessage: lines.map { Escaper.escape($0, for: .githubMessage) }.joined(separator: Escaper.githubLineBreak)
      )
    }
    for error in evaluation.files.compactMap(\.error) {
      let command = evaluation.policy.inputErrors == .ignore ? "warning" : "error"
      out += Self.command(
        command, file: error.path, line: ErrorDescription.line(error),
        title: error.isReadInPart ? "bglog: input read in part" : "bglog: input could not be read",
        escapedMessage: ErrorDescription.message(error, for: .githubMessage))
    }
    out += CheckWording.inputs(evaluation.counts) + "\n"
    out += CheckWording.findings(evaluation.counts) + " (" + CheckWording.policy(evaluation) + ")\n"
    out += "check " + CheckWording.verdict(evaluation) + "\n"
    return out
  }

  /// One workflow command line, `::error file=F,line=N,title=T::message`, from raw values; each line of
  /// `message` is escaped for ``OutputSink/githubMessage``.
  public static func command(_ name: String, file: String, line: Int?, title: String, message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    return command(
      name, file: file, line: line, title: title,
      escapedMessage: lines.map { Escaper.escape(String($0), for: .githubMessage) }.joined(
        separator: Escaper.githubLineBreak))
  }

  private static func command(
    _ name: String, file: String, line: Int?, title: String, escapedMessage: String
  ) -> String {
    var properties: [String] = []
    if file != "-" { properties.append("file=" + Escaper.escape(file, for: .githubProperty)) }
    if let line, file != "-" { properties.append("line=\(line)") }
    properties.append("title=" + Escaper.escape(title, for: .githubProperty))
    return "::\(name) \(properties.joined(separator: ","))::\(escapedMessage)\n"
  }
}
