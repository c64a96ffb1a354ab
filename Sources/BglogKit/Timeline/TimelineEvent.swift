/// One thing that happened to an app, recognised from a console log record.
///
/// A value with its fields in one shared box, copied on write: the analysis and the renderers pass
/// every kept event through a dozen passes, and copying its eight strings and arrays each time was
/// most of the time a timeline took after the last line was read.
public struct TimelineEvent: Sendable, Hashable {
  /// The fields; shared by copies until one of them changes a field (see ``mutable``).
  private var storage: Storage

  /// What happened.
  public var kind: Kind {
    get { storage.fields.kind }
    set { mutable.fields.kind = newValue }
  }
  /// The 1-based line of the record that shows it.
  public var line: Int {
    get { storage.fields.line }
    set { mutable.fields.line = newValue }
  }
  /// The time as written on that record.
  public var timestamp: LogTimestamp? {
    get { storage.fields.timestamp }
    set { mutable.fields.timestamp = newValue }
  }
  /// The record's position on the file's continuous clock (see `LogEntry.clock`).
  public var clock: Double? {
    get { storage.fields.clock }
    set { mutable.fields.clock = newValue }
  }
  /// The process that wrote the record: the lane (`assertiond`, `SpringBoard`, the app…).
  public var lane: String {
    get { storage.fields.lane }
    set { mutable.fields.lane = newValue }
  }
  /// The app process's pid, when the record names it.
  public var pid: Int? {
    get { storage.fields.pid }
    set { mutable.fields.pid = newValue }
  }
  /// A short description: the assertion, the reason, the marker name…
  public var detail: String {
    get { storage.fields.detail }
    set { mutable.fields.detail = newValue }
  }
  /// The assertion the record describes, when there is one.
  public var assertion: ProcessAssertion? {
    get { storage.fields.assertion }
    set { mutable.fields.assertion = newValue }
  }
  /// Every assertion named in the record (a forced crash report lists those held too long).
  public var namedAssertions: [ProcessAssertion] {
    get { storage.fields.namedAssertions }
    set { mutable.fields.namedAssertions = newValue }
  }
  /// The marker's name, for `.marker` events.
  public var marker: String? {
    get { storage.fields.marker }
    set { mutable.fields.marker = newValue }
  }
  /// The record's first line, shortened, as evidence.
  public var text: String {
    get { storage.fields.text }
    set { mutable.fields.text = newValue }
  }
  /// The other records that show the same thing and were folded into this event (the kernel's
  /// `killing_specific_process` and osanalyticshelper's `killed by jetsam` lines after its `EXC_RESOURCE -> …
  /// (fatal)` line for one kill): findings quote them as evidence with the event's own line.
  public var alsoShownBy: [TimelineFinding.Evidence] {
    get { storage.fields.alsoShownBy }
    set { mutable.fields.alsoShownBy = newValue }
  }

  /// Creates an event.
  public init(
    kind: Kind, line: Int, timestamp: LogTimestamp? = nil, clock: Double? = nil, lane: String,
    pid: Int? = nil,
    detail: String = "", assertion: ProcessAssertion? = nil,
    namedAssertions: [ProcessAssertion] = [],
    marker: String? = nil, text: String
  ) {
    storage = Storage(
      Fields(
        kind: kind, line: line, timestamp: timestamp, clock: clock, lane: lane, pid: pid, detail: detail,
        assertion: assertion, namedAssertions: namedAssertions, marker: marker, text: text))
  }

