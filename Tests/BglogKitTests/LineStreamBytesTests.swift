import Foundation
import Testing

@testable import BglogKit

/// `LineStream.forEachLineBytes` must hand out exactly the lines of `forEachLine` (the timeline reads
/// files through it): the same splits at chunk boundaries, the same repairs of invalid UTF-8.
@Suite struct LineStreamBytesTests {
  static func bothWays(_ bytes: [UInt8]) throws -> (strings: [String], bytes: [String], ascii: [Bool]) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-linebytes-\(UUID()).log")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var strings: [String] = []
    let cutByStrings = try LineStream.forEachLine(InputFile(path: url.path)) { line in
      strings.append(String(line))
      return true
    }
    var lines: [String] = []
    var ascii: [Bool] = []
    let cutByBytes = try LineStream.forEachLineBytes(InputFile(path: url.path)) { line, isASCII in
      lines.append(String(decoding: line, as: UTF8.self))
      ascii.append(isASCII)
      // A line said to be ASCII is ASCII.
      #expect(!isASCII || line.allSatisfy { $0 < 0x80 })
      // Every line handed out is valid UTF-8, as the string path's are.
      #expect(String(validating: line, as: UTF8.self) != nil)
      return true
    }
    #expect(cutByStrings == cutByBytes)
    return (strings, lines, ascii)
  }

  @Test func chunkBoundariesLineEndsAndRepairsMatchTheStringPath() throws {
    let chunk = LineStream.chunkSize
    var cases: [[UInt8]] = []
    // A CR LF pair split across chunks (the string path gives an empty line there).
    cases.append([UInt8](repeating: 0x61, count: chunk - 1) + [0x0D, 0x0A] + Array("next\r\nlast".utf8))
    // A line across the boundary, a two-byte character split by it, invalid bytes, lone CRs.
    cases.append(
      [UInt8](repeating: 0x62, count: chunk - 1) + Array("é\nsecond\r\nthird \u{FF}".utf8) + [0xFF, 0xE2, 0x0A]
        + Array("\rlast".utf8))
    // A byte-order mark, a line ending exactly at the boundary, no final line end.
    cases.append([0xEF, 0xBB, 0xBF] + [UInt8](repeating: 0x63, count: chunk - 4) + [0x0A] + Array("x\ny".utf8))
    // A line longer than the maximum: cut, and the rest skipped up to its CR LF.
    cases.append(
      Array("first\n".utf8) + [UInt8](repeating: 0x64, count: LineStream.maximumLineLength + 3 * chunk / 2)
        + [0x0D, 0x0A] + Array("after\n\n\nend\n".utf8))
    // Empty lines only, and nothing at all.
    cases.append(Array("\n\r\n\r\r\n".utf8))
    cases.append([])
    for bytes in cases {
      let (strings, lines, ascii) = try Self.bothWays(bytes)
      #expect(strings == lines)
      #expect(ascii.count == lines.count)
    }
  }

  /// After the first chunk, chunks are read in pieces and lines handed out as pieces arrive: CR LF
  /// pairs, lines carried over from the last chunk, and the rest of a cut line across piece ends.
  @Test func pieceBoundariesMatchTheStringPath() throws {
    let chunk = LineStream.chunkSize
    let piece = LineStream.pieceSize
    func text(_ string: String) -> [UInt8] { Array(string.utf8) }
    func filler(_ count: Int) -> [UInt8] { [UInt8](repeating: 0x61, count: count) }
    func join(_ parts: [[UInt8]]) -> [UInt8] { parts.flatMap { $0 } }
    var cases: [[UInt8]] = []
    // A CR LF pair split by a piece end, a lone CR at one, a line ending right at one.
    let endings: [[UInt8]] = [[0x0D, 0x0A], [0x0D, 0x62], [0x0A, 0x0D]]
    for ending in endings {
      cases.append(
        join([filler(chunk - 5), text("\nx"), filler(piece - 4), text("\nyz"), ending, text("tail\r\nend")]))
    }
    // A line carried over from the first chunk that ends only after two more pieces, with a CR LF
    // and a lone CR right after it; the same ending with a CR LF split by a piece end.
    cases.append(
      join([filler(chunk - 10), text("\nstart"), filler(2 * piece + 7), [0x0D, 0x0A, 0x0D], text("next\n")]))
    cases.append(join([filler(chunk - 10), text("\nstart"), filler(piece - 5), [0x0D, 0x0A], text("next\n")]))
    // A line cut at the maximum whose rest ends in a later piece of a later chunk, then lines of every
    // ending.
    cases.append(
      join([
        text("first\n"), [UInt8](repeating: 0x64, count: 2 * chunk + piece - 7), [0x0D, 0x0A],
        text("after\r\rx\r\n\n"), filler(3 * piece), text("\r\nlast"),
      ]))
    // Non-ASCII text across piece ends (the exact path), a CR as the very last byte of a chunk.
    cases.append(
      join([
        filler(chunk - 1), [0x0A], text(String(repeating: "é\r\n", count: piece)), filler(chunk - 3 * piece - 1),
        [0x0D, 0x0A, 0x7A],
      ]))
    for bytes in cases {
      let (strings, lines, ascii) = try Self.bothWays(bytes)
      #expect(strings == lines)
      #expect(ascii.count == lines.count)
    }
  }

  /// The pipelined reader (a second thread reads and splits) hands out exactly the lines, ASCII flags
  /// and cut count of the direct one, across many batches, and the same error for a missing file.
  @Test func pipelinedReadingMatchesDirectReading() throws {
    let chunk = LineStream.chunkSize
    var bytes: [UInt8] = []
    for index in 0..<40_000 {
      bytes += Array("17:00:\(index % 60)  proc\(index % 7)  message \(index) é\r\n".utf8)
      if index % 9_999 == 0 { bytes += [UInt8](repeating: 0x61, count: 2 * chunk + 17) + [0x0A] }
      if index % 1_000 == 0 { bytes += [0x0D, 0xFF, 0x0A] }
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-pipelined-\(UUID()).log")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var direct: [[UInt8]] = []
    var directASCII: [Bool] = []
    let directCut = try LineStream.forEachLineBytes(InputFile(path: url.path)) { line, isASCII in
      direct.append(Array(line))
      directASCII.append(isASCII)
      return true
    }
    var piped: [[UInt8]] = []
    var pipedASCII: [Bool] = []
    let pipedCut = try LineStream.forEachLineBytesPipelined(InputFile(path: url.path)) { line, isASCII, _ in
      piped.append(Array(line))
      pipedASCII.append(isASCII)
    }
    #expect(direct.count > 40_000)
    #expect(piped == direct)
    #expect(pipedASCII == directASCII)
    #expect(pipedCut == directCut)
    #expect(directCut > 0)
    let missing = InputFile(path: url.path + "-missing")
    #expect(throws: InputError.self) { try LineStream.forEachLineBytesPipelined(missing) { _, _, _ in } }
  }

  @Test func utf16FilesGoThroughTheStringPath() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "one\r\ntwo\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let (strings, lines, _) = try Self.bothWays(bytes)
    #expect(strings == ["one", "two"])
    #expect(lines == strings)
  }
}
