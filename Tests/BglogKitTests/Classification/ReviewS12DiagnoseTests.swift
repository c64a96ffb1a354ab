import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-12 review (`diagnose` on real public pastes, /work/review-inputs-s12, not in the repository), defects 2,
/// 3 and 5. The pastes' licences are not known, so only the lines a test needs are quoted, verbatim, each with its
/// source; texts put together or changed by hand say so.
@Suite struct ReviewS12DiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 2: a report wrapped in double quote marks

  /// https://purushukla.blogspot.com/2011/10/application-has-active-assertions.html: an iOS 4/5 assertion list
  /// quoted by the blog post between `"` and `"`.
  static let blogQuote = """
    "Application Specific Information:
    <application_name> has active assertions beyond permitted time:
    {(
        <SBProcessAssertion: 0x1fa7cef0> identifier: UIKitBackgroundCompletionTask process: OpenMobile[1087] permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:1087 preventSuspend  preventIdleSleep ,
        <SBProcessAssertion: 0x1ed0ad70> identifier: UIKitBackgroundCompletionTask process: OpenMobile[1087] permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:1087 preventSuspend  preventIdleSleep ,
        <SBProcessAssertion: 0x1fa96c80> identifier: UIKitBackgroundCompletionTask process: OpenMobile[1087] permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:1087 preventSuspend  preventIdleSleep ,
    )}"
    """

  @Test func anAssertionListWrappedInQuoteMarksIsReadAsWithout() throws {
    let reports = try Self.read(Self.blogQuote)
    #expect(reports.count == 1)
    let (report, diagnosis) = try #require(reports.first)
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .medium)
    #expect(report.leakedAssertions.count == 3)
    #expect(report.leakedAssertions.allSatisfy { $0.name == "UIKitBackgroundCompletionTask" })
    let note = try #require(report.issues.first { $0.message.hasPrefix("the double quote marks wrapping lines 1–7") })
    #expect(note.location?.line == 1)
    // The same reading as the list with the two marks removed by hand.
    let bare = String(Self.blogQuote.dropFirst().dropLast())
    let (bareReport, bareDiagnosis) = try #require(try Self.read(bare).first)
    #expect(bareDiagnosis.kind == diagnosis.kind)
    #expect(bareDiagnosis.confidence == diagnosis.confidence)
    #expect(bareDiagnosis.evidence == diagnosis.evidence)
    #expect(bareReport.leakedAssertions == report.leakedAssertions)
    #expect(!bareReport.issues.contains { $0.message.hasPrefix("the double quote marks") })
  }

  @Test func quoteMarksThatDoNotWrapTheWholeQuoteAreLeftAlone() throws {
    // Changed by hand from the blog's quote: with no closing mark, and with a `"` inside the list, the marks are no
    // wrapping quote and the text is read as before (refused: its first line opens no report).
    let unclosed = String(Self.blogQuote.dropLast())
    #expect(QuotedReportPaste.unquoted(SourceText(text: unclosed)) == nil)
    #expect(throws: ReportParseError.self) { try Self.read(unclosed) }
    let inner = Self.blogQuote.replacingOccurrences(of: "{(", with: "{\"(")
    #expect(QuotedReportPaste.unquoted(SourceText(text: inner)) == nil)
  }
}
