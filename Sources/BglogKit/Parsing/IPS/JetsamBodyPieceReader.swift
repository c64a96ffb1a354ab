/// Reads a piece of a JetsamEvent body pasted from inside its object: no `.ips` metadata line, no opening
/// brace, the first line a member (manaflow-ai/cmux #4214: the "key fields" `"largestProcess": "node",`,
/// `"memoryStatus": {`, then `memoryPages` members with the author's own `// ~70 MB free on 8 GB box` comments,
/// cut inside `memoryPages`). The omlx #702 body, which opens with `{` and `bug_type`, is read by
/// ``CutBodyWithoutMetadata`` instead; this piece starts after both.
///
/// Only a text whose every non-blank line is a JSON member, a brace or bracket, or a list item (a `//` comment
/// after it set aside) is read, and a JetsamEvent key (`largestProcess` or `memoryStatus`) must be a member of one
/// of its first lines, as ``CutBodyWithoutMetadata`` asks of a body.
enum JetsamBodyPieceReader {
  /// The lines searched for the JetsamEvent key, from the first non-blank line.
  static let headLines = 12

  /// The report of the piece, or nil when the text is anything else.
  static func read(_ source: SourceText) -> CrashReport? {
    var firstLine: Int?
    var lastLine = 0
    var sawJetsamKey = false
    var commentLines: [Int] = []
    for index in 0..<source.lineCount {
      let raw = source.lineText(index)
      guard raw.utf8.count <= 4096 else { return nil }
      let (text, hadComment) = withoutComment(raw.trimmedForJSON)
      if text.isEmpty {
        // A line holding only a comment is the author's too.
        if hadComment { commentLines.append(index + 1) }
        continue
      }
      if hadComment { commentLines.append(index + 1) }
      if firstLine == nil {
        guard text.hasPrefix("\"") else { return nil }
        firstLine = index + 1
      }
      lastLine = index + 1
      if ["{", "}", "},", "[", "]", "],"].contains(text) { continue }
      if let key = memberKey(text) {
        if let first = firstLine, index + 1 < first + headLines, key == "largestProcess" || key == "memoryStatus" {
          sawJetsamKey = true
        }
        continue
      }
      // A list item: a number or a string, with or without its comma.
      let item = text.hasSuffix(",") ? String(text.dropLast()) : text
      if Double(item) != nil || (item.hasPrefix("\"") && item.hasSuffix("\"") && item.count >= 2) { continue }
      return nil
    }
    guard let firstLine, sawJetsamKey else { return nil }
    var report = CrashReport(format: .ips, category: .jetsam, startLine: firstLine, endLine: lastLine)
    report.jetsam = JetsamEvent()
    JetsamBodyReader.scanTolerantly(source, lines: (firstLine - 1)..<lastLine, into: &report)
    report.issues.append(
      ParseIssue(
        "a piece of a JetsamEvent body from inside its object (it starts with a member: no .ips metadata line, no "
          + "opening brace); the JSON body is cut at line \(lastLine); read line by line",
        at: .line(firstLine)))
    if !commentLines.isEmpty {
      report.issues.append(
        ParseIssue(
          "`//` comments, which JSON does not have (the paste's author's), were set aside (line "
            + commentLines.map(String.init).joined(separator: ", ") + ")",
          at: .line(commentLines[0])))
    }
    return report
  }

  /// The member's key when the line is `"key": value` (or `"key" : value`).
  private static func memberKey(_ text: String) -> String? {
    guard text.hasPrefix("\"") else { return nil }
    let rest = text.dropFirst()
    guard let close = rest.firstIndex(of: "\"") else { return nil }
    let after = rest[rest.index(after: close)...].drop(while: { $0 == " " || $0 == "\t" })
    guard after.first == ":" else { return nil }
    let key = String(rest[..<close])
    return key.isEmpty ? nil : key
  }

  /// The line without a `//` comment outside a string, trimmed, and whether it had one.
  static func withoutComment(_ text: String) -> (String, Bool) {
    guard let start = commentStart(text) else { return (text, false) }
    return (String(text[..<start]).trimmedForJSON, true)
  }

  /// Where a `//` comment outside a JSON string starts in the line, if it has one.
  static func commentStart(_ text: String) -> String.Index? {
    var inString = false
    var escaped = false
    var previousSlash = false
    for index in text.indices {
      let character = text[index]
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      if character == "\"" {
        inString = true
        previousSlash = false
      } else if character == "/" {
        if previousSlash { return text.index(before: index) }
        previousSlash = true
      } else {
        previousSlash = false
      }
    }
    return nil
  }
}
