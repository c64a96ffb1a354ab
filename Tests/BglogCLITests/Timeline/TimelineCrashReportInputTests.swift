import BglogKit
import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `timeline` given a crash report: an `.ips` whose metadata line a console reader can take for a
/// `log show --style json` record (it holds a `timestamp`) is a crash report, cut or whole (session 7
/// review, defect 7). The decision is made on the file after reading, never in the console reader.
@Suite struct TimelineCrashReportInputTests {
  /// The metadata line and the first 7 body lines of an App Store crash report quoted in a project's
  /// doc ("Full Report", SoloQuest, iPhone OS 26.3.1; search tool find_string id 52694159667, licence not
  /// known, so quoted here and not copied in as a fixture), verbatim, cut there as a paste may be.
  static let soloQuestMetadata =
    #"{"app_name":"SoloQuest","timestamp":"2026-03-17 22:50:42.00 -0700","app_version":"1.0.0","#
    + #""slice_uuid":"11ce3f57-6264-3e8d-8a89-86894d83b974","adam_id":"6759914132","#
    + #""build_version":"5","bundleID":"com.kimu.soloquest","platform":2,"share_with_app_devs":0,"#
    + #""is_first_party":0,"bug_type":"309","os_version":"iPhone OS 26.3.1 (23D8133)","#
    + #""roots_installed":0,"incident_id":"3080438B-D8BC-417C-8D89-05BF95D28C18","#
    + #""name":"SoloQuest"}"#
  static let soloQuestBody = """
    {
      "uptime" : 120000,
      "procRole" : "Foreground",
      "version" : 2,
      "userID" : 501,
      "deployVersion" : 210,
      "modelCode" : "iPhone18,2",
    """

  static func temporaryFile(_ text: String) throws -> String {
    let name = "bglog-ips-\(UUID().uuidString).ips"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aCutIPSIsACrashReportNotAConsoleLog() throws {
    let path = try Self.temporaryFile(Self.soloQuestMetadata + "\n" + Self.soloQuestBody + "\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = runBglog(["timeline", path])
    #expect(result.status == .inputError)
    #expect(result.err.contains("not a console log: it looks like a crash report; read it with bglog diagnose"))
    #expect(!result.err.contains("a console log (log-show-json layout)"))
    // diagnose reads it (the body's members up to the cut).
    #expect(runBglog(["diagnose", path]).status == .success)
  }

  /// NetNewsWire #4403: the metadata line cut at its start (`_type":"309",…}`) is the "record" too.
  @Test(arguments: [
    "ips/public-netnewswire-4403-ips-metadata-line-cut-at-start.ips",
    "ips/synthetic-309-frontboard-8badf00d-background.ips",
    "ips/synthetic-298-jetsam-per-process-limit.ips",
  ])
  func ipsFixturesAreCrashReportsForTimeline(fixture: String) {
    let result = runBglog(["timeline", Fixtures.url(fixture).path])
    #expect(result.status == .inputError)
    #expect(result.err.contains("it looks like a crash report; read it with bglog diagnose"))
  }

  @Test func metadataLinesAreCountedAndLogRecordsAreNot() throws {
    #expect(IPSMetadataLine.isMetadataLine(Substring(Self.soloQuestMetadata)))
    #expect(IPSMetadataLine.count(in: SourceText(text: Self.soloQuestMetadata + "\n" + Self.soloQuestBody)) == 1)
    // A `log show --style ndjson` record is not one, nor a line that only mentions the key.
    let record = #"{"timestamp":"2019-07-15 18:05:17.000000+0800","eventMessage":"hello","processID":5}"#
    #expect(!IPSMetadataLine.isMetadataLine(Substring(record)))
    #expect(!IPSMetadataLine.isMetadataLine(#"the "bug_type" member says 309"#))
    #expect(IPSMetadataLine.count(in: SourceText(text: record + "\n" + record)) == 0)
    // The cut-at-start metadata line counts when it opens the file before a body.
    let netNewsWire = try Fixtures.source("ips/public-netnewswire-4403-ips-metadata-line-cut-at-start.ips")
    #expect(IPSMetadataLine.count(in: netNewsWire) == 1)
  }

  /// An iOS 7 report's exception and assertion list, lines 2–11 of the copy on
  /// ios-ruby-on-rails.developreference.com (article 22051324, a site copy of a Q&A: author's copyright,
  /// so quoted here), with its prose line before and after. The recognisers read its assertion lines as
  /// untimed events; the file is still a crash report (second session-7 review, defect 7).
  static let iOS7Report = """
    Below is the crash log for the device:
    Exception Type: 00000020
    Exception Codes: 0x000000008badf00d
    Exception Note: SIMULATED (this is NOT a crash)
    Highlighted by Thread: 2
    Application Specific Information:
    <BKNewProcess: 0x17e74840; com.app.app; pid: 560; hostpid: -1> has active assertions beyond permitted time:
    {(
    <BKProcessAssertion: 0x17d78740> id: 560-C9E81E97-90D9-4F95-871E-3DC53372F302 name: Called by UIKit, \
    from <redacted> process: <BKNewProcess: 0x17e74840; com.app.example; pid: 560; hostpid: -1> \
    permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:560 preventSuspend preventIdleSleep \
    preventSuspendOnSleep ,
    )}
    For the background task I use the following function:
    """

  @Test func anIOS7ReportWithAssertionEventsIsACrashReport() throws {
    let path = try Self.temporaryFile(Self.iOS7Report + "\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = runBglog(["timeline", path])
    #expect(result.status == .inputError)
    #expect(result.err.contains("not a console log: it looks like a crash report; read it with bglog diagnose"))
    #expect(!result.out.contains("assertion-acquired"))
    #expect(runBglog(["diagnose", path]).status == .success)
  }

  /// A console log that quotes the same report's assertion lines among timed records stays a console log:
  /// its events are not all untimed lines of the report.
  @Test func aConsoleLogQuotingReportLinesStaysAConsoleLog() throws {
    let console = """
      Jan 12 10:00:01 iPhone backboardd[63] <Warning>: Application 'UIKitApplication:com.app.example[0x1]' \
      exited abnormally with signal 9: Killed: 9
      """
    let path = try Self.temporaryFile(Self.iOS7Report + "\n" + console + "\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = runBglog(["timeline", path])
    #expect(result.status == .success)
    #expect(!result.err.contains("not a console log"))
    // The timed syslog line's event is read alongside the report's untimed assertion lines.
    #expect(result.out.contains("exited abnormally with signal 9"))
  }
}
