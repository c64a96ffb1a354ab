import Foundation

/// Turns console log lines into `LogEntry` records, one line at a time.
///
/// The layout is detected from the first line that fits one (or forced). After that, lines that
/// start with a blank, or do not fit the layout, are continuation lines of the record before
/// them. Exact duplicate records (a stream pasted twice; stamped to the second only, once the clock
/// went back since the first) and copies of a record stamped a few
/// microseconds apart (Console.app merging several copies of one stream; see
/// ``RecentRecords/copyWindow``) are dropped and counted; two records that only say the same thing
/// are both kept. Memory stays
/// bounded: only the record being built, a short window of recent records and a set of hashes
/// are kept.
public struct ConsoleLogParser {
  /// The layout in use: forced, or detected from the first record.
  public private(set) var layout: ConsoleLayout?
  /// What has been read so far.
  public private(set) var statistics = ConsoleLogStatistics()

  /// The record being read in the `String` path. `hasPending` says whether there is one, so that the
  /// byte path (every line of a large log) never copies this large optional to test it.
  private var pending: LogEntry? {
    didSet { hasPending = pending != nil }
  }
  private var hasPending = false
  private var pendingText: Int = 0
  private var dayOffset = 0
  private var previousSecondsOfDay: Double?
  private var seen = RecordHashSet(capacity: maximumRememberedRecords)
  /// The times of day of the records in `seen` lie in this range (`nil`: none yet), and whether one
  /// had no time. A record's hash takes in its time of day, so one outside the range is not in `seen`
  /// (give or take the hash's 2⁻⁶⁴): in a large log, whose first records fill `seen`, later records
  /// are told apart without reading a slot of `seen` (a cache miss per record).
  private var seenTimes: ClosedRange<Double>?
  private var seenUntimed = false
  /// How many times the clock went back (see `admit`), mod 2¹⁶: the tag of each hash in `seen`.
  private var stepsBack: UInt16 = 0
  private var recent = RecentRecords(capacity: recentWindow)
  /// The record being read in the byte-level path (``ConsoleLayout/timeProcessMessage``): its first
  /// line and continuation lines are the first `rawCount` bytes of `rawBytes`, and no `String` is made
  /// until it is wanted.
  private var raw = RawRecord()
  /// Whether `raw` is a record being read (it is changed in place, never copied whole: a copy of it was
  /// a `memmove` of about 270 bytes, twice a record).
  private var hasRaw = false
  /// Storage for the raw record, grown as needed and never shrunk: lines are copied in with `memcpy`.
  private var rawBytes: [UInt8] = []
  private var rawCount = 0
  /// When ``borrowsLines``: the raw record's bytes (`rawCount` of them) where its first line was
  /// handed in, not yet copied into `rawBytes` (most records have no continuation line, and are done
  /// with before their line is reused). `nil`: they are in `rawBytes`.
  private var rawLine: UnsafePointer<UInt8>?
  /// Whether a line given as bytes stays valid after the call that hands it in, until
  /// ``ownLines()``: a record's first line is then read where it is instead of copied. Set only by a
  /// caller that calls ``ownLines()`` before any line it handed in is reused.
  var borrowsLines = false
  private var json = JSONObjectScanner()
  /// For dates without a year (`idevicesyslog`): the year assumed, bumped at each December → January.
  private var assumedYear = 2000
  private var previousMonth: Int?
  /// The last date the clock read and its day number: records of a log share their date with the
  /// one before, so the day number is worked out once a day.
  private var lastDay: (date: LogDate, number: Int)?
  /// The blanks every record's first line starts with when the whole paste is indented (learned from
  /// the first header found only once they are dropped); dropped from every line that has them.
  private var indent: Int?
  /// The pending record had no header (a message alone): the next line without a header is a new one.
  private var pendingIsHeaderless = false
  /// The pending record has no header and its last line stops inside an object's description
  /// (`… because of <BKProcessAssertion: 0x1003b5930;`): the next line without a header continues it.
  private var pendingCutInDescription = false
  /// The pending record is a `log show` header that ended after its TTL column: the next line, if it
  /// starts with a blank, holds its process and message.
  private var pendingAwaitsSender = false
  /// Console.app columns in the user's order with the message not last, learned from the first record
  /// (``ConsoleColumnOrder``); such files are read on the `String` path.
  private var consoleColumns: ConsoleColumnOrder?
  /// A forced Console.app layout whose column order is not known yet: its first record is read by
  /// ``ConsoleColumnOrder`` (in the user's order or the usual one), as a detected one is.
  private var columnsToLearn = false
  /// The bracketed tags a capturing tool wrote before every line, headers and continuation lines alike
  /// (Appium #13503: `[IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.001 Df SpringBoard[…] …`),
  /// learned from the first header found only once they are dropped; dropped from every line that
  /// starts with them.
  private var tagPrefix: String?
  /// Every device line sits behind Appium's `[IOS_SYSLOG_ROW ]` tag, after Appium's own time and level,
  /// which vary from line to line (appium #4506, #5271: `2015-02-07 00:25:06:001 - info: [IOS_SYSLOG_ROW ]
  /// Feb  6 16:25:07 host wirelessproxd[36] <Notice>: …`): learned from the first header found only
  /// after the tag. The device's line is what follows the tag; a line without it is Appium's own.
  private var readsSyslogRows = false
  /// The mark learned before every line of the paste and dropped from each (``PasteResidue/LineMark``): a
  /// Markdown blockquote's `> ` (phonegap-plugin-push #1677), a code comment's `// ` after the code's indent
  /// (an iOS 7 device log kept in an Objective-C comment, the Zazo app's `TBMAppDelegate.m`), or a search
  /// tool's hit marker (Notepad++'s Find in Files: `Line  453: Jul 18 14:12:54 xxxxx-iPad
  /// runningboardd(RunningBoard)[60] …`, ms-intune-app-sdk-ios #351), or the log file's line number (`42884
  /// 2018-06-08 10:21:15.453 Keybase[10914:3793552] …`, keybase/client #12270). Such a log is read on the `String`
  /// path.
  private var lineMark: PasteResidue.LineMark?
  /// ``PasteResidue/LineMark/flutterDeviceLog``: the last line with the tool's elapsed time was the tool's own,
  /// so a line without it (the tool's output wrapped) is the tool's too.
  private var flutterToolLine = false
  /// Lone `{` / `[` lines (an NSLog dictionary dump's `{`, or the start of `log show --style json`) read
  /// while no layout is known and a record is being read: held until a line tells which (see
  /// ``heldJSONOpener(_:number:emit:)``). At most ``maximumHeldOpeners``.
  private var heldOpeners: [(line: Substring, number: Int)] = []
  static let maximumHeldOpeners = 4
  /// ``ConsoleLayout/xcodeMetadata``: the paragraph read since the last metadata line (read on the `String` path).
  private var metadataCopy = XcodeMetadataCopy()

  /// The most text kept for one record; longer continuation text is dropped and counted.
  static let maximumRecordLength = 16_384
  /// How many record hashes are kept to find exact duplicates.
  static let maximumRememberedRecords = 131_072
  /// How many recent records are compared for copies stamped a few microseconds apart.
  static let recentWindow = 64

  /// Decides from a record's process and message (UTF-8 bytes) whether it is needed as a `LogEntry`.
  /// Records it refuses are still counted, checked for duplicates and put on the clock, but not
  /// built or emitted. `plain` is `true` when both are known to be ASCII without a carriage return
  /// (`false`: not known). `nil` emits every record.
  typealias RecordFilter = (
    _ process: UnsafeBufferPointer<UInt8>, _ message: UnsafeBufferPointer<UInt8>, _ plain: Bool
  ) -> Bool
  /// See ``RecordFilter``.
  var recordFilter: RecordFilter?
  /// The latest clock of the records read so far (emitted or refused by the filter), duplicates
  /// left out: where the log ends.
  private(set) var latestClock: Double?

  /// Creates a parser; pass a layout to skip detection.
  public init(layout: ConsoleLayout? = nil) {
    self.layout = layout
    forced = layout != nil
    columnsToLearn = layout == .consoleApp
  }

  /// The layout was given, not detected: lines that do not fit it are not read any other way.
  private let forced: Bool