  /// The box, made this value's own before a field changes.
  private var mutable: Storage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
      return storage
    }
  }

  /// Two events are equal when every field is.
  public static func == (lhs: TimelineEvent, rhs: TimelineEvent) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes every field.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// The fields of an event, in a class only so that copies share them; every change goes through
  /// ``TimelineEvent/mutable``, which copies a shared box first, so a box is never changed while
  /// another value (or another thread) holds it.
  private final class Storage: @unchecked Sendable {
    var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// Every field (what the synthesised equality and hashing compared before the box).
  private struct Fields: Hashable {
    var kind: Kind
    var line: Int
    var timestamp: LogTimestamp?
    var clock: Double?
    var lane: String
    var pid: Int?
    var detail: String
    var assertion: ProcessAssertion?
    var namedAssertions: [ProcessAssertion]
    var marker: String?
    var text: String
    var alsoShownBy: [TimelineFinding.Evidence] = []
  }

  /// The kinds of event; the raw values are the stable ids written in JSON.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The app went to the background (visibility Background, role Background).
    case enteredBackground = "entered-background"
    /// A UIKit background task began (`beginBackgroundTask`).
    case backgroundTaskStarted = "background-task-started"
    /// A UIKit background task ended.
    case backgroundTaskEnded = "background-task-ended"
    /// The system warned that background time is about to run out.
    case expiryWarning = "expiry-warning"
    /// assertiond set its 30 s background permission check timer.
    case permissionTimer = "permission-timer"
    /// A process assertion was added or acquired for the app.
    case assertionAcquired = "assertion-acquired"
    /// An assertion's reason was changed (`Mutating assertion reason from X to Y`).
    case assertionChanged = "assertion-changed"
    /// An assertion was invalidated, deactivated or relinquished.
    case assertionInvalidated = "assertion-invalidated"
    /// An assertion or background task asked for the app was not granted (`Error acquiring assertion: …
    /// "Client is missing required entitlement"`, WebKit's `Unable to acquire assertion` and `Ignored request to
    /// start a new background task`); the detail says why when the record does.
    case assertionNotAcquired = "assertion-not-acquired"
    /// The process was killed by the system (jetsam, watchdog, TCC, user…).
    case killed
    /// The process crashed, or the system forced a crash report.
    case crashed
    /// The process exited and the record does not say why.
    case exited
    /// The process was suspended.
    case suspended
    /// The process was resumed.
    case resumed
    /// The app was launched in the background (by nsurlsessiond, a push, a fetch…).
    case relaunchedInBackground = "relaunched-in-background"
    /// The app was launched into the foreground.
    case launched
    /// nsurlsessiond opened a connection for the app.
    case transferStarted = "transfer-started"
    /// nsurlsessiond cancelled a connection for the app.
    case transferCancelled = "transfer-cancelled"
    /// A daemon asked for the app to be woken (`Received request to open "…" from nsurlsessiond`).
    case wakeRequest = "wake-request"
    /// The app logged a warning that its handleEvents completion handler was not called.
    case completionHandlerWarning = "completion-handler-warning"
    /// A URL session task was created (`Task <…>.<n> uploadTaskWithRequest: …`, nsurlsessiond).
    case urlTaskCreated = "url-task-created"
    /// A background URL session task was resumed (`Task <…>.<n> resumeTaskWithIdentifier`, nsurlsessiond).
    case urlTaskResumed = "url-task-resumed"
    /// A URL session task completed; the detail says whether with an error (`completed with error (null) [0]`:
    /// none; `finished with error - code: -999`: cancelled).
    case urlTaskCompleted = "url-task-completed"
    /// nsurlsessiond's bookkeeping of an app's background session: the client active or disconnected,
    /// the session removed, a task's completion acknowledged by the client.
    case urlSessionEvent = "url-session-event"
    /// The app submitted a BGTaskScheduler request (`submitTaskRequest: <BGAppRefreshTaskRequest: …>`).
    case bgTaskSubmitted = "bgtask-submitted"
    /// The debugger asked BGTaskScheduler to simulate a launch for a task identifier.
    case bgTaskSimulatedLaunch = "bgtask-simulated-launch"
    /// dasd decided a scheduled BackgroundTasks activity must not run now (`FinalDecision: Must Not Proceed`),
    /// naming the policies that refused it.
    case bgTaskDeferred = "bgtask-deferred"
    /// BGTaskScheduler refused a request (`Error Domain=BGTaskSchedulerErrorDomain Code=1`: unavailable,
    /// 2: too many pending requests, 3: not permitted).
    case bgTaskSubmitFailed = "bgtask-submit-failed"
    /// BGTaskScheduler had no scheduled request for an identifier it was asked to launch.
    case bgTaskNotScheduled = "bgtask-not-scheduled"
    /// FrontBoard found one of its watchdog provisions for the app violated (`Provision violated for watchdog
    /// process-launch: …`); the detail says when it was not enforced (the process is being debugged). Also a
    /// limit the system enforces on the process found exceeded: assertiond's unsuspend limit (`exceeded 15
    /// wakes in 300 sec`), the CPU usage trigger, the kernel's excessive wakeups.
    case watchdogViolation = "watchdog-violation"
    /// FrontBoard removed the app's process from the processes it manages (`Removing: <FBApplicationProcess:
    /// …>`), after invalidating its workspace: the lines do not say that the process exited, nor why.
    case processRemoved = "process-removed"
    /// dasd cancelled a scheduled activity of the app (`CANCELED: com.apple.pushLaunch.<bundle>:<id>`).
    case bgTaskCancelled = "bgtask-cancelled"
    /// A helper process of the app ended, not the app: WebKit's WebContent process (`WebProcessProxy::didClose`,
    /// `processDidTerminate`). The app's own process runs on; the detail names the helper's pid.
    case childProcessEnded = "child-process-ended"
    /// A system process asked RunningBoard to terminate the app (`Received termination request from
    /// [osservice<com.apple.dasd>:76] on <RBSProcessPredicate …> with context <RBSTerminateContext| …>`): the
    /// detail names the requester and the explanation as written. A request, not the end: the exit is read
    /// from its own lines when the log has them.
    case terminationRequested = "termination-requested"
    /// SpringBoard received a remote notification (push) for the app (`[bundle] Received remote notification
    /// request ID [ … hasContentAvailable: 1 … pushType: Background]`): the detail says the push type, whether it
    /// is content-available and has an alert, as written. Not a launch or a wakeup: dasd decides whether and when
    /// the app is woken for it.
    case pushReceived = "push-received"
    /// SpringBoard no longer counts the app as playing audio (`application<bundle> now playing with audio: NO`):
    /// it drops the assertion it took for the app while it played (`[BKSProcess setNowPlayingWithAudio:YES]`),
    /// so audio no longer keeps the app running in the background.
    case audioStopped = "audio-stopped"
    /// The app received a memory warning (`Received memory warning.` in its own log): the system asked it to free
    /// memory. Not a kill; a memory kill shortly after it cites it.
    case memoryWarning = "memory-warning"
    /// The app's own log line matched a `--mark` pattern.
    case marker
  }
}
