/// A JSON report pasted into Markdown with the opening fence glued to its first brace (uYouPlus #1255:
/// `Crash log` then ```` ```{ ```` and the `.ips` body): the prose lines before the fence and the fence's
/// backticks are blanked, keeping every line's number, and the text from the brace on is read as JSON.
enum GluedFenceJSON {
  /// The most non-blank prose lines before the fence.
  static let maximumProseLines = 3

  /// The text with the prose, the fence and anything after a closing fence blanked, and the fence's line;
  /// nil when no line among the first ones opens with ```` ``` ```` glued to `{`.
  static func unfenced(_ source: SourceText) -> (source: SourceText, fenceLine: Int)? {
    var prose = 0
    var fenceIndex: Int?
    for index in 0..<source.lineCount {
      let text = source.lineText(index).drop(while: { $0 == " " || $0 == "\t" })
      if text.isEmpty { continue }
      if text.hasPrefix("```{") {
        fenceIndex = index
        break
      }
      prose += 1
      if prose > maximumProseLines || text.hasPrefix("{") || text.hasPrefix("```") { return nil }
    }
    guard let fenceIndex else { return nil }
    var lines: [Substring] = []
    lines.reserveCapacity(source.lineCount)
    var closed = false
    for index in 0..<source.lineCount {
      let text = source.lineText(index)
      if index < fenceIndex || closed {
        lines.append("")
      } else if index == fenceIndex {
        let fence = text.firstRange(of: "```")!
        lines.append(Substring(String(text[..<fence.lowerBound]) + "   " + text[fence.upperBound...]))
      } else if text.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("```") {
        closed = true
        lines.append("")
      } else {
        lines.append(text)
      }
    }
    return (SourceText(text: lines.joined(separator: "\n")), fenceIndex + 1)
  }
}
