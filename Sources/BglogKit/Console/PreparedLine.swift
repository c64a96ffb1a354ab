/// What can be worked out about a line from its bytes alone, ahead of the parser (on the reader
/// thread of ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:readerThread:layoutHint:readerShare:linesEnd:_:)``):
/// for the `HH:MM:SS  process  message` layout, its header and the content hash of the record it
/// starts if that record has no continuation lines; for a layout read by ``ConsoleByteHeader``, the
/// same in a ``PreparedHeader``.
public struct PreparedLine: Sendable {
  /// The header (`nil`: not a record's first line in that layout).
  let header: (time: Double, process: Range<Int>, messageStart: Int)?
  /// ``ConsoleLogParser/contentHash(process:message:ascii:)`` of the process and message of this line.
  let contentHash: UInt64
  /// Whether this line's message holds an anchor of ``MessageRecognizers/filterScanner`` (the record
  /// filter's last test), worked out here because in this layout the parser's thread is the busier
  /// one (69 % of the samples on 1 GiB; the reader thread 31 %).
  let anchors: Bool
  /// The line's header in another layout, read ahead; valid only while the line is handed out.
  nonisolated(unsafe) let byteHeader: UnsafePointer<PreparedHeader>?

  /// Works it out for `line` (`isASCII`: known to be ASCII) in the `HH:MM:SS  process  message` layout.
  public init(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    header = ConsoleLogParser.timeProcessMessageHeader(line)
    if let header {
      contentHash = ConsoleLogParser.contentHash(
        process: UnsafeBufferPointer(rebasing: line[header.process]),
        message: UnsafeBufferPointer(rebasing: line[header.messageStart...]), ascii: isASCII)
      anchors = MessageRecognizers.filterScanner.containsAny(
        UnsafeBufferPointer(rebasing: line[header.messageStart...]))
    } else {
      contentHash = 0
      anchors = false
    }
    byteHeader = nil
  }

  /// A line whose header in a ``ConsoleByteHeader`` layout was read ahead into `byteHeader`.
  init(byteHeader: UnsafePointer<PreparedHeader>) {
    header = nil
    contentHash = 0
    anchors = false
    self.byteHeader = byteHeader
  }
}

/// ``ConsoleByteHeader/read(_:layout:)`` of a line, worked out ahead for one layout, with the content
/// hash of the record the line starts (when it has no continuation lines) and the record filter's anchor
/// test. The header is kept as the reader returns it (106 bytes, its optional fields without optionals):
/// session 5 kept a compact copy because the header was then twice that size, and since session 8 the
/// conversion to and from that copy cost more than the copy it saved (about 95 instructions a line on
/// each thread, session 12).
public struct PreparedHeader: Sendable {
  /// What was worked out.
  enum State: UInt8 {
    /// Nothing: the parser reads the line itself (not ASCII, or too long for the header's offsets).
    case notPrepared
    /// The line is not a record's first line in ``layout`` (``ConsoleByteHeader/read(_:layout:)`` is `nil`).
    case noHeader
    /// ``header`` is the line's header in ``layout``.
    case header
  }

  /// The header (meaningful only for ``State/header``).
  private(set) var header: ConsoleByteHeader
  /// ``ConsoleLogParser/contentHash(process:message:ascii:)`` of the process and message (ASCII),
  /// when the message needs no decoding (``hasContentHash``).
  private(set) var contentHash: UInt64 = 0
  private(set) var state: State
  /// The layout the line was read in.
  private(set) var layout: ConsoleLayout
  /// Whether ``contentHash`` was worked out.
  private var hashed = false
  /// The record filter's last test on the message (``PreparedLine/anchors``): 0 not done, 1 no anchor,
  /// 2 an anchor.
  private var anchorState: UInt8 = 0

  /// A header no line has, for the states without one.
  private static let none = ConsoleByteHeader(
    secondsOfDay: 0, date: nil, utcOffsetSeconds: nil, pid: nil, process: 0..<0, messageStart: 0)

  /// Reads `line` in `layout` (one ``ConsoleByteHeader`` reads); `isASCII`: the line is known to be
  /// ASCII without a carriage return, which ``ConsoleByteHeader`` requires (other lines are not prepared).
  /// `memo`: the reader's memory of the time fields of the lines before (``HeaderFieldMemo``).
  /// `scans`: also the content hash and the record filter's anchor test (``contentHash``, ``anchors``);
  /// without them the parser works them out itself, with the same result (the reader thread does them
  /// when it has time to spare: ``LineBatchQueue``).
  init(
    _ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, layout: ConsoleLayout,
    memo: UnsafeMutablePointer<HeaderFieldMemo>? = nil, scans: Bool = true
  ) {
    self.layout = layout
    // (The header keeps byte offsets in 32 bits; no line read here is that long.)
    guard isASCII, ConsoleByteHeader.reads(layout), line.count < Int(UInt32.max) else {
      state = .notPrepared
      header = Self.none
      return
    }
    guard let header = ConsoleByteHeader.read(line, layout: layout, memo: memo) else {
      state = .noHeader
      self.header = Self.none
      return
    }
    state = .header
    self.header = header
    // A message that is the line's bytes as they are (not an escaped ndjson string): the parser's
    // record holds the same process and message bytes, so the hash and the anchor test are the ones
    // it would work out.
    guard scans, !header.messageEscaped else { return }
    let message = UnsafeBufferPointer(rebasing: line[header.messageStart..<(header.messageEnd ?? line.count)])
    contentHash = ConsoleLogParser.contentHash(
      process: UnsafeBufferPointer(rebasing: line[header.process]), message: message, ascii: true)
    hashed = true
    anchorState = MessageRecognizers.filterScanner.containsAny(message) ? 2 : 1
  }

  /// ``PreparedLine/anchors`` of the line's message, when it was worked out (`nil`: not).
  var anchors: Bool? { anchorState == 0 ? nil : anchorState == 2 }

  /// Whether ``contentHash`` is the record's (worked out, and its message is the line's bytes as they are).
  var hasContentHash: Bool { state == .header && hashed }
}
