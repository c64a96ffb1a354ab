import Foundation
import Testing

@testable import BglogKit

/// `LineStream` decodes whole chunks at once; lines and characters that straddle a chunk boundary
/// must come out as they did line by line.
@Suite struct LineStreamTests {
  static func lines(of bytes: [UInt8]) throws -> [String] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-linestream-\(UUID()).log")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var lines: [String] = []
    try LineStream.forEachLine(InputFile(path: url.path)) { line in
      lines.append(String(line))
      return true
    }
    return lines
  }

  @Test func charactersAndLinesAcrossChunkBoundariesAreKept() throws {
    // `é` (two bytes) starts on the last byte of the first chunk; an invalid byte is repaired.
    var bytes = [UInt8](repeating: 0x61, count: LineStream.chunkSize - 1)
    bytes += Array("é\nsecond\r\nthird \u{FF}".utf8) + [0xFF] + Array("\rlast".utf8)
    let lines = try Self.lines(of: bytes)
    #expect(lines.count == 4)
    #expect(lines.first?.hasSuffix("aé") == true)
    #expect(lines.first?.utf8.count == LineStream.chunkSize + 1)
    #expect(Array(lines.dropFirst()) == ["second", "third \u{FF}\u{FFFD}", "last"])
  }
}
