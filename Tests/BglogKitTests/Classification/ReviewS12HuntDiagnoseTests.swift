import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-12 review (`diagnose` on real public pastes, /work/review-inputs-s12, not in the repository), defects 2,
/// 3 and 5. The pastes' licences are not known, so only the lines a test needs are quoted, verbatim, each with its
/// source; texts put together or changed by hand say so.
@Suite struct ReviewS12HuntDiagnoseTests {
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

  // MARK: Defect 3: prose pasted between a report's exception lines and its threads

  /// https://stackoverflow.com/questions/46498547 (as stored at https://devpeace.com/ios/46498547/): an iOS 11
  /// report's exception lines, the asker's prose and code, then the main thread (tabs collapsed to single spaces by
  /// the page; cut at `Thread 1 name: com.ap`).
  static let soProse = """
    Exception Type: EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note: EXC_CORPSE_NOTIFY
    Termination Reason: Namespace <0xF>, Code 0x8badf00d
    Triggered by Thread: 0
    I realize that our code has a limited period of time during which to operation when receiving push notifications or when backgrounded. We definitely do use UIBackgroundTasks (with Alamofire Networking, FWIW), and we do have expiration handlers that do this:
    backgroundTask = [application beginBackgroundTaskWithExpirationHandler:^{
    [application endBackgroundTask:backgroundTask];
    backgroundTask = UIBackgroundTaskInvalid; // Set the task to be invalid
    DebugLog(@"Ended because expiration");
    }];
    The most perplexing thing about these crash reports is that our code is nowhere on the stacks. We can see from this Apple discussion of the 0x8badf00d exception code, the offending code is, in fact, being actively executed on the main thread.
    However, in my case, none of the stacks ever have any of my code being executed. Here is one representative sample:
    Thread 0 name: Dispatch queue: com.apple.main-thread
    Thread 0 Crashed:
    0 libsystem_kernel.dylib 0x0000000183208bc4 0x183208000 + 3012
    1 libsystem_kernel.dylib 0x0000000183208a3c 0x183208000 + 2620
    2 CoreFoundation 0x00000001836b9c4c 0x1835d0000 + 957516
    3 CoreFoundation 0x00000001836b7818 0x1835d0000 + 948248
    4 CoreFoundation 0x00000001835d7e78 0x1835d0000 + 32376
    5 GraphicsServices 0x000000018546cf84 0x185462000 + 44932
    6 UIKit 0x000000018d37a0bc 0x18d307000 + 471228
    7 MyApp 0x0000000102a6572c main + 87852 (main.m:22)
    8 libdyld.dylib 0x00000001830fa56c 0x1830f9000 + 5484
    Thread 1 name: com.ap
    """

