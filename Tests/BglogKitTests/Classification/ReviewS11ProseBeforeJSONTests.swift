import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-11 review (`diagnose` on real public pastes, /work/review-inputs-s11, not in the repository), defect 3:
/// prose or Markdown before JSON. The pastes' licences are not checked; each is quoted whole and verbatim (the
/// prose is what is tested), with its source. A literal's last line ends with a line break, as the files do.
@Suite struct ReviewS11ProseBeforeJSONTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  /// The invalid-JSON error reading `text` throws, or nil.
  static func jsonError(_ text: String) -> (line: Int, column: Int, message: String)? {
    do {
      _ = try CrashReportReader.read(SourceText(text: text))
      return nil
    } catch {
      guard case .invalidJSON(let line, let column, let message) = error else { return nil }
      return (line, column, message)
    }
  }

  // MARK: A MetricKit payload after prose, `<details>`, `<summary>` and a ````json fence

  /// getsentry/sentry-cocoa #1661 (comment by philipphofmann, 2022-10-24), cut inside the call-stack tree.
  static let metricKitPaste =
    #"""
    With https://github.com/getsentry/sentry-cocoa/pull/2316 we started to collect payloads from MetricKit via TestFlight. So far we only received crash data. So the statement below seems to be true.

    <details>
    <summary>TestFlight Crash Payload</summary>

    ````json
    {
      "timeStampEnd" : "2022-10-24 08:16:00",
      "timeStampBegin" : "2022-10-24 08:16:00",
      "crashDiagnostics" : [
        {
          "version" : "1.0.0",
          "callStackTree" : {
            "callStacks" : [
              {
                "threadAttributed" : true,
                "callStackRootFrames" : [
                  {
                    "binaryUUID" : "BF11D1BA-4690-38C9-9E08-946A3768A67B",
                    "offsetIntoBinaryTextSegment" : 356604,
                    "sampleCount" : 1,
                    "subFrames" : [
                      {
                        "binaryUUID" : "68AB9876-503C-3D49-8FA2-E9684BB9EF4D",
                        "offsetIntoBinaryTextSegment" : 46940,
                        "sampleCount" : 1,
                        "subFrames" : [
                          {
                            "binaryUUID" : "7B942FA4-CB76-3375-9972-F58C14492FB4",
                            "offsetIntoBinaryTextSegment" : 2422520,
                            "sampleCount" : 1,
                            "subFrames" : [
                              {
    """# + "\n"

  @Test func theMetricKitPasteGetsTheCutJSONRefusalNotConsoleLog() {
    // The same refusal as with the prose removed ("line 27, column 28"), on the file's own line 33.
    let error = Self.jsonError(Self.metricKitPaste)
    #expect(error?.line == 33)
    #expect(error?.column == 28)
    #expect(error?.message == "unexpected end of input, expected a string key (the input ends there: it is cut)")
    let unprefixed = ProseBeforeIPS.unprefixed(SourceText(text: Self.metricKitPaste))
    #expect(unprefixed?.opening == .object)
    #expect(unprefixed?.metadataLine == 7)
    #expect(unprefixed?.proseLines == 4)
  }

  @Test func aClosingFenceAndDetailsAfterTheJSONAreSetAside() throws {
    // Synthetic: the paste closed as Markdown closes it (the fence, `</details>`, a sentence): still cut at 33.
    let closed = Self.metricKitPaste + "````\n</details>\n\nThanks.\n"
    let error = Self.jsonError(closed)
    #expect(error?.line == 33)
    #expect(error?.message.hasSuffix("(the input ends there: it is cut)") == true)
    let unprefixed = try #require(ProseBeforeIPS.unprefixed(SourceText(text: closed)))
    #expect(unprefixed.closingFenceLine == 34)
    #expect(!unprefixed.source.text.contains("</details>"))
    // Synthetic: the same payload completed (the tree's open values closed): a MetricKit report, the
    // prose and the closing fence noted.
    let completed =
      Self.metricKitPaste.components(separatedBy: "\n").prefix(32).joined(separator: "\n")
      + "\n          ]}]}]}]}]}}]}\n````\n</details>\n"
    let (report, _) = try #require(try Self.read(completed).first)
    #expect(report.format == .metricKit)
    #expect(
      report.issues.first
        == ParseIssue(
          "4 lines of prose or Markdown before the JSON report were set aside, and the closing fence on line 34 "
            + "with what follows it", at: .line(7)))
  }

  // MARK: A pretty-printed `.ips` body after one prose line and a fence

  /// firebase/firebase-ios-sdk #12129 (comment by morganchen12, 2023-12-21), cut inside the key `"deviceIde`.
  static let prettyIPSPaste =
    #"""
    The above crash but formatted nicely:

    ```
    {
      "uptime": 290000,
      "procRole": "Foreground",
      "version": 2,
      "userID": 501,
      "deployVersion": 210,
      "modelCode": "iPhone14,5",
      "coalitionID": 3556,
      "osVersion": {
        "isEmbedded": true,
        "train": "iPhone OS 17.1.2",
        "releaseType": "User",
        "build": "21B101"
      },
      "captureTime": "2023-12-15 12:59:12.5146 +0400",
      "codeSigningMonitor": 2,
      "incident": "2BD715CE-C633-4C96-871A-E5AC5321CF68",
      "pid": 44508,
      "cpuType": "ARM-64",
      "roots_installed": 0,
      "bug_type": "309",
      "procLaunch": "2023-12-15 09:24:43.4708 +0400",
      "procStartAbsTime": 6980685776575,
      "procExitAbsTime": 7128054141398,
      "procName": "MyApp",
      "procPath": "/private/var/containers/Bundle/Application/5541E1A1-4FF2-4E22-B4AF-30D627859309/MyApp.app/MyApp",
      "bundleInfo": {
        "CFBundleShortVersionString": "1.219.1",
        "CFBundleVersion": "12122301",
        "CFBundleIdentifier": "com.app.MyApp",
        "DTAppStoreToolsBuild": "15C5065a"
      },
      "storeInfo": {
        "storeCohortMetadata": "10|date=1701419400000&sf=143467&pgtp=Search&pgid=e122d549-292c-4956-83a5-345f130f4a7b&prpg=SearchLanding_SearchLanding&ctxt=Search&issrch=1&imptyp=card&kind=iosSoftware&lngid=2",
        "itemID": "892172848",
        "deviceIde
    """# + "\n"

  @Test func thePrettyPrintedBodyIsReadUpToItsCut() throws {
    let results = try Self.read(Self.prettyIPSPaste)
    let (report, diagnosis) = try #require(results.first)
    #expect(results.count == 1)
    #expect(report.format == .ips)
    #expect(report.header.processName == "MyApp")
    #expect((diagnosis.kind, diagnosis.confidence) == (.insufficientData, .low))
    #expect(diagnosis.facts.first { $0.key == "role" }?.value == "Foreground")
    // The file's own lines: the body opens on line 4, the cut is on line 39.
    #expect(report.startLine == 4)
    #expect(diagnosis.evidence.first?.location?.line == 39)
    #expect(
      report.issues.first
        == ParseIssue("2 lines of prose or Markdown before the JSON report were set aside", at: .line(4)))
    #expect(report.issues.contains { $0.message.contains("the JSON body is cut at line 39") })
  }

  @Test func aStringEndingAtTheEndOfTheInputIsACut() {
    // With the prose removed the body alone was "unescaped control character in string" at line 36: the
    // line break after `"deviceIde` is the end of the input, so the string is cut, not malformed.
    let body = Self.prettyIPSPaste.components(separatedBy: "\n").dropFirst(3).joined(separator: "\n")
    for ending in ["", "```\n", "\n```\n\n"] {
      var reader = JSONReader(bytes: Array((body + ending).utf8))
      do {
        _ = try reader.readValue()
        Issue.record("read a cut document")
      } catch {
        guard case .invalidJSON(let line, let column, let message) = error else {
          Issue.record("\(error)")
          continue
        }
        #expect((line, column) == (36, 15), "\(ending.debugDescription)")
        #expect(message == "unexpected end of input inside a string (the input ends there: it is cut)")
      }
    }
    // A line break inside a string with more JSON after it is still malformed.
    var reader = JSONReader(bytes: Array("{\"a\": \"b\n\", \"c\": 1}\n".utf8))
    #expect(throws: ReportParseError.invalidJSON(line: 1, column: 9, message: "unescaped control character in string"))
    {
      try reader.readValue()
    }
  }

  // MARK: Two `.ips` member lines after prose

  /// xamarin/Xamarin.Forms #15840 (description by AramMar, 2023-11-27): a heading, prose, two member lines.
  static let memberLinesPaste =
    #"""
    ###IOS App crashes or terminating by ios system.

    When we leave app in foreground in some minutes it crashes, there is no any action on it
    there is no log neither AppCenter nor Firebase.Crashlatycs.\#u{20}

    Only log that can be helpful is device log

     "exception" : {"codes":"0x0000000000000001, 0x0000000000000000","rawCodes":[1,0],"type":"EXC_BAD_ACCESS","signal":"SIGABRT","subtype":"KERN_INVALID_ADDRESS at 0x0000000000000000"},
      "termination" : {"flags":0,"code":6,"namespace":"SIGNAL","indicator":"Abort trap: 6","byProc":"***iOS","byPid":14928},
    """# + "\n"

  @Test func theMemberLinesAreReadAsTheirReport() throws {
    let results = try Self.read(Self.memberLinesPaste)
    let (report, diagnosis) = try #require(results.first)
    #expect(results.count == 1)
    #expect((diagnosis.kind, diagnosis.confidence) == (.badAccess, .high))
    #expect(diagnosis.evidence.first?.location?.line == 8)
    #expect(
      report.issues.first
        == ParseIssue("4 lines of prose or Markdown before the report's members were set aside", at: .line(8)))
  }

  // MARK: What `timeline` says

  @Test func timelineJudgesTheJSONAfterTheProseAsWithoutIt() {
    // The prose lines are no log records: the cut payload is JSON without log records (as the payload alone),
    // the pretty-printed body and the member lines are crash reports (no longer "a console log").
    let metricKit = InputAppearance.of(bytes: Array(Self.metricKitPaste.utf8))
    #expect(metricKit.kind == .plainText)
    #expect(metricKit.jsonWithoutLogRecords)
    #expect(InputAppearance.of(bytes: Array(Self.prettyIPSPaste.utf8)).kind == .crashReport)
    #expect(InputAppearance.of(bytes: Array(Self.memberLinesPaste.utf8)).kind == .crashReport)
    // Synthetic: a console record whose message goes on in a dictionary on the lines after it is a console
    // line, not prose: the text stays a console log.
    let dump = "2024-05-01 10:00:00.123456+0200 MyApp[512:8812] Response =\n{\n    status = ok;\n}\n"
    #expect(InputAppearance.of(bytes: Array(dump.utf8)).kind == .consoleLog)
  }

  // MARK: What is not set aside

  @Test func consoleJSONAfterProseIsNotAReport() throws {
    // `log show --style json` after prose and a fence: the array opens it, never this rule's.
    let logShow = try Fixtures.source("console/synthetic-seed000-log-show.json").text
    let fenced = SourceText(text: "The console:\n```\n" + logShow + "\n```\n")
    #expect(ProseBeforeIPS.unprefixed(fenced) == nil)
    #expect((try? CrashReportReader.read(fenced)) == nil)
    // ndjson after prose: a one-line object is not `{` alone.
    let ndjson = #"{"timestamp":"2024-01-01 10:00:00.000000+0000","eventMessage":"hello"}"#
    #expect(ProseBeforeIPS.unprefixed(SourceText(text: "Log:\n\(ndjson)\n\(ndjson)\n")) == nil)
    // One pretty-printed log record after prose: `{` alone opens it, but it is no report and not cut, so the
    // input is left to the other readers (no report, no JSON error).
    let record = "Log:\n{\n  \"eventMessage\" : \"hello\",\n  \"processID\" : 1\n}\n"
    #expect(ProseBeforeIPS.unprefixed(SourceText(text: record))?.opening == .object)
    #expect(throws: ReportParseError.notAReport("no crash report header or backtrace found")) {
      try CrashReportReader.read(SourceText(text: record))
    }
    // A member line of something that is no report member (`"eventMessage" : {`) opens nothing.
    #expect(!ProseBeforeIPS.isReportMemberLine(#""eventMessage" : {"a":1},"#))
    #expect(ProseBeforeIPS.isReportMemberLine(#""termination" : {"flags":0},"#))
  }
}
