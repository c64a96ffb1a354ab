import Foundation

/// Pasted fragments: assertion lists without a code, thread-only pastes, headers cut before the
/// exception. Each names the evidence that is missing and keeps its confidence below `high`.
extension ClassifierContext {
  /// Classes whose `dealloc` aborts the app when a system background task was not completed.
  static let backgroundTaskClassPrefixes = ["-[BG", "-[WK", "-[_BG", "-[_WK"]

  /// A crashed thread running `abort_with_reason` (or `__abort_with_payload`) from the `dealloc` of a
  /// system background-task object (BGTask, WKRefreshBackgroundTask…): the object was released
  /// before the app completed it.
  func backgroundTaskObjectAbort() -> Diagnosis? {
    guard let thread = report.blamedThread ?? (report.threads.count == 1 ? report.threads.first : nil) else {
      return nil
    }
    let top = thread.frames.prefix(8)
    guard
      let abort = top.first(where: { frame in
        let symbol = frame.symbol ?? ""
        return PlainSearch.contains("abort_with_reason", in: symbol)
          || PlainSearch.contains("abort_with_payload", in: symbol)
      }),
      let deallocIndex = top.firstIndex(where: { frame in
        guard let symbol = frame.symbol, symbol.hasSuffix(" dealloc]") else { return false }
        return Self.backgroundTaskClassPrefixes.contains(where: { symbol.hasPrefix($0) })
          && PlainSearch.contains("Task", in: symbol)
      })
    else { return nil }
    let dealloc = thread.frames[deallocIndex]
    let className = (dealloc.symbol ?? "").dropFirst(2).prefix(while: { $0 != " " })
    var evidence = exceptionEvidence + terminationEvidence
    evidence.append(frameEvidence(abort, "the framework ends the process with a reason"))
    evidence.append(frameEvidence(dealloc, "from the dealloc of the system's background task object"))
    var facts = baseFacts
    facts.append(Fact("task-class", String(className)))
    if deallocIndex + 1 < thread.frames.count {
      let caller = thread.frames[deallocIndex + 1]
      evidence.append(frameEvidence(caller, "the code that released the task"))
      facts.append(Fact("released-by", frameText(caller)))
    }
    var explanation =
      "The crashed thread is inside \(dealloc.symbol ?? "a dealloc"), which called abort_with_reason: the "
      + "framework ends the app when its background task object is released before the app marked it complete."
    let complete = report.exception != nil || report.termination != nil
    if !complete {
      explanation +=
        " Only the crashed thread is in the input: the exception and termination reason (which would quote the "
        + "framework's message) are missing, so the reading rests on the frames alone."
      facts.append(Fact("missing-evidence", "the exception type and termination reason"))
    }
    return Diagnosis(
      kind: .backgroundTaskNotCompleted, confidence: complete ? .high : .medium,
      summary: "A \(className) was released before the app completed it; \(dealloc.image) aborted the app.",
      explanation: explanation, evidence: evidence, facts: facts)
  }

  /// A pasted `Termination Description` (often hard-wrapped) without the `Termination Reason` line:
  /// only 0x8badf00d kills write "watchdog transgression" or a time allowance there, so it is read as
  /// one, with the code named as missing and the confidence at most medium.
  mutating func watchdogFromDescriptionOnly() -> Diagnosis? {
    guard let termination = report.termination, termination.code == nil, termination.description != nil else {
      return nil
    }
    let text = descriptionText
    guard
      PlainSearch.contains("watchdog transgression", in: text)
        || PlainSearch.contains("time allowance of", in: text)
    else { return nil }
    var diagnosis = watchdog(0x8bad_f00d)
    diagnosis.facts.removeAll { $0.key == "termination-code" }
    diagnosis.facts.append(Fact("termination-code", "0x8badf00d (inferred from the description)"))
    diagnosis.facts.append(Fact("missing-evidence", "the Termination Reason line with the code"))
    diagnosis.explanation +=
      " The input has the watchdog's Termination Description but not the Termination Reason line; only "
      + "0x8badf00d kills carry such a description, so the code is inferred."
    if diagnosis.confidence == .high { diagnosis.confidence = .medium }
    return diagnosis
  }

