import BglogTestSupport
import Testing

@testable import BglogKit

/// The reader thread reads headers with a memory of the time fields of the lines before
/// (``HeaderFieldMemo``): a line whose clock time, date or UTC offset has the bytes of one before
/// takes its value. Every header must be the one read without it: every line of the console
/// fixtures in every byte layout, and lines that differ from the one before only where a memory
/// could be wrong (the fraction, seconds after the same offset, a colon, a bad field twice).
@Suite struct HeaderFieldMemoTests {
  /// Each line's header (all its stored fields) read in `layout`, with one memory for all the lines
  /// or none.
  static func headers(_ lines: [String], layout: ConsoleLayout, memoised: Bool) -> [String] {
    let memo = UnsafeMutablePointer<HeaderFieldMemo>.allocate(capacity: 1)
    memo.initialize(to: HeaderFieldMemo())
    defer { memo.deallocate() }
    return lines.map { line in
      var line = line
      return line.withUTF8 { bytes in
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return "not ASCII" }
        let header = ConsoleByteHeader.read(bytes, layout: layout, memo: memoised ? memo : nil)
        return header.map { String(describing: $0) } ?? "none"
      }
    }
  }

  static func expectTheSame(_ lines: [String], layout: ConsoleLayout) {
    let plain = headers(lines, layout: layout, memoised: false)
    let memoised = headers(lines, layout: layout, memoised: true)
    for (index, line) in lines.enumerated() {
      #expect(memoised[index] == plain[index], "\(layout): \(line.debugDescription)")
    }
  }

  @Test func fixtureHeadersReadTheSameWithTheMemory() throws {
    let paths = Fixtures.files(in: "console", extensions: ["log", "json"])
    #expect(paths.count > 40)
    for path in paths {
      let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for layout in ConsoleLayout.allCases where ConsoleByteHeader.reads(layout) {
        Self.expectTheSame(lines, layout: layout)
      }
    }
  }

  /// Times as the Xcode, `log show`, Console.app and ndjson layouts write them, one after another.
  static let times = [
    "2024-05-01 10:00:00.100000+0200", "2024-05-01 10:00:00.200000+0200", "2024-05-01 10:00:00.2+0200",
    "2024-05-01 10:00:00+0200", "2024-05-01 10:00:00.100000+020030", "2024-05-01 10:00:00.100000+0200",
    "2024-05-01 10:00:00.100000+02:00", "2024-05-01 10:00:00.100000+0200", "2024-05-01 25:00:00.100000+0200",
    "2024-05-01 25:00:00.100000+0200", "2024-05-02 10:00:00.100000+0200", "2024-13-02 10:00:00.100000+0200",
    "2024-13-02 10:00:00.100000+0200", "2024-05-02 10:00:00.100000+0260", "2024-05-02 10:00:00.100000+0260",
    "2024-05-02 10:00:00.100000+02001", "2024-05-02 10:00:00.100000+0200", "2024-05-02 10:00:00.100000-0200",
    "2024-05-02 10:00:01.100000-0200", "2024-05-02 10:00:0a.100000-0200", "2024-05-02 10:00:01.1000001-0200",
    "2024-05-02 10:00:01.100000-0200",
  ]

  @Test func timesThatDifferWhereAMemoryCouldBeWrongReadTheSame() {
    Self.expectTheSame(Self.times.map { $0 + " MyApp[812:99123] hello" }, layout: .xcode)
    Self.expectTheSame(
      Self.times.map { $0 + "    0x1f85     Default     0x0    1370   0    App: hello" }, layout: .logShow)
    Self.expectTheSame(
      Self.times.map { "default\t" + $0.dropFirst(11) + "\tApp\thello" }, layout: .consoleApp)
    Self.expectTheSame(Self.times.map { $0 + "\tApp\thello" }, layout: .consoleApp)
    Self.expectTheSame(
      Self.times.map {
        #"{"timestamp":""# + $0 + #"","processImagePath":"/usr/libexec/App","processID":57,"eventMessage":"hello"}"#
      }, layout: .logShowNDJSON)
    // The offset at the end of the line (no byte after it to look at).
    Self.expectTheSame(Self.times.map { "default\t" + $0.dropFirst(11) }, layout: .consoleApp)
  }
}
