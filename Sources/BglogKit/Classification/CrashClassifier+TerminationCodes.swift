import Foundation

/// Rules for OS termination codes that name a kind on their own (0xbada5e47, 0xdead10cc, 0x2182bad2…).
extension ClassifierContext {
  /// `Exception Codes: 0x8badf00d` form and from the `Exception Code:` of stackshots.
  func watchdogCode() -> UInt64? {
    if let termination = report.termination, let code = termination.code,
      termination.namespace?.uppercased() != "SIGNAL",
      termination.namespace?.uppercased() != "DYLD", termination.namespace?.uppercased() != "CODESIGNING"
    {
      if DiagnosisKind.forTerminationCode(code) != nil { return code }
    }
    if let codes = report.exception?.codes {
      for token in codes.split(whereSeparator: { $0 == "," || $0 == " " }) {
        let trimmed = token.lowercased()
        if trimmed.hasPrefix("0x"), let value = UInt64(trimmed.dropFirst(2), radix: 16),
          DiagnosisKind.forTerminationCode(value) != nil
        {
          return value
        }
      }
    }
    return nil
  }

  var codeEvidence: [Evidence] {
    if let termination = report.termination, termination.code != nil, termination.namespace?.uppercased() != "SIGNAL" {
      return terminationEvidence
    }
    if let exception = report.exception {
      return [
        evidence(
          exception.codesLocation ?? exception.location, "exception codes: \(exception.codes ?? "")",
          "the termination code")
      ]
    }
    return terminationEvidence
  }

  mutating func byTerminationCode(_ code: UInt64) -> Diagnosis {
    // The oldest reports carry the code in `Exception Codes: 0x8badf00d` rather than a reason line.
    if report.termination?.code == nil { extraFacts.append(Fact("termination-code", hex(code))) }
    let kind = DiagnosisKind.forTerminationCode(code) ?? .unknown
    switch kind {
    case .watchdogHang: return watchdog(code)
    case .backgroundTaskOverflow: return overflow(code)
    case .suspendedWithLockedFile: return lockedFile(code)
    case .stackshot: return notACrash(.stackshot)
    default:
      var facts = baseFacts
      if !facts.contains(where: { $0.key == "termination-code" }) { facts.append(Fact("termination-code", hex(code))) }
      var evidence = codeEvidence
      var explanation = "Termination code \(hex(code)) names this directly: \(kind.reference.meaning)"
      if kind == .leakedBackgroundTask || kind == .backgroundSessionCompletionNotCalled {
        evidence += assertionEvidence()
        if let main = report.mainThread, let first = StackAnalysis.firstAppFrame(main, appImages: appImages) {
          evidence.append(frameEvidence(first, "first app frame on the main thread"))
        }
      }
      if kind == .leakedBackgroundTask,
        report.leakedAssertions.contains(where: { $0.purpose == .backgroundSessionEvents })
      {
        explanation += " The leaked assertion belongs to nsurlsessiond's background session events, though."
      }
      return Diagnosis(
        kind: kind, confidence: .high,
        summary: "\(kind.reference.title) (\(hex(code))).",
        explanation: explanation, evidence: evidence, facts: facts)
    }
  }

