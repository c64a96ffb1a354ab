import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Lines whose ``ConsoleByteHeader`` was read ahead (``PreparedHeader``, on the pipelined reader's
/// thread) build exactly the timeline of lines read the ordinary way, whatever layout they were
/// prepared for: the parser uses a prepared header only when it was read for the layout it reads.
@Suite struct PreparedHeaderTimelineTests {
  static let byteLayouts: [ConsoleLayout] = ConsoleLayout.allCases.filter { ConsoleByteHeader.reads($0) }

  /// The timeline of `text`, each line prepared for `layout` (or not prepared).
  static func build(_ text: String, preparedFor layout: ConsoleLayout?) throws -> TimelineResult {
    let options = TimelineOptions(markers: [try TimelineMarker(argument: "added=hello 添加下载任务")])
    var builder = TimelineBuilder(options: options)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(line)
      line.withUTF8 { bytes in
        let ascii = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        guard let layout else {
          builder.consume(lineBytes: bytes, isASCII: ascii, prepared: nil)
          return
        }
        var header = PreparedHeader(bytes, isASCII: ascii, layout: layout)
        withUnsafePointer(to: &header) { header in
          builder.consume(lineBytes: bytes, isASCII: ascii, prepared: PreparedLine(byteHeader: header))
        }
      }
    }
    return builder.finish()
  }

  @Test func preparedHeadersBuildTheSameTimelineForEveryLayoutTheyWerePreparedFor() throws {
    let paths = Fixtures.files(in: "console", extensions: ["log", "json"])
    #expect(paths.count > 40)
    for path in paths {
      let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
      let plain = try Self.build(text, preparedFor: nil)
      for layout in Self.byteLayouts {
        #expect(try Self.build(text, preparedFor: layout) == plain, "\(path) prepared for \(layout)")
      }
    }
  }

  /// ``TimelineBuilder/build`` with ``TimelineBuilder/borrowsLines``: the lines of each batch of
  /// `batchSize` lie side by side in one buffer, which is overwritten with `0xFF` right after
  /// ``TimelineBuilder/ownLines()`` (as the reader thread reuses a chunk), so a record read from a line
  /// it no longer owns would change the timeline.
  static func buildBorrowing(_ text: String, batchSize: Int) throws -> TimelineResult {
    let options = TimelineOptions(markers: [try TimelineMarker(argument: "added=hello 添加下载任务")])
    var builder = TimelineBuilder(options: options)
    builder.borrowsLines = true
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
    var start = 0
    while start < lines.count {
      let batch = lines[start..<min(start + batchSize, lines.count)]
      var buffer = batch.flatMap { $0 }
      buffer.withUnsafeMutableBufferPointer { buffer in
        var offset = 0
        for line in batch {
          let bytes = UnsafeBufferPointer(rebasing: buffer[offset..<offset + line.count])
          builder.consume(lineBytes: bytes, isASCII: bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }, prepared: nil)
          offset += line.count
        }
        builder.ownLines()
        for index in buffer.indices { buffer[index] = 0xFF }
      }
      start += batchSize
    }
    return builder.finish()
  }

  @Test func borrowedLinesBuildTheSameTimeline() throws {
    let paths = Fixtures.files(in: "console", extensions: ["log", "json"])
    #expect(paths.count > 40)
    for path in paths {
      let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
      let plain = try Self.build(text, preparedFor: nil)
      for batchSize in [1, 2, 3, 7, 1000] {
        #expect(try Self.buildBorrowing(text, batchSize: batchSize) == plain, "\(path) in batches of \(batchSize)")
      }
    }
  }

  @Test func theCompactHeaderIsTheHeaderRead() throws {
    // Every line of every fixture, read in every byte layout: the compact form gives back what
    // ``ConsoleByteHeader`` reads, field by field, and the content hash of the line's process and message.
    var headers: [ConsoleLayout: Int] = [:]
    // No fixture is `log show --style ndjson`: synthetic objects in the shape the bench writes, one with
    // escapes in its message (no content hash), one indented, one with its pid as a string.
    let ndjson = [
      #"{"timestamp": "2019-07-15 17:00:00.000001+0800", "processImagePath": "/usr/libexec/kernel", "processID": 2771, "messageType": "Default", "eventMessage": "AppleKeyStore:Sending lock change 13248078 for handle 0"}"#,
      #"{"timestamp": "2019-07-15 17:00:00.002060+0800", "processImagePath": "\/usr\/libexec\/assertiond", "processID": 2229, "messageType": "Default", "eventMessage": "[Health:2229] Remove assertion: <BKProcessAssertion: 0x1009df154; name: \"com.apple.example.audio\">"}"#,
      #"  {"timestamp": "2019-07-15 17:00:01.000000+0800", "processImagePath": "/usr/libexec/kernel", "processID": 1, "eventMessage": "indented"}"#,
      #"{"timestamp": "2019-07-15 17:00:02.000000+0800", "processImagePath": "/usr/libexec/kernel", "processID": "1", "eventMessage": "pid as a string"}"#,
    ].joined(separator: "\n")
    let texts =
      try Fixtures.files(in: "console", extensions: ["log", "json"]).map {
        ($0, String(decoding: try Fixtures.bytes($0), as: UTF8.self))
      } + [("synthetic ndjson", ndjson)]
    for (path, text) in texts {
      for textLine in text.split(separator: "\n") {
        var line = String(textLine)
        line.withUTF8 { bytes in
          let ascii = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
          for layout in Self.byteLayouts {
            let prepared = PreparedHeader(bytes, isASCII: ascii, layout: layout)
            let read = ascii ? ConsoleByteHeader.read(bytes, layout: layout) : nil
            switch prepared.state {
            case .notPrepared: #expect(!ascii, "\(path): \(textLine)")
            case .noHeader: #expect(read == nil)
            case .header:
              headers[layout, default: 0] += 1
              guard let read else {
                Issue.record("\(path): prepared a header ConsoleByteHeader does not read")
                return
              }
              let header = prepared.header
              #expect(header.secondsOfDay.bitPattern == read.secondsOfDay.bitPattern)
              #expect(header.date == read.date)
              #expect(header.utcOffsetSeconds == read.utcOffsetSeconds)
              #expect(header.pid == read.pid)
              #expect(header.process == read.process)
              #expect(header.messageStart == read.messageStart)
              #expect(header.messageEnd == read.messageEnd)
              #expect(header.messageEscaped == read.messageEscaped)
              #expect(header.library == read.library)
              #expect(header.subsystem == read.subsystem)
              #expect(header.category == read.category)
              #expect(header.level == read.level)
              // The content hash and the record filter's anchor test are done ahead for every message
              // that is the line's bytes as they are (not an escaped ndjson string).
              let message = UnsafeBufferPointer(rebasing: bytes[read.messageStart..<(read.messageEnd ?? bytes.count)])
              #expect(prepared.hasContentHash == !read.messageEscaped)
              #expect(
                prepared.anchors == (read.messageEscaped ? nil : MessageRecognizers.filterScanner.containsAny(message)))
              // Without the scans (the reader thread busier than the parser's), neither is.
              let unscanned = PreparedHeader(bytes, isASCII: ascii, layout: layout, scans: false)
              #expect(unscanned.state == .header && !unscanned.hasContentHash && unscanned.anchors == nil)
              if prepared.hasContentHash {
                #expect(
                  prepared.contentHash
                    == ConsoleLogParser.contentHash(
                      process: UnsafeBufferPointer(rebasing: bytes[read.process]), message: message, ascii: true))
              }
            }
          }
        }
      }
    }
    // Each layout's own fixtures give it headers to compare.
    for layout in Self.byteLayouts { #expect(headers[layout, default: 0] >= 3, "\(layout): \(headers)") }
  }

  @Test func aPidPastThirtyTwoBitsIsPreparedAsRead() {
    // A pid past 32 bits (the `log show` default layout writes the pid as a number of any length): the
    // prepared header is the header as read (an earlier compact form left such lines to the parser).
    var line =
      "2020-08-03 21:59:36.366208+0800 0x202      Default     0x0                  99999999999      0    kernel: a message"
    line.withUTF8 { bytes in
      guard let read = ConsoleByteHeader.read(bytes, layout: .logShow) else {
        Issue.record("the line is a log show header")
        return
      }
      #expect(read.pid == 99_999_999_999)
      let prepared = PreparedHeader(bytes, isASCII: true, layout: .logShow)
      #expect(prepared.state == .header)
      #expect(prepared.header.pid == 99_999_999_999)
    }
  }

}