  /// Reads every line of a text and returns the records.
  public static func entries(in source: SourceText, layout: ConsoleLayout? = nil) -> (
    entries: [LogEntry], statistics: ConsoleLogStatistics
  ) {
    var parser = ConsoleLogParser(layout: layout)
    var entries: [LogEntry] = []
    for line in source.lines {
      parser.consume(line) { entries.append($0) }
    }
    if let entry = parser.finish() { entries.append(entry) }
    return (entries, parser.statistics)
  }

  /// Reads the next line and hands `emit` the records it completed (usually none or one; a line
  /// of a JSON export can close several objects).
  public mutating func consume(_ line: Substring, emit: (LogEntry) -> Void) {
    statistics.lines += 1
    let number = statistics.lines
    if layout == .timeProcessMessage, lineMark == nil {
      // The layout of large device dumps: read on bytes, building strings only for wanted records.
      let done: Void? = line.utf8.withContiguousStorageIfAvailable {
        consumeBytes($0, ascii: false, line: line, number: number, filter: storedFilter, emit: emit)
      }
      if done == nil {
        Array(line.utf8).withUnsafeBufferPointer {
          consumeBytes($0, ascii: false, line: line, number: number, filter: storedFilter, emit: emit)
        }
      }
      return
    }
    if layout == .xcodeMetadata {
      consumeMetadataCopy(line, number: number, emit: emit)
      return
    }
    if layout == nil, !heldOpeners.isEmpty || (hasPending && Self.isLoneJSONOpener(line)) {
      // A lone `{` after records: an NSLog dictionary dump's continuation or a JSON export; the next line says.
      if heldJSONOpener(line, number: number, emit: emit) { return }
    }
    if layout == nil, !forced, line.utf8.first == 0x54, let fields = XcodeMetadataCopy.fields(line) {
      // Xcode's console copied with metadata: this line is the header of the message before it.
      layout = .xcodeMetadata
      if hasPending, pendingIsHeaderless, let entry = pending, entry.timestamp == nil, entry.process.isEmpty {
        pending = nil
        metadataCopy.adopt(entry)
      }
      if let completed = complete() { emit(completed) }
      emitMetadataRecord(metadataCopy.record(fields, line: line, number: number), emit: emit)
      return
    }
    if layout == .logShowJSON || (layout == nil && Self.opensJSONExport(line)) {
      layout = .logShowJSON
      consumeJSON(line, number: number, emit: emit)
      return
    }
    if layout == nil, !forced,
      let records = FlattenedConsoleCopy.records(in: line) ?? FlattenedConsoleCopy.timeProcessMessageRecords(in: line)
    {
      // A Console.app copy (or an `HH:MM:SS process message` log) flattened onto one line: its records, all of this line.
      for record in records { if let entry = consumeText(record, number: number) { emit(entry) } }
      return
    }
    if let entry = consumeText(line, number: number) { emit(entry) }
  }

  /// ``consume(_:emit:)`` for a line given as UTF-8 bytes (valid UTF-8); `isASCII` says the line is
  /// known to be ASCII. The `HH:MM:SS  process  message` layout is read without making a `String`.
  public mutating func consume(
    bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, emit: (LogEntry) -> Void
  ) {
    guard readsBytes else {
      consume(Substring(String(decoding: bytes, as: UTF8.self)), emit: emit)
      return
    }
    statistics.lines += 1
    consumeBytes(bytes, ascii: isASCII, line: nil, number: statistics.lines, filter: storedFilter, emit: emit)
  }

  /// ``consume(bytes:isASCII:emit:)`` with `filter` in place of ``recordFilter`` for the records of the
  /// byte layout: a closure passed down is called without the retain and release of the stored one,
  /// which were a visible cost per record. `filter` must decide as ``recordFilter`` does.
  mutating func consume(
    bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, prepared: PreparedLine? = nil, filter: RecordFilterBody,
    emit: (LogEntry) -> Void
  ) {
    guard readsBytes else {
      consume(bytes: bytes, isASCII: isASCII, emit: emit)
      return
    }
    statistics.lines += 1
    if let byteHeader = prepared?.byteHeader {
      consumeBytes(
        bytes, ascii: isASCII, line: nil, number: statistics.lines, preparedHeader: byteHeader, filter: filter,
        emit: emit)
      return
    }
    consumeBytes(
      bytes, ascii: isASCII, line: nil, number: statistics.lines,
      prepared: layout == .timeProcessMessage ? prepared : nil, filter: filter, emit: emit)
  }

  /// Whether lines given as bytes are read on their bytes: the layouts with a byte-level header reader
  /// (``ConsoleByteHeader``), once detected.
  private var readsBytes: Bool {
    guard let layout else { return false }
    // A quoted `HH:MM:SS  process  message` log is read on the `String` path, which drops the quote; the
    // other layouts leave a line whose header they cannot read (a quoted one) to it anyway.
    return (layout == .timeProcessMessage && lineMark == nil) || ConsoleByteHeader.reads(layout)
  }

  /// A ``RecordFilter`` passed down a call.
  /// `anchors`: whether the message holds an anchor of ``MessageRecognizers/filterScanner``, when
  /// that was worked out ahead (``PreparedLine/anchors``); `nil` when not.
  typealias RecordFilterBody = (
    _ process: UnsafeBufferPointer<UInt8>, _ message: UnsafeBufferPointer<UInt8>, _ plain: Bool,
    _ anchors: Bool?
  ) -> Bool

  /// ``recordFilter`` as a filter to pass down (every record passes without one).
  private var storedFilter: RecordFilterBody {
    let stored = recordFilter
    return { process, message, plain, _ in stored?(process, message, plain) ?? true }
  }

  /// Reads the next line; returns the record it completed, if any. Records beyond the first
  /// that one line of a JSON export completes are lost: use `consume(_:emit:)` for those.
  public mutating func consume(_ line: Substring) -> LogEntry? {
    var first: LogEntry?
    consume(line) { entry in if first == nil { first = entry } }
    return first
  }

  /// `[{`, `[` or `{` alone: the start of `log show --style json` (one object over many lines);
  /// `},{`: a `log stream --style json` joined mid-array.
  private static func opensJSONExport(_ line: Substring) -> Bool {
    // Only blanks are trimmed before the first ASCII character: any other is the trimmed text's first.
    if let first = line.utf8.first, first < 0x80, first != 0x20, first != 0x09, first != 0x5B, first != 0x7B,
      first != 0x7D
    {
      return false
    }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed == "[" || trimmed == "{" || trimmed.hasPrefix("[{") || trimmed == "[ {"
      || trimmed.hasPrefix("},{")
  }

  /// `{`, `[` or `[ {` alone (blanks around it): what opens `log show --style json` when the array and its
  /// first object are not on one line, and also what an NSLog dump of a dictionary or an array writes on a
  /// line of its own (google/paco #830: `Event Upload RESPONSE = (`, then `        {`, `        eventId = 0;`).
  static func isLoneJSONOpener(_ line: Substring) -> Bool {
    let bytes = line.utf8
    guard bytes.count <= 64, bytes.contains(where: { $0 == 0x7B || $0 == 0x5B }) else { return false }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed == "{" || trimmed == "[" || trimmed == "[ {"
  }

