/// Reads JSON reports: `.ips` (a metadata line then a JSON or text body), MetricKit payloads
/// and KSCrash JSON.
public struct IPSReportParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Parses a document whose first non-blank character is `{`.
  ///
  /// - Throws: ``ReportParseError`` when nothing usable can be read.
  public func parseDocument(_ source: SourceText) throws(ReportParseError) -> [CrashReport] {
    throw .notAReport("JSON reports are not read yet")  // TODO: implemented by the JSON work
  }
}
