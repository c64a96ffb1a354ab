import BglogTestSupport
import Testing

@testable import BglogKit

/// Timeline defects of the session-12b fresh-eyes review (`/work/review-inputs-s12b/FINDINGS.md`). The pastes'
/// licences are not known, so their lines are quoted here with their sources, not added as fixtures; texts marked
/// SYNTHETIC are built from real lines and say how.
@Suite struct SessionTwelveBReviewTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: Defect 1: runningboardd's `(15, 3135099228, 9)`

  /// github.com/Ranchero-Software/NetNewsWire/issues/4045 (turn 0, tungol; macOS Console.app rows): the first two
  /// rows of the paste as the review saved it (`17-netnewswire4045-macos-launchd-15-baddd15c.log`).
  static let netNewsWire4045 = """
    default	17:01:03.263457-0700	runningboardd	[app<application.com.ranchero.NetNewsWire-Evergreen.37800008.37800023(501)>:78630] termination reported by launchd (15, 3135099228, 9)
    default	17:01:03.263498-0700	runningboardd	Removing process: [app<application.com.ranchero.NetNewsWire-Evergreen.37800008.37800023(501)>:78630]

    """

  /// Namespace 15 is RUNNINGBOARD, 3135099228 is 0xbaddd15c (disk-space-reclaim) and the wait status 9 SIGKILL: said
  /// as launchd's own `exited with exit reason (namespace: 15 code: 0xbaddd15c)` line is, with a high finding.
  /// Before: `killed: exit reason namespace 15 3135099228`, no finding.
  @Test func runningboardNamespace15IsDecodedAsLaunchdsLineIs() throws {
    let app = try #require(Self.timeline(Self.netNewsWire4045).apps.first)
    #expect(app.bundleID == "com.ranchero.NetNewsWire-Evergreen")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events.first?.pid == 78630)
    #expect(
      app.events.first?.detail
        == "killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: killed to reclaim disk space); SIGKILL(9) "
        + "(launchd 15, 3135099228, 9)")
    #expect(app.findings.map(\.kind) == [.diskSpaceReclaim])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .high)
    #expect(finding.summary.contains("0xbaddd15c"))
    #expect(finding.summary.contains("reclaim disk space"))
    #expect(finding.evidence.map(\.line) == [1])
  }

  /// The decimal code and the wait status alone; another RunningBoard code that names no kind keeps its hex; a wait
  /// status with no signal adds none.
  @Test func runningboardNamespace15Numbers() {
    #expect(
      LaunchdTermination.read("(15, 3135099228, 9)")?.detail
        == "killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: killed to reclaim disk space); SIGKILL(9) "
        + "(launchd 15, 3135099228, 9)")
    #expect(LaunchdTermination.read("(15, 3135099228, 9)")?.kind == .killed)
    #expect(LaunchdTermination.read("(15, 0, 0)")?.detail == "killed: RUNNINGBOARD 0x0 (launchd 15, 0, 0)")
    // Namespaces other than 0, 1, 2 and 15 keep the exit context's words (`(11, 0, 6)` then `domain:tcc(11)`).
    #expect(LaunchdTermination.read("(11, 0, 6)")?.detail == "killed: tcc 0")
  }

  /// bitsplitting.org/?p=1387 (Daniel Jalkut, MarsEdit; macOS `launchd.log`): launchd's own line for the same kind of
  /// kill gives the same finding (before: no finding for either).
  @Test func launchdsExitReasonLineGivesTheSameFinding() throws {
    let text =
      "2022-05-03 09:15:22.088718 (gui/501/application.com.red-sweater.marsedit4.384452971.384452977 [13840]): "
      + "exited with exit reason (namespace: 15 code: 0xbaddd15c) - OS_REASON_RUNNINGBOARD | <RBSTerminateContext| "
      + "code:0xBADDD15C\n"
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.first?.detail.hasPrefix("killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: ") == true)
    #expect(app.findings.map(\.kind) == [.diskSpaceReclaim])
    #expect(app.findings.first?.confidence == .high)
  }

  /// A RunningBoard kill whose code names no kind (sweetpad's `code: 0x0`) gives no disk-space finding: the kind
  /// comes from the code, not from the namespace.
  @Test func anotherRunningBoardCodeGivesNoDiskSpaceFinding() {
    let text = Self.netNewsWire4045.replacingOccurrences(of: "(15, 3135099228, 9)", with: "(15, 0, 9)")
    let app = Self.timeline(text).apps.first
    #expect(app?.events.first?.detail == "killed: RUNNINGBOARD 0x0; SIGKILL(9) (launchd 15, 0, 9)")
    #expect(app?.findings.isEmpty == true)
  }
}
