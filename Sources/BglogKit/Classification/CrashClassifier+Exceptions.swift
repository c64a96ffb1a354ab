import Foundation

/// Ordinary crashes read from the exception type and signal.
extension ClassifierContext {
  // MARK: Exceptions

  func byException() -> Diagnosis {
    let exception = report.exception
    let type = exception?.type?.uppercased() ?? ""
    let signal = exception?.signal?.uppercased() ?? signalFromTermination() ?? ""
    let all = type + " " + signal
    let crashed = report.blamedThread
    var evidence = exceptionEvidence + terminationEvidence.filter { _ in report.termination?.namespace != nil }
    var facts = baseFacts

    func addCrashedThread() {
      guard let crashed else { return }
      if let index = crashed.index { facts.append(Fact("crashed-thread", String(index))) }
      if let top = crashed.frames.first { evidence.append(frameEvidence(top, "top frame of the crashed thread")) }
      if let app = StackAnalysis.firstAppFrame(crashed, appImages: appImages), app != crashed.frames.first {
        evidence.append(frameEvidence(app, "first app frame of the crashed thread"))
        facts.append(Fact("first-app-frame", frameText(app)))
      }
    }

    if let dealloc = backgroundTaskObjectAbort() { return dealloc }
    if let recursion = lockRecursionWithException(signal: signal) { return recursion }
    if type == "DEADLOCK"
      || report.applicationSpecificInformation.contains(where: {
        PlainSearch.contains("deadlock", in: $0.value.lowercased())
      })
    {
      if let line = report.applicationSpecificInformation.first(where: {
        PlainSearch.contains("deadlock", in: $0.value.lowercased())
      }) {
        evidence.append(self.evidence(line.location, line.value, "the in-app reporter's deadlock marker"))
      }
      if let main = report.mainThread, let blocked = StackAnalysis.blockingReason(main) {
        evidence.append(frameEvidence(blocked.frame, "main thread \(blocked.reason)"))
        facts.append(Fact("main-thread", blocked.reason))
      }
      return Diagnosis(
        kind: .mainThreadDeadlock, confidence: .medium,
        summary: "An in-app crash reporter saw the main thread deadlock; the OS did not report a kill code.",
        explanation:
          "The report comes from an in-app reporter that detected a stuck main thread. Without an OS "
          + "termination code this is not an Apple watchdog (0x8badf00d) kill, and the app may have recovered.",
        evidence: evidence, facts: facts)
    }
    if PlainSearch.contains("EXC_BAD_ACCESS", in: all) && !PlainSearch.contains("SIGKILL", in: signal)
      || PlainSearch.contains("SIGSEGV", in: signal) || PlainSearch.contains("SIGBUS", in: signal) || type == "SIGSEGV"
      || type == "SIGBUS"
    {
      addCrashedThread()
      var summary = "A bad memory access (\(signal.isEmpty ? type : signal))"
      if let subtype = exception?.subtype { summary += " at \(subtype)" }
      if let index = crashed?.index { summary += " on thread \(index)" }
      summary += "."
      return Diagnosis(
        kind: .badAccess, confidence: .high, summary: summary,
        explanation: DiagnosisKind.badAccess.reference.meaning
          + ((crashed?.index ?? 0) != 0
            ? " The crash is on a background thread, so the main thread's state says nothing about it." : ""),
        evidence: evidence, facts: facts)
    }
    if PlainSearch.contains("SIGABRT", in: signal) || type == "SIGABRT" {
      addCrashedThread()
      var summary = "The app aborted (SIGABRT)"
      var advice: [String] = []
      if let name = uncaughtExceptionName() {
        summary += ": uncaught \(name.value)"
        facts.append(Fact("exception-name", name.value))
        evidence.append(self.evidence(name.location, name.value, "the uncaught exception"))
      } else {
        // The Application Specific Information says why (`stack buffer overflow`, `abort() called`);
        // `dyld3 mode` and the like say nothing about the cause.
        let lines = report.applicationSpecificInformation.filter { line in
          let value = line.value.trimmingCharacters(in: .whitespaces)
          return !value.isEmpty && !value.hasPrefix("dyld") && !value.hasSuffix(" mode")
        }
        for line in lines.prefix(3) {
          evidence.append(self.evidence(line.location, line.value, "application specific information"))
        }
        if !lines.isEmpty {
          summary +=
            ": " + lines.prefix(2).map { $0.value.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
        }
        if lines.contains(where: { PlainSearch.contains("stack buffer overflow", in: $0.value) }) {
          advice.append(
            "The stack protector found a write past the end of a stack buffer: look for fixed-size C arrays and "
              + "unchecked copies (strcpy, sprintf, memcpy) in the crashed thread's app frames; reproduce with "
              + "Address Sanitizer.")
        }
      }
      let named = facts.contains { $0.key == "exception-name" }
      if let last = report.lastExceptionBacktrace, let app = StackAnalysis.firstAppFrame(last, appImages: appImages) {
        evidence.append(frameEvidence(app, "where the exception was thrown (Last Exception Backtrace)"))
        advice.append(
          named
            ? "Fix the exception named in the evidence at the first app frame of the Last Exception Backtrace."
            : "Fix the exception thrown at the first app frame of the Last Exception Backtrace (\(frameText(app))).")
      } else if let last = report.lastExceptionBacktrace, !last.frames.isEmpty {
        // No frame is known to be the app's (no Binary Images): the frames past the throw machinery say
        // which call raised it and whose code called that; `__exceptionPreprocess` says nothing.
        let raiser = Self.raisingFrame(last.frames)
        let outside = last.frames.first { !Self.isSystemLibrary($0.image) }
        if let raiser {
          let asserted = last.frames.contains { Self.isAssertionMachinery($0.symbol) }
          evidence.append(
            frameEvidence(
              raiser,
              asserted
                ? "the call whose assertion failed (Foundation's assertion handler raised the exception for it; Last "
                  + "Exception Backtrace)"
                : "the call that raised the exception (Last Exception Backtrace)"))
        }
        if let outside, outside != raiser {
          evidence.append(frameEvidence(outside, "first frame outside the system libraries (Last Exception Backtrace)"))
        }
        if let shown = outside ?? raiser {
          advice.append(
            "The report does not say which images are the app's: start at \(frameText(shown)) in the Last Exception "
              + "Backtrace" + (raiser.map { $0 != shown ? ", which called \(frameText($0))" : "" } ?? "") + ".")
        }
      } else if let crashed, let app = StackAnalysis.firstAppFrame(crashed, appImages: appImages) {
        advice.append(
          "The report has no Last Exception Backtrace: start at the crashed thread's first app frame (\(frameText(app)))."
        )
      } else {
        advice.append(
          "The report has no Last Exception Backtrace and no app frame on the crashed thread: read the Application "
            + "Specific Information and the crashed thread from the top.")
      }
      return Diagnosis(
        kind: .abort, confidence: .high, summary: summary + ".",
        explanation: DiagnosisKind.abort.reference.meaning, advice: advice, evidence: evidence, facts: facts)
    }
    if PlainSearch.contains("EXC_BREAKPOINT", in: all) || PlainSearch.contains("EXC_BAD_INSTRUCTION", in: all)
      || PlainSearch.contains("SIGTRAP", in: signal) || PlainSearch.contains("SIGILL", in: signal) || type == "SIGTRAP"
      || type == "SIGILL"
    {
      addCrashedThread()
      let swiftFrame = crashed.flatMap { thread in
        thread.frames.prefix(6).first(where: {
          PlainSearch.contains("assertionFailure", in: $0.symbol ?? "")
            || PlainSearch.contains("fatalError", in: $0.symbol ?? "")
            || $0.image == "libswiftCore.dylib"
        })
      }
      if let swiftFrame { evidence.append(frameEvidence(swiftFrame, "Swift runtime check")) }
      let trapAdvice: [String] =
        crashed.flatMap { StackAnalysis.firstAppFrame($0, appImages: appImages) } == nil
        ? [
          "No frame of the crashed thread is recognisably the app's (unsymbolicated, or no Binary Images): "
            + "symbolicate the report, then look at the first app frame: it is the line that trapped."
        ] : []
      var diagnosis = Diagnosis(
        kind: .trap, confidence: .high,
        summary: "The app hit a trap (\(signal.isEmpty ? type : signal))"
          + (swiftFrame != nil ? ": a Swift runtime check failed." : "."),
        explanation: DiagnosisKind.trap.reference.meaning, advice: trapAdvice, evidence: evidence, facts: facts)
      if report.format == .crashlytics { crashlyticsTrap(&diagnosis, crashed: crashed) }
      reporterSDKTrap(&diagnosis, crashed: crashed)
      return diagnosis
    }
    if PlainSearch.contains("EXC_RESOURCE", in: type) { return resourceException() }
    if report.exception == nil && report.termination == nil { return withoutCodes() }
    addCrashedThread()
    var seen: [String] = []
    if !type.isEmpty { seen.append("exception \(type)\(signal.isEmpty ? "" : " (\(signal))")") }
    if let termination = report.termination {
      if !termination.reason.isEmpty {
        seen.append("termination \"\(termination.reason)\"")
      } else if let description = termination.description {
        // A Termination Description pasted without its reason line.
        let oneLine = description.split(whereSeparator: \.isNewline).joined(separator: " ")
        seen.append("termination description \"\(oneLine.prefix(80))\" (no reason line)")
      }
    }
    if report.exception == nil && report.termination == nil {
      seen.append("\(report.threads.count) thread(s) and no exception or termination reason")
    }
    var explanation = "bglog saw " + seen.joined(separator: " and ") + " and none of its rules matched. "
    if signal == "SIGKILL", report.termination == nil {
      let later = sectionsAfterTerminationPlace()
      if report.threads.isEmpty, !later.isEmpty {
        // The report goes on past where its Termination Reason would be (NativeScript #9638): it has none.
        let sections = later.map { "`\($0)`" }.joined(separator: ", ")
        facts.append(
          Fact(
            "missing-evidence",
            "the Termination Reason line (the report has none: it goes on to \(sections) without one) and the "
              + "threads (not in the input)"))
        explanation +=
          "The report goes on past its exception lines (to \(sections)) and has no Termination Reason: the report "
          + "itself does not say who killed the app or why."
        if let role = report.header.role, ["background", "non ui"].contains(role.lowercased()) {
          explanation += " The process role was \(role): it was running in the background."
        }
      } else if report.threads.isEmpty {
        // A paste that stops after the exception lines: the Termination Reason (which says who killed the
        // app and why) would come next, so its absence says nothing about the kill.
        facts.append(
          Fact("missing-evidence", "the Termination Reason line and the threads (the input stops before them)"))
        explanation +=
          "The input stops after the exception lines, before the Termination Reason that says who killed the app "
          + "and why: the cause is not in the text. Attach the whole report."
        if let role = report.header.role, ["background", "non ui"].contains(role.lowercased()) {
          explanation += " The process role was \(role): it was running in the background."
        }
      } else {
        explanation += "SIGKILL without a termination code means another process killed it without saying why."
        // A thread inside a file or database lock (the Roam app's summary: `Thread 16 (attributed):` in
        // `specialized DatabaseFileLock.withExclusiveLock<A>`): the 0xdead10cc kill looks like this, but no code
        // says so, so it is a hint only.
        for thread in report.threads {
          guard
            let frame = thread.frames.prefix(3).first(where: {
              LockFrameTest.isLockFrame($0) || ($0.symbol.map { PlainSearch.contains("FileLock", in: $0) } ?? false)
            })
          else { continue }
          let name = thread.index.map { "Thread \($0)" } ?? "A thread"
          evidence.append(frameEvidence(frame, "a thread inside a file or database lock (a hint only)"))
          explanation +=
            " \(name) was inside \(OneLineText.clean(frame.symbol ?? frame.image)), a file or database lock: an app "
            + "suspended while holding one is killed with 0xdead10cc, but the input gives no code, so this is only a "
            + "hint."
          break
        }
      }
    }
    var meaning = ""
    if signal == "SIGPIPE" {
      // Sentry's rendering writes `Exception Type: Unknown (SIGPIPE)` (sentry-cocoa #4580): the signal's own
      // meaning, which says where to look, and that no system rule killed the app.
      meaning = " SIGPIPE: a write to a closed socket or pipe, an ordinary crash, not a system kill."
      explanation +=
        "SIGPIPE is the signal a process gets when it writes to a socket or pipe whose other end is closed; "
        + "unless the app ignores it (SO_NOSIGPIPE on the socket, or signal(SIGPIPE, SIG_IGN)) it ends the process. "
        + "It is an ordinary crash in the app, not a kill by the system: look at the crashed thread for the write."
    }
    if let triage = kernelTriageReading(event: signal == "SIGKILL" ? "kill" : "crash") {
      explanation += triage.sentence
      evidence += triage.evidence
    }
    return Diagnosis(
      kind: .unknown, confidence: .low,
      summary: "No known cause fits: " + seen.joined(separator: ", ") + "." + meaning,
      explanation: explanation,
      evidence: evidence, facts: facts)
  }

  func signalFromTermination() -> String? {
    guard let termination = report.termination, termination.namespace?.uppercased() == "SIGNAL" else { return nil }
    switch termination.code {
    case 4: return "SIGILL"
    case 5: return "SIGTRAP"
    case 6: return "SIGABRT"
    case 9: return "SIGKILL"
    case 10: return "SIGBUS"
    case 11: return "SIGSEGV"
    default:
      return PlainSearch.contains("ABORT", in: termination.reason.uppercased()) ? "SIGABRT" : nil
    }
  }

  /// PushKit's own exception (iOS 13+): `Killing app because it never posted an incoming call to the system
  /// after receiving a PushKit VoIP push.` in the Application Specific Information or the exception message,
  /// or the method that raises it, `-[PKPushRegistry _terminateAppIfThereAreUnhandledVoIPPushes]`, in the
  /// Last Exception Backtrace (a paste of that backtrace alone: flutter_callkit_incoming #197).
  func pushKitKill() -> Diagnosis? {
    let marker = PushKitKillLineReader.marker
    var said = report.applicationSpecificInformation.first { PlainSearch.contains(marker, in: $0.value) }
    if said == nil, let message = report.exception?.message, PlainSearch.contains(marker, in: message),
      let location = report.exception?.location
    {
      said = Located(message, at: location)
    }
    let frame = Self.pushKitTerminateFrame(in: report)
    guard said != nil || frame != nil else { return nil }
    var facts = baseFacts
    var evidence: [Evidence] = []
    if let said {
      evidence.append(self.evidence(said.location, said.value, "PushKit's own reason for the kill"))
      facts.append(Fact("exception-reason", "Killing app because it never posted an incoming call (PushKit)"))
    }
    if let frame {
      evidence.append(
        frameEvidence(frame, "PushKit's method that ends the app for a VoIP push with no call reported"))
      facts.append(Fact("thrown-by", frameText(frame)))
    }
    evidence += exceptionEvidence
    var explanation =
      DiagnosisKind.voipPushNotReported.reference.meaning
      + " PushKit raises this exception itself (iOS 13 and later) when the push handler returns without a call "
      + "reported; after repeated misses the system stops delivering VoIP pushes to the app."
    if said == nil {
      explanation +=
        " The input shows it in the Last Exception Backtrace: the exception was thrown from "
        + "-[PKPushRegistry _terminateAppIfThereAreUnhandledVoIPPushes], whose only purpose is that kill. The "
        + "exception's reason and the report's header are not in the input."
      facts.append(Fact("missing-evidence", "the exception's reason and the report's header"))
    }
    return Diagnosis(
      kind: .voipPushNotReported, confidence: .high,
      summary:
        "PushKit killed the app because it received a VoIP push and never reported an incoming call to CallKit.",
      explanation: explanation, evidence: evidence, facts: facts)
  }

  /// The method PushKit throws from when a VoIP push was not reported to CallKit.
  static let pushKitTerminateSymbol = "-[PKPushRegistry _terminateAppIfThereAreUnhandledVoIPPushes]"

  /// The frame of ``pushKitTerminateSymbol`` in the Last Exception Backtrace (the top 12 frames, where the
  /// throwing method sits under the assertion handler), if any.
  static func pushKitTerminateFrame(in report: CrashReport) -> StackFrame? {
    report.lastExceptionBacktrace?.frames.prefix(12).first { frame in
      guard let symbol = frame.symbol else { return false }
      return symbol.hasPrefix(pushKitTerminateSymbol)
    }
  }

  /// The frames that throw an exception rather than raise it (`__exceptionPreprocess`, `objc_exception_throw`).
  static func isThrowMachinery(_ symbol: String?) -> Bool {
    guard let symbol else { return false }
    return [
      "__exceptionPreprocess", "objc_exception_throw", "objc_exception_rethrow", "_CFThrowFormattedException",
      "__cxa_throw", "__cxa_rethrow", "+[NSException raise", "-[NSException raise",
    ].contains { symbol.hasPrefix($0) }
  }

  /// Foundation's assertion handler, which raises the exception for a failed `NSAssert`/`NSCAssert` in its caller:
  /// `-[NSAssertionHandler handleFailureInMethod:object:file:lineNumber:description:]` (flutter/flutterfire #5491),
  /// which Crashlytics names by a helper of it, `_userInfoForFileAndLine`, on iOS 16 (firebase/firebase-ios-sdk
  /// #10971, #12711). The call that raised the exception is the caller whose assertion failed.
  static func isAssertionMachinery(_ symbol: String?) -> Bool {
    guard let symbol else { return false }
    return symbol == "_userInfoForFileAndLine" || symbol.hasPrefix("-[NSAssertionHandler handleFailureIn")
  }

  /// The frame of the call that raised an exception: the first past the throw machinery, or, when Foundation's
  /// assertion handler raised it, the first past the handler (the frames above the handler are the throw's, whatever
  /// Crashlytics names them: `-[CFPrefsSearchListSource addManagedSourceForIdentifier:user:]` over
  /// `-[NSAssertionHandler handleFailureInMethod:…]` in flutter/flutterfire #5491).
  static func raisingFrame(_ frames: [StackFrame]) -> StackFrame? {
    let start = frames.firstIndex { isAssertionMachinery($0.symbol) }.map { $0 + 1 } ?? 0
    return frames[start...].first { !isThrowMachinery($0.symbol) && !isAssertionMachinery($0.symbol) }
  }

  /// Apple's libraries that appear at the top of a Last Exception Backtrace.
  static func isSystemLibrary(_ image: String) -> Bool {
    [
      "CoreFoundation", "Foundation", "libobjc.A.dylib", "libdispatch.dylib", "UIKitCore", "UIKit", "libc++abi.dylib",
      "libc++abi", "libswiftCore.dylib", "CFNetwork", "???",
    ].contains(image) || image.hasPrefix("libsystem_")
  }

  func uncaughtExceptionName() -> Located<String>? {
    for line in report.applicationSpecificInformation {
      if let range = PlainSearch.range(of: "uncaught exception '", in: line.value) {
        let rest = line.value[range.upperBound...]
        if let end = rest.firstIndex(of: "'") { return Located(String(rest[..<end]), at: line.location) }
      }
    }
    if let message = report.exception?.message, !message.isEmpty, let location = report.exception?.location {
      return Located(message, at: location)
    }
    return nil
  }
}
