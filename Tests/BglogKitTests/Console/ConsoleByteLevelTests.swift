import Testing

@testable import BglogKit

/// The byte-level path of the `HH:MM:SS  process  message` layout must read records exactly as the
/// string path did. Lines written for the tests (made-up apps and values).
@Suite struct ConsoleByteLevelTests {
  static func parse(_ text: String) -> ([LogEntry], ConsoleLogStatistics) {
    let (entries, statistics) = ConsoleLogParser.entries(in: SourceText(text: text))
    return (entries, statistics)
  }

  @Test func duplicatesAreFoundOnBytesAndUpToCanonicalEquivalence() {
    let (entries, statistics) = Self.parse(
      "10:00:00    Demo  caf\u{E9} opened\n"
        + "10:00:00    Demo  cafe\u{301} opened\n"  // the same text, decomposed: a duplicate
        + "10:00:00    Demo  caf\u{E9} opened\n"
        + "10:00:01    Demo  caf\u{E9} opened\n"  // another second: kept
        + "10:00:01\tDemo\tcaf\u{E9} opened\n")  // other blanks, same fields: a duplicate
    #expect(entries.count == 2)
    #expect(statistics.duplicates == 3)
    #expect(entries.map(\.line) == [1, 4])
    #expect(entries[0].message == "caf\u{E9} opened")
  }

  @Test func sameMillisecondCopiesAndContinuationsAreKeptApart() {
    let (entries, statistics) = Self.parse(
      "10:00:00.1000    Demo  tick\n"
        + "10:00:00.1004    Demo  tick\n"  // same process and message within 1 ms: a copy
        + "10:00:00.1004    Other  tick\n"
        + "10:00:00.5000    Demo  first\n"
        + "  second line\n"
        + "10:00:00.5000    Demo  first\n")  // no continuation: a different record
    #expect(entries.map(\.line) == [1, 3, 4, 6])
    #expect(statistics.nearDuplicates == 1)
    #expect(statistics.continuationLines == 1)
    #expect(entries[2].message == "first\n  second line")
    #expect(entries[2].lineCount == 2)
    #expect(entries[2].firstLine == "10:00:00.5000    Demo  first")
    #expect(entries[2].clock == 36_000.5)
  }

  @Test func filteredRecordsStillCountAndSetTheLogEnd() {
    var parser = ConsoleLogParser()
    parser.recordFilter = { process, _, _ in ByteText.equals(process, "Demo") }
    var kept: [LogEntry] = []
    for line in SourceText(text: "10:00:00    Demo  a\n10:00:05    Noise  b\n10:00:05    Noise  b\n").lines {
      parser.consume(line) { kept.append($0) }
    }
    if let last = parser.finish() { kept.append(last) }
    #expect(kept.map(\.process) == ["Demo"])
    #expect(parser.statistics.entries == 2)
    #expect(parser.statistics.duplicates == 1)
    #expect(parser.latestClock == 36_005)
  }

  @Test func literalMarkersMatchLikeTheirExpression() throws {
    let literal = try TimelineMarker(name: "added", pattern: "hello 添加下载任务")
    let regex = try TimelineMarker(name: "done", pattern: "done \\d+")
    #expect(literal.literal != nil)
    #expect(regex.literal == nil)
    #expect(literal.matches("[x] hello 添加下载任务 3"))
    #expect(!literal.matches("hello 添加下载"))
    #expect(regex.matches("part done 12"))
    #expect(!regex.matches("part done x"))
  }
}
