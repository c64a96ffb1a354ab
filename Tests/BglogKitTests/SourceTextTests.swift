import Testing

@testable import BglogKit

@Suite struct SourceTextTests {
  @Test func splitsCRLFAndLoneCR() {
    let source = SourceText(text: "a\r\nb\rc\nd")
    #expect(source.lines == ["a", "b", "c", "d"])
  }

  /// The line table, the lazy `lines` and the in-place byte view agree, whatever the line ends and text.
  @Test func lineTableMatchesLines() {
    let texts = [
      "", "\n", "\r\n\r\n", "a", "a\n", "a\r", "\r\na\r\r\nb\n\nc", "12345678\r\n1234567\n123456789",
      "Größe: 1 ✓\r\nThread 0 Crashed:\n0   Ä   0x1 main + 4\rEOF",
      String(repeating: "0123456789abcdef", count: 9) + "\n",
    ]
    for text in texts {
      let source = SourceText(text: text)
      let expected = text.split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      let trimmedExpected = expected.last == "" ? Array(expected.dropLast()) : expected
      #expect(source.lines.map(String.init) == trimmedExpected.map(String.init), "\(text.debugDescription)")
      #expect(source.lineCount == source.lines.count)
      for index in 0..<source.lineCount {
        #expect(source.lineText(index) == source.lines[index])
        #expect(source.lineText(index).startIndex == source.lines[index].startIndex)
        #expect(source.lineByteCount(index) == source.lines[index].utf8.count)
        let bytes = source.withUTF8 { text in
          Array(text[source.lineBounds[2 * index]..<source.lineBounds[2 * index + 1]])
        }
        #expect(bytes == Array(source.lines[index].utf8))
      }
      #expect(source.line(source.lineCount + 1) == "")
    }
  }

  /// The `memchr` line table for LF-only text gives the same offsets as the byte-scanning one.
  @Test func lineTableFastPathMatchesScanning() {
    var generator = SystemRandomNumberGenerator()
    var texts = ["", "\n", "\n\n", "a", "a\n", "\na", "ab\n\ncd", "Größe ✓\nx\n", "\r", "a\r\nb\n", "a\nb\rc"]
    let pieces = ["a", "bc", "\n", "\n", "0123456789", "é", "\r"]
    for round in 0..<200 {
      let pool = round.isMultiple(of: 2) ? pieces.filter { $0 != "\r" } : pieces
      texts.append((0..<Int.random(in: 0...40, using: &generator)).map { _ in pool.randomElement()! }.joined())
    }
    for text in texts {
      var copy = text
      let fast = copy.withUTF8 { SourceText.lineBounds(of: $0) }
      let slow = copy.withUTF8 { SourceText.lineBoundsScanning(of: $0) }
      #expect(fast == slow, "\(text.debugDescription)")
    }
  }
}
