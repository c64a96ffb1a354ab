import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Reader defect 1 of the session-9b review (`/work/review-inputs-s9b/FINDINGS.md`): idevicesyslog's lines without
/// the month and day (`HH:MM:SS device sender[pid] <Level>: …`) were read as `HH:MM:SS  process  message`, which took
/// the device name for the process. Real lines quoted with their source; DERIVED texts say what they change.
@Suite struct TimeOnlySyslogTests {
  /// libimobiledevice/libimobiledevice PR #185 (patweb, 2015-03-11, description; LGPL-2.1 repository), the log as
  /// the review stored it, cut after the kernel line.
  static let pr185 = """
    12:35:58 iPhone-702 com.apple.debugserver-300.2[6655] <Warning>: debugserver-300.2 for armv7.
    12:35:58 iPhone-702 com.apple.debugserver-300.2[6655] <Warning>: Connecting to com.apple.debugserver service...
    12:35:58 iPhone-702 com.apple.debugserver-300.2[6655] <Warning>: About to launch process for bundle ID: com.domain.subdomain
    12:35:58 iPhone-702 kernel[0] <Debug>: launchd[6656] Container: /private/var/mobile/Applications/9B294CAD-5935-48E1-8ADA-76C7417C8735 (sandbox)

    """

  /// Before: `time-process-message`, every record's process `iPhone-702`.
  @Test func theSenderAfterTheDeviceIsTheProcess() throws {
    let (entries, statistics, layout) = ConsoleReading.read(Self.pr185)
    #expect(layout == .idevicesyslog)
    #expect(
      entries.map(\.process) == [
        "com.apple.debugserver-300.2", "com.apple.debugserver-300.2", "com.apple.debugserver-300.2", "kernel",
      ])
    #expect(entries.map(\.pid) == [6655, 6655, 6655, 0])
    #expect(entries.map(\.level) == ["Warning", "Warning", "Warning", "Debug"])
    #expect(entries.allSatisfy { $0.timestamp?.secondsOfDay == 45358 && $0.timestamp?.date == nil })  // 12:35:58
    #expect(entries[2].message == "About to launch process for bundle ID: com.domain.subdomain")
    #expect(entries[3].message.hasPrefix("launchd[6656] Container: /private/var/mobile/Applications/"))
    #expect(statistics.unknownLines == 0 && statistics.continuationLines == 0)
  }

  /// DERIVED (the review's probe: PR #185's shape with a runningboardd line, app and pid of the same log): the
  /// event's lane is runningboardd, not the device (before: lane `iPhone-702`).
  @Test func aRunningBoardLineOfThatShapeIsRunningBoards() throws {
    let text =
      "12:35:58 iPhone-702 runningboardd(RunningBoard)[60] <Notice>: [application<com.domain.subdomain>:6656]"
      + " termination reported by launchd (2, 9, 9)\n"
    let result = TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
    let app = try #require(result.apps.first)
    let event = try #require(app.events.first)
    #expect(event.lane == "runningboardd" && event.pid == 6656)
  }

  /// The `HH:MM:SS  process  message` layout keeps its own lines (the seed's `18:05:17    assertiond  [BackgroundDemo:
  /// 12636] …`), and a time-only line without a `<Level>:` after `name[pid]` is not idevicesyslog's.
  @Test func otherTimedLinesStayTimeProcessMessage() {
    for line in [
      "18:05:17    assertiond  [BackgroundDemo:12636] Setting up BGTask",
      "12:35:58 iPhone-702 kernel[0] launchd[6656] Container",
      "12:35:58 iPhone-702 kernel[0] <Debug> launchd[6656] Container",
    ] {
      let (entries, _, layout) = ConsoleReading.read(line + "\n")
      #expect(layout == .timeProcessMessage, "\(line)")
      #expect(entries.count == 1)
    }
  }
}
