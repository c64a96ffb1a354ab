extension ByteText {
  /// Foundation's `range(of:)`, done on bytes when both texts are plain ASCII (there it is a byte
  /// search); other text keeps Foundation's Unicode-aware search.
  static func range(of pattern: String, in text: Substring) -> Range<Substring.Index>? {
    guard let found = plainOffset(of: pattern, in: text) else { return text.range(of: pattern) }
    guard let offset = found else { return nil }
    let lower = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    return lower..<text.utf8.index(lower, offsetBy: pattern.utf8.count)
  }

  /// Where `pattern` first starts in `text` when both are plain ASCII (`.some(nil)`: nowhere); `nil`
  /// when either is not, and the caller must ask Foundation.
  static func plainOffset(of pattern: String, in text: Substring) -> Int?? {
    var pattern = pattern
    return pattern.withUTF8 { needle in
      text.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
        guard isPlain(bytes), isPlain(needle) else { return nil }
        return .some(firstIndex(of: needle, in: bytes))
      } ?? nil
    }
  }

  /// The first occurrence of `pattern`'s exact bytes in `text`, whatever the text: a pure byte search
  /// for ASCII markers in descriptors (`name: "`, `(owner: `).
  static func byteRange(of pattern: String, in text: Substring) -> Range<Substring.Index>? {
    var pattern = pattern
    let offset = pattern.withUTF8 { needle -> Int?? in
      text.utf8.withContiguousStorageIfAvailable { bytes in firstIndex(of: needle, in: bytes) }
    }
    if let offset {
      guard let offset else { return nil }
      let lower = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
      return lower..<text.utf8.index(lower, offsetBy: pattern.utf8.count)
    }
    // Not contiguous (rare for a Substring): walk the UTF-8 view.
    let needle = Array(pattern.utf8)
    guard let first = needle.first else { return text.startIndex..<text.startIndex }
    let utf8 = text.utf8
    var cursor = utf8.startIndex
    while let candidate = utf8[cursor...].firstIndex(of: first) {
      var probe = candidate
      var matched = 0
      while matched < needle.count, probe < utf8.endIndex, utf8[probe] == needle[matched] {
        matched += 1
        probe = utf8.index(after: probe)
      }
      if matched == needle.count { return candidate..<probe }
      cursor = utf8.index(after: candidate)
    }
    return nil
  }

  /// `text` without leading and trailing spaces and tabs.
  static func trimmingBlanks(_ text: Substring) -> Substring {
    let utf8 = text.utf8
    guard let start = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return text[text.endIndex...] }
    let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) ?? start
    // `last` is the final byte of the last non-blank scalar, so the byte after it is a scalar boundary.
    return text[start..<utf8.index(after: last)]
  }
}
