import BglogTestSupport
import Testing

@testable import BglogKit

/// Termination reason forms found by the session 5 review of real pastes (issue 14): a `|` between
/// namespace and code, and watchOS's CAROUSEL reason written in words.
@Suite struct TerminationFormsS5Tests {
  static func diagnose(_ text: String) throws -> (CrashReport, Diagnosis) {
    let report = try #require(try CrashReportReader.read(SourceText(text: text)).first)
    return (report, CrashClassifier().diagnose(report, source: SourceText(text: text)))
  }

  /// 0xCUB3/wBlock #385 (fixture public-macos-runningboard-dead10cc-bar-separated-summary.crash).
  @Test func aPipeBetweenNamespaceAndCodeKeepsTheCode() throws {
    let (report, diagnosis) = try Self.diagnose(
      "Exception Type: EXC_CRASH (SIGKILL)   \nTermination Reason: RUNNINGBOARD | Code 0xDEAD10CC   \n")
    #expect(report.termination?.namespace == "RUNNINGBOARD")
    #expect(report.termination?.code == 0xdead_10cc)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .high)
  }

  @Test(arguments: [
    ("RUNNINGBOARD | Code 0xDEAD10CC", UInt64(0xdead_10cc)),
    ("RUNNINGBOARD | code:0xBADDD15C", 0xbadd_d15c),
    ("RUNNINGBOARD | Code 3735883980.", 0xdead_10cc),
    ("RUNNINGBOARD 0xdead10cc", 0xdead_10cc),
  ])
  func pipeFormsReadTheirCode(reason: String, code: UInt64) {
    #expect(TerminationReasonParser.head(Substring(reason)).code == code, "\(reason)")
  }

  @Test(arguments: ["RUNNINGBOARD | <RBSTerminateContext| explanation:x>", "RUNNINGBOARD |", "RUNNINGBOARD | Code"])
  func aPipeWithoutACodeGivesNone(reason: String) {
    let head = TerminationReasonParser.head(Substring(reason))
    #expect(head.namespace == "RUNNINGBOARD")
    #expect(head.code == nil)
  }

  /// gdombiak/OctoPod #387 and home-assistant/iOS #1192 (fixture
  /// public-watchos-carousel-background-app-refresh-termination-line.txt).
  @Test func carouselBackgroundAppRefreshIsTheWatchBackgroundBudget() throws {
    let (report, diagnosis) = try Self.diagnose(
      "Termination Reason: CAROUSEL, Background App Refresh watchdog transgression. Exhausted wall time "
        + "allowance of 15.00 seconds.\n")
    #expect(report.termination?.namespace == "CAROUSEL")
    #expect(report.termination?.code == nil)
    #expect(diagnosis.kind == .watchBackgroundBudget)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "Background App Refresh")))
    #expect(diagnosis.facts.contains(Fact("time-allowance", "15 s")))
    #expect(diagnosis.facts.contains(Fact("budget", "wall time")))
    #expect(diagnosis.evidence.first?.location == .line(1))
  }

  /// The form Apple's "Addressing watchdog terminations" prints, hard-wrapped, with the SPRINGBOARD
  /// description under it (built here in that shape): the description must not turn it into 0x8badf00d.
  @Test func carouselWatchConnectivityWithADescriptionIsNotAnInferred8badf00d() throws {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Termination Reason: CAROUSEL, WatchConnectivity watchdog transgression.
          Exhausted wall time allowance of 15.00 seconds.
      Termination Description: SPRINGBOARD,
          CSLHandleBackgroundWCSessionAction watchdog transgression: xpcservice:220:220
          exhausted real (wall clock) time allowance of 15.00 seconds

      """
    let (_, diagnosis) = try Self.diagnose(text)
    #expect(diagnosis.kind == .watchBackgroundBudget)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "WatchConnectivity")))
    #expect(diagnosis.facts.contains { $0.key == "time-allowance" })
    #expect(!diagnosis.facts.contains { $0.key == "termination-code" })
  }

  /// A CAROUSEL reason that does not say watchdog decides nothing by itself.
  @Test func carouselWithoutAWatchdogReasonIsAnOSTermination() throws {
    let (_, diagnosis) = try Self.diagnose(
      "Exception Type: EXC_CRASH (SIGKILL)\nTermination Reason: CAROUSEL, something\n")
    #expect(diagnosis.kind == .osTermination)
    #expect(diagnosis.confidence != .high || diagnosis.explanation.contains("something"))
  }

  @Test func carouselIsANamespaceExplainKnows() {
    let namespace = TerminationNamespace.named("carousel")
    #expect(namespace?.name == "CAROUSEL")
    #expect(namespace?.number == nil)
  }
}

/// urbanairship/ios-library #61 (iOS 7; built here in its shape): an assertion list followed by the
/// system's `Forcing crash report of <app>...` line is a report piece, not a console log.
@Suite struct ForcingCrashReportPieceTests {
  static let text = """
    <app> has active assertions beyond permitted time:
        {(
            <BKProcessAssertion: 0x15531750> identifier: Called by <app>, from -[Example beginTask] process: <app>[183] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:183 preventSuspend  preventIdleSleep
        )}
     Forcing crash report of <app>...

    """

  @Test func theForcingLineKeepsThePieceAReport() throws {
    let reports = try CrashReportReader.read(SourceText(text: Self.text))
    let report = try #require(reports.first)
    let diagnosis = CrashClassifier().diagnose(report, source: SourceText(text: Self.text))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.contains { $0.location == .line(5) && $0.note.contains("forced") })
  }

  /// A console line that says the same after a timestamp and process is the timeline's, not a piece.
  @Test func aConsoleForcingLineIsNotPartOfThePiece() {
    let console = Self.text.replacingOccurrences(
      of: " Forcing crash report", with: "Oct 10 10:00:00 iPhone SpringBoard[55] <Warning>: Forcing crash report")
    #expect((try? CrashReportReader.read(SourceText(text: console))) == nil)
  }
}
