import BglogTestSupport
import Testing

@testable import BglogKit

/// Console defects 4, 5, 6, 8 and 9 of the session-10b review (`/work/review-inputs-s10b/FINDINGS.md`). The pastes
/// there are for review only, never fixtures (their licences are not checked): the real lines are quoted here with
/// their source (that folder's SOURCES.md gives each one's page); texts marked SYNTHETIC are built from real lines
/// and say how.
@Suite struct SessionElevenRecogniserTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #4 runningboardd's `termination reported by launchd (2, 9, 9)`: SIGKILL is a kill

  /// Developer notes on a JIT helper's end ("playport", markdown; review file `playport-notes-…-2-9-9-…log`), the
  /// fenced lines as pasted (`HH:MM:SS.ffff process  message`, the author's `...` in the bundles). Before: the app's
  /// line was `crashed · exited: signal SIGKILL(9)`; SIGKILL is sent by another process, never a fault of the app's.
  static let playport = """
    13:19:10.3840 PlayportJIT    (helper's own file) SIGTERM received (ignored)
    13:19:10.3857 runningboardd  [app<...playport>:13846] termination reported by launchd (2, 9, 9)
    13:19:10.3861 runningboardd  Removing launch job for: [app<...playport>:13846]
    13:19:10.3863 runningboardd  <OSLaunchdJob | handle=...>: remove succeeded
    13:19:10.3950 PlayportJIT    (helper's own file) tick 43 since-host-gone=23ms: the last line
    13:19:10.4406 runningboardd  xpcservice<...PlayportJIT([app<...>:13846])>:13849 termination reported by launchd (2, 9, 9)

    """

  @Test func sigkillReportedByLaunchdIsAKillNotACrash() throws {
    let result = Self.timeline(Self.playport)
    let app = try #require(result.apps.first { $0.bundleID == "...playport" })
    let end = try #require(app.events.first { $0.pid == 13846 })
    #expect(end.kind == .killed)
    #expect(end.detail == "killed by SIGKILL(9); the line does not say which process sent it")
    #expect(app.processes.first { $0.pid == 13846 }?.endedBy == .killed)
    // No jetsam, watchdog or force-quit claim: no line says who sent the signal.
    #expect(app.findings.isEmpty)
    // The helper's end says the same, and stays the helper's.
    let helper = try #require(result.apps.flatMap(\.events).first { $0.pid == 13849 })
    #expect(helper.kind == .childProcessEnded)
    #expect(helper.detail.contains("ended: killed by SIGKILL(9)"))
  }

  /// The fault signals stay crashes, SIGTERM is a kill, and SpringBoard's exit context for the same end is said in
  /// the same words (so the analyser keeps one event): `(2, 6, 6)` then `domain:signal(2) code:SIGABRT(6)` is the
  /// pair the shared corpus' juniper logs show (``LaunchdTermination``).
  @Test func signalsSentByAnotherProcessAreKillsFaultsAreCrashes() {
    for (code, kind) in [
      (9, TimelineEvent.Kind.killed), (15, .killed), (4, .crashed), (5, .crashed), (6, .crashed), (8, .crashed),
      (10, .crashed), (11, .crashed), (12, .crashed),
    ] {
      let read = LaunchdTermination.read("(2, \(code), \(code))")
      #expect(read?.kind == kind, "signal \(code)")
      let springBoard = TimelineEventRecognizer.exitReason(
        "Process exited: <RBSProcessExitContext| voluntary status:<RBSProcessExitStatus| domain:signal(2) code:"
          + "\(LaunchdTermination.signalName(code))>>")
      #expect(springBoard.0 == read?.kind && springBoard.1 == read?.detail, "signal \(code)")
    }
    #expect(LaunchdTermination.read("(2, 6, 6)")?.detail == "exited: signal SIGABRT(6)")
  }

  /// SYNTHETIC: the playport app line, then SpringBoard's exit context for the same pid a few ms later (the
  /// juniper pair's shape with SIGKILL): one kill, not a kill and a crash.
  @Test func runningBoardAndSpringBoardSayOneSigkill() throws {
    let text = """
      13:19:10.3857 runningboardd  [app<...playport>:13846] termination reported by launchd (2, 9, 9)
      13:19:10.3900 SpringBoard  [app<...playport>:13846] Process exited: <RBSProcessExitContext| voluntary status:<RBSProcessExitStatus| domain:signal(2) code:SIGKILL(9)>>

      """
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.map(\.kind) == [.killed])
  }
}
