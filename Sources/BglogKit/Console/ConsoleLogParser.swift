import Foundation

/// Turns console log lines into `LogEntry` records, one line at a time.
///
/// The layout is detected from the first line that fits one (or forced). After that, lines that
/// start with a blank, or do not fit the layout, are continuation lines of the record before
/// them. Exact duplicate records (a stream pasted twice) and same-millisecond copies of a record
/// (Console.app merging several copies of one stream) are dropped and counted. Memory stays
/// bounded: only the record being built, a short window of recent records and a set of hashes
/// are kept.
public struct ConsoleLogParser {
  /// The layout in use: forced, or detected from the first record.
  public private(set) var layout: ConsoleLayout?
  /// What has been read so far.
  public private(set) var statistics = ConsoleLogStatistics()

  private var pending: LogEntry?
  private var pendingText: Int = 0
  private var dayOffset = 0
  private var previousSecondsOfDay: Double?
  private var seen = Set<Int>()
  private var recent: [LogEntry] = []
  private var json = JSONObjectScanner()
  /// For dates without a year (`idevicesyslog`): the year assumed, bumped at each December → January.
  private var assumedYear = 2000
  private var previousMonth: Int?

  /// The most text kept for one record; longer continuation text is dropped and counted.
  static let maximumRecordLength = 16_384
  /// How many record hashes are kept to find exact duplicates.
  static let maximumRememberedRecords = 131_072
  /// How many recent records are compared for same-millisecond copies.
  static let recentWindow = 64

  /// Creates a parser; pass a layout to skip detection.
  public init(layout: ConsoleLayout? = nil) {
    self.layout = layout
  }

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
    if layout == .logShowJSON || (layout == nil && Self.opensJSONExport(line)) {
      layout = .logShowJSON
      consumeJSON(line, number: number, emit: emit)
      return
    }
    if let entry = consumeText(line, number: number) { emit(entry) }
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
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed == "[" || trimmed == "{" || trimmed.hasPrefix("[{") || trimmed == "[ {"
      || trimmed.hasPrefix("},{")
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

  private mutating func consumeText(_ line: Substring, number: Int) -> LogEntry? {
    // Blank lines belong to the record being read (messages can hold empty lines); before the
    // first record they are skipped.
    if pending == nil, line.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
    let startsBlank = line.first == " " || line.first == "\t"
    if !startsBlank, var header = header(line, number: number) {
      let completed = complete()
      if header.firstLine.isEmpty { header.firstLine = String(line.prefix(400)) }
      pending = header
      pendingText = header.message.utf8.count
      return completed
    }
    if pending != nil {
      statistics.continuationLines += 1
      appendContinuation(line)
    } else {
      statistics.unknownLines += 1
    }
    return nil
  }

  /// Returns the last record once the input has ended.
  public mutating func finish() -> LogEntry? {
    complete()
  }

  private mutating func header(_ line: Substring, number: Int) -> LogEntry? {
    if let layout {
      return layout.parseHeader(line, number: number)
    }
    for candidate in ConsoleLayout.detectionOrder {
      if let entry = candidate.parseHeader(line, number: number) {
        layout = candidate
        return entry
      }
    }
    return nil
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

  /// Finishes the pending record: assigns its clock and drops it when it is a duplicate.
  private mutating func complete() -> LogEntry? {
    guard var entry = pending else { return nil }
    pending = nil
    entry.clock = clock(for: entry.timestamp)
    var hasher = Hasher()
    hasher.combine(entry.timestamp)
    hasher.combine(entry.process)
    hasher.combine(entry.pid)
    hasher.combine(entry.message)
    let hash = hasher.finalize()
    if seen.contains(hash) {
      statistics.duplicates += 1
      return nil
    }
    if seen.count < Self.maximumRememberedRecords { seen.insert(hash) }
    if let clock = entry.clock, let time = entry.timestamp,
      time.secondsOfDay != time.secondsOfDay.rounded(.down),
      recent.contains(where: {
        $0.process == entry.process && $0.message == entry.message
          && abs(($0.clock ?? .infinity) - clock) < 0.001
      })
    {
      statistics.nearDuplicates += 1
      return nil
    }
    recent.append(entry)
    if recent.count > Self.recentWindow { recent.removeFirst(recent.count - Self.recentWindow) }
    statistics.entries += 1
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
      return Double(date.dayNumber) * 86_400 + timestamp.secondsOfDay - offset
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
