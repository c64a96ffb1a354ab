import BglogKit

/// Title, description and advice for a `check` kind id: the `bglog explain` reference for crash-report
/// kinds, and a short entry for the console-log findings that have no crash-report kind.
public struct CheckKindInfo: Sendable, Hashable {
  /// A short title.
  public var title: String
  /// What it means.
  public var meaning: String
  /// How bglog decides, when known.
  public var howToConfirm: String?
  /// What to change.
  public var advice: [String]

  /// The info for a kind id; unknown ids get a neutral entry.
  public static func of(_ kind: String) -> CheckKindInfo {
    if let diagnosis = DiagnosisKind(rawValue: kind) {
      let reference = diagnosis.reference
      return CheckKindInfo(
        title: reference.title, meaning: reference.meaning, howToConfirm: reference.howToConfirm,
        advice: reference.advice)
    }
    switch TimelineFinding.Kind(rawValue: kind) {
    case .rateLimiter:
      return CheckKindInfo(
        title: "Background download rate limiter",
        meaning:
          "The system woke the app for its background session with growing gaps and only a few transfers each "
          + "time: nsurlsessiond's rate limiter, which punishes apps that add tasks on every wakeup.",
        howToConfirm: "Wakeups in the console log with growing gaps and a few tasks added at each.",
        advice: [
          "Create background transfers in batches while the app is in the foreground instead of adding a few "
            + "on every background wakeup."
        ])
    case .stoppedWaking:
      return CheckKindInfo(
        title: "The system stopped waking the app",
        meaning: "The app's background wakeups stopped while the log went on.",
        howToConfirm: "No wakeup of the app in the console log after a point, while other records continue.",
        advice: ["Check whether background transfers were cancelled or the app was force-quit or killed."])
    case .transferCancelledImmediately:
      return CheckKindInfo(
        title: "Transfer cancelled immediately",
        meaning: "nsurlsessiond started a connection for the app and cancelled it at once.",
        howToConfirm: "A connection `start` followed within seconds by its `cancel` in the console log.",
        advice: ["Look for the task being cancelled or invalidated by the app, or a failing request."])
    case .jetsamInBackground:
      return CheckKindInfo(
        title: "Killed by jetsam in the background",
        meaning: "The app was killed by jetsam (memory pressure or a memory limit) while in the background.",
        howToConfirm: "A jetsam kill of the app's pid in the console log while it was in the background.",
        advice: ["Release caches and large buffers when entering the background; keep the footprint low."])
    case .memoryLimitKill:
      return CheckKindInfo(
        title: "Killed for exceeding a memory limit",
        meaning: "The process passed its per-process memory limit (the active one, or one the line does not qualify).",
        howToConfirm: "The kernel's `exceeded mem limit: ActiveHard …` or `EXC_RESOURCE RESOURCE_TYPE_MEMORY` line.",
        advice: ["Lower the peak footprint below the limit named; extensions have far smaller limits than apps."])
    case .suspensionOverrun:
      return CheckKindInfo(
        title: "The app overran its suspension window (iOS 4–6)",
        meaning: "The system's own `Suspending process` assertion ran out while the app was still running.",
        howToConfirm: "`identifier: Suspending process: App[pid] … reason: suspend` held beyond permitted time.",
        advice: ["Return from applicationDidEnterBackground quickly; wrap longer work in a background task."])
    case .sigpipe:
      return CheckKindInfo(
        title: "Ended by SIGPIPE",
        meaning: "The app wrote to a socket or pipe whose other end was closed, and SIGPIPE ended it.",
        howToConfirm: "Xcode's `Terminated due to signal 13`, or an exit by signal SIGPIPE(13) in the console log.",
        advice: ["Ignore SIGPIPE (signal(SIGPIPE, SIG_IGN), or SO_NOSIGPIPE on each socket) and handle EPIPE."])
    default:
      return CheckKindInfo(title: kind, meaning: "A finding of kind \(kind).", howToConfirm: nil, advice: [])
    }
  }
}
