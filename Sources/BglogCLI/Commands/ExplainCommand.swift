import BglogKit
import BglogRendering

/// `bglog explain`: the reference for a termination code or a kind.
enum ExplainCommand: Command {
  static let name = "explain"
  static let summary = "Explain a termination code (0x8badf00d, 2343432205), a kind id or a termination namespace."
  static let options: [OptionSpec] = []
  static var argumentCompletion: CompletionValues {
    .words(["list"] + DiagnosisKind.allCases.map(\.rawValue) + namespaceNames)
  }
  /// The termination namespaces `explain` looks up (`TCC`, `SANDBOX`, …), as reports print them.
  static var namespaceNames: [String] { TerminationNamespace.all.map(\.name) }
  static let help = """
    OVERVIEW: Print what a code, kind or termination namespace means, how to confirm it, what to change.

    USAGE: bglog explain <code-or-kind>
           bglog explain list

    ARGUMENTS:
      <code-or-kind>  A code in hex (0x8badf00d) or decimal (2343432205, as .ips files write it),
                      a kind id (leaked-background-task), or a termination namespace as reports
                      print it (TCC, SANDBOX, GUARD, RUNNINGBOARD).

    OPTIONS:
      -h, --help      Show help.

    EXAMPLES:
      # Every kind a code can mean, how to confirm which, and what to change
      bglog explain 0x8badf00d
      # What "Termination Reason: Namespace TCC" means and how bglog reads it
      bglog explain TCC
      # All kinds, with their codes
      bglog explain list

    EXIT CODES:
      0   explained
      64  unknown code or kind, or usage error

    """

  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
    guard arguments.positionals.count == 1, let query = arguments.positionals.first else {
      throw UsageError(problem: "give one termination code or kind id")
    }
    if query == "list" {
      for kind in DiagnosisKind.allCases {
        let codes = kind.reference.codes.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
        io.writeOut(
          kind.rawValue.column(42) + kind.reference.title + (codes.isEmpty ? "" : " (\(codes))") + "\n")
      }
      io.writeOut("\nConsole-log findings (bglog timeline, bglog check):\n")
      for kind in TimelineFinding.Kind.allCases {
        guard let reference = kind.reference else { continue }
        io.writeOut(kind.rawValue.column(42) + reference.title + "\n")
      }
      io.writeOut("\nTermination namespaces (Termination Reason: Namespace NAME):\n")
      io.writeOut(wrap(namespaceNames.joined(separator: ", "), indent: ""))
      return .success
    }
    let kinds = resolve(query)
    if kinds.isEmpty, let namespace = TerminationNamespace.named(query) {
      io.writeOut(render(namespace))
      return .success
    }
    if kinds.isEmpty, let finding = TimelineFinding.Kind(rawValue: query), let reference = finding.reference {
      io.writeOut(render(id: finding.rawValue, reference: reference))
      return .success
    }
    guard !kinds.isEmpty else {
      // Some ids are both a crash-report kind and a console finding: listed twice, a prefix would
      // match two candidates and suggest nothing.
      var ids = DiagnosisKind.allCases.map(\.rawValue)
      ids += TimelineFinding.Kind.allCases.map(\.rawValue).filter { !ids.contains($0) }
      ids += namespaceNames.filter { !ids.contains($0) }
      throw UsageError(
        problem:
          "'\(query)' is neither a known termination code, a kind id nor a termination namespace; "
          + "try 'bglog explain list'",
        suggestion: ArgumentParser.closest(query, in: ids)
          ?? (query.count >= 4 ? ids.first { $0.contains(query.lowercased()) } : nil))
    }
    io.writeOut(kinds.map(render).joined(separator: "\n"))
    return .success
  }

  /// The kinds a query names: a kind id, or a code in hex or decimal.
  static func resolve(_ query: String) -> [DiagnosisKind] {
    if let kind = DiagnosisKind(rawValue: query) { return [kind] }
    let lowered = query.lowercased()
    let code: UInt64? =
      lowered.hasPrefix("0x") ? UInt64(lowered.dropFirst(2), radix: 16) : UInt64(lowered) ?? UInt64(lowered, radix: 16)
    guard let code else { return [] }
    var kinds = DiagnosisKind.allCases.filter { $0.reference.codes.contains(code) }
    // 0x8badf00d is both a hang and, with an idle main thread, a leaked background task.
    if code == 0x8bad_f00d { kinds.append(.leakedBackgroundTask) }
    if code == 0x8bad_f00d { kinds.append(.backgroundSessionCompletionNotCalled) }
    return kinds
  }

  /// A termination namespace: what it means, and the kind bglog gives its kills (with that kind's reference).
  static func render(_ namespace: TerminationNamespace) -> String {
    var text = "\(namespace.name): termination namespace"
    if let number = namespace.number { text += " (OS_REASON number \(number) in XNU's bsd/sys/reason.h)" }
    if namespace.name == "CAROUSEL" { return text + "\n\n" + renderCarousel(namespace) }
    text +=
      "\n\n"
      + wrap(
        "Reports print it as `Termination Reason: Namespace \(namespace.name), Code …` "
          + "(iOS 16 and later: `Termination Reason: \(namespace.name) <code>`). It means: \(namespace.meaning).",
        indent: "  ")
    if namespace.name == "CAROUSEL" {
      text += wrap(
        "watchOS 7 writes it without a code: `Termination Reason: CAROUSEL, Background App Refresh watchdog "
          + "transgression. Exhausted wall time allowance of 15.00 seconds.` bglog reads such a watchdog "
          + "transgression as watchos-background-budget (the budget the codes 0xc51bad01-03 report).", indent: "  ")
    }
    if let kind = namespace.decidedKind {
      let reading =
        kind == .osTermination
        ? "bglog reads a kill (SIGKILL) in this namespace as os-termination; a crash signal under it (an abort, a "
          + "bad access) is read as that crash."
        : "bglog reads a kill in this namespace as \(kind.rawValue)."
      return text + wrap(reading, indent: "  ") + "\n" + render(kind)
    }
    if namespace.name == "SIGNAL" {
      return text
        + wrap(
          "The code is the signal number; the exception type and signal decide the kind (abort, bad-access, trap).",
          indent: "  ")
    }
    let codes = DiagnosisKind.allCases.flatMap { kind in kind.reference.codes.map { (code: $0, kind: kind) } }
    var seen: Set<UInt64> = []
    let known = codes.filter { seen.insert($0.code).inserted }.map { "0x" + String($0.code, radix: 16) }
    text += wrap(
      "The termination code decides the kind: " + known.joined(separator: ", ")
        + " (bglog explain <code> explains each). This namespace enforces background time and system deadlines, "
        + "so an unknown code under it is read as os-termination.", indent: "  ")
    return text
  }

  /// watchOS's CAROUSEL: its reports write the watchdog in words, which decide the kind.
  static func renderCarousel(_ namespace: TerminationNamespace) -> String {
    wrap(
      "watchOS reports print it with the reason in words: `Termination Reason: CAROUSEL, Background App Refresh "
        + "watchdog transgression. Exhausted wall time allowance of 15.00 seconds.` It means: \(namespace.meaning).",
      indent: "  ")
      + wrap(
        "bglog reads a CAROUSEL watchdog transgression as watchos-background-budget (high when the reason names "
          + "the allowance); a known code under CAROUSEL decides the kind by itself, and a CAROUSEL kill with "
          + "neither is read as os-termination.", indent: "  ")
      + "\n" + render(.watchBackgroundBudget)
  }

  static func render(_ kind: DiagnosisKind) -> String {
    render(id: kind.rawValue, reference: kind.reference)
  }

  static func render(id: String, reference: KindReference) -> String {
    var text = "\(id): \(reference.title)\n"
    if !reference.codes.isEmpty {
      text += "  codes: " + reference.codes.map { "0x\(String($0, radix: 16)) (\($0))" }.joined(separator: ", ") + "\n"
    }
    text += "\n" + wrap(reference.meaning, indent: "  ")
    if !reference.howToConfirm.isEmpty {
      text += "\n  How to confirm:\n" + wrap(reference.howToConfirm, indent: "    ")
    }
    if !reference.advice.isEmpty {
      text += "\n  What to change:\n"
      for advice in reference.advice { text += wrap(advice, indent: "    - ", continuation: "      ") }
    }
    if !reference.sources.isEmpty {
      text += "\n  Sources:\n"
      for source in reference.sources { text += "    " + source + "\n" }
    }
    return text
  }

  static func wrap(_ text: String, indent: String, continuation: String? = nil) -> String {
    TextWrapping.wrap(text, indent: indent, continuation: continuation)
  }

}
