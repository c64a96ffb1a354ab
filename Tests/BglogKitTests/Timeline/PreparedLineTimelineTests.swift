import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Lines whose header and content hash were worked out ahead (``PreparedLine``, on the pipelined
/// reader's thread) build exactly the timeline of lines read the ordinary way: continuation lines,
/// duplicates, text that is not ASCII, markers and state lines included.
@Suite struct PreparedLineTimelineTests {
  static func build(_ text: String, prepared: Bool) throws -> TimelineResult {
    let options = TimelineOptions(markers: [try TimelineMarker(argument: "added=hello 添加下载任务")])
    var builder = TimelineBuilder(options: options)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(line)
      line.withUTF8 { bytes in
        let ascii = bytes.allSatisfy { $0 < 0x80 }
        builder.consume(
          lineBytes: bytes, isASCII: ascii, prepared: prepared ? PreparedLine(bytes, isASCII: ascii) : nil)
      }
    }
    return builder.finish()
  }

  @Test func preparedLinesBuildTheSameTimeline() throws {
    for path in Fixtures.files(in: "console", extensions: ["log"]) {
      let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
      #expect(try Self.build(text, prepared: true) == Self.build(text, prepared: false), "\(path)")
    }
    // Duplicates, a continuation line (the first line's hash no longer applies), non-ASCII text.
    let lines = [
      "17:00:00    assertiond  [Demo:12] Add assertion: <BKProcessAssertion: 0x1; id: 12-0; name: \"a\"; state: active; reason: finishTask; duration: 180.0s>",
      "17:00:00    assertiond  [Demo:12] Add assertion: <BKProcessAssertion: 0x1; id: 12-0; name: \"a\"; state: active; reason: finishTask; duration: 180.0s>",
      "17:00:01    Demo        hello 添加下载任务",
      "17:00:01    Demo        hello 添加下载任务",
      "    continued",
      "17:00:02    SpringBoard Application process state changed for com.x.Demo: <SBApplicationProcessState: 0x2; pid: 12; taskState: Running; visibility: Background>",
      "17:00:03    Demo        Created background task <private>.",
      "17:00:03    Demo        Created background task <private>.",
      "\tmore",
      // The clock goes back: a pasted copy.
      "17:00:00    assertiond  [Demo:12] Add assertion: <BKProcessAssertion: 0x1; id: 12-0; name: \"a\"; state: active; reason: finishTask; duration: 180.0s>",
    ]
    let result = try Self.build(lines.joined(separator: "\n"), prepared: true)
    #expect(try result == Self.build(lines.joined(separator: "\n"), prepared: false))
    #expect(result.statistics.duplicates == 1)
    // Two background tasks created in one second are two (issue 16 item 9).
    let started = result.apps.flatMap(\.events).filter { $0.kind == .backgroundTaskStarted }
    #expect(started.map(\.line) == [7, 8])
  }

  /// ``PreparedLine/anchors`` is the record filter's last test on the line's message (the parser's
  /// thread takes it instead of scanning again), for every line of the console fixtures that has a
  /// header in the `HH:MM:SS  process  message` layout, and for lines built to hold an anchor or not.
  @Test func anchorsAreTheFiltersOwnTest() throws {
    var lines: [String] = []
    for path in Fixtures.files(in: "console", extensions: ["log"]) {
      let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
      lines += text.split(separator: "\n").map(String.init)
    }
    lines += [
      "17:00:03    Demo        Created background task <private>.",
      "17:00:03    kernel      AppleKeyStore:Sending lock change 13248078 for handle 0",
    ]
    var withAnchor = 0
    var checked = 0
    for text in lines {
      var line = text
      line.withUTF8 { bytes in
        let prepared = PreparedLine(bytes, isASCII: bytes.allSatisfy { $0 < 0x80 })
        guard let header = prepared.header else { return }
        let expected = MessageRecognizers.filterScanner.containsAny(
          UnsafeBufferPointer(rebasing: bytes[header.messageStart...]))
        #expect(prepared.anchors == expected, "\(text)")
        checked += 1
        if expected { withAnchor += 1 }
      }
    }
    #expect(checked > 2)
    #expect(withAnchor > 0)
    #expect(withAnchor < checked)
  }
}
