import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Second session-7 review (`diagnose` on pasted reports and pieces). The pastes' licences are not known
/// (site copies, unchecked issue threads), so only the lines a test needs are quoted, each with its source.
@Suite struct ReviewS7bReportTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 6: assertion lines damaged by page copies; the process from the list's header

  /// yf9968.com/mobile/ios/3919 (a machine-translated copy of a Stack Overflow question, author's
  /// copyright): lines 3–12, with the blank the copy put after `<`.
  static let translatedIOS7 = """
    Hardware Model: iPhone5,2
    Exception Type: 00000020
    Exception Codes: 0x000000008badf00d
    Highlighted Thread: 3

    Application Specific Information:
    MyApp[1369] has active assertions beyond permitted time:
    {(
    < BKProcessAssertion: 0x175ca7d0> identifier: Called by MyApp, from -[AppDelegate applicationDidEnterBackground:] \
    process: MyApp[1369] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:1369 preventSuspend \
    preventIdleSleep preventSuspendOnSleep
    )}
    """

  @Test func aBlankAfterTheOpeningBracketStillReadsTheAssertionList() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.translatedIOS7).first)
    #expect(report.leakedAssertions.count == 1)
    #expect(report.leakedAssertions.first?.reason == "finishTask")
    #expect(report.leakedAssertions.first?.name == "Called by MyApp, from -[AppDelegate applicationDidEnterBackground:]")
    #expect(diagnosis.kind == .leakedBackgroundTask)
    // 0x8badf00d and a finishTask assertion held past its time are both in the input.
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.evidence.contains { $0.location == .line(9) })
    // The report's own header is cut: the list's header line names the process.
    #expect(report.header.processName == "MyApp")
    #expect(report.header.processID == 1369)
    #expect(diagnosis.facts.contains(Fact("process", "MyApp")))
  }

  @Test func theBracketedProcessHeaderGivesBundleAndPid() {
    let line: Substring =
      "<BKNewProcess: 0x17e74840; com.app.app; pid: 560; hostpid: -1> has active assertions beyond permitted time:"
    let named = AssertionListHeader.read(line)
    #expect(named?.name == nil)
    #expect(named?.bundleID == "com.app.app")
    #expect(named?.pid == 560)
    #expect(AssertionListHeader.read("MyApp[1369] has active assertions beyond permitted time:")?.pid == 1369)
    // Prose that mentions the marker names nothing.
    #expect(AssertionListHeader.read("the app has active assertions beyond permitted time: why?") == nil)
  }

  @Test func aLessThanFollowedByABlankAndNoAssertionIsNotOne() {
    #expect(ProcessAssertion.all(in: "if a < b> then identifier: x reason: finishTask").isEmpty)
    #expect(ProcessAssertion.all(in: "< BKProcessAssertion: 0x1> identifier: x process: A[1] reason: finishTask").count == 1)
  }
}
