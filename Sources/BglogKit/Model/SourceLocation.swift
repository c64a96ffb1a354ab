/// Where a fact came from in an input: a 1-based line, a JSON path, or both.
///
/// Every piece of evidence bglog shows points back to one of these, so a reader can
/// open the report and find the line that proves the conclusion.
public struct SourceLocation: Sendable, Hashable {
  /// The 1-based line number in the input file, when known.
  public var line: Int?
  /// A JSON path such as `termination.code` or `threads[0].frames[3]`, for JSON inputs.
  public var jsonPath: String?

  /// Creates a location from a line number and/or a JSON path.
  public init(line: Int? = nil, jsonPath: String? = nil) {
    self.line = line
    self.jsonPath = jsonPath
  }

  /// A location at a 1-based line.
  public static func line(_ number: Int) -> SourceLocation { SourceLocation(line: number) }

  /// A location at a JSON path, optionally on a known line.
  public static func json(_ path: String, line: Int? = nil) -> SourceLocation {
    SourceLocation(line: line, jsonPath: path)
  }
}

/// A value together with where it was read.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
  /// The value read from the input.
  public var value: Value
  /// Where it was read.
  public var location: SourceLocation

  /// Creates a located value.
  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }
}

/// A problem met while reading an input that did not stop the parse.
public struct ParseIssue: Sendable, Hashable {
  /// Where the problem is, when it can be pinned down.
  public var location: SourceLocation?
  /// A short lowercase description, quoting the offending text where useful.
  public var message: String

  /// Creates a parse issue.
  public init(_ message: String, at location: SourceLocation? = nil) {
    self.message = message
    self.location = location
  }
}
