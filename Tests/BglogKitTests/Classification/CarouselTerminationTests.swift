import BglogTestSupport
import Testing

@testable import BglogKit

/// watchOS 7's Carousel termination reason (issue 14: a namespace reports print that XNU's reason.h
/// does not list, with a sentence instead of a code). The real line is the fixture
/// `public-watchos-carousel-background-app-refresh-termination-line.txt` (home-assistant/iOS #1192).
@Suite struct CarouselTerminationTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { CrashClassifier().diagnose($0, source: source) }
  }

  @Test func theReasonLineAloneIsTheWatchBackgroundBudget() throws {
    let source = try Fixtures.source("crash/public-watchos-carousel-background-app-refresh-termination-line.txt")
    let report = try #require(try CrashReportReader.read(source).first)
    #expect(report.termination?.namespace == "CAROUSEL")
    #expect(report.termination?.code == nil)
    let diagnosis = CrashClassifier().diagnose(report, source: source)
    #expect(diagnosis.kind == .watchBackgroundBudget)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "Background App Refresh")))
    #expect(diagnosis.facts.contains(Fact("budget", "wall time")))
    #expect(diagnosis.facts.contains(Fact("time-allowance", "15 s")))
    #expect(diagnosis.evidence.first?.location?.line == 1)
    #expect(diagnosis.advice.contains { $0.contains("setTaskCompletedWithSnapshot") })
  }

  /// Synthetic, in the shape of the watchOS 7.0.1 report quoted in gdombiak/OctoPod issue #387 (no
  /// licence found, so not copied; identities made up): a full header, `Role: Non UI`, the CAROUSEL
  /// reason and a SPRINGBOARD description of the same transgression, cut mid-word as the paste is.
  /// The description must not turn it into a 0x8badf00d hang inferred from the description.
  @Test func aFullWatchOS7ReportWithItsSpringboardDescriptionIsTheBudgetToo() throws {
    let text = """
      Incident Identifier: 00000000-0000-0000-0000-000000000001
      Hardware Model:      Watch4,4
      Process:             Example Watch Extension [512]
      Identifier:          com.example.app.watchkitapp.watchkitextension
      Role:                Non UI

      OS Version:          Watch OS 7.0.1 (18R395)

      Exception Type:  EXC_CRASH (SIGKILL)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Exception Note:  EXC_CORPSE_NOTIFY
      Termination Reason: CAROUSEL, Background App Refresh watchdog transgression. Exhausted wall time allowance of 15.00 seconds.
      Termination Description: SPRINGBOARD, CSLHandleBackgroundRefreshAction watchdog transgression: application<com.example.app.watchkitapp>:512 exhausted re
      """
    let diagnoses = try Self.diagnose(text)
    #expect(diagnoses.map(\.kind) == [.watchBackgroundBudget])
    #expect(diagnoses.first?.confidence == .high)
    #expect(diagnoses.first?.evidence.count == 2)
    #expect(diagnoses.first?.facts.contains { $0.key == "termination-code" } == false)
  }

  @Test func carouselWithoutATransgressionIsAnOSTermination() throws {
    let diagnoses = try Self.diagnose(
      "Exception Type:  EXC_CRASH (SIGKILL)\nTermination Reason: CAROUSEL, something else\n")
    #expect(diagnoses.map(\.kind) == [.osTermination])
    #expect(diagnoses.first?.confidence != .high)
  }

  @Test func aNamespaceFollowedByACommaIsReadWithoutACode() {
    let head = TerminationReasonParser.head("CAROUSEL, Background App Refresh watchdog transgression.")
    #expect(head.namespace == "CAROUSEL")
    #expect(head.code == nil)
    // The other spellings are unchanged.
    #expect(TerminationReasonParser.head("Namespace SPRINGBOARD, Code 0x8badf00d").namespace == "SPRINGBOARD")
    #expect(TerminationReasonParser.head("RUNNINGBOARD 0xdead10cc").code == 0xdead_10cc)
    #expect(TerminationReasonParser.head("Lower, case").namespace == nil)
    #expect(TerminationReasonParser.head(",").namespace == nil)
    #expect(TerminationNamespace.named("carousel")?.decidedKind == nil)
  }
}
