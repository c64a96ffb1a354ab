import Foundation

/// The decoded text of one input, split into lines.
///
/// Real inputs arrive as UTF-8 with or without a BOM, UTF-16 exported by Windows tools, with
/// CRLF or CR-only line ends, or with invalid bytes; all of them end up here as lines of text.
/// Invalid UTF-8 is replaced with U+FFFD rather than rejected, and the decision is recorded.
public struct SourceText: Sendable {
  /// The whole decoded text.
  public let text: String
  /// The lines, without their terminators. Line `n` (1-based) is `lines[n - 1]`.
  ///
  /// Built on first use: the parsers read lines through ``lineText(_:)`` and the byte offsets, so
  /// most inputs never need one `Substring` per line.
  public var lines: [Substring] { lineCache.lines(of: text, bounds: lineBounds) }
  /// Where each line starts and ends in `text`'s UTF-8: the 0-based line `n` is the bytes
  /// `lineBounds[2 * n]..<lineBounds[2 * n + 1]` (line ends are ASCII, so these are scalar boundaries).
  let lineBounds: [Int]
  /// How the bytes were decoded.
  public let encoding: Encoding
  /// Whether some bytes were not valid in the detected encoding and were replaced.
  public let hadInvalidBytes: Bool
  /// The `lines` array once something asked for it.
  private let lineCache = LineCache()

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
    // Contiguous UTF-8 (a no-op for decoded text), so that byte offsets are cheap to turn into indices.
    var text = text
    text.makeContiguousUTF8()
    self.text = text
    self.encoding = encoding
    self.hadInvalidBytes = hadInvalidBytes
    self.lineBounds = text.withUTF8 { SourceText.lineBounds(of: $0) }
  }

  /// How many lines there are.
  public var lineCount: Int { lineBounds.count / 2 }

  /// The text of a 1-based line, or an empty string past the end.
  public func line(_ number: Int) -> Substring {
    number >= 1 && number <= lineCount ? lineText(number - 1) : ""
  }

  /// The text of the 0-based line `index` (which must exist): the same `Substring` as `lines[index]`.
  func lineText(_ index: Int) -> Substring {
    Self.substring(of: text, lineBounds[2 * index], lineBounds[2 * index + 1])
  }

  /// The length in UTF-8 bytes of the 0-based line `index`.
  func lineByteCount(_ index: Int) -> Int {
    lineBounds[2 * index + 1] - lineBounds[2 * index]
  }

  /// Calls `body` with the text's UTF-8 bytes, which ``lineBounds`` indexes.
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return try copy.withUTF8(body)
  }

  /// The text between two UTF-8 offsets that are scalar boundaries.
  private static func substring(of text: String, _ lower: Int, _ upper: Int) -> Substring {
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: lower)
    return text[start..<utf8.index(start, offsetBy: upper - lower)]
  }

  /// The `lines` array, built once from the offsets by whichever thread asks first.
  private final class LineCache: @unchecked Sendable {
    private let lock = NSLock()
    private var cached: [Substring]?

    func lines(of text: String, bounds: [Int]) -> [Substring] {
      lock.lock()
      defer { lock.unlock() }
      if let cached { return cached }
      var lines: [Substring] = []
      lines.reserveCapacity(bounds.count / 2)
      var position = 0
      while position < bounds.count {
        lines.append(SourceText.substring(of: text, bounds[position], bounds[position + 1]))
        position += 2
      }
      cached = lines
      return lines
    }
  }

  /// The start and end offsets of every line: cuts at `\n`, `\r\n` and lone `\r`.
  static func lineBounds(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
    // Nearly every input uses LF only: one `memchr` over the whole text proves there is no CR, and
    // then each line end is one more `memchr` (vectorised in the C library), which reads far fewer
    // instructions per byte than any loop here.
    if memchr(base, 0x0D, bytes.count) != nil { return lineBoundsScanning(of: bytes) }
    var result: [Int] = []
    result.reserveCapacity(bytes.count / 24 + 2)
    let count = bytes.count
    var lineStart = 0
    while lineStart < count, let found = memchr(base + lineStart, 0x0A, count - lineStart) {
      let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      result.append(lineStart)
      result.append(end)
      lineStart = end + 1
    }
    if lineStart != count {
      result.append(lineStart)
      result.append(count)
    }
    return result
  }

  /// ``lineBounds(of:)`` for any line ends, reading the bytes itself (also the reference for its tests).
  static func lineBoundsScanning(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
    var result: [Int] = []
    // About one line per 60 bytes in reports; a guess only saves early regrowth.
    result.reserveCapacity(bytes.count / 24 + 2)
    let count = bytes.count
    var lineStart = 0
    while lineStart < count, let end = ByteText.firstLineEnd(in: base, from: lineStart, to: count) {
      result.append(lineStart)
      result.append(end)
      lineStart = end + 1
      if base[end] == 0x0D, lineStart < count, base[lineStart] == 0x0A { lineStart += 1 }
    }
    if lineStart != count {
      result.append(lineStart)
      result.append(count)
    }
    return result
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
