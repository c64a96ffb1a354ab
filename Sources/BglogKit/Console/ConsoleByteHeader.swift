import Foundation

/// A record's first line read on its bytes, for the layouts other than `HH:MM:SS  process  message`:
/// the fields the parser needs before it knows whether the record is wanted (time, pid, and the byte
/// ranges of the process and of the message), with no `String` made.
///
/// It answers only for plain ASCII lines of the exact shapes it knows, and only when
/// ``ConsoleLayout/parseHeader(_:number:)`` would read the line to the same fields; otherwise it
/// returns `nil` and the parser asks `parseHeader`, so results are identical by construction
/// (`ConsoleByteHeaderTests` compares the two on every line of the fixtures and on tricky lines).
struct ConsoleByteHeader: Sendable {
  var secondsOfDay: Double
  var process: Range<Int>
  var messageStart: Int
  // The optional fields are kept without optionals (absent: a value no reader writes), so a header
  // is 106 bytes instead of 224: it is returned by the layouts' readers and copied into the
  // compact form of the reader thread once a line (`memmove` was 3 % of ndjson's reader thread).
  // (Declared widest first: no padding between them.)
  private var year: Int
  private var offset: Int
  private var processID: Int
  private var end: Int
  private var ranges: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
  private var month: Int32
  private var day: Int32
  private var hasDate: Bool
  /// The message (`messageStart..<messageEnd`) holds JSON escapes, checked by ``JSONStringDecoder``.
  var messageEscaped: Bool

  private static let absent = Int.min
  private static let absentBound = UInt32.max

  /// A header; the ranges must lie below `UInt32.max` (``read(_:layout:)`` reads no longer line).
  @inline(__always)
  init(
    secondsOfDay: Double, date: LogDate?, utcOffsetSeconds: Int?, pid: Int?, process: Range<Int>,
    messageStart: Int, messageEnd: Int? = nil, messageEscaped: Bool = false, library: Range<Int>? = nil,
    subsystem: Range<Int>? = nil, category: Range<Int>? = nil, level: Range<Int>? = nil
  ) {
    func bounds(_ range: Range<Int>?) -> (UInt32, UInt32) {
      guard let range else { return (Self.absentBound, Self.absentBound) }
      return (UInt32(truncatingIfNeeded: range.lowerBound), UInt32(truncatingIfNeeded: range.upperBound))
    }
    self.secondsOfDay = secondsOfDay
    self.process = process
    self.messageStart = messageStart
    self.messageEscaped = messageEscaped
    // (Month and day are checked by every reader that writes them: 1–12 and 1–31.)
    year = date?.year ?? Self.absent
    month = Int32(clamping: date?.month ?? 0)
    day = Int32(clamping: date?.day ?? 0)
    hasDate = date != nil
    offset = utcOffsetSeconds ?? Self.absent
    processID = pid ?? Self.absent
    end = messageEnd ?? Self.absent
    let (a, b) = bounds(library)
    let (c, d) = bounds(subsystem)
    let (e, f) = bounds(category)
    let (g, h) = bounds(level)
    ranges = (a, b, c, d, e, f, g, h)
  }

  @inline(__always)
  private static func range(_ lower: UInt32, _ upper: UInt32) -> Range<Int>? {
    lower == absentBound ? nil : Int(lower)..<Int(upper)
  }

  var date: LogDate? {
    hasDate ? LogDate(year: year == Self.absent ? nil : year, month: Int(month), day: Int(day)) : nil
  }
  var utcOffsetSeconds: Int? { offset == Self.absent ? nil : offset }
  var pid: Int? { processID == Self.absent ? nil : processID }
  /// Where the message ends when it is not the end of the line (ndjson: the `eventMessage` string).
  var messageEnd: Int? { end == Self.absent ? nil : end }
  /// The other fields a record keeps (``LogEntry/library`` and so on), as byte ranges of the line.
  var library: Range<Int>? { Self.range(ranges.0, ranges.1) }
  var subsystem: Range<Int>? { Self.range(ranges.2, ranges.3) }
  var category: Range<Int>? { Self.range(ranges.4, ranges.5) }
  var level: Range<Int>? { Self.range(ranges.6, ranges.7) }

  var timestamp: LogTimestamp {
    LogTimestamp(secondsOfDay: secondsOfDay, date: date, utcOffsetSeconds: utcOffsetSeconds)
  }

  /// The layouts read here.
  static func reads(_ layout: ConsoleLayout) -> Bool {
    switch layout {
    case .logShow, .xcode, .consoleApp, .idevicesyslog, .logShowNDJSON: return true
    default: return false
    }
  }

  /// ``read(_:layout:)`` not inlined: for the parser's thread, which reads a header itself only for
  /// lines that were not prepared ahead (its per-line function stays small).
  @inline(never)
  static func readOutOfLine(_ line: UnsafeBufferPointer<UInt8>, layout: ConsoleLayout) -> ConsoleByteHeader? {
    read(line, layout: layout)
  }

