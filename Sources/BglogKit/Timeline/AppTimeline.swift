/// The reconstructed background story of one app.
public struct AppTimeline: Sendable, Hashable {
  /// The bundle id, when the log names one.
  public var bundleID: String?
  /// The process name, when the log names one.
  public var processName: String?
  /// The events, in time order (file order for equal times).
  public var events: [TimelineEvent]
  /// What offsets are measured from.
  public var anchor: Anchor?
  /// One entry per pid seen.
  public var processes: [ProcessLifetime]
  /// Times the system woke or relaunched the app in the background.
  public var wakeups: [Wakeup]
  /// Totals.
  public var summary: Summary
  /// What the timeline shows, most certain first.
  public var findings: [TimelineFinding]

  /// The app's name for display: bundle id, else process name (an empty one, from a line without a
  /// header, reads as the app not named in the log).
  public var name: String {
    if let bundleID, !bundleID.isEmpty { return bundleID }
    guard let processName else { return "unknown app" }
    return processName.isEmpty ? AppSubject.unnamedAppName : processName
  }

  /// Creates a timeline.
  public init(
    bundleID: String?, processName: String?, events: [TimelineEvent], anchor: Anchor?,
    processes: [ProcessLifetime], wakeups: [Wakeup], summary: Summary, findings: [TimelineFinding]
  ) {
    self.bundleID = bundleID
    self.processName = processName
    self.events = events
    self.anchor = anchor
    self.processes = processes
    self.wakeups = wakeups
    self.summary = summary
    self.findings = findings
  }

  /// Seconds from the anchor to an event, when both have times.
  public func offset(of event: TimelineEvent) -> Double? {
    guard let clock = event.clock, let anchor = anchor?.clock else { return nil }
    return clock - anchor
  }

  /// The moment offsets are measured from.
  public struct Anchor: Sendable, Hashable {
    /// `enteredBackground` when the log shows it, else the app's first event.
    public var kind: Kind
    /// The anchor event's line.
    public var line: Int
    /// Its time as written.
    public var timestamp: LogTimestamp?
    /// Its clock value.
    public var clock: Double?

    /// Creates an anchor.
    public init(kind: Kind, line: Int, timestamp: LogTimestamp?, clock: Double?) {
      self.kind = kind
      self.line = line
      self.timestamp = timestamp
      self.clock = clock
    }

    /// What the anchor is.
    public enum Kind: String, Sendable, Hashable {
      /// The app entered the background here.
      case enteredBackground = "entered-background"
      /// No entered-background record: the app's first event.
      case firstEvent = "first-event"
    }
  }

  /// One process (pid) of the app.
  public struct ProcessLifetime: Sendable, Hashable {
    /// The pid.
    public var pid: Int
    /// The first event's line and time.
    public var firstLine: Int
    /// The first event's time.
    public var start: LogTimestamp?
    /// The last event's time.
    public var end: LogTimestamp?
    /// Seconds between first and last event.
    public var durationSeconds: Double?
    /// How it started, when seen (`launched`, `relaunched-in-background`).
    public var startedBy: TimelineEvent.Kind?
    /// How it ended, when seen (`killed`, `crashed`, `exited`).
    public var endedBy: TimelineEvent.Kind?
    /// The end event's detail.
    public var endDetail: String?

    /// Creates a lifetime.
    public init(
      pid: Int, firstLine: Int, start: LogTimestamp?, end: LogTimestamp?, durationSeconds: Double?,
      startedBy: TimelineEvent.Kind?, endedBy: TimelineEvent.Kind?, endDetail: String?
    ) {
      self.pid = pid
      self.firstLine = firstLine
      self.start = start
      self.end = end
      self.durationSeconds = durationSeconds
      self.startedBy = startedBy
      self.endedBy = endedBy
      self.endDetail = endDetail
    }
  }

  /// One background wakeup or relaunch.
  public struct Wakeup: Sendable, Hashable {
    /// The line of the relaunch or resume record.
    public var line: Int
    /// Its time.
    public var timestamp: LogTimestamp?
    /// Seconds since the anchor.
    public var offsetSeconds: Double?
    /// Seconds since the previous wakeup.
    public var gapSeconds: Double?
    /// `relaunched-in-background` or `resumed`.
    public var kind: TimelineEvent.Kind
    /// Marker counts between this wakeup and the next, by marker name (sorted by name).
    public var markerCounts: [MarkerCount]
    /// nsurlsessiond connections started between this wakeup and the next.
    public var transfersStarted: Int

    /// Creates a wakeup.
    public init(
      line: Int, timestamp: LogTimestamp?, offsetSeconds: Double?, gapSeconds: Double?,
      kind: TimelineEvent.Kind,
      markerCounts: [MarkerCount], transfersStarted: Int
    ) {
      self.line = line
      self.timestamp = timestamp
      self.offsetSeconds = offsetSeconds
      self.gapSeconds = gapSeconds
      self.kind = kind
      self.markerCounts = markerCounts
      self.transfersStarted = transfersStarted
    }
  }

  /// How many times a marker matched.
  public struct MarkerCount: Sendable, Hashable {
    /// The marker's name.
    public var name: String
    /// The count.
    public var count: Int

    /// Creates a count.
    public init(name: String, count: Int) {
      self.name = name
      self.count = count
    }
  }

  /// Totals over the timeline.
  public struct Summary: Sendable, Hashable {
    /// Seconds from the anchor to the app's last event.
    public var spanSeconds: Double?
    /// Number of wakeups.
    public var wakeups: Int
    /// Seconds during which nsurlsessiond had a connection open for the app (start → cancel).
    public var transferSeconds: Double?
    /// The longest silence between two consecutive events of the app.
    public var longestGapSeconds: Double?
    /// Line of the event that ends the longest gap.
    public var longestGapEndLine: Int?

    /// Creates a summary.
    public init(
      spanSeconds: Double?, wakeups: Int, transferSeconds: Double?, longestGapSeconds: Double?,
      longestGapEndLine: Int?
    ) {
      self.spanSeconds = spanSeconds
      self.wakeups = wakeups
      self.transferSeconds = transferSeconds
      self.longestGapSeconds = longestGapSeconds
      self.longestGapEndLine = longestGapEndLine
    }
  }
}
