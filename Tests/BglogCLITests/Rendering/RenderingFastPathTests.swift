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

  @Test func paddingCountsCharacters() {
    #expect("line 12".padding(toLength: 9) == "line 12  ")
    #expect("é".padding(toLength: 3) == "é  ")
    #expect("a\r\n".padding(toLength: 4) == "a\r\n  ")
    #expect("long enough".padding(toLength: 4) == "long enough")
  }
}
