import BglogTestSupport
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

  /// The words `byException`, `backgroundTaskObjectAbort` and `signalFromTermination` look for, searched as the classifier does
  /// (in the uppercased type and signal, the lowercased Application Specific Information, frame
  /// symbols, the uppercased termination reason): `PlainSearch.contains` answers as Foundation's
  /// `contains` on every fixture and corpus report, on mutated copies of those texts and on short
  /// (inline) strings, which take the byte path too.
  @Test func classifierWordsMatchFoundation() {
    let words = [
      "deadlock", "EXC_BAD_ACCESS", "SIGKILL", "SIGSEGV", "SIGBUS", "SIGABRT", "EXC_BREAKPOINT",
      "EXC_BAD_INSTRUCTION", "SIGTRAP", "SIGILL", "assertionFailure", "fatalError", "EXC_RESOURCE", "ABORT",
      "abort_with_reason", "abort_with_payload",
    ]
    var texts = [
      "", "SIGABRT", "SIGKILL", "EXC_CRASH (SIGABRT)", "EXC_BAD_ACCESS SIGSEGV", "ABORT", "abort", "SIGABRT\r\n",
      "EXC_BAD_ACCESS\u{301}", "SIGSEG\u{301}V", "É SIGBUS", "sigabrt", "EXC_RESOURC", "DEADLOCK", "dead lock",
    ]
    var files = (Fixtures.files(in: "crash") + Fixtures.files(in: "ips")).map { Fixtures.url($0).path }
    if Fixtures.hasShared("corpus/crash") {
      let folder = Fixtures.sharedPath("corpus/crash")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      files += names.sorted().filter { !$0.hasSuffix(".md") }.map { folder + "/" + $0 }
    }
    for file in files {
      guard let data = FileManager.default.contents(atPath: file),
        let reports = try? CrashReportReader.read(bytes: Array(data))
      else { continue }
      for report in reports {
        let type = report.exception?.type?.uppercased() ?? ""
        let signal = report.exception?.signal?.uppercased() ?? ""
        texts += [type, signal, type + " " + signal, report.termination?.reason.uppercased() ?? ""]
        texts += report.applicationSpecificInformation.map { $0.value.lowercased() }
        texts += report.threads.flatMap { $0.frames.prefix(8).compactMap(\.symbol) }
      }
    }
    var generator = SplitMix64(state: 14)
    let inserts = ["\r", "\r\n", "\u{301}", "é", "ﬃ", "\u{0}", " ", "S", "I", "G"]
    for text in texts where !text.isEmpty {
      var mutated = Array(text)
      let index = Int.random(in: 0...mutated.count, using: &generator)
      mutated.insert(contentsOf: inserts.randomElement(using: &generator)!, at: index)
      texts.append(String(mutated))
    }
    var plain = 0
    for text in texts {
      if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { plain += 1 }
      for word in words {
        #expect(PlainSearch.contains(word, in: text) == text.contains(word), "\(text.debugDescription) \(word)")
      }
    }
    #expect(plain > 100)
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