  func overflow(_ code: UInt64) -> Diagnosis {
    var evidence = codeEvidence
    var facts = baseFacts
    let handler = StackAnalysis.firstFrame(
      in: report.threads, symbolPrefixes: ["workspaceNoteAssertionExpirationImminent", "_handleExpiration"])
    let tasks = StackAnalysis.firstFrame(
      in: report.threads,
      symbolPrefixes: ["_endBackgroundTask", "beginBackgroundTask", "_UIBackgroundTaskInfo", "BKSAssertion"])
    var summary = "Too many background tasks or a slow expiration handler (\(hex(code)))."
    var explanation = "0xbada5e47 means the app had more background tasks than allowed (about 1000) or an "
    explanation += "expiration handler that did not return in time."
    var confidence = Confidence.high
    if let handler {
      evidence.append(frameEvidence(handler, "inside a background task expiration handler"))
      facts.append(Fact("variant", "slow expiration handler"))
      summary = "A background task expiration handler was too slow (\(hex(code)))."
      explanation += " The stack is inside the expiration handler, so it was the slow handler."
    } else if let tasks {
      evidence.append(frameEvidence(tasks, "the main thread is beginning or ending background tasks"))
      facts.append(Fact("variant", "too many background tasks"))
      summary = "The app had too many background tasks (\(hex(code)))."
      explanation += " The main thread is busy beginning or ending background tasks, which points to too many tasks."
    } else {
      confidence = .medium
      explanation += " The stacks do not show which of the two it was."
    }
    return Diagnosis(
      kind: .backgroundTaskOverflow, confidence: confidence, summary: summary,
      explanation: explanation, evidence: evidence, facts: facts)
  }

  func lockedFile(_ code: UInt64) -> Diagnosis {
    var evidence = codeEvidence
    var facts = baseFacts
    // The thread using the locked resource: its innermost SQLite or file-locking frame, and its top
    // frame (what it was doing at suspension, e.g. `guarded_pwrite_np` under `writeJournalHdr`).
    let isLockFrame = LockFrameTest.isLockFrame
    let lockThread = report.threads.first { $0.frames.contains(where: isLockFrame) }
    let lockFrame = lockThread?.frames.first(where: isLockFrame)
    if let lockThread, let top = lockThread.frames.first, top != lockFrame {
      let name = lockThread.index.map { "thread \($0)" } ?? "a thread"
      evidence.append(frameEvidence(top, "\(name) was here when the app was suspended"))
      if let index = lockThread.index { facts.append(Fact("lock-thread", String(index))) }
    }
    if let lockThread, let app = StackAnalysis.firstAppFrame(lockThread, appImages: appImages) {
      evidence.append(frameEvidence(app, "the app code that started this database or file work"))
      facts.append(Fact("first-app-frame", frameText(app)))
    }
    var explanation = "0xdead10cc means the app held a file lock or SQLite lock when it was suspended."
    var advice: [String] = []
    // The system names the files: iOS 15+ `[app<…>:812] was suspended with locked system files: /…/notes.sqlite`
    // in the description, iOS 9–12 the same sentence in the Application Specific Information with the path on
    // the next line, iOS 12 `… was task-suspended with locked system files: | /…/logins.db | …`.
    if let locked = lockedFileSentence() {
      facts.append(Fact("locked-file", locked.path))
      explanation += " The system names the locked file: \(locked.path)."
      if let pathLocation = locked.pathLocation {
        evidence.append(
          self.evidence(
            locked.location, "was suspended with locked system files:",
            "the system's sentence for this kill: suspended holding locked files"))
        evidence.append(self.evidence(pathLocation, locked.path, "the file the app still had locked"))
      } else {
        evidence.append(
          self.evidence(locked.location, "locked system files: \(locked.path)", "the file the app still had locked"))
      }
    }
    if let visibility = WatchdogDetails(description: descriptionText).visibility {
      facts.append(Fact("visibility", visibility))
    }
    if lockFrame == nil, let blamed = report.blamedThread, let top = blamed.frames.first,
      let blocked = StackAnalysis.blockingReason(blamed),
      blocked.reason.contains("I/O") || blocked.reason.contains("SQLite")
    {
      evidence.append(frameEvidence(top, "the blamed thread was \(blocked.reason)"))
      explanation += " The blamed thread was \(blocked.reason) (\(top.symbol ?? top.image))."
    } else if let lockFrame {
      evidence.append(frameEvidence(lockFrame, "a thread is using the locked resource"))
      facts.append(Fact("lock-frame", frameText(lockFrame)))
      let name = lockThread?.index.map { "Thread \($0)" } ?? "A thread"
      explanation += " \(name) was inside \(lockFrame.symbol ?? lockFrame.image) at the time."
    } else if !report.threads.contains(where: { !$0.frames.isEmpty }) {
      // Only the exception block was pasted (deltachat-ios #1202: `Triggered by Thread:  0` and nothing
      // after): the code decides the kind, but nothing says which work held the lock.
      facts.append(Fact("missing-evidence", "the threads' backtraces"))
      explanation +=
        " The report's threads were not pasted, so the code that held the lock is not named"
        + (facts.contains(where: { $0.key == "locked-file" })
          ? "." : "; look for database or file work that runs as the app goes to the background.")
      advice =
        [
          "Get the report's backtraces (the full .ips or .crash): the thread inside sqlite3, flock, fcntl or NSFileCoordinator names the work that held the lock."
        ] + DiagnosisKind.suspendedWithLockedFile.reference.advice
    } else if let only = onlyPastedThread() {
      // One thread pasted (LoopKit/Loop #1356: thread 0 idle in the run loop, nothing after): an app always
      // has more threads, and the lock holder is among those not pasted, so their absence is said, not read as
      // "no thread holds a lock".
      let name = only.index.map { "Thread \($0)" } ?? "one thread"
      facts.append(Fact("missing-evidence", "the other threads' backtraces"))
      explanation +=
        " Only \(name) was pasted and it shows no SQLite or file-locking frames; the thread that held the lock "
        + "is likely among those not pasted"
        + (facts.contains(where: { $0.key == "locked-file" })
          ? "." : ", so look for database or file work that runs as the app goes to the background.")
      advice =
        [
          "Get the report's other threads (the full .ips or .crash): the thread inside sqlite3, flock, fcntl or NSFileCoordinator names the work that held the lock."
        ] + DiagnosisKind.suspendedWithLockedFile.reference.advice
    } else if !facts.contains(where: { $0.key == "locked-file" }) {
      explanation += " No thread shows SQLite or file-locking frames, so look for work that finished just before."
    }
    return Diagnosis(
      kind: .suspendedWithLockedFile, confidence: .high,
      summary: "The app was suspended while holding a file or database lock (\(hex(code))).",
      explanation: explanation, advice: advice, evidence: evidence, facts: facts)
  }

