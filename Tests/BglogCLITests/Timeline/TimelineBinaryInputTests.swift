import BglogKit
import Foundation
import Testing

@testable import BglogCLI

/// Binary data is refused by `timeline` even when strings in it read as events: an executable holds the
/// recognisers' own words (bglog's own binary, run through `timeline` by the session-8 checks, gave an app
/// and events once a lone `{` among its strings no longer opened a JSON export).
@Suite struct TimelineBinaryInputTests {
  /// SYNTHETIC: an ELF header, NUL padding, then a string that is a real iOS 7 backboardd line (the Zazo
  /// app's `TBMAppDelegate.m`, quoted in `SessionEightPasteTests`) between NULs, as an executable holds it.
  @Test func binaryDataWithRecognisedWordsIsRefused() throws {
    var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0, count: 120)
    bytes += Array("\nForcing crash report of Zazo[272]...\n".utf8) + Array(repeating: 0, count: 64)
    bytes += Array(
      "\n{\nFeb 18 20:34:28 Sanis-iPhone backboardd[28] <Warning>: Forcing crash report of Zazo[272]...\n".utf8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-binary-\(UUID()).bin")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = runBglog(["timeline", url.path])
    #expect(result.status == .inputError)
    #expect(result.err.contains("it looks like binary data, which no bglog command reads"))
    #expect(result.out.isEmpty)
  }

  /// The same line as text is a log with its event.
  @Test func theLineAsTextIsALog() throws {
    let text = "Feb 18 20:34:28 Sanis-iPhone backboardd[28] <Warning>: Forcing crash report of Zazo[272]...\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-binary-text-\(UUID()).log")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = runBglog(["timeline", url.path])
    #expect(result.status == .success)
    #expect(result.out.contains("crashed"))
  }
}
