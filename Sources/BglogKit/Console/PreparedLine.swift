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
/// hash of the record the line starts (when it has no continuation lines), in a compact form: offsets
/// as 32-bit values and no optionals, so the reader thread writes and the parser reads about 100
/// bytes a line (a ``ConsoleByteHeader`` is about twice that, and copying it cost more than reading
/// the header: see docs/benchmark.md, session 5, step 3).
public struct PreparedHeader: Sendable {
  /// What was worked out.
  enum State: UInt8 {
    /// Nothing: the parser reads the line itself (not ASCII, or a value the compact form does not hold).
    case notPrepared
    /// The line is not a record's first line in ``layout`` (``ConsoleByteHeader/read(_:layout:)`` is `nil`).
    case noHeader
    /// ``header`` is the line's header in ``layout``.
    case header
  }

  private static let absent = UInt32.max
  private static let absentNumber = Int32.min

  private(set) var state: State
  /// The layout the line was read in.
  private(set) var layout: ConsoleLayout
  private var escaped = false
  private var month: UInt8 = 0
  private var day: UInt8 = 0
  private var secondsOfDay = 0.0
  /// ``ConsoleLogParser/contentHash(process:message:ascii:)`` of the process and message (ASCII),
  /// when the message needs no decoding (``hasContentHash``).
  private(set) var contentHash: UInt64 = 0
  /// Whether ``contentHash`` was worked out.
  private var hashed = false
  /// The record filter's last test on the message (``PreparedLine/anchors``): 0 not done, 1 no anchor,
  /// 2 an anchor.
  private var anchorState: UInt8 = 0
  private var year = absentNumber
  private var utcOffset = absentNumber
  private var pid = absentNumber
  private var process: (UInt32, UInt32) = (0, 0)
  private var messageStart: UInt32 = 0
  private var messageEnd = absent
  private var library: (UInt32, UInt32) = (absent, absent)
  private var subsystem: (UInt32, UInt32) = (absent, absent)
  private var category: (UInt32, UInt32) = (absent, absent)
  private var level: (UInt32, UInt32) = (absent, absent)

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
    guard isASCII, ConsoleByteHeader.reads(layout), line.count < Int(Self.absent) else {
      state = .notPrepared
      return
    }
    guard let header = ConsoleByteHeader.read(line, layout: layout, memo: memo) else {
      state = .noHeader
      return
    }
    state = .header
    guard store(header) else {
      state = .notPrepared
      return
    }
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

  /// Keeps `header`; `false` when a value does not fit the compact form.
  private mutating func store(_ header: ConsoleByteHeader) -> Bool {
    func number(_ value: Int?) -> Int32? {
      guard let value else { return Self.absentNumber }
      guard value > Int(Int32.min), value <= Int(Int32.max) else { return nil }
      return Int32(value)
    }
    func range(_ value: Range<Int>?) -> (UInt32, UInt32) {
      guard let value else { return (Self.absent, Self.absent) }
      return (UInt32(value.lowerBound), UInt32(value.upperBound))
    }
    secondsOfDay = header.secondsOfDay
    if let date = header.date {
      guard (1...255).contains(date.month), (0...255).contains(date.day), let year = number(date.year) else {
        return false
      }
      month = UInt8(date.month)
      day = UInt8(date.day)
      self.year = year
    }
    guard let offset = number(header.utcOffsetSeconds), let pid = number(header.pid) else { return false }
    utcOffset = offset
    self.pid = pid
    process = range(header.process)
    messageStart = UInt32(header.messageStart)
    messageEnd = header.messageEnd.map { UInt32($0) } ?? Self.absent
    escaped = header.messageEscaped
    library = range(header.library)
    subsystem = range(header.subsystem)
    category = range(header.category)
    level = range(header.level)
    return true
  }

  /// The header as ``ConsoleByteHeader/read(_:layout:)`` gives it (only for ``State/header``).
  var header: ConsoleByteHeader {
    func number(_ value: Int32) -> Int? { value == Self.absentNumber ? nil : Int(value) }
    func range(_ value: (UInt32, UInt32)) -> Range<Int>? {
      value.0 == Self.absent ? nil : Int(value.0)..<Int(value.1)
    }
    return ConsoleByteHeader(
      secondsOfDay: secondsOfDay,
      date: month == 0 ? nil : LogDate(year: number(year), month: Int(month), day: Int(day)),
      utcOffsetSeconds: number(utcOffset), pid: number(pid), process: Int(process.0)..<Int(process.1),
      messageStart: Int(messageStart), messageEnd: messageEnd == Self.absent ? nil : Int(messageEnd),
      messageEscaped: escaped, library: range(library), subsystem: range(subsystem), category: range(category),
      level: range(level))
  }
}
