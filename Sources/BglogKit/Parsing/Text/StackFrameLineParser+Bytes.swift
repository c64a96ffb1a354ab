/// The byte-level fast path of ``StackFrameLineParser`` for the common frame line: all ASCII, one frame.
///
/// Nearly every line of a text report is a frame line, so this path works on offsets into the line's
/// UTF-8 bytes and creates `String`s only for the fields a frame keeps. In ASCII text bytes and
/// `Character`s coincide (lines never hold a CR), so the decisions are those of the `Substring`
/// code. Whatever is unusual — a non-ASCII byte, two frames on one line, a signed number that the
/// standard library's integer parsing would accept — answers ``FastOutcome/fallback`` and the
/// original code decides, so results stay identical.
extension StackFrameLineParser {
  /// What the fast path concluded.
  enum FastOutcome {
    /// The line is one frame, with at most one note (`the line may be cut`).
    case frame(StackFrame, note: String?)
    /// The line is not a frame.
    case notAFrame
    /// Not decided here: run the general parser.
    case fallback
  }

  /// Thrown inside the byte scan when the general parser must decide.
  private struct Undecided: Error {}

  /// Reads an all-ASCII line holding at most one frame; long image and symbol names come from `names`
  /// when given (one report's table), so repeated names share one `String`.
  static func parseASCII(
    _ text: Substring, line: Int, names: UnsafeMutablePointer<FrameNameTable>? = nil
  ) -> FastOutcome {
    let outcome: FastOutcome? = text.utf8.withContiguousStorageIfAvailable { bytes in
      parseASCII(bytes: bytes, line: line, names: names)
    }
    return outcome ?? .fallback
  }

  /// ``parseASCII(_:line:names:)`` for a line's UTF-8 bytes.
  static func parseASCII(
    bytes: UnsafeBufferPointer<UInt8>, line: Int, names: UnsafeMutablePointer<FrameNameTable>? = nil
  ) -> FastOutcome {
    guard ByteText.isASCII(bytes) else { return .fallback }
    do {
      return try FrameBytes(bytes: bytes, names: names).parse(line: line)
    } catch {
      return .fallback
    }
  }

  /// One ASCII frame line as bytes; ranges are half-open offsets into `bytes`.
  private struct FrameBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    let names: UnsafeMutablePointer<FrameNameTable>?

    func parse(line: Int) throws(Undecided) -> FastOutcome {
      var cursor = 0
      guard let zeroth = nextToken(&cursor, end: bytes.count) else { return .notAFrame }
      var index: Int?
      var firstToken = zeroth
      // `3.` (a frame number with a typed dot, example-a.com's copy of Stack Overflow 44365935) is frame 3.
      if let number = smallInt(zeroth)
        ?? (zeroth.count > 1 && bytes[zeroth.upperBound - 1] == 0x2E
          ? smallInt(zeroth.lowerBound..<zeroth.upperBound - 1) : nil)
      {
        index = number
        guard let next = nextToken(&cursor, end: bytes.count) else { return .notAFrame }
        firstToken = next
      }
      // The address is the first address-like word among the six after the first image word.
      var lastImageToken = firstToken
      var addressToken: Range<Int>?
      var address: UInt64?
      for _ in 0..<6 {
        guard let token = nextToken(&cursor, end: bytes.count) else { return .notAFrame }
        if let value = addressValue(token) {
          addressToken = token
          address = value
          break
        }
        lastImageToken = token
      }
      guard let addressToken else { return .notAFrame }
      let imageRange = firstToken.lowerBound..<lastImageToken.upperBound
      if bytes[imageRange.upperBound - 1] == 0x3A { return .notAFrame }
      var frame = StackFrame(
        index: index, image: name(imageRange), address: address, location: .line(line))
      let rest = trimmed(addressToken.upperBound..<bytes.count)
      if rest.isEmpty {
        return .frame(frame, note: "frame has no symbol or image offset; the line may be cut")
      }
      if let (base, offset, after) = try imageOffset(rest) {
        frame.imageBase = base
        frame.imageOffset = offset
        if after.isEmpty { return .frame(frame, note: nil) }
        if after.count >= 2, bytes[after.lowerBound] == 0x2F, bytes[after.lowerBound + 1] == 0x2F {
          try applySymbol(trimmed(after.lowerBound + 2..<after.upperBound), to: &frame)
          return .frame(frame, note: nil)
        }
        if bytes[after.lowerBound] == 0x28, bytes[after.upperBound - 1] == 0x29, after.count >= 2 {
          try applySymbol(trimmed(after.lowerBound + 1..<after.upperBound - 1), to: &frame)
          return .frame(frame, note: nil)
        }
        // Text after the offset may be a second frame: the general parser splits those.
        throw Undecided()
      }
      try applySymbol(rest, to: &frame)
      if frame.symbolOffset == nil, frame.sourceLine == nil, frame.symbol != "???" {
        // `The exception code 0xdead10cc indicates that an application has been terminated …` (leveldb #265):
        // no frame number, words before the "address" and a sentence after it are prose, not a frame.
        if index == nil, hasBlank(imageRange), blankCount(rest) >= 2 { return .notAFrame }
        return .frame(frame, note: "frame symbol has no offset; the line may be cut")
      }
      return .frame(frame, note: nil)
    }