  /// Reads `line` (known to be ASCII with no carriage return) as the first line of a record in `layout`.
  /// Inlined into its callers with the layouts' readers, so the header is built where it is used
  /// (returned, it was copied with `memmove`: a tenth of the reader thread's time).
  /// `memo`: the time fields of lines read before, for the reader thread (see ``HeaderFieldMemo``).
  @inline(__always)
  static func read(
    _ line: UnsafeBufferPointer<UInt8>, layout: ConsoleLayout, memo: UnsafeMutablePointer<HeaderFieldMemo>? = nil
  ) -> ConsoleByteHeader? {
    guard let base = line.baseAddress, line.count < Int(UInt32.max) else { return nil }
    var scanner = ByteScanner(base: base, count: line.count)
    scanner.memo = memo
    switch layout {
    case .xcode: return scanner.xcode()
    case .logShow: return scanner.logShow()
    case .consoleApp: return scanner.consoleApp()
    case .idevicesyslog: return scanner.idevicesyslog()
    case .logShowNDJSON: return scanner.ndjson()
    default: return nil
    }
  }
}

/// The time fields of the lines a reader read before, so that a line whose clock time (to the
/// second), date or UTC offset has the same bytes as one before takes its value instead of reading it
/// again: most lines of a log share their second, day and offset with the line before. Only the
/// fields' bytes decide, so the values are the ones reading them would give. The keys' first values
/// match no line: lines read here are ASCII (no byte is 0xFF).
struct HeaderFieldMemo {
  /// The eight bytes of the last `HH:MM:SS` read, and its whole seconds of the day.
  var clockKey = UInt64.max
  var clockSeconds = 0
  /// The ten bytes of the last `YYYY-MM-DD` read, and its date.
  var dateHead = UInt64.max
  var dateTail = UInt16.max
  var date: LogDate?
  /// The five bytes of the last `±HHMM` read (with no seconds after it), and its offset in seconds.
  var offsetKey = UInt64.max
  var offset = 0
}

/// ``ConsoleLineScanner`` on raw bytes: the same field readers (``ConsoleFieldCursor``).
private struct ByteScanner: ConsoleFieldCursor {
  let base: UnsafePointer<UInt8>
  let count: Int
  var index = 0
  /// Whether the last string ``jsonString()`` read holds an escape (a backslash).
  var lastStringEscaped = false
  /// The time fields read on lines before, when the reader keeps them (``HeaderFieldMemo``).
  var memo: UnsafeMutablePointer<HeaderFieldMemo>?

  init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  var peek: UInt8? { index < count ? base[index] : nil }

  mutating func advance() { index += 1 }

  /// ``ConsoleFieldCursor/skipBlanks()`` on the pointer (the same rule and count), without an optional
  /// byte per step: the headers' single blanks are skipped several times on every line.
  @discardableResult
  @inline(__always)
  mutating func skipBlanks() -> Int {
    let start = index
    while index < count, base[index] == 0x20 || base[index] == 0x09 { index += 1 }
    return index - start
  }

  /// ``ConsoleFieldCursor/expect(_:)`` on the pointer.
  @inline(__always)
  mutating func expect(_ byte: UInt8) -> Bool {
    guard index < count, base[index] == byte else { return false }
    index += 1
    return true
  }

  var position: Int {
    get { index }
    set { index = newValue }
  }

  /// ``ConsoleFieldCursor/genericClockTime()`` read at fixed offsets from the base pointer (the same
  /// rules: two digits, a colon, two digits, a colon, two digits, then an optional fraction; `nil`
  /// with the cursor left where it was): this runs for every line of every layout but one.
  mutating func clockTime() -> Double? {
    guard index + 8 <= count else { return genericClockTime() }
    let p = base + index
    guard let memo else {
      guard let (seconds, end) = FixedClockTime.read(p, count: count - index) else { return nil }
      index += end
      return seconds
    }
    // `HH:MM:SS` as on a line before (most lines of a log share their second with the one before): its
    // whole seconds, then the fraction read as always.
    let key = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    let whole: Int
    if key == memo.pointee.clockKey {
      whole = memo.pointee.clockSeconds
    } else {
      guard let seconds = FixedClockTime.wholeSeconds(p) else { return nil }
      memo.pointee.clockKey = key
      memo.pointee.clockSeconds = seconds
      whole = seconds
    }
    let (seconds, end) = FixedClockTime.fraction(p, count: count - index, wholeSeconds: whole)
    index += end
    return seconds
  }

  /// ``ConsoleFieldCursor/genericIsoDate()`` read at fixed offsets (the same rules and result).
  mutating func isoDate() -> LogDate? {
    guard index + 10 <= count else { return genericIsoDate() }
    let p = base + index
    // Not a date (most often a clock time, `HH:MM:…`): no need to look at the memory.
    guard p[4] == 0x2D else { return nil }
    if let memo {
      // The same ten bytes as a date read before: that date.
      let raw = UnsafeRawPointer(p)
      let head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      let tail = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
      if head == memo.pointee.dateHead, tail == memo.pointee.dateTail, let date = memo.pointee.date {
        index += 10
        return date
      }
      guard let date = fixedIsoDate(p) else { return nil }
      memo.pointee.dateHead = head
      memo.pointee.dateTail = tail
      memo.pointee.date = date
      index += 10
      return date
    }
    guard let date = fixedIsoDate(p) else { return nil }
    index += 10
    return date
  }

