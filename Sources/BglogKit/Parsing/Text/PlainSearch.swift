import Foundation

/// Foundation's string searches (`range(of:)`, `contains`, `replacingOccurrences(of:with:)`) done on
/// UTF-8 bytes when the text and the pattern are plain ASCII (no CR), where Foundation's Unicode-aware
/// comparison is a byte comparison; any other text, and an empty pattern, goes to Foundation, so the
/// answers are the same. A Foundation search costs about 20,000 instructions even on short text.
enum PlainSearch {
  /// `text.range(of: pattern)`.
  static func range(of pattern: String, in text: String) -> Range<String.Index>? {
    range(of: pattern, in: text[...])
  }

  /// `text.range(of: pattern)`.
  static func range(of pattern: String, in text: Substring) -> Range<String.Index>? {
    guard !pattern.isEmpty else { return text.range(of: pattern) }
    return ByteText.range(of: pattern, in: text)
  }

  /// `text.contains(pattern)`.
  static func contains(_ pattern: String, in text: String) -> Bool {
    plainOffset(of: pattern, in: text[...]).map { $0 != nil } ?? text.contains(pattern)
  }

  /// `text.contains(pattern)`.
  static func contains(_ pattern: String, in text: Substring) -> Bool {
    plainOffset(of: pattern, in: text).map { $0 != nil } ?? text.contains(pattern)
  }

  /// Where a non-empty plain `pattern` first starts in plain `text` (`.some(nil)`: nowhere); nil when
  /// either is not plain and the caller must ask the original code.
  ///
  /// `withUTF8` gives short (inline) strings, such as an exception type or signal, their bytes too;
  /// `withContiguousStorageIfAvailable` (``ByteText/plainOffset(of:in:)``) sends them to Foundation.
  private static func plainOffset(of pattern: String, in text: Substring) -> Int?? {
    guard !pattern.isEmpty else { return nil }
    var needle = pattern
    var text = text
    return needle.withUTF8 { pattern in
      text.withUTF8 { bytes -> Int?? in
        guard ByteText.isPlain(bytes), ByteText.isPlain(pattern) else { return nil }
        return .some(ByteText.firstIndex(of: pattern, in: bytes))
      }
    }
  }

  /// `text.range(of: pattern, options: .backwards)`: the last occurrence.
  static func lastRange(of pattern: String, in text: Substring) -> Range<String.Index>? {
    var needle = pattern
    let found: Int?? = needle.withUTF8 { pattern in
      text.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
        guard !pattern.isEmpty, ByteText.isPlain(bytes), ByteText.isPlain(pattern) else { return nil }
        return .some(lastIndex(of: pattern, in: bytes))
      } ?? nil
    }
    guard let found else { return text.range(of: pattern, options: .backwards) }
    guard let offset = found else { return nil }
    let lower = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    return lower..<text.utf8.index(lower, offsetBy: pattern.utf8.count)
  }

  /// `text.replacingOccurrences(of: pattern, with: replacement)`; text without the pattern comes back as is.
  static func replacingOccurrences(of pattern: String, with replacement: String, in text: String) -> String {
    var text = text
    var needle = pattern
    var substitute = replacement
    let result: String?? = text.withUTF8 { bytes in
      needle.withUTF8 { pattern in
        substitute.withUTF8 { replacement -> String?? in
          guard !pattern.isEmpty, ByteText.isPlain(bytes), ByteText.isPlain(pattern), ByteText.isPlain(replacement)
          else { return nil }
          guard var found = ByteText.firstIndex(of: pattern, in: bytes) else { return .some(nil) }
          var output: [UInt8] = []
          output.reserveCapacity(bytes.count + replacement.count - pattern.count)
          var start = 0
          while true {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<found]))
            output.append(contentsOf: replacement)
            start = found + pattern.count
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            guard let next = ByteText.firstIndex(of: pattern, in: rest) else { break }
            found = start + next
          }
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
          return .some(String(decoding: output, as: UTF8.self))
        }
      }
    }
    guard let result else { return text.replacingOccurrences(of: pattern, with: replacement) }
    return result ?? text
  }

  /// Where `pattern` last starts in `text`.
  private static func lastIndex(of pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard text.count >= pattern.count else { return nil }
    var start = text.count - pattern.count
    while start >= 0 {
      var offset = 0
      while offset < pattern.count, text[start + offset] == pattern[offset] { offset += 1 }
      if offset == pattern.count { return start }
      start -= 1
    }
    return nil
  }
}
