import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Issue 14, session 4 review: pieces of reports pasted alone (assertion lines, a termination
/// context's fields, a Cr4shed report) and `.ips` bodies cut after their termination. The real
/// assertion list without its heading (mixpanel-iphone #3) is a fixture in `Tests/Fixtures/crash`;
/// the texts here are SYNTHETIC, built in code in the shape of pastes whose sources state no
/// licence (amplitude/Amplitude-iOS #9, osmandapp/OsmAnd-iOS #3596, an Apple Developer Forums
/// SpringBoard `.ips`, Muirey03/Cr4shed #64), with names and numbers changed.
@Suite struct ReportPieceTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Assertion lines

  /// One iOS 7-era assertion line alone (shape of Amplitude-iOS #9): the kind a leaked task leaves, but
  /// nothing says it was held past its time, so LOW, naming the missing line.
  @Test func aLoneAssertionLineIsALowLeakedTaskReading() throws {
    let read = try Self.read(
      "<BKProcessAssertion: 0x17e2a0b0> identifier: Called by Sample, from unknown method process: Sample[431] "
        + "permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:431 preventSuspend  preventIdleSleep\n")
    let (report, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(report.leakedAssertions.count == 1)
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.evidence.first?.location == .line(1))
    #expect(diagnosis.evidence.first?.note.hasPrefix("assertion held by the app") == true)
    #expect(!diagnosis.evidence.contains { $0.note.contains("beyond permitted time") })
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("beyond permitted time") })
  }

  /// With the list's own line the reading is the one the same list gets under its heading: MEDIUM.
  @Test func theListLineRaisesTheReadingToMedium() throws {
    let text = """
      Sample[431] has active assertions beyond permitted time:
      {(
          <BKProcessAssertion: 0x17e2a0b0> identifier: Called by Sample, from unknown method process: Sample[431] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:431 preventSuspend  preventIdleSleep
      )}
      """
    let diagnosis = try #require(try Self.read(text).first?.1)
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.first?.location == .line(1))
    #expect(diagnosis.evidence.last?.location == .line(3))
  }

  /// Assertion lines with other text around them are not a piece: the text is refused as before.
  @Test func assertionLinesAmongProseAreNotAPiece() {
    let text = """
      We see this in the crash logs:
      <BKProcessAssertion: 0x17e2a0b0> identifier: Called by Sample process: Sample[431] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:431
      """
    #expect(throws: ReportParseError.self) { try Self.read(text) }
  }

  /// A device log whose lines mention assertions (shape of mixpanel-iphone #95's backboardd lines) is a
  /// console log, not a report piece: the crash report reader still refuses it.
  @Test func consoleLinesAboutAssertionsAreNotAPiece() {
    let text = """
      Dec 20 04:51:52 Sample-iPhone backboardd[31] <Warning>: Sample[1101] has active assertions beyond permitted time:
          {(
              <BKProcessAssertion: 0x170277f00> identifier: Called by Sample, from -[Sample flush] process: Sample[1101] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:1101 preventSuspend
          )}
      """
    #expect(throws: ReportParseError.self) { try Self.read(text) }
    let mention =
      "Jul 15 09:37:49 iPhone assertiond[66] <Notice>: Client relinquished <BKProcessAssertion: 0x10313f160; "
      + "\"Called by UIKit, from <redacted>\" (finishTask:180s); id:0x1>"
    #expect(throws: ReportParseError.self) { try Self.read(mention) }
  }

  // MARK: Termination context fields

  /// `code:` / `explanation:` lines quoted from an `.ips` (shape of OsmAnd-iOS #3596): a watchdog kill
  /// with its event and allowance: the named scene-update event makes it a hang, MEDIUM without the main
  /// thread (nothing in the piece points elsewhere).
  @Test func contextFieldsAloneAreAWatchdogKill() throws {
    let text = """
      code:0x8BADF00D
      explanation:scene-update watchdog transgression
      exhausted real (wall clock) time allowance of 10.00 seconds
      """
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.termination?.code == 0x8bad_f00d)
    #expect(report.termination?.namespace == nil)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "scene-update")))
    #expect(diagnosis.facts.contains(Fact("time-allowance", "10 s")))
    #expect(diagnosis.evidence.first?.location == .line(1))
    #expect(diagnosis.evidence.contains { $0.location == .line(2) })
  }

  /// A `code:` line without an explanation is not enough to be read as a context.
  @Test func aCodeLineAloneIsNotAContext() {
    #expect(throws: ReportParseError.self) { try Self.read("code:0x8BADF00D\nsomething else\n") }
  }

  // MARK: Cut .ips bodies

  static func cutBody(process: String, bundle: String) -> String {
    """
    {"bundleID":"\(bundle)","timestamp":"2021-10-12 17:09:49.00 +0800","os_version":"iPhone OS 15.0 (19A346)","bug_type":"309","name":"\(process)"}
    {
    "deployVersion" : 210,
    "variant" : "stackshot",
    "pid" : -1,
    "procName" : "\(process)",
    "bundleInfo" : {"CFBundleIdentifier":"\(bundle)"},
    "termination" : {"flags":0,"indicator":"monitoring timed out for service","code":1,"namespace":"WATCHDOG","details":["(1 monitored services unresponsive): checkin with service: \(process) returned not alive with context:","unresponsive dispatch queue(s): com.apple.main-thread","60 seconds since last successful checkin"]},

    """
  }

  /// A body cut after its termination (shape of the forum's SpringBoard report): the termination is read,
  /// never called missing, and SpringBoard is named as a system process.
  @Test func aCutBodyKeepsItsTermination() throws {
    let (report, diagnosis) = try #require(
      try Self.read(Self.cutBody(process: "SpringBoard", bundle: "SpringBoard")).first)
    #expect(report.termination?.namespace == "WATCHDOG")
    #expect(report.termination?.details.count == 3)
    #expect(report.header.processID == nil)
    #expect(diagnosis.kind == .osTermination)
    #expect(diagnosis.kind != .insufficientData)
    #expect(!diagnosis.explanation.contains("missing"))
    #expect(diagnosis.facts.contains(Fact("system-process", "SpringBoard")))
    #expect(diagnosis.evidence.contains { $0.quote.contains("unresponsive dispatch queue(s): com.apple.main-thread") })
    #expect(report.issues.contains { $0.message.contains("the JSON body is cut") })
  }

  /// The same cut body of a third-party app is not called a system process.
  @Test func aCutBodyOfAnAppIsNotASystemProcess() throws {
    let diagnosis = try #require(try Self.read(Self.cutBody(process: "Sample", bundle: "com.example.sample")).first?.1)
    #expect(diagnosis.kind == .osTermination)
    #expect(!diagnosis.facts.contains { $0.key == "system-process" })
  }

  // MARK: Cr4shed

  static func cr4shed(process: String, bundle: String) -> String {
    """
    Date: 3/17/21, 11:19 PM
    Process: \(process)
    Bundle id: \(bundle)
    Device: iPhone X, iOS 14.3

    Reason: The process was terminated for exceeding jetsam memory limits
    Uptime: 3s
    Thread count: 18
    """
  }

  /// Cr4shed's memory report (its format string in Muirey03/Cr4shed; shape of issue #64): a memory-limit
  /// kill, MEDIUM (no figures), with the reason line as evidence; for SpringBoard the tweaks are named.
  @Test func aCr4shedReportIsAMemoryKill() throws {
    let (report, diagnosis) = try #require(
      try Self.read(Self.cr4shed(process: "SpringBoard", bundle: "com.apple.springboard")).first)
    #expect(report.header.osVersion == "iOS 14.3")
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.first?.location == .line(6))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
    #expect(diagnosis.explanation.contains("part of the system"))
  }

  @Test func aCr4shedReportOfAnAppDoesNotBlameTweaks() throws {
    let diagnosis = try #require(try Self.read(Self.cr4shed(process: "Sample", bundle: "com.example.sample")).first?.1)
    #expect(diagnosis.kind == .jetsam)
    #expect(!diagnosis.explanation.contains("part of the system"))
    #expect(!diagnosis.advice.contains { $0.contains("tweaks") })
  }
}
