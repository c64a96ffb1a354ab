/// Reads Apple's text crash reports (`.crash`), every era, and Apple-style third-party text.
public struct LegacyCrashReportParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Finds every text report in a document and parses each one.
  ///
  /// - Returns: the reports in file order; empty when nothing in the text looks like a report.
  public func parseDocument(_ source: SourceText) -> [CrashReport] {
    []  // TODO: implemented by the legacy-parser work
  }

  /// Parses the 0-based line indices `range` of `source` as one text report.
  public func parse(_ source: SourceText, lines range: Range<Int>) -> CrashReport {
    CrashReport(format: .text, startLine: range.lowerBound + 1, endLine: range.upperBound)
  }
}
