import Testing

@testable import BglogKit

/// The word-at-a-time byte scans of the timeline's hot path must agree with a byte-by-byte scan on
/// every byte value and at every offset within a word.
@Suite struct ByteScanTests {
  /// Bytes that matter to the scans (blanks, line ends, high bytes, their neighbours) and ordinary ones.
  static let interesting: [UInt8] = [
    0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1F, 0x20, 0x21, 0x29,
    0x41, 0x61, 0x7F, 0x80, 0x89, 0xA0, 0xFF,
  ]

  /// A header read on the reader thread is returned and copied once a line: it stays compact (its
  /// optional fields are kept without optionals; 224 bytes with them).
  @Test func aByteHeaderStaysCompact() {
    #expect(MemoryLayout<ConsoleByteHeader>.size <= 112)
  }

  /// The fraction scales are constants; they must be the bit patterns of the division chain they
  /// replace (0.1, then each divided by 10), or every time with a fraction would move.
  @Test func fractionScalesAreTheDivisionChain() {
    var scale = 0.1
    for index in 0..<40 {
      #expect(FractionScale.of(index).bitPattern == scale.bitPattern, "digit \(index)")
      scale /= 10
    }
  }

  /// The fixed-offset clock reader (with its unrolled six-digit fraction) must read every time as the
  /// `String` cursor does, to the bit: fractions of every length around six, a non-digit at each
  /// place, the line ending right after the digits.
  @Test func fixedClockTimeReadsAsTheGenericCursor() {
    var texts: [String] = []
    for digits in 0...9 {
      let fraction = String("387654321".prefix(digits))
      for tail in ["", "+0800", " ", "7", "x", "\t"] {
        texts.append("23:59:59." + fraction + tail)
        texts.append("00:00:00." + fraction + tail)
      }
    }
    for place in 0..<6 {
      for odd in ["a", " ", "/", ":", "\u{7F}"] {
        var fraction = Array("999999".utf8)
        fraction[place] = Array(odd.utf8)[0]
        texts.append("12:34:56." + String(decoding: fraction, as: UTF8.self) + "+0000")
      }
    }
    texts += ["12:34:56", "12:34:56.", "12:34:56.+0100", "24:00:00.000000", "12:60:00.000000"]
    for text in texts {
      var cursor = ConsoleLineScanner(Substring(text))
      let expected = cursor.genericClockTime()
      let bytes = Array(text.utf8)
      let read = bytes.withUnsafeBufferPointer { buffer -> (Double, Int)? in
        guard let base = buffer.baseAddress, buffer.count >= 8 else { return nil }
        return FixedClockTime.read(base, count: buffer.count).map { ($0.seconds, $0.end) }
      }
      #expect(read?.0.bitPattern == expected?.bitPattern, "\(text)")
      if let expected, let read {
        #expect(read.0.bitPattern == expected.bitPattern, "\(text)")
        #expect(read.1 == text.utf8.distance(from: text.utf8.startIndex, to: cursor.index), "\(text)")
      }
    }
  }

  @Test func blankScansMatchByteByByte() {
    for length in 0...19 {
      for position in 0..<max(length, 1) {
        for byte in Self.interesting {
          for filler in [UInt8(0x61), 0x20, 0x09] {
            var text = [UInt8](repeating: filler, count: length)
            if position < length { text[position] = byte }
            text.withUnsafeBufferPointer { buffer in
              guard let base = buffer.baseAddress else { return }
              for from in 0...length {
                var blank = from
                while blank < length, text[blank] != 0x20, text[blank] != 0x09 { blank += 1 }
                var other = from
                while other < length, text[other] == 0x20 || text[other] == 0x09 { other += 1 }
                #expect(BlankScan.firstBlank(in: base, from: from, to: length) == blank)
                #expect(BlankScan.firstNonBlank(in: base, from: from, to: length) == other)
              }
            }
          }
        }
      }
    }
  }

  @Test func plainRegionsAreExactlyASCIIWithoutCarriageReturns() {
    for length in 1...40 {
      for position in 0..<length {
        for byte in Self.interesting + [0x0D, 0x0E, 0x0C] {
          // A zero byte before a CR (or after it) must not hide it: borrows run upwards.
          for filler in [UInt8(0x61), 0x0E, 0x0C, 0x01] {
            var text = [UInt8](repeating: filler, count: length)
            text[position] = byte
            let expected = text.allSatisfy { $0 < 0x80 && $0 != 0x0D }
            text.withUnsafeBufferPointer { buffer in
              #expect(LineBytes.isPlain(buffer.baseAddress!, from: 0, to: length) == expected)
            }
          }
        }
      }
    }
  }

  @Test func plainAndExactLineSplitsAgree() {
    // Lines of every length around the word size, some empty, ending with a line feed.
    var text: [UInt8] = []
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 0, 31, 33, 2] {
      text += [UInt8](repeating: 0x61, count: length) + [0x0A]
    }
    func lines(_ bytes: [UInt8]) -> [[UInt8]] {
      var result: [[UInt8]] = []
      bytes.withUnsafeBufferPointer { buffer in
        _ = LineBytes.emitLines(buffer.baseAddress!, from: 0, to: bytes.count) { line, isASCII in
          #expect(isASCII)
          result.append(Array(line))
          return true
        }
      }
      return result
    }
    let isPlain = text.withUnsafeBufferPointer { LineBytes.isPlain($0.baseAddress!, from: 0, to: text.count) }
    #expect(isPlain)
    let plain = lines(text)
    // The same lines with one CR LF: the exact path splits it.
    let crlf = lines(text + Array("x\r\n".utf8))
    #expect(plain.map(\.count) == [0, 1, 7, 8, 9, 15, 16, 17, 0, 31, 33, 2])
    #expect(crlf == plain + [Array("x".utf8)])
  }
}
