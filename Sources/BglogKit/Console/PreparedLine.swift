import Foundation

/// What can be worked out about a line from its bytes alone, ahead of the parser (on the reader thread
/// of ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:layoutHint:readerThread:_:)``): its header
/// in one layout, and the content hash of the record it starts if that record has no continuation lines.
/// The parser uses it only when it reads the line in that same layout; otherwise it works both out
/// itself, so results never depend on it.
public struct PreparedLine: Sendable {
  /// The layout the line was read for: ``ConsoleLayout/timeProcessMessage`` (``header``), or a layout
  /// ``ConsoleByteHeader`` reads (``byteHeader``).
  let layout: ConsoleLayout
  /// The `HH:MM:SS  process  message` header (`nil`: not a record's first line in that layout).
  let header: (time: Double, process: Range<Int>, messageStart: Int)?
  /// For the other layouts: whether the line is ASCII (known, or found so by ``ByteText/isASCII(_:)``).
  let plain: Bool
  /// For the other layouts: ``ConsoleByteHeader/read(_:layout:)`` of a plain line (`nil`: not plain, or
  /// not a header it reads).
  let byteHeader: ConsoleByteHeader?
  /// ``ConsoleLogParser/contentHash(process:message:ascii:)`` of the process and message of this line
  /// (for the other layouts, when the header's message needs no decoding).
  let contentHash: UInt64?

  /// Works it out for `line` in the `HH:MM:SS  process  message` layout (`isASCII`: known to be ASCII).
  public init(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    layout = .timeProcessMessage
    plain = isASCII
    byteHeader = nil
    header = ConsoleLogParser.timeProcessMessageHeader(line)
    if let header {
      contentHash = ConsoleLogParser.contentHash(
        process: UnsafeBufferPointer(rebasing: line[header.process]),
        message: UnsafeBufferPointer(rebasing: line[header.messageStart...]), ascii: isASCII)
    } else {
      contentHash = 0
    }
  }

  /// Works it out for `line` in `layout` (`nil`, or a layout without a byte reader: the
  /// `HH:MM:SS  process  message` layout).
  public init(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, layout: ConsoleLayout?) {
    guard let layout, layout != .timeProcessMessage, ConsoleByteHeader.reads(layout) else {
      self = PreparedLine(line, isASCII: isASCII)
      return
    }
    self.layout = layout
    header = nil
    // As `ConsoleLogParser.consumeBytes` tests and reads a line of these layouts.
    plain = isASCII || ByteText.isASCII(line)
    byteHeader = plain ? ConsoleByteHeader.read(line, layout: layout) : nil
    if let byteHeader, !byteHeader.messageEscaped {
      // The record's process and message: the line's own ranges (ndjson: the `eventMessage` string,
      // copied as it is when it holds no escapes).
      let end = byteHeader.messageEnd ?? line.count
      contentHash = ConsoleLogParser.contentHash(
        process: UnsafeBufferPointer(rebasing: line[byteHeader.process]),
        message: UnsafeBufferPointer(rebasing: line[byteHeader.messageStart..<end]), ascii: true)
    } else {
      contentHash = nil
    }
  }
}

/// The layout the parser has settled on, told to the thread that prepares lines ahead
/// (``LineStream/forEachLineBytesPipelined(_:stdin:prepare:layoutHint:readerThread:_:)``), which
/// reads it once per batch. A line prepared for another layout is read again by the parser.
public final class ConsoleLayoutHint: @unchecked Sendable {
  private let lock = NSLock()
  private var value: ConsoleLayout?

  public init() {}

  /// The layout lines are to be prepared for (`nil`: not known yet).
  public var layout: ConsoleLayout? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
    set {
      lock.lock()
      value = newValue
      lock.unlock()
    }
  }
}
