import Testing

@testable import BglogKit

/// The byte-level path of the `HH:MM:SS  process  message` layout must read records exactly as the
/// string path did. Lines written for the tests (made-up apps and values).
@Suite struct ConsoleByteLevelTests {
  static func parse(_ text: String) -> ([LogEntry], ConsoleLogStatistics) {
    let (entries, statistics) = ConsoleLogParser.entries(in: SourceText(text: text))
    return (entries, statistics)
  }

  /// `16:12:49.226  kernel: memorystatus: …` (radiance #595, two of its lines): the colon after the
  /// process is not its name's, on the bytes, in the `String` parser and read ahead alike.
  @Test func aColonAfterTheProcessIsNotItsName() throws {
    let lines = [
      "16:12:49.226  kernel: memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)",
      "16:12:49.229  kernel: killing_specific_process pid 1879 [Tunnel] ... 51200KB",
      "16:12:49.300  : a lone colon is a process name of its own",
    ]
    let (entries, _) = Self.parse(lines.joined(separator: "\n"))
    #expect(entries.map(\.process) == ["kernel", "kernel", ":"])
    #expect(entries.first?.message == "memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)")
    var parser = ConsoleLogParser()
    var viaString: [LogEntry] = []
    for line in lines { parser.consume(Substring(line)) { viaString.append($0) } }
    if let last = parser.finish() { viaString.append(last) }
    #expect(viaString.map(\.process) == ["kernel", "kernel", ":"])
    for line in lines {
      var line = line
      line.withUTF8 { bytes in
        let header = ConsoleLogParser.timeProcessMessageHeader(bytes)
        #expect(header.map { String(decoding: bytes[$0.process], as: UTF8.self) } != "kernel:")
      }
    }
  }

  @Test func duplicatesAreFoundOnBytesAndUpToCanonicalEquivalence() {
    let (entries, statistics) = Self.parse(
      "10:00:00    Demo  caf\u{E9} opened\n"
        // Said again in the same second, and nothing shows a copy: a record of its own (issue 16 item 9).
        + "10:00:00    Demo  caf\u{E9} opened\n"
        + "10:00:01    Demo  caf\u{E9} opened\n"
        // The clock goes back: the stretch pasted again, here decomposed: duplicates.
        + "10:00:00    Demo  cafe\u{301} opened\n"
        + "10:00:00    Demo  caf\u{E9} opened\n"
        + "10:00:01\tDemo\tcaf\u{E9} opened\n")  // other blanks, same fields: a duplicate
    #expect(entries.count == 3)
    #expect(statistics.duplicates == 3)
    #expect(entries.map(\.line) == [1, 2, 3])
    #expect(entries[0].message == "caf\u{E9} opened")
  }

  @Test func copiesMicrosecondsApartAndContinuationsAreKeptApart() {
    let (entries, statistics) = Self.parse(
      "10:00:00.100000    Demo  tick\n"
        + "10:00:00.100005    Demo  tick\n"  // same process and message 5 µs apart: a copy
        + "10:00:00.100004    Other  tick\n"
        + "10:00:00.500000    Demo  first\n"
        + "  second line\n"
        + "10:00:00.500000    Demo  first\n")  // no continuation: a different record
    #expect(entries.map(\.line) == [1, 3, 4, 6])
    #expect(statistics.nearDuplicates == 1)
    #expect(statistics.continuationLines == 1)
    #expect(entries[2].message == "first\n  second line")
    #expect(entries[2].lineCount == 2)
    #expect(entries[2].firstLine == "10:00:00.500000    Demo  first")
    #expect(entries[2].clock == 36_000.5)
  }

  /// Issue 16 item 9: two records that only say the same thing are not copies. The spacing is the
  /// one measured in a real three-way merged Console.app export (copies 5–60 µs apart, the same
  /// message written again 139 µs later) and a real log (`Created background task` again 33 ms later).
  @Test func recordsThatOnlySayTheSameThingAreKept() {
    let (entries, statistics) = Self.parse(
      "10:00:00.395194    Runner  Not push traits update\n"
        + "10:00:00.395338    Runner  Not push traits update\n"  // 144 µs later: a record of its own
        + "10:00:00.395189    Runner  Not push traits update\n"  // copies of the two, a few µs off
        + "10:00:00.395199    Runner  Not push traits update\n"
        + "10:00:00.395333    Runner  Not push traits update\n"
        + "10:00:00.395343    Runner  Not push traits update\n"
        + "10:00:00.567555    Runner  Created background task <private>.\n"
        + "10:00:00.600256    Runner  Created background task <private>.\n")
    #expect(entries.map(\.line) == [1, 2, 7, 8])
    #expect(statistics.nearDuplicates == 4)
  }

  @Test func copiesMustShareThePid() throws {
    // Xcode writes the pid: the same message from two processes is two records.
    let text =
      "2025-11-23 15:36:14.380790+0500 Runner[101:2001] Created background task <private>.\n"
      + "2025-11-23 15:36:14.380795+0500 Runner[102:2002] Created background task <private>.\n"
      + "2025-11-23 15:36:14.380799+0500 Runner[101:2001] Created background task <private>.\n"
    let (entries, statistics) = Self.parse(text)
    #expect(entries.map(\.pid) == [101, 102])
    #expect(statistics.nearDuplicates == 1)
  }

  /// `log show` prints each record of the store once: the kernel's repeats 62 µs apart are two records
  /// (objective-see/BlockBlock #12, `log show` default style; two of its lines).
  @Test func logShowRepeatsMicrosecondsApartAreKept() throws {
    let text =
      "2020-08-03 21:59:36.366208+0800 0x202      Default     0x0                  0      0    kernel: zone_map_exhaustion: Nothing to do for the largest zone [kalloc.128]. Waking up memorystatus thread.\n"
      + "2020-08-03 21:59:36.366270+0800 0x202      Default     0x0                  0      0    kernel: zone_map_exhaustion: Nothing to do for the largest zone [kalloc.128]. Waking up memorystatus thread.\n"
    let (entries, statistics) = Self.parse(text)
    #expect(entries.count == 2)
    #expect(statistics.nearDuplicates == 0)
    // The same two records as a Console.app copy would print them are one record and a copy.
    let copied =
      "default\t21:59:36.366208+0800\tkernel\tzone_map_exhaustion: Nothing to do for the largest zone [kalloc.128]. Waking up memorystatus thread.\n"
      + "default\t21:59:36.366270+0800\tkernel\tzone_map_exhaustion: Nothing to do for the largest zone [kalloc.128]. Waking up memorystatus thread.\n"
    let (copiedEntries, copiedStatistics) = Self.parse(copied)
    #expect(copiedEntries.count == 1)
    #expect(copiedStatistics.nearDuplicates == 1)
  }

  @Test func filteredRecordsStillCountAndSetTheLogEnd() {
    var parser = ConsoleLogParser()
    parser.recordFilter = { process, _, _ in ByteText.equals(process, "Demo") }
    var kept: [LogEntry] = []
    let text = "10:00:00    Demo  a\n10:00:05    Noise  b\n10:00:00    Demo  a\n10:00:05    Noise  b\n"
    for line in SourceText(text: text).lines {
      parser.consume(line) { kept.append($0) }
    }
    if let last = parser.finish() { kept.append(last) }
    #expect(kept.map(\.process) == ["Demo"])
    #expect(parser.statistics.entries == 2)
    #expect(parser.statistics.duplicates == 2)
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
