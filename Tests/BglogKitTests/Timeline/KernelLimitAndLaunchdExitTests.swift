import BglogTestSupport
import Testing

@testable import BglogKit

/// Review s6b: the kernel's memory-limit line that names no process, and launchd's exit-reason line.
/// The pastes' licences are not known (getlantern/radiance #595, bitsplitting.org/?p=1387), so they are
/// not fixtures: the texts below are built from the recognisers' own real examples, in the pastes'
/// order, and the ones marked SYNTHETIC put real lines of different pastes together.
@Suite struct KernelLimitAndLaunchdExitTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  /// radiance #595 (its lines 3 and 4): the limit line names no process, the kill 3 ms later does, and
  /// its footprint, 51200 KB, is the 50 MB limit. Before: `jetsam-in-background` (medium) with advice
  /// to free caches in applicationDidEnterBackground.
  @Test func namelessActiveHardLimitJoinsTheKillAfterIt() throws {
    let result = Self.timeline(
      """
      16:12:49.226  kernel: memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)
      16:12:49.229  kernel: killing_specific_process pid 1879 [Tunnel] ... 51200KB

      """)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "Tunnel")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].pid == 1879)
    #expect(app.events[0].line == 2)
    #expect(
      app.events[0].detail
        == "killed by jetsam (?), exceeded mem limit: ActiveHard 50 MB (fatal); "
        + KernelJetsamRecognizers.namelessLimitNote + "; " + KernelJetsamRecognizers.footprintNote + " (51200KB)")
    #expect(app.findings.map(\.kind) == [.memoryLimitKill])
    let finding = app.findings[0]
    #expect(finding.confidence == .high)
    #expect(finding.summary.contains("(ActiveHard 50 MB (fatal))"))
    #expect(finding.summary.contains("not a background kill"))
    #expect(finding.summary.contains("The limit line names no process"))
    #expect(finding.advice?.contains("applicationDidEnterBackground") == false)
  }

  /// SYNTHETIC (radiance #595's nameless limit line, then pythonista #405's kill line, which gives no
  /// footprint): the join is by order alone, so the finding is medium.
  @Test func namelessLimitWithoutTheFootprintIsMedium() throws {
    let app = try #require(
      Self.timeline(
        """
        memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)
        kernel[0] <Notice>: 399243.947 memorystatus: killing_specific_process pid 2776 [Pythonista3] (per-process-limit 10) - memorystatus_available_pages: 42511

        """
      ).apps.first)
    #expect(app.events[0].detail.contains(KernelJetsamRecognizers.namelessLimitNote))
    #expect(!app.events[0].detail.contains(KernelJetsamRecognizers.footprintNote))
    #expect(app.findings.map(\.kind) == [.memoryLimitKill])
    #expect(app.findings[0].confidence == .medium)
  }

  /// SYNTHETIC (radiance #595's nameless limit line, Saar Amar's zone-map kill, radiance's kill line):
  /// another kill between them drops the nameless limit: the later kill is not given it.
  @Test func anotherKillInBetweenDropsTheNamelessLimit() throws {
    let result = Self.timeline(
      """
      memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)
      328.762 memorystatus: killing_top_process pid 41 [backboardd] (zone-map-exhaustion 17) 34416KB - memorystatus_available_pages: 83242
      killing_specific_process pid 1879 [Tunnel] ... 51200KB

      """)
    let tunnel = try #require(result.apps.first { $0.processName == "Tunnel" })
    #expect(tunnel.events.map(\.detail) == ["killed by jetsam (?)"])
    #expect(!tunnel.findings.contains { $0.kind == .memoryLimitKill })
  }

  /// SYNTHETIC (radiance #595's nameless limit line, community-tc-config #983's limit line of pid 24094,
  /// radiance's kill of pid 1879): a limit line that names a process is joined by its pid only, and it
  /// replaces the nameless one, so the kill of another pid is given neither limit.
  @Test func aNamedLimitJoinsOnlyItsOwnPid() throws {
    let result = Self.timeline(
      """
      memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)
      memorystatus: backgroundtaskmanagementd[24094] exceeded mem limit: InactiveHard 15 MB (fatal)
      killing_specific_process pid 1879 [Tunnel] ... 51200KB

      """)
    let tunnel = try #require(result.apps.first { $0.processName == "Tunnel" })
    #expect(tunnel.events.map(\.detail) == ["killed by jetsam (?)"])
    #expect(!tunnel.findings.contains { $0.kind == .memoryLimitKill })
  }

  /// The nameless limit line alone makes no event (nothing says which process it was).
  @Test func namelessLimitAloneIsNoEvent() {
    let result = Self.timeline("16:12:49.226  kernel: memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)\n")
    #expect(result.apps.allSatisfy { $0.events.isEmpty })
  }

  /// bitsplitting.org/?p=1387: launchd.log's line for MarsEdit, ended by RunningBoard with 0xbaddd15c.
  /// Before: no event, and timeline refused the text (exit 2).
  @Test func launchdExitReasonIsTheAppsEndWithTheCodesKind() throws {
    let result = Self.timeline(
      "2022-05-03 09:15:22.088718 (gui/501/application.com.red-sweater.marsedit4.384452971.384452977 [13840]): "
        + "exited with exit reason (namespace: 15 code: 0xbaddd15c) - OS_REASON_RUNNINGBOARD | <RBSTerminateContext| "
        + "code:0xBADDD15C\n")
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.bundleID == "com.red-sweater.marsedit4")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].pid == 13840)
    #expect(app.events[0].detail.hasPrefix("killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: "))
    #expect(app.events[0].detail.hasSuffix("; launchd's exit reason, namespace 15"))
    #expect(app.processes.first?.endedBy == .killed)
    // Not a jetsam kill, not a memory limit: no finding claims one; the code's own kind is the finding (review s12b
    // defect 1: before, none).
    #expect(app.findings.map(\.kind) == [.diskSpaceReclaim])
  }

  /// launchd labels as real logs and tools give them (sweetpad-dev/sweetpad exits.rs' captured jobs):
  /// an app's LaunchServices or UIKitApplication label names its bundle; a daemon's names none.
  @Test func launchdLabelsNameTheAppsBundle() {
    typealias L = LaunchdExitReason
    #expect(
      L.bundle(
        ofLabel: "application.dev.sweetpad.exitprobe.mac.263468718.263468848.15213BAD-824A-4875-9CD8-39DDC4F69375")
        == "dev.sweetpad.exitprobe.mac")
    #expect(L.bundle(ofLabel: "application.com.cmuxterm.app.243196168.243196175") == "com.cmuxterm.app")
    #expect(
      L.bundle(ofLabel: "UIKitApplication:dev.sweetpad.exitprobe.app[0959][rb-legacy]") == "dev.sweetpad.exitprobe.app")
    #expect(L.bundle(ofLabel: "com.apple.migrationpluginwrapper") == nil)
    #expect(L.bundle(ofLabel: "application.com.example") == nil)
    #expect(
      L.job("(gui/501/application.com.red-sweater.marsedit4.384452971.384452977 [13840]): ")
        == AppSubject(bundle: "com.red-sweater.marsedit4", pid: 13840))
    #expect(L.job("(user/503/com.apple.migrationpluginwrapper [31332]): ") == nil)
  }
}
