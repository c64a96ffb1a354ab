import BglogTestSupport
import Testing

@testable import BglogKit

/// Session 6: inputs found slow by the fuzzer or built from it (docs/robustness.md, "Plain text and
/// flattened reports"). No timing: each test counts the work that used to grow with the input.
@Suite struct PlainTextWorkTests {
  /// Reads `source` line by line as `timeline` and `InputAppearance` do; returns the parser at the end.
  static func parse(_ source: SourceText) -> (ConsoleLogParser, [LogEntry]) {
    var parser = ConsoleLogParser()
    var entries: [LogEntry] = []
    for line in source.lines { parser.consume(line) { entries.append($0) } }
    if let entry = parser.finish() { entries.append(entry) }
    return (parser, entries)
  }

  /// The fuzzer's case (synthetic, built here): lines ended by lone CRs, none with a clock time or a
  /// `{`. Every line was read by every layout's header reader, twice (strict and tolerant); now none is.
  @Test func plainTextLinesAreNotOfferedToTheHeaderReaders() {
    let source = SourceText(text: String(repeating: "\rxception Type: \t", count: 2_000))
    let (parser, entries) = Self.parse(source)
    #expect(parser.statistics.lines == 2_001)
    #expect(parser.layout == nil)
    #expect(parser.linesOfferedWithoutLayout == 0)
    // Still read as records without a header (a message copied alone), as before.
    #expect(!entries.isEmpty)
    #expect(entries.allSatisfy { $0.process.isEmpty && $0.timestamp == nil && $0.message == "xception Type: \t" })
    #expect(InputAppearance.of(bytes: Array(source.text.utf8)).kind == .plainText)
  }

  /// No bound on the lines read before a layout is found: a log after 3,000 lines of prose (synthetic)
  /// is still detected, and only the lines that could hold a clock time were offered to the readers.
  @Test func aLogAfterLongProseIsStillDetected() {
    var text = ""
    for index in 0..<3_000 { text += "prose \(index), see [this] and <Foo: 0x1; {not json\n" }
    text += "we met at 12:30 and then\n"
    text += "2021-08-03 12:21:19.012463-0700 Client[78393:13981511] [assertion] first record\n"
    text += "2021-08-03 12:21:20.012463-0700 Client[78393:13981511] [assertion] second record\n"
    let (parser, entries) = Self.parse(SourceText(text: text))
    #expect(parser.layout == .xcode)
    // The 3,000 prose lines hold a `{`: offered; the `12:30` line and the first header too.
    #expect(parser.linesOfferedWithoutLayout == 3_002)
    #expect(entries.suffix(2).map(\.message) == ["[assertion] first record", "[assertion] second record"])
    #expect(entries.suffix(2).allSatisfy { $0.process == "Client" && $0.pid == 78393 })

    var plain = ""
    for index in 0..<3_000 { plain += "prose \(index) without a time\n" }
    plain += "2021-08-03 12:21:19.012463-0700 Client[78393:13981511] [assertion] first record\n"
    let (quiet, _) = Self.parse(SourceText(text: plain))
    #expect(quiet.layout == .xcode)
    #expect(quiet.linesOfferedWithoutLayout == 1)
  }

  /// A report flattened onto one line (synthetic: `Exception Type: EXC_CRASH ` repeated) splits into a
  /// report per key, all on line 1; `check` named each by a digest of line 1, hashing the whole line once
  /// per report (2 MiB: 80,000 reports, 371 s). The digest of a line range is now worked out once.
  @Test func checkHashesALineRangeOnceForAllItsReports() throws {
    let source = SourceText(text: String(repeating: "Exception Type: EXC_CRASH ", count: 400))
    let diagnosed = try DiagnoseRun.diagnosedReports(in: source)
    #expect(diagnosed.count > 100)
    var digests = CheckSignature.ReportDigests()
    let findings = diagnosed.map { CheckFinding($0, source: source, digests: &digests) }
    let ranges = Set(diagnosed.map { $0.report.startLine...$0.report.endLine })
    #expect(digests.computed == ranges.count)
    #expect(ranges.count * 10 < diagnosed.count)
    // The same signatures as worked out one report at a time.
    #expect(findings.map(\.signature) == diagnosed.map { CheckFinding($0, source: source).signature })
    #expect(findings.allSatisfy { $0.signature.report?.hasPrefix("report #") == true })
  }
}
