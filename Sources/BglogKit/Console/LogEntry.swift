/// One record of a console log, with its continuation lines joined to the message.
public struct LogEntry: Sendable, Hashable {
  /// The 1-based line number of the record's first line.
  public var line: Int
  /// The time as written, when the layout has one.
  public var timestamp: LogTimestamp?
  /// Seconds on one continuous clock for the whole file: dates and UTC offsets when written,
  /// otherwise time of day with midnight rollovers counted. Only differences are meaningful.
  public var clock: Double?
  /// The process that wrote the record (`assertiond`, `SpringBoard`, `BackgroundDemo`).
  public var process: String
  /// The process id, when written.
  public var pid: Int?
  /// The library or sender in parentheses (`FrontBoard`, `CFNetwork`), when written.
  public var library: String?
  /// The unified-logging subsystem, when written.
  public var subsystem: String?
  /// The unified-logging category, when written.
  public var category: String?
  /// The level or type word as written (`default`, `Notice`, `Df`, `error`), when written.
  public var level: String?
  /// The message, with continuation lines joined by `\n`.
  public var message: String
  /// How many lines the record spans.
  public var lineCount: Int
  /// The record's first line as written, cut to 400 characters; shown as evidence.
  public var firstLine: String

  /// Creates an entry.
  public init(
    line: Int, timestamp: LogTimestamp? = nil, clock: Double? = nil, process: String,
    pid: Int? = nil,
    library: String? = nil, subsystem: String? = nil, category: String? = nil, level: String? = nil,
    message: String, lineCount: Int = 1, firstLine: String = ""
  ) {
    self.line = line
    self.timestamp = timestamp
    self.clock = clock
    self.process = process
    self.pid = pid
    self.library = library
    self.subsystem = subsystem
    self.category = category
    self.level = level
    self.message = message
    self.lineCount = lineCount
    self.firstLine = firstLine
  }
}