  /// The system's "was suspended with locked system files" sentence without a 0xdead10cc code: in a
  /// `Termination Description` pasted alone (iOS 12: `SPRINGBOARD, org.mozilla.ios.Firefox was task-suspended
  /// with locked system files: | /…/logins.db | ProcessVisibility: Background | …`, firefox-ios #4790) or in the
  /// Application Specific Information (iOS 9–12, pasted alone: Adobe-Marketing-Cloud/mobile-services #116). Only
  /// 0xdead10cc kills write it, so it is read as one, with the code named as missing and the confidence at most
  /// medium.
  mutating func lockedFileFromSentenceOnly() -> Diagnosis? {
    guard report.termination?.code == nil else { return nil }
    let sentence =
      report.termination?.description.map { LockedFilesSentence.marker(in: $0[...]) != nil } == true
      || report.applicationSpecificInformation.contains { LockedFilesSentence.marker(in: $0.value[...]) != nil }
    guard sentence else { return nil }
    var diagnosis = lockedFile(0xdead_10cc)
    diagnosis.facts.removeAll { $0.key == "termination-code" }
    diagnosis.facts.append(Fact("termination-code", "0xdead10cc (inferred from the system's sentence)"))
    // One missing-evidence fact (the JSON output keeps one value a key): the code first.
    let missing =
      ["the Termination Reason line with the code"]
      + diagnosis.facts.filter { $0.key == "missing-evidence" }.map(\.value)
    diagnosis.facts.removeAll { $0.key == "missing-evidence" }
    diagnosis.facts.append(Fact("missing-evidence", missing.joined(separator: "; ")))
    // The named process, where no header named it (a description or sentence pasted alone).
    if let line = (report.termination?.description).flatMap({ text in
      text.split(whereSeparator: \.isNewline).first { LockedFilesSentence.marker(in: $0) != nil }
    })
      ?? report.applicationSpecificInformation.first(where: { LockedFilesSentence.marker(in: $0.value[...]) != nil })?
      .value[...], let marker = LockedFilesSentence.marker(in: line),
      let named = LockedFilesSentence.named(subject: line[..<marker.lowerBound])
    {
      var namedFacts: [Fact] = []
      if report.header.processName == nil, let name = named.processName { namedFacts.append(Fact("process", name)) }
      if report.header.bundleIdentifier == nil, let bundle = named.bundleIdentifier {
        namedFacts.append(Fact("bundle-id", bundle))
      }
      // The header line of the output names the pid with the process; without a name it is a fact.
      if report.header.processName == nil, named.processName == nil,
        let pid = named.processID ?? report.header.processID
      {
        namedFacts.append(Fact("pid", String(pid)))
      }
      diagnosis.facts.insert(contentsOf: namedFacts, at: 0)
    }
    diagnosis.summary = "The app was suspended while holding a file or database lock (0xdead10cc, inferred)."
    diagnosis.explanation +=
      " The input has the system's \"suspended with locked system files\" sentence but not the termination code; "
      + "only 0xdead10cc kills write that sentence, so the code is inferred."
    if diagnosis.confidence == .high { diagnosis.confidence = .medium }
    return diagnosis
  }

