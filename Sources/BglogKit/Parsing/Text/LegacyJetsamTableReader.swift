/// Reads the text jetsam ("Low Memory") reports iOS wrote before JetsamEvent became JSON, whole or as a few
/// rows of their process table pasted alone:
///
///     Largest process:   SpringBoard
///
///     Processes
///              Name                 UUID                    Count resident pages
///          ReportCrash <8c18758965fb30d6ac04b1e0cddc8fda>     244
///     WordsWithFriends <070df63153a33a698382ac948d5f3c8b>    7936 (jettisoned)
///
/// (iPhone OS 5, mumble-voip/mumble-iphoneos #40), and the later rows with more columns,
/// `com.apple.WebKit <c8098997024c33f58f25fd53a01b93ed>  0.138  1605  0  -  3982  50  (suspended)`
/// (alebianco/ANE-Google-Analytics #56). A row is a name, a 32-digit UUID in angle brackets, figures
/// (numbers or `-`) and the process's states in parentheses; `(jettisoned)` marks a process jetsam killed.
///
/// Only a text whose every non-blank line is such a row, a `Key: value` header line, `Processes` or the
/// table's column heading is read here, and it must hold a row.
enum LegacyJetsamTableReader {
  /// The most header lines read before the first row (iOS 7–9's header has about twenty).
  static let maximumHeaderLines = 48

  /// One row of the table.
  struct Row: Equatable {
    var name: String
    var residentPages: Int?
    var states: [String]
  }

  /// The report the text holds, or nil when it is not (only) a legacy jetsam report or rows of one.
  static func read(_ source: SourceText) -> CrashReport? {
    var processes: [JetsamProcess] = []
    var header = ReportHeader()
    var largest: String?
    var firstLine: Int?
    var lastLine = 0
    for index in 0..<source.lineCount {
      let raw = source.lineText(index)
      let text = TextScanning.trimmed(raw)
      if text.isEmpty { continue }
      guard text.utf8.count <= 4096 else { return nil }
      let number = index + 1
      firstLine = firstLine ?? number
      lastLine = number
      if let row = parse(text) {
        processes.append(
          JetsamProcess(
            name: row.name, reason: row.states.contains("jettisoned") ? "jettisoned" : nil,
            residentPages: row.residentPages, states: row.states, location: .line(number)))
        continue
      }
      if text == "Processes" || (PlainSearch.contains("Name", in: text) && PlainSearch.contains("UUID", in: text)) {
        continue
      }
      // The report's header is a few dozen lines: a text with no row after that is something else (a
      // console log's lines also read as `key: value`), and is not scanned to its end.
      guard processes.isEmpty, header.fields.count < maximumHeaderLines, let (key, value) = TextScanning.keyValue(text)
      else { return nil }
      let field = HeaderField(name: String(key), value: String(value), location: .line(number))
      header.fields.append(field)
      switch key.lowercased() {
      case "largest process": largest = value.isEmpty ? nil : String(value)
      case "os version": header.osVersion = String(value)
      case "hardware model": header.hardwareModel = String(value)
      case "date", "date/time": header.dateTime = String(value)
      case "incident identifier": header.incidentIdentifier = String(value)
      default: break
      }
    }
    guard let firstLine, !processes.isEmpty else { return nil }
    var report = CrashReport(format: .text, category: .jetsam, startLine: firstLine, endLine: lastLine)
    report.header = header
    var event = JetsamEvent(largestProcess: largest, processes: processes)
    // Rows without the report's header: the killed row may be outside the paste.
    event.isFragment = header.fields.isEmpty
    report.jetsam = event
    if event.isFragment {
      report.issues.append(
        ParseIssue(
          "\(processes.count) \(processes.count == 1 ? "row" : "rows") of a text jetsam report's process table, "
            + "pasted without the report's header and largest process", at: .line(firstLine)))
    }
    return report
  }

  /// One row: `name <32 hex digits> figures… (state)…`; nil for any other line.
  static func parse(_ text: Substring) -> Row? {
    guard let open = text.firstIndex(of: "<") else { return nil }
    let name = TextScanning.trimmed(text[..<open])
    guard !name.isEmpty, name.utf8.count <= 40 else { return nil }
    let uuidStart = text.index(after: open)
    guard let close = text[uuidStart...].firstIndex(of: ">"), text.distance(from: uuidStart, to: close) == 32,
      text[uuidStart..<close].allSatisfy({ $0.isHexDigit })
    else { return nil }
    var figures: [Substring] = []
    var states: [String] = []
    for token in text[text.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      if token.hasPrefix("("), token.hasSuffix(")"), token.count > 2 {
        states.append(String(token.dropFirst().dropLast()))
      } else if states.isEmpty, token == "-" || token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
        figures.append(token)
      } else {
        return nil
      }
    }
    guard !figures.isEmpty else { return nil }
    // The oldest table has one figure, the resident pages; the later one writes cpu time first.
    let pages = figures.count == 1 ? Int(figures[0]) : figures.count > 1 ? Int(figures[1]) : nil
    return Row(name: String(name), residentPages: pages, states: states)
  }
}
