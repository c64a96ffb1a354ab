import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session 6 review (fresh pastes, `/work/review-inputs-s6`). The pastes' licences were not checked, so
/// each test builds the shape in code (**synthetic**), quoting at most single lines of the source it names.
@Suite struct ReviewSixDiagnoseTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { CrashClassifier().diagnose($0, source: source) }
  }

  // MARK: Defect 4: PushKit's kill seen only in the Last Exception Backtrace

  /// The frame line is quoted from flutter_callkit_incoming #197; the frames above it are the usual throw
  /// machinery of a Last Exception Backtrace.
  static let pushKitFrame =
    "3   PushKit                       \t0x2311ff744 -[PKPushRegistry _terminateAppIfThereAreUnhandledVoIPPushes] + 168 (PKPushRegistry.m:349)"

  @Test func pushKitsThrowingFrameInTheLastExceptionBacktraceIsVoipPushNotReported() throws {
    let text = """
      Last Exception Backtrace:
      0   CoreFoundation                \t0x1d2716248 __exceptionPreprocess + 164 (NSException.m:202)
      1   libobjc.A.dylib               \t0x1cbae3a68 objc_exception_throw + 60 (objc-exception.mm:356)
      2   Foundation                    \t0x1cd0a281c -[NSAssertionHandler handleFailureInMethod:object:file:lineNumber:description:] + 188 (NSException.m:242)
      \(Self.pushKitFrame)
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .voipPushNotReported)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.evidence.first?.location?.line == 5)
    #expect(diagnosis.evidence.first?.quote.contains("_terminateAppIfThereAreUnhandledVoIPPushes") == true)
    #expect(diagnosis.facts.contains(Fact("missing-evidence", "the exception's reason and the report's header")))
    #expect(!diagnosis.explanation.contains("header lines"))
  }

  /// Another PushKit assertion (twilio/voice-quickstart-ios #241: `+[PKPushRegistry
  /// _checkIfNecessaryVoIPFrameworksAreLinked]`, CallKit not linked) is not the unreported-push kill.
  @Test func anotherPushKitAssertionIsNotVoipPushNotReported() throws {
    let text = """
      Last Exception Backtrace:
      0   CoreFoundation                \t0x1d2716248 __exceptionPreprocess + 164 (NSException.m:202)
      1   libobjc.A.dylib               \t0x1cbae3a68 objc_exception_throw + 60 (objc-exception.mm:356)
      2   Foundation                    \t0x1cd0a281c -[NSAssertionHandler handleFailureInMethod:object:file:lineNumber:description:] + 188 (NSException.m:242)
      3   PushKit                       \t0x2311ff744 +[PKPushRegistry _checkIfNecessaryVoIPFrameworksAreLinked] + 251
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind != .voipPushNotReported)
  }

  // MARK: Defect 11: true counts in the header-only message

  @Test func aHeaderOnlyTextSaysItsCountInTheSingular() throws {
    let text = "Incident Identifier: 947EE743-65EC-4787-B86D-F072B04909BC\n"
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.explanation.contains("has 1 header line and no exception type"))
    #expect(!diagnosis.explanation.contains("lines were"))
    #expect(diagnosis.evidence.first?.location?.line == 1)
  }

  @Test func aHeaderOnlyTextCountsItsLinesAndQuotesTheLastOne() throws {
    let text = """
      Incident Identifier: 947EE743-65EC-4787-B86D-F072B04909BC
      Hardware Model:      iPhone14,3
      OS Version:          iPhone OS 16.5 (20F66)

      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.explanation.contains("(lines 1–3) has 3 header lines"))
    #expect(diagnosis.evidence.first?.location?.line == 3)
    #expect(diagnosis.evidence.first?.quote.hasPrefix("OS Version:") == true)
  }

  /// After trollrecorder #76: an `.ips` body fragment with no exception says the lines it read, not a count
  /// of "header lines" (its members are not lines of a header), and quotes its last line.
  @Test func anIPSFragmentWithoutExceptionQuotesItsLastLine() throws {
    let text = """
        "procRole" : "Unspecified",
        "osVersion" : {
          "train" : "iPhone OS 16.5",
          "releaseType" : "User",
          "build" : "20F66"
        },
        "procName" : "TRCallMonitor",
        "throttleTimeout" : 5,

      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.explanation.contains("(lines 1–8) has the report's header members"))
    #expect(diagnosis.evidence.first?.location?.line == 8)
    #expect(diagnosis.evidence.first?.quote == "\"throttleTimeout\" : 5,")
  }

  // MARK: Defect 13: the wakeups figures

  @Test func wakeupsFiguresAreRead() throws {
    let figures = try #require(
      ResourceFigures.parse(
        "45051 wakeups over the last 43 seconds (1043 wakeups per second average), exceeding limit of 150 wakeups "
          + "per second over 300 seconds"))
    #expect(figures.resource == .wakeups)
    #expect(figures.observedText == "1043 wakeups per second on average (45051 wakeups in 43 s)")
    #expect(figures.limitText == "150 wakeups per second, averaged over 300 s")
    #expect(figures.sentence.contains("(6.95× the limit)"))
    #expect(figures.sentence.contains("the whole 300-second allowance (45000 wakeups) was used in 43 s"))
  }

  @Test func cpuFiguresAreRead() throws {
    let figures = try #require(
      ResourceFigures.parse(
        "48 seconds cpu time over 54 seconds (88% cpu average), exceeding limit of 80% cpu over 60 seconds"))
    #expect(figures.resource == .cpu)
    #expect(figures.observedText == "88% CPU on average (48 s of CPU time in 54 s)")
    #expect(figures.limitText == "80% CPU, averaged over 60 s")
    #expect(figures.sentence.contains("(1.1× the limit)"))
    #expect(ResourceFigures.parse("45051 wakeups, exceeding a limit") == nil)
  }

  /// After barcode-ANE #34: a microstackshot whose first key follows an unclosed Markdown backtick. The header
  /// (`Command:` the process) is read, and the Why gives the figures, not the sentence again.
  @Test func aWakeupsReportAfterABacktickNamesItsProcessAndFigures() throws {
    let text = """
      `Date/Time:       2016-12-22 10:02:27 +0800
      OS Version:      iPhone OS 10.1.1 (Build 14B150)

      Command:         MainFinal
      PID:             3577

      Event:           wakeups
      Wakeups:         45051 wakeups over the last 43 seconds (1043 wakeups per second average), exceeding limit of 150 wakeups per second over 300 seconds
      Duration:        43.20s
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .wakeupsLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("process", "MainFinal")))
    #expect(diagnosis.facts.contains(Fact("limit", "150 wakeups per second, averaged over 300 s")))
    #expect(diagnosis.explanation.hasPrefix("The process woke 45051 times in 43 s, 1043 per second on average"))
    #expect(diagnosis.explanation.contains("Action taken line is not in the input"))
    #expect(!diagnosis.summary.contains("(not killed)"))
  }

  // MARK: Defect 9: iPhone OS 3's "Failed to deactivate"

  /// The lines are quoted from the flattened iPhone OS 3 paste (Stack Overflow "What does 8badf00d mean",
  /// copied at newbetuts.com/773442).
  @Test func failedToDeactivateIsAWatchdogKillWhileDeactivating() throws {
    let text = """
      Exception Type: 00000020
      Exception Codes: 0x8badf00d
      Highlighted Thread: 0Application Specific Information:
      Failed to deactivateThread 0:
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "deactivate")))
    #expect(diagnosis.summary.contains("did not finish deactivating in time"))
    #expect(diagnosis.evidence.contains { $0.location?.line == 4 && $0.quote.hasPrefix("Failed to deactivate") })
    #expect(diagnosis.explanation.contains("applicationWillResignActive"))
    #expect(!diagnosis.advice.joined().contains("beginBackgroundTask"))
  }

  /// The kind given when nothing decides between a hang and a leaked task says why it is a hang.
  @Test func anUndecidedWatchdogReadAsAHangSaysWhy() throws {
    let text = """
      Exception Type: 00000020
      Exception Codes: 0x8badf00d
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.explanation.contains("cannot tell which"))
    #expect(diagnosis.explanation.contains("Nothing in the input points to the background"))
    #expect(diagnosis.explanation.contains("reads it as a hang"))
  }

  // MARK: Defect 1: Xcode's memory note

  @Test func xcodesMemoryNoteAloneIsJetsamSeenByTheDebugger() throws {
    let diagnoses = try Self.diagnose("Message from debugger: Terminated due to memory issue\n")
    let diagnosis = try #require(diagnoses.first)
    #expect(diagnoses.count == 1)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.first?.location?.line == 1)
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("memory limit") })
  }

  /// Among an app's log lines (robotmedia/RMGallery #10: `… Received memory warning.` then the note) the
  /// note is the timeline's: diagnose does not read it as a report.
  @Test func xcodesMemoryNoteInALogIsNotAReport() {
    let text =
      "2015-10-14 16:16:51.510 RMGalleryDemo[3438:887692] Received memory warning.\n"
      + "Message from debugger: Terminated due to memory issue\n"
    #expect(throws: ReportParseError.self) { try CrashReportReader.read(SourceText(text: text)) }
  }

  // MARK: Defect 5: jetsam report fragments

  /// After google-api-nodejs-client #613: process entries of a JetsamEvent, starting inside an entry.
  static let jetsamEntries = """
       "lifetimeMax" : 675
     },
     {
       "rpages" : 2692,
       "states" : [
         "daemon"
       ],
       "name" : "locationd",
       "pid" : 64,
       "lifetimeMax" : 5338
     },
     {
       "rpages" : 209,
       "states" : [
         "daemon"
       ],
       "name" : "syslogd",
       "pid" : 25,
       "lifetimeMax" : 349
     },

    """

  @Test func jetsamEntriesWithoutAKilledOneAreInsufficientData() throws {
    let diagnosis = try #require(try Self.diagnose(Self.jetsamEntries).first)
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.facts.contains(Fact("processes-listed", "2: locationd, syslogd")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("largestProcess") })
    #expect(diagnosis.evidence.first?.quote == "\"name\" : \"locationd\",")
  }

  @Test func jetsamEntriesAreNotAConsoleLog() {
    let appearance = InputAppearance.of(bytes: Array(Self.jetsamEntries.utf8))
    #expect(appearance.kind == .crashReport)
  }

  @Test func jetsamEntriesWithAReasonNameTheKilledProcess() throws {
    let text = Self.jetsamEntries.replacingOccurrences(
      of: "\"name\" : \"syslogd\",", with: "\"name\" : \"syslogd\",\n   \"reason\" : \"per-process-limit\",")
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.facts.contains(Fact("killed", "syslogd (per-process-limit)")))
  }

  /// Members of another kind of `.ips` body are not a jetsam fragment.
  @Test func otherMembersAreNotAJetsamFragment() {
    let text = """
        "lifetimeMax" : 675
      },
      {
        "name" : "locationd",
        "exception" : 5
      }
      """
    #expect(JetsamFragmentReader.read(SourceText(text: text)) == nil)
  }

  /// Rows quoted from alebianco/ANE-Google-Analytics #56 (a pre-iOS 10 text JetsamEvent table).
  static let legacyRows = """
    com.apple.WebKit <c8098997024c33f58f25fd53a01b93ed>         0.138        1605                0           -          3982   50                       (suspended)
       familycircled <cc6e890cbe453f838601cb5059e0506f>         0.185         404                0           -          1775   50                       (daemon) (idle)

    """

  @Test func legacyJetsamRowsAreInsufficientData() throws {
    let diagnosis = try #require(try Self.diagnose(Self.legacyRows).first)
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.summary == "A piece of a jetsam report: 2 process rows, none of them killed.")
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("jettisoned") })
    let row = try #require(LegacyJetsamTableReader.parse(SourceText(text: Self.legacyRows).line(2)))
    #expect(row == LegacyJetsamTableReader.Row(name: "familycircled", residentPages: 404, states: ["daemon", "idle"]))
  }

  @Test func aLegacyRowMarkedJettisonedIsAKill() throws {
    // The row is quoted from mumble-voip/mumble-iphoneos #40 (the fixture has the whole report).
    let text = "WordsWithFriends <070df63153a33a698382ac948d5f3c8b>    7936 (jettisoned)\n"
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.facts.contains(Fact("killed", "WordsWithFriends")))
  }

  /// The mumble-iphoneos #40 fixture (BSD-3-Clause) read whole is a kill; cut before its jettisoned rows, it
  /// says no row is marked and that the table may be cut.
  @Test func aLowMemoryReportCutBeforeItsJettisonedRowsSaysSo() throws {
    let source = try Fixtures.source("crash/public-ios5-low-memory-report-jettisoned-rows-cut.crash")
    let whole = try #require(try Self.diagnose(source.text).first)
    #expect(whole.kind == .jetsam)
    #expect(whole.facts.contains(Fact("largest-process", "SpringBoard")))
    #expect(whole.facts.filter { $0.key == "killed" }.count == 4)
    let cut = (0..<17).map { String(source.lineText($0)) }.joined(separator: "\n")
    let diagnosis = try #require(try Self.diagnose(cut).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.explanation.contains("none of the 2 rows"))
  }

  /// A long run of `key: value` lines (a console log's lines read that way too) is not scanned for rows.
  @Test func manyHeaderLinesBeforeARowAreNotAJetsamReport() {
    let header = (0..<60).map { "Key \($0): value" }.joined(separator: "\n")
    let text = header + "\nWordsWithFriends <070df63153a33a698382ac948d5f3c8b>    7936 (jettisoned)\n"
    #expect(LegacyJetsamTableReader.read(SourceText(text: text)) == nil)
  }

  @Test func proseWithAnAngleBracketIsNotAJetsamRow() {
    #expect(LegacyJetsamTableReader.parse("see <c8098997024c33f58f25fd53a01b93ed> for details") == nil)
    #expect(LegacyJetsamTableReader.parse("name <c8098997024c33f58f25fd53a01b93e> 12") == nil)
  }
}