  /// A report whose paste stops inside its `Exception Type:` line (nextcloud/ios #101: the last line is
  /// `Exception Type:  EXC_CRASH (SIGK`): the signal is cut, and the termination reason and backtraces that
  /// would follow are not there. Nothing decides a kind, so it is `insufficient-data`, saying where the paste
  /// stops; the header's role still says where the app was.
  func cutInsideExceptionLine() -> Diagnosis? {
    guard report.termination == nil, report.threads.isEmpty, report.lastExceptionBacktrace == nil,
      report.leakedAssertions.isEmpty, report.applicationSpecificInformation.isEmpty,
      let exception = report.exception, exception.codesLocation == nil,
      let line = exception.location?.line, exception.location?.jsonPath == nil,
      let last = lastLineEvidence, last.location?.line == line
    else { return nil }
    let quoted = last.quote
    guard let key = PlainSearch.range(of: "Exception Type:", in: quoted) else { return nil }
    let value = quoted[key.upperBound...].trimmingCharacters(in: .whitespaces)
    // Cut inside the signal's parentheses: `EXC_CRASH (SIGK`.
    guard value.filter({ $0 == "(" }).count > value.filter({ $0 == ")" }).count else { return nil }
    var facts = baseFacts
    facts.append(
      Fact("missing-evidence", "the rest of the Exception Type line, the termination reason and the backtraces"))
    var explanation =
      "The input stops inside the Exception Type line (\"\(OneLineText.clean(value))\"): the signal is cut, and the "
      + "termination reason and backtraces that follow it in a report are not there, so nothing says what ended the app."
    if let type = exception.type, type.uppercased().hasPrefix("EXC_CRASH") {
      explanation +=
        " EXC_CRASH is how a report writes a process ended by a signal (SIGKILL when the system kills it, SIGABRT when "
        + "it aborts), and the signal is the part that is cut."
    }
    if let role = report.header.role {
      switch role.lowercased() {
      case "non ui":
        explanation +=
          " The header's role is Non UI: the process had no user interface when the report was taken (launched in "
          + "the background, or running without a scene)."
      case "background":
        explanation += " The header's role is Background: the app was in the background when the report was taken."
      default: break
      }
    }
    return Diagnosis(
      kind: .insufficientData, confidence: .low,
      summary: "The paste stops inside its Exception Type line; the signal, termination reason and backtraces are cut.",
      explanation: explanation,
      advice: [
        "Paste the whole report (or the .ips file): the lines from Exception Type to Triggered by Thread and the "
          + "main thread's backtrace say what ended the app."
      ],
      evidence: [
        Evidence(location: last.location, quote: last.quote, note: "the input's last line: the report stops inside it")
      ],
      facts: facts)
  }

