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
