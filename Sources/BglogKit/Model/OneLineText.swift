/// Names read from JSON (symbols, image names) may hold any character a JSON string can escape,
/// newlines included; a frame is one line of output, so control characters are written as escapes
/// (`\n`, `\r`, `\t`, `\u{1B}`) where the text is read. Escaping every output for its medium is the
/// renderers' job; this keeps a frame's own text on one line wherever it is shown.
enum OneLineText {
  /// `text` with C0 control characters and DEL written as visible escapes; the text itself when it
  /// has none (the common case, decided on bytes).
  static func clean(_ text: String) -> String {
    // `withUTF8` gives small (inline) strings contiguous bytes too, where
    // `withContiguousStorageIfAvailable` fell back to a generic search for them.
    var copy = text
    let hasControl = copy.withUTF8 { hasControlByte($0) }
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

  /// Whether `bytes` hold a C0 control byte (below 0x20) or DEL (0x7F): eight bytes at a time (a
  /// symbol is checked per frame), then byte by byte. The word tests are the exact "has a byte below
  /// n" (n ≤ 128) and "has a zero byte" tests: which byte matched is not used, only whether one did.
  static func hasControlByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let below = (word &- ones &* 0x20) & ~word & highs
      let del = word ^ (ones &* 0x7F)
      if below | ((del &- ones) & ~del & highs) != 0 { return true }
      index += 8
    }
    while index < bytes.count {
      if bytes[index] < 0x20 || bytes[index] == 0x7F { return true }
      index += 1
    }
    return false
  }

  /// ``clean(_:)`` for an optional.
  static func clean(_ text: String?) -> String? { text.map { clean($0) } }
}
