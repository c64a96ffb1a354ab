/// A conclusion drawn from an app's timeline, with the lines that prove it.
public struct TimelineFinding: Sendable, Hashable {
  /// What was found.
  public var kind: Kind
  /// How sure bglog is.
  public var confidence: Confidence
  /// One sentence saying what happened.
  public var summary: String
  /// What to do about it, when bglog knows.
  public var advice: String?
  /// The records that show it, in file order.
  public var evidence: [Evidence]

  /// Creates a finding.
  public init(
    kind: Kind, confidence: Confidence, summary: String, advice: String? = nil, evidence: [Evidence]
  ) {
    self.kind = kind
    self.confidence = confidence
    self.summary = summary
    self.advice = advice
    self.evidence = evidence
  }

  /// The kinds of finding; raw values are the stable ids written in JSON.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Background time ran out while a background task (or other assertion) was still held.
    case leakedBackgroundTask = "leaked-background-task"
    /// After a background relaunch for URL session events the app never called the
    /// `handleEventsForBackgroundURLSession` completion handler, and was killed for it.
    case completionHandlerNotCalled = "background-session-completion-not-called"
    /// Wakeups with growing gaps and a few tasks added each time: the background download rate limiter.
    case rateLimiter = "rate-limiter"
    /// The system stopped waking the app while the log went on.
    case stoppedWaking = "stopped-waking"
    /// nsurlsessiond started a connection and cancelled it at once.
    case transferCancelledImmediately = "transfer-cancelled-immediately"
    /// The app was killed by jetsam (memory) while in the background.
    case jetsamInBackground = "jetsam-in-background"
    /// The app was killed by jetsam (memory) and the log does not show it in the background (nor an inactive
    /// limit); shared with `diagnose`'s `jetsam`.
    case jetsam
    /// The process was killed for exceeding a memory limit that was not its inactive (background) one:
    /// the active limit (`ActiveHard`), or a limit the line does not qualify; or any memory-limit kill of a
    /// process the kernel gives as `type:daemon` (a launchd daemon, not an app).
    case memoryLimitKill = "memory-limit-kill"
    /// iOS 4–6: the app did not finish suspending in the seconds the system's own `Suspending process`
    /// assertion (reason `suspend`) permitted, and the system forced a crash report of it.
    case suspensionOverrun = "suspension-overrun"
    /// The user force-quit the app, which cancels its background transfers.
    case forceQuit = "force-quit"
    /// BGTaskScheduler was asked to launch a task identifier (a launch simulated from the debugger) and
    /// had no request with that identifier scheduled; or it refused a request the app submitted (the error
    /// `submit(_:)` threw, logged by the app), so the task never runs.
    case bgTaskRequestNotScheduled = "bgtask-request-not-scheduled"
    /// A background URL session task was created or resumed and the log shows nothing more of it.
    case urlTaskNotCompleted = "url-task-not-completed"
    /// UIKit reported that the `UIBackgroundFetchResult` completion handler of
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` (a remote notification's fetch) or
    /// `application(_:performFetchWithCompletionHandler:)` (a background fetch) was never called.
    case fetchCompletionNotCalled = "fetch-completion-not-called"
    /// The process went over its CPU limit (the CPU usage trigger); shared with `diagnose`'s `cpu-limit`.
    case cpuLimit = "cpu-limit"
    /// The app crashed on BGTaskScheduler's own exception about its task registration: a launch handler
    /// registered twice, none registered for an identifier in use, or one registered after launch.
    case bgTaskRegistrationCrash = "bgtask-registration-crash"
    /// FrontBoard's watchdog killed the app for a violated provision (a launch or scene deadline: CPU time or
    /// wall-clock time); shared with `diagnose`'s `watchdog-hang`.
    case watchdogHang = "watchdog-hang"
    /// The app ended on SIGPIPE (signal 13): a write to a socket or pipe whose other end was closed, not ignored.
    case sigpipe
    /// RunningBoard killed the app with code 0xbaddd15c to delete caches and reclaim disk space; shared with
    /// `diagnose`'s `disk-space-reclaim`.
    case diskSpaceReclaim = "disk-space-reclaim"
  }

  /// How sure a finding is.
  public enum Confidence: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A guess worth checking.
    case low
    /// Likely, but part of the picture is missing.
    case medium
    /// The lines leave little doubt.
    case high

    /// Orders low < medium < high.
    public static func < (lhs: Confidence, rhs: Confidence) -> Bool {
      let order: [Confidence] = [.low, .medium, .high]
      return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
  }

  /// One line of evidence.
  public struct Evidence: Sendable, Hashable {
    /// The 1-based line number.
    public var line: Int
    /// The line's text (shortened).
    public var text: String

    /// Creates evidence.
    public init(line: Int, text: String) {
      self.line = line
      self.text = text
    }
  }
}
