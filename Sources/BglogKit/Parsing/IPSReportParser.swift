/// Reads JSON reports: `.ips` (a metadata line then a JSON or text body), MetricKit payloads
/// and KSCrash JSON.
public struct IPSReportParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Parses a document whose first non-blank character is `{`.
  ///
  /// - Throws: ``ReportParseError`` when nothing usable can be read.
  public func parseDocument(_ source: SourceText) throws(ReportParseError) -> [CrashReport] {
    // A hard-wrapped paste breaks lines inside strings, which JSON does not allow: read with the breaks joined.
    if let (joined, lines) = WrappedJSONStrings.join(source) {
      var reports = try parseDocument(joined)
      if !reports.isEmpty {
        reports[0].issues.insert(ParseIssue(WrappedJSONStrings.note(lines), at: .line(lines[0])), at: 0)
      }
      return reports
    }
    let bytes = Array(source.text.utf8)
    var reader = JSONReader(bytes: bytes)
    reader.skipWhitespace()
    if reader.isAtEnd { throw .empty }
    let first = try reader.readValue()
    let firstEndLine = reader.line
    reader.skipWhitespace()
    if reader.isAtEnd {
      return try readSingleDocument(first, source: source)
    }
    if Self.isJetsamProcessEntry(first) {
      return [jetsamEntries(first, after: reader, lineCount: source.lineCount)]
    }
    guard first.members != nil, first["bug_type"] != nil else {
      throw reader.error("unexpected text after the JSON value")
    }
    // Several `.ips` reports concatenated in one file (as collected from a device or a ticket):
    // each starts with its own one-line metadata object.
    var reports: [CrashReport] = []
    var metadata = first
    var metadataEndLine = firstEndLine
    var body = reader
    while true {
      let (report, next) = readIPS(metadata: metadata, metadataEndLine: metadataEndLine, body: body, source: source)
      reports.append(report)
      guard var next else { break }
      do {
        metadata = try next.readValue()
      } catch {
        reports[reports.count - 1].issues.append(ParseIssue("unreadable text after the report", at: .line(next.line)))
        break
      }
      metadataEndLine = next.line
      next.skipWhitespace()
      guard metadata["bug_type"] != nil, !next.isAtEnd else {
        reports[reports.count - 1].issues.append(
          ParseIssue("a JSON value after the report is not an .ips metadata line", at: .line(metadata.line)))
        break
      }
      body = next
    }
    return reports
  }

  /// The 0-based index of the next line after `line` (1-based) that starts a new `.ips` report: a
  /// one-line JSON object holding `"bug_type"`.
  private func nextMetadataLine(after line: Int, in source: SourceText) -> Int? {
    source.withUTF8 { bytes in
      var index = line
      while index < source.lineCount {
        // Only a line whose first non-blank byte is `{` can qualify: skip the others on bytes.
        var opensObject = false
        for offset in source.lineBounds[2 * index]..<source.lineBounds[2 * index + 1]
        where bytes[offset] != 0x20 && bytes[offset] != 0x09 {
          opensObject = bytes[offset] == 0x7B
          break
        }
        if opensObject {
          let text = source.lineText(index).drop(while: { $0 == " " || $0 == "\t" })
          if text.hasPrefix("{\""), PlainSearch.contains("\"bug_type\"", in: text), text.hasSuffix("}") {
            return index
          }
        }
        index += 1
      }
      return nil
    }
  }

  /// A reader positioned at the start of 0-based line `index`, counting `\n`, `\r\n` and `\r` the
  /// way ``SourceText`` does; from `start` (a reader on the same bytes on an earlier line) when given, so
  /// that finding each of many reports in one text does not count lines from its start again (a file of
  /// 837 text bodies after metadata lines took 12 s in a debug build).
  private func reader(atLine index: Int, of source: SourceText, bytes: [UInt8], from start: JSONReader? = nil)
    -> JSONReader
  {
    var offset = 0
    var line = 0
    if let start, start.line - 1 < index {
      offset = start.offset
      line = start.line - 1
    }
    while line < index && offset < bytes.count {
      if bytes[offset] == 0x0A || bytes[offset] == 0x0D {
        if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 1 }
        line += 1
      }
      offset += 1
    }
    return JSONReader(bytes: bytes, offset: offset, line: index + 1)
  }

  // MARK: - .ips

  /// Reads an `.ips` file: `metadata` was on the first line; `body` is positioned at the body.
  private func readIPS(
    metadata: JSONValue, metadataEndLine: Int, body: JSONReader, source: SourceText
  ) -> (CrashReport, next: JSONReader?) {
    let bugType = IPSBugType(rawValue: metadata["bug_type"]?.scalarText ?? "")
    let nextStart = nextMetadataLine(after: metadataEndLine, in: source)
    let lineCount = max(nextStart ?? source.lineCount, metadataEndLine)
    var report: CrashReport
    var next: JSONReader?
    if body.peek == UInt8(ascii: "{") {
      var bodyReader = body
      do {
        let value = try bodyReader.readValue(selecting: Self.bodySelection(bugType))
        report = CrashReport(
          format: .ips, category: bugType.category, startLine: metadata.line, endLine: bodyReader.line)
        applyJSONBody(value, bugType: bugType, to: &report)
        bodyReader.skipWhitespace()
        if bodyReader.peek == UInt8(ascii: "{") {
          next = bodyReader
        } else if !bodyReader.isAtEnd {
          report.issues.append(
            ParseIssue("text after the JSON body was ignored", at: .line(bodyReader.line)))
        }
      } catch {
        report = CrashReport(format: .ips, category: bugType.category, startLine: metadata.line, endLine: lineCount)
        readInvalidJSONBody(error, bugType: bugType, bodyLine: body.line, source: source, into: &report)
      }
    } else {
      // A text body: bug_type 109, old stackshots and microstackshots, and reports translated
      // to text that keep their JSON metadata line.
      let range = min(metadataEndLine, lineCount)..<lineCount
      report = LegacyCrashReportParser().parse(source, lines: range)
      if let nextStart { next = reader(atLine: nextStart, of: source, bytes: body.bytes, from: body) }
      report.format = .ipsText
      report.category = bugType.category
      report.startLine = metadata.line
      report.endLine = lineCount
      IPSTextBodyScanner(source: source, lines: range).complete(&report, bugType: bugType)
    }
    report.bugType = bugType.rawValue.isEmpty ? nil : bugType.rawValue
    IPSMetadataReader.apply(metadata, to: &report)
    describeIfNotACrash(&report, bugType: bugType)
    return (report, next)
  }

  /// What ``applyJSONBody(_:bugType:to:)`` reads of a body of this type.
  private static func bodySelection(_ bugType: IPSBugType) -> JSONSelection {
    switch bugType.category {
    case .jetsam, .panic: return .all
    case .crash, .resource, .stackshot, .other: return IPSCrashBodyReader.selection
    }
  }

  private func applyJSONBody(_ body: JSONValue, bugType: IPSBugType, to report: inout CrashReport) {
    switch bugType.category {
    case .jetsam:
      JetsamBodyReader.apply(body, to: &report)
    case .panic:
      IPSCrashBodyReader.apply(body, to: &report)
      let panic = body["panicString"] ?? body["string"]
      if let text = panic?.string, let line = panic?.line {
        let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
        let path = body["panicString"] != nil ? "panicString" : "string"
        report.otherDescription = Located(firstLine, at: .json(path, line: line))
      }
    default:
      IPSCrashBodyReader.apply(body, to: &report)
      if bugType.category == .resource, report.resource == nil {
        report.resource = IPSCrashBodyReader.resourceEvent(in: body)
      }
    }
  }

  /// A JSON body that does not parse: jetsam reports are scanned line by line (one real report
  /// was elided with `...` by its author); anything else is tried as text.
  private func readInvalidJSONBody(
    _ error: ReportParseError, bugType: IPSBugType, bodyLine: Int, source: SourceText, into report: inout CrashReport
  ) {
    let range = (bodyLine - 1)..<source.lineCount
    var error = error
    if bugType.category == .jetsam {
      // `//` comments after the values (CrashSight's article on OOM, `"pageSize" : 16384, //每个page占用的字节数`) are
      // the paste's author's: they are set aside as in a body piece, and the body read again without them.
      let commentLines = range.filter { JetsamBodyPieceReader.commentStart(String(source.lineText($0))) != nil }
      if !commentLines.isEmpty {
        report.issues.append(
          ParseIssue(
            "`//` comments, which JSON does not have (the paste's author's), were set aside (line "
              + commentLines.map { String($0 + 1) }.joined(separator: ", ") + ")",
            at: .line(commentLines[0] + 1)))
        var lines: [String] = []
        for index in 0..<source.lineCount {
          let text = String(source.lineText(index))
          lines.append(
            index >= range.lowerBound
              ? JetsamBodyPieceReader.commentStart(text).map { String(text[..<$0]) } ?? text
              : text)
        }
        let stripped = SourceText(text: lines.joined(separator: "\n"))
        var retry = reader(atLine: bodyLine - 1, of: stripped, bytes: Array(stripped.text.utf8))
        retry.skipWhitespace()
        do {
          let value = try retry.readValue(selecting: Self.bodySelection(bugType))
          report.endLine = retry.line
          applyJSONBody(value, bugType: bugType, to: &report)
          return
        } catch let second {
          error = second
        }
      }
    }
    switch error {
    case .invalidJSON(let line, let column, let message):
      report.issues.append(
        ParseIssue("invalid JSON at line \(line), column \(column): \(message)", at: .line(line)))
    case .nestingTooDeep(let line, let limit):
      report.issues.append(ParseIssue("JSON nested deeper than \(limit) levels", at: .line(line)))
    case .empty, .notAReport:
      break
    }
    if bugType.category == .jetsam {
      JetsamBodyReader.scanTolerantly(source, lines: range, into: &report)
      switch error {
      case .invalidJSON(let line, _, _), .nestingTooDeep(let line, _): report.jetsam?.lineByLineFrom = line
      case .empty, .notAReport: report.jetsam?.lineByLineFrom = bodyLine
      }
    } else {
      IPSTextBodyScanner(source: source, lines: range).complete(&report, bugType: bugType)
    }
  }

  private func describeIfNotACrash(_ report: inout CrashReport, bugType: IPSBugType) {
    guard report.otherDescription == nil else { return }
    switch report.category {
    case .stackshot, .panic, .other:
      report.otherDescription = Located(bugType.summary, at: .json("bug_type", line: report.startLine))
    case .crash, .jetsam, .resource:
      break
    }
  }

  // MARK: - Single JSON documents

  /// A document that is one JSON value: MetricKit, KSCrash, or an `.ips` body without its line.
  private func readSingleDocument(_ value: JSONValue, source: SourceText) throws(ReportParseError) -> [CrashReport] {
    let lineCount = max(source.lineCount, 1)
    if let elements = value.elements {
      var reports: [CrashReport] = []
      for element in elements {
        reports += (try? readSingleDocument(element, source: source)) ?? []
      }
      if reports.isEmpty { throw .notAReport("a JSON array holding no crash report") }
      return reports
    }
    guard let members = value.members else {
      throw .notAReport("a JSON value that is not an object")
    }
    if MetricKitPayloadReader.looksLikePayload(value) {
      return MetricKitPayloadReader.reports(in: value, endLine: lineCount)
    }
    if KSCrashReportReader.looksLikeReport(value) {
      return [KSCrashReportReader.report(from: value, endLine: lineCount)]
    }
    if Self.isJetsamProcessEntry(value) {
      return [jetsamEntries(value, after: nil, lineCount: lineCount)]
    }
    if value["processes"] != nil, value["largestProcess"] != nil || value["memoryStatus"] != nil {
      var report = CrashReport(format: .ips, category: .jetsam, startLine: value.line, endLine: lineCount)
      let note = CutBodyWithoutMetadata.bodyAloneNote(keys: members.map(\.key)) ?? "the metadata line is missing"
      report.issues.append(ParseIssue(note, at: .line(value.line)))
      JetsamBodyReader.apply(value, to: &report)
      return [report]
    }
    if value["procName"] != nil || value["exception"] != nil || value["usedImages"] != nil {
      var report = CrashReport(format: .ips, category: .crash, startLine: value.line, endLine: lineCount)
      let note = CutBodyWithoutMetadata.bodyAloneNote(keys: members.map(\.key)) ?? "the metadata line is missing"
      report.issues.append(ParseIssue(note, at: .line(value.line)))
      IPSCrashBodyReader.apply(value, to: &report)
      return [report]
    }
    // Only the metadata line survived. (A body that writes `bug_type` among its own members, as the pretty-printed
    // bodies of firebase/firebase-ios-sdk #12129 and qnblackcat/uYouPlus #1255 do, was read above as a body.)
    if value["bug_type"] != nil {
      let bugType = IPSBugType(rawValue: value["bug_type"]?.scalarText ?? "")
      var report = CrashReport(format: .ips, category: bugType.category, startLine: value.line, endLine: lineCount)
      report.bugType = bugType.rawValue
      report.issues.append(ParseIssue("the report has a metadata line but no body", at: .line(value.line)))
      IPSMetadataReader.apply(value, to: &report)
      describeIfNotACrash(&report, bugType: bugType)
      return [report]
    }
    let keys = members.prefix(5).map(\.key).joined(separator: ", ")
    throw .notAReport("a JSON object that is not a crash report (keys: \(keys))")
  }

  /// Whether a JSON object is one entry of a jetsam event's `processes` list (`name`, `pid` and the
  /// memory fields only jetsam writes), as people paste the entry of the killed process alone.
  static func isJetsamProcessEntry(_ value: JSONValue) -> Bool {
    guard value.members != nil, value["name"]?.string != nil, value["pid"] != nil else { return false }
    return value["rpages"] != nil || value["lifetimeMax"] != nil || value["killDelta"] != nil
  }

  /// A jetsam report from pasted process entries (`{…},` one after another, with the commas of the
  /// list they came from): no header, no `largestProcess`, so the parse notes say what is missing.
  func jetsamEntries(_ first: JSONValue, after reader: JSONReader?, lineCount: Int) -> CrashReport {
    var entries = [first]
    var report = CrashReport(format: .ips, category: .jetsam, startLine: first.line, endLine: lineCount)
    if var reader {
      while true {
        reader.skipWhitespace()
        _ = reader.skip(UInt8(ascii: ","))
        reader.skipWhitespace()
        if reader.isAtEnd { break }
        let line = reader.line
        guard let next = try? reader.readValue(), Self.isJetsamProcessEntry(next) else {
          report.issues.append(ParseIssue("text after the pasted jetsam process entries", at: .line(line)))
          break
        }
        entries.append(next)
      }
    }
    report.issues.insert(
      ParseIssue(
        "\(entries.count == 1 ? "one entry" : "\(entries.count) entries") of a jetsam event's processes list: "
          + "no metadata line, no memory status, no largest process", at: .line(first.line)), at: 0)
    let body = JSONValue(
      .object([JSONMember(key: "processes", value: JSONValue(.array(entries), line: first.line))]), line: first.line)
    JetsamBodyReader.apply(body, to: &report)
    report.jetsam?.isFragment = true
    return report
  }
}
