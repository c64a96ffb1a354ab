import Foundation

/// Names for the Mach exception and signal numbers that MetricKit and KSCrash write as numbers.
enum MachExceptionNames {
  /// `EXC_…` for a Mach exception number (`<mach/exception_types.h>`), `nil` when unknown.
  static func exception(_ number: Int) -> String? {
    switch number {
    case 1: return "EXC_BAD_ACCESS"
    case 2: return "EXC_BAD_INSTRUCTION"
    case 3: return "EXC_ARITHMETIC"
    case 4: return "EXC_EMULATION"
    case 5: return "EXC_SOFTWARE"
    case 6: return "EXC_BREAKPOINT"
    case 7: return "EXC_SYSCALL"
    case 8: return "EXC_MACH_SYSCALL"
    case 9: return "EXC_RPC_ALERT"
    case 10: return "EXC_CRASH"
    case 11: return "EXC_RESOURCE"
    case 12: return "EXC_GUARD"
    case 13: return "EXC_CORPSE_NOTIFY"
    default: return nil
    }
  }

  /// `SIG…` for a Darwin signal number (`<sys/signal.h>`), `nil` when unknown.
  static func signal(_ number: Int) -> String? {
    let names = [
      "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGEMT", "SIGFPE", "SIGKILL", "SIGBUS",
      "SIGSEGV", "SIGSYS", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGURG", "SIGSTOP", "SIGTSTP", "SIGCONT", "SIGCHLD",
      "SIGTTIN", "SIGTTOU", "SIGIO", "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGINFO",
      "SIGUSR1", "SIGUSR2",
    ]
    return number >= 1 && number <= names.count ? names[number - 1] : nil
  }

  /// Reads `Namespace SIGNAL, Code 0x5` (the text form MetricKit copies): the namespace, the
  /// code (hex or decimal) and whatever follows the code.
  static func terminationReason(_ text: String) -> (namespace: String?, code: UInt64?, rest: String?) {
    var namespace: String?
    var code: UInt64?
    var rest: String?
    if let start = PlainSearch.range(of: "Namespace ", in: text)?.upperBound {
      let tail = text[start...]
      let end = tail.firstIndex(where: { $0 == "," || $0 == " " }) ?? tail.endIndex
      namespace = String(tail[..<end])
    }
    if let start = PlainSearch.range(of: "Code ", in: text)?.upperBound {
      let tail = text[start...]
      let end = tail.firstIndex(where: { $0 == "," || $0 == " " }) ?? tail.endIndex
      let literal = tail[..<end]
      if literal.hasPrefix("0x") || literal.hasPrefix("0X") {
        code = UInt64(literal.dropFirst(2), radix: 16)
      } else {
        code = UInt64(literal)
      }
      let after = tail[end...].drop(while: { $0 == "," || $0 == " " })
      rest = after.isEmpty ? nil : String(after)
    }
    return (namespace, code, rest)
  }
}
