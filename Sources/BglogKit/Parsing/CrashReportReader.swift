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
      do {
        return try IPSReportParser().parseDocument(source).map { salvagingCutBody($0, in: source) }
      } catch {
        // A body without its metadata line, cut: the members before the cut.
        guard case .invalidJSON(let line, _, let message) = error, message.hasPrefix("unexpected end of input"),
          firstLine.hasPrefix("{"),
          let bodyLine = (1...source.lineCount).first(where: { !source.line($0).allSatisfy(\.isWhitespace) }),
          let report = CutBodyWithoutMetadata.read(source, bodyLine: bodyLine, cutLine: line)
        else { throw error }
        return [report]
      }
    }
    if let report = cutMetadataReport(firstLine, in: source) { return [report] }
    if IPSFragmentReader.looksLikeFragment(firstLine), let fragment = IPSFragmentReader.read(source) {
      return [fragment]
    }
    // A piece of a JetsamEvent's process list that starts inside an entry (`"lifetimeMax" : 675`, `},`).
    if IPSFragmentReader.looksLikeFragment(firstLine) || firstLine.hasPrefix("}"),
      let fragment = JetsamFragmentReader.read(source)
    {
      return [fragment]
    }
    // A piece of a JetsamEvent body from inside its object (`"largestProcess": "node",`, `"memoryStatus": {`).
    if IPSFragmentReader.looksLikeFragment(firstLine), let piece = JetsamBodyPieceReader.read(source) {
      return [piece]
    }
    // Prose, then ```` ```{ ```` opening a JSON report: read from the brace on, keeping line numbers.
    if firstLine.first != "{", let unfenced = GluedFenceJSON.unfenced(source),
      var reports = try? read(unfenced.source), reports.allSatisfy({ $0.format == .ips })
    {
      let note = ParseIssue(
        "a Markdown fence glued before the JSON's opening brace was set aside, with the prose before it",
        at: .line(unfenced.fenceLine))
      for index in reports.indices { reports[index].issues.insert(note, at: 0) }
      return reports
    }
    // Prose or Markdown, then an `.ips` metadata line and its JSON body, a JSON document opened by `{` alone or
    // a report member's line: read from that line on.
    if firstLine.first != "{", let unprefixed = ProseBeforeIPS.unprefixed(source) {
      // A JetsamEvent process entry between prose sentences (KSCrash #278) is read with the prose around it,
      // quoting its lines, as before this rule.
      if unprefixed.opening == .object, let fragment = JetsamFragmentReader.read(source, proseAround: true) {
        return [fragment]
      }
      let reports: [CrashReport]
      do {
        reports = try read(unprefixed.source)
      } catch {
        // A JSON report cut in the paste: the same refusal as without the prose. Other errors (a console
        // record, text that is no report) leave the input to the readers below.
        guard unprefixed.opening != .metadataLine, case .invalidJSON(_, _, let message) = error,
          message.hasSuffix(JSONReader.cutSuffix)
        else { return try readAfterJSONChecks(source) }
        throw error
      }
      if !reports.isEmpty, reports.allSatisfy({ [.ips, .metricKit].contains($0.format) }) {
        return reports.map { ProseBeforeIPS.noted($0, unprefixed) }
      }
    }
    return try readAfterJSONChecks(source)
  }

  /// The text readers, for an input that is no JSON report.
  private static func readAfterJSONChecks(_ source: SourceText) throws(ReportParseError) -> [CrashReport] {
    // A report wrapped whole in double quote marks on a web page: read without them (``QuotedReportPaste``).
    if let unquoted = QuotedReportPaste.unquoted(source) {
      var reports = try readUnquoted(unquoted.source)
      let note = QuotedReportPaste.note(openLine: unquoted.openLine, closeLine: unquoted.closeLine)
      for index in reports.indices
      where reports[index].startLine <= unquoted.closeLine && reports[index].endLine >= unquoted.openLine {
        reports[index].issues.insert(note, at: 0)
      }
      return reports
    }
    return try readUnquoted(source)
  }

  /// The text readers, on a text with no wrapping quote marks.
  private static func readUnquoted(_ source: SourceText) throws(ReportParseError) -> [CrashReport] {
    let restored = FlattenedReport.restore(source)
    var reports = LegacyCrashReportParser().parseDocument(restored?.source ?? source)
    if let restored {
      let lines = restored.flattenedLines.map(String.init).joined(separator: ", ")
      let note = ParseIssue(
        "line \(lines) held a report whose line breaks were lost; " + restoredLinesNote)
      for index in reports.indices {
        reports[index].issues.insert(note, at: 0)
        // The report's extent is in the file's own lines (what is read around it counts those); its
        // evidence keeps the restored numbers, as the note says.
        reports[index].startLine = restored.original(reports[index].startLine)
        reports[index].endLine = restored.original(reports[index].endLine)
      }
    }
    // A text jetsam report ("Low Memory", iOS 5–9) or rows of its process table: the legacy parser sees at
    // most a header in it.
    if reports.isEmpty || (reports.count == 1 && reports[0].isHeaderOnly),
      let table = LegacyJetsamTableReader.read(source)
    {
      return [table]
    }
    if reports.isEmpty {
      // Xcode's `Message from debugger: Terminated due to memory issue` pasted alone.
      if let notes = DebuggerMemoryNoteReader.read(source) { return notes }
      // The same note as Xcode's alert details copy it (`Failure Reason: Message from debugger: …`).
      if let details = DebuggerMemoryNoteReader.readDetails(source) { return [details] }
      // The kernel's memory-limit line pasted alone (`EXC_RESOURCE -> X[pid] exceeded mem limit: …`).
      if let lines = MemoryLimitLineReader.read(source) { return lines }
      // The kernel's excessive-wakeups line pasted alone (`process X[pid] caught causing excessive wakeups. …`).
      if let lines = WakeupsLimitLineReader.read(source) { return lines }
      // Lines of a disk-writes report without the report (`… of file backed memory dirtied over …`).
      if let piece = DiskWritesPieceReader.read(source) { return piece }
      // PushKit's `Killing app because it never posted an incoming call …` exception pasted alone.
      if let lines = PushKitKillLineReader.read(source) { return lines }
      // A JetsamEvent process entry between prose sentences (KSCrash #278).
      if let fragment = JetsamFragmentReader.read(source, proseAround: true) { return [fragment] }
      // `` `Termination Reason: FRONTBOARD 0xbaadca11` `` quoted in inline code in prose.
      if let quoted = QuotedTerminationLineReader.read(source) { return quoted }
      // The same limit as the debugger shows it (`EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 MB, …)`).
      if let stops = DebuggerStopReasonReader.read(source) { return stops }
      // The 0xdead10cc kill's own sentence (`<BKNewProcess: …> was suspended with locked system files:`) and paths.
      if let sentence = LockedFilesSentenceReader.read(source) { return [sentence] }
      // A termination retyped as a summary in prose (`FRONTBOARD domain:10 code:0x8BADF00D`, `WatchdogEvent: …`).
      if let summary = TerminationSummaryReader.read(source) { return [summary] }
      // An assertion list, a termination context's fields or a Cr4shed report pasted alone.
      if let piece = ReportPieceReader.read(source) { return [piece] }
      // A Firebase Crashlytics console export (`Crashed: <thread>`, `EXC_BREAKPOINT 0x…`, frames under names).
      if let export = CrashlyticsExportReader.read(source) { return [export] }
      throw .notAReport("no crash report header or backtrace found")
    }
    return reports
  }

  /// The end of the note on a report read from a flattened paste's restored lines.
  static let restoredLinesNote =
    "bglog put them back before each report key, thread heading and frame, and line numbers count the restored lines"

  /// An `.ips` crash report whose JSON body does not parse and gave nothing to classify (no exception,
  /// termination or thread): the body is usually cut (a paste or forum that stopped mid-report), so
  /// its members are read one by one up to the cut, as a pasted fragment is, and applied to the report.
  static func salvagingCutBody(_ report: CrashReport, in source: SourceText) -> CrashReport {
    guard report.format == .ips, report.category == .crash, report.exception == nil, report.termination == nil,
      report.threads.isEmpty, let invalid = report.issues.first(where: { $0.message.hasPrefix("invalid JSON at line") })
    else { return report }
    // The body opens on the first line after the metadata line whose text starts with `{`.
    var bodyLine: Int?
    var line = report.startLine + 1
    while line <= min(source.lineCount, report.endLine) {
      let text = source.line(line).drop(while: { $0 == " " || $0 == "\t" })
      if text.hasPrefix("{") {
        bodyLine = line
        break
      }
      if !text.isEmpty { break }
      line += 1
    }
    guard let bodyLine, let members = IPSFragmentReader.membersOfCutBody(source, bodyLine: bodyLine) else {
      return report
    }
    var salvaged = report
    IPSCrashBodyReader.apply(JSONValue(.object(members), line: bodyLine), to: &salvaged)
    // Stackshot-variant bodies (watchdogd's reports) write `"pid" : -1`: no process id, not a real one.
    if let pid = salvaged.header.processID, pid < 0 { salvaged.header.processID = nil }
    let stop = invalid.location?.line.map { "line \($0)" } ?? "the cut"
    salvaged.issues.append(
      ParseIssue(
        "the JSON body is cut at \(stop); read its members before the cut (\(members.map(\.key).joined(separator: ", ")))",
        at: .line(bodyLine)))
    return salvaged
  }

  /// An `.ips` crash report whose metadata line is cut at its start (NetNewsWire #4403 begins
  /// `_type":"309","os_version":"iPhone OS 18.2 (22C5131e)",…,"name":"NetNewsWire"}`, the paste having
  /// lost `{"bug`): the line ends the metadata object and the next non-blank line opens the body, whose
  /// members are read up to any cut. Nil unless the body holds a member the diagnosis uses and names no
  /// other kind of report than a crash in its `bug_type`.
  static func cutMetadataReport(_ firstLine: Substring, in source: SourceText) -> CrashReport? {
    var trimmed = firstLine
    while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
    guard trimmed.hasSuffix("}"), !trimmed.hasPrefix("{"), trimmed.contains("\":"),
      let firstNumber = (1...source.lineCount).first(where: { !source.line($0).allSatisfy(\.isWhitespace) })
    else { return nil }
    var bodyLine = firstNumber + 1
    while bodyLine <= source.lineCount, source.line(bodyLine).allSatisfy(\.isWhitespace) { bodyLine += 1 }
    guard bodyLine <= source.lineCount, source.line(bodyLine).drop(while: \.isWhitespace).hasPrefix("{"),
      let members = IPSFragmentReader.membersOfCutBody(source, bodyLine: bodyLine)
    else { return nil }
    return IPSFragmentReader.crashReport(
      fromCutBody: members, in: source, bodyLine: bodyLine, startLine: firstNumber,
      note: "the .ips metadata line is cut at its start; read the body's members", noteLine: firstNumber)
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

extension CrashReport {
  /// Whether the report was read from a flattened paste's restored lines (``FlattenedReport``): its
  /// evidence line numbers count those lines.
  var readFromRestoredLines: Bool {
    issues.first?.message.hasSuffix(CrashReportReader.restoredLinesNote) == true
  }

  /// A text report that holds header lines only: no exception, termination, thread, backtrace, resource
  /// event, assertion or Application Specific Information.
  var isHeaderOnly: Bool {
    category == .crash && exception == nil && termination == nil && threads.isEmpty && lastExceptionBacktrace == nil
      && resource == nil && applicationSpecificInformation.isEmpty && leakedAssertions.isEmpty
  }
}
