import Foundation
import Testing

@testable import BglogKit

/// The byte searches of ``PlainSearch`` give Foundation's answers, on plain ASCII and on the text they
/// hand back to Foundation (non-ASCII, CR, empty patterns).
@Suite struct PlainSearchTests {
  static let texts = [
    "", "a", "Elapsed application CPU time (seconds): 1.284, 15% CPU", "com.example failed to launch in time",
    "failed to resume failed to launch in time", "elapsed total elapsed ", "café failed to launch in time",
    "cafe\u{301} elapsed x", "line\r\nelapsed ", "explanation: explanation:", "ﬃ elapsed", "e\u{301}xplanation:",
    "/var/containers/Bundle/Application/X/App.app/App", "xx", "elapsed elapsed elapsed",
  ]
  static let patterns = [
    "", "a", "elapsed ", " in time", "failed to ", "explanation:", "% CPU", "e", "é", "x", "xx", "xxx", ".app/",
    "/Bundle/Application/",
  ]

  @Test func rangeMatchesFoundation() {
    for text in Self.texts {
      for pattern in Self.patterns {
        let expected = text.range(of: pattern)
        #expect(PlainSearch.range(of: pattern, in: text) == expected, "\(text.debugDescription) \(pattern)")
        #expect(
          PlainSearch.contains(pattern, in: text) == text.contains(pattern), "\(text.debugDescription) \(pattern)")
        let slice = text.dropFirst()
        #expect(PlainSearch.range(of: pattern, in: slice) == slice.range(of: pattern))
      }
    }
  }

  @Test func lastRangeMatchesFoundation() {
    for text in Self.texts {
      for pattern in Self.patterns {
        let expected = text.range(of: pattern, options: .backwards)
        #expect(PlainSearch.lastRange(of: pattern, in: text[...]) == expected, "\(text.debugDescription) \(pattern)")
      }
    }
  }

  @Test func replacingMatchesFoundation() {
    for text in Self.texts {
      for pattern in Self.patterns {
        for replacement in ["", "Elapsed ", "y", "é"] {
          let expected = text.replacingOccurrences(of: pattern, with: replacement)
          #expect(
            PlainSearch.replacingOccurrences(of: pattern, with: replacement, in: text) == expected,
            "\(text.debugDescription) \(pattern) \(replacement)")
        }
      }
    }
  }
}
