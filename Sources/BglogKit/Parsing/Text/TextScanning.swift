/// Small byte-level helpers shared by the text report readers.
///
/// Text reports are column-aligned with spaces or tabs, or with single spaces once a paste has
/// collapsed them, so everything here splits on runs of blanks and never trusts a column.
enum TextScanning {
  /// Whether a character is a column separator (space or tab).
  static func isBlank(_ character: Character) -> Bool {
    character == " " || character == "\t"
  }

  /// The text without leading and trailing spaces and tabs.
  static func trimmed(_ text: Substring) -> Substring {
    guard let first = text.firstIndex(where: { !isBlank($0) }) else { return text[text.endIndex...] }
    let last = text.lastIndex(where: { !isBlank($0) }) ?? first
    return text[first...last]
  }

  /// The text without leading spaces and tabs.
  static func trimmedLeading(_ text: Substring) -> Substring {
    text.drop(while: isBlank)
  }

  /// Whether the text holds nothing but spaces and tabs.
  static func isBlankLine(_ text: Substring) -> Bool {
    text.allSatisfy { isBlank($0) || $0 == "\u{FEFF}" }
  }

  /// The blank-separated words of a line, as slices of it (so the text between them can be recovered).
  static func tokens(_ text: Substring) -> [Substring] {
    var result: [Substring] = []
    var index = text.startIndex
    while index < text.endIndex {
      while index < text.endIndex, isBlank(text[index]) { index = text.index(after: index) }
      guard index < text.endIndex else { break }
      let start = index
      while index < text.endIndex, !isBlank(text[index]) { index = text.index(after: index) }
      result.append(text[start..<index])
    }
    return result
  }

  /// Splits `Key: Value`, accepting only keys that look like report keys (ASCII words, at most
  /// 48 characters), so that prose, frames and symbols with colons are not mistaken for fields.
  static func keyValue(_ line: Substring) -> (key: Substring, value: Substring)? {
    guard let first = line.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return nil }
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon]
    guard key.utf8.count <= 48 else { return nil }
    for byte in key.utf8 {
      let isWordByte =
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      let isPunctuation =
        byte == 0x20 || byte == 0x09 || byte == 0x2F || byte == 0x2D || byte == 0x5F
        || byte == 0x28 || byte == 0x29 || byte == 0x2E
      guard isWordByte || isPunctuation else { return nil }
    }
    let trimmedKey = trimmed(key)
    guard !trimmedKey.isEmpty else { return nil }
    let value = trimmed(line[line.index(after: colon)...])
    return (trimmedKey, value)
  }

  /// Reads `0x1F` (hex) or `31` (decimal); nil when the text is not a number or does not fit.
  static func number(_ text: Substring) -> UInt64? {
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      let digits = text.dropFirst(2)
      return digits.isEmpty ? nil : UInt64(digits, radix: 16)
    }
    guard !text.isEmpty, text.allSatisfy(\.isASCII) else { return nil }
    return UInt64(text, radix: 10)
  }

  /// Reads hex digits with or without `0x`.
  static func hex(_ text: Substring) -> UInt64? {
    let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : text
    return digits.isEmpty ? nil : UInt64(digits, radix: 16)
  }

  /// Whether a token is an instruction address: `0x…` hex, or a long run of decimal zeros and
  /// digits as older reports print for `???` frames (`000000000000000000`).
  static func isAddress(_ token: Substring) -> Bool {
    if token.hasPrefix("0x") || token.hasPrefix("0X") {
      let digits = token.dropFirst(2)
      return !digits.isEmpty && digits.count <= 16 && digits.allSatisfy(\.isHexDigit)
    }
    return token.count >= 8 && token.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Reads a small non-negative decimal integer (thread and frame numbers).
  static func smallInt(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// Reads the integer at the start of a text (`4  Dispatch queue: …` → 4).
  static func leadingInt(_ text: Substring) -> Int? {
    smallInt(trimmedLeading(text).prefix(while: { $0.isASCII && $0.isNumber }))
  }
}
