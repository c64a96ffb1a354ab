import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session 6: two more resource texts people paste alone, refused before (session 5b review): lines of
/// a disk-writes report without the report, and the kernel's excessive-wakeups line. The texts quoted
/// from forums and GPL projects are the sources' own words, built here in code (their licences do not
/// allow a fixture); the fixture `public-disk-writes-lines-without-event-iphone12-action-none.txt`
/// (firebase-ios-sdk #6391, Apache-2.0) is the real one.
@Suite struct PastedResourceLinesTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Disk-writes report lines

  /// Apple Developer Forums thread 686854: the figure sentence alone (the value of the `Writes:` line),
  /// with the forum's Markdown line break (`\`) at its end.
  @Test func theFigureSentenceAloneIsAMediumDiskWritesReading() throws {
    let line =
      "1073.76 MB of file backed memory dirtied over 705 seconds (1522.14 KB per second average), exceeding "
      + "limit of 12.43 KB per second over 86400 seconds\\"
    let read = try Self.read(line + "\n")
    #expect(read.count == 1)
    let (report, diagnosis) = try #require(read.first)
    #expect(report.header.processName == nil)
    #expect(diagnosis.kind == .diskWritesLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("not a kill"))
    #expect(diagnosis.summary.contains("not named"))
    #expect(diagnosis.evidence.first?.location == .line(1))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
    // The sentence without the Markdown backslash.
    #expect(diagnosis.facts.contains(Fact("limit", String(line.dropLast()))))
  }

  /// Thread 821945 (the newer `Writes caused: N MB over Ns (Average: …)` spelling), with `Action taken:`.
  @Test func actionTakenAndWritesCausedAreRead() throws {
    let (_, diagnosis) = try #require(
      try Self.read("Action taken: none\nWrites caused: 1073.96 MB over 48.28s (Average: 22.24 MB/second)\n").first)
    #expect(diagnosis.kind == .diskWritesLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.map(\.location) == [.line(2), .line(1)])
    #expect(diagnosis.evidence.map(\.note).contains("what the system did"))
    #expect(
      diagnosis.facts.contains(Fact("writes", "Writes caused: 1073.96 MB over 48.28s (Average: 22.24 MB/second)")))
  }

  /// `Action taken:` with a key of its own report's body but no line that names disk writes is not read
  /// as one: `Action taken: none` and `Duration:` belong to every microstackshot (CPU, wakeups).
  @Test func linesThatDoNotNameDiskWritesAreNotRead() {
    #expect(throws: ReportParseError.self) { try Self.read("Action taken: none\nDuration: 12.5s\n") }
    // Another line around the figures leaves the text to the other readers.
    let mixed = """
      1073.76 MB of file backed memory dirtied over 705 seconds (1522.14 KB per second average), exceeding limit of 12.43 KB per second over 86400 seconds
      My app crashed after this, why?
      """
    #expect(throws: ReportParseError.self) { try Self.read(mixed) }
    // The words without the figures before them are prose, not the report's line.
    #expect(
      DiskWritesPieceReader.figureSentence("the file backed memory dirtied over a day, exceeding limit of 1 GB") == nil)
    #expect(
      DiskWritesPieceReader.figureSentence(
        "Writes:           1073.75 MB of file backed memory dirtied over 1003 seconds (1070.20 KB per second "
          + "average), exceeding limit of 12.43 KB per second over 86400 seconds")?.hasPrefix("1073.75 MB") == true)
  }

  /// A whole report (its `Event: disk writes` line) is still read by the report reader, at high.
  @Test func aWholeReportIsStillHigh() throws {
    let source = try Fixtures.source("crash/public-disk-writes-microstackshot-body-iphone12-action-none.crash")
    let (report, diagnosis) = try #require(
      try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }.first)
    #expect(report.resource?.event == "disk writes")
    #expect(diagnosis.kind == .diskWritesLimit)
    #expect(diagnosis.confidence == .high)
  }

  // MARK: The kernel's excessive-wakeups line

  /// hholtmann/smcFanControl #42 (OS X 10.10; GPL-2.0, so not a fixture): the line alone, indented by the
  /// issue's Markdown code block.
  @Test func theMacOSKernelLineAloneIsAMediumWakeupsReading() throws {
    let text =
      "    process smc[65819] caught causing excessive wakeups. Observed wakeups rate (per sec): 49341; Maximum "
      + "permitted wakeups rate (per sec): 150; Observation period: 300 seconds; Task lifetime number of "
      + "wakeups: 45772\n"
    let read = try Self.read(text)
    #expect(read.count == 1)
    let (report, diagnosis) = try #require(read.first)
    #expect(report.header.processName == "smc")
    #expect(report.header.processID == 65819)
    #expect(diagnosis.kind == .wakeupsLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("smc [65819]"))
    #expect(diagnosis.summary.contains("does not say whether it was killed"))
    #expect(
      diagnosis.facts.contains(Fact("limit", "49341 wakeups per second observed, 150 permitted, over 300 seconds")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
    #expect(diagnosis.evidence.first?.location == .line(1))
  }

  /// RasPlex/OpenPHT #139 (Console.app shows the record broken after each `;`; GPL-2.0): one report, the
  /// figures from the lines after it.
  @Test func theRecordBrokenOntoFigureLinesIsOneReading() throws {
    let text = """
      kernel[0]: process OpenPHT[60661] caught causing excessive wakeups.
      Observed wakeups rate (per sec): 306;
      Maximum permitted wakeups rate (per sec): 150;
      Observation period: 300 seconds;
      Task lifetime number of wakeups: 2070251
      """
    let read = try Self.read(text)
    #expect(read.count == 1)
    let (report, diagnosis) = try #require(read.first)
    #expect(report.header.processName == "OpenPHT")
    #expect(report.startLine == 1 && report.endLine == 5)
    #expect(diagnosis.kind == .wakeupsLimit)
    #expect(diagnosis.facts.contains(Fact("limit", "306 wakeups per second observed, 150 permitted, over 300 seconds")))
  }

  /// A syslog prefix before the line (boot2docker #346: `May  7 13:49:16 spazstik kernel[0]: process
  /// docker[1132] …`) and a name with a space (Chromium's `process Google Chrome[82255] …`) are read.
  @Test func aSyslogPrefixAndANameWithASpaceAreRead() throws {
    let line = try #require(
      WakeupsLimitLineReader.parse(
        "May  7 13:49:16 spazstik kernel[0]: process docker[1132] caught causing excessive wakeups. Observed "
          + "wakeups rate (per sec): 2520; Maximum permitted wakeups rate (per sec): 150; Observation period: 300 "
          + "seconds; Task lifetime number of wakeups: 45102"))
    #expect(
      line
        == WakeupsLimitLineReader.Line(
          process: "docker", pid: 1132, observed: "2520", permitted: "150", period: "300 seconds"))
    let chrome = try #require(
      WakeupsLimitLineReader.parse(
        "2014-04-30 4:04:42.000 PM kernel[0]: process Google Chrome[82255] caught causing excessive wakeups. "
          + "Observed wakeups rate (per sec): 225; Maximum permitted wakeups rate (per sec): 150"))
    #expect(chrome.process == "Google Chrome" && chrome.pid == 82255 && chrome.period == nil)
  }

  /// The syslog paste with the crash reporter's lines after it is a console log (the timeline reads it),
  /// not a report; figure lines with no line before them and look-alikes are refused.
  @Test func otherTextIsNotReadAsWakeupsLines() {
    let syslog = """
      May  7 13:49:16 spazstik kernel[0]: process docker[1132] caught causing excessive wakeups. Observed wakeups rate (per sec): 2520; Maximum permitted wakeups rate (per sec): 150; Observation period: 300 seconds; Task lifetime number of wakeups: 45102
      May  7 13:49:16 spazstik ReportCrash[1137]: Invoking spindump for pid=1132 wakeups_rate=2520 duration=18 because of excessive wakeups
      """
    #expect(WakeupsLimitLineReader.read(SourceText(text: syslog)) == nil)
    #expect(WakeupsLimitLineReader.read(SourceText(text: "Observed wakeups rate (per sec): 306;\n")) == nil)
    #expect(WakeupsLimitLineReader.parse("my process caught causing excessive wakeups, why?") == nil)
    #expect(WakeupsLimitLineReader.parse("process smc caught causing excessive wakeups.") == nil)
  }

  // MARK: The kernel's newer words: `caught waking the CPU`

  /// buchgr/bazel-remote #86: the newer line quoted alone (its author then found the process was not
  /// killed: "that message is just a warning"): the same medium wakeups reading, with the newer figures.
  @Test func theNewerKernelLineAloneIsTheSameMediumWakeupsReading() throws {
    let text =
      "process bazel-remote-0.0[61853] caught waking the CPU 45001 times over ~42 seconds, averaging 1066 wakes / "
      + "second and violating a limit of 45000 wakes over 300 seconds.\n"
    let read = try Self.read(text)
    #expect(read.count == 1)
    let (report, diagnosis) = try #require(read.first)
    #expect(report.header.processName == "bazel-remote-0.0")
    #expect(report.header.processID == 61853)
    #expect(diagnosis.kind == .wakeupsLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("bazel-remote-0.0 [61853]"))
    #expect(diagnosis.summary.contains("does not say whether it was killed"))
    #expect(
      diagnosis.facts.contains(
        Fact("limit", "1066 wakeups per second on average (45001 over ~42 seconds), limit 45000 wakes over 300 seconds")
      ))
    #expect(diagnosis.evidence.first?.note == "the kernel's caught-waking-the-CPU line")
    #expect(diagnosis.evidence.first?.quote.contains("caught waking the CPU 45001 times") == true)
    #expect(report.issues.first?.message.contains("caught-waking-the-CPU line alone") == true)
  }

  /// kubernetes/minikube #3291: the kernel's record as Console.app copies it (level, time, process, tabs),
  /// pasted alone, is read; with symptomsd's record after it, it is a console log (the fixture
  /// `real-minikube-3291-console-app-cpu-wakes.log`, the timeline's to read).
  @Test func theNewerLineWithItsConsolePrefixIsReadAloneOnly() throws {
    let kernel =
      "default\t12:26:38.075690 -0700\tkernel\tprocess minikube-darwin-amd64[23629] caught waking the CPU 45005 "
      + "times over ~3 seconds, averaging 14497 wakes / second and violating a limit of 45000 wakes over 300 seconds."
    let line = try #require(WakeupsLimitLineReader.parse(kernel[...]))
    #expect(
      line
        == WakeupsLimitLineReader.Line(
          process: "minikube-darwin-amd64", pid: 23629, observed: "14497", permitted: nil, period: nil, wakes: "45005",
          window: "~3 seconds", limit: "45000 wakes over 300 seconds", newerForm: true))
    #expect(WakeupsLimitLineReader.read(SourceText(text: kernel + "\n"))?.count == 1)
    let log = try Fixtures.source("console/real-minikube-3291-console-app-cpu-wakes.log")
    #expect(WakeupsLimitLineReader.read(log) == nil)
    // Prose about the words is not the line.
    #expect(WakeupsLimitLineReader.parse("process foo[12] caught waking the CPU too often, why?") == nil)
  }
}
