/// The `process-exit` watchdog: the system asked the app to quit and it had not exited when the allowance was up
/// (`Termination Description: SPRINGBOARD, process-exit watchdog transgression: application<` in
/// firebase/firebase-ios-sdk #5707, iOS 13.5, header only; `WatchdogEvent: process-exit` with a main thread in
/// SQLite, ccgus/fmdb #841). It is no launch, scene or background-time deadline: what matters is the work the app
/// does as it quits (applicationWillTerminate(_:), scene disconnection, `atexit` handlers and static destructors,
/// which `exit` runs on the main thread), so every reading of it says so, in the words the SQLite reading
/// (``sqliteMainThreadHang(_:details:work:expirationHandler:evidence:facts:)``) and the `Failed to terminate
/// gracefully` reading use.
extension ClassifierContext {
  /// Whether the watchdog's account names the process-exit event.
  func isProcessExit(_ details: WatchdogDetails) -> Bool {
    details.event?.lowercased() == "process-exit"
  }

  /// What a process-exit kill is, in one sentence ending in a full stop (`within 5 s` when the allowance is known).
  func processExitAccount(_ details: WatchdogDetails) -> String {
    // `Failed to terminate gracefully after 5.0s` is the time the app had to exit, as the SQLite reading reads it.
    let within =
      (details.allowanceSeconds ?? details.terminationGraceSeconds).map { " within its \(formatSeconds($0)) allowance" }
      ?? " in time"
    return "The watchdog event is process-exit: the system asked the app to quit (the user swiping it away, an "
      + "update, or the system ending it) and the app did not finish exiting\(within), so it was killed. This is "
      + "not a launch, scene or background-time deadline."
  }

  /// The advice on the work done as the app quits.
  static let processExitAdvice =
    "Keep the work done as the app quits short: applicationWillTerminate(_:), scene disconnection, atexit handlers "
    + "and C++ static destructors run on the main thread as the app exits; never block there on a lock, semaphore, "
    + "dispatch_sync or another thread, and skip work that is not needed to quit."

  /// 0x8badf00d for the process-exit event with no main-thread backtrace: the app did not exit in time; what held
  /// it up is not in the input, so the reading stays low.
  func processExitWithoutBacktrace(
    _ code: UInt64, details: WatchdogDetails, unplaced: Bool, evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    var facts = facts
    let missingMain = "the report has no main-thread backtrace."
    // The report's times are a fact; the leak they would rule out is no reading of a process-exit kill.
    if let ruledOut = leakRuledOutByTimes() { facts.append(ruledOut.fact) }
    let explanation =
      processExitAccount(details) + " "
      + (unplaced
        ? "The input has frames, but no thread heading says they are the main thread's, so bglog does not read "
          + "them as what kept the app from exiting."
        : "The report has no main-thread backtrace, so what kept the app from exiting is not named.")
    return Diagnosis(
      kind: .watchdogHang, confidence: .low,
      summary: "The system asked the app to quit (process-exit) and killed it (\(hex(code))) when it had not exited "
        + "in time; " + (unplaced ? "no thread heading says which thread the pasted frames are." : missingMain),
      explanation: explanation,
      advice: [
        Self.processExitAdvice,
        "Get the report's backtraces (the full .ips or .crash) to see what the main thread was doing as the app "
          + "was exiting.",
      ],
      evidence: evidence, facts: facts)
  }
}