  /// What a report without an exception type or termination reason can still say.
  func withoutCodes() -> Diagnosis {
    if let fromAssertions = assertionsWithoutCode() { return fromAssertions }
    if let dealloc = backgroundTaskObjectAbort() { return dealloc }
    if let abort = crashedThreadAbort() { return abort }
    if let appKit = crashedThreadAppKitException() { return appKit }
    if let recursion = crashedThreadLockRecursion() { return recursion }
    var facts = baseFacts
    var evidence: [Evidence] = []
    if report.threads.isEmpty {
      facts.append(Fact("missing-evidence", "the exception, termination reason and backtraces"))
      return Diagnosis(
        kind: .insufficientData, confidence: .low,
        summary: "The report stops before the exception, termination reason and backtraces.",
        explanation: headerOnlyExplanation,
        evidence: lastLineEvidence.map { [$0] } ?? [],
        facts: facts)
    }
    // Backtraces without an exception or termination reason: a pasted fragment. Say what the main
    // thread shows, but do not guess the cause without a code.
    facts.append(Fact("missing-evidence", "the exception type and termination reason"))
    var explanation = "The report has \(report.threads.count) thread(s) but no exception type or termination "
    explanation += "reason, so there is no code to say what killed the app."
    if let main = report.mainThread, let idle = StackAnalysis.idleRunLoopFrames(main) {
      evidence += idle.frames.map { frameEvidence($0, "main thread idle in its run loop") }
      facts.append(Fact("main-thread", "idle in its run loop"))
      explanation +=
        " The main thread is idle in its run loop: with 0x8badf00d that would mean a leaked background task, "
        + "with a crash code it means the crash was on another thread. Find the Termination Reason line."
    } else if let main = report.mainThread, let handler = blockedExpirationHandler(main) {
      // neevaco/neeva-ios #4173: the main thread waits in dispatch_sync inside UIKit's
      // `_fireBackgroundExpirationHandlers`. No code says what killed the app, but the paste shows why
      // the task could not end.
      evidence.append(frameEvidence(handler.wait, "main thread \(handler.reason)"))
      if let app = handler.app { evidence.append(frameEvidence(app, "the expiration handler's code that waits")) }
      evidence.append(frameEvidence(handler.frame, "inside a background task's expiration handler"))
      facts.append(Fact("main-thread", "\(handler.reason) inside a background task's expiration handler"))
      explanation +=
        " But the main thread is \(handler.reason) inside a background task's expiration handler: the handler "
        + "does not return, so the task is not ended before its time runs out, and the system kills an app whose "
        + "task outlives its time (a watchdog or expiry kill is the likely code, which the paste does not show)."
      return Diagnosis(
        kind: .insufficientData, confidence: .low,
        summary:
          "Backtraces only: no code says what killed the app, but the main thread is blocked inside a background "
          + "task's expiration handler.",
        explanation: explanation,
        advice: [
          "Make the expiration handler only end the task (endBackgroundTask): never wait in it (dispatch_sync, "
            + "semaphores, locks) for work on another queue.",
          "Paste the lines from Exception Type to Triggered by Thread (or the .ips termination and exception "
            + "objects) to confirm what killed the app.",
        ],
        evidence: evidence, facts: facts)
    } else if let thread = report.blamedThread ?? report.threads.first, let top = thread.frames.first {
      evidence.append(frameEvidence(top, "top frame of \(thread.crashed ? "the crashed thread" : "the first thread")"))
    }
    var summary = "Backtraces only: no exception type or termination reason to classify."
    if let crashed = report.blamedThread, crashed.frames.isEmpty,
      !report.threads.contains(where: { !$0.frames.isEmpty })
    {
      // transistorsoft/react-native-background-geolocation #1704: `Kernel Triage:` then `Thread 0 Crashed::` and
      // the paste ends; the heading says which thread crashed, not how.
      let name = crashed.index.map { "Thread \($0)" } ?? "the crashed thread"
      facts.append(Fact("missing-evidence", "the crashed thread's frames (the input ends at its heading)"))
      evidence.append(
        self.evidence(crashed.location, "\(name) Crashed", "the crashed thread's heading, with no frames under it"))
      summary =
        "A crash report's piece without its exception lines or the crashed thread's frames: nothing to classify."
      explanation =
        "The input holds \(name)'s crashed heading but none of its frames, and no exception type or termination "
        + "reason, so nothing says how the app ended."
    }
    if let triage = kernelTriageReading(event: "crash") {
      explanation += triage.sentence
      evidence += triage.evidence
    }
    var advice = [
      "Paste the lines from Exception Type to Triggered by Thread (or the .ips termination and exception "
        + "objects): they say what killed the app."
    ]
    if report.blamedThread?.frames.isEmpty == true {
      advice.append("Paste the crashed thread's frames too (the lines under its heading): they say where it crashed.")
    }
    return Diagnosis(
      kind: .insufficientData, confidence: .low,
      summary: summary,
      explanation: explanation,
      advice: advice,
      evidence: evidence, facts: facts)
  }

  /// The main thread blocked (a wait, not running code) inside UIKit's firing of background task expiration
  /// handlers: the wait, the first app frame and the handler frame.
  func blockedExpirationHandler(
    _ main: ThreadBacktrace
  ) -> (reason: String, wait: StackFrame, app: StackFrame?, frame: StackFrame)? {
    guard
      let handler = StackAnalysis.firstFrame(
        in: [main],
        symbolPrefixes: ["_fireBackgroundExpirationHandlers", "-[_UIBackgroundTaskInfo fireExpirationHandler"]),
      case .blocked(let reason, let wait) = StackAnalysis.mainThreadState(main, appImages: appImages),
      let waitIndex = main.frames.firstIndex(of: wait), let handlerIndex = main.frames.firstIndex(of: handler),
      waitIndex < handlerIndex
    else { return nil }
    // The app frame between the wait and the handler: the app's handler itself (UIKit calls the block).
    let app =
      StackAnalysis.firstAppFrame(main, appImages: appImages)
      ?? main.frames[waitIndex..<handlerIndex].first { !Self.isWaitPrimitiveImage($0.image) && $0.image != "UIKitCore" }
    return (reason, wait, app, handler)
  }

