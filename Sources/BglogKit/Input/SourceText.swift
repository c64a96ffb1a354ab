/// The decoded text of one input, split into lines.
///
/// Real inputs arrive as UTF-8 with or without a BOM, UTF-16 exported by Windows tools, with
/// CRLF or CR-only line ends, or with invalid bytes; all of them end up here as lines of text.
/// Invalid UTF-8 is replaced with U+FFFD rather than rejected, and the decision is recorded.
public struct SourceText: Sendable {
  /// The whole decoded text.
  public let text: String
  /// The lines, without their terminators. Line `n` (1-based) is `lines[n - 1]`.
  public let lines: [Substring]
  /// How the bytes were decoded.
  public let encoding: Encoding
  /// Whether some bytes were not valid in the detected encoding and were replaced.
  public let hadInvalidBytes: Bool

  /// The text encodings bglog reads.
  public enum Encoding: String, Sendable, Hashable {
    /// UTF-8 (with or without a BOM); also plain ASCII.
    case utf8 = "UTF-8"
    /// UTF-16 little-endian.
    case utf16LittleEndian = "UTF-16LE"
    /// UTF-16 big-endian.
    case utf16BigEndian = "UTF-16BE"
  }

  /// Decodes raw bytes, detecting the encoding from a BOM or from the pattern of NUL bytes.
  public init(bytes: some Collection<UInt8>) {
    let array = Array(bytes)
    let (text, encoding, invalid) = SourceText.decode(array)
    self.init(text: text, encoding: encoding, hadInvalidBytes: invalid)
  }

  /// Wraps text that is already decoded (a leading byte-order mark is dropped).
  public init(text: String) {
    let withoutBOM = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    self.init(text: withoutBOM, encoding: .utf8, hadInvalidBytes: false)
  }

  private init(text: String, encoding: Encoding, hadInvalidBytes: Bool) {
    self.text = text
    self.encoding = encoding
    self.hadInvalidBytes = hadInvalidBytes
    self.lines = SourceText.splitLines(text)
  }

  /// The text of a 1-based line, or an empty string past the end.
  public func line(_ number: Int) -> Substring {
    number >= 1 && number <= lines.count ? lines[number - 1] : ""
  }

  /// Splits on `\n`, `\r\n` and lone `\r`, scanning UTF-8 bytes rather than characters.
  static func splitLines(_ text: String) -> [Substring] {
    let utf8 = text.utf8
    // Line ends are ASCII, so every cut is a scalar boundary: find them on the contiguous bytes
    // and turn offsets into indices only once per line.
    let fast: [Substring]? = utf8.withContiguousStorageIfAvailable { bytes in
      var result: [Substring] = []
      var lineStart = 0
      var offset = 0
      let count = bytes.count
      func append(_ lower: Int, _ upper: Int) {
        let start = utf8.index(utf8.startIndex, offsetBy: lower)
        result.append(text[start..<utf8.index(start, offsetBy: upper - lower)])
      }
      while offset < count {
        // Skip eight bytes at a time while none of them is a CR or an LF (a word-wide zero-byte test;
        // a false alarm only hands the word to the byte loop below).
        if let base = bytes.baseAddress {
          while offset + 8 <= count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A) || hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D) { break }
            offset += 8
          }
          if offset >= count { break }
        }
        let byte = bytes[offset]
        if byte == 0x0A || byte == 0x0D {
          append(lineStart, offset)
          offset += 1
          if byte == 0x0D, offset < count, bytes[offset] == 0x0A { offset += 1 }
          lineStart = offset
        } else {
          offset += 1
        }
      }
      if lineStart != count { append(lineStart, count) }
      return result
    }
    if let fast { return fast }
    var result: [Substring] = []
    var lineStart = utf8.startIndex
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x0A || byte == 0x0D {
        result.append(Substring(text[lineStart..<index]))
        var next = utf8.index(after: index)
        if byte == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A {
          next = utf8.index(after: next)
        }
        lineStart = next
        index = next
      } else {
        index = utf8.index(after: index)
      }
    }
    if lineStart != utf8.endIndex {
      result.append(Substring(text[lineStart..<utf8.endIndex]))
    }
    return result
  }

  /// Whether any of the eight bytes of `word` is zero.
  @inline(__always)
  private static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
  }

  static func decode(_ bytes: [UInt8]) -> (String, Encoding, Bool) {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      return decodeUTF8(bytes[3...])
    }
    if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
      return decodeUTF16(bytes[2...], littleEndian: true)
    }
    if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
      return decodeUTF16(bytes[2...], littleEndian: false)
    }
    // UTF-16 without a BOM: ASCII-heavy text leaves a NUL in every other byte.
    if bytes.count >= 4 {
      let sample = bytes.prefix(512)
      var evenNUL = 0
      var oddNUL = 0
      for (offset, byte) in sample.enumerated() where byte == 0 {
        if offset % 2 == 0 { evenNUL += 1 } else { oddNUL += 1 }
      }
      let half = sample.count / 2
      if oddNUL * 10 >= half * 9, evenNUL * 10 < half { return decodeUTF16(bytes[...], littleEndian: true) }
      if evenNUL * 10 >= half * 9, oddNUL * 10 < half { return decodeUTF16(bytes[...], littleEndian: false) }
    }
    return decodeUTF8(bytes[...])
  }

  private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (String, Encoding, Bool) {
    if let valid = String(validating: bytes, as: UTF8.self) {
      return (valid, .utf8, false)
    }
    return (String(decoding: bytes, as: UTF8.self), .utf8, true)
  }

  private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> (String, Encoding, Bool) {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(littleEndian ? first | (second << 8) : (first << 8) | second)
      index += 2
    }
    let odd = bytes.count % 2 == 1
    let encoding: Encoding = littleEndian ? .utf16LittleEndian : .utf16BigEndian
    if let valid = String(validating: units, as: UTF16.self) {
      return (valid, encoding, odd)
    }
    return (String(decoding: units, as: UTF16.self), encoding, true)
  }
}
