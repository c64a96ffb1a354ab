/// Only a crashed thread was pasted and it stops in libplatform's `_os_unfair_lock_recursive_abort`: the thread
/// asked for an `os_unfair_lock` it already held, and libplatform crashed the app on purpose ("BUG IN CLIENT OF
/// LIBPLATFORM: Trying to recursively lock an os_unfair_lock"). Full reports of it write `EXC_BREAKPOINT
/// (SIGTRAP)` on iOS 17–18 (transistorsoft/react-native-background-fetch #488, cip123, 2025-01-04: `Exception Type:
/// EXC_BREAKPOINT (SIGTRAP)` over the same frames; #527's title says SIGTRAP too), so the kind is `trap`.
///
/// When the lock is taken in `-[BGTask dealloc]`, reached (through `_Block_release`) from the same task's own
/// `setTaskCompleted…`, the task object's last reference was released inside its completion: BGTask holds its
/// lock while it releases a block, the block held the last reference to the task, and the task's dealloc takes
/// the lock again. The task *was* completed, so this is not `background-task-not-completed`. Real pastes:
/// transistorsoft/transistor-background-fetch #15 (cip123, 2024-03-22; the session-10 review's copy, quoted in
/// `LockRecursionTests`), react-native-background-fetch #488 and #527, capacitor-background-fetch #26.
extension ClassifierContext {
  /// A pasted crashed thread in `_os_unfair_lock_recursive_abort`, without exception or termination lines:
  /// `medium`, naming those lines as missing.
  func crashedThreadLockRecursion() -> Diagnosis? {
    guard report.exception == nil, report.termination == nil else { return nil }
    return lockRecursion()
  }

  /// A report whose exception is a trap or an abort (`EXC_BREAKPOINT (SIGTRAP)`, older systems `SIGABRT`) and whose
  /// crashed thread is in `_os_unfair_lock_recursive_abort`: `high`, the exception lines being there.
  func lockRecursionWithException(signal: String) -> Diagnosis? {
    let type = report.exception?.type?.uppercased() ?? ""
    guard
      PlainSearch.contains("BREAKPOINT", in: type) || PlainSearch.contains("SIGTRAP", in: signal)
        || PlainSearch.contains("SIGABRT", in: signal)
    else { return nil }
    return lockRecursion()
  }

