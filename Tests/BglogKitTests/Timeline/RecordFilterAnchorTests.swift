import Foundation
import Testing

@testable import BglogKit

/// The record filter skips a system writer's substring searches when the message holds no anchor of
/// ``MessageRecognizers/filterScanner`` (``TimelineRecordFilter``'s `holdsAnchor`). That is only right
/// while every word those searches look for is, or holds, one of
/// ``TimelineEventRecognizer/writerAnchors``: these real messages hold each of them once, and the
/// filter must want every one, whether the anchor test was done ahead (`anchors`) or not.
@Suite struct RecordFilterAnchorTests {
  /// (process, message): one real message for each word the system writers' branches search for.
  static let wanted: [(String, String)] = [
    // runningboardd (tristanheilman's Console.app copy, rnbg #1860; the WebKit lines of the same thread).
    ("runningboardd", "Assertions for process will expire soon: [application<com.wridz.app>:5560]"),
    ("runningboardd", "[xpcservice<com.apple.WebKit.WebContent([application<com.xxx.xxx>:716])>:720] Suspending task."),
    ("runningboardd", "[application<com.company.appname>:2583] Resuming task."),
    (
      "runningboardd",
      "[xpcservice<com.apple.WebKit.WebContent([application<com.xxx.xxx>:716])>:720:720] termination reported by launchd (0, 0, 0)"
    ),
    // SpringBoard (the seeds' Bootstrapping line; a Flutter issue's open request; an iPad exit).
    ("SpringBoard", "Bootstrapping com.mycompany.backgrounddemo with intent background"),
    (
      "SpringBoard",
      "[FBSystemService][0x7f7e] Received request to open \"com.example.helloFlutter\" from debugserver:1461."
    ),
    (
      "SpringBoard",
      "[application<com.REDACTED>:796] Process exited: <FBProcessExitContext; watchdog (\"watchdog provision violated\")>."
    ),
    // assertiond: the seeds' lines with the app's name given an accent (not verbatim), so that the
    // branch for text that is not plain ASCII, which searches the whole message, is taken.
    ("assertiond", "[Démo:12636] Setting up BG permission check timer for 30s"),
    ("assertiond", "[Démo:12648] Sending background permission expiration warning!"),
    (
      "assertiond",
      "[Démo:12648] Forcing crash report with description: Démo:12648 has active assertions beyond permitted time"
    ),
  ]

  static func mayMatter(_ process: String, _ message: String, anchorsAhead: Bool) -> Bool {
    let filter = TimelineRecordFilter(options: TimelineOptions())
    var process = process
    var message = message
    return process.withUTF8 { process in
      message.withUTF8 { message in
        let plain = process.allSatisfy { $0 < 0x80 } && message.allSatisfy { $0 < 0x80 }
        let anchors = anchorsAhead ? MessageRecognizers.filterScanner.containsAny(message) : nil
        return filter.mayMatter(
          process: process, message: message, plain: plain, states: AppStateMemory(), anchors: anchors)
      }
    }
  }

  @Test func everySystemWriterWordIsWantedWithTheAnchorTestDoneAheadOrNot() {
    for (process, message) in Self.wanted {
      #expect(Self.mayMatter(process, message, anchorsAhead: true), "\(process): \(message)")
      #expect(Self.mayMatter(process, message, anchorsAhead: false), "\(process): \(message)")
    }
  }

  /// The other side: a runningboardd line with none of its words, and no anchor, is not wanted.
  @Test func aRunningboarddLineWithoutAnchorIsNotWanted() {
    let message = "[app<com.example.Podcasts>:5076] Ignoring jetsam update because this process is not memory-managed"
    #expect(!Self.mayMatter("runningboardd", message, anchorsAhead: true))
    #expect(!Self.mayMatter("runningboardd", message, anchorsAhead: false))
  }
}