/// The whole pipeline (reader thread, layout hint, prepared headers) on a file large enough for the hint
/// to arrive: the timeline is the one read on one thread, line after line, with damaged lines among them.
@Suite struct PipelinedHeaderTests {
  /// The layouts `lines(count:layout:)` writes, each as the bench writes it (Scripts/bench `render`).
  static let layouts: [ConsoleLayout] = [.consoleApp, .xcode, .logShow, .logShowNDJSON, .idevicesyslog]

  /// One record's header and message in `layout`.
  static func line(_ layout: ConsoleLayout, seconds: Int, micros: Int, process: String, pid: Int, message: String)
    -> String
  {
    let clock = "17:\(String(format: "%02d:%02d", seconds / 60 % 60, seconds % 60))"
    let time = clock + ".\(String(format: "%06d", micros))+0800"
    switch layout {
    case .xcode: return "2019-07-15 \(time) \(process)[\(pid):\(7000 + pid)] \(message)"
    case .logShow:
      return "2019-07-15 \(time) 0x28ee     Default     0x0                  \(pid)    0    \(process): \(message)"
    case .logShowNDJSON:
      let escaped = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      return
        "{\"timestamp\": \"2019-07-15 \(time)\", \"processImagePath\": \"/usr/libexec/\(process)\", "
        + "\"processID\": \(pid), \"messageType\": \"Default\", \"eventMessage\": \"\(escaped)\"}"
    case .idevicesyslog: return "Jul 15 \(clock) iPhone \(process)[\(pid)] <Notice>: \(message)"
    default: return "default\t\(time)\t\(process)\t\(message)"
    }
  }

