import Foundation

/// Reads Apple's text crash reports (`.crash`), every era, and Apple-style third-party text.
///
/// A document may hold several reports, quoted or indented inside other text (a ticket, an
/// article, a chat paste), with prose before, between and after them. Reports start at a
/// header key such as `Incident Identifier:` or `Process:`, at an exception block, or at a
/// thread heading; they end at `EOF`, at the `Full Report` separator of Console's translated
/// reports, at the start of the next report, or where three lines in a row read as prose.
public struct LegacyCrashReportParser: Sendable {
  /// Text lines longer than this are not read (a parse note says so): no real report line comes
  /// close, and storing one as a field would copy it several times (a 50 MB line cost 600 MB).
  static let maximumLineLength = 256 * 1024

  /// How many unreadable lines in a row end a report inside a document.
  private static let proseRunLimit = 3

  /// Creates a parser.
  public init() {}

  /// Finds every text report in a document and parses each one.
  ///
  /// - Returns: the reports in file order; empty when nothing in the text looks like a report.
  public func parseDocument(_ source: SourceText) -> [CrashReport] {
    // Lines are read in place from the text's bytes; a `Substring` is made only for lines that are not
    // frames. The scan's state lives in one struct so the closure touches it once, not once per line.
    var scan = DocumentScan(source: source)
    source.withUTF8 { text in scan.run(text) }
    scan.close()
    return scan.reports
  }

  /// The state of ``parseDocument(_:)`` while it walks the lines.
  private struct DocumentScan {
    let source: SourceText
    var reports: [CrashReport] = []
    var builder: TextReportBuilder?
    var prose: [Int] = []
    var lastLine = 0
    /// Frame lines read while no report was open (the end of a backtrace whose heading the paste lost): how many,
    /// and the first and last (0-based).
    var strayFrames: (count: Int, first: Int, last: Int) = (0, 0, 0)
    /// The stray frames before the open report.
    var strayFramesBefore: (count: Int, first: Int, last: Int) = (0, 0, 0)

    init(source: SourceText) {
      self.source = source
    }

    mutating func close() {
      guard var finished = builder else { return }
      builder = nil
      prose = []
      let hasSubstance = finished.hasSubstance
      var report = finished.finish(endLine: lastLine + 1)
      // A header block pasted after a headerless exception block, prose between (``LaterHeaderBlock``).
      if let last = reports.indices.last, LaterHeaderBlock.merge(report, into: &reports[last]) { return }
      // Threads pasted after the exception lines with the author's prose between (``ProseInsideReport``).
      if let last = reports.indices.last, let joined = ProseInsideReport.join(reports[last], report, in: source) {
        reports[last] = joined
        return
      }
      if hasSubstance {
        report.bugType = LegacyCrashReportParser.bugType(before: report.startLine - 1, in: source)
        if strayFramesBefore.count > 0 {
          // transistorsoft/react-native-background-geolocation #1704 pastes a backtrace's last frames (33–44)
          // before `Kernel Triage:` and the crashed thread: they are said, not dropped silently.
          let (count, first, last) = strayFramesBefore
          report.issues.append(
            ParseIssue(
              "\(count == 1 ? "a frame line" : "\(count) frame lines") before the report's first heading "
                + "(line\(count == 1 ? " \(first + 1)" : "s \(first + 1)–\(last + 1)"); the end of a backtrace whose "
                + "heading is not in the input) \(count == 1 ? "was" : "were") set aside", at: .line(first + 1)))
        }
        reports.append(report)
      }
      strayFramesBefore = (0, 0, 0)
    }

    mutating func run(_ text: UnsafeBufferPointer<UInt8>) {
      for index in 0..<source.lineCount {
        if source.lineByteCount(index) > maximumLineLength {
          builder?.noteUnreadable(index)
          continue
        }
        if builder?.feedFrameLine(index, text: text) != nil {
          for unreadable in prose { builder!.noteUnreadable(unreadable) }
          prose = []
          lastLine = index
          continue
        }
        // The trimmed line is every unquoted builder's content: trim once, not once per question.
        let lineText = source.lineText(index)
        // A line wrapped whole in one inline code span (a Markdown page's) is read inside it.
        let trimmed = TextReportBuilder.droppingInlineCodeSpan(TextScanning.trimmed(lineText))
        if LegacyCrashReportParser.isFullReportSeparator(index, trimmed: trimmed, in: source) {
          close()
          continue
        }
        if let quoted = builder?.stripsQuoteMarks,
          builder?.startsNewReport(index, content: quoted ? nil : trimmed) == true
        {
          close()
        }
        if builder == nil {
          guard TextReportBuilder.opensReport(lineText) || TextReportBuilder.opensResourceBody(index, in: source)
          else {
            if let first = trimmed.utf8.first, first >= 0x30, first <= 0x39,
              StackFrameLineParser.parse(trimmed, line: index + 1) != nil
            {
              strayFrames = (strayFrames.count + 1, strayFrames.count == 0 ? index : strayFrames.first, index)
            }
            continue
          }
          strayFramesBefore = strayFrames
          strayFrames = (0, 0, 0)
          builder = TextReportBuilder(source: source, range: index..<source.lineCount)
          lastLine = index
        }
        // Mutate the builder in place (`builder!`): a copy would duplicate the report per line.
        switch builder!.feed(index, content: builder!.stripsQuoteMarks ? nil : trimmed) {
        case .consumed:
          for unreadable in prose { builder!.noteUnreadable(unreadable) }
          prose = []
          lastLine = index
        case .blank:
          break
        case .prose:
          prose.append(index)
          if prose.count >= proseRunLimit { close() }
        }
        if builder?.isClosed == true { close() }
      }
    }
  }