  /// Whether `line` is a JSON object's member as `log show --style json` writes one on a line of its own:
  /// a quoted key, blanks, then `:` (`  "traceID" : 4294967300,`). NSLog's dumps write `key = value;` (a
  /// key in quotes only when it needs them, then ` = `), never `"key" :`.
  static func isJSONMemberLine(_ line: Substring) -> Bool {
    let bytes = line.utf8
    guard let open = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), bytes[open] == 0x22 else { return false }
    var index = bytes.index(after: open)
    var escaped = false
    while index != bytes.endIndex {
      let byte = bytes[index]
      if escaped {
        escaped = false
      } else if byte == 0x5C {
        escaped = true
      } else if byte == 0x22 {
        break
      }
      index = bytes.index(after: index)
    }
    guard index != bytes.endIndex else { return false }
    let rest = bytes[bytes.index(after: index)...].drop(while: { $0 == 0x20 || $0 == 0x09 })
    return rest.first == 0x3A
  }

  /// A lone `{` / `[` (``isLoneJSONOpener(_:)``) read after a record while no layout is known is held, with the
  /// lone openers and blank lines after it; the first other line decides. A JSON member
  /// (``isJSONMemberLine(_:)``): a JSON export opens there, read from the first held line. Anything else
  /// (`eventId = 0;`): the held lines are read as the text they are (continuation lines, or records without a
  /// header), then `line`. Returns whether `line` was taken; `false`: read it as usual.
  private mutating func heldJSONOpener(_ line: Substring, number: Int, emit: (LogEntry) -> Void) -> Bool {
    let opener = Self.isLoneJSONOpener(line)
    if opener || !heldOpeners.isEmpty && line.allSatisfy({ $0 == " " || $0 == "\t" }),
      heldOpeners.count < Self.maximumHeldOpeners
    {
      heldOpeners.append((line, number))
      return true
    }
    let held = heldOpeners
    heldOpeners = []
    if !opener, Self.isJSONMemberLine(line) {
      layout = .logShowJSON
      for heldLine in held { consumeJSON(heldLine.line, number: heldLine.number, emit: emit) }
      consumeJSON(line, number: number, emit: emit)
      return true
    }
    for heldLine in held {
      if let entry = consumeText(heldLine.line, number: heldLine.number) { emit(entry) }
    }
    guard opener else { return false }
    // More lone openers than a JSON export starts with: text, as the ones before it.
    if let entry = consumeText(line, number: number) { emit(entry) }
    return true
  }

  /// A line of an Xcode console copied with metadata (``XcodeMetadataCopy``): a metadata line ends the record
  /// whose message is the paragraph before it; a blank line or a code fence ends a paragraph no metadata
  /// line claimed (a record without a header); any other line adds to the paragraph.
  private mutating func consumeMetadataCopy(_ line: Substring, number: Int, emit: (LogEntry) -> Void) {
    if line.utf8.first == 0x54, let fields = XcodeMetadataCopy.fields(line) {
      emitMetadataRecord(metadataCopy.record(fields, line: line, number: number), emit: emit)
      return
    }
    if XcodeMetadataCopy.endsParagraph(line) {
      if let paragraph = metadataCopy.unclaimedParagraph() { emitMetadataRecord(paragraph, emit: emit) }
      if PasteResidue.isCodeFence(line) { statistics.unknownLines += 1 }
      return
    }
    metadataCopy.append(line, number: number, statistics: &statistics)
  }

  /// Admits a record of an Xcode metadata copy, read whole (clock, duplicates, filter) and hands it on.
  private mutating func emitMetadataRecord(_ entry: LogEntry, emit: (LogEntry) -> Void) {
    pending = entry
    pendingIsHeaderless = false
    pendingCutInDescription = false
    if let completed = complete() { emit(completed) }
  }

  private mutating func consumeJSON(_ line: Substring, number: Int, emit: (LogEntry) -> Void) {
    let wasInside = json.isInsideObject
    let outputs = json.consume(line, number: number)
    // A line inside an open object continues its record; text between objects (the
    // `Filtering the log data…` preamble) is unknown; `[`, `,` and `]` are the array's own.
    if wasInside {
      statistics.continuationLines += 1
    } else if outputs.isEmpty, !json.isInsideObject,
      line.contains(where: { !" \t[],".contains($0) })
    {
      statistics.unknownLines += 1
    }
    for output in outputs {
      switch output {
      case .object(let bytes, let start):
        guard let entry = ConsoleLayout.parseJSONObject(bytes, number: start) else {
          statistics.unknownLines += 1
          continue
        }
        if let completed = complete() { emit(completed) }
        pending = entry
      case .tooLarge:
        statistics.truncatedRecords += 1
      }
    }
  }

  private mutating func consumeText(_ wholeLine: Substring, number: Int) -> LogEntry? {
    // Blank lines belong to the record being read (messages can hold empty lines); before the
    // first record they are skipped.
    let hasRecord = hasPending || hasRaw
    if !hasRecord, wholeLine.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
    var line = wholeLine
    var commentProse = false
    switch lineMark {
    case .quote?: if line.utf8.first == 0x3E { line = PasteResidue.droppingQuoteMark(line) }
    case .comment(let blanks)?:
      if let (rest, prose) = PasteResidue.droppingCommentMark(line, blanks: blanks) {
        line = rest
        commentProse = prose
      }
    case .blockComment(let mark)?:
      if line.hasPrefix(mark) {
        line = line.dropFirst(mark.count)
      } else if PasteResidue.isBlockCommentEdge(line, mark: mark) {
        // The comment's `*` alone is an empty line of it; its `*/` ends it and is no log line.
        guard !line.contains("*/") else {
          statistics.unknownLines += 1
          return nil
        }
        line = line[line.endIndex...]
      }
    case .lineNumber?: if let rest = PasteResidue.droppingLineNumber(line) { line = rest }
    case .flutterDeviceLog?:
      if PasteResidue.flutterElapsedLength(line) != nil {
        guard let rest = PasteResidue.droppingFlutterDeviceLog(line) else {
          // The tool's own line (`[   +2 ms] Observatory URL on device: …`): never the device's, never part of a record.
          flutterToolLine = true
          statistics.unknownLines += 1
          return nil
        }
        line = rest
        flutterToolLine = false
      } else if flutterToolLine, line.contains(where: { $0 != " " && $0 != "\t" }) {
        // The tool's own line wrapped (the tool wraps its output at the terminal's width): the tool's too.
        statistics.unknownLines += 1
        return nil
      }
    case .searchHit?, nil: break
    }
    if let indent, let rest = Self.dropIndent(line, indent) { line = rest }
    if lineMark == .searchHit, let rest = PasteResidue.droppingSearchHitMark(line) { line = rest }
    if let tagPrefix, line.hasPrefix(tagPrefix) { line = line.dropFirst(tagPrefix.count) }
    if readsSyslogRows, line.contains(where: { $0 != " " && $0 != "\t" }) {
      guard let row = ConsoleLayout.syslogRowStart(line) else {
        // Appium's own line (its HTTP traffic, its notes): not the device's, never part of a record.
        statistics.unknownLines += 1
        return nil
      }
      line = line[row...]
    }
    let startsBlank = line.first == " " || line.first == "\t"
    // Every header reader needs a clock time (`HH:MM:SS`: a digit, a colon, a digit) or, for ndjson, a
    // `{`: while no layout is known, a line with neither is not offered to them (plain text of many
    // lines was read by every reader on every line: 1 s for 2 MiB).
    let mayOpen = layout != nil || offeredWithoutLayout(line)
    if !startsBlank, mayOpen, let header = header(line, number: number) {
      return begin(header, line: line, headerless: false)
    }
    if commentProse {
      // The comment's prose, less indented than its log lines (`//  Errors appear to occur when …` among
      // `//    ` lines): a note of its own, never part of the record before it; lines without a header after it
      // continue it, as after an author's note.
      return begin(LogEntry(line: number, process: "", message: String(line)), line: line, headerless: false)
    }
    // A record's line wrapped whole in Markdown's bold (`**2021-09-28 12:09:11.299582-0300 Runner[397:8084] Simulating
    // launch …**`, flutter_background_fetch #251), among lines that are not: read without the two `**`, line by line
    // (only a line that starts with `*` and has no header as it stands is looked at). A bold opened there and not
    // closed on the line (`**Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: …`, EZAudio #245) is
    // read without its `**`, the rest of the line kept as written.
    if !forced, !startsBlank, mayOpen, line.utf8.first == 0x2A,
      let inner = PasteResidue.insideBold(line) ?? PasteResidue.droppingBoldOpening(line),
      let header = quotedHeader(inner, number: number)
    {
      return begin(header, line: inner, headerless: false)
    }
    // A code comment's `// ` before every line, after the code's indent (the Zazo app's `TBMAppDelegate.m`):
    // learned from the first line that has a header once it is dropped; before the notes, since a note may
    // start with `// ` too (a note has no header after it).
    if !forced, layout == nil, mayOpen, lineMark == nil, tagPrefix == nil, indent == nil,
      let (rest, blanks) = PasteResidue.droppingComment(line), let header = quotedHeader(rest, number: number)
    {
      lineMark = .comment(blanks: blanks)
      return begin(header, line: rest, headerless: false)
    }
    // A C block comment's ` * ` before every line, after the code's indent (`     *  Aug 22 17:37:34 BryPhone-5
    // nsurlsessiond[101] <Error>: …`, an Objective-C comment above an upload task): learned as `// ` is, with its
    // blanks, from the first line that has a header once it is dropped.
    if !forced, layout == nil, mayOpen, lineMark == nil, tagPrefix == nil, indent == nil,
      let (rest, mark) = PasteResidue.droppingBlockComment(line), let header = quotedHeader(rest, number: number)
    {
      lineMark = .blockComment(String(mark))
      return begin(header, line: rest, headerless: false)
    }
    // A search tool's hit marker before every line (`Line  453: `, Notepad++'s Find in Files: ms-intune-app-sdk-ios
    // #351): learned from the first line that has a header once it is dropped, while no layout is known.
    if !forced, layout == nil, mayOpen, lineMark == nil, tagPrefix == nil, indent == nil,
      let rest = PasteResidue.droppingSearchHitMark(line), !rest.isEmpty,
      let header = quotedHeader(rest, number: number)
    {
      lineMark = .searchHit
      return begin(header, line: rest, headerless: false)
    }
    // The log file's line number and a blank before every line (`42884 2018-06-08 10:21:15.453
    // Keybase[10914:3793552] …`, keybase/client #12270): learned as the search hit's marker is, from the first line
    // that has a header once it is dropped, while no layout is known. Not from a line that Console.app's columns in
    // the user's order read as it stands (a first column may be a number there); `NNNN   :` is idevicesyslog's.
    if !forced, layout == nil, mayOpen, lineMark == nil, tagPrefix == nil, indent == nil,
      line.utf8.first.map({ $0 &- 0x30 < 10 }) == true, let rest = PasteResidue.droppingLineNumber(line),
      !rest.isEmpty, ConsoleLayout.parseConsoleAppColumns(line, number: number) == nil,
      let header = quotedHeader(rest, number: number)
    {
      lineMark = .lineNumber
      return begin(header, line: rest, headerless: false)
    }
    // `flutter run -v`'s elapsed time and `[DEVICE LOG]` tag before every device line (`[   +1 ms] [DEVICE LOG]
    // 2020-03-20 14:30:19.245881+0530  localhost Runner[11452]: (WebKit)`, flutter/flutter #43410): learned from
    // the first line that has a header once they are dropped, while no layout is known. The tool's other lines
    // after its elapsed time are its own; a line without the elapsed time is a wrapped line of the one before.
    if !forced, layout == nil, mayOpen, lineMark == nil, tagPrefix == nil, indent == nil, line.utf8.first == 0x5B,
      let rest = PasteResidue.droppingFlutterDeviceLog(line), let header = quotedHeader(rest, number: number)
    {
      lineMark = .flutterDeviceLog
      return begin(header, line: rest, headerless: false)
    }
    if hasRecord, !startsBlank,
      line.utf8.withContiguousStorageIfAvailable({ ConsoleLayout.isAuthorNote($0) }) == true
        || ConsoleLayout.isDebuggerMessage(line)
    {
      // A note the author put between records: a record of its own without a header, never part of
      // the message before it; lines without a header after it continue it (`headerless: false`).
      var note = LogEntry(line: number, process: "", message: String(line))
      if layout == .xcode, ConsoleLayout.isDebuggerMessage(line), let (process, pid) = pendingProcess {
        // Xcode's console holds the debugged process's own records: its note on that process's end
        // is about the process of the record before it (RMGallery #10: `RMGalleryDemo[3438:887692]
        // Received memory warning.`, then `Message from debugger: Terminated due to memory issue`).
        note.process = process
        note.pid = pid
      }
      return begin(note, line: line, headerless: false)
    }
    if !startsBlank, !forced, hasRecord && layout == .xcode || layout == nil && mayOpen,
      let entry = ConsoleLayout.parseXcodeColonMilliseconds(line, number: number),
      layout == .xcode || !entry.process.contains(where: { $0 == " " || $0 == "\t" })
    {
      // An app's own logger between Xcode's records (`HH:MM:SS:mmm`, no offset): a record, not a continuation.
      // Opening a log (google/paco #830: `2014-02-20 15:29:06:402 Paco[9070:60b] …`), NSLog's own line with the
      // milliseconds after a colon: Xcode's layout, as with a `.` there (the process one word: Appium's own
      // `2015-02-07 00:25:06:001 - info: …` lines are no such record).
      if layout == nil { layout = .xcode }
      return begin(entry, line: line, headerless: false)
    }
    if !forced, layout == nil, !startsBlank, mayOpen,
      let entry = ConsoleLayout.parseAppTimeMessage(line, number: number)
        ?? ConsoleLayout.parseAppUTCTimeMessage(line, number: number)
    {
      // An app's own timed line: like a message alone, the next line without a header is a new record. It has
      // a time, so it never continues the record before it (an author's `...` between two: owntracks/ios #839).
      return begin(entry, line: line, headerless: true)
    }
    if hasRecord, !pendingIsHeaderless || startsBlank || line.isEmpty || pendingCutInDescription {
      // A headerless line wrapped inside a description (react-native-background-timer #38) is joined once
      // per cut: the flag follows the last line joined.
      if pendingIsHeaderless { pendingCutInDescription = ConsoleLayout.stopsInsideDescription(line) }
      statistics.continuationLines += 1
      if pendingAwaitsSender, var entry = pending {
        // A `log show` header that ended after its TTL column: this line holds its sender and message.
        pendingAwaitsSender = false
        if ConsoleLayout.readLogShowSender(line, into: &entry) {
          entry.lineCount += 1
          pending = entry
          pendingText = entry.message.utf8.count
          return nil
        }
      }
      if hasRaw {
        var text = line
        text.withUTF8 { appendRawContinuation($0, ascii: false) }
      } else {
        appendContinuation(line)
      }
      return nil
    }
    // The line would be unknown: the tolerant readers come first (unless the layout was forced).
    if !forced, !readsSyslogRows, mayOpen, let entry = syslogRowHeader(line, number: number) {
      return begin(entry, line: line, headerless: false)
    }
    if !forced, layout == nil, mayOpen, let entry = ConsoleLayout.parseLaunchdLog(line, number: number) {
      // macOS launchd.log: launchd's record with its time, the job kept in the message.
      return begin(entry, line: line, headerless: true)
    }
    if !forced, mayOpen, let (header, stripped) = tolerantHeader(line, number: number) {
      if stripped > 0 { indent = stripped }
      return begin(header, line: Self.dropIndent(line, stripped) ?? line, headerless: false)
    }
    // A Markdown blockquote before every line (phonegap-plugin-push #1677): learned from the first line
    // that has a header once its `>` is dropped.
    if !forced, mayOpen, lineMark == nil, tagPrefix == nil, indent == nil, let rest = PasteResidue.droppingQuote(line),
      let header = quotedHeader(rest, number: number)
    {
      lineMark = .quote
      return begin(header, line: rest, headerless: false)
    }
    // What a paste left before the first record (a backtick: capacitor #5366; an italic `_`: XMPPFramework
    // #765; lldb's `(lldb) ` prompt: flutter_background_fetch #151; an inline code span around the line):
    // the first record's header is read without it. Only these, only before the first record.
    if !forced, layout == nil, mayOpen, !hasRecord, let rest = PasteResidue.droppingLeadingResidue(line),
      let header = header(rest, number: number)
    {
      return begin(header, line: rest, headerless: false)
    }
    // Prose that opens an inline code span before a record's header (`` Getting: `2022-08-12 14:55:40.460816+0200
    // Runner[5033:344896] Simulating launch … ``, flutter_workmanager #419): the record is read from its header on,
    // while no layout is known.
    if !forced, layout == nil, mayOpen, let rest = PasteResidue.droppingProseBeforeInlineCode(line),
      let header = header(rest, number: number)
    {
      return begin(header, line: rest, headerless: false)
    }
    // No header at all (Xcode with metadata off, a message copied alone): a record without a time,
    // kept in file order, while no layout has been found. A tool's own notes stay unknown. Xcode's
    // `Process[pid:tid] ` without its time (Reachability.swift #356) still names the process. A line
    // that is one inline code span (wikipedia-ios #3548) is read without its backticks, one that ends in a
    // code fence glued to it (WordPress-iOS #4454) without the fence, one in a Markdown blockquote
    // (`> Can't end BackgroundTask: …`, StravaSwift #25) without its `>`. The first record may be indented when it
    // holds words a recogniser reads (a line pasted alone with blanks before it: `  BackgroundSession <…> connection
    // to background transfer daemon interrupted`, aws-sdk-ios #3566): read without its blanks. Other indented lines
    // before the first record (a code sample's) stay unknown; one after a record still continues it.
    var opensIndented = false
    if layout == nil, startsBlank, !hasRecord {
      let text = line.drop(while: { $0 == " " || $0 == "\t" })
      if !text.isEmpty, MessageRecognizers.filterScanner.groups(in: text) != 0 {
        line = text
        opensIndented = true
      }
    }
    if layout == nil, !startsBlank || opensIndented, !ConsoleLayout.isToolNote(line) {
      // A code fence alone (```` ``` ````, ```` ```shell ````: clocker #117, Cork #520) is the paste's, no record.
      if PasteResidue.isCodeFence(line) {
        statistics.unknownLines += 1
        return nil
      }
      if let rest = PasteResidue.droppingQuote(line) { line = rest }
      if let inner = PasteResidue.insideInlineCode(line) ?? PasteResidue.droppingGluedFence(line)
        ?? PasteResidue.insideBold(line)
      {
        line = inner
      }
      let entry =
        ConsoleLayout.parseXcodeWithoutTime(line, number: number)
        ?? LogEntry(line: number, process: "", message: String(line))
      return begin(entry, line: line, headerless: true)
    }
    statistics.unknownLines += 1
    return nil
  }

  /// The process and pid of the record being read (byte-level or `String`), when it names them.
  private var pendingProcess: (String, Int?)? {
    if hasRaw {
      let process = withRawBytes { String(decoding: $0[raw.process], as: UTF8.self) }
      return process.isEmpty ? nil : (process, raw.pid)
    }
    guard let pending, !pending.process.isEmpty else { return nil }
    return (pending.process, pending.pid)
  }

  /// Makes `header` the pending record and returns the one it completes.
  private mutating func begin(_ header: LogEntry, line: Substring, headerless: Bool) -> LogEntry? {
    var header = header
    let completed = complete()
    if header.firstLine.isEmpty { header.firstLine = line.utf8.count <= 400 ? String(line) : String(line.prefix(400)) }
    pendingAwaitsSender = layout == .logShow && header.process.isEmpty && header.timestamp != nil && !headerless
    pending = header
    pendingIsHeaderless = headerless
    pendingCutInDescription = headerless && ConsoleLayout.stopsInsideDescription(line)
    pendingText = header.message.utf8.count
    return completed
  }

  /// Lines read while no layout was known that were offered to the header readers (see
  /// ``mayHoldHeader(_:)``): the work of detecting a layout is bounded by it.
  private(set) var linesOfferedWithoutLayout = 0

  /// ``mayHoldHeader(_:)``, counted in ``linesOfferedWithoutLayout``; only asked while no layout is known.
  private mutating func offeredWithoutLayout(_ line: Substring) -> Bool {
    guard Self.mayHoldHeader(line) else { return false }
    linesOfferedWithoutLayout += 1
    return true
  }

  /// Whether `line` holds what every header reader needs: a clock time's `digit:digit` or a `{` (ndjson).
  /// `false` means no layout's header reader, tolerant or not, reads it.
  static func mayHoldHeader(_ line: Substring) -> Bool {
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      var previousIsDigit = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x7B { return true }
        if byte == 0x3A, previousIsDigit, index + 1 < bytes.count, bytes[index + 1] &- 0x30 < 10 { return true }
        previousIsDigit = byte &- 0x30 < 10
        index += 1
      }
      return false
    }
    if let found = line.utf8.withContiguousStorageIfAvailable(scan) { return found }
    return Array(line.utf8).withUnsafeBufferPointer(scan)
  }

  /// `line` without its first `count` bytes when they are all blanks, else `nil`.
  private static func dropIndent(_ line: Substring, _ count: Int) -> Substring? {
    let bytes = line.utf8
    guard bytes.count >= count, bytes.prefix(count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
      return nil
    }
    return Substring(bytes[bytes.index(bytes.startIndex, offsetBy: count)...])
  }

  /// For a line that fits no header of the detected layout and would be unknown: the line read with
  /// its leading blanks dropped (an indented paste; only until an indent is learned), as any other
  /// layout, or as Console.app columns in another order. Returns the record and how many leading
  /// blanks were dropped.
  private mutating func tolerantHeader(_ line: Substring, number: Int) -> (LogEntry, Int)? {
    var text = line
    if indent == nil { text = line.drop(while: { $0 == " " || $0 == "\t" }) }
    let stripped = line.utf8.count - text.utf8.count
    guard !text.isEmpty else { return nil }
    for candidate in ConsoleLayout.detectionOrder where candidate != layout {
      if let entry = candidate.parseHeader(text, number: number) {
        guard layout == nil else { return (entry, stripped) }
        return (detected(candidate, entry, text, number: number), stripped)
      }
    }
    if let entry = ConsoleLayout.parseConsoleAppColumns(text, number: number) {
      if layout == nil { layout = .consoleApp }
      return (entry, stripped)
    }
    if tagPrefix == nil, stripped == 0, let tags = Self.leadingTags(text) {
      let rest = text.dropFirst(tags)
      for candidate in ConsoleLayout.detectionOrder where layout == nil || candidate == layout {
        if let entry = candidate.parseHeader(rest, number: number) {
          tagPrefix = String(text.prefix(tags))
          guard layout == nil else { return (entry, 0) }
          return (detected(candidate, entry, rest, number: number), 0)
        }
      }
    }
    return nil
  }

  /// The header of a quoted line without its `>`, in the layout detected or, before one is, in any layout.
  private mutating func quotedHeader(_ rest: Substring, number: Int) -> LogEntry? {
    for candidate in ConsoleLayout.detectionOrder where layout == nil || candidate == layout {
      if let entry = candidate.parseHeader(rest, number: number) {
        guard layout == nil else { return entry }
        return detected(candidate, entry, rest, number: number)
      }
    }
    return nil
  }

  /// The header of the device line behind Appium's `[IOS_SYSLOG_ROW ]` tag (see `readsSyslogRows`), in
  /// the layout detected or, before one is, in any layout; once one is read, every line is read so.
  private mutating func syslogRowHeader(_ line: Substring, number: Int) -> LogEntry? {
    guard let start = ConsoleLayout.syslogRowStart(line) else { return nil }
    let rest = line[start...]
    for candidate in ConsoleLayout.detectionOrder where layout == nil || candidate == layout {
      if let entry = candidate.parseHeader(rest, number: number) {
        readsSyslogRows = true
        guard layout == nil else { return entry }
        return detected(candidate, entry, rest, number: number)
      }
    }
    return nil
  }

  /// How many characters of `line` are one to three bracketed tags, each followed by one space
  /// (`[IOSSimulatorLog] [IOS_SYSLOG_ROW] `), with text after them; `nil` when it does not start so.
  /// A tag is at most 40 characters, without blanks.
  private static func leadingTags(_ line: Substring) -> Int? {
    var rest = line[...]
    var tags = 0
    while tags < 3, rest.first == "[" {
      guard let close = rest.prefix(42).firstIndex(of: "]"),
        !rest[..<close].contains(where: { $0 == " " || $0 == "\t" }),
        rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == " "
      else { break }
      rest = rest[rest.index(close, offsetBy: 2)...]
      tags += 1
    }
    guard tags > 0, !rest.isEmpty else { return nil }
    return line.distance(from: line.startIndex, to: rest.startIndex)
  }

  /// Returns the last record once the input has ended.
  public mutating func finish() -> LogEntry? {
    // The text ended on lone `{` / `[` lines held after a record (``heldJSONOpener(_:number:emit:)``): no JSON
    // export follows them, so they end the record being read.
    for opener in heldOpeners {
      statistics.continuationLines += 1
      appendContinuation(opener.line)
    }
    heldOpeners = []
    if layout == .xcodeMetadata, let paragraph = metadataCopy.unclaimedParagraph() {
      // Lines after the last metadata line: no metadata line claims them.
      pending = paragraph
    }
    return complete()
  }

  // MARK: - Byte-level path (time-process-message)

  /// A record of the `HH:MM:SS  process  message` layout kept as bytes in `rawBytes`.
  private struct RawRecord {
    var line = 0
    var secondsOfDay = 0.0
    /// The date, UTC offset and pid of the layouts that write them (``ConsoleByteHeader``).
    var date: LogDate? = nil
    var utcOffsetSeconds: Int? = nil
    var pid: Int? = nil
    /// The header's other fields (``ConsoleByteHeader``), as ranges of the first line.
    var library: Range<Int>? = nil
    var subsystem: Range<Int>? = nil
    var category: Range<Int>? = nil
    var level: Range<Int>? = nil
    /// ndjson: where the first line's message ends in the raw bytes (process and message are copied
    /// after the first line, the message then continues with the continuation lines).
    var continuationStart: Int? = nil
    var process = 0..<0
    var messageStart = 0
    var firstLineEnd = 0
    var lineCount = 1
    /// The message's length in bytes as `appendContinuation` counts it.
    var textCount = 0
    /// Whether every line read into `rawBytes` is known to be ASCII (lines never hold a CR here).
    var plain = false
    /// The content hash of the first line's process and message, when worked out ahead (see
    /// ``PreparedLine``): the record's own while it has no continuation lines.
    var firstLineHash: UInt64? = nil
    /// ``PreparedLine/anchors`` of the first line, when worked out ahead: the record's own while it has
    /// no continuation lines.
    var firstLineAnchors: Bool? = nil

    /// Makes this the record of a first line, field by field in place (an assignment of a new value
    /// was built aside and copied with `memmove`).
    @inline(__always)
    mutating func begin(
      line: Int, secondsOfDay: Double, date: LogDate? = nil, utcOffsetSeconds: Int? = nil, pid: Int? = nil,
      library: Range<Int>? = nil, subsystem: Range<Int>? = nil, category: Range<Int>? = nil,
      level: Range<Int>? = nil, process: Range<Int>, messageStart: Int, firstLineEnd: Int, textCount: Int,
      plain: Bool, firstLineHash: UInt64?, firstLineAnchors: Bool?
    ) {
      self.line = line
      self.secondsOfDay = secondsOfDay
      self.date = date
      self.utcOffsetSeconds = utcOffsetSeconds
      self.pid = pid
      self.library = library
      self.subsystem = subsystem
      self.category = category
      self.level = level
      continuationStart = nil
      self.process = process
      self.messageStart = messageStart
      self.firstLineEnd = firstLineEnd
      lineCount = 1
      self.textCount = textCount
      self.plain = plain
      self.firstLineHash = firstLineHash
      self.firstLineAnchors = firstLineAnchors
    }
  }

  /// `consumeText` for ``ConsoleLayout/timeProcessMessage``, on the line's UTF-8 bytes; `ascii` says
  /// they are known to be ASCII, `line` is the line as text when the caller has it.
  @inline(__always)
  private mutating func consumeBytes(
    _ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool, line: Substring?, number: Int, prepared: PreparedLine? = nil,
    preparedHeader: UnsafePointer<PreparedHeader>? = nil, filter: RecordFilterBody, emit: (LogEntry) -> Void
  ) {
    let isPending = hasPending || hasRaw
    if !isPending, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
    if let layout, layout != .timeProcessMessage {
      // Plain ASCII headers of the shapes ``ConsoleByteHeader`` knows are read on the bytes; every
      // other line (continuation lines, headers it leaves to the `String` parser) goes through
      // `consumeText`, which also continues a raw record.
      let plain = ascii || ByteText.isASCII(bytes)
      var preparedHash: UInt64?
      var preparedAnchors: Bool?
      if indent == nil, plain, consoleColumns == nil, !columnsToLearn,
        let header = Self.byteHeader(
          bytes, layout: layout, prepared: preparedHeader, hash: &preparedHash, anchors: &preparedAnchors),
        !header.messageEscaped || bytes.first != 0x20
      {
        // (An indented ndjson line is a record here but a continuation line in `consumeText`; until
        // the two agree, one whose message has escapes still goes to `consumeText`, as it always did.)
        startRaw(bytes, filter: filter, emit)
        pendingIsHeaderless = false
        raw.begin(
          line: number, secondsOfDay: header.secondsOfDay, date: header.date,
          utcOffsetSeconds: header.utcOffsetSeconds,
          pid: header.pid, library: header.library, subsystem: header.subsystem,
          category: header.category, level: header.level, process: header.process,
          messageStart: header.messageStart, firstLineEnd: bytes.count,
          textCount: bytes.count - header.messageStart, plain: true, firstLineHash: preparedHash,
          firstLineAnchors: preparedAnchors)
        if let end = header.messageEnd {
          // The message is a piece of the line (an ndjson string): process and message are copied
          // after it so that the message runs on into the continuation lines.
          let processStart = rawCount
          appendRaw(UnsafeBufferPointer(rebasing: bytes[header.process]))
          let messageStart = rawCount
          let source = UnsafeBufferPointer(rebasing: bytes[header.messageStart..<end])
          if header.messageEscaped {
            // Escapes decoded as `JSONSerialization` decodes them (``ConsoleByteHeader`` checked them);
            // a decoded message may hold other than ASCII, or a carriage return.
            raw.plain = appendRawDecoded(source)
          } else {
            appendRaw(source)
          }
          raw.process = processStart..<messageStart
          raw.messageStart = messageStart
          raw.textCount = rawCount - messageStart
          raw.continuationStart = rawCount
        }
        hasRaw = true
        return
      }
      if let entry = consumeText(line ?? Substring(String(decoding: bytes, as: UTF8.self)), number: number) {
        emit(entry)
      }
      return
    }
    if let header = prepared.map({ $0.header }) ?? Self.timeProcessMessageHeader(bytes) {
      startRaw(bytes, filter: filter, emit)
      raw.begin(
        line: number, secondsOfDay: header.time, process: header.process,
        messageStart: header.messageStart, firstLineEnd: bytes.count,
        textCount: bytes.count - header.messageStart, plain: ascii, firstLineHash: prepared?.contentHash,
        firstLineAnchors: prepared?.anchors)
      hasRaw = true
      return
    }
    if isPending, let first = bytes.first, first == 0x2F || first == 0x2E || first == 0xE2 || first == 0x5B,
      beginNote(bytes, line: line, number: number, emit: emit)
    {
      return
    }
    if hasPending {
      statistics.continuationLines += 1
      appendContinuation(line ?? Substring(String(decoding: bytes, as: UTF8.self)))
    } else if hasRaw {
      statistics.continuationLines += 1
      appendRawContinuation(bytes, ascii: ascii)
    } else {
      statistics.unknownLines += 1
    }
  }

  /// ``ConsoleByteHeader/read(_:layout:)`` of `bytes`, taken from `prepared` when it was read ahead for
  /// `layout` (with the content hash of its process and message in `hash`, when it has one).
  @inline(__always)
  private static func byteHeader(
    _ bytes: UnsafeBufferPointer<UInt8>, layout: ConsoleLayout, prepared: UnsafePointer<PreparedHeader>?,
    hash: inout UInt64?, anchors: inout Bool?
  ) -> ConsoleByteHeader? {
    if let prepared, prepared.pointee.layout == layout {
      switch prepared.pointee.state {
      case .header:
        if prepared.pointee.hasContentHash { hash = prepared.pointee.contentHash }
        anchors = prepared.pointee.anchors
        return prepared.pointee.header
      case .noHeader: return nil
      case .notPrepared: break
      }
    }
    return ConsoleByteHeader.readOutOfLine(bytes, layout: layout)
  }

  /// Makes `bytes` a record of its own when it is an author's note (``ConsoleLayout/isAuthorNote(_:)``);
  /// `false` when it is not. Out of line: it keeps `consumeBytes`, which runs for every line, small
  /// enough to be inlined.
  @inline(never)
  private mutating func beginNote(
    _ bytes: UnsafeBufferPointer<UInt8>, line: Substring?, number: Int, emit: (LogEntry) -> Void
  ) -> Bool {
    guard ConsoleLayout.isAuthorNote(bytes) else { return false }
    let text = line ?? Substring(String(decoding: bytes, as: UTF8.self))
    // Lines without a header after it continue it (`headerless: false`).
    if let completed = begin(LogEntry(line: number, process: "", message: String(text)), line: text, headerless: false)
    {
      emit(completed)
    }
    return true
  }

  /// Appends a continuation line to the raw record (`ascii`: the line is known to be ASCII).
  private mutating func appendRawContinuation(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool) {
    guard hasRaw else { return }
    raw.lineCount += 1
    raw.plain = raw.plain && ascii
    if raw.textCount + bytes.count + 1 > Self.maximumRecordLength {
      if raw.textCount <= Self.maximumRecordLength { statistics.truncatedRecords += 1 }
      raw.textCount = Self.maximumRecordLength + 1
    } else {
      appendRaw(newline: true, bytes)
      raw.textCount += bytes.count + 1
    }
  }

  /// The raw record's bytes, where they are.
  @inline(__always)
  private func withRawBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let rawLine { return body(UnsafeBufferPointer(start: rawLine, count: rawCount)) }
    return rawBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<rawCount])) }
  }

  /// Copies a borrowed first line (``borrowsLines``) into the record's own bytes: before the lines
  /// handed in so far are reused, and before anything is appended to the record.
  mutating func ownLines() {
    guard let line = rawLine else { return }
    rawLine = nil
    let count = rawCount
    rawCount = 0
    appendRaw(UnsafeBufferPointer(start: line, count: count))
  }

  /// Appends `bytes` (after a line feed when `newline`) to the raw record's bytes.
  @inline(__always)
  private mutating func appendRaw(newline: Bool = false, _ bytes: UnsafeBufferPointer<UInt8>) {
    if rawLine != nil { ownLines() }
    let start = rawCount + (newline ? 1 : 0)
    let needed = start + bytes.count
    if needed > rawBytes.count {
      rawBytes.append(contentsOf: repeatElement(0, count: max(needed, 2 * rawBytes.count, 4096) - rawBytes.count))
    }
    rawBytes.withUnsafeMutableBufferPointer { storage in
      if newline { storage[rawCount] = 0x0A }
      if let source = bytes.baseAddress, !bytes.isEmpty {
        (storage.baseAddress! + start).update(from: source, count: bytes.count)
      }
    }
    rawCount = needed
  }

  /// Appends the JSON string contents `source` decoded (checked beforehand); returns whether the
  /// decoded bytes are ASCII without a carriage return.
  private mutating func appendRawDecoded(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
    if rawLine != nil { ownLines() }
    let needed = rawCount + source.count
    if needed > rawBytes.count {
      rawBytes.append(contentsOf: repeatElement(0, count: max(needed, 2 * rawBytes.count, 4096) - rawBytes.count))
    }
    let start = rawCount
    let length = rawBytes.withUnsafeMutableBufferPointer { storage in
      JSONStringDecoder.decode(source, into: storage.baseAddress! + start) ?? 0
    }
    rawCount = start + length
    return rawBytes.withUnsafeBufferPointer { storage in
      !storage[start..<rawCount].contains(where: { $0 >= 0x80 || $0 == 0x0D })
    }
  }

  /// `ConsoleLayout.parseTimeProcessMessage` on bytes: the time, the process's byte range and where
  /// the message starts; `nil` when the line is not a record's first line.
  static func timeProcessMessageHeader(
    _ bytes: UnsafeBufferPointer<UInt8>
  ) -> (time: Double, process: Range<Int>, messageStart: Int)? {
    // On the base pointer, every index checked against `count`: this runs for every line.
    let count = bytes.count
    guard count >= 8, let base = bytes.baseAddress, let (time, end) = FixedClockTime.read(base, count: count) else {
      return nil
    }
    var index = end
    guard index < count, base[index] == 0x20 || base[index] == 0x09 else { return nil }
    index = BlankScan.firstNonBlank(in: base, from: index + 1, to: count)
    let processStart = index
    index = BlankScan.firstBlank(in: base, from: index, to: count)
    guard index > processStart else { return nil }
    // A colon after the process (`kernel: memorystatus: …`) is not part of its name.
    let processEnd = index - processStart > 1 && base[index - 1] == 0x3A ? index - 1 : index
    index = BlankScan.firstNonBlank(in: base, from: index, to: count)
    return (time, processStart..<processEnd, index)
  }

  /// A new byte-level record begins with `bytes`: the record before it (`String` or byte-level) is
  /// finished first.
  private mutating func startRaw(
    _ bytes: UnsafeBufferPointer<UInt8>, filter: RecordFilterBody, _ emit: (LogEntry) -> Void
  ) {
    if hasPending {
      if let completed = complete() { emit(completed) }
    } else {
      completeRaw(filter: filter, emit)
    }
    rawCount = 0
    if borrowsLines, let base = bytes.baseAddress {
      rawLine = base
      rawCount = bytes.count
    } else {
      rawLine = nil
      appendRaw(bytes)
    }
  }

  /// Finishes the byte-level record: clock and duplicate checks on its bytes, then a `LogEntry` when
  /// the filter wants it.
  private mutating func completeRaw(filter: RecordFilterBody, _ emit: (LogEntry) -> Void) {
    guard hasRaw else { return }
    hasRaw = false
    // A copy: the closures below then do not capture the parser (reading `raw` in them copied the
    // whole parser for each record).
    let record = raw
    let timestamp = LogTimestamp(
      secondsOfDay: record.secondsOfDay, date: record.date, utcOffsetSeconds: record.utcOffsetSeconds)
    let clock = clock(for: timestamp)
    let count = rawCount
    // The bytes are read in place (no copy of the array, no retain), in steps around `admit`, which
    // mutates the parser; most records stop at the filter, so no `LogEntry` (a large value) is made.
    let content: UInt64
    if record.lineCount == 1, let hash = record.firstLineHash {
      content = hash
    } else {
      content = withRawBytes { storage in
        Self.contentHash(
          process: UnsafeBufferPointer(rebasing: storage[record.process]),
          message: UnsafeBufferPointer(rebasing: storage[record.messageStart..<count]), ascii: record.plain)
      }
    }
    guard admit(timestamp: timestamp, clock: clock, pid: record.pid, content: content) else { return }
    let recordLayout = self.layout ?? .timeProcessMessage
    withRawBytes { storage in
      let all = UnsafeBufferPointer(rebasing: storage[..<count])
      let process = UnsafeBufferPointer(rebasing: all[record.process])
      let message = UnsafeBufferPointer(rebasing: all[record.messageStart...])
      if !filter(process, message, record.plain, record.lineCount == 1 ? record.firstLineAnchors : nil) { return }
      if let continuationStart = record.continuationStart {
        // ndjson: the record is built from its object, as `ConsoleLayout.parseNDJSON` builds it (the
        // object starts after the line's leading spaces and has an `eventMessage`: ``ConsoleByteHeader``).
        var objectStart = 0
        while objectStart < record.firstLineEnd, all[objectStart] == 0x20 { objectStart += 1 }
        let object = UnsafeBufferPointer(rebasing: all[objectStart..<record.firstLineEnd])
        guard var entry = ConsoleLayout.parseJSONObject(object, number: record.line) else { return }
        if count > continuationStart {
          entry.message += String(decoding: UnsafeBufferPointer(rebasing: all[continuationStart...]), as: UTF8.self)
        }
        entry.clock = clock
        entry.lineCount = record.lineCount
        emit(entry)
        return
      }
      let firstLine = String(decoding: UnsafeBufferPointer(rebasing: all[..<record.firstLineEnd]), as: UTF8.self)
      if recordLayout != .timeProcessMessage {
        // The record is wanted: its fields are the header's ranges (the `String` parser would read
        // the first line to the same, see ``ConsoleByteHeader``).
        func text(_ range: Range<Int>?) -> String? {
          range.map { String(decoding: UnsafeBufferPointer(rebasing: all[$0]), as: UTF8.self) }
        }
        let entry = LogEntry(
          line: record.line, timestamp: timestamp, clock: clock,
          process: String(decoding: process, as: UTF8.self), pid: record.pid, library: text(record.library),
          subsystem: text(record.subsystem), category: text(record.category), level: text(record.level),
          message: String(decoding: message, as: UTF8.self), lineCount: record.lineCount,
          firstLine: record.firstLineEnd <= 400 ? firstLine : String(firstLine.prefix(400)))
        emit(entry)
        return
      }
      emit(
        LogEntry(
          line: record.line, timestamp: timestamp, clock: clock,
          process: String(decoding: process, as: UTF8.self),
          message: String(decoding: message, as: UTF8.self), lineCount: record.lineCount,
          firstLine: record.firstLineEnd <= 400 ? firstLine : String(firstLine.prefix(400))))
    }
  }

  // MARK: - Duplicates

  /// A hash of a record's process and message that is equal exactly when both are equal as `String`s
  /// (canonical equivalence), give or take a 2⁻⁶⁴ collision: ASCII bytes are hashed as they are,
  /// other text in its NFC form.
  /// `ascii`: both are known to be ASCII.
  static func contentHash(
    process: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>, ascii: Bool = false
  ) -> UInt64 {
    if ascii || (ByteText.isASCII(process) && ByteText.isASCII(message)) {
      return RecordContentHash.hash(message, seed: RecordContentHash.hash(process, seed: 0x243F_6A88_85A3_08D3))
    }
    var nfcProcess = String(decoding: process, as: UTF8.self).precomposedStringWithCanonicalMapping
    var nfcMessage = String(decoding: message, as: UTF8.self).precomposedStringWithCanonicalMapping
    return nfcProcess.withUTF8 { nfcProcess in
      nfcMessage.withUTF8 {
        RecordContentHash.hash($0, seed: RecordContentHash.hash(nfcProcess, seed: 0x243F_6A88_85A3_08D3))
      }
    }
  }

  /// Counts a finished record, or drops it as an exact duplicate or a copy stamped a few
  /// microseconds apart (same process, pid and message).
  private mutating func admit(timestamp: LogTimestamp?, clock: Double?, pid: Int?, content: UInt64) -> Bool {
    var hash = content
    if let timestamp {
      hash = ByteText.mix(hash ^ (timestamp.secondsOfDay + 0).bitPattern, 0x1357_9BDF_2468_ACE1)
      if let date = timestamp.date {
        // Bit patterns, never conversions that trap: a `LogDate` is public and may hold any value.
        let year = UInt64(bitPattern: Int64(date.year ?? -1))
        let month = UInt64(truncatingIfNeeded: date.month) & 0xFF
        let day = UInt64(truncatingIfNeeded: date.day) & 0xFF
        hash = ByteText.mix(hash ^ (year << 16 | month << 8 | day), 0x0F1E_2D3C_4B5A_6978)
      } else {
        hash = ByteText.mix(hash, 0x5A5A_5A5A_1234_5678)
      }
      let offset = timestamp.utcOffsetSeconds.map { UInt64(bitPattern: Int64($0)) } ?? 0xDEAD_BEEF_0000_0001
      hash = ByteText.mix(hash ^ offset, 0x7F4A_7C15_9E37_79B9)
    } else {
      hash = ByteText.mix(hash, 0x3C6E_F372_FE94_F82B)
    }
    let pidCode = pid.map { UInt64(bitPattern: Int64($0)) } ?? 0xDEAD_BEEF_0000_0002
    hash = ByteText.mix(hash ^ pidCode, 0xA54F_F53A_5F1D_36F1)
    let mayBeSeen: Bool
    if let seconds = timestamp?.secondsOfDay {
      mayBeSeen = !seconds.isFinite || seenTimes?.contains(seconds) == true
    } else {
      mayBeSeen = seenUntimed
    }
    // The clock went back: the log holds a second copy of a stretch (a paste, a merge) or records
    // out of order. Counted (mod 2¹⁶) so a record can tell whether it happened since another.
    if let clock, let latest = latestClock, clock < latest { stepsBack &+= 1 }
    if mayBeSeen, let tag = seen.tag(of: hash) {
      // Written to a fraction of a second, the same time, process, pid and message is a copy. To the
      // second only, it may be the process saying the same thing twice in one second: a copy only
      // when the clock went back since the first (a stream pasted twice), else both are kept.
      let wholeSecond = timestamp.map { $0.secondsOfDay == $0.secondsOfDay.rounded(.down) } ?? true
      if !wholeSecond || tag != stepsBack {
        statistics.duplicates += 1
        return false
      }
    }
    if seen.count < Self.maximumRememberedRecords {
      seen.insert(hash, tag: stepsBack)
      if let seconds = timestamp?.secondsOfDay {
        if seconds.isFinite {
          seenTimes = min(seenTimes?.lowerBound ?? seconds, seconds)...max(seenTimes?.upperBound ?? seconds, seconds)
        }
      } else {
        seenUntimed = true
      }
    }
    // A copy has the same pid as well (when the layout writes one).
    let copyKey = pid.map { ByteText.mix(content ^ UInt64(bitPattern: Int64($0)), 0xA54F_F53A_5F1D_36F1) } ?? content
    if let clock, let time = timestamp, time.secondsOfDay != time.secondsOfDay.rounded(.down),
      layout?.printsEachRecordOnce != true, recent.containsCopy(of: copyKey, near: clock)
    {
      statistics.nearDuplicates += 1
      return false
    }
    recent.append(content: copyKey, clock: clock)
    statistics.entries += 1
    if let clock { latestClock = max(latestClock ?? clock, clock) }
    return true
  }

  private mutating func header(_ line: Substring, number: Int) -> LogEntry? {
    if let layout {
      if let consoleColumns { return consoleColumns.parse(line, number: number) }
      if columnsToLearn {
        // Forced Console.app: the first record says the column order, as when it is detected.
        if let columns = ConsoleColumnOrder.learn(line), let reordered = columns.parse(line, number: number) {
          consoleColumns = columns
          columnsToLearn = false
          return reordered
        }
        let entry =
          layout.parseHeader(line, number: number) ?? ConsoleLayout.parseConsoleAppColumns(line, number: number)
        if entry != nil { columnsToLearn = false }
        return entry
      }
      if let entry = layout.parseHeader(line, number: number) { return entry }
      // Console.app copies: columns in another order are the same layout.
      return layout == .consoleApp ? ConsoleLayout.parseConsoleAppColumns(line, number: number) : nil
    }
    for candidate in ConsoleLayout.detectionOrder {
      if let entry = candidate.parseHeader(line, number: number) {
        return detected(candidate, entry, line, number: number)
      }
    }
    return nil
  }

  /// Makes `candidate` the layout, found by `entry` read from `line`; a Console.app line whose columns
  /// are in the user's order with the message not last is read by that order from then on
  /// (``ConsoleColumnOrder``), not as the usual order that would take a category for the process.
  private mutating func detected(
    _ candidate: ConsoleLayout, _ entry: LogEntry, _ line: Substring, number: Int
  ) -> LogEntry {
    layout = candidate
    guard candidate == .consoleApp, let columns = ConsoleColumnOrder.learn(line),
      let reordered = columns.parse(line, number: number)
    else { return entry }
    consoleColumns = columns
    return reordered
  }

  private mutating func appendContinuation(_ line: Substring) {
    guard var entry = pending else { return }
    entry.lineCount += 1
    if pendingText + line.utf8.count + 1 > Self.maximumRecordLength {
      if pendingText <= Self.maximumRecordLength { statistics.truncatedRecords += 1 }
      pendingText = Self.maximumRecordLength + 1
    } else {
      entry.message += "\n" + line
      pendingText += line.utf8.count + 1
    }
    pending = entry
  }

  /// Finishes the pending record: assigns its clock and drops it when it is a duplicate (or the
  /// filter does not want it).
  private mutating func complete() -> LogEntry? {
    guard hasPending, var entry = pending else {
      var completed: LogEntry?
      completeRaw(filter: storedFilter) { completed = $0 }
      return completed
    }
    pending = nil
    pendingAwaitsSender = false
    entry.clock = clock(for: entry.timestamp)
    var process = entry.process
    var message = entry.message
    let content = process.withUTF8 { process in
      message.withUTF8 { Self.contentHash(process: process, message: $0) }
    }
    guard admit(timestamp: entry.timestamp, clock: entry.clock, pid: entry.pid, content: content) else {
      return nil
    }
    if let recordFilter {
      let wanted = process.withUTF8 { process in message.withUTF8 { recordFilter(process, $0, false) } }
      if !wanted { return nil }
    }
    return entry
  }

  /// A continuous clock: dates and offsets when written, else midnight rollovers counted.
  private mutating func clock(for timestamp: LogTimestamp?) -> Double? {
    guard let timestamp else { return nil }
    let offset = Double(timestamp.utcOffsetSeconds ?? 0)
    if var date = timestamp.date {
      if date.year == nil {
        // No year written: a December → January step is the new year, not eleven months back.
        if let previousMonth, previousMonth == 12, date.month == 1 { assumedYear += 1 }
        previousMonth = date.month
        date.year = assumedYear
      }
      let number: Int
      if let lastDay, lastDay.date == date {
        number = lastDay.number
      } else {
        number = date.dayNumber
        lastDay = (date, number)
      }
      return Double(number) * 86_400 + timestamp.secondsOfDay - offset
    }
    // Times far earlier than the one before mean the clock passed midnight; small steps back
    // are out-of-order records and keep the day.
    if let previous = previousSecondsOfDay, timestamp.secondsOfDay < previous - 43_200 {
      dayOffset += 1
    }
    previousSecondsOfDay = timestamp.secondsOfDay
    return Double(dayOffset) * 86_400 + timestamp.secondsOfDay - offset
  }
}
