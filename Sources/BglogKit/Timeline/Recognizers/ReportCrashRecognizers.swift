/// ReportCrash's own lines about the crash reports it writes.
enum ReportCrashRecognizers {
  static let all: [MessageRecognizer] = [formulatingCorpseReport]

  /// The detail of a corpse report's event; the analyser and the lifetimes know it by this start.
  static let corpseDetailStart = "crash report being written"

  /// `Formulating report for corpse[6113] iMastShare`: ReportCrash is writing a crash report for the
  /// process (pid, name): the kernel kept the ended process as a corpse for it. The line says neither why
  /// nor which report, so the event is `crashed` and the detail sends the user to the report. Another
  /// line about the same process's end (a forced crash report, a jetsam kill) keeps its place as the
  /// process's end (``TimelineAnalyzer``).
  ///
  /// Newer ReportCrash says what it writes between `Formulating` and `report`: `Formulating fatal 309
  /// report for corpse[9522] AppName` (iOS 17, Adobe-Runtime-Support #2993; macOS too), `Formulating fatal
  /// report for corpse[796] REDACTED` (iOS 14, dotnet/macios #10086). `fatal` says the corpse's process
  /// died (the report is not one of a process that goes on running); 309 is the report's type, the
  /// `bug_type` of a crash report (`.ips`). Read alike, the words said in the detail.
  static let formulatingCorpseReport = MessageRecognizer(
    id: "reportcrash-formulating-corpse-report", era: "iOS 9+ ReportCrash (Console.app copies)",
    anchors: ["report for corpse["], writers: ["ReportCrash"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "report for corpse[", in: message),
        let words = formulatedWords(before: anchor.lowerBound, in: message)
      else { return [] }
      let rest = message[anchor.upperBound...].prefix(while: { $0 != "\n" })
      let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 10, let pid = Int(digits),
        R.hasPrefix(rest.dropFirst(digits.count), "] ")
      else { return [] }
      // The name runs to the end of the line; prose quoting the line (a backtick, a quote, a table's `|`
      // after it) ends it there, and more than three words keep the first.
      var name = R.trimmingBlanks(
        rest.dropFirst(digits.count + 2).prefix(while: { !"`|\"\t".contains($0) }))
      if name.split(separator: " ").count > 3 { name = name.prefix(while: { $0 != " " }) }
      guard !name.isEmpty else { return [] }
      let said = words.isEmpty ? "" : words + " report for "
      let fatal = words.hasPrefix("fatal") ? ": the process crashed" : ""
      let type = words.hasSuffix(" 309") ? " (type 309, a crash report)" : ""
      return [
        MessageEvent(
          kind: .crashed, subject: AppSubject(name: String(name), pid: pid),
          detail:
            "\(corpseDetailStart) (ReportCrash: \(said)corpse[\(pid)])\(type)\(fatal); the line does not say why the "
            + "process ended: read the report (\(name)-….ips) with bglog diagnose")
      ]
    },
    triggering: [
      RecognizerExample(
        "Formulating report for corpse[6113] iMastShare", process: "ReportCrash",
        source: "cinderella-project/iMast issue #138 (Console.app copy with Japanese level names: the share extension)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "iMastShare", pid: 6113),
          detail:
            "crash report being written (ReportCrash: corpse[6113]); the line does not say why the process "
            + "ended: read the report (iMastShare-….ips) with bglog diagnose")),
      RecognizerExample(
        "Formulating report for corpse[597] imagent", process: "ReportCrash",
        source:
          "a Vietnamese write-up of an iMessage attack, public GitHub Markdown (Console.app copy, tabs as spaces; "
          + "found with the code search)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "imagent", pid: 597),
          detail:
            "crash report being written (ReportCrash: corpse[597]); the line does not say why the process "
            + "ended: read the report (imagent-….ips) with bglog diagnose")),
      RecognizerExample(
        "Formulating fatal 309 report for corpse[9522] AppName", process: "ReportCrash",
        source: "airsdk/Adobe-Runtime-Support issue #2993 (Shaunmax, 2024-01-12, Console.app live log, iOS)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "AppName", pid: 9522),
          detail:
            "crash report being written (ReportCrash: fatal 309 report for corpse[9522]) (type 309, a crash "
            + "report): the process crashed; the line does not say why the process ended: read the report "
            + "(AppName-….ips) with bglog diagnose")),
      RecognizerExample(
        "Formulating fatal report for corpse[796] REDACTED", process: "ReportCrash", pid: 797,
        source: "dotnet/macios issue #10086 (mlancione, iPad syslog, iOS 14.2; the app's name redacted by the author)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "REDACTED", pid: 796),
          detail:
            "crash report being written (ReportCrash: fatal report for corpse[796]): the process crashed; the line "
            + "does not say why the process ended: read the report (REDACTED-….ips) with bglog diagnose")),
    ],
    nonTriggering: [])

  /// The words between `Formulating ` and ` report for corpse[` ending at `end` (`""`, `fatal`, `fatal 309`): at
  /// most two lower-case words or numbers, else nil (another sentence holding the anchor).
  static func formulatedWords(before end: Substring.Index, in message: Substring) -> String? {
    let head = message[..<end]
    guard head.hasSuffix(" ") else { return nil }
    let tokens = head.dropLast().split(separator: " ", omittingEmptySubsequences: false).suffix(3)
    guard let opening = tokens.lastIndex(where: { $0.hasSuffix("Formulating") }) else { return nil }
    let words = tokens[(opening + 1)...]
    guard
      words.allSatisfy({ word in
        !word.isEmpty && word.count <= 12 && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
      })
    else { return nil }
    return words.joined(separator: " ")
  }
}
