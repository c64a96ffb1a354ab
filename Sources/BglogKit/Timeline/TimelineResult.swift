/// Everything `TimelineBuilder` learned from one console log.
public struct TimelineResult: Sendable, Hashable {
  /// The layout the log was read as, when one was detected.
  public var layout: ConsoleLayout?
  /// Counts of lines, records, continuation lines, unknown lines and duplicates.
  public var statistics: ConsoleLogStatistics
  /// One timeline per app, the app with the most events first.
  public var apps: [AppTimeline]
  /// Recognised events dropped because the builder's cap was reached.
  public var droppedEvents: Int
  /// With ``TimelineOptions/listUnread``: the most frequent messages of background-relevant processes
  /// that gave no event, as templates. Empty otherwise.
  public var unread: [UnreadTemplate] = []

  /// A message form bglog did not read, and how often it was seen.
  public struct UnreadTemplate: Sendable, Hashable {
    /// The process that wrote it (empty: no header).
    public var process: String
    /// The message's first line with numbers, hex and identifiers replaced (`#`, `0x#`, `<id>`).
    public var template: String
    /// How many records had it.
    public var count: Int

    /// Creates a template row.
    public init(process: String, template: String, count: Int) {
      self.process = process
      self.template = template
      self.count = count
    }
  }

  /// Creates a result.
  public init(
    layout: ConsoleLayout?, statistics: ConsoleLogStatistics, apps: [AppTimeline],
    droppedEvents: Int = 0
  ) {
    self.layout = layout
    self.statistics = statistics
    self.apps = apps
    self.droppedEvents = droppedEvents
  }
}
