/// Small byte-level helpers shared by the text report readers.
///
/// Text reports are column-aligned with spaces or tabs, or with single spaces once a paste has
/// collapsed them, so everything here splits on runs of blanks and never trusts a column.
///
/// Almost every line of a real report is ASCII, so each helper first scans UTF-8 bytes and only
/// falls back to `Character` semantics when a non-ASCII byte is next to what it decides: a blank
/// followed by a combining mark is one `Character` that is not a blank, and byte scanning must
/// not split it. The fallbacks keep the results identical to the `Character`-based originals.
enum TextScanning {
  /// Whether a character is a column separator (space or tab).
  static func isBlank(_ character: Character) -> Bool {
    character == " " || character == "\t"
  }

  @inline(__always)
  static func isBlankByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }

  /// The text without leading and trailing spaces and tabs.
  static func trimmed(_ text: Substring) -> Substring {
    // The common case, nothing to trim, without touching the storage.
    if let first = text.utf8.first, let last = text.utf8.last, !isBlankByte(first), !isBlankByte(last) {
      return text
    }
    let fast: Substring?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Substring? in
      var start = 0
      var end = bytes.count
      while start < end, isBlankByte(bytes[start]) { start += 1 }
      if start == end { return text[text.endIndex...] }
      while end > start, isBlankByte(bytes[end - 1]) { end -= 1 }
      // A blank next to a non-ASCII scalar may belong to its grapheme cluster: decide by Character.
      if start > 0, bytes[start] >= 0x80 { return nil }
      if end < bytes.count, bytes[end - 1] >= 0x80 { return nil }
      if start == 0, end == bytes.count { return text }
      let utf8 = text.utf8
      return text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }
    if let fast, let result = fast { return result }
    guard let first = text.firstIndex(where: { !isBlank($0) }) else { return text[text.endIndex...] }
    let last = text.lastIndex(where: { !isBlank($0) }) ?? first
    return text[first...last]
  }

  /// The text without leading spaces and tabs.
  static func trimmedLeading(_ text: Substring) -> Substring {
    if let first = text.utf8.first, !isBlankByte(first) { return text }
    let fast: Substring?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Substring? in
      var start = 0
      while start < bytes.count, isBlankByte(bytes[start]) { start += 1 }
      if start == 0 { return text }
      if start == bytes.count { return text[text.endIndex...] }
      if bytes[start] >= 0x80 { return nil }
      return text[text.utf8.index(text.utf8.startIndex, offsetBy: start)...]
    }
    if let fast, let result = fast { return result }
    return text.drop(while: isBlank)
  }

  /// Whether the text holds nothing but spaces and tabs.
  static func isBlankLine(_ text: Substring) -> Bool {
    let fast: Bool?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      var sawNonASCII = false
      for byte in bytes where !isBlankByte(byte) {
        if byte < 0x80 { return false }
        sawNonASCII = true
      }
      return sawNonASCII ? nil : true
    }
    if let fast, let result = fast { return result }
    return text.allSatisfy { isBlank($0) || $0 == "\u{FEFF}" }
  }

  /// The blank-separated words of a line, as slices of it (so the text between them can be recovered).
  static func tokens(_ text: Substring) -> [Substring] {
    let fast: [Substring]?? = text.utf8.withContiguousStorageIfAvailable { bytes -> [Substring]? in
      var combined: UInt8 = 0
      for byte in bytes { combined |= byte }
      guard combined < 0x80 else { return nil }
      let utf8 = text.utf8
      var result: [Substring] = []
      var index = 0
      while index < bytes.count {
        while index < bytes.count, isBlankByte(bytes[index]) { index += 1 }
        guard index < bytes.count else { break }
        let start = index
        while index < bytes.count, !isBlankByte(bytes[index]) { index += 1 }
        result.append(text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: index)])
      }
      return result
    }
    if let fast, let result = fast { return result }
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

  /// The first `count` characters, counted in bytes when the text around the cut is ASCII.
  static func prefix(_ text: Substring, _ count: Int) -> Substring {
    let fast: Substring?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Substring? in
      // One byte past the cut must be ASCII too, or a combining mark could extend the last character.
      let checked = min(bytes.count, count + 1)
      var combined: UInt8 = 0
      for byte in bytes[..<checked] { combined |= byte }
      guard combined < 0x80 else { return nil }
      if bytes.count <= count { return text }
      return text[..<text.utf8.index(text.utf8.startIndex, offsetBy: count)]
    }
    if let fast, let result = fast { return result }
    return text.prefix(count)
  }

  /// `text.hasPrefix(prefix)` for an ASCII `prefix`, comparing bytes when the text there is ASCII.
  static func hasPrefix(_ text: Substring, _ prefix: String) -> Bool {
    let fast: Bool?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      let count = prefix.utf8.count
      // The byte after the prefix must be ASCII too: a combining mark there changes the last character.
      for index in 0..<min(bytes.count, count + 1) where bytes[index] >= 0x80 { return nil }
      guard bytes.count >= count else { return false }
      var index = 0
      for byte in prefix.utf8 {
        guard bytes[index] == byte else { return false }
        index += 1
      }
      return true
    }
    if let fast, let result = fast { return result }
    return text.hasPrefix(prefix)
  }

  /// `text.hasSuffix(suffix)` for an ASCII `suffix`, comparing bytes when the text there is ASCII.
  static func hasSuffix(_ text: Substring, _ suffix: String) -> Bool {
    let fast: Bool?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      let count = suffix.utf8.count
      // The byte before the suffix must be ASCII too: a prepended mark there joins the first character.
      for index in max(0, bytes.count - count - 1)..<bytes.count where bytes[index] >= 0x80 { return nil }
      guard bytes.count >= count else { return false }
      var index = bytes.count - count
      for byte in suffix.utf8 {
        guard bytes[index] == byte else { return false }
        index += 1
      }
      return true
    }
    if let fast, let result = fast { return result }
    return text.hasSuffix(suffix)
  }

  /// Whether every byte of the text is ASCII (so bytes, scalars and characters coincide).
  static func isASCII(_ text: Substring) -> Bool {
    let fast: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var combined: UInt8 = 0
      for byte in bytes { combined |= byte }
      return combined < 0x80
    }
    return fast ?? text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Splits `Key: Value`, accepting only keys that look like report keys (ASCII words, at most
  /// 48 characters), so that prose, frames and symbols with colons are not mistaken for fields.
  static func keyValue(_ line: Substring) -> (key: Substring, value: Substring)? {
    guard let firstByte = line.utf8.first else { return nil }
    // A key after the backtick of an inline code span left open in a Markdown paste (`` `Date/Time: ``,
    // barcode-ANE #34) is the key itself.
    if firstByte == 0x60 {
      let rest = line.dropFirst()
      guard let next = rest.utf8.first, next != 0x60 else { return nil }
      // The span closed on the same line (`` `Termination Reason: FRONTBOARD 0xbaadca11` ``): its
      // closing backtick is not part of the value.
      guard var pair = keyValue(rest) else { return nil }
      if pair.value.utf8.last == 0x60 { pair.value = trimmed(pair.value.dropLast()) }
      return pair
    }
    // A key after the HTML tags of a saved web page's code block (`<pre><code class="copyable">Exception
    // Type: …`, a juejin.cn article saved as HTML) is the key itself; closing tags after the value
    // (`0</code></pre>`) are not part of it.
    if firstByte == 0x3C {
      let rest = droppingCodeBlockTags(line)
      guard rest.utf8.count < line.utf8.count, rest.utf8.first != 0x3C, var pair = keyValue(rest) else { return nil }
      pair.value = droppingClosingCodeBlockTags(pair.value)
      return pair
    }
    if firstByte < 0x80 {
      // An ASCII letter is the only ASCII scalar that is alphabetic.
      guard (firstByte >= 0x41 && firstByte <= 0x5A) || (firstByte >= 0x61 && firstByte <= 0x7A) else { return nil }
    } else {
      guard let first = line.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return nil }
    }
    // The key must be ASCII, so the first `:` byte is the first `:` character unless a combining
    // mark follows it (then the old Character search decides).
    guard var colon = line.utf8.firstIndex(of: 0x3A) else { return nil }
    let after = line.utf8.index(after: colon)
    if after < line.utf8.endIndex, line.utf8[after] >= 0x80 {
      guard let characterColon = line.firstIndex(of: ":") else { return nil }
      colon = characterColon
    }
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

  /// The HTML tags that open or close a code block on a saved web page.
  private static let codeBlockTags = ["<pre", "<code", "</pre", "</code"]

  /// The text after a run of leading `<pre>`, `<pre …>`, `<code>`, `<code …>`, `</pre>`, `</code>` tags
  /// and the blanks between them; the text itself when it opens with none.
  static func droppingCodeBlockTags(_ text: Substring) -> Substring {
    var rest = text
    while rest.utf8.first == 0x3C {
      guard let tag = codeBlockTags.first(where: { hasPrefix(rest, $0) }) else { break }
      let afterName = rest.utf8.index(rest.utf8.startIndex, offsetBy: tag.utf8.count)
      guard afterName < rest.utf8.endIndex, rest.utf8[afterName] == 0x3E || rest.utf8[afterName] == 0x20,
        let close = rest.utf8[afterName...].firstIndex(of: 0x3E)
      else { break }
      rest = trimmedLeading(rest[rest.utf8.index(after: close)...])
    }
    return rest
  }

  /// The text without trailing `</code>` and `</pre>` tags.
  static func droppingClosingCodeBlockTags(_ text: Substring) -> Substring {
    var text = text
    while text.utf8.last == 0x3E, let tag = ["</code>", "</pre>"].first(where: { hasSuffix(text, $0) }) {
      text = trimmed(text.dropLast(tag.count))
    }
    return text
  }

  /// Reads `0x1F` (hex) or `31` (decimal); nil when the text is not a number or does not fit.
  static func number(_ text: Substring) -> UInt64? {
    if hasPrefix(text, "0x") || hasPrefix(text, "0X") {
      let digits = text.dropFirst(2)
      return digits.isEmpty ? nil : UInt64(digits, radix: 16)
    }
    guard !text.isEmpty, isASCII(text) else { return nil }
    return UInt64(text, radix: 10)
  }

  /// Reads hex digits with or without `0x`.
  static func hex(_ text: Substring) -> UInt64? {
    let digits = hasPrefix(text, "0x") || hasPrefix(text, "0X") ? text.dropFirst(2) : text
    return digits.isEmpty ? nil : UInt64(digits, radix: 16)
  }

  /// Whether a token is an instruction address: `0x…` hex, or a long run of decimal zeros and
  /// digits as older reports print for `???` frames (`000000000000000000`).
  static func isAddress(_ token: Substring) -> Bool {
    let fast: Bool?? = token.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      if bytes.count >= 2, bytes[0] == 0x30, bytes[1] == 0x78 || bytes[1] == 0x58 {
        guard bytes.count > 2 else { return false }
        for byte in bytes[2...] {
          guard isHexByte(byte) else { return byte < 0x80 ? false : nil }
        }
        return bytes.count <= 18
      }
      var count = 0
      for byte in bytes {
        guard byte >= 0x30, byte <= 0x39 else { return byte < 0x80 ? false : nil }
        count += 1
      }
      return count >= 8
    }
    if let fast, let result = fast { return result }
    if token.hasPrefix("0x") || token.hasPrefix("0X") {
      let digits = token.dropFirst(2)
      return !digits.isEmpty && digits.count <= 16 && digits.allSatisfy(\.isHexDigit)
    }
    return token.count >= 8 && token.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Whether `byte` is an ASCII hex digit (either case).
  @inline(__always)
  static func isHexByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
  }

  /// Reads a small non-negative decimal integer (thread and frame numbers).
  static func smallInt(_ text: Substring) -> Int? {
    let fast: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard !bytes.isEmpty, bytes.count <= 6 else { return nil }
      var value = 0
      for byte in bytes {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    if let fast { return fast }
    guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// Reads the integer at the start of a text (`4  Dispatch queue: …` → 4).
  static func leadingInt(_ text: Substring) -> Int? {
    smallInt(trimmedLeading(text).prefix(while: { $0.isASCII && $0.isNumber }))
  }
}
