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
  static let formulatingCorpseReport = MessageRecognizer(
    id: "reportcrash-formulating-corpse-report", era: "iOS 9+ ReportCrash (Console.app copies)",
    anchors: ["Formulating report for corpse["], writers: ["ReportCrash"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "Formulating report for corpse[", in: message) else { return [] }
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
      return [
        MessageEvent(
          kind: .crashed, subject: AppSubject(name: String(name), pid: pid),
          detail:
            "\(corpseDetailStart) (ReportCrash: corpse[\(pid)]); the line does not say why the process ended: "
            + "read the report (\(name)-….ips) with bglog diagnose")
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
    ],
    nonTriggering: [])
}
