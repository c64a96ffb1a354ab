import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `timeline --follow` driven through a real pipe, with the log written in pieces.
@Suite struct TimelineFollowTests {
  /// Waits up to `seconds` for `condition`, polling.
  static func wait(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
  }

  @Test func eventsAndFindingsAppearBeforeTheInputEnds() throws {
    let lines = try Fixtures.source("console/seed000-background-download.log").lines.map { String($0) + "\n" }
    let pipe = Pipe()
    let captured = CapturedIO()
    var followIO = captured.io
    followIO.stdinHandle = { pipe.fileHandleForReading }
    let io = followIO
    let finished = Box<Int32?>(nil)
    Thread.detachNewThread {
      finished.value = BglogCLI.run(arguments: ["timeline", "--follow", "-"], io: io).rawValue
    }
    let writer = pipe.fileHandleForWriting
    // First piece: up to the first forced crash report and its continuation line (lines 1-7),
    // plus line 8, which completes the record of line 6-7.
    writer.write(Data(lines[0..<8].joined().utf8))
    #expect(
      Self.wait(seconds: 10) { captured.out.contains("▶ finding [medium] background-session-completion-not-called") })
    #expect(captured.out.contains("permission-timer"))
    #expect(!captured.out.contains("End of input"))
    #expect(finished.value == nil)
    // Second piece, then the end of the input.
    writer.write(Data(lines[8...].joined().utf8))
    try writer.close()
    #expect(Self.wait(seconds: 10) { finished.value != nil })
    #expect(finished.value == 0)
    let out = captured.out
    #expect(out.contains("▶ finding [high] background-session-completion-not-called"))
    #expect(out.contains("[BackgroundDemo[12648]: killed]"))
    #expect(out.contains("End of input: the summary."))
    // Each finding is announced once, however its wording grows as lines arrive.
    #expect(out.components(separatedBy: "▶ finding [medium] background-session-completion-not-called").count == 2)
  }

  @Test func followRefusesOtherFormats() {
    let result = runBglog(["timeline", "--follow", "--format", "json", "-"])
    #expect(result.status == .usage)
    #expect(result.err.contains("--follow prints text"))
  }
}

/// A value shared with a background thread.
final class Box<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
