import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-10 review (`diagnose` on real public pastes, /work/review-inputs-s10, not in the repository),
/// defects 7–11. The pastes' licences are mostly unknown, so only the lines a test needs are quoted, verbatim
/// (a tab written `\t`, a trailing blank `\u{20}`), each with its source; texts put together from two sources say so.
@Suite struct ReviewS10DiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 7: prose after a thread-less report is not a frame

  /// google/leveldb #265 (dhckang, 2014-10-28): the iOS 8.1 report's exception block, no threads, then the
  /// reporter's two prose lines.
  static let leveldbNoThreads = """
    Exception Type:  00000020
    Exception Codes: 0x00000000dead10cc
    Highlighted Thread:  0
    Application Specific Information:
    <FBApplicationProcess: 0x143217810; Process; pid: 2878> was suspended with locked system files:\u{20}
    /private/var/mobile/Library/Process/Library/$dbname/LOCK

    here is apple's description for this exception code:
    The exception code 0xdead10cc indicates that an application has been terminated by iOS because it held on to a system resource (like the address book database) while running in the background.
    """

  static let leveldbSentence =
    "The exception code 0xdead10cc indicates that an application has been terminated by iOS because it held on to a system resource (like the address book database) while running in the background."

  @Test func aSentenceWithAHexWordIsNotAFrame() {
    let sentence = Substring(Self.leveldbSentence)
    #expect(StackFrameLineParser.parse(sentence, line: 1) == nil)
    guard case .notAFrame = StackFrameLineParser.parseASCII(sentence, line: 1) else {
      Issue.record("the byte path read the sentence as a frame")
      return
    }
  }

  @Test func unnumberedFramesAreStillFrames() throws {
    // Synthetic: dotnet/macios #20766's frame 0 without its number, and the same cut after the symbol.
    let whole = try #require(
      StackFrameLineParser.parse("libsystem_kernel.dylib 0x1ea5c4808 mach_msg2_trap + 8", line: 1))
    #expect(whole.frames.first?.symbol == "mach_msg2_trap")
    let cut = try #require(StackFrameLineParser.parse("libsystem_kernel.dylib 0x1ea5c4808 mach_msg2_trap", line: 1))
    #expect(cut.frames.first?.symbol == "mach_msg2_trap")
    #expect(cut.notes.contains("frame symbol has no offset; the line may be cut"))
  }

  @Test func theThreadlessLeveldbReportSaysNoThreadWasPasted() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.leveldbNoThreads).first)
    #expect(!report.threads.contains { !$0.frames.isEmpty })
    #expect(!report.issues.contains { $0.message == "frames without a thread heading" })
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.explanation.contains("The report's threads were not pasted"))
    #expect(!diagnosis.explanation.contains("Only"))
    #expect(diagnosis.facts.contains(Fact("locked-file", "/private/var/mobile/Library/Process/Library/$dbname/LOCK")))
  }

  @Test func oneUnnamedPastedThreadIsSaidInLowerCase() throws {
    // Put together: leveldb #265's exception block, then dotnet/macios #20766's frame 0 under no heading.
    let text =
      Self.leveldbNoThreads.components(separatedBy: "\n").prefix(6).joined(separator: "\n")
      + "\n\n0   libsystem_kernel.dylib        \t       0x1ea5c4808 mach_msg2_trap + 8\n"
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.explanation.contains("Only one thread was pasted"))
    #expect(!diagnosis.explanation.contains("One thread"))
  }

  // MARK: Defect 8: a synchronous mach/XPC wait, and a frame line cut after its image

  /// dotnet/macios #20766 (rolfbjarne, 2024-06-24): the fenced report from `Exception Type` to the cut line.
  static let maciosSendAndWait = """
    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Termination Reason: FRONTBOARD 2343432205\u{20}
    <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<FransiMobile(7C1FF739-4529-4175-B15F-0CA0B9C03FEF)>:459 exhausted real (wall clock) time allowance of 19.71 seconds
    ProcessVisibility: Foreground
    ProcessState: Running
    WatchdogEvent: scene-create
    WatchdogVisibility: Foreground
    WatchdogCPUStatistics: (
    "Elapsed total CPU time (seconds): 57.680 (user 41.990, system 15.690), 49% CPU",
    "Elapsed application CPU time (seconds): 0.756, 1% CPU"
    ) reportType:CrashLog maxTerminationResistance:Interactive>

    Triggered by Thread:  0

    Thread 0 name:  tid_103 Dispatch queue: com.apple.main-thread
    Thread 0 Crashed:
    0   libsystem_kernel.dylib        \t       0x1ea5c4808 mach_msg2_trap + 8
    1   libsystem_kernel.dylib        \t       0x1ea5c8008 mach_msg2_internal + 80
    2   libsystem_kernel.dylib        \t       0x1ea5c7f20 mach_msg_overwrite + 436
    3   libsystem_kernel.dylib        \t       0x1ea5c7d60 mach_msg + 24
    4   libdispatch.dylib             \t       0x1a93d4b18 _dispatch_mach_send_and_wait_for_reply + 544
    5   libdispatch.dylib
    """

  @Test func aMainThreadInASendAndWaitIsBlockedNotBusy() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.maciosSendAndWait).first)
    let main = try #require(report.mainThread)
    let blocked = try #require(StackAnalysis.blockingReason(main))
    #expect(blocked.reason == StackAnalysis.machReplyReason)
    #expect(blocked.frame.symbol == "_dispatch_mach_send_and_wait_for_reply")
    #expect(diagnosis.kind == .watchdogHang)
    // The caller of the send is cut from the paste: medium, as before.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("blocked waiting for the reply to a synchronous XPC or Mach message"))
    #expect(diagnosis.summary.contains("not idle in its run loop"))
    #expect(!diagnosis.summary.contains("busy"))
    #expect(!diagnosis.explanation.contains("busy"))
    #expect(
      diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("no app frame among the 6 pasted") })
    #expect(diagnosis.explanation.contains("The pasted main-thread stack stops after 6 frames"))
  }

  @Test func theCutLastFrameLineIsNoted() throws {
    let (report, _) = try #require(try Self.read(Self.maciosSendAndWait).first)
    let main = try #require(report.mainThread)
    #expect(main.frames.count == 6)
    #expect(main.frames.last?.image == "libdispatch.dylib")
    #expect(main.frames.last?.address == nil)
    #expect(report.issues.contains { $0.message == AddresslessFrameLine.cutAfterImageNote && $0.location == .line(23) })
  }

  @Test func aCutFrameLineIsOnlyTheNextFrameAtTheEnd() throws {
    #expect(AddresslessFrameLine.cutAfterImage("5   libdispatch.dylib", line: 1, previousIndex: 4) != nil)
    #expect(AddresslessFrameLine.cutAfterImage("5   libdispatch.dylib", line: 1, previousIndex: 2) == nil)
    #expect(AddresslessFrameLine.cutAfterImage("5   apples", line: 1, previousIndex: 4) == nil)
    // Not the last line: the line stays out of the stack, and no cut is noted.
    let (report, _) = try #require(try Self.read(Self.maciosSendAndWait + "\nThread 1:\n").first)
    #expect(!report.issues.contains { $0.message == AddresslessFrameLine.cutAfterImageNote })
  }

  // MARK: Defect 9: a namespace cut mid-word at the end of the paste

  /// airsdk/Adobe-Runtime-Support #942 (matrix3d, 2021-07-02): the last lines of the fenced report, which stops
  /// mid-word.
  static let airsdkCut = """
    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note:  EXC_CORPSE_NOTIFY
    Termination Reason: Namespace SPRINGBO
    """

  @Test func aNamespaceCutAtTheEndIsANoteNotAFact() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.airsdkCut).first)
    #expect(report.termination?.namespace == nil)
    #expect(
      report.issues.contains {
        $0.message == TerminationReasonParser.cutNamespaceNote("SPRINGBO") && $0.location == .line(4)
      })
    #expect(TerminationReasonParser.cutNamespaceNote("SPRINGBO").contains("SPRINGBOARD"))
    #expect(!diagnosis.facts.contains { $0.key == "termination-namespace" })
    #expect(diagnosis.kind == .unknown)
    #expect(diagnosis.confidence == .low)
  }

  @Test func anUnknownNamespaceInsideAReportStaysANamespace() throws {
    // Synthetic: the airsdk lines with a `Triggered by Thread:` line after the reason.
    let (report, _) = try #require(try Self.read(Self.airsdkCut + "\n\nTriggered by Thread:  0\n").first)
    #expect(report.termination?.namespace == "SPRINGBO")
    #expect(!report.issues.contains { $0.message.hasPrefix("termination reason cut") })
  }

  // MARK: Defect 10: `Failed to terminate gracefully` and `Thread 0 (attributed):`

  /// The Roam app's crash-rule module, test constant `WATCHDOG_REPORT` (code-index read_file id 60292011084;
  /// licence unknown): a MetricKit-derived text summary, whole.
  static let roamWatchdog = """

    Crash 1 (version 1.0.0)
    Termination reason: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:[app<com.msdrigg.roam>:12124] Failed to terminate gracefully after 5.0s
    Metadata:
      appVersion: 1.50
      deviceType: iPhone13,1
      exceptionType: 10
      signal: 9
      terminationReason: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:[app<com.msdrigg.roam>:12124] Failed to terminate gracefully after 5.0s
    Thread 0 (attributed):
      Network +0x1158200 nw_browser_cancel samples=1
    """

  @Test func attributedHeadingsAreThreadStarts() {
    for text: Substring in ["Thread 0 (attributed):", "Thread 16 (attributed):"] {
      guard case .start(_, let crashed, _, _, _)? = ThreadHeading.parse(text) else {
        Issue.record("not a heading: \(text)")
        continue
      }
      #expect(crashed)
      guard case .start(_, true, _, _, _)? = ThreadHeading.parseGeneral(text) else {
        Issue.record("the general path differs: \(text)")
        continue
      }
    }
  }

  @Test func aFailedGracefulTerminationIsAHangWhileTerminating() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.roamWatchdog).first)
    let main = try #require(report.mainThread)
    #expect(main.frames.count == 1)
    #expect(main.frames.first?.image == "Network")
    #expect(main.frames.first?.imageOffset == 0x115_8200)
    #expect(main.frames.first?.symbol == "nw_browser_cancel")
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("asked to quit and did not exit within 5 s"))
    #expect(diagnosis.summary.contains("thread 0 was in nw_browser_cancel"))
    #expect(!diagnosis.summary.contains("no main-thread backtrace"))
    #expect(!diagnosis.explanation.contains("no main-thread backtrace"))
    #expect(diagnosis.facts.contains(Fact("time-allowance", "5 s")))
    #expect(diagnosis.evidence.contains { $0.location == .line(11) })
  }

  @Test func aFailedGracefulTerminationWithoutFramesIsLow() throws {
    // The Roam summary's termination line alone.
    let line = Self.roamWatchdog.components(separatedBy: "\n")[2]
    let (_, diagnosis) = try #require(try Self.read(line).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.summary.contains("asked to quit and did not exit within 5 s"))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
  }

  // MARK: Defect 11: the summary with `signal: 9` and no termination code

  /// The same module, test constant `DEAD10CC_REPORT`, whole.
  static let roamSigkill = """

    Crash 1 (version 1.0.0)
    Metadata:
      appVersion: 1.50
      deviceType: iPhone14,7
      exceptionType: 10
      osVersion: iPhone OS 26.6 (23G71)
      signal: 9
    Thread 16 (attributed):
      Roam +0x54788 specialized DatabaseFileLock.withExclusiveLock<A> at /x/DatabaseFileLock.swift:37
    """

  @Test func aSigkillSummaryWithoutACodeIsLowWithALockHint() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.roamSigkill).first)
    #expect(report.exception?.type == "EXC_CRASH")
    #expect(report.exception?.signal == "SIGKILL")
    #expect(report.issues.contains { $0.message.hasPrefix("exception read from MetricKit's metadata keys") })
    let frame = try #require(report.threads.first { $0.index == 16 }?.frames.first)
    #expect(frame.symbol == "specialized DatabaseFileLock.withExclusiveLock<A>")
    #expect(frame.sourceFile == "/x/DatabaseFileLock.swift")
    #expect(frame.sourceLine == 37)
    #expect(diagnosis.kind == .unknown)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.explanation.contains("SIGKILL without a termination code"))
    #expect(diagnosis.explanation.contains("Thread 16 was inside specialized DatabaseFileLock.withExclusiveLock<A>"))
    #expect(diagnosis.explanation.contains("only a hint"))
  }
}
