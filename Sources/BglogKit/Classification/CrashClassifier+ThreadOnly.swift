/// Only a crashed thread was pasted (no exception, no termination reason), and its top frames are an
/// abort: `__pthread_kill` ← `pthread_kill` ← `abort`. The frames name the kind even without the
/// exception lines; when `_objc_terminate` / `std::terminate` sit below, an uncaught exception called it.
/// Real pastes: streamcloudapp/StreamCloud issue #100 (fixture), and the iOS thread of
/// jp.narouhz.com forum thread 767076 (no licence; rebuilt in code in `ThreadOnlyAbortTests`).
extension ClassifierContext {
  /// The crashed thread's top frame is AppKit's `-[NSApplication _crashOnException:]` (under `reportException:`):
  /// an Objective-C exception reached NSApplication and AppKit crashed the app on it, with a trap (macOS's own
  /// reports say EXC_BREAKPOINT or SIGILL there: getsentry/sentry-cocoa #4472, microsoft/appcenter-sdk-apple #1944).
  /// The frames say that much without the exception lines; the exception's name and reason are not in them.
  func crashedThreadAppKitException() -> Diagnosis? {
    guard report.exception == nil, report.termination == nil, let thread = report.blamedThread, thread.crashed,
      let top = thread.frames.first, top.symbol?.hasPrefix("-[NSApplication _crashOnException:]") == true
    else { return nil }
    var evidence = [frameEvidence(top, "AppKit crashes the app on an exception reported to NSApplication")]
    if let report = thread.frames.dropFirst().prefix(3).first(where: {
      $0.symbol?.hasPrefix("-[NSApplication reportException:]") == true
    }) {
      evidence.append(frameEvidence(report, "the exception was reported to NSApplication"))
    }
    var facts = baseFacts
    facts.append(Fact("crashed-thread-top", "-[NSApplication _crashOnException:]"))
    facts.append(Fact("missing-evidence", "the exception's name and reason, and the frames that threw it"))
    var advice = [
      "Find the exception's name and reason (the report's Application Specific Information, or the exception "
        + "Crashlytics records with the event): the frames here are AppKit's, after the throw."
    ]
    let app = StackAnalysis.firstAppFrame(thread, appImages: report.appImageNames)
    if let app, app.symbol != "main" {
      evidence.append(frameEvidence(app, "first app frame of the crashed thread"))
      advice.append("Then read the app's code at \(frameText(app)).")
    }
    return Diagnosis(
      kind: .abort, confidence: .medium,
      summary:
        "AppKit crashed the app on an uncaught Objective-C exception: the crashed thread is in "
        + "-[NSApplication _crashOnException:] (the exception itself is not in the input).",
      explanation:
        "AppKit calls -[NSApplication _crashOnException:] for an exception that reached NSApplication "
        + "(reportException:) when the app crashes on exceptions (NSApplicationCrashOnExceptions, or a crash "
        + "reporter that sets it): it stops the app with a trap rather than an abort, but the cause is the uncaught "
        + "exception. The frames under it are the run loop's, not the code that threw, so they do not say where the "
        + "exception came from.",
      advice: advice, evidence: evidence, facts: facts)
  }

  func crashedThreadAbort() -> Diagnosis? {
    guard report.exception == nil, report.termination == nil, let thread = report.blamedThread, thread.crashed
    else { return nil }
    let top = thread.frames.prefix(6)
    guard
      let abortIndex = top.firstIndex(where: { frame in
        (frame.symbol == "abort" || frame.symbol == "__abort") && frame.image.hasPrefix("libsystem_c")
      })
    else { return nil }
    // Only the kill itself above the abort (`__pthread_kill`, `pthread_kill`); a simulator's or Rosetta's
    // unsymbolicated `0   ???   0x7ff89532a940 ???` may sit on top (OpenEmu/OpenEmu #4839).
    let killImages = ["libsystem_kernel", "libsystem_pthread", "libsystem_c"]
    guard
      top[..<abortIndex].allSatisfy({ frame in
        killImages.contains { frame.image.hasPrefix($0) }
          || (frame.image == "???" && (frame.symbol == nil || frame.symbol == "???"))
      })
    else {
      return nil
    }
    let terminate = thread.frames.prefix(14).first { frame in
      let symbol = frame.symbol ?? ""
      return symbol.hasPrefix("_objc_terminate") || symbol.hasPrefix("std::terminate")
        || symbol.hasPrefix("std::__terminate")
    }
    var evidence = [frameEvidence(thread.frames[abortIndex], "the crashed thread calls abort()")]
    var facts = baseFacts
    if let index = thread.index { facts.append(Fact("crashed-thread", String(index))) }
    if let terminate {
      evidence.append(frameEvidence(terminate, "called by the runtime's terminate handler: an uncaught exception"))
    }
    let app = StackAnalysis.firstAppFrame(thread, appImages: report.appImageNames)
    if let app {
      evidence.append(frameEvidence(app, "first app frame of the crashed thread"))
      facts.append(Fact("first-app-frame", frameText(app)))
    }
    facts.append(
      Fact(
        "missing-evidence",
        "the exception type and termination reason"
          + (terminate == nil ? "" : ", and the Application Specific Information naming the exception")))
    let summary =
      terminate == nil
      ? "The app aborted: the crashed thread called abort() (only the thread was pasted)."
      : "The app aborted on an uncaught exception: the crashed thread's terminate handler called abort() "
        + "(only the thread was pasted)."
    var explanation =
      "The input is a crashed thread without the exception lines. Its top frames are an abort: "
      + "__pthread_kill, pthread_kill and abort, which is how SIGABRT starts."
    var advice: [String] = []
    if terminate != nil {
      explanation +=
        " The runtime's terminate handler (_objc_terminate / std::terminate) called it: an Objective-C or C++ "
        + "exception was thrown and nothing caught it. Its name and reason are in the report's Application "
        + "Specific Information, which the paste lacks."
      advice.append(
        "Find the exception's name and reason in the full report (Application Specific Information or Last "
          + "Exception Backtrace); the code that threw it ran inside the block or callback below the "
          + "terminate frames.")
    }
    if let app {
      advice.append("Start at the crashed thread's first app frame (\(frameText(app))).")
    }
    return Diagnosis(
      kind: .abort, confidence: .medium, summary: summary, explanation: explanation, advice: advice,
      evidence: evidence, facts: facts)
  }
}