    /// `0xBASE + OFFSET` at the start of `rest`, with the text after it; words are read from the
    /// first 80 bytes only, as the general parser does.
    private func imageOffset(_ rest: Range<Int>) throws(Undecided) -> (UInt64?, UInt64, Range<Int>)? {
      // The base is `0x…` or decimal digits, so any other first byte rules the shape out before
      // the words are read (most frames are symbolicated: `symbol + 8`).
      guard !rest.isEmpty, bytes[rest.lowerBound] &- 0x30 < 10 else { return nil }
      let limit = min(rest.upperBound, rest.lowerBound + 80)
      var cursor = rest.lowerBound
      guard let baseToken = nextToken(&cursor, end: limit), let plus = nextToken(&cursor, end: limit),
        let offsetToken = nextToken(&cursor, end: limit)
      else { return nil }
      guard plus.count == 1, bytes[plus.lowerBound] == 0x2B else { return nil }
      let base: UInt64?
      if hasHexPrefix(baseToken) {
        guard let value = try unsigned(baseToken.lowerBound + 2..<baseToken.upperBound, radix: 16) else {
          return nil
        }
        base = value
      } else if baseToken.allSatisfy({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }) {
        base = try unsigned(baseToken, radix: 10)
      } else {
        return nil
      }
      guard let offset = try number(offsetToken) else { return nil }
      return (base, offset, trimmed(offsetToken.upperBound..<rest.upperBound))
    }

    /// `symbol + 8 (File.swift:12)` / `symbol (in Module) (File.m:45)` / `main (main.m:16)`.
    private func applySymbol(_ text: Range<Int>, to frame: inout StackFrame) throws(Undecided) {
      var symbol = trimmed(text)
      var groups = 0
      while !symbol.isEmpty, bytes[symbol.upperBound - 1] == 0x29, groups < 3, let open = matchingOpen(in: symbol) {
        groups += 1
        let inner = open + 1..<symbol.upperBound - 1
        let before = symbol.lowerBound..<open
        guard before.isEmpty || isBlank(bytes[open - 1]) else { break }
        if inner.count >= 3, bytes[inner.lowerBound] == 0x69, bytes[inner.lowerBound + 1] == 0x6E,
          bytes[inner.lowerBound + 2] == 0x20
        {
          symbol = trimmed(before)
          continue
        }
        if let colon = inner.last(where: { bytes[$0] == 0x3A }),
          let number = try signedInt(colon + 1..<inner.upperBound)
        {
          let file = inner.lowerBound..<colon
          if !file.isEmpty, number >= 0 {
            frame.sourceFile = string(file)
            frame.sourceLine = number
          }
          symbol = trimmed(before)
          continue
        }
        break
      }
      if let plus = lastPlus(in: symbol) {
        if let offset = try number(trimmed(plus + 3..<symbol.upperBound)) {
          frame.symbolOffset = offset
          symbol = trimmed(symbol.lowerBound..<plus)
        }
      }
      frame.symbol = symbol.isEmpty ? nil : name(symbol)
    }

    // MARK: - Bytes

    private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private func hasBlank(_ range: Range<Int>) -> Bool { range.contains { isBlank(bytes[$0]) } }

    /// The runs of blanks inside a trimmed range (its words less one).
    private func blankCount(_ range: Range<Int>) -> Int {
      var count = 0
      var previousBlank = false
      for offset in range {
        let blank = isBlank(bytes[offset])
        if blank, !previousBlank { count += 1 }
        previousBlank = blank
      }
      return count
    }

    private func nextToken(_ cursor: inout Int, end: Int) -> Range<Int>? {
      while cursor < end, isBlank(bytes[cursor]) { cursor += 1 }
      guard cursor < end else { return nil }
      let start = cursor
      while cursor < end, !isBlank(bytes[cursor]) { cursor += 1 }
      return start..<cursor
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
      var lower = range.lowerBound
      var upper = range.upperBound
      while lower < upper, isBlank(bytes[lower]) { lower += 1 }
      while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
      return lower..<upper
    }

