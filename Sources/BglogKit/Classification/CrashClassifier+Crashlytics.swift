import Foundation

/// Firebase Crashlytics console exports (``CrashlyticsExportReader``): the exception line and the threads
/// without a signal or termination reason, so a reading from them stays at most medium.
extension ClassifierContext {
  /// Any reading of a Crashlytics export: at most medium, naming what the export does not hold.
  func crashlyticsExport(_ diagnosis: inout Diagnosis) {
    if diagnosis.confidence == .high { diagnosis.confidence = .medium }
    diagnosis.facts.append(
      Fact(
        "missing-evidence",
        "the signal and termination reason (a Crashlytics export writes neither), and the Binary Images"))
    diagnosis.explanation +=
      " Read from a Firebase Crashlytics export: it gives the exception and the threads, but no signal or "
      + "termination reason to confirm the reading."
    guard diagnosis.kind == .insufficientData else { return }
    if report.blamedThread == nil, report.lastExceptionBacktrace == nil {
      diagnosis.facts.append(Fact("missing-evidence", "the crashed thread (Crashlytics' `Crashed: <name>` heading)"))
    }
    // No Exception Type lines exist to paste: Crashlytics shows the exception over the threads on the issue's page.
    diagnosis.advice.removeAll { $0.hasPrefix("Paste the lines from Exception Type") }
    diagnosis.advice.append(
      "Add the exception Crashlytics shows over the threads (`EXC_BAD_ACCESS KERN_INVALID_ADDRESS 0x…` or "
        + "`Fatal Exception: <name>`)"
        + (report.blamedThread == nil && report.lastExceptionBacktrace == nil
          ? " and the thread marked `Crashed: <name>` with its frames" : "")
        + ": they say how the app ended.")
  }

  /// The trap reading of a Crashlytics export whose crashed thread the app names as its own watchdog
  /// (`WatchDog`): the app's hang detector stopped it, which is not iOS's 0x8badf00d watchdog kill.
  func crashlyticsTrap(_ diagnosis: inout Diagnosis, crashed: ThreadBacktrace?) {
    guard let thread = crashed, let name = thread.name, PlainSearch.contains("watchdog", in: name.lowercased())
    else { return }
    let own = thread.frames.first { frame in
      !Self.isKnownSystemImage(frame.image) && !Self.isSystemLibrary(frame.image) && frame.symbol != nil
    }
    diagnosis.facts.append(Fact("crashed-thread-name", OneLineText.clean(name)))
    var place = ""
    if let own {
      diagnosis.evidence.append(frameEvidence(own, "the first frame outside the system on the crashed thread"))
      place = " in \(OneLineText.clean(own.symbol ?? own.image))"
      if let file = own.sourceFile, let line = own.sourceLine { place += " (\(OneLineText.clean(file)):\(line))" }
      // The frames are symbolicated: the generic "symbolicate the report" advice does not apply.
      diagnosis.advice.removeAll { $0.hasPrefix("No frame of the crashed thread is recognisably the app's") }
      diagnosis.advice.append("Start at \(frameText(own)): the app's code on the crashed thread.")
    }
    diagnosis.summary =
      "The app trapped (\(OneLineText.clean(report.exception?.type ?? "EXC_BREAKPOINT"))) on its own hang-detector "
      + "thread \(OneLineText.clean(name))\(place): the app's watchdog code stopped it, not iOS's 0x8badf00d watchdog."
    let main = report.threads.first { $0.name == "com.apple.main-thread" && !$0.frames.isEmpty }
    diagnosis.explanation +=
      " The crashed thread is named \(OneLineText.clean(name)): an in-app watchdog (a library that pings the main "
      + "thread and acts when it does not answer in time) trapped\(place), as a `fatalError` or precondition does: "
      + "the app's own report of a main-thread hang, not a system kill (iOS's watchdog ends an app with a 0x8badf00d "
      + "termination reason, not a trap)."
    diagnosis.advice.append(
      (main != nil
        ? "Read the main thread (com.apple.main-thread) in the export for what blocked it"
        : "The input does not hold the main thread (com.apple.main-thread): take it from the same Crashlytics event "
          + "to see what blocked it")
        + "; and make the watchdog's handler log the hang rather than trap in release builds.")
  }

