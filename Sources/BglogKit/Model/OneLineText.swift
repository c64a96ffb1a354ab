/// Names read from JSON (symbols, image names) may hold any character a JSON string can escape,
/// newlines included; a frame is one line of output, so control characters are written as escapes
/// (`\n`, `\r`, `\t`, `\u{1B}`) where the text is read. Escaping every output for its medium is the
/// renderers' job; this keeps a frame's own text on one line wherever it is shown.
enum OneLineText {
  /// `text` with C0 control characters and DEL written as visible escapes; the text itself when it
  /// has none (the common case, decided on bytes).
  static func clean(_ text: String) -> String {
    let isControl: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F }
    // `withUTF8` gives small (inline) strings contiguous bytes too, where
    // `withContiguousStorageIfAvailable` fell back to a generic search for them.
    var copy = text
    let hasControl = copy.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        if isControl(bytes[index]) { return true }
        index += 1
      }
      return false
    }
    guard hasControl else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0..<0x20, 0x7F: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// ``clean(_:)`` for an optional.
  static func clean(_ text: String?) -> String? { text.map { clean($0) } }
}
