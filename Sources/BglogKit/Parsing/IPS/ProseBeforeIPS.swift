/// An `.ips` report pasted after a few lines of prose or a Markdown fence: a README whose last section is followed
/// by a whole Facebook ShareExtension report (a fork of github/CopilotForXcode: `## Acknowledgements`, three lines
/// of credits, then `{"app_name":"ShareExtension",…,"bug_type":"309",…}` and the JSON body), or `Here is the
/// crash:` then ```` ``` ```` on its own line. The lines before the metadata line are blanked, keeping every
/// line's number, and the text from the metadata line on is read as JSON.
///
/// Only a line that is an `.ips` metadata object (``IPSMetadataLine/isMetadataLine(_:)``) whose next non-blank
/// line opens the JSON body (`{`) starts the report: a console log in `log show --style json` or ndjson opens
/// with JSON itself (never read here), and prose alone has no such line.
enum ProseBeforeIPS {
  /// The most non-blank lines (prose, headings, fences) before the metadata line.
  static let maximumProseLines = 12

  /// The text with the lines before the metadata line blanked, the metadata line's number and how many
  /// non-blank lines were set aside; nil when the first non-blank line opens JSON, when more than
  /// ``maximumProseLines`` come first, or when no metadata line followed by a JSON body is found.
  static func unprefixed(_ source: SourceText) -> (source: SourceText, metadataLine: Int, proseLines: Int)? {
    var prose = 0
    var metadataIndex: Int?
    for index in 0..<min(source.lineCount, 200) {
      let line = source.lineText(index)
      if TextScanning.isBlankLine(line) { continue }
      if IPSMetadataLine.isMetadataLine(line) {
        metadataIndex = index
        break
      }
      let text = line.drop(while: { $0 == " " || $0 == "\t" })
      // JSON before the metadata line (a console export, a fragment) is not prose.
      if text.hasPrefix("{") || text.hasPrefix("[") && CrashReportReader.opensJSON(text) { return nil }
      prose += 1
      if prose > maximumProseLines { return nil }
    }
    guard let metadataIndex, prose > 0 else { return nil }
    var bodyIndex = metadataIndex + 1
    while bodyIndex < source.lineCount, TextScanning.isBlankLine(source.lineText(bodyIndex)) { bodyIndex += 1 }
    guard bodyIndex < source.lineCount,
      source.lineText(bodyIndex).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("{")
    else { return nil }
    var lines: [Substring] = []
    lines.reserveCapacity(source.lineCount)
    for index in 0..<source.lineCount {
      lines.append(index < metadataIndex ? "" : source.lineText(index))
    }
    return (SourceText(text: lines.joined(separator: "\n")), metadataIndex + 1, prose)
  }
}