  /// What a report with no exception, termination reason or thread holds, in true counts: the header
  /// lines of a text report, the lines of an `.ips` body (whose members are not lines of a header).
  var headerOnlyExplanation: String {
    let end = max(report.startLine, lastLineEvidence?.location?.line ?? report.endLine)
    let span = end == report.startLine ? "line \(end)" : "lines \(report.startLine)–\(end)"
    let count = report.header.fields.count
    let held: String
    if report.format != .text {
      held = "the report's header members (process, OS, times) and no exception, termination reason or thread"
    } else if count == 0 {
      held = "no header line, exception type, termination reason or thread"
    } else {
      held = "\(count) header line\(count == 1 ? "" : "s") and no exception type, termination reason or thread"
    }
    return "The input (\(span)) has \(held): there is nothing to classify."
  }

  /// The report's last non-blank line, quoted from the input: where the text stops.
  var lastLineEvidence: Evidence? {
    if let source {
      var line = min(report.endLine, source.lineCount)
      while line >= max(1, report.startLine) {
        let text = quote(.line(line), fallback: "")
        if !text.isEmpty {
          return Evidence(location: .line(line), quote: text, note: "the input's last line: the report stops here")
        }
        line -= 1
      }
    }
    return report.header.fields.last.map {
      self.evidence($0.location, "\($0.name): \($0.value)", "the last header value read")
    }
  }

  /// A report excerpt with the system's list of assertions held beyond permitted time but no
  /// termination code (a pasted Application Specific Information block): the list itself says why.
  func assertionsWithoutCode() -> Diagnosis? {
    guard !report.leakedAssertions.isEmpty else { return nil }
    var evidence: [Evidence] = []
    let listText = assertionTextEvidence()
    if let listText { evidence.append(listText) }
    evidence += assertionEvidence(listed: listText != nil)
    let purposes = Set(report.leakedAssertions.map(\.purpose))
    let kind: DiagnosisKind =
      purposes.contains(.backgroundSessionEvents)
      ? .backgroundSessionCompletionNotCalled
      : purposes == [.backgroundFetch] ? .backgroundFetchTimeout : .leakedBackgroundTask
    let names = report.leakedAssertions.compactMap(\.name).joined(separator: ", ")
    guard listText != nil else {
      // Assertion lines alone: nothing says they were held past their time, only that they were held.
      var facts = baseFacts
      facts.append(
        Fact("missing-evidence", "the \"has active assertions beyond permitted time\" line and the termination reason"))
      return Diagnosis(
        kind: kind, confidence: .low,
        summary: "Process assertion lines alone, of the kind a \(kind.reference.title.lowercased()) leaves.",
        explanation:
          "The input is only the assertion line(s) (\(names.isEmpty ? "unnamed" : names)), as crash reports list "
          + "them under \"has active assertions beyond permitted time\" when the system kills an app with "
          + "0x8badf00d for holding them too long. That line and the termination reason are not in the input, so "
          + "neither the overrun nor the kill is shown: the reading rests on the assertions' reason and duration.",
        evidence: evidence, facts: facts)
    }
    // iOS 7's `Forcing crash report of <app>...` after the list: the system went on to end the app for it.
    let forcing = report.applicationSpecificInformation.first {
      PlainSearch.contains("Forcing crash report of", in: $0.value)
    }
    if let forcing { evidence.append(self.evidence(forcing.location, forcing.value, "the system forced the crash")) }
    return Diagnosis(
      kind: kind, confidence: .medium,
      summary: "The system lists assertions held beyond their permitted time: \(kind.reference.title.lowercased()).",
      explanation:
        "The report names the assertions the app held past their time (\(names.isEmpty ? "unnamed" : names)); "
        + "the system kills an app for that with 0x8badf00d. "
        + (forcing == nil
          ? "This excerpt has no termination reason, so the kill itself is not shown."
          : "The next line says the system then forced a crash report of the app, which is how it ended it; the "
            + "termination code is not in the excerpt."),
      evidence: evidence, facts: baseFacts)
  }
}