    private func hasHexPrefix(_ range: Range<Int>) -> Bool {
      range.count >= 2 && bytes[range.lowerBound] == 0x30
        && (bytes[range.lowerBound + 1] == 0x78 || bytes[range.lowerBound + 1] == 0x58)
    }

    /// An image or symbol name: through the report's table when it is long enough to need an allocation.
    private func name(_ range: Range<Int>) -> String {
      guard let names, range.count > 15 else { return string(range) }
      return names.pointee.name(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// `TextScanning.smallInt`: one to six decimal digits.
    private func smallInt(_ range: Range<Int>) -> Int? {
      guard !range.isEmpty, range.count <= 6 else { return nil }
      var value = 0
      for offset in range {
        let byte = bytes[offset]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }

    /// `TextScanning.isAddress` and `TextScanning.hex` in one pass over the token: nil when the token
    /// is no address, `.some(nil)` when it is one whose value `hex` cannot read (it overflows).
    private func addressValue(_ range: Range<Int>) -> UInt64?? {
      let hexPrefixed = hasHexPrefix(range)
      if hexPrefixed {
        guard range.count > 2, range.count <= 18 else { return nil }
      } else {
        guard range.count >= 8 else { return nil }
      }
      var value: UInt64 = 0
      var overflowed = false
      for offset in (hexPrefixed ? range.lowerBound + 2 : range.lowerBound)..<range.upperBound {
        let byte = bytes[offset]
        let decimal = byte &- 0x30
        let digit: UInt64
        if decimal < 10 {
          digit = UInt64(decimal)
        } else if hexPrefixed, let letter = hexLetter(byte) {
          digit = letter
        } else {
          return nil
        }
        // A digit more once the top four bits are in use overflows, as `UInt64(_:radix:)` reports.
        if value >> 60 != 0 { overflowed = true }
        value = value << 4 | digit
      }
      return .some(overflowed ? nil : value)
    }

    /// The value of an `A`–`F` / `a`–`f` byte.
    @inline(__always)
    private func hexLetter(_ byte: UInt8) -> UInt64? {
      let letter = (byte | 0x20) &- 0x61
      return letter < 6 ? UInt64(letter) + 10 : nil
    }

    /// `TextScanning.number`: `0x1F` (hex) or `31` (decimal).
    private func number(_ range: Range<Int>) throws(Undecided) -> UInt64? {
      if hasHexPrefix(range) { return try unsigned(range.lowerBound + 2..<range.upperBound, radix: 16) }
      return try unsigned(range, radix: 10)
    }

    /// `UInt64(text, radix:)`; a leading sign, which that initialiser accepts, is left to it.
    private func unsigned(_ range: Range<Int>, radix: UInt64) throws(Undecided) -> UInt64? {
      guard !range.isEmpty else { return nil }
      if bytes[range.lowerBound] == 0x2B || bytes[range.lowerBound] == 0x2D { throw Undecided() }
      var value: UInt64 = 0
      for offset in range {
        guard let digit = digit(bytes[offset], radix: radix) else { return nil }
        let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
        let (sum, carry) = shifted.addingReportingOverflow(digit)
        if overflow || carry { return nil }
        value = sum
      }
      return value
    }

    /// `Int(text)` for a source line number; a leading sign is left to the general parser.
    private func signedInt(_ range: Range<Int>) throws(Undecided) -> Int? {
      guard let value = try unsigned(range, radix: 10), value <= UInt64(Int.max) else { return nil }
      return Int(value)
    }

    @inline(__always)
    private func digit(_ byte: UInt8, radix: UInt64) -> UInt64? {
      let decimal = byte &- 0x30
      if decimal < 10 { return UInt64(decimal) < radix ? UInt64(decimal) : nil }
      // `A`–`Z` and `a`–`z` (only those two ranges land in `a`–`z` once the 0x20 bit is set).
      let letter = (byte | 0x20) &- 0x61
      guard letter < 26 else { return nil }
      let value = UInt64(letter) + 10
      return value < radix ? value : nil
    }

    /// The `(` matching the `)` that ends the range.
    private func matchingOpen(in range: Range<Int>) -> Int? {
      var depth = 0
      for offset in range.reversed() {
        switch bytes[offset] {
        case 0x29: depth += 1
        case 0x28:
          depth -= 1
          if depth == 0 { return offset }
        default: break
        }
      }
      return nil
    }

    /// Where the last ` + ` starts.
    private func lastPlus(in range: Range<Int>) -> Int? {
      guard range.count >= 3 else { return nil }
      var offset = range.upperBound - 3
      while offset >= range.lowerBound {
        if bytes[offset] == 0x20, bytes[offset + 1] == 0x2B, bytes[offset + 2] == 0x20 { return offset }
        offset -= 1
      }
      return nil
    }
  }
}
