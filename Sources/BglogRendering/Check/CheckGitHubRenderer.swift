import BglogKit

/// `check --format github`: GitHub Actions workflow commands, one annotation per group at its first file
/// and line, plus one per unreadable input, then the text summary.
///
/// Values are escaped as GitHub's toolkit does (`@actions/core` `command.ts`): `%`, CR and LF in the
/// message; additionally `:` and `,` in properties.
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
      var message = group.first.finding.summary + "\nsignature: \(group.signature.text)"
      message += " #\(group.signature.fingerprint)\nconfidence: \(group.confidence.rawValue)"
      if group.files.count > 1 {
        let listed = group.files.prefix(10).map(CheckWording.path).joined(separator: ", ")
        message += "\nfiles: \(listed)" + (group.files.count > 10 ? " and \(group.files.count - 10) more" : "")
      }
      out += Self.command(
        command, file: group.first.file, line: group.first.finding.line, title: title, message: message)
    }
    for error in evaluation.files.compactMap(\.error) {
      let command = evaluation.policy.inputErrors == .ignore ? "warning" : "error"
      out += Self.command(
        command, file: error.path, line: ErrorDescription.line(error),
        title: error.isReadInPart ? "bglog: input read in part" : "bglog: input could not be read",
        message: ErrorDescription.message(error))
    }
    out += CheckWording.inputs(evaluation.counts) + "\n"
    out += CheckWording.findings(evaluation.counts) + " (" + CheckWording.policy(evaluation) + ")\n"
    out += "check " + CheckWording.verdict(evaluation) + "\n"
    return out
  }

  /// One workflow command line: `::error file=F,line=N,title=T::message`.
  public static func command(_ name: String, file: String, line: Int?, title: String, message: String) -> String {
    var properties: [String] = []
    if file != "-" { properties.append("file=" + escapeProperty(file)) }
    if let line, file != "-" { properties.append("line=\(line)") }
    properties.append("title=" + escapeProperty(title))
    return "::\(name) \(properties.joined(separator: ","))::\(escapeData(message))\n"
  }

  /// Escapes a message: `%`, CR, LF.
  public static func escapeData(_ text: String) -> String {
    var out = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  /// Escapes a property value: as a message, plus `:` and `,`.
  public static func escapeProperty(_ text: String) -> String {
    var out = ""
    for character in escapeData(text).unicodeScalars {
      switch character {
      case ":": out += "%3A"
      case ",": out += "%2C"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }
}