  static func lines(count: Int, layout: ConsoleLayout = .consoleApp) -> String {
    var generator = SplitMix64(state: 0x5E55_1060)
    var text = ""
    for index in 0..<count {
      let seconds = index / 100
      let (process, message): (String, String)
      switch index % 3 {
      case 0: (process, message) = ("kernel", "AppleKeyStore:Sending lock change \(index) for handle 0")
      case 1:
        (process, message) = (
          "assertiond",
          "[Demo:\(2000 + index % 7)] Remove assertion: <BKProcessAssertion: 0x1\(index); id: 2229-0; "
            + "name: \"com.apple.example.audio\"; state: active; reason: audio; duration: 180.0s>"
        )
      default: (process, message) = ("SpringBoard", "something \(index)")
      }
      var line = Self.line(
        layout, seconds: seconds, micros: index % 1_000_000, process: process, pid: 2000 + index % 7, message: message)
      switch generator.next() % 40 {
      case 0: line = String(line.prefix(Int(generator.next() % 60)))  // cut
      case 1: line = "  " + line  // indented
      case 2: line = line.replacingOccurrences(of: "\t", with: "  ")  // tabs turned to spaces
      case 3: line += "\r"  // a carriage return
      case 4: line = "caf\u{E9} " + line  // other than ASCII
      case 5: line = "\tcontinued \(index)"  // a continuation line
      default: break
      }
      text += line + "\n"
    }
    return text
  }

  /// The reader thread's share of the preparing moves with the threads' waits (``LineBatchQueue``): at
  /// every share, fixed, and moving, each layout's file gives the timeline read on one thread.
  @Test(arguments: layouts)
  func aLargeFileReadsTheSameOnOneThreadAndOnTwoWhateverTheReaderPrepares(layout: ConsoleLayout) throws {
    let text = Self.lines(count: 25_000, layout: layout)
    #expect(text.utf8.count > 3 * LineBatch.targetSize * 3)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-pipelined-\(UUID().uuidString).log")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let input = InputFile(path: url.path)
    var oneThread = TimelineBuilder()
    try LineStream.forEachLineBytesPipelined(input, readerThread: false) { line, isASCII, prepared in
      oneThread.consume(lineBytes: line, isASCII: isASCII, prepared: prepared)
    }
    let expected = oneThread.finish()
    #expect(expected.layout == layout)
    #expect(expected.apps.isEmpty == false)
    for share in [nil, 0, 3, 8, 13, LineBatchQueue.fullShare] {
      var twoThreads = TimelineBuilder()
      var prepared = 0
      try withUnsafeMutablePointer(to: &twoThreads) { builder throws(InputError) in
        try LineStream.forEachLineBytesPipelined(
          input, prepare: true, layoutHint: { builder.pointee.layout }, readerShare: share
        ) { line, isASCII, preparedLine in
          if preparedLine?.byteHeader != nil { prepared += 1 }
          builder.pointee.consume(lineBytes: line, isASCII: isASCII, prepared: preparedLine)
        }
      }
      #expect(twoThreads.finish() == expected, "share \(share.map(String.init) ?? "moving")")
      // The hint arrived: most lines were prepared when the reader reads headers (on a one-core machine
      // nothing is, and the run is still compared above); none when it only splits lines.
      guard ProcessInfo.processInfo.activeProcessorCount > 1, let share else { continue }
      if share >= 8 { #expect(prepared > 10_000, "share \(share)") }
      if share == 0 { #expect(prepared == 0) }
    }
  }
}
