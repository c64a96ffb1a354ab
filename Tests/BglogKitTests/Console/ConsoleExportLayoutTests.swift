import BglogTestSupport
import Testing

@testable import BglogKit

/// `log show --style json` (streamed) and `--style syslog`, and `idevicesyslog` dates without a
/// year. Inline lines are made up in each layout's shape; fixtures are named in the README.
@Suite struct ConsoleExportLayoutTests {
  static func parse(_ text: String) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ConsoleReading.read(text)
  }

  @Test func streamsJSONArrayObjectsSpreadOverLines() {
    let (entries, stats, layout) = Self.parse(
      "Filtering the log data using \"process == \\\"Demo\\\"\"\n[{\n  \"eventMessage\" : \"a } and \\\"{\\\" inside\",\n"
        + "  \"processImagePath\" : \"\\/var\\/Demo.app\\/Demo\",\n  \"processID\" : 7,\n"
        + "  \"timestamp\" : \"2021-03-04 05:06:07.500000-0800\",\n  \"messageType\" : \"Default\"\n},{\n"
        + "  \"eventMessage\" : \"two\\nlines\",\n  \"processImagePath\" : \"\\/usr\\/libexec\\/runningboardd\",\n"
        + "  \"timestamp\" : \"2021-03-04 05:06:08.000000-0800\"\n}]\n")
    #expect(layout == .logShowJSON)
    #expect(entries.count == 2)
    #expect(stats.unknownLines == 1)
    #expect(entries[0].message == "a } and \"{\" inside")
    #expect(entries[0].process == "Demo")
    #expect(entries[0].pid == 7)
    #expect(entries[0].line == 2)
    #expect(entries[0].timestamp?.utcOffsetSeconds == -28_800)
    #expect(entries[1].process == "runningboardd")
    #expect(entries[1].message == "two\nlines")
    #expect(entries[1].line == 8)
    #expect((entries[1].clock ?? 0) - (entries[0].clock ?? 0) == 0.5)
  }

  @Test func readsJSONStreamJoinedMidArrayAndSeveralObjectsOnOneLine() {
    // `log stream --style json` piped from the middle starts at `},{`; compact writers put
    // several objects on one line.
    let (entries, _, layout) = Self.parse(
      "},{\n  \"eventMessage\" : \"one\",\n  \"processImagePath\" : \"\\/a\\/A\"\n"
        + "},{\"eventMessage\":\"two\",\"processImagePath\":\"B\"},{\"eventMessage\":\"three\"}]\n")
    #expect(layout == .logShowJSON)
    #expect(entries.map(\.message) == ["one", "two", "three"])
    #expect(entries.map(\.process) == ["A", "B", "?"])
  }

  @Test func objectsWithoutEventMessageAreNotRecords() {
    let (entries, stats, _) = Self.parse(
      "[{\n  \"eventType\" : \"activityCreateEvent\"\n},{\n  \"eventMessage\" : \"x\"\n}]\n")
    #expect(entries.map(\.message) == ["x"])
    #expect(stats.unknownLines == 1)
  }

  @Test func readsSyslogStyle() {
    let (entries, stats, layout) = Self.parse(
      "Timestamp                       (process)[PID]\n"
        + "2021-03-04 05:06:07.123456-0800  localhost runningboardd[33]: (RunningBoard) "
        + "[com.apple.runningboard:ttl] [app<com.x.demo((null))>:21249] termination reported by launchd (2, 6, 6)\n"
        + "2021-03-04 05:06:08.000000-0800  localhost Google Chrome Helper[9]: second\n  continued\n")
    #expect(layout == .logShowSyslog)
    #expect(stats.unknownLines == 1)
    #expect(entries.count == 2)
    #expect(entries[0].process == "runningboardd")
    #expect(entries[0].pid == 33)
    #expect(entries[0].library == "RunningBoard")
    #expect(entries[0].subsystem == "com.apple.runningboard")
    #expect(entries[0].message.hasPrefix("[app<com.x.demo((null))>:21249] termination"))
    #expect(entries[1].process == "Google Chrome Helper")
    #expect(entries[1].message == "second\n  continued")
  }

  @Test func idevicesyslogDecemberToJanuaryIsTheNextYear() {
    let (entries, _, layout) = Self.parse(
      "Dec 31 23:59:50 iPhone Demo[5] <Notice>: before\nJan  1 00:00:10 iPhone Demo[5] <Notice>: after\n")
    #expect(layout == .idevicesyslog)
    #expect((entries[1].clock ?? 0) - (entries[0].clock ?? 0) == 20)
  }

  /// The seed 000 lines re-encoded in `log show --style json` and `--style syslog` (synthetic
  /// fixtures, see the README) tell the same story as the original.
  @Test(arguments: ["console/synthetic-seed000-log-show.json", "console/synthetic-seed000-log-show-syslog.log"])
  func reencodedSeedGivesTheSameTimeline(fixture: String) throws {
    let options = TimelineOptions(markers: [try TimelineMarker(argument: "added=hello 添加下载任务")])
    let original = TimelineBuilder(options: options).build(
      from: try Fixtures.source("console/seed000-background-download.log"))
    let reencoded = TimelineBuilder(options: options).build(from: try Fixtures.source(fixture))
    #expect(reencoded.statistics.entries == original.statistics.entries)
    let a = try #require(original.apps.first)
    let b = try #require(reencoded.apps.first)
    #expect(b.bundleID == "com.mycompany.backgrounddemo")
    #expect(b.events.map(\.kind) == a.events.map(\.kind))
    #expect(b.events.map(\.detail) == a.events.map(\.detail))
    #expect(b.events.map { $0.timestamp?.timeOfDayText } == a.events.map { $0.timestamp?.timeOfDayText })
    #expect(b.findings.map(\.kind) == a.findings.map(\.kind))
    #expect(b.findings.map(\.kind).contains(.completionHandlerNotCalled))
  }
}
