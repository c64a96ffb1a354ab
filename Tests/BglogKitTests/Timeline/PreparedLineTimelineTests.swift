import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Lines whose header and content hash were worked out ahead (``PreparedLine``, on the pipelined
/// reader's thread) build exactly the timeline of lines read the ordinary way: continuation lines,
/// duplicates, text that is not ASCII, markers and state lines included.
@Suite struct PreparedLineTimelineTests {
  /// How the lines are handed over: read the ordinary way, prepared, prepared with the builder's
  /// judge, or prepared with the judge of another builder (with other options).
  enum Preparation { case none, prepared, judged, judgedByOther }

  static func build(
    _ text: String, prepared: Bool, options: TimelineOptions? = nil
  ) throws -> TimelineResult {
    try build(text, preparation: prepared ? .prepared : .none, options: options)
  }

  static func build(
    _ text: String, preparation: Preparation, options: TimelineOptions? = nil
  ) throws -> TimelineResult {
    let options = try options ?? TimelineOptions(markers: [TimelineMarker(argument: "added=hello 添加下载任务")])
    var builder = TimelineBuilder(options: options)
    let judge: PreparedLine.Judge? =
      switch preparation {
      case .none, .prepared: nil
      case .judged: builder.preparedLineJudge
      case .judgedByOther: TimelineBuilder().preparedLineJudge
      }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(line)
      line.withUTF8 { bytes in
        let ascii = bytes.allSatisfy { $0 < 0x80 }
        builder.consume(
          lineBytes: bytes, isASCII: ascii,
          prepared: preparation == .none ? nil : PreparedLine(bytes, isASCII: ascii, judge: judge))
      }
    }
    return builder.finish()
  }

  /// The options the judged runs are tried with: `--app` and markers change what the filter refuses.
  static func optionVariants() throws -> [TimelineOptions] {
    let markers = [
      try TimelineMarker(argument: "added=hello 添加下载任务"), try TimelineMarker(argument: "done=finished"),
    ]
    return [
      TimelineOptions(), TimelineOptions(markers: markers), TimelineOptions(app: "Demo"),
      TimelineOptions(app: "com.x.Demo", markers: markers), TimelineOptions(app: "BackgroundDemo", markers: markers),
      TimelineOptions(markers: [try TimelineMarker(argument: "re=fin.*ed")]),
    ]
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
    ]
    let result = try Self.build(lines.joined(separator: "\n"), prepared: true)
    #expect(try result == Self.build(lines.joined(separator: "\n"), prepared: false))
    #expect(result.statistics.duplicates >= 1)
  }

  /// A record refused or let through on the reader thread (``PreparedLine/Verdict``) builds the same
  /// timeline as one the filter judges on the calling thread, whatever the options; a verdict from
  /// another builder's judge is not used.
  @Test func judgedLinesBuildTheSameTimeline() throws {
    var texts = try Fixtures.files(in: "console", extensions: ["log"]).map {
      String(decoding: try Fixtures.bytes($0), as: UTF8.self)
    }
    texts.append(Self.judgedLines.joined(separator: "\n"))
    for options in try Self.optionVariants() {
      for (index, text) in texts.enumerated() {
        let plain = try Self.build(text, preparation: .none, options: options)
        #expect(try Self.build(text, preparation: .judged, options: options) == plain, "\(index) \(options)")
        #expect(try Self.build(text, preparation: .judgedByOther, options: options) == plain, "\(index) \(options)")
      }
    }
  }

  /// Each verdict is the filter's own answer on a fresh state, and SpringBoard's records (which
  /// change the app states) and assertiond's that pass (whose event the store may drop) are left to it.
  @Test func verdictsAgreeWithTheFilter() throws {
    for options in try Self.optionVariants() {
      let filter = TimelineRecordFilter(options: options)
      for text in Self.judgedLines {
        var line = text
        line.withUTF8 { bytes in
          guard let header = ConsoleLogParser.timeProcessMessageHeader(bytes) else { return }
          let process = UnsafeBufferPointer(rebasing: bytes[header.process])
          let message = UnsafeBufferPointer(rebasing: bytes[header.messageStart...])
          let ascii = bytes.allSatisfy { $0 < 0x80 }
          let verdict = filter.verdict(process: process, message: message, plain: ascii)
          let answer = filter.mayMatter(process: process, message: message, plain: ascii, states: AppStateMemory())
          switch verdict {
          case .refused: #expect(!answer, "\(text)")
          case .wanted: #expect(answer, "\(text)")
          case .unknown:
            let process = String(decoding: process, as: UTF8.self)
            #expect(process == "SpringBoard" || process == "FrontBoard" || (process == "assertiond" && answer))
          }
        }
      }
    }
  }

  /// Lines of every process kind the filter tells apart, refused and let through.
  static let judgedLines = [
    "17:00:00    assertiond  [Demo:12] Add assertion: <BKProcessAssertion: 0x1; id: 12-0; name: \"a\"; state: active>",
    "17:00:00    assertiond  [Other:13] Remove assertion: <BKProcessAssertion: 0x1; id: 13-0; name: \"a\">",
    "17:00:00    assertiond  [Demo:12] nothing of interest",
    "17:00:00    assertiond  no bracket Process exited",
    "17:00:01    runningboardd Acquiring assertion targeting [app<com.x.Demo>:12]",
    "17:00:01    runningboardd Something else entirely",
    "17:00:01    runningboardd [app<com.x.Demo>:12] Suspending task",
    "17:00:02    nsurlsessiond [C12] bundle id: com.x.Demo",
    "17:00:02    nsurlsessiond [C12] nothing",
    "17:00:02    kernel      hello 添加下载任务 finished",
    "17:00:03    Demo        Created background task <private>.",
    "17:00:03    Demo        hello 添加下载任务",
    "17:00:03    Demo        finished the work",
    "17:00:03    Demo        Can't end BackgroundTask: no background task exists",
    "17:00:03    Demo        just a line",
    "17:00:03    Démo        hello 添加下载任务 finished",
    "17:00:03    BackgroundDemo handleEventsForBackgroundURLSession called",
    "17:00:03    Other       Created background task <private>.",
    "17:00:04    SpringBoard Application process state changed for com.x.Demo: <SBApplicationProcessState: 0x2; pid: 12; taskState: Running; visibility: Background>",
    "17:00:04    SpringBoard hello 添加下载任务",
    "17:00:04    FrontBoard  Bootstrapping com.x.Demo with intent background",
    "17:00:05    Demo        Created background task <private>.",
    "    a continuation line: Created background task",
    "17:00:06    Demo        just a line",
    "\tfinished, said the continuation",
  ]
}
