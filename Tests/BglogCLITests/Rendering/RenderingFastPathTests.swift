import Testing

@testable import BglogRendering

/// The renderers' byte-level fast paths give the same text as the `Character`-level code they skip.
@Suite struct RenderingFastPathTests {
  private static let texts = [
    "", " ", "   ", "one", "  two  spaces  between  ", String(repeating: "word ", count: 60),
    String(repeating: "x", count: 150) + " tail", "a " + String(repeating: "y", count: 98) + " b",
    "line\nbreak inside a word list", "tab\tseparated words here", "crlf\r\njoins two bytes into one Character",
    "café au lait é é é", "e\u{301} combining after a space \u{301}x", "emoji 👩‍👩‍👧 family", "\r \n \r\n",
    String(repeating: "abc defg hi ", count: 30) + "\r\n" + String(repeating: "z ", count: 60),
  ]

  @Test func wrappingMatchesTheCharacterPath() {
    for text in Self.texts {
      for width in [1, 5, 10, 40, 99, 100, 101] {
        for (indent, continuation) in [("  ", nil), ("    - ", "      "), ("", nil), ("→ ", nil), ("\r", "\n")] {
          let expected = TextWrapping.wrapCharacters(text, indent: indent, continuation: continuation, width: width)
          let actual = TextWrapping.wrap(text, indent: indent, continuation: continuation, width: width)
          #expect(actual == expected, "\(text.debugDescription) width \(width) indent \(indent.debugDescription)")
        }
      }
    }
  }

  @Test func theByteWrapDeclinesTextWhoseBytesAreNotColumns() {
    #expect(TextWrapping.wrapASCII("a\r\nb", indent: "", continuation: nil, width: 10) == nil)
    #expect(TextWrapping.wrapASCII("é", indent: "", continuation: nil, width: 10) == nil)
    #expect(TextWrapping.wrapASCII("a", indent: "é", continuation: nil, width: 10) == nil)
    #expect(TextWrapping.wrapASCII("a b", indent: " ", continuation: nil, width: 10) == " a b\n")
  }

  @Test func controlDetectionMatchesTheScalarTest() {
    // The byte-level test may send text to the careful path needlessly, never the other way round.
    var samples = Self.texts + ["\u{1B}[31m", "bell\u{07}", "del\u{7F}", "c1\u{85}", "\u{9F}", "\u{A0}", "\u{100}"]
    samples += ["\u{C2}", "Â\u{80}", "\u{2028}", "ok\t\n", "\u{0}", "::x", " \t::x", "\u{3000}::x", "é::", "a::b", ":"]
    for scalar in Array(0..<0x200) + Array(0x600..<0x620) + Array(0x2000..<0x2080) + [0xFEFF, 0xFF1A, 0xFFFD] {
      guard let value = Unicode.Scalar(scalar) else { continue }
      samples.append("a" + String(Character(value)) + "b")
      samples.append(String(Character(value)) + "::")
    }
    for text in samples where !Escaper.needsTerminalWork(text) {
      #expect(Escaper.terminalCarefully(text) == text, "\(text.debugDescription)")
    }
  }

  /// The byte test before its eight-bytes-at-a-time shortcut, kept here as the reference.
  private static func needsTerminalWorkByteByByte(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var before: UInt8 = 0
    var beforeThat: UInt8 = 0
    for byte in bytes {
      if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
      switch (beforeThat, before, byte) {
      case (_, 0xC2, 0x80...0x9F), (_, 0xD8, 0x9C), (0xE2, 0x80, 0x8E...0x8F), (0xE2, 0x80, 0xA8...0xAE),
        (0xE2, 0x81, 0xA6...0xA9):
        return true
      default: break
      }
      beforeThat = before
      before = byte
    }
    var start = 0
    while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] >= 0x80 { start += 1 }
    return start + 1 < bytes.count && bytes[start] == 0x3A && bytes[start + 1] == 0x3A
  }

  @Test func controlDetectionMatchesTheByteByByteTestAtEveryOffset() {
    // Every byte value and the multi-byte controls at every place in texts of 0 to 40 bytes, around
    // the eight-byte words the shortcut reads (printable ASCII, 0x1F/0x20, 0x7E/0x7F, 0x80 edges).
    var specials = (0..<0x100).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
    specials += ["\u{2028}", "\u{200E}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{061C}", "\r\n", "::", "é"]
    for length in 0...40 {
      let filler = String((0..<length).map { Character(Unicode.Scalar(0x21 + UInt8($0 * 7 % 94))) })
      for special in specials {
        for offset in Swift.stride(from: 0, through: length, by: length > 20 ? 3 : 1) {
          let index = filler.index(filler.startIndex, offsetBy: offset)
          let text = String(filler[..<index]) + special + String(filler[index...])
          #expect(Escaper.needsTerminalWork(text) == Self.needsTerminalWorkByteByByte(text), "\(text.debugDescription)")
        }
      }
      #expect(Escaper.needsTerminalWork(filler) == Self.needsTerminalWorkByteByByte(filler))
    }
  }

  @Test func paddingCountsCharacters() {
    #expect("line 12".padding(toLength: 9) == "line 12  ")
    #expect("é".padding(toLength: 3) == "é  ")
    #expect("a\r\n".padding(toLength: 4) == "a\r\n  ")
    #expect("long enough".padding(toLength: 4) == "long enough")
  }
}
