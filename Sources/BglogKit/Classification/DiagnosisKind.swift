/// The stable kind ids bglog assigns to reports. The raw values are part of the JSON contract.
public enum DiagnosisKind: String, Sendable, Hashable, CaseIterable, Codable {
  /// A `beginBackgroundTask` that was never ended: 0x8badf00d with an idle main thread, or 0x2182bad2.
  case leakedBackgroundTask = "leaked-background-task"
  /// The `handleEventsForBackgroundURLSession` completion handler was never called (0x2182bad3).
  case backgroundSessionCompletionNotCalled = "background-session-completion-not-called"
  /// The watchdog killed the app because its main thread was busy or blocked (0x8badf00d).
  case watchdogHang = "watchdog-hang"
  /// Too many background tasks, or a slow expiration handler (0xbada5e47).
  case backgroundTaskOverflow = "background-task-overflow"
  /// A file or SQLite lock held at suspension (0xdead10cc).
  case suspendedWithLockedFile = "suspended-with-locked-file"
  /// A background fetch that did not complete in time (0x2182bad4).
  case backgroundFetchTimeout = "background-fetch-timeout"
  /// Killed because of a thermal event (0xc00010ff).
  case thermalKill = "thermal-kill"
  /// The user force quit the app from the app switcher (0xdeadfa11).
  case forceQuit = "force-quit"
  /// Drawing while the device was locked or in a secure context (0x2bad45ec).
  case insecureDrawing = "insecure-drawing"
  /// A VoIP app resumed too frequently (0xbad22222).
  case voipResumeLimit = "voip-resume-limit"
  /// A PushKit VoIP push not reported to CallKit (0xbaadca11).
  case voipPushNotReported = "voip-push-not-reported"
  /// Killed so the system could delete caches and reclaim disk space (0xbaddd15c).
  case diskSpaceReclaim = "disk-space-reclaim"
  /// Killed for excessive use of key system resources (0xd00d2bad).
  case systemResourceOveruse = "system-resource-overuse"
  /// watchOS background task over its CPU or time budget (0xc51bad01–03).
  case watchBackgroundBudget = "watchos-background-budget"
  /// Killed by jetsam under memory pressure or over a memory limit.
  case jetsam
  /// Over the CPU-time limit (EXC_RESOURCE CPU, microstackshot "cpu usage").
  case cpuLimit = "cpu-limit"
  /// Over the wakeups limit (EXC_RESOURCE WAKEUPS).
  case wakeupsLimit = "wakeups-limit"
  /// Over the disk-writes limit (EXC_RESOURCE DISK WRITES, MetricKit disk-write exception); not a kill.
  case diskWritesLimit = "disk-writes-limit"
  /// A main-thread hang reported by MetricKit or a hang report; the app was not necessarily killed.
  case hangReport = "hang"
  /// Killed by code signing.
  case codeSigning = "code-signing"
  /// Killed by TCC for touching privacy-protected data without a usage description (namespace TCC).
  case privacyViolation = "privacy-violation"
  /// Killed for breaking a kernel guard: a guarded file descriptor, Mach port or memory (EXC_GUARD).
  case guardViolation = "guard-violation"
  /// Terminated by an OS component whose namespace names no kind of its own (LIBXPC, SANDBOX, EXEC…).
  case osTermination = "os-termination"
  /// A system background-task object (BGTask, WKRefreshBackgroundTask) released before it was
  /// completed: the framework aborts the app from the object's `dealloc`.
  case backgroundTaskNotCompleted = "background-task-not-completed"
  /// Over a memory limit (EXC_RESOURCE MEMORY); a warning unless the report says it was fatal.
  case memoryLimit = "memory-limit"
  /// dyld could not launch the app (missing library or symbol).
  case dyldLaunchFailure = "dyld-launch-failure"
  /// A bad memory access (EXC_BAD_ACCESS, SIGSEGV, SIGBUS).
  case badAccess = "bad-access"
  /// An abort: an uncaught exception, `abort()`, a failed assertion (SIGABRT).
  case abort
  /// A trap: a Swift runtime error or `__builtin_trap` (EXC_BREAKPOINT, SIGTRAP, SIGILL).
  case trap
  /// A main-thread deadlock reported by an in-app crash reporter, without an OS termination code.
  case mainThreadDeadlock = "main-thread-deadlock"
  /// A system-wide stackshot (0xbaaaaaad); not a crash.
  case stackshot
  /// A kernel panic or forced reset; not an app crash.
  case kernelPanic = "kernel-panic"
  /// A macOS sleep/wake failure stackshot; not an app crash.
  case sleepWakeFailure = "sleep-wake-failure"
  /// A diagnostic report of a type bglog does not diagnose; not a crash.
  case otherReport = "other-report"
  /// The report is too incomplete to say anything.
  case insufficientData = "insufficient-data"
  /// Nothing fits; the explanation says what was seen.
  case unknown
}
