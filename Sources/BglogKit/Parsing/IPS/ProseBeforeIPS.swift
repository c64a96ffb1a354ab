/// A JSON report pasted after a few lines of prose or Markdown, keeping every line's number: the lines before
/// the report are blanked and the text from the report's first line on is read as JSON.
///
/// Seen in issue threads:
/// - an `.ips` metadata line and its body after a README's last section (a fork of github/CopilotForXcode:
///   `## Acknowledgements`, three lines of credits, then `{"app_name":"ShareExtension",…,"bug_type":"309",…}`),
///   or after `Here is the crash:` and ```` ``` ````;
/// - a MetricKit payload after a sentence, `<details>`, `<summary>TestFlight Crash Payload</summary>` and
///   ```` ````json ```` (getsentry/sentry-cocoa #1661), and an `.ips` body pretty-printed by hand after
///   `The above crash but formatted nicely:` and ```` ``` ```` (firebase/firebase-ios-sdk #12129): a line
///   holding `{` alone opens them;
/// - two `.ips` member lines, ` "exception" : {…},` and `  "termination" : {…},`, after a heading and five
///   lines of prose (xamarin/Xamarin.Forms #15840): a line that is a known report member opens them.
///
/// A console log in `log show --style json` or ndjson opens with JSON itself (never read here); prose alone
/// has no such line. When a fence was opened before the report, its closing fence and what follows it (a
/// `</details>`, more prose) are blanked too.
enum ProseBeforeIPS {
  /// The most non-blank lines (prose, headings, fences) before the report.
  static let maximumProseLines = 12

  /// The members whose `"member" : {` line can open a pasted piece of a report.
  static let reportMembers: Set<Substring> = [
    "exception", "termination", "crashDiagnostics", "callStackTree", "threads", "asi", "hangDiagnostics",
    "diagnosticMetaData", "bug_type",
  ]

  /// What opens the report after the prose.
  enum Opening: Equatable {
    /// An `.ips` metadata line followed by its body.
    case metadataLine
    /// A line holding `{` alone: a pretty-printed JSON document.
    case object
    /// A `"member" : {` line of a known report member: a piece of a body.
    case member
  }

  /// The text with the lines before the report blanked (and a closing fence after it, with what follows),
  /// the report's first line, how many non-blank lines were set aside before it, what opened it and the
  /// closing fence's line; nil when the first non-blank line opens JSON, when more than
  /// ``maximumProseLines`` come first, or when no line opening a report is found.
  static func unprefixed(_ source: SourceText) -> (
    source: SourceText, metadataLine: Int, proseLines: Int, opening: Opening, closingFenceLine: Int?
  )? {
    var prose = 0
    var fenced = false
    var start: (index: Int, opening: Opening)?
    for index in 0..<min(source.lineCount, 200) {
      let line = source.lineText(index)
      if TextScanning.isBlankLine(line) { continue }
      if IPSMetadataLine.isMetadataLine(line) {
        start = (index, .metadataLine)
        break
      }
      let text = line.drop(while: { $0 == " " || $0 == "\t" })
      if prose > 0, trimmedTrailing(text) == "{" {
        start = (index, .object)
        break
      }
      if prose > 0, isReportMemberLine(text) {
        start = (index, .member)
        break
      }
      // JSON before the report (a console export, a fragment) is not prose.
      if text.hasPrefix("{") || text.hasPrefix("[") && CrashReportReader.opensJSON(text) { return nil }
      if text.hasPrefix("```") { fenced = true }
      prose += 1
      if prose > maximumProseLines { return nil }
    }
    guard let start, prose > 0 else { return nil }
    if start.opening == .metadataLine {
      var bodyIndex = start.index + 1
      while bodyIndex < source.lineCount, TextScanning.isBlankLine(source.lineText(bodyIndex)) { bodyIndex += 1 }
      guard bodyIndex < source.lineCount,
        source.lineText(bodyIndex).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("{")
      else { return nil }
    }
    var lines: [Substring] = []
    lines.reserveCapacity(source.lineCount)
    var closingFence: Int?
    for index in 0..<source.lineCount {
      let text = source.lineText(index)
      if closingFence == nil, fenced, index > start.index, isClosingFence(text) { closingFence = index }
      lines.append(index < start.index || closingFence != nil ? "" : text)
    }
    return (
      SourceText(text: lines.joined(separator: "\n")), start.index + 1, prose, start.opening,
      closingFence.map { $0 + 1 }
    )
  }

  /// Whether `text` (without its leading blanks) is `"member" : {` (or `[`) of a known report member, or
  /// `"bug_type" : "…"`.
  static func isReportMemberLine(_ text: Substring) -> Bool {
    guard text.hasPrefix("\"") else { return false }
    let key = text.dropFirst().prefix(while: { $0 != "\"" })
    guard reportMembers.contains(key) else { return false }
    let rest = text.dropFirst(key.count + 2).drop(while: { $0 == " " || $0 == "\t" })
    guard rest.hasPrefix(":") else { return false }
    let value = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
    return value.hasPrefix("{") || value.hasPrefix("[") || (key == "bug_type" && value.hasPrefix("\""))
  }

  /// Whether a line is a Markdown fence alone: three or more backticks and nothing else but blanks.
  static func isClosingFence(_ line: Substring) -> Bool {
    let text = trimmedTrailing(line.drop(while: { $0 == " " || $0 == "\t" }))
    return text.count >= 3 && text.allSatisfy { $0 == "`" }
  }

  private static func trimmedTrailing(_ text: Substring) -> Substring {
    var text = text
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return text
  }
}

extension ProseBeforeIPS {
  /// `report` with the parse note saying what was set aside, on the report's first line.
  static func noted(
    _ report: CrashReport,
    _ unprefixed: (
      source: SourceText, metadataLine: Int, proseLines: Int, opening: Opening, closingFenceLine: Int?
    )
  ) -> CrashReport {
    let count = unprefixed.proseLines
    let what =
      switch unprefixed.opening {
      case .metadataLine: "the .ips metadata line"
      case .object: "the JSON report"
      case .member: "the report's members"
      }
    var message =
      "\(count == 1 ? "a line" : "\(count) lines") of prose or Markdown before \(what) "
      + "\(count == 1 ? "was" : "were") set aside"
    if let fence = unprefixed.closingFenceLine {
      message += ", and the closing fence on line \(fence) with what follows it"
    }
    var noted = report
    noted.issues.insert(ParseIssue(message, at: .line(unprefixed.metadataLine)), at: 0)
    return noted
  }
}
