/// A jetsam (memory pressure) event: which processes the system looked at and which it killed.
public struct JetsamEvent: Sendable, Hashable {
  /// `largestProcess`, when present.
  public var largestProcess: String?
  /// The processes listed in the event.
  public var processes: [JetsamProcess]
  /// Whether the input is only a piece of the event (process entries or table rows pasted without the
  /// report around them), so a killed process may be missing from it.
  public var isFragment = false
  /// When the JSON body did not parse, the line where it stopped: the body was then read line by line, so an
  /// entry (the killed process's among them) may be missing from ``processes``.
  public var lineByLineFrom: Int?

  /// Creates a jetsam event.
  public init(largestProcess: String? = nil, processes: [JetsamProcess] = []) {
    self.largestProcess = largestProcess
    self.processes = processes
  }

  /// The processes that carry a kill `reason`.
  public var killed: [JetsamProcess] { processes.filter { $0.reason != nil } }
}

/// One process in a jetsam event.
public struct JetsamProcess: Sendable, Hashable {
  /// The process name.
  public var name: String
  /// The pid, when present.
  public var pid: Int?
  /// The bundle identifier, when present.
  public var bundleIdentifier: String?
  /// The kill reason (`highwater`, `vm-thrashing`, `per-process-limit`, `fc-thrashing`...).
  public var reason: String?
  /// Resident pages, when present.
  public var residentPages: Int?
  /// The states (`frontmost`, `suspended`, `resume`...), when present.
  public var states: [String]
  /// Where the process entry (or its reason) is.
  public var location: SourceLocation?

  /// Creates a jetsam process entry.
  public init(
    name: String,
    pid: Int? = nil,
    bundleIdentifier: String? = nil,
    reason: String? = nil,
    residentPages: Int? = nil,
    states: [String] = [],
    location: SourceLocation? = nil
  ) {
    self.name = name
    self.pid = pid
    self.bundleIdentifier = bundleIdentifier
    self.reason = reason
    self.residentPages = residentPages
    self.states = states
    self.location = location
  }
}

/// A resource-limit event: CPU or wakeups (microstackshot reports, EXC_RESOURCE).
public struct ResourceEvent: Sendable, Hashable {
  /// The event name as written (`cpu usage`, `wakeups`).
  public var event: String
  /// `Action taken` as written (`Process killed`, `none`), when present.
  public var actionTaken: String?
  /// The limit sentence (`48 seconds cpu time over 54 seconds ... exceeding limit of ...`).
  public var summary: String?
  /// Where the event line is.
  public var location: SourceLocation?
  /// Where the action line is.
  public var actionLocation: SourceLocation?
  /// Where the limit sentence is, when it was read from a line of its own.
  public var summaryLocation: SourceLocation?

  /// Creates a resource event.
  public init(
    event: String,
    actionTaken: String? = nil,
    summary: String? = nil,
    location: SourceLocation? = nil,
    actionLocation: SourceLocation? = nil,
    summaryLocation: SourceLocation? = nil
  ) {
    self.event = event
    self.actionTaken = actionTaken
    self.summary = summary
    self.location = location
    self.actionLocation = actionLocation
    self.summaryLocation = summaryLocation
  }

  /// Whether the system killed the process for this event.
  public var isFatal: Bool {
    actionTaken?.lowercased().contains("kill") ?? false
  }
}
