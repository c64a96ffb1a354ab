/// Reads JSON reports: `.ips` (a metadata line then a JSON or text body), MetricKit payloads
/// and KSCrash JSON.
public struct IPSReportParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Parses a document whose first non-blank character is `{`.
  ///
  /// - Throws: ``ReportParseError`` when nothing usable can be read.
  public func parseDocument(_ source: SourceText) throws(ReportParseError) -> [CrashReport] {
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
    guard first.members != nil, first["bug_type"] != nil else {
      throw reader.error("unexpected text after the JSON value")
    }
    return [readIPS(metadata: first, metadataEndLine: firstEndLine, body: reader, source: source)]
  }

  // MARK: - .ips

  /// Reads an `.ips` file: `metadata` was on the first line; `body` is positioned at the body.
  private func readIPS(
    metadata: JSONValue, metadataEndLine: Int, body: JSONReader, source: SourceText
  ) -> CrashReport {
    let bugType = IPSBugType(rawValue: metadata["bug_type"]?.scalarText ?? "")
    let lineCount = max(source.lines.count, metadataEndLine)
    var report: CrashReport
    if body.peek == UInt8(ascii: "{") {
      var bodyReader = body
      do {
        let value = try bodyReader.readValue()
        report = CrashReport(format: .ips, category: bugType.category, startLine: metadata.line, endLine: lineCount)
        applyJSONBody(value, bugType: bugType, to: &report)
        bodyReader.skipWhitespace()
        if !bodyReader.isAtEnd {
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
      let range = min(metadataEndLine, source.lines.count)..<source.lines.count
      report = LegacyCrashReportParser().parse(source, lines: range)
      report.format = .ipsText
      report.category = bugType.category
      report.startLine = metadata.line
      report.endLine = lineCount
      IPSTextBodyScanner(source: source, lines: range).complete(&report, bugType: bugType)
    }
    report.bugType = bugType.rawValue.isEmpty ? nil : bugType.rawValue
    IPSMetadataReader.apply(metadata, to: &report)
    describeIfNotACrash(&report, bugType: bugType)
    return report
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
    let range = (bodyLine - 1)..<source.lines.count
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
    let lineCount = max(source.lines.count, 1)
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
    if value["bug_type"] != nil {
      // Only the metadata line survived.
      let bugType = IPSBugType(rawValue: value["bug_type"]?.scalarText ?? "")
      var report = CrashReport(format: .ips, category: bugType.category, startLine: value.line, endLine: lineCount)
      report.bugType = bugType.rawValue
      report.issues.append(ParseIssue("the report has a metadata line but no body", at: .line(value.line)))
      IPSMetadataReader.apply(value, to: &report)
      describeIfNotACrash(&report, bugType: bugType)
      return [report]
    }
    if value["processes"] != nil, value["largestProcess"] != nil || value["memoryStatus"] != nil {
      var report = CrashReport(format: .ips, category: .jetsam, startLine: value.line, endLine: lineCount)
      report.issues.append(ParseIssue("the metadata line is missing", at: .line(value.line)))
      JetsamBodyReader.apply(value, to: &report)
      return [report]
    }
    if value["procName"] != nil || value["exception"] != nil || value["usedImages"] != nil {
      var report = CrashReport(format: .ips, category: .crash, startLine: value.line, endLine: lineCount)
      report.issues.append(ParseIssue("the metadata line is missing", at: .line(value.line)))
      IPSCrashBodyReader.apply(value, to: &report)
      return [report]
    }
    let keys = members.prefix(5).map(\.key).joined(separator: ", ")
    throw .notAReport("a JSON object that is not a crash report (keys: \(keys))")
  }
}
