/// A report with the author's prose pasted inside it (Stack Overflow 46498547: the header and exception lines up to
/// `Triggered by Thread: 0`, then the asker's sentences and code, then `Thread 0 name: Dispatch queue:
/// com.apple.main-thread` / `Thread 0 Crashed:` and its frames).
///
/// The document splitter ends a report after three prose lines, so such a paste became two reports: the first
/// said the main thread's backtrace was missing while it sat a few lines below, the second had frames and nothing
/// to classify. When a piece of threads only (no exception, termination, header line or other section) follows a
/// piece with an exception or termination and no threads, with only prose between them (at most
/// ``maximumProseLines`` lines, none of which opens a report) and no disagreement about the crashed thread, the
/// two are read as one report, the lines between left out: the reading is the one of the text without the prose.
enum ProseInsideReport {
  /// The most lines between the two pieces: an asker's paragraph and a code sample, not a second report's worth.
  static let maximumProseLines = 40

  /// Whether `report` is the first piece: exception or termination lines (and any header), no thread.
  static func isExceptionPiece(_ report: CrashReport) -> Bool {
    report.format == .text && report.category == .crash && report.threads.isEmpty
      && report.lastExceptionBacktrace == nil && report.binaryImages.isEmpty && report.resource == nil
      && report.otherDescription == nil && (report.exception != nil || report.termination != nil)
  }

  /// Whether `report` is the second piece: threads and nothing else.
  static func isBacktracePiece(_ report: CrashReport) -> Bool {
    report.format == .text && report.category == .crash && !report.threads.isEmpty && report.exception == nil
      && report.termination == nil && report.crashedThread == nil && report.header.fields.isEmpty
      && report.header.processName == nil && report.header.incidentIdentifier == nil
      && report.applicationSpecificInformation.isEmpty && report.leakedAssertions.isEmpty && report.resource == nil
      && report.otherDescription == nil && report.lastExceptionBacktrace == nil
  }

  /// The one report the two pieces make, read from their lines with the prose between left out; nil when they
  /// are not such a pair.
  static func join(_ first: CrashReport, _ second: CrashReport, in source: SourceText) -> CrashReport? {
    guard isExceptionPiece(first), isBacktracePiece(second), first.endLine < second.startLine else { return nil }
    // 1-based lines between the pieces.
    let between = (first.endLine + 1)..<second.startLine
    guard between.count <= maximumProseLines else { return nil }
    let prose = between.filter { !TextScanning.isBlankLine(source.lineText($0 - 1)) }
    guard !prose.isEmpty, !prose.contains(where: { TextReportBuilder.opensReport(source.lineText($0 - 1)) }) else {
      return nil
    }
    // `Triggered by Thread: 3` over a `Thread 0 Crashed:` is another report's thread.
    if let blamed = first.crashedThread?.value, let crashed = second.threads.first(where: \.crashed),
      crashed.index != blamed
    {
      return nil
    }
    var joined = LegacyCrashReportParser().parse(
      source, pieces: [(first.startLine - 1)..<first.endLine, (second.startLine - 1)..<second.endLine])
    joined.bugType = first.bugType
    let lines = prose.count == 1 ? "line \(prose[0])" : "lines \(prose[0])–\(prose[prose.count - 1])"
    joined.issues.append(
      ParseIssue(
        "\(lines) between the report's exception lines and its threads read as text pasted into the report; "
          + "bglog left \(prose.count == 1 ? "it" : "them") out and read the lines around as one report",
        at: .line(prose[0])))
    return joined
  }
}