  /// ``isoDate()``'s fixed-offset reading of the ten bytes at `p`.
  @inline(__always)
  private func fixedIsoDate(_ p: UnsafePointer<UInt8>) -> LogDate? {
    guard p[4] == 0x2D, p[7] == 0x2D else { return nil }
    var year = 0
    for k in 0..<4 {
      let digit = p[k] &- 0x30
      guard digit < 10 else { return nil }
      year = year * 10 + Int(digit)
    }
    let mo1 = p[5] &- 0x30
    let mo2 = p[6] &- 0x30
    let d1 = p[8] &- 0x30
    let d2 = p[9] &- 0x30
    guard mo1 < 10, mo2 < 10, d1 < 10, d2 < 10 else { return nil }
    let month = Int(mo1) * 10 + Int(mo2)
    let day = Int(d1) * 10 + Int(d2)
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    return LogDate(year: year, month: month, day: day)
  }

  /// ``ConsoleFieldCursor/skipBlanks()`` on the pointer, eight bytes a step where they are all
  /// spaces (the same rule and count), for `log show`'s columns, which it pads with runs of three to
  /// twenty spaces. (Other layouts separate fields with one blank, where the plain loop is cheaper.)
  @discardableResult
  mutating func skipPadding() -> Int {
    let start = index
    let raw = UnsafeRawPointer(base)
    while index + 8 <= count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let other = word ^ 0x2020_2020_2020_2020
      if other == 0 {
        index += 8
        continue
      }
      // The first byte that is not a space ends the run unless it is a tab (then on to the next).
      index += other.trailingZeroBitCount >> 3
      guard base[index] == 0x09 else { return index - start }
      index += 1
    }
    while index < count, base[index] == 0x20 || base[index] == 0x09 { index += 1 }
    return index - start
  }

  /// ``ConsoleFieldCursor/genericUtcOffset()`` read at fixed offsets from the base pointer (the same
  /// rules and result; a byte past the end reads as 0, which is no digit, sign or colon, as the
  /// generic reader's end of line).
  mutating func utcOffset() -> Int? {
    let left = count - index
    guard left >= 5 else { return genericUtcOffset() }
    let p = base + index
    // `±HHMM` as on a line before, and no seconds after it (the end, or a byte that is no digit, as in
    // a Console.app time field, which ends with the offset): that offset.
    var key = UInt64.max
    if let memo {
      let raw = UnsafeRawPointer(p)
      key = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))) | UInt64(p[4]) << 32
      if key == memo.pointee.offsetKey, left == 5 || p[5] &- 0x30 >= 10 {
        index += 5
        return memo.pointee.offset
      }
    }
    @inline(__always) func byte(_ k: Int) -> UInt8 { k < left ? p[k] : 0 }
    guard p[0] == 0x2B || p[0] == 0x2D else { return nil }
    let h1 = p[1] &- 0x30
    let h2 = p[2] &- 0x30
    let colon = p[3] == 0x3A
    let m = colon ? 4 : 3
    let m1 = byte(m) &- 0x30
    let m2 = byte(m + 1) &- 0x30
    guard h1 < 10, h2 < 10, m1 < 10, m2 < 10 else { return nil }
    // Seconds: two more digits, after a colon when the minutes had one (else none are read).
    var end = m + 2
    var seconds = 0
    let s = colon ? (byte(end) == 0x3A ? end + 1 : -1) : end
    if s > 0, byte(s) &- 0x30 < 10, byte(s + 1) &- 0x30 < 10 {
      seconds = Int(p[s] &- 0x30) * 10 + Int(p[s + 1] &- 0x30)
      end = s + 2
    }
    let hours = Int(h1) * 10 + Int(h2)
    let minutes = Int(m1) * 10 + Int(m2)
    let value = hours * 3600 + minutes * 60 + seconds
    guard hours <= ConsoleLineScanner.maximumOffsetHours, minutes < 60, seconds < 60,
      value <= ConsoleLineScanner.maximumOffsetHours * 3600
    else { return nil }
    index += end
    let offset = p[0] == 0x2D ? -value : value
    if let memo, key != UInt64.max, end == 5 {
      memo.pointee.offsetKey = key
      memo.pointee.offset = offset
    }
    return offset
  }

  /// ``ConsoleFieldCursor/genericInteger()`` on the pointer (the same rule: every digit is skipped,
  /// `nil` when there is none or the value does not fit an `Int`).
  @inline(__always)
  mutating func integer() -> Int? {
    let start = index
    var value = 0
    var overflow = false
    while index < count, case let digit = base[index] &- 0x30, digit < 10 {
      if !overflow {
        let (times, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times.addingReportingOverflow(Int(digit))
        overflow = o1 || o2
        value = sum
      }
      index += 1
    }
    return index > start && !overflow ? value : nil
  }

  /// A run of bytes other than space and tab: its range.
  mutating func word() -> Range<Int> {
    let start = index
    index = firstBlank(from: index, tabs: true)
    return start..<index
  }

  /// The first space (or, with `tabs`, space or tab) at or after `from`, else `count`; eight bytes a
  /// step (the words of a header, a device or a `sender[pid]`, are read on every line of their layouts).
  @inline(__always)
  func firstBlank(from: Int, tabs: Bool) -> Int {
    var index = from
    let raw = UnsafeRawPointer(base)
    while index + 8 <= count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // A byte of `space` (`tab`) is zero exactly where the word has a space (tab); the lowest bit set
      // in `zeros` marks the first of them (borrows can mark bytes after a zero byte, never before).
      let space = word ^ 0x2020_2020_2020_2020
      var zeros = (space &- 0x0101_0101_0101_0101) & ~space
      if tabs {
        let tab = word ^ 0x0909_0909_0909_0909
        zeros |= (tab &- 0x0101_0101_0101_0101) & ~tab
      }
      zeros &= 0x8080_8080_8080_8080
      if zeros != 0 { return index + zeros.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < count, base[index] != 0x20, !tabs || base[index] != 0x09 { index += 1 }
    return index
  }

  func has(prefix0x range: Range<Int>) -> Bool {
    range.count >= 2 && base[range.lowerBound] == 0x30 && base[range.lowerBound + 1] == 0x78
  }

  /// The first `a b` pair of bytes in `from..<count`: the index of `a`. Each `a` is found with
  /// `memchr`.
  func find(_ a: UInt8, _ b: UInt8, from: Int) -> Int? {
    var i = max(from, 0)
    while i + 1 < count, let found = memchr(base + i, Int32(a), count - 1 - i) {
      let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if base[at + 1] == b { return at }
      i = at + 1
    }
    return nil
  }

  /// Whether `from..<count` holds a `\M` or `\^` pair (a `vis` escape), with one `memchr` pass for
  /// the backslashes.
  func hasVisEscape(from: Int) -> Bool {
    var i = max(from, 0)
    while i + 1 < count, let found = memchr(base + i, 0x5C, count - 1 - i) {
      let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if base[at + 1] == 0x4D || base[at + 1] == 0x5E { return true }
      i = at + 1
    }
    return false
  }

  /// Where a header field ending in `byte` ends from `from`: the first `byte` followed by a space
  /// (`at`, with what follows starting after the space), else `byte` as the line's last byte (a sender
  /// wrapped onto the next line); `nil` when neither.
  func fieldEnd(_ byte: UInt8, from: Int) -> (at: Int, after: Int)? {
    if let found = find(byte, 0x20, from: from) { return (found, found + 2) }
    if count > from, base[count - 1] == byte { return (count - 1, count) }
    return nil
  }

  /// `Int(text)` for digits only; `nil` (ask the `String` parser) for anything else, where `Int`'s
  /// own rules (a sign, overflow) would decide.
  func plainInt(_ range: Range<Int>) -> Int? {
    guard !range.isEmpty, range.count <= 18 else { return nil }
    var value = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let digit = base[index] &- 0x30
      guard digit < 10 else { return nil }
      // At most 18 digits: no overflow.
      value = value &* 10 &+ Int(digit)
      index += 1
    }
    return value
  }

  /// `ConsoleLayout.readLibraryAndSubsystem`: where the message starts once `(library)` and
  /// `[subsystem:category]` are taken off the front of `from..<count`, and their ranges.
  func messageStart(afterLibraryAndSubsystemFrom from: Int) -> (
    start: Int, library: Range<Int>?, subsystem: Range<Int>?, category: Range<Int>?
  ) {
    var library: Range<Int>?
    var subsystem: Range<Int>?
    var category: Range<Int>?
    var start = from
    while start < count, base[start] == 0x20 { start += 1 }
    if start < count, base[start] == 0x28 {
      var close = start + 1
      while close < count, base[close] != 0x29 { close += 1 }
      if close < count, !(start..<close).contains(where: { base[$0] == 0x20 }) {
        library = (start + 1)..<close
        start = close + 1
        while start < count, base[start] == 0x20 { start += 1 }
      }
    }
    if start < count, base[start] == 0x5B {
      var close = start + 1
      while close < count, base[close] != 0x5D { close += 1 }
      if close < count {
        let inside = (start + 1)..<close
        if !inside.contains(where: { base[$0] == 0x20 }),
          let colon = inside.first(where: { base[$0] == 0x3A }),
          inside.contains(where: { base[$0] == 0x2E })
        {
          subsystem = inside.lowerBound..<colon
          category = (colon + 1)..<inside.upperBound
          start = close + 1
          while start < count, base[start] == 0x20 { start += 1 }
        }
      }
    }
    return (start, library, subsystem, category)
  }

  // MARK: - Layouts

  /// `ConsoleLayout.parseXcode`.
  @inline(__always)
  mutating func xcode() -> ConsoleByteHeader? {
    guard let (time, date, offset) = isoTimestampParts(), skipBlanks() > 0 else { return nil }
    return processWithIDs(time: time, date: date, offset: offset)
  }

  /// `ConsoleLayout.processWithIDs`: `process[pid:tid] ` from here.
  @inline(__always)
  func processWithIDs(time: Double, date: LogDate?, offset: Int?) -> ConsoleByteHeader? {
    let rest = index
    guard let (close, after) = fieldEnd(0x5D, from: rest) else { return nil }
    var open = close - 1
    while open >= rest, base[open] != 0x5B { open -= 1 }
    guard open > rest else { return nil }
    // `pid` or `pid:tid`, both plain; other shapes go to the `String` parser.
    var colon = open + 1
    while colon < close, base[colon] != 0x3A { colon += 1 }
    guard let pid = plainInt((open + 1)..<colon) else { return nil }
    if colon < close {
      let tid = (colon + 1)..<close
      guard !tid.isEmpty, !tid.contains(where: { base[$0] == 0x3A }) else { return nil }
    }
    let message = messageStart(afterLibraryAndSubsystemFrom: after)
    return ConsoleByteHeader(
      secondsOfDay: time, date: date, utcOffsetSeconds: offset, pid: pid, process: rest..<open,
      messageStart: message.start, library: message.library, subsystem: message.subsystem,
      category: message.category)
  }

  /// `ConsoleLayout.parseLogShow`.
  @inline(__always)
  mutating func logShow() -> ConsoleByteHeader? {
    guard let (time, date, offset) = isoTimestampParts(), skipBlanks() > 0 else { return nil }
    let thread = word()
    guard has(prefix0x: thread), skipPadding() > 0 else { return nil }
    let level = word()
    skipPadding()
    let activity = word()
    guard has(prefix0x: activity), skipPadding() > 0, let pid = integer(), skipPadding() > 0, integer() != nil,
      skipPadding() > 0
    else { return nil }
    let rest = index
    guard let (colon, after) = fieldEnd(0x3A, from: rest) else { return nil }
    let message = messageStart(afterLibraryAndSubsystemFrom: after)
    return ConsoleByteHeader(
      secondsOfDay: time, date: date, utcOffsetSeconds: offset, pid: pid, process: rest..<colon,
      messageStart: message.start, library: message.library, subsystem: message.subsystem,
      category: message.category, level: level)
  }

  /// `ConsoleLayout.consoleTime` on `range`: the whole range must be the time.
  func consoleTime(_ range: Range<Int>) -> (Double, LogDate?, Int?)? {
    // A date and a clock time both start with a digit: a field that does not (a level column such as
    // `default`, tried first on every line of a copy with one) is no time, without the generic readers
    // a field shorter than a date or a clock time would take.
    guard range.lowerBound < range.upperBound, base[range.lowerBound] &- 0x30 < 10 else { return nil }
    var field = ByteScanner(base: base, count: range.upperBound)
    field.index = range.lowerBound
    field.memo = memo
    let date = field.isoDate()
    if date != nil { field.skipBlanks() }
    guard let time = field.clockTime() else { return nil }
    field.skipBlanks()
    let offset = field.utcOffset()
    guard field.index == range.upperBound else { return nil }
    return (time, date, offset)
  }

  /// `ConsoleLayout.looksLikeLibrary` (ASCII: characters are bytes).
  func looksLikeLibrary(_ range: Range<Int>) -> Bool {
    !range.isEmpty && range.count <= 64 && !range.contains(where: { base[$0] == 0x20 || base[$0] == 0x5B })
  }

  /// `ConsoleLayout.parseConsoleApp`: `split(separator: "\t", maxSplits: 4)` done on bytes, with no
  /// array (a heap allocation a line) and the tabs found by `memchr` (a copy with a level column has
  /// three tabs, so the search for a fourth reads the whole message).
  @inline(__always)
  func consoleApp() -> ConsoleByteHeader? {
    // The first four tabs; field k runs from after tab k-1 (or the line's start) to tab k (or the end).
    var tabs: (Int, Int, Int, Int) = (0, 0, 0, 0)
    var tabCount = 0
    var from = 0
    // The fourth tab counts only when the field before it can be a library (at most 64 bytes, see
    // `looksLikeLibrary`): it is looked for no further, so the message is not read for it. (A fourth
    // tab further on gave a field too long to be a library, and the message starts where it did.)
    var end = count
    while tabCount < 4, from < end, let found = memchr(base + from, 0x09, end - from) {
      let tab = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      switch tabCount {
      case 0: tabs.0 = tab
      case 1: tabs.1 = tab
      case 2: tabs.2 = tab
      default: tabs.3 = tab
      }
      tabCount += 1
      from = tab + 1
      if tabCount == 3 { end = min(count, from + 65) }
    }
    guard tabCount > 0 else { return nil }  // no tab
    let fieldCount = tabCount + 1
    func tab(_ k: Int) -> Int {
      switch k {
      case 0: return tabs.0
      case 1: return tabs.1
      case 2: return tabs.2
      default: return tabs.3
      }
    }
    func field(_ k: Int) -> Range<Int> {
      (k == 0 ? 0 : tab(k - 1) + 1)..<(k < tabCount ? tab(k) : count)
    }
    // `first` is the field read as the time: 0, or 1 after a level column.
    var first = 0
    var time = consoleTime(field(0))
    var level: Range<Int>?
    if time == nil, fieldCount >= 3 {
      level = field(0)
      time = consoleTime(field(1))
      first = 1
    }
    let fields = fieldCount - first
    guard let (seconds, date, offset) = time, fields >= 3 else { return nil }
    let process = field(first + 1)
    guard !process.isEmpty, base[process.lowerBound] != 0x20 else { return nil }
    var message = field(first + 2).lowerBound
    var library: Range<Int>?
    if fields >= 4, looksLikeLibrary(field(first + 2)) {
      library = field(first + 2)
      message = field(first + 3).lowerBound
    }
    if let level, level.count > 24, level.contains(where: { base[$0] == 0x20 }) { return nil }
    while message < count, base[message] == 0x20 { message += 1 }
    return ConsoleByteHeader(
      secondsOfDay: seconds, date: date, utcOffsetSeconds: offset, pid: nil, process: process,
      messageStart: message, library: library, level: level)
  }

  /// The month (0 for `Jan` … 11 for `Dec`, as `ConsoleLayout.parseIdevicesyslog` spells them) of
  /// the three bytes at `at`. Constants, not a table: this runs for every line of an idevicesyslog log.
  func monthIndex(at position: Int) -> Int? {
    switch UInt32(base[position]) << 16 | UInt32(base[position + 1]) << 8 | UInt32(base[position + 2]) {
    case 0x4A61_6E: 0  // Jan
    case 0x4665_62: 1  // Feb
    case 0x4D61_72: 2  // Mar
    case 0x4170_72: 3  // Apr
    case 0x4D61_79: 4  // May
    case 0x4A75_6E: 5  // Jun
    case 0x4A75_6C: 6  // Jul
    case 0x4175_67: 7  // Aug
    case 0x5365_70: 8  // Sep
    case 0x4F63_74: 9  // Oct
    case 0x4E6F_76: 10  // Nov
    case 0x4465_63: 11  // Dec
    default: nil
    }
  }

  /// `ConsoleLayout.skipWeekday`: a weekday (`ConsoleLayout.weekdays`, as three bytes) and the blanks
  /// after it. Constants, not a table: this runs for every line of an idevicesyslog log.
  mutating func skipWeekday() {
    guard index + 3 < count, base[index + 3] == 0x20 || base[index + 3] == 0x09 else { return }
    switch UInt32(base[index]) << 16 | UInt32(base[index + 1]) << 8 | UInt32(base[index + 2]) {
    case 0x4D6F_6E, 0x5475_65, 0x5765_64, 0x5468_75, 0x4672_69, 0x5361_74, 0x5375_6E:  // Mon … Sun
      index += 3
      skipBlanks()
    default:
      return
    }
  }

  /// `ConsoleLayout.parseIdevicesyslog`.
  @inline(__always)
  mutating func idevicesyslog() -> ConsoleByteHeader? {
    let start = index
    if integer() != nil, skipBlanks() >= 0, expect(0x3A) {
    } else {
      index = start
    }
    skipWeekday()
    let monthWord = word()
    guard monthWord.count == 3, let month = monthIndex(at: monthWord.lowerBound),
      skipBlanks() > 0, let day = integer(), LogDate.days.contains(day), skipBlanks() > 0,
      let time = clockTime(), skipBlanks() > 0
    else { return nil }
    let afterTime = index
    _ = word()  // device name
    skipBlanks()
    var sender = idevicesyslogSender()
    // Captures without the device name (`ConsoleLayout.parseIdevicesyslog`).
    if sender == nil {
      index = afterTime
      sender = idevicesyslogSender()
    }
    guard let (senderStart, senderEnd, open) = sender, let pid = plainInt((open + 1)..<(senderEnd - 1)) else {
      return nil
    }
    var processEnd = open
    var library: Range<Int>?
    if processEnd > senderStart, base[processEnd - 1] == 0x29 {
      if let paren = (senderStart..<processEnd).first(where: { base[$0] == 0x28 }) {
        library = (paren + 1)..<(processEnd - 1)
        processEnd = paren
      }
    }
    skipBlanks()
    var level: Range<Int>?
    if peek == 0x3C {
      index += 1
      let levelStart = index
      while index < count, base[index] != 0x3E { index += 1 }
      level = levelStart..<index
      _ = expect(0x3E)
      _ = expect(0x3A)
      skipBlanks()
    } else if peek == 0x3A {
      index += 1
      skipBlanks()
    }
    // `vis` escapes are undone by the `String` parser: the message bytes would differ.
    if hasVisEscape(from: index) { return nil }
    return ConsoleByteHeader(
      secondsOfDay: time, date: LogDate(year: nil, month: month + 1, day: day), utcOffsetSeconds: nil, pid: pid,
      process: senderStart..<processEnd, messageStart: index, library: library, level: level)
  }

  /// `ConsoleLayout.idevicesyslogSender`: the word at `index` up to a space, without a trailing `:`,
  /// when it ends in `]` and holds a `[` (the last one: `open`).
  mutating func idevicesyslogSender() -> (start: Int, end: Int, open: Int)? {
    let senderStart = index
    index = firstBlank(from: index, tabs: false)
    var senderEnd = index
    if senderEnd - senderStart >= 2, base[senderEnd - 1] == 0x3A, base[senderEnd - 2] == 0x5D { senderEnd -= 1 }
    guard senderEnd > senderStart, base[senderEnd - 1] == 0x5D else { return nil }
    var open = senderEnd - 1
    while open >= senderStart, base[open] != 0x5B { open -= 1 }
    guard open >= senderStart else { return nil }
    return (senderStart, senderEnd, open)
  }

  // MARK: - log show --style ndjson

  /// `ConsoleLayout.parseNDJSON` for objects whose syntax is checked here to be JSON that
  /// `JSONSerialization` reads the same way: strings whose escapes ``JSONStringDecoder`` accepts, no
  /// exponents or long numbers, keys without escapes, the keys read here once each; a `timestamp`
  /// string without escapes, `processImagePath` with `\/` as its only escape, `processID` plain
  /// digits; the `eventMessage` string is decoded by the parser when it has escapes. The kept
  /// record is then built by `ConsoleLayout.parseJSONObject` (``JSONRecordReader``).
  @inline(__always)
  mutating func ndjson() -> ConsoleByteHeader? {
    while index < count, base[index] == 0x20 { index += 1 }
    guard peek == 0x7B else { return nil }
    var timestamp: Range<Int>?
    var path: Range<Int>?
    var pid: Int??
    var message: Range<Int>?
    var messageEscaped = false
    index += 1
    skipJSONSpace()
    if peek == 0x7D {
      return nil  // `{}`: no eventMessage
    }
    while true {
      guard let key = jsonString(), !lastStringEscaped else { return nil }
      if !passTightSeparator(0x3A) {
        skipJSONSpace()
        guard expect(0x3A) else { return nil }
        skipJSONSpace()
      }
      let valueStart = index
      if index < count, base[index] == 0x22 {
        guard jsonString() != nil else { return nil }
      } else {
        guard skipJSONValue(depth: 1) else { return nil }
      }
      let value = valueStart..<index
      switch keyName(key) {
      case 1:
        // (A string value: the last string read is the value itself.)
        guard timestamp == nil, let inside = stringContents(value), !lastStringEscaped else { return nil }
        timestamp = inside
      case 2:
        guard path == nil, let inside = stringContents(value) else { return nil }
        path = inside
      case 3:
        guard pid == nil else { return nil }
        pid = .some(plainInt(value))
        if pid! == nil { return nil }
      case 4:
        guard message == nil, let inside = stringContents(value) else { return nil }
        message = inside
        messageEscaped = lastStringEscaped
      default: break
      }
      if passTightSeparator(0x2C) { continue }
      skipJSONSpace()
      if expect(0x2C) {
        skipJSONSpace()
        continue
      }
      guard expect(0x7D) else { return nil }
      break
    }
    skipJSONSpace()
    guard index == count, let message, let timestamp, let path, let processID = pid ?? nil else { return nil }
    // The process: the path's last component (the path written with `\/`); no other escape in it.
    var slash = path.upperBound
    while slash > path.lowerBound, base[slash - 1] != 0x2F { slash -= 1 }
    let process = slash..<path.upperBound
    guard !process.isEmpty, !process.contains(where: { base[$0] == 0x5C }) else { return nil }
    var prefix = path.lowerBound
    while prefix < slash {  // only `\/` escapes before it
      if base[prefix] == 0x5C {
        guard prefix + 1 < slash, base[prefix + 1] == 0x2F else { return nil }
        prefix += 2
      } else {
        prefix += 1
      }
    }
    var time = ByteScanner(base: base, count: timestamp.upperBound)
    time.index = timestamp.lowerBound
    time.memo = memo
    guard let (seconds, date, offset) = time.isoTimestampParts() else { return nil }
    return ConsoleByteHeader(
      secondsOfDay: seconds, date: date, utcOffsetSeconds: offset, pid: processID, process: process,
      messageStart: message.lowerBound, messageEnd: message.upperBound,
      messageEscaped: messageEscaped)
  }

  /// 1 `timestamp`, 2 `processImagePath`, 3 `processID`, 4 `eventMessage`, 0 any other key.
  /// Told apart by length, then compared a word at a time with the names' bytes as little-endian
  /// constants (byte by byte, this was a tenth of the reader thread's instructions on ndjson).
  func keyName(_ key: Range<Int>) -> Int {
    let raw = UnsafeRawPointer(base + key.lowerBound)
    @inline(__always) func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    switch key.count {
    case 9:
      let first = word(0)
      let last = raw.load(fromByteOffset: 8, as: UInt8.self)
      if first == 0x6D61_7473_656D_6974, last == 0x70 { return 1 }  // `timestam` `p`
      if first == 0x4973_7365_636F_7270, last == 0x44 { return 3 }  // `processI` `D`
    case 16:
      if word(0) == 0x4973_7365_636F_7270, word(8) == 0x6874_6150_6567_616D { return 2 }  // `processI` `magePath`
    case 12:
      let last = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
      if word(0) == 0x7365_4D74_6E65_7665, last == 0x6567_6173 { return 4 }  // `eventMes` `sage`
    default: break
    }
    return 0
  }

  /// Passes `byte` and one blank when neither side has more blanks: how `log show` separates a key
  /// from its value (`": "`) and a value from the next key (`", "`). The same as blanks, `byte`, blanks
  /// read by the general rule; anything else leaves `index` where it was for that rule.
  @inline(__always)
  mutating func passTightSeparator(_ byte: UInt8) -> Bool {
    guard index + 2 < count, base[index] == byte, base[index + 1] == 0x20 else { return false }
    let next = base[index + 2]
    guard next != 0x20, next != 0x09, next != 0x0A, next != 0x0D else { return false }
    index += 2
    return true
  }

  mutating func skipJSONSpace() {
    while index < count, base[index] == 0x20 || base[index] == 0x09 || base[index] == 0x0A || base[index] == 0x0D {
      index += 1
    }
  }

  /// The range between the quotes of the string at `index` (index moved past it); `nil` for contents
  /// ``JSONStringDecoder`` refuses (control bytes, unknown escapes, lone surrogates), which this
  /// reader leaves to `JSONSerialization`.
  @inline(__always)
  mutating func jsonString() -> Range<Int>? {
    guard expect(0x22) else { return nil }
    let start = index
    var escaped = false
    // Escapes are checked as they are passed: a `\u` one (surrogates) by ``JSONStringDecoder`` after
    // the string; the others here (checking every string with escapes again after it was a tenth of
    // the reader thread's work on ndjson). Whatever the escapes, the string is read to its end.
    var escapes: UInt8 = 0
    defer { lastStringEscaped = escaped }
    while index < count {
      // Sixteen, then eight bytes at a time past those that are none of `"`, `\` or a control byte
      // (below 0x20), straight to the first that is one (the lowest flagged byte of the test is always
      // a true one), which is read below. (Two words a step: their tests are independent, so they run
      // side by side; `SIMD16` compares were far slower here.)
      while index + 16 <= count {
        let first = JSONStringDecoder.specialBits(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let second = JSONStringDecoder.specialBits(
          UnsafeRawPointer(base + index).loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if first | second != 0 {
          index += first != 0 ? (first.trailingZeroBitCount >> 3) : 8 + (second.trailingZeroBitCount >> 3)
          break
        }
        index += 16
      }
      while index + 8 <= count {
        let bits = JSONStringDecoder.specialBits(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if bits != 0 {
          index += bits.trailingZeroBitCount >> 3
          break
        }
        index += 8
      }
      guard index < count else { break }
      let byte = base[index]
      if byte == 0x22 {
        index += 1
        if escapes & 2 != 0 { return nil }
        if escapes & 1 != 0 {
          let contents = UnsafeBufferPointer(start: base + start, count: index - 1 - start)
          guard JSONStringDecoder.decode(contents, into: nil) != nil else { return nil }
        }
        return start..<(index - 1)
      }
      if byte < 0x20 { return nil }
      if byte == 0x5C {
        escaped = true
        if index + 1 < count { escapes |= Self.escapeClass(base[index + 1]) }
        index += 2
        continue
      }
      index += 1
    }
    return nil
  }

  /// The escape a backslash followed by `byte` begins: 0 one of `"` `\` `/` `b` `f` `n` `r` `t`, 1 `u`
  /// (checked by ``JSONStringDecoder`` after the string), 2 none `JSONSerialization` reads. Out of line:
  /// inlined, it made the string reader too large to be inlined itself (+11 % on ndjson's reader thread).
  @inline(never)
  static func escapeClass(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: return 0
    case 0x75: return 1
    default: return 2
    }
  }

  /// The contents of a string value's range (with its quotes), or `nil` when it is not a string.
  func stringContents(_ value: Range<Int>) -> Range<Int>? {
    guard value.count >= 2, base[value.lowerBound] == 0x22 else { return nil }
    return (value.lowerBound + 1)..<(value.upperBound - 1)
  }

  /// Skips one JSON value; `false` for anything this reader does not vouch for.
  mutating func skipJSONValue(depth: Int) -> Bool {
    guard depth < 32, index < count else { return false }
    switch base[index] {
    case 0x22:
      return jsonString() != nil
    case 0x7B, 0x5B:
      let close: UInt8 = base[index] == 0x7B ? 0x7D : 0x5D
      let isObject = close == 0x7D
      index += 1
      skipJSONSpace()
      if expect(close) { return true }
      while true {
        if isObject {
          guard jsonString() != nil else { return false }
          skipJSONSpace()
          guard expect(0x3A) else { return false }
          skipJSONSpace()
        }
        guard skipJSONValue(depth: depth + 1) else { return false }
        skipJSONSpace()
        if expect(0x2C) {
          skipJSONSpace()
          continue
        }
        return expect(close)
      }
    case 0x74: return literal("true")
    case 0x66: return literal("false")
    case 0x6E: return literal("null")
    default:
      // `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 15 digits: no exponent.
      let start = index
      _ = expect(0x2D)
      let digitsStart = index
      while index < count, base[index] &- 0x30 < 10 { index += 1 }
      let whole = index - digitsStart
      guard whole > 0, whole == 1 || base[digitsStart] != 0x30 else { return false }
      if expect(0x2E) {
        let fraction = index
        while index < count, base[index] &- 0x30 < 10 { index += 1 }
        guard index > fraction else { return false }
      }
      guard index - start <= 16 else { return false }
      if index < count, base[index] == 0x65 || base[index] == 0x45 { return false }
      return true
    }
  }

  mutating func literal(_ word: StaticString) -> Bool {
    let bytes = word.utf8Start
    guard index + word.utf8CodeUnitCount <= count else { return false }
    for offset in 0..<word.utf8CodeUnitCount where base[index + offset] != bytes[offset] { return false }
    index += word.utf8CodeUnitCount
    return true
  }
}
