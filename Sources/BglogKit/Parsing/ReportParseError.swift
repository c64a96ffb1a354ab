/// Why an input could not be read as a crash report at all.
///
/// Problems that leave something usable are ``ParseIssue``s on the report instead.
public enum ReportParseError: Error, Sendable, Hashable {
  /// The input is empty or only blank lines.
  case empty
  /// Nothing in the input looks like a crash report; the string says what it looks like instead.
  case notAReport(String)
  /// JSON that could not be read, at a 1-based line and column.
  case invalidJSON(line: Int, column: Int, message: String)
  /// JSON nested deeper than bglog accepts, at a 1-based line.
  case nestingTooDeep(line: Int, limit: Int)
}
