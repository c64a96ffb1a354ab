/// A report quoted on a web page between double quote marks: a 2011 blog post
/// (purushukla.blogspot.com, "application has active assertions") wraps an iOS 4/5 assertion list as
/// `"Application Specific Information:` … `)}"`, so the opening line no longer starts with a report key and
/// the whole list was refused as no report.
///
/// The two marks are paste residue only when they wrap the quote whole: the opening `"` starts a line (after
/// blanks) whose rest opens a report and holds no other `"`, no line in between holds a `"`, and a later line
/// ends with the closing `"` as its only one. Both marks are blanked, keeping every line's number and column.
enum QuotedReportPaste {
  /// The text with the two marks blanked, and the 1-based lines of the opening and closing marks; nil when no
  /// such quote is in the text.
  static func unquoted(_ source: SourceText) -> (source: SourceText, openLine: Int, closeLine: Int)? {
    guard let (open, close) = quote(in: source) else { return nil }
    var lines: [Substring] = []
    lines.reserveCapacity(source.lineCount)
    for index in 0..<source.lineCount {
      let text = source.lineText(index)
      if index == open, let mark = text.firstIndex(of: "\"") {
        lines.append(Substring(String(text[..<mark]) + " " + text[text.index(after: mark)...]))
      } else if index == close, let mark = text.lastIndex(of: "\"") {
        lines.append(Substring(String(text[..<mark]) + " " + text[text.index(after: mark)...]))
      } else {
        lines.append(text)
      }
    }
    return (SourceText(text: lines.joined(separator: "\n")), open + 1, close + 1)
  }

  /// The 0-based lines of the opening and closing marks.
  private static func quote(in source: SourceText) -> (open: Int, close: Int)? {
    var index = 0
    while index < source.lineCount {
      let text = TextScanning.trimmedLeading(source.lineText(index))
      guard text.first == "\"" else {
        index += 1
        continue
      }
      let rest = text.dropFirst()
      guard !rest.contains("\""), TextReportBuilder.opensReport(rest) else {
        index += 1
        continue
      }
      var next = index + 1
      while next < source.lineCount {
        let line = TextScanning.trimmed(source.lineText(next))
        if let mark = line.firstIndex(of: "\"") {
          // The closing mark ends its line and is the line's only one; any other `"` is no wrapping quote.
          guard line.index(after: mark) == line.endIndex else { break }
          return (index, next)
        }
        next += 1
      }
      index = next
    }
    return nil
  }

  /// The note on a report read from the unquoted text.
  static func note(openLine: Int, closeLine: Int) -> ParseIssue {
    ParseIssue(
      "the double quote marks wrapping lines \(openLine)–\(closeLine) (a quoted report) were set aside",
      at: .line(openLine))
  }
}
