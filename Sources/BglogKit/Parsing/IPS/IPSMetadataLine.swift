/// The one-line JSON object that opens an `.ips` crash report (`{"app_name":"SoloQuest",…,"bug_type":"309",…}`).
///
/// A console reader can take it for a `log show --style json` record (it holds a `timestamp`), so a cut
/// `.ips`, whose body no longer parses, reads as a one-record console log. The line is a crash report's,
/// never a log record: ``count(in:)`` tells a command how many of a file's records are such lines.
public enum IPSMetadataLine {
  /// Whether a line is an `.ips` metadata line: one JSON object on one line (`{` … `}`) holding the
  /// `"bug_type"` member every metadata line has.
  public static func isMetadataLine(_ line: Substring) -> Bool {
    let text = TextScanning.trimmed(line)
    guard text.utf8.first == 0x7B, text.utf8.last == 0x7D else { return false }
    return PlainSearch.range(of: "\"bug_type\"", in: text) != nil
  }

  /// How many lines of `source` are `.ips` metadata lines (``isMetadataLine(_:)``), counting the first
  /// non-blank line also when it is a metadata line cut at its start that the report reader reads as one
  /// (NetNewsWire #4403: `_type":"309",…,"name":"NetNewsWire"}` before the body's `{`).
  public static func count(in source: SourceText) -> Int {
    var count = 0
    var seenText = false
    for index in 0..<source.lineCount {
      let line = source.lineText(index)
      if isMetadataLine(line) {
        count += 1
      } else if !seenText, !TextScanning.isBlankLine(line),
        CrashReportReader.cutMetadataReport(line.drop(while: \.isWhitespace), in: source) != nil
      {
        count += 1
      }
      seenText = seenText || !TextScanning.isBlankLine(line)
    }
    return count
  }
}