  /// The reading of a crashed thread in `_os_unfair_lock_recursive_abort`, from its frames and the report's
  /// exception lines when it has them.
  private func lockRecursion() -> Diagnosis? {
    guard let thread = report.blamedThread, thread.crashed,
      let abortIndex = thread.frames.prefix(3).firstIndex(where: { frame in
        frame.symbol == "_os_unfair_lock_recursive_abort" || frame.symbol == "__os_unfair_lock_recursive_abort"
      })
    else { return nil }
    let frames = thread.frames
    let abort = frames[abortIndex]
    let pasted = report.exception == nil && report.termination == nil
    var evidence = exceptionEvidence
    evidence.append(frameEvidence(abort, "libplatform crashes the app on purpose: the thread locked a lock it held"))
    var facts = baseFacts
    if let index = thread.index { facts.append(Fact("crashed-thread", String(index))) }
    facts.append(Fact("lock", "an os_unfair_lock taken twice on the same thread"))
    // The first frame below libplatform's lock code: who asked for the lock the second time.
    let taker = frames[(abortIndex + 1)...].first { !$0.image.hasPrefix("libsystem_platform") }
    let missing =
      "the exception type and termination reason (EXC_BREAKPOINT (SIGTRAP) in full reports of this crash), and the "
      + "Application Specific Information"
    let onlyThread = pasted ? " (only the crashed thread was pasted)" : ""
    var summary = "The app crashed on purpose: a thread locked an os_unfair_lock it already held\(onlyThread)."
    let opening: String =
      pasted
      ? "The input is a crashed thread without the exception lines. Its top frame is "
      : "The crashed thread's top frame is "
    let fullReports: String = pasted ? "; full reports of it write EXC_BREAKPOINT (SIGTRAP)" : ""
    var explanation: String =
      opening + "_os_unfair_lock_recursive_abort: the thread asked for an os_unfair_lock it already held, and "
      + "libplatform ends the process rather than deadlock (\"BUG IN CLIENT OF LIBPLATFORM: Trying to recursively "
      + "lock an os_unfair_lock\"" + fullReports + ")."
    var advice: [String] = []
    if let task = bgTaskCompletionDealloc(frames, after: abortIndex) {
      let className = (task.dealloc.symbol ?? "").dropFirst(2).prefix(while: { $0 != " " })
      evidence.append(frameEvidence(task.dealloc, "a task object's dealloc asks for the lock again"))
      evidence.append(frameEvidence(task.completion, "inside the task's completion, which runs under its lock"))
      facts.append(Fact("task-class", String(className)))
      facts.append(Fact("released-in", frameText(task.completion)))
      if let caller = task.caller {
        evidence.append(frameEvidence(caller, "the code that completed the task"))
        facts.append(Fact("completed-by", frameText(caller)))
      }
      summary =
        "The app crashed in \(className)'s dealloc, run inside setTaskCompleted: the task object's last reference "
        + "was released while the task was being completed\(onlyThread)."
      explanation +=
        " \(task.completion.symbol ?? "The completion") runs under the task's lock (BackgroundTasks' _unsafe_ "
        + "prefix) and releases a block there (_Block_release); that block held the last reference to a \(className), "
        + "most likely this task itself (captured by its expiration handler or a completion block), so the task was "
        + "deallocated inside its own completion and its dealloc asked for the lock again. The task was being "
        + "completed, so this is not a task left uncompleted (that crash is abort_with_reason from the dealloc, not a "
        + "recursive lock)."
      advice = [
        "Keep a strong reference to the \(className) until setTaskCompleted(success:) has returned (hold it in a "
          + "property and clear it after the call, or use withExtendedLifetime), so a block the task releases (its "
          + "expiration handler) is never its last owner.",
        "If a library completes the task for you (" + (task.caller.map { frameText($0) } ?? "the frame below")
          + "), update it or report the crash to its authors with this thread.",
      ]
    } else if let taker {
      evidence.append(frameEvidence(taker, "the code that asked for the lock it already held"))
      facts.append(Fact("locked-by", frameText(taker)))
      advice = [
        "Find where \(taker.symbol.map(OneLineText.clean) ?? OneLineText.clean(taker.image)) takes the lock and the "
          + "frame further down the thread that already holds it: a callback, a dealloc or a property accessor run "
          + "while the lock is held. Release the lock before calling out, or use a recursive lock there."
      ]
    }
    if pasted { facts.append(Fact("missing-evidence", missing)) }
    return Diagnosis(
      kind: .trap, confidence: pasted ? .medium : .high, summary: summary, explanation: explanation, advice: advice,
      evidence: evidence, facts: facts)
  }

  /// `-[BGTask dealloc]` (or another BackgroundTasks/WatchKit task class) below the lock frames, and below it the
  /// same class's `setTaskCompleted…`: the task deallocated inside its own completion; the caller is the first
  /// frame below the completion frames.
  private func bgTaskCompletionDealloc(
    _ frames: [StackFrame], after abortIndex: Int
  ) -> (dealloc: StackFrame, completion: StackFrame, caller: StackFrame?)? {
    let window = frames[(abortIndex + 1)...].prefix(4)
    guard
      let deallocIndex = window.firstIndex(where: { frame in
        guard let symbol = frame.symbol, symbol.hasSuffix(" dealloc]") else { return false }
        return Self.backgroundTaskClassPrefixes.contains(where: { symbol.hasPrefix($0) })
          && PlainSearch.contains("Task", in: symbol)
      }),
      let deallocSymbol = frames[deallocIndex].symbol
    else { return nil }
    let classPrefix = String(deallocSymbol.prefix(while: { $0 != " " })) + " "
    let completions = frames[(deallocIndex + 1)...].prefix(8).indices.filter { index in
      guard let symbol = frames[index].symbol, symbol.hasPrefix(classPrefix) else { return false }
      return PlainSearch.contains("etTaskCompleted", in: symbol)
    }
    guard let first = completions.first, let last = completions.last else { return nil }
    let caller = frames[(last + 1)...].first { $0.image != frames[first].image }
    return (frames[deallocIndex], frames[first], caller)
  }
}
