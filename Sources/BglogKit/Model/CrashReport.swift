/// One crash (or crash-like) report read from an input, in any of the formats bglog knows.
///
/// Parsers fill in what the report holds and leave the rest `nil` or empty; nothing here is
/// required, because real reports are often truncated or damaged. Every field that the
/// classifier quotes as evidence carries its ``SourceLocation``.
public struct CrashReport: Sendable, Hashable {
  /// The layout the report was written in.
  public var format: ReportFormat
  /// What kind of report it is (a crash, a jetsam event, a stackshot...).
  public var category: ReportCategory
  /// The `bug_type` from an `.ips` metadata line, when there is one (`"309"`, `"109"`, `"298"`...).
  public var bugType: String?
  /// The 1-based line where this report starts in its file (several reports can share a file).
  public var startLine: Int
  /// The 1-based line where this report ends in its file.
  public var endLine: Int
  /// Identity of the process and device.
  public var header: ReportHeader
  /// The exception block (`Exception Type`, codes, subtype, note), when present.
  public var exception: ExceptionInfo?
  /// Why the OS terminated the process (`Termination Reason` / `termination`), when present.
  public var termination: TerminationInfo?
  /// The index of the thread the report blames (`Triggered by Thread`, `Crashed Thread`,
  /// `Highlighted Thread`, `faultingThread`).
  public var crashedThread: Located<Int>?
  /// Lines of `Application Specific Information` (or the `asi` object), in order.
  public var applicationSpecificInformation: [Located<String>]
  /// Process assertions the report says were held beyond their permitted time.
  public var leakedAssertions: [ProcessAssertion]
  /// The thread backtraces, in report order.
  public var threads: [ThreadBacktrace]
  /// `Last Exception Backtrace`, when present.
  public var lastExceptionBacktrace: ThreadBacktrace?
  /// Binary images, when present.
  public var binaryImages: [BinaryImage]
  /// Jetsam event details (bug_type 298), when this is a jetsam report.
  public var jetsam: JetsamEvent?
  /// Resource-limit details (CPU, wakeups; microstackshot or EXC_RESOURCE), when present.
  public var resource: ResourceEvent?
  /// For reports that are not app crashes (panics, stackshots, unknown bug types): what they say they are.
  public var otherDescription: Located<String>?
  /// Problems met while reading; the report is still usable.
  public var issues: [ParseIssue]

  /// Creates an empty report of the given format; parsers fill in the rest.
  public init(
    format: ReportFormat,
    category: ReportCategory = .crash,
    startLine: Int = 1,
    endLine: Int = 1
  ) {
    self.format = format
    self.category = category
    self.bugType = nil
    self.startLine = startLine
    self.endLine = endLine
    self.header = ReportHeader()
    self.exception = nil
    self.termination = nil
    self.crashedThread = nil
    self.applicationSpecificInformation = []
    self.leakedAssertions = []
    self.threads = []
    self.lastExceptionBacktrace = nil
    self.binaryImages = []
    self.jetsam = nil
    self.resource = nil
    self.otherDescription = nil
    self.issues = []
  }

  /// The thread the report blames, or thread 0 when the report does not say.
  public var blamedThread: ThreadBacktrace? {
    if let index = crashedThread?.value, let thread = threads.first(where: { $0.index == index }) {
      return thread
    }
    return threads.first(where: { $0.crashed }) ?? nil
  }

  /// The main thread (thread 0, or the thread whose queue is `com.apple.main-thread`).
  public var mainThread: ThreadBacktrace? {
    threads.first(where: { $0.index == 0 })
      ?? threads.first(where: { $0.dispatchQueue == "com.apple.main-thread" })
  }
}

/// The layout a report was written in.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
  /// Apple's legacy text report (`.crash`), any era, including third-party Apple-style text.
  case text
  /// A JSON `.ips` report: a one-line metadata object followed by a JSON body.
  case ips
  /// A one-line `.ips` metadata object followed by a text body (bug_type 109, translated reports).
  case ipsText = "ips-text"
  /// A MetricKit `MXDiagnosticPayload` JSON document.
  case metricKit = "metrickit"
  /// A KSCrash JSON report.
  case kscrash = "kscrash"
  /// A Firebase Crashlytics console export (text): thread names on lines of their own (`Crashed: <name>`,
  /// `Thread`, a queue name) over frames `N  image  0xaddr symbol`, and an `EXC_… 0x…` line; no header, no
  /// termination reason, no signal.
  case crashlytics = "crashlytics"
}

/// What kind of event a report records.
public enum ReportCategory: String, Sendable, Hashable, CaseIterable {
  /// A process crash or OS termination with backtraces.
  case crash
  /// A jetsam (memory pressure) event listing processes.
  case jetsam
  /// A resource-limit report (CPU or wakeups microstackshot, EXC_RESOURCE).
  case resource
  /// A stackshot taken of the whole system; not a crash.
  case stackshot
  /// A kernel panic or forced reset; not an app crash.
  case panic
  /// A report type bglog does not diagnose.
  case other
}

/// Identity of the process and device, from the report header.
public struct ReportHeader: Sendable, Hashable {
  /// `Incident Identifier` / `incident_id`.
  public var incidentIdentifier: String?
  /// `Hardware Model` / `modelCode`.
  public var hardwareModel: String?
  /// The process name (`Process: Name [pid]` / `procName`).
  public var processName: String?
  /// The process id.
  public var processID: Int?
  /// `Path` / `procPath`.
  public var path: String?
  /// `Identifier` / `bundleInfo.CFBundleIdentifier`.
  public var bundleIdentifier: String?
  /// `Version`.
  public var version: String?
  /// `Code Type` / `cpuType`.
  public var codeType: String?
  /// `Role` / `procRole` (Foreground, Background, Non UI...).
  public var role: String?
  /// `Parent Process`.
  public var parentProcess: String?
  /// `Date/Time` / `captureTime`, as written.
  public var dateTime: String?
  /// `Launch Time` / `procLaunch`, as written.
  public var launchTime: String?
  /// `OS Version` / `osVersion`, as written.
  public var osVersion: String?
  /// `Report Version`.
  public var reportVersion: String?
  /// Every `Key: Value` header line in order, including the ones named above.
  public var fields: [HeaderField]

  /// Creates an empty header.
  public init() {
    self.fields = []
  }

  /// The first header field with this name (case-sensitive, as written in the report).
  public func field(_ name: String) -> HeaderField? {
    fields.first(where: { $0.name == name })
  }
}

/// One `Key: Value` line of a report header.
public struct HeaderField: Sendable, Hashable {
  /// The key as written (`Hardware Model`).
  public var name: String
  /// The value with surrounding blanks removed.
  public var value: String
  /// Where the line is.
  public var location: SourceLocation

  /// Creates a header field.
  public init(name: String, value: String, location: SourceLocation) {
    self.name = name
    self.value = value
    self.location = location
  }
}
