/// Word wrapping for terminal text, shared by the renderers and the CLI's reference pages.
public enum TextWrapping {
  /// Wraps `text` at `width` columns; the first line starts with `indent`, the others with
  /// `continuation` (spaces as wide as `indent` by default). Ends with a newline.
  public static func wrap(_ text: String, indent: String, continuation: String? = nil, width: Int = 100) -> String {
    var out = ""
    var line = indent
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord, line.count + 1 + word.count > width {
        out += line + "\n"
        line = continuation ?? String(repeating: " ", count: indent.count)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    return out + line + "\n"
  }
}
