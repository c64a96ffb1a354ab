/// Counts kept while reading a console log, so a reader can tell how much was understood.
public struct ConsoleLogStatistics: Sendable, Hashable {
  /// Lines read, blank ones included.
  public var lines = 0
  /// Records produced (after removing duplicates).
  public var entries = 0
  /// Lines joined to the record before them.
  public var continuationLines = 0
  /// Lines that matched no layout before any record was seen; skipped.
  public var unknownLines = 0
  /// Records dropped because an identical one was already read (a stream pasted twice).
  public var duplicates = 0
  /// Records dropped because the same process wrote the same message within a millisecond
  /// (Console.app merging several copies of one stream).
  public var nearDuplicates = 0
  /// Continuation text dropped because a record grew past the size bglog keeps.
  public var truncatedRecords = 0

  /// Creates empty counts.
  public init() {}
}
