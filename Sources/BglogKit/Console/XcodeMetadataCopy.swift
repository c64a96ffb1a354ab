import Foundation

/// Xcode 15+'s console copied "with metadata": each record is its message line(s), then one line of its
/// fields, the header written **after** the message:
///
///     Cannot index window tabs due to missing main bundle identifier
///     Type: Error | Timestamp: 2026-05-10 08:34:35.900052+10:00 | Process: SystemAudioRecorder | Library: AppKit | Subsystem: com.apple.AppKit | Category: WindowTab | TID: 0x3937c4d
///
/// Seen in real copies (code index, find_string `| TID: 0x`): the fields in that order, any of `Process`,
/// `Library`, `Subsystem`, `Category`, `TID` left out (no `Process` on an iOS 27 copy; `Library: IOSurface`
/// with no subsystem or category; a line cut after `Process:`), `Category:` with an empty value, the UTC
/// offset as `+10:00` or `+0900`, the types `Error`, `Fault`, `Notice`, and `Type: stdio` alone after the
/// app's own printed lines (no time, no process); messages of many lines (an `IOSurface … properties: {`
/// dump, a tab-indented call stack), records with or without a blank line between them. No pid is written.
///
/// The reader (``ConsoleLogParser``) reads such a text on the `String` path: the lines since the last
/// metadata line, blank line or code fence are the next record's message (a blank line or a fence ends a
/// paragraph no metadata line claims: prose around the copy, which becomes a record without a header).
struct XcodeMetadataCopy {
  /// The fields of a metadata line.
  struct Fields: Equatable {
    /// The `Type` as written (`Error`, `Fault`, `Notice`, `stdio`).
    var level: String
    /// `Timestamp`, with its date and UTC offset; `nil` for `Type: stdio`.
    var timestamp: LogTimestamp?
    /// `Process`, when written and not empty.
    var process: String?
    var library: String?
    var subsystem: String?
    var category: String?
  }

  /// The paragraph being read: the next record's message, unless a blank line or a fence ends it first.
  private var message = ""
  private var firstLine: Int?
  private var firstText = ""
  private var lineCount = 0
  private var bytes = 0
  /// The process of the last record that named one. Xcode's console holds the debugged process's output
  /// only, so a `Type: stdio` record (its printed lines) is that process's.
  private var lastProcess = ""

  /// Reads `line` as a metadata line: `Type: <word> | Timestamp: YYYY-MM-DD HH:MM:SS.ffffff±ZZZZ` and
  /// ` | Key: value` fields, or `Type: stdio` alone. `nil` for any other line (a blank before `Type`, a
  /// timestamp that does not read whole, a field without `Key: `).
  static func fields(_ line: Substring) -> Fields? {
    guard line.utf8.first == 0x54, line.hasPrefix("Type: ") else { return nil }
    var text = line
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    let parts = text.split(separator: " | ", omittingEmptySubsequences: false)
    let level = parts[0].dropFirst("Type: ".count)
    guard !level.isEmpty, level.utf8.count <= 16, level.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    if parts.count == 1 {
      // Only the app's printed output is written without a time.
      return level == "stdio" ? Fields(level: String(level)) : nil
    }
    guard let stamp = value(parts[1], key: "Timestamp") else { return nil }
    var scanner = ConsoleLineScanner(stamp)
    guard let timestamp = scanner.isoTimestamp(), scanner.isAtEnd else { return nil }
    var fields = Fields(level: String(level), timestamp: timestamp)
    for part in parts.dropFirst(2) {
      guard let colon = part.firstIndex(of: ":") else { return nil }
      let key = part[..<colon]
      guard !key.isEmpty, key.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
      let written = part[part.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      let found: String? = written.isEmpty ? nil : written
      switch key {
      case "Process": fields.process = found
      case "Library": fields.library = found
      case "Subsystem": fields.subsystem = found
      case "Category": fields.category = found
      default: break  // `TID`: the thread, not kept.
      }
    }
    return fields
  }

  /// `Key: value` → `value`, or `nil` when `part` is not that key's field.
  private static func value(_ part: Substring, key: String) -> Substring? {
    guard part.hasPrefix(key + ": ") else { return nil }
    return part.dropFirst(key.count + 2)
  }

  /// Whether `line` ends a paragraph: blank, or a Markdown code fence (which is then an unknown line).
  static func endsParagraph(_ line: Substring) -> Bool {
    line.allSatisfy { $0 == " " || $0 == "\t" } || PasteResidue.isCodeFence(line)
  }

  /// Whether a paragraph is being read.
  var hasParagraph: Bool { firstLine != nil }

  /// Adds a message line (numbered `number`) to the paragraph; text past ``ConsoleLogParser/maximumRecordLength``
  /// is dropped and counted.
  mutating func append(_ line: Substring, number: Int, statistics: inout ConsoleLogStatistics) {
    lineCount += 1
    guard firstLine != nil else {
      firstLine = number
      firstText = line.utf8.count <= 400 ? String(line) : String(line.prefix(400))
      message = String(line)
      bytes = line.utf8.count
      return
    }
    statistics.continuationLines += 1
    if bytes + line.utf8.count + 1 > ConsoleLogParser.maximumRecordLength {
      if bytes <= ConsoleLogParser.maximumRecordLength { statistics.truncatedRecords += 1 }
      bytes = ConsoleLogParser.maximumRecordLength + 1
      return
    }
    message += "\n" + line
    bytes += line.utf8.count + 1
  }

  /// Starts the paragraph with a record already read as a message without a header (the first record of a
  /// copy, read before its metadata line said what the text is).
  mutating func adopt(_ entry: LogEntry) {
    var text = entry.message
    while let last = text.last, last == "\n" || last == " " || last == "\t" { text.removeLast() }
    message = text
    firstLine = entry.line
    firstText = entry.firstLine
    lineCount = entry.lineCount
    bytes = text.utf8.count
  }

  /// The record the metadata line `fields` (line `number`, written `line`) ends: the paragraph is its
  /// message (empty when there is none; the record is then the metadata line's own).
  mutating func record(_ fields: Fields, line: Substring, number: Int) -> LogEntry {
    var process = fields.process ?? ""
    if fields.timestamp == nil, fields.process == nil, fields.level == "stdio" { process = lastProcess }
    if let named = fields.process { lastProcess = named }
    let entry = LogEntry(
      line: firstLine ?? number, timestamp: fields.timestamp, process: process, library: fields.library,
      subsystem: fields.subsystem, category: fields.category, level: fields.level, message: message,
      lineCount: lineCount + 1,
      firstLine: firstLine == nil ? (line.utf8.count <= 400 ? String(line) : String(line.prefix(400))) : firstText)
    reset()
    return entry
  }

  /// The paragraph read since the last metadata line, blank line or fence, which no metadata line claims:
  /// a record without a header (prose around the copy, a message copied without its metadata).
  mutating func unclaimedParagraph() -> LogEntry? {
    guard let firstLine else { return nil }
    let entry = LogEntry(line: firstLine, process: "", message: message, lineCount: lineCount, firstLine: firstText)
    reset()
    return entry
  }

  private mutating func reset() {
    message = ""
    firstLine = nil
    firstText = ""
    lineCount = 0
    bytes = 0
  }
}
