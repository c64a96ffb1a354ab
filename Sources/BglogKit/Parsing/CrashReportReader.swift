/// Reads any crash report input: picks the parser by the document's first character.
public enum CrashReportReader {
  /// Reads every report in a decoded input.
  ///
  /// - Throws: ``ReportParseError`` when the input holds no report at all.
  public static func read(_ source: SourceText) throws(ReportParseError) -> [CrashReport] {
    guard
      let first = (0..<source.lineCount).lazy.map(source.lineText).first(where: { !$0.allSatisfy(\.isWhitespace) })
    else {
      throw .empty
    }
    let firstLine = first.drop(while: \.isWhitespace)
    if opensJSON(firstLine) {
      return try IPSReportParser().parseDocument(source)
    }
    if IPSFragmentReader.looksLikeFragment(firstLine), let fragment = IPSFragmentReader.read(source) {
      return [fragment]
    }
    let restored = FlattenedReport.restore(source)
    var reports = LegacyCrashReportParser().parseDocument(restored?.source ?? source)
    if let restored {
      let lines = restored.flattenedLines.map(String.init).joined(separator: ", ")
      let note = ParseIssue(
        "line \(lines) held a report whose line breaks were lost; bglog put them back before each report key, "
          + "thread heading and frame, and line numbers count the restored lines")
      for index in reports.indices { reports[index].issues.insert(note, at: 0) }
    }
    if reports.isEmpty {
      // The kernel's memory-limit line pasted alone (`EXC_RESOURCE -> X[pid] exceeded mem limit: …`).
      if let lines = MemoryLimitLineReader.read(source) { return lines }
      throw .notAReport("no crash report header or backtrace found")
    }
    return reports
  }

  /// Whether a document's first line opens JSON: `{`, or `[` followed by what a JSON array holds (a
  /// value's first character, `]`, or the end of the line). Console lines that start with a bracketed
  /// tag (`[ProcessSuspension] …`, `[assertion] Error …`) are text, not invalid JSON.
  static func opensJSON(_ line: Substring) -> Bool {
    if line.hasPrefix("{") { return true }
    guard line.hasPrefix("[") else { return false }
    guard let next = line.dropFirst().first(where: { !$0.isWhitespace }) else { return true }
    return "{[\"]-0123456789tfn".contains(next)
  }

  /// Decodes raw bytes and reads every report in them.
  ///
  /// - Throws: ``ReportParseError`` when the input holds no report at all.
  public static func read(bytes: some Collection<UInt8>) throws(ReportParseError) -> [CrashReport] {
    try read(SourceText(bytes: bytes))
  }
}
