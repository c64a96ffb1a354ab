import BglogKit

/// `check --format text`: one entry per group, the errors, a summary and the result.
public struct CheckTextRenderer: Sendable {
  /// The styling to use.
  public var style: TerminalStyle
  /// The columns to fit the text to (a terminal, or `--width`): summaries and the closing lines are
  /// wrapped there, and a group line too long for it puts its signature on a line of its own, cut with
  /// `…` before the fingerprint. `nil` (a pipe, a file): every entry is written on whole lines.
  public var width: Int?

  /// The column the kind starts in: the status words are padded to it.
  private static let statusColumns = 17

  /// Creates a renderer.
  public init(style: TerminalStyle = TerminalStyle(enabled: false), width: Int? = nil) {
    self.style = style
    self.width = width
  }

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    var out = ""
    for group in evaluation.groups {
      out += render(group)
    }
    for file in evaluation.files {
      if let error = file.error {
        let text = ErrorDescription.located(error, for: .terminal)
        out += prose(text, indent: CheckWording.pad("error", Self.statusColumns))
      }
    }
    if !out.isEmpty { out += "\n" }
    out += prose(CheckWording.inputs(evaluation.counts), indent: "")
    out += prose(CheckWording.findings(evaluation.counts) + " (" + CheckWording.policy(evaluation) + ")", indent: "")
    let verdict = CheckWording.verdict(evaluation)
    out += "check " + (verdict.hasPrefix("FAILED") ? style.bold(style.red(verdict)) : style.green(verdict)) + "\n"
    return out
  }

  /// One group: `status kind ×count [confidence]  app · locus · report  #fingerprint`, where it was
  /// first found, and the first finding's summary. The signature's kind is the group's kind, so the
  /// line names it once.
  private func render(_ group: CheckGroup) -> String {
    let status = CheckWording.status(group.status)
    let padded = CheckWording.pad(status, Self.statusColumns)
    let label = status == "fail" ? style.bold(style.red(padded)) : style.dim(padded)
    let head = "\(group.kind) ×\(group.count) [\(group.confidence.rawValue)]"
    let signature = TerminalText.printable(CheckWording.signatureBeyondKind(group.signature))
    let fingerprint = "#\(group.signature.fingerprint)"
    let tail = signature.isEmpty ? fingerprint : "\(signature)  \(fingerprint)"

    var out = ""
    let oneLine = padded + head + "  " + tail
    if let width, TextWrapping.columns(oneLine) > width {
      // Narrow: the status gives up its column before the kind is pushed past the width.
      let narrow = TextWrapping.columns(padded + head) > width
      let shortLabel = status + " "
      let label = narrow ? (status == "fail" ? style.bold(style.red(shortLabel)) : style.dim(shortLabel)) : label
      out += label + style.bold(group.kind) + " ×\(group.count) [\(group.confidence.rawValue)]\n"
      // The fingerprint is what baselines and searches match: it is kept whole, the signature cut.
      let room = width - 2 - 2 - fingerprint.count
      out +=
        signature.isEmpty || room < 1
        ? "  \(fingerprint)\n" : "  \(TextWrapping.elide(signature, toColumns: room))  \(fingerprint)\n"
    } else {
      out += label + style.bold(group.kind) + " ×\(group.count) [\(group.confidence.rawValue)]  \(tail)\n"
    }
    // A location is what a reader clicks or copies: it is never broken or cut, only put on its own line.
    let whereParts = CheckWording.whereParts(group).map(TerminalText.printable)
    if let width {
      out += TextWrapping.pack(
        ["at " + whereParts[0]] + whereParts.dropFirst(), separator: " ", indent: "  ", continuation: "    ",
        width: width)
    } else {
      out += "  at " + whereParts.joined(separator: " ") + "\n"
    }
    out += prose(TerminalText.printable(group.first.finding.summary), indent: "  ")
    return out
  }

  /// `text` after `indent`, wrapped at ``width`` when there is one, else on one line.
  private func prose(_ text: String, indent: String) -> String {
    guard let width else { return indent + text + "\n" }
    return TextWrapping.wrap(
      text, indent: indent, continuation: String(repeating: " ", count: indent.count), width: width)
  }
}
