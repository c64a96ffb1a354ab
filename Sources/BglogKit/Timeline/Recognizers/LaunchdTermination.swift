/// runningboardd's `[application<com.x>:432] termination reported by launchd (2, 10, 10)`: the first two
/// numbers are the exit status's domain and code, the third the process's wait status.
///
/// - The domain and code are those RunningBoard prints by name in the exit context SpringBoard logs for
///   the same process a few milliseconds later: `termination reported by launchd (11, 0, 6)` then
///   `Process exited: <RBSProcessExitContext| … status:<RBSProcessExitStatus| domain:tcc(11) code:0>>`, and
///   `(2, 6, 6)` then `domain:signal(2) code:SIGABRT(6)` (both in the shared corpus' juniper logs);
///   immich #54 shows `domain:jetsam(1) code:per-process-limit(7)`. They are xnu's exit reason
///   namespaces (`bsd/sys/reason.h`: `OS_REASON_JETSAM 1`, `OS_REASON_SIGNAL 2`, `OS_REASON_TCC 11`, …).
///   Namespace 15 (`OS_REASON_RUNNINGBOARD`) gives RunningBoard's code in decimal: `(15, 3135099228, 9)` is 0xbaddd15c
///   and SIGKILL (NetNewsWire #4045, macOS), said as launchd's own `exited with exit reason (namespace: 15 code:
///   0xbaddd15c)` line is (``LaunchdExitReason``).
/// - The third number is read as the wait status (POSIX: the terminating signal in the low 7 bits,
///   else the exit status times 256): `(11, 0, 6)` is the TCC kill's SIGABRT, `(2, 11, 11)` a
///   segmentation fault (InjectionIII #380), `(2, 10, 10)` an app crashing at launch
///   (ms-intune-app-sdk-ios #137), `(2, 9, 9)` a SIGKILL (a developer's notes on a JIT helper, "playport": the app
///   and its XPC helper, both `(2, 9, 9)`: a kill, ``signal(_:)``); developers' public notes quoting runningboardd
///   give `(0, 0, 65280)` for a process that called `exit(-1)` (exit status 255) and `(0, 0, 0)` for a clean quit.
///
/// The wording is the exit context's (``TimelineEventRecognizer/exitReason(_:)``), so the same end
/// reported by both lines is one event (the analyser drops the same exit said twice within a second).
enum LaunchdTermination {
  /// xnu `sys/signal.h`.
  private static let signalNames: [Int: String] = [
    1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 8: "SIGFPE", 9: "SIGKILL",
    10: "SIGBUS", 11: "SIGSEGV", 12: "SIGSYS", 13: "SIGPIPE", 15: "SIGTERM",
  ]

  /// xnu `bsd/sys/reason.h` (`OS_REASON_…`), lower case as RunningBoard prints the two it was seen with.
  private static let namespaces: [Int: String] = [
    3: "codesigning", 4: "hangtracer", 6: "dyld", 7: "libxpc", 8: "objc", 9: "exec", 10: "springboard",
    11: "tcc", 12: "reportcrash", 13: "coreanimation", 14: "aggregated",
  ]

  /// Signals another process sends to end one (xnu `sys/signal.h`): SIGKILL (9) cannot be caught and is what
  /// launchd, RunningBoard, the debugger and `kill -9` end a process with; SIGTERM (15) is the polite request to
  /// quit (launchd sends it before SIGKILL when it stops a job). Neither is raised by the process's own fault,
  /// so neither is a crash.
  static let sentSignals: Set<Int> = [9, 15]

  /// The kind and detail of an exit by `code`, a signal number (exit reason namespace 2, `OS_REASON_SIGNAL`):
  /// a kill for a signal another process sends (``sentSignals``), a crash for the others (the fault signals
  /// SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS, and those not known to be sent). The line gives
  /// the signal, never its sender: the detail says so rather than guess (jetsam and the watchdogs write their own
  /// exit reason namespace, not a signal).
  static func signal(_ code: Int) -> (kind: TimelineEvent.Kind, detail: String) {
    let name = signalName(code)
    switch code {
    case 9: return (.killed, "killed by \(name); the line does not say which process sent it")
    case 15: return (.killed, "killed by \(name) (a request to quit); the line does not say which process sent it")
    default: return (.crashed, signalExit(code))
    }
  }

  /// `SIGKILL(9)`, or the number alone for a signal not in ``signalNames``.
  static func signalName(_ code: Int) -> String {
    signalNames[code].map { "\($0)(\(code))" } ?? String(code)
  }

  /// `exited: signal SIGABRT(6)`: the exit by a signal said as it is, without saying who sent it.
  static func signalExit(_ code: Int) -> String {
    "exited: signal " + signalName(code)
  }

  /// The event kind and detail for `codes` (`(2, 11, 11)`, as written); `nil` when they are not three
  /// integers (the caller then quotes them as they are).
  static func read(_ codes: String) -> (kind: TimelineEvent.Kind, detail: String)? {
    guard codes.hasPrefix("("), let close = codes.firstIndex(of: ")") else { return nil }
    let numbers = codes[codes.index(after: codes.startIndex)..<close].split(separator: ",").map {
      Int(TimelineEventRecognizer.trimmingBlanks($0))
    }
    guard numbers.count == 3, let domain = numbers[0], let code = numbers[1], let status = numbers[2],
      domain >= 0, code >= 0, status >= 0
    else { return nil }
    switch domain {
    case 2:
      return signal(code)
    case 1:
      return (.killed, "killed by jetsam (\(code == 7 ? "per-process-limit(7)" : String(code)))")
    case 0:
      let signal = status & 0x7F
      let ending =
        signal != 0
        ? "terminated by signal " + signalName(signal)
        : "exit status \(status >> 8)"
      return (.exited, "exited with no exit reason, \(ending) (launchd \(domain), \(code), \(status))")
    case 15:
      // OS_REASON_RUNNINGBOARD: RunningBoard's code, which runningboardd prints in decimal (3135099228) where launchd's
      // own line and the crash report print it in hex (0xbaddd15c): said as those do, with its kind when the code
      // names one, then the signal it ended on (NetNewsWire #4045: `(15, 3135099228, 9)`, SIGKILL).
      let ending = status & 0x7F != 0 ? "; " + signalName(status & 0x7F) : ""
      return (
        .killed,
        reasonKill("RUNNINGBOARD", code: UInt64(code)) + ending + " (launchd \(domain), \(code), \(status))"
      )
    default:
      return (.killed, "killed: \(namespaces[domain] ?? "exit reason namespace \(domain)") \(code)")
    }
  }

  /// `killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: killed to reclaim disk space)`: an exit reason's namespace
  /// and code, with the kind `bglog explain`'s termination-code table gives the code when it names one. launchd's
  /// `exited with exit reason` line (``LaunchdExitReason``) and runningboardd's `(15, code, status)` say a RunningBoard
  /// kill in these words.
  static func reasonKill(_ namespace: String, code: UInt64) -> String {
    var detail = "killed: \(namespace) 0x" + String(code, radix: 16)
    if let named = DiagnosisKind.forTerminationCode(code) {
      detail += " (\(named.rawValue): \(named.reference.title.lowercased()))"
    }
    return detail
  }
}
