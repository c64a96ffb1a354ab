import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Defect 1 of the session-11 review (`/work/review-inputs-s11/FINDINGS.md`): iOS 13's SpringBoard exit context in
/// RunningBoard's `;`-and-blank form, with RunningBoard's `Timed-out waiting for process … to invalidate assertion …`
/// explanation. The paste there is for review only, never a fixture (its licence is not checked): the real lines
/// are quoted here with their source; texts marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionElevenExitContextTests {
  static func timeline(text: String, app: String? = nil) -> TimelineResult {
    TimelineBuilder(options: TimelineOptions(app: app)).build(from: SourceText(bytes: Array(text.utf8)))
  }

  static let bundle = "org.reactjs.native.example.test-bg"

  /// react/react-native #26731 (fonov, 2019-10-05, iOS 13.1.2, Console.app copy; licence not checked), the two log
  /// lines as pasted (the second cut mid-word by the paste).
  static let firing =
    "default\t21:26:15.204466 +0300\tSpringBoard\tFiring exit handlers for 63390 with context <RBSProcessExitContext; specific: <RBSProcessExitStatus; domain: runningboard (15); code: 0x2182baad>; terminationContext: <RBSTerminateContext: 0x6000032f29c0; code: 0x2182BAAD; explanation: \"Timed-out waiting for process [application<org.reactjs.native.example.test-bg>:63390] to invalidate assertion with identifier 4170-63390-4366 and explanation 'Shared Background Assertion 2 for org.reactjs.native.example.test-bg'. Direct this report to owners of that process\"; reportType: 0; maxRole: 7; maxTerminationResistance: 3>>"
  static let exited =
    "default\t21:26:15.207509 +0300\tSpringBoard\t[application<org.reactjs.native.example.test-bg>:63390]* Process exited: <RBSProcessExitContext; specific: <RBSProcessExitStatus; domain: runningboard (15); code: 0x2182baad>; terminationContext: <RBSTerminateContext: 0x6000032f29c0; code: 0x2182BAAD; explanation: \"Timed-out waiting for process [application<org.reactjs.native.example.test-bg>:63390] to invalidate assertion with identifier 4170-63390-4366 and explanation 'Shared Background Assertion 2 for org.reactjs.native.example.test-bg'. Direct this report to own"

  /// What the iOS 14+ `|` form says of the same status (`killed: runningboard 0x2182baad`): the `;` form must say the
  /// same, whatever the `|` form's words become.
  static let barWords = TimelineEventRecognizer.exitReason(
    "<RBSProcessExitStatus| domain:runningboard(15) code:0x2182baad>"[...])

  /// The words both lines are read with: the `|` form's for the same status, then the assertion.
  static let detail =
    barWords.1 + RunningBoardExitContext.assertionTimeoutNote
    + "4170-63390-4366 \"Shared Background Assertion 2 for org.reactjs.native.example.test-bg\""
    + RunningBoardExitContext.backgroundTaskNote

  /// The paste as the issue has it: heading, prose, fence. Before: `exited pid 63390 · process exited`, no finding.
  @Test func pasteIsOneKillAndALeakedBackgroundTask() throws {
    let text = """
      #### I using WebSocket in my app when app move to background it terminated in short time, but I expect OS suspended app. Test on IOS 13.1.2 release mode

      log from device

      ```
      \(Self.firing)
      \(Self.exited)
      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == Self.bundle)
    // Both lines say the same end in the same words: one event, the first line's.
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events.map(\.line) == [6])
    #expect(app.events.first?.pid == 63390)
    #expect(app.events.first?.detail == Self.detail)
    #expect(app.processes.first?.endedBy == .killed)
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .high)
    #expect(finding.evidence.map(\.line) == [6])
    #expect(finding.evidence.first?.text.contains("Timed-out waiting for process") == true)
    #expect(finding.summary.hasPrefix("RunningBoard killed pid 63390 at 21:26:15.204466 (code 0x2182baad)"))
    #expect(finding.summary.contains("\"Shared Background Assertion 2 for org.reactjs.native.example.test-bg\""))
    #expect(finding.summary.contains("(assertion 4170-63390-4366)"))
  }

  /// Each line alone says the same: the `Process exited` line (read by the SpringBoard branch) and the `Firing exit
  /// handlers` line (read by its recogniser) give the same kind, pid and words, which is what makes them one event.
  @Test func eachLineAloneGivesTheSameKill() throws {
    for (line, text) in [(1, Self.firing), (1, Self.exited)] {
      let result = Self.timeline(text: text + "\n")
      let app = try #require(result.apps.first)
      #expect(app.bundleID == Self.bundle)
      #expect(app.events.map(\.kind) == [.killed])
      #expect(app.events.map(\.line) == [line])
      #expect(app.events.first?.pid == 63390)
      #expect(app.events.first?.detail == Self.detail)
      #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
      #expect(app.findings.first?.confidence == .high)
    }
  }

  /// The status alone is rewritten in the `|` form and read by `exitReason`: the same words as iOS 14+'s
  /// `domain:runningboard(15) code:…` (the default branch), so the two forms cannot drift apart.
  @Test func semicolonStatusIsReadAsTheBarForm() {
    let status = RunningBoardExitContext.semicolonStatus(in: Self.firing[...])
    #expect(status == "<RBSProcessExitStatus| domain:runningboard(15) code:0x2182baad>")
    let bar = TimelineEventRecognizer.exitReason("<RBSProcessExitStatus| domain:runningboard(15) code:0x2182baad>")
    #expect(bar.0 == .killed)
    #expect(bar == Self.barWords)
    #expect(bar.1.contains("runningboard 0x2182baad"))
    #expect(Self.detail.hasPrefix(bar.1 + RunningBoardExitContext.assertionTimeoutNote))
    let timeout = RunningBoardExitContext.assertionTimeout(in: Self.exited[...])
    #expect(timeout?.identifier == "4170-63390-4366")
    #expect(timeout?.assertion == "Shared Background Assertion 2 for org.reactjs.native.example.test-bg")
  }

  /// SYNTHETIC: the `Process exited` line with its `;` context cut before the explanation (at `code: 0x2182BAAD;`):
  /// RunningBoard's kill with its code, and no finding (the assertion is not named, so the leak is not shown).
  @Test func cutBeforeTheExplanationIsAKillWithoutAFinding() throws {
    let cut = String(Self.exited[..<Self.exited.range(of: " explanation: ")!.lowerBound])
    let result = Self.timeline(text: cut + "\n")
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events.first?.detail == Self.barWords.1)
    #expect(app.findings.isEmpty)
  }

  /// SYNTHETIC: the paste's explanation with another assertion's name (`XCTRunner Initialization`, the assertion
  /// public test-run notes name for a 0x2182BAAD kill of an XCTest runner): still RunningBoard's kill for an assertion
  /// time-out, but not a background task the app began, so no leaked-background-task.
  @Test func anotherAssertionsTimeOutIsAKillOnly() throws {
    let other = Self.firing.replacingOccurrences(
      of: "Shared Background Assertion 2 for org.reactjs.native.example.test-bg", with: "XCTRunner Initialization")
    let result = Self.timeline(text: other + "\n")
    let app = try #require(result.apps.first)
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events.first?.detail.contains("\"XCTRunner Initialization\"") == true)
    #expect(app.events.first?.detail.contains(RunningBoardExitContext.backgroundTaskNote) == false)
    #expect(app.findings.isEmpty)
  }

  /// SYNTHETIC: the iOS 14+ `|` form (juniper's SpringBoard `[app<…>:26683] Process exited: <RBSProcessExitContext|
  /// specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>.` from the shared corpus, with the
  /// status domain runningboard(15) and code 0x2182bad2) carrying a terminate context in the `|` form of Apple Developer
  /// Forums thread 725476 (`<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:… reportType:CrashLog …>`)
  /// whose explanation is RunningBoard's time-out format filled as in the paste. No real `|` line with this
  /// explanation was found; the explanation's words are RunningBoard's format, not the form's, so it is read the same.
  @Test func barFormWithTheSameExplanationIsReadTheSame() throws {
    let line =
      "default\t23:30:44.813159-0500\tSpringBoard\t[app<com.hightowerai.MobileJarvisNative>:26683] Process exited: "
      + "<RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:runningboard(15) code:0x2182bad2>, "
      + "terminationContext:<RBSTerminateContext| domain:15 code:0x2182BAD2 explanation:Timed-out waiting for process "
      + "[app<com.hightowerai.MobileJarvisNative>:26683] to invalidate assertion with identifier 34-26683-1234 and "
      + "explanation 'Shared Background Assertion 5 for com.hightowerai.MobileJarvisNative'. Direct this report to "
      + "owners of that process reportType:CrashLog maxTerminationResistance:Interactive>>.\n"
    let result = Self.timeline(text: line)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.hightowerai.MobileJarvisNative")
    #expect(app.events.map(\.kind) == [.killed])
    let words = TimelineEventRecognizer.exitReason("<RBSProcessExitStatus| domain:runningboard(15) code:0x2182bad2>")
    #expect(
      app.events.first?.detail
        == words.1 + RunningBoardExitContext.assertionTimeoutNote
        + "34-26683-1234 \"Shared Background Assertion 5 for com.hightowerai.MobileJarvisNative\""
        + RunningBoardExitContext.backgroundTaskNote)
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings.first?.confidence == .high)
    #expect(app.findings.first?.summary.contains("(code 0x2182bad2)") == true)
    // Only iOS 13's general code gets the note on codes.
    #expect(app.findings.first?.summary.contains("iOS 13 writes 0x2182baad") == false)
  }

  /// The `|` form with no such explanation is read as before (juniper's SIGABRT line, shared corpus).
  @Test func barFormWithoutTheExplanationIsUnchanged() {
    let message: Substring =
      "[app<com.hightowerai.MobileJarvisNative>:26683] Process exited: <RBSProcessExitContext| specific, "
      + "status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>."
    #expect(RunningBoardExitContext.read(message) == nil)
  }
}
