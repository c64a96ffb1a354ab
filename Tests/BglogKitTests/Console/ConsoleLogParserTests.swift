import Testing

@testable import BglogKit

/// Layout detection and record building. The lines here are written for the tests in each
/// layout's shape (made-up apps and values), not copied from any log.
@Suite struct ConsoleLogParserTests {
  static func parse(_ text: String) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    var parser = ConsoleLogParser()
    var entries: [LogEntry] = []
    for line in SourceText(text: text).lines {
      if let entry = parser.consume(line) { entries.append(entry) }
    }
    if let entry = parser.finish() { entries.append(entry) }
    return (entries, parser.statistics, parser.layout)
  }

  @Test func readsSeedLayoutWithContinuationAndRollover() {
    let (entries, stats, layout) = Self.parse(
      "23:59:58    assertiond  [Demo:1] Forcing crash report with description: x\n"
        + "<BKProcessAssertion: 0x1; \"a\" (finishTask:180s); id:1> (owner: Demo:1)\n"
        + "00:00:03    Demo  hello\n")
    #expect(layout == .timeProcessMessage)
    #expect(entries.count == 2)
    #expect(stats.continuationLines == 1)
    #expect(entries[0].message.hasSuffix("(owner: Demo:1)"))
    #expect(entries[1].clock == 86_403)
  }

  @Test func readsConsoleAppFourAndFiveColumns() {
    let (four, _, layout) = Self.parse(
      "default\t10:00:01.250000-0500\tMyApp\tCreated background task <private>.\n")
    #expect(layout == .consoleApp)
    #expect(four.first?.process == "MyApp")
    #expect(four.first?.level == "default")
    #expect(four.first?.timestamp?.utcOffsetSeconds == -18_000)
    #expect(four.first?.message == "Created background task <private>.")
    let (five, _, _) = Self.parse(
      "par défaut\t10:00:01.250000+0100\tMyApp\tCFNetwork\tTask <X>.<1> resuming\n")
    #expect(five.first?.library == "CFNetwork")
    #expect(five.first?.level == "par défaut")
    #expect(five.first?.message == "Task <X>.<1> resuming")
  }

  @Test func readsIdevicesyslogWithMetaEscapesAndLineNumbers() {
    let (entries, _, layout) = Self.parse(
      "12   :Mar  3 09:00:01 my-phone assertiond[66] <Notice>: id:\\M-b\\M^@\\M-&ABC\n"
        + "Mar  3 09:00:02 my-phone SpringBoard(FrontBoard)[50] <Notice>: hi\n")
    #expect(layout == .idevicesyslog)
    #expect(entries.count == 2)
    #expect(entries[0].pid == 66)
    #expect(entries[0].level == "Notice")
    #expect(entries[0].message == "id:…ABC")
    #expect(entries[1].library == "FrontBoard")
    #expect(entries[1].timestamp?.date == LogDate(year: nil, month: 3, day: 3))
  }

  @Test func readsLogShowDefaultCompactAndXcode() {
    let (show, _, showLayout) = Self.parse(
      "2024-05-01 10:00:00.100000-0700 0x1a2b     Default     0x0                  33     0    runningboardd: "
        + "(RunningBoard) [com.apple.runningboard:assertion] Invalidating assertion 33-1-2\n")
    #expect(showLayout == .logShow)
    #expect(show.first?.process == "runningboardd")
    #expect(show.first?.pid == 33)
    #expect(show.first?.subsystem == "com.apple.runningboard")
    #expect(show.first?.category == "assertion")
    #expect(show.first?.message == "Invalidating assertion 33-1-2")
    let (compact, _, compactLayout) = Self.parse(
      "2024-05-01 10:00:00.100 Df runningboardd[33:1a2b] [com.apple.runningboard:process] Resuming task.\n"
    )
    #expect(compactLayout == .logShowCompact)
    #expect(compact.first?.pid == 33)
    #expect(compact.first?.message == "Resuming task.")
    let (xcode, _, xcodeLayout) = Self.parse(
      "2024-05-01 10:00:00.100000+0200 MyApp[812:99123] hello world\n")
    #expect(xcodeLayout == .xcode)
    #expect(xcode.first?.process == "MyApp")
    #expect(xcode.first?.message == "hello world")
  }

  @Test func readsNDJSON() {
    let line =
      #"{"timestamp":"2024-05-01 10:00:00.100000-0700","processImagePath":"/usr/libexec/nsurlsessiond","#
      + #""processID":94,"subsystem":"com.apple.nsurlsessiond","category":"x","messageType":"Default","#
      + #""eventMessage":"hello"}"#
    let (entries, _, layout) = Self.parse(line + "\n")
    #expect(layout == .logShowNDJSON)
    #expect(entries.first?.process == "nsurlsessiond")
    #expect(entries.first?.pid == 94)
    #expect(entries.first?.message == "hello")
  }

  @Test func countsUnknownLinesAndDuplicates() {
    let block = "10:00:01    Demo  one\n10:00:02    Demo  two\n"
    let (entries, stats, _) = Self.parse("Timestamp  Process  Message\n" + block + block)
    #expect(entries.map(\.message) == ["one", "two"])
    #expect(stats.unknownLines == 1)
    #expect(stats.duplicates == 2)
  }

  @Test func textBeforeTheFirstHeaderIsAnUntimedRecord() {
    let (entries, stats, layout) = Self.parse("garbage before\n10:00:01    Demo  one\n")
    #expect(layout == .timeProcessMessage)
    #expect(entries.map(\.message) == ["garbage before", "one"])
    #expect(entries.map { $0.timestamp == nil } == [true, false])
    #expect(stats.unknownLines == 0)
  }
}