  /// Parses the 0-based line indices `range` of `source` as one text report.
  public func parse(_ source: SourceText, lines range: Range<Int>) -> CrashReport {
    let clamped = range.clamped(to: 0..<source.lineCount)
    var builder = TextReportBuilder(source: source, range: clamped)
    source.withUTF8 { text in Self.feed(clamped, of: source, text: text, to: &builder) }
    var report = builder.finish(endLine: clamped.upperBound)
    report.startLine = range.lowerBound + 1
    return report
  }

  /// Parses the 0-based line indices of `pieces`, in order, as one text report: the lines between them are left
  /// out, as if they were not in the text (``ProseInsideReport``).
  func parse(_ source: SourceText, pieces: [Range<Int>]) -> CrashReport {
    let clamped = pieces.map { $0.clamped(to: 0..<source.lineCount) }
    guard let start = clamped.first?.lowerBound, let end = clamped.last?.upperBound else {
      return CrashReport(format: .text)
    }
    var builder = TextReportBuilder(source: source, range: start..<end)
    source.withUTF8 { text in
      for piece in clamped where !builder.isClosed { Self.feed(piece, of: source, text: text, to: &builder) }
    }
    var report = builder.finish(endLine: end)
    report.startLine = start + 1
    return report
  }

  /// The line loop of ``parse(_:lines:)``, on the builder in place.
  private static func feed(
    _ clamped: Range<Int>, of source: SourceText, text: UnsafeBufferPointer<UInt8>, to builder: inout TextReportBuilder
  ) {
    for index in clamped {
      if source.lineByteCount(index) > Self.maximumLineLength {
        builder.noteUnreadable(index)
        continue
      }
      if builder.feedFrameLine(index, text: text) != nil { continue }
      let trimmed = TextReportBuilder.droppingInlineCodeSpan(TextScanning.trimmed(source.lineText(index)))
      if isFullReportSeparator(index, trimmed: trimmed, in: source) { break }
      if builder.feed(index, content: builder.stripsQuoteMarks ? nil : trimmed) == .prose {
        builder.noteUnreadable(index)
      }
      if builder.isClosed { break }
    }
  }

  /// Console's translated reports end the text part with a `Full Report` banner between dashes.
  private static func isFullReportSeparator(_ index: Int, trimmed text: Substring, in source: SourceText) -> Bool {
    // Only a text starting with `F` (or a non-ASCII byte) can equal `Full Report`: skip the comparison otherwise.
    guard let first = text.utf8.first, first == 0x46 || first >= 0x80, text == "Full Report" else { return false }
    let neighbours = [index - 1, index + 1].filter { $0 >= 0 && $0 < source.lineCount }
    return neighbours.contains { neighbour in
      let neighbourText = TextScanning.trimmed(source.lineText(neighbour))
      return neighbourText.count >= 3 && neighbourText.allSatisfy { $0 == "-" }
    }
  }

  /// The `bug_type` of a one-line JSON metadata object right before a report, when there is one.
  private static func bugType(before index: Int, in source: SourceText) -> String? {
    var line = index - 1
    while line >= 0, TextScanning.isBlankLine(source.lineText(line)) { line -= 1 }
    guard line >= 0 else { return nil }
    let text = TextScanning.trimmed(source.lineText(line))
    guard text.hasPrefix("{"), let key = PlainSearch.range(of: "\"bug_type\"", in: text) else { return nil }
    let rest = text[key.upperBound...].drop(while: { $0 == " " || $0 == ":" || $0 == "\"" })
    let value = rest.prefix(while: { $0.isASCII && ($0.isNumber || $0.isLetter) })
    return value.isEmpty ? nil : String(value)
  }
}
