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
    func reference(_ text: String) -> Bool {
      text.unicodeScalars.contains {
        let value = $0.value
        if value == 0x09 || value == 0x0A { return false }
        return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
      }
    }
    var samples = Self.texts + ["\u{1B}[31m", "bell\u{07}", "del\u{7F}", "c1\u{85}", "\u{9F}", "\u{A0}", "\u{100}"]
    samples += ["\u{C2}", "Â\u{80}", "\u{2028}", "ok\t\n", "\u{0}"]
    for scalar in 0..<0x200 {
      guard let value = Unicode.Scalar(scalar) else { continue }
      samples.append("a" + String(Character(value)) + "b")
    }
    for text in samples {
      #expect(TerminalText.hasControl(text) == reference(text), "\(text.debugDescription)")
    }
  }

  @Test func paddingCountsCharacters() {
    #expect("line 12".padding(toLength: 9) == "line 12  ")
    #expect("é".padding(toLength: 3) == "é  ")
    #expect("a\r\n".padding(toLength: 4) == "a\r\n  ")
    #expect("long enough".padding(toLength: 4) == "long enough")
  }
}
