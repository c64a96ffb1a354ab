import BglogTestSupport
import Testing

@testable import BglogKit

/// The pieces of a kept ndjson / JSON record's text read on bytes (the process from its image path,
/// the message's first line, the shown line's first 400 characters) against the `Character` readings
/// they replaced, on generated strings: slashes, CR, LF, CR LF, combining marks, other than ASCII.
@Suite struct JSONRecordTextTests {
  static let pieces = [
    "/", "//", "a", "App", "\r", "\n", "\r\n", "\n\r", " ", "\u{301}", "é", "e\u{301}", "/\u{301}", "\n\u{301}",
    "x.y", "添加", "\t",
  ]

  static func strings(seed: UInt64, count: Int) -> [String] {
    var random = SplitMix64(state: seed)
    return (0..<count).map { _ in
      (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
  }

  @Test func bytePathsReadAsTheCharacterPaths() {
    var asciiSeen = 0
    for text in Self.strings(seed: 0x150_0001, count: 4_000) {
      #expect(ConsoleLayout.lastPathComponent(text) == text.split(separator: "/").last.map(String.init), "\(text)")
      #expect(ConsoleLayout.firstLine(of: text) == String(text.prefix(while: { $0 != "\n" })), "\(text)")
      for count in [0, 1, 3, 7, 400] {
        #expect(ConsoleLayout.prefix(text, characters: count) == String(text.prefix(count)), "\(text) \(count)")
      }
      if text.utf8.allSatisfy({ $0 < 0x80 }) { asciiSeen += 1 }
    }
    // The byte paths (ASCII) and the others were both exercised.
    #expect(asciiSeen > 500)
    #expect(asciiSeen < 3_500)
    // Long lines: the 400-character cut.
    let long = String(repeating: "abc/", count: 150)
    #expect(ConsoleLayout.prefix(long, characters: 400) == String(long.prefix(400)))
    #expect(ConsoleLayout.prefix(long + "\r\n", characters: 601) == String((long + "\r\n").prefix(601)))
  }
}