  /// The same paste with lines 6–13 (the asker's prose and code) removed by hand.
  static var soWithoutProse: String {
    let lines = soProse.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines[0..<5] + lines[13...]).joined(separator: "\n")
  }

  @Test func proseBetweenTheExceptionLinesAndTheThreadsDoesNotSplitTheReport() throws {
    let reports = try Self.read(Self.soProse)
    #expect(reports.count == 1)
    let (report, diagnosis) = try #require(reports.first)
    #expect(report.startLine == 1)
    #expect(report.termination?.code == 0x8bad_f00d)
    #expect(report.mainThread?.frames.count == 9)
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.facts.contains(Fact("missing-evidence", "the main thread's backtrace")))
    #expect(
      diagnosis.facts.contains(Fact("main-thread", "idle in its run loop (from the image sequence; unsymbolicated)")))
    let note = try #require(report.issues.first { $0.message.hasPrefix("lines 6–13 between the report's") })
    #expect(note.location?.line == 6)
    // Frames keep their own line numbers in the paste.
    #expect(diagnosis.evidence.first { $0.quote.hasPrefix("0 libsystem_kernel.dylib") }?.location?.line == 16)

    // The reading equals the one of the text without the prose (line numbers aside).
    let (bareReport, bare) = try #require(try Self.read(Self.soWithoutProse).first)
    #expect(bare.kind == diagnosis.kind)
    #expect(bare.confidence == diagnosis.confidence)
    #expect(bare.summary == diagnosis.summary)
    #expect(bare.explanation == diagnosis.explanation)
    #expect(bare.advice == diagnosis.advice)
    #expect(bare.facts == diagnosis.facts)
    #expect(bare.evidence.map(\.quote) == diagnosis.evidence.map(\.quote))
    #expect(bareReport.threads.map(\.frames.count) == report.threads.map(\.frames.count))
  }

  @Test func theUnnamedNamespaceIsWordedTheSameWithAndWithoutTheMainThread() throws {
    // The paste's first five lines alone (Stack Overflow 46498547): no thread, so the low reading leans on the
    // namespace, named as the idle-main reading names it.
    let header = Self.soProse.split(separator: "\n")[0..<5].joined(separator: "\n")
    let (_, alone) = try #require(try Self.read(header).first)
    #expect(alone.kind == .leakedBackgroundTask)
    #expect(alone.confidence == .low)
    #expect(alone.facts.contains(Fact("missing-evidence", "the main thread's backtrace")))
    let wording = "<0xF> (15, RUNNINGBOARD in XNU's reason list, assertiond's number)"
    #expect(alone.explanation.contains("the kill came from the unnamed namespace " + wording))
    #expect(!alone.explanation.contains("from RUNNINGBOARD"))
    let (_, joined) = try #require(try Self.read(Self.soProse).first)
    #expect(joined.explanation.contains("The namespace " + wording))
    // Changed by hand: the same lines with a code bglog knows for no namespace, read as a plain OS termination.
    let unknownCode = header.replacingOccurrences(of: "Code 0x8badf00d", with: "Code 0x1234")
    let (_, termination) = try #require(try Self.read(unknownCode).first)
    #expect(termination.kind == .osTermination)
    #expect(termination.summary.hasPrefix("The unnamed namespace <0xF> (RUNNINGBOARD) terminated the process"))
    #expect(termination.explanation.hasPrefix("The termination namespace is the unnamed namespace " + wording))
  }

  @Test func piecesThatDisagreeOrLieFarApartStayApart() throws {
    // Changed by hand from Stack Overflow 46498547: the exception lines blame thread 3, the pasted thread 0 is the
    // crashed one: another report's thread.
    let otherThread = Self.soProse.replacingOccurrences(of: "Triggered by Thread: 0", with: "Triggered by Thread: 3")
    #expect(try Self.read(otherThread).count == 2)
    // Changed by hand: more prose lines between the pieces than an asker's paragraph and code sample.
    var lines = Self.soProse.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert(
      contentsOf: Array(
        repeating: "The most perplexing thing about these crash reports is that our code is nowhere on the stacks.",
        count: 40),
      at: 5)
    #expect(try Self.read(lines.joined(separator: "\n")).count == 2)
    // Changed by hand: the second piece has exception lines of its own (a second report).
    let second = Self.soProse.replacingOccurrences(
      of: "Thread 0 name: Dispatch queue: com.apple.main-thread",
      with: "Exception Type: EXC_CRASH (SIGABRT)\nThread 0 name: Dispatch queue: com.apple.main-thread")
    #expect(try Self.read(second).count == 2)
  }

  // MARK: Defect 5: the process-exit watchdog

  /// firebase/firebase-ios-sdk #5707 (description, naru-jpn, 2020-06-01): an iOS 13.5 report's header, cut inside
  /// the Termination Description.
  static let processExitHeader = """
    Date/Time:           2020-05-30 18:14:51.9352 +0900
    Launch Time:         2020-05-30 18:14:44.1799 +0900
    OS Version:          iPhone OS 13.5 (17F75)
    Release Type:        User
    Baseband Version:    5.60.01
    Report Version:      104

    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note:  EXC_CORPSE_NOTIFY
    Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
    Termination Description: SPRINGBOARD, process-exit watchdog transgression: application<
    """

  @Test func aProcessExitKillWithoutTheMainThreadSaysTheAppDidNotExitInTime() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.processExitHeader).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.summary.hasPrefix("The system asked the app to quit (process-exit) and killed it (0x8badf00d)"))
    #expect(diagnosis.summary.hasSuffix("the report has no main-thread backtrace."))
    #expect(diagnosis.explanation.contains("the app did not finish exiting in time"))
    #expect(diagnosis.explanation.contains("This is not a launch, scene or background-time deadline."))
    #expect(!diagnosis.explanation.contains("launch, scene creation or update) is the likelier cause"))
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "process-exit")))
    #expect(diagnosis.facts.contains(Fact("missing-evidence", "the main thread's backtrace")))
    #expect(diagnosis.facts.contains(Fact("launch-to-kill", "7.8 s")))
    let advice = diagnosis.advice.joined(separator: " ")
    for work in ["applicationWillTerminate(_:)", "atexit", "static destructors", "never block there"] {
      #expect(advice.contains(work))
    }
    #expect(!advice.contains("beginBackgroundTask"))
    #expect(diagnosis.evidence.contains { $0.quote.hasSuffix("process-exit watchdog transgression: application<") })
  }

  @Test func everyProcessExitReadingSaysTheAppWasAskedToQuit() throws {
    // The fixtures whose watchdog names process-exit (their sources are in the crash and ips READMEs): a main thread
    // in SQLite (fmdb #841), waiting for an XPC reply, in dispatch_sync, and idle (a synthetic .ips); and the cut
    // header above.
    let names = [
      "crash/public-fmdb-841-frontboard-process-exit-main-thread-sqlcipher-btreenext.crash",
      "crash/public-8badf00d-process-exit-background-keychain-xpc.crash",
      "crash/public-frontboard-8badf00d-process-exit-dispatch-wait-kernel-triage.crash",
      "ips/synthetic-309-frontboard-8badf00d-background.ips",
    ]
    var texts = try names.map { try String(contentsOf: Fixtures.url($0), encoding: .utf8) }
    texts.append(Self.processExitHeader)
    for text in texts {
      let (_, diagnosis) = try #require(try Self.read(text).first)
      #expect(diagnosis.facts.contains(Fact("watchdog-event", "process-exit")))
      #expect(diagnosis.kind == .watchdogHang)
      let words = diagnosis.summary + " " + diagnosis.explanation
      #expect(words.contains("asked the app to quit") || words.contains("asked it to quit"))
      #expect(!words.contains("a foreground deadline"))
      #expect(diagnosis.advice.contains { $0.contains("applicationWillTerminate(_:)") })
    }
  }
}
