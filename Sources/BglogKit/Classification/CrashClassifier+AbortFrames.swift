import Foundation

/// A crashed thread pasted alone whose frames show the abort of an uncaught exception:
/// `__pthread_kill` ← `abort` ← … `std::terminate` (jp.narouhz.com thread 767076, a mirror of Apple
/// forums thread 767076, quotes only such a thread, on a background-QoS dispatch queue).
extension ClassifierContext {
  /// Symbols that mean the C++ runtime is ending the process for an exception nobody caught.
  private static let terminateSymbols = ["std::terminate", "std::__terminate", "_objc_terminate"]

  /// `abort`, medium, when the crashed thread's top frames are the abort and, below it, the runtime's
  /// terminate handler; `nil` otherwise (a thread that is not marked crashed decides nothing).
  func uncaughtExceptionAbortFromFrames() -> Diagnosis? {
    guard let thread = report.blamedThread, thread.crashed else { return nil }
    let frames = thread.frames
    guard
      let abortIndex = frames.prefix(4).firstIndex(where: { frame in
        frame.symbol == "abort" || frame.symbol?.hasPrefix("abort ") == true
      }),
      frames[..<abortIndex].allSatisfy({ $0.symbol?.contains("pthread_kill") == true }),
      let terminateIndex = frames.prefix(12).firstIndex(where: { frame in
        guard let symbol = frame.symbol else { return false }
        return Self.terminateSymbols.contains { symbol.hasPrefix($0) }
      }),
      terminateIndex > abortIndex
    else { return nil }
    var evidence = [
      frameEvidence(frames[abortIndex], "the thread called abort (SIGABRT)"),
      frameEvidence(frames[terminateIndex], "from the runtime's terminate handler: an exception nobody caught"),
    ]
    var facts = baseFacts
    let name = thread.index.map { "thread \($0)" } ?? "the crashed thread"
    facts.append(Fact("crashed-thread", name + (thread.dispatchQueue.map { " (\($0))" } ?? "")))
    // The first frame below the runtime's own: where the exception escaped to (a dispatch block, app code).
    let runtimeImages: Set<String> = ["libc++abi.dylib", "libobjc.A.dylib", "libc++abi", "libobjc"]
    if let escaped = frames[(terminateIndex + 1)...].first(where: { !runtimeImages.contains($0.image) }) {
      evidence.append(frameEvidence(escaped, "where the exception escaped"))
      facts.append(Fact("escaped-in", frameText(escaped)))
    }
    if let app = StackAnalysis.firstAppFrame(thread, appImages: appImages) {
      evidence.append(frameEvidence(app, "first app frame of the crashed thread"))
      facts.append(Fact("first-app-frame", frameText(app)))
    }
    facts.append(
      Fact("missing-evidence", "the exception type and the Last Exception Backtrace (which name the exception)"))
    return Diagnosis(
      kind: .abort, confidence: .medium,
      summary: "The app aborted: an exception nobody caught reached the runtime's terminate handler on \(name).",
      explanation:
        "The crashed thread's own frames show it: \(frames[abortIndex].symbol ?? "abort") under "
        + "\(frames[terminateIndex].symbol ?? "std::terminate"), the handler the C++ and Objective-C runtimes call "
        + "when an exception is thrown and not caught. This is a crash in the app's process, not a kill for "
        + "background time. The exception type and the Last Exception Backtrace, which name the exception and "
        + "where it was thrown, are not in the input.",
      advice: [
        "Find the Last Exception Backtrace (or the exception's reason in the console) in the full report: it names "
          + "the exception and the code that threw it.",
        "Catch or prevent the exception in the block or callback named in the evidence.",
      ],
      evidence: evidence, facts: facts)
  }
}
