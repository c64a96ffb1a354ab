import BglogKit

/// The JSON wire format of `bglog timeline --format json`, version 1.
///
/// Field names are part of the contract; add fields, never rename or remove them without
/// bumping `schemaVersion`.
public struct TimelineReportV1: Codable, Sendable, Hashable {
  /// Always 1 for this shape.
  public var schemaVersion: Int
  /// The detected layout (`time-process-message`, `console-app`…), or `null`.
  public var layout: String?
  /// Line and record counts.
  public var statistics: Statistics
  /// One timeline per app.
  public var apps: [App]
  /// Why the input was refused (exit 2), in the shape of `diagnose`'s `errors[]`; absent when it was read.
  public var errors: [ErrorV1]? = nil

  /// An input `timeline` refused: the same fields as `diagnose --format json`'s `errors[]`.
  public typealias ErrorV1 = DiagnoseOutputV1.ErrorV1

  /// Line and record counts.
  public struct Statistics: Codable, Sendable, Hashable {
    /// Lines read.
    public var lines: Int
    /// Records kept.
    public var records: Int
    /// Continuation lines joined to a record.
    public var continuationLines: Int
    /// Lines matching no layout.
    public var unknownLines: Int
    /// Exact duplicate records removed.
    public var duplicates: Int
    /// Same-millisecond copies removed.
    public var nearDuplicates: Int
    /// Recognised events left out to bound memory (absent unless the log is huge; see `--app`).
    public var droppedEvents: Int?
  }

  /// One app's timeline.
  public struct App: Codable, Sendable, Hashable {
    /// The bundle id, else the process name.
    public var app: String
    /// The bundle id, when known.
    public var bundleID: String?
    /// The process name, when known.
    public var processName: String?
    /// `entered-background` or `first-event`.
    public var anchor: String?
    /// The anchor's line.
    public var anchorLine: Int?
    /// The events in time order.
    public var events: [Event]
    /// One per pid.
    public var processes: [Process]
    /// Background wakeups.
    public var wakeups: [Wakeup]
    /// Totals.
    public var summary: Summary
    /// Conclusions with evidence.
    public var findings: [Finding]
  }

  /// One event.
  public struct Event: Codable, Sendable, Hashable {
    /// Time of day as written (`18:05:17`, `23:30:43.112133`).
    public var time: String?
    /// Seconds since the anchor.
    public var offsetSeconds: Double?
    /// The stable event kind id.
    public var kind: String
    /// The 1-based line.
    public var line: Int
    /// The process that wrote the record.
    public var lane: String
    /// The app's pid, when known.
    public var pid: Int?
    /// A short description.
    public var detail: String
    /// The marker name, for `marker` events.
    public var marker: String?
    /// The assertion's name, reason and declared duration, when the record describes one.
    public var assertion: Assertion?
  }

  /// An assertion as written.
  public struct Assertion: Codable, Sendable, Hashable {
    /// Its name.
    public var name: String?
    /// Its reason.
    public var reason: String?
    /// Declared duration in seconds.
    public var durationSeconds: Double?
  }

  /// One process lifetime.
  public struct Process: Codable, Sendable, Hashable {
    /// The pid.
    public var pid: Int
    /// First event time.
    public var start: String?
    /// Last event time.
    public var end: String?
    /// Seconds between them.
    public var durationSeconds: Double?
    /// `launched` / `relaunched-in-background`.
    public var startedBy: String?
    /// `killed` / `crashed` / `exited`.
    public var endedBy: String?
    /// The end event's detail.
    public var endDetail: String?
  }

  /// One wakeup.
  public struct Wakeup: Codable, Sendable, Hashable {
    /// Its line.
    public var line: Int
    /// Its time.
    public var time: String?
    /// Seconds since the anchor.
    public var offsetSeconds: Double?
    /// Seconds since the previous wakeup.
    public var gapSeconds: Double?
    /// Marker counts until the next wakeup, by name.
    public var markers: [String: Int]
    /// nsurlsessiond connections started until the next wakeup.
    public var transfersStarted: Int
  }

  /// Totals.
  public struct Summary: Codable, Sendable, Hashable {
    /// Seconds from the anchor to the last event.
    public var spanSeconds: Double?
    /// Number of wakeups.
    public var wakeups: Int
    /// Seconds nsurlsessiond had connections open (start → cancel).
    public var transferSeconds: Double?
    /// Longest silence between consecutive events.
    public var longestGapSeconds: Double?
  }

  /// One finding.
  public struct Finding: Codable, Sendable, Hashable {
    /// The stable finding kind id.
    public var kind: String
    /// `low`, `medium` or `high`.
    public var confidence: String
    /// One sentence.
    public var summary: String
    /// What to do, when known.
    public var advice: String?
    /// The proving lines.
    public var evidence: [Evidence]
  }

  /// One evidence line.
  public struct Evidence: Codable, Sendable, Hashable {
    /// The 1-based line.
    public var line: Int
    /// Its text.
    public var text: String
  }
}
