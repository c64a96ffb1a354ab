import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Second session-8 review (`diagnose` on pasted reports and pieces). The pastes' licences are not known
/// (site copies, unchecked issue threads), so only the lines a test needs are quoted, each with its source.
@Suite struct ReviewS8bReportTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 1: a block lower-cased by a page converter

  /// w3help.cc/a/202108/723669.html (a traditional-Chinese, lower-cased copy of a Chinese blog post):
  /// the 0xdead10cc block, with the blank lines the copy put between its lines.
  static let lowerCasedDead10cc = """
    exception type:  exc_crash (sigkill)

    exception codes: 0x0000000000000000, 0x0000000000000000

    exception note:  exc_corpse_notify

    termination reason: namespace springboard, code 0xdead10cc

    termination description: springboard, com.***.*** was task-suspended with locked system file
    """

  /// The same page: the 0xbada5e47 and 0x8badf00d blocks' termination lines.
  static let lowerCasedBada5e47 = """
    exception type:  exc_crash (sigkill)

    exception codes: 0x0000000000000000, 0x0000000000000000

    exception note:  exc_corpse_notify

    termination reason: namespace assertiond, code 0xbada5e47
    """

  @Test func aLowerCasedNamespaceAndCodeAreReadAtMediumAtMost() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.lowerCasedDead10cc).first)
    #expect(report.termination?.code == 0xdead_10cc)
    #expect(report.termination?.namespace == "springboard")
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.contains { $0.quote == "termination reason: namespace springboard, code 0xdead10cc" })
    #expect(report.issues.contains { $0.message == TerminationReasonParser.lowerCasedNote && $0.location == .line(7) })

    let (_, overflow) = try #require(try Self.read(Self.lowerCasedBada5e47).first)
    #expect(overflow.kind == .backgroundTaskOverflow)
    #expect(overflow.confidence != .high)
    #expect(overflow.evidence.contains { $0.quote == "termination reason: namespace assertiond, code 0xbada5e47" })

    let watchdog = try #require(
      try Self.read(
        Self.lowerCasedBada5e47.replacingOccurrences(
          of: "namespace assertiond, code 0xbada5e47", with: "namespace springboard, code 0x8badf00d")
      ).first)
    #expect(watchdog.1.kind == .watchdogHang)
    #expect(watchdog.1.confidence != .high)
  }

  @Test func theCapitalisedReasonIsNotNotedAsLowerCased() {
    let head = TerminationReasonParser.head("Namespace RUNNINGBOARD, Code 0xdead10cc")
    #expect(head.namespace == "RUNNINGBOARD")
    #expect(head.code == 0xdead_10cc)
    #expect(!head.lowerCased)
    let lower = TerminationReasonParser.head("namespace assertiond, code 0xbada5e47")
    #expect(lower.namespace == "assertiond")
    #expect(lower.code == 0xbada_5e47)
    #expect(lower.lowerCased)
    // A namespace given as its number is not a case matter.
    #expect(!TerminationReasonParser.head("Namespace <0xF>, Code 0xdead10cc").lowerCased)
  }

  // MARK: Defect 5: 0xdead10cc with only thread 0 pasted, prose after the fence

  /// LoopKit/Loop #1356 (yansaid, 2020-08-13): the fenced block with thread 0 only (frames 0–7 cut here), the
  /// closing fence, and the first sentence of the prose after it.
  static let loopThreadZeroOnly = """
    ```
    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note:  EXC_CORPSE_NOTIFY
    Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc
    Triggered by Thread:  0

    Thread 0 name:
    Thread 0 Crashed:
    0   libsystem_kernel.dylib        \t0x00000001856c0e90 mach_msg_trap + 8
    1   libsystem_kernel.dylib        \t0x00000001856c0244 mach_msg + 76 (mach_msg.c:103)
    8   Loop                       \t        0x0000000102315158 main + 68 (AppDelegate.swift:15)
    9   libdyld.dylib                 \t0x00000001856eef18 start + 4
    ```

    [The exception code 0xdead10cc indicates that an application has been terminated by the OS because it held \
    on to a file lock or sqlite database lock during suspension.
    """

  @Test func onlyThreadZeroPastedNamesTheOtherThreadsAsMissing() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.loopThreadZeroOnly).first)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    // The deciding line is present.
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains(Fact("missing-evidence", "the other threads' backtraces")))
    #expect(!diagnosis.explanation.contains("No thread shows"))
    #expect(diagnosis.explanation.contains("Only Thread 0 was pasted"))
    // The prose after the closing fence is not a frame of thread 0.
    #expect(report.threads.count == 1)
    #expect(report.threads.first?.frames.count == 4)
    #expect(!report.issues.contains { $0.location == .line(16) })
    #expect(!report.threads.flatMap(\.frames).contains { $0.location == .line(16) })
  }

  @Test func everyThreadPastedStillSaysNoThreadShowsLockFrames() throws {
    let second = """

      Thread 1:
      0   libsystem_kernel.dylib        \t0x00000001856c0e90 mach_msg_trap + 8
      """
    let text = Self.loopThreadZeroOnly.replacingOccurrences(of: "start + 4\n```", with: "start + 4" + second + "\n```")
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.threads.filter { !$0.frames.isEmpty }.count == 2)
    #expect(!diagnosis.facts.contains { $0.key == "missing-evidence" })
    #expect(diagnosis.explanation.contains("No thread shows SQLite or file-locking frames"))
  }

  // MARK: Defect 2: a JetsamEvent process entry between prose sentences

  /// kstenerud/KSCrash #278 (langyanduan, 2018-03-27; first block): the sentence before, the entry (four blanks
  /// of indent and two trailing blanks a line, as pasted; members cut here), the sentence after.
  static let kscrashEntryInProse = """
    I'm developing a PacketProvider on iOS. It is often kill by memory limit. This is jetsameEvent file log the memory issue

        {  
            "states" : [  
                "frontmost"  
            ],  
            "killDelta" : 13593,  
            "rpages" : 960,  
            "reason" : "per-process-limit",  
            "pid" : 4624,  
            "name" : "RebornTunnel",  
            "cpuTime" : 1223.5413490000001  
        },  

    The rpages is 960 and pageSize is 16k, it exceeded the 15MB limit.
    """

  @Test func aJetsamEntryBetweenProseSentencesIsReadAtMedium() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.kscrashEntryInProse).first)
    #expect(diagnosis.kind == .jetsam)
    // The entry's reason decides, but the report around it is missing.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("killed", "RebornTunnel (per-process-limit)")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
    #expect(diagnosis.evidence.contains { $0.location == .line(9) })
    #expect(report.jetsam?.processes.first?.pid == 4624)
    #expect(report.startLine == 3)
    #expect(report.issues.contains { $0.message.hasPrefix(JetsamFragmentReader.proseNote) && $0.location == .line(1) })
  }

  @Test func proseBetweenTheEntriesIsNotSetAside() {
    // A sentence inside the list is not prose around it: the text is not read as a fragment.
    let broken = Self.kscrashEntryInProse.replacingOccurrences(
      of: "\"pid\" : 4624,", with: "\"pid\" : 4624,\nThe pid is the tunnel's.")
    #expect(JetsamFragmentReader.read(SourceText(text: broken), proseAround: true) == nil)
  }
}