  /// The one thread with frames when the input holds only one (a paste cut after the crashed thread).
  func onlyPastedThread() -> ThreadBacktrace? {
    let withFrames = report.threads.filter { !$0.frames.isEmpty }
    return withFrames.count == 1 ? withFrames.first : nil
  }

  /// Where the system's "locked system files:" sentence is and the first file it names: in the termination
  /// description (the path after the colon, past any `|`), or in the Application Specific Information (the
  /// path after the colon or on the next entry, with its own line).
  func lockedFileSentence() -> (path: String, location: SourceLocation?, pathLocation: SourceLocation?)? {
    let marker = "locked system files:"
    if let termination = report.termination, let description = termination.description,
      let range = PlainSearch.range(of: marker, in: description),
      let path = LockedFilesSentence.firstPath(in: description[range.upperBound...])
    {
      return (String(path), termination.descriptionLocation ?? termination.location, nil)
    }
    let information = report.applicationSpecificInformation
    for (offset, entry) in information.enumerated() {
      guard let range = PlainSearch.range(of: marker, in: entry.value) else { continue }
      if let path = LockedFilesSentence.firstPath(in: entry.value[range.upperBound...]) {
        return (String(path), entry.location, nil)
      }
      if offset + 1 < information.count,
        let path = LockedFilesSentence.firstPath(in: information[offset + 1].value[...])
      {
        return (String(path), entry.location, information[offset + 1].location)
      }
    }
    // Older shapes kept in the termination's reason or details.
    if let termination = report.termination, let range = PlainSearch.range(of: marker, in: descriptionText),
      let path = LockedFilesSentence.firstPath(in: descriptionText[range.upperBound...])
    {
      return (String(path), termination.descriptionLocation ?? termination.location, nil)
    }
    return nil
  }

}