  /// A frame's call as a sentence names it: its symbol, or `an unsymbolicated frame of Flutter` for Crashlytics'
  /// `(Missing)` (flutter/flutterfire #5491) and a frame without one.
  static func callName(_ frame: StackFrame) -> String {
    guard let symbol = frame.symbol, !symbol.hasPrefix("("), symbol != "???" else {
      return "an unsymbolicated frame of \(OneLineText.clean(frame.image))"
    }
    return OneLineText.clean(symbol)
  }

  /// A Crashlytics export's `Fatal Exception: NSInternalInconsistencyException` over the frames that threw it
  /// (flutter/flutter #114586, microsoft/appcenter-sdk-apple #1944), with no exception type: Crashlytics writes
  /// that heading for an uncaught Objective-C exception, which the runtime ends with an abort.
  func crashlyticsFatalException() -> Diagnosis? {
    guard report.format == .crashlytics, report.exception?.type == nil, let name = report.exception?.message,
      let thrown = report.lastExceptionBacktrace, !thrown.frames.isEmpty
    else { return nil }
    let clean = OneLineText.clean(name)
    var evidence = [
      self.evidence(report.exception?.messageLocation, "Fatal Exception: \(name)", "the uncaught exception")
    ]
    // Past Foundation's assertion handler (`_userInfoForFileAndLine`, firebase/firebase-ios-sdk #10971) to the
    // caller whose assertion failed.
    let handler = thrown.frames.first { Self.isAssertionMachinery($0.symbol) }
    let raiser = Self.raisingFrame(thrown.frames)
    let outside = thrown.frames.first { !Self.isKnownSystemImage($0.image) && !Self.isSystemLibrary($0.image) }
    if let handler {
      evidence.append(frameEvidence(handler, "Foundation's assertion handler: an assertion failed in its caller"))
    }
    if let raiser {
      evidence.append(
        frameEvidence(raiser, handler == nil ? "the call that raised the exception" : "the call whose assertion failed")
      )
    }
    if let outside, outside != raiser {
      evidence.append(frameEvidence(outside, "first frame outside the system libraries"))
    }
    var facts = baseFacts
    facts.append(Fact("exception-name", clean))
    var explanation =
      DiagnosisKind.abort.reference.meaning
      + " Crashlytics writes `Fatal Exception:` over the frames of an uncaught exception; the runtime aborts the "
      + "app after it. The export does not quote the exception's reason."
    var advice: [String] = []
    if let handler, let raiser {
      facts.append(Fact("failed-assertion-in", Self.callName(raiser)))
      explanation +=
        " The exception was raised by Foundation's assertion handler (\(OneLineText.clean(handler.symbol ?? ""))): an "
        + "NSAssert-style check failed in \(Self.callName(raiser)) (\(OneLineText.clean(raiser.image)))."
      if outside == nil, Self.isSystemLibrary(raiser.image) || Self.isKnownSystemImage(raiser.image) {
        explanation +=
          " The check is in Apple's code and no frame of the app is among the frames shown, so the app's part is what "
          + "it asked of that code before."
        advice.append(
          "The failed check is in \(frameText(raiser)), Apple's code: the frames shown hold no app frame; find what the "
            + "app asked of it (the assertion's reason, in the Crashlytics event's logs, names the broken rule).")
      }
    }
    if advice.isEmpty {
      advice.append(
        "Start at "
          + ((outside ?? raiser).map(frameText) ?? "the first frame past __exceptionPreprocess and objc_exception_throw")
          + "; the exception's reason is in the Crashlytics event's keys and logs.")
    }
    return Diagnosis(
      kind: .abort, confidence: .medium,
      summary: "The app was ended by an uncaught Objective-C exception: \(clean)"
        + (handler != nil && raiser != nil
          ? ", a failed assertion in \(raiser.map(Self.callName) ?? "")." : "."),
      explanation: explanation, advice: advice, evidence: evidence, facts: facts)
  }
}
