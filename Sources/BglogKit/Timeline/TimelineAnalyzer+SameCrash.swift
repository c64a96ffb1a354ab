/// One crash said by the process's end and by a record of its crash report.
///
/// microsoftconnect/ms-intune-app-sdk-ios #137 (iOS 14, Console.app): runningboardd's `[application<com.AppCo.MyApp>:432]
/// termination reported by launchd (2, 10, 10)` and, 0.4 s later, analyticsd's `… Event: com.apple.stability.crash
/// {"bundleID":"com.AppCo.MyApp",…,"process":"MyApp","terminationReasonExceptionCode":"0xa",
/// "terminationReasonNamespace":"SIGNAL",…}` are one crash (SIGBUS): the analyticsd record names no pid, so it was a
/// second `crashed` event. ReportCrash's `Formulating report for corpse[pid] Name` beside another end of the same
/// pid (a forced crash report, a kill) is the same end too. Folded here into the end that names the pid, the
/// record's line kept as evidence and what it adds (the report's incident, the report to read) said after.
extension TimelineAnalyzer {
  /// The longest a crash report's record is from the end it is about (analyticsd's record follows the report being
  /// written, which follows the end).
  static let sameCrashSeconds = 10.0
  /// Untimed lines of one crash: at most this many lines apart.
  static let sameCrashLines = 20

  /// What a crash report's record is: analyticsd's (no pid; its signal when the namespace is `SIGNAL`) or
  /// ReportCrash's corpse report (the pid).
  enum CrashRecord {
    case analyticsd(signal: String)
    case corpse(pid: Int)
  }

  static func crashRecord(_ event: TimelineEvent) -> CrashRecord? {
    guard event.kind == .crashed else { return nil }
    if event.detail.hasPrefix(ReportCrashRecognizers.corpseDetailStart), let pid = event.pid {
      return .corpse(pid: pid)
    }
    if event.pid == nil, event.detail.contains(AnalyticsdRecognizers.recordWords),
      let signal = signalWord(event.detail), event.detail.hasPrefix("exited: signal " + signal)
    {
      return .analyticsd(signal: signal)
    }
    return nil
  }

  /// The first `SIGNAME(n)` in `detail`.
  static func signalWord(_ detail: String) -> String? {
    guard let start = TimelineEventRecognizer.range(of: "SIG", in: detail[...])?.lowerBound else { return nil }
    let rest = detail[start...]
    guard let close = rest.firstIndex(of: ")") else { return nil }
    let word = rest[...close]
    guard word.contains("("), !word.contains(" ") else { return nil }
    return String(word)
  }

  /// Whether `a` and `b` are near enough to be one end's lines.
  static func nearEnough(_ a: TimelineEvent, _ b: TimelineEvent) -> Bool {
    switch (a.clock, b.clock) {
    case (let x?, let y?): return abs(x - y) <= sameCrashSeconds
    case (nil, nil): return abs(a.line - b.line) <= sameCrashLines
    default: return false
    }
  }

  /// `events` (sorted) with each crash report's record folded into the end it is about, when exactly one end fits:
  /// the same pid (corpse) or the same signal (analyticsd), a `crashed` or `killed` event with a pid that is not
  /// itself such a record, near enough. A record no end fits stays as it is.
  static func foldingCrashRecords(_ events: [TimelineEvent]) -> [TimelineEvent] {
    guard events.contains(where: { crashRecord($0) != nil }) else { return events }
    var result = events
    var folded = Set<Int>()
    for index in result.indices {
      guard let record = crashRecord(result[index]) else { continue }
      let ends = result.indices.filter { other in
        let end = result[other]
        guard other != index, !folded.contains(other), end.kind == .crashed || end.kind == .killed,
          let pid = end.pid, crashRecord(end) == nil, nearEnough(end, result[index])
        else { return false }
        switch record {
        case .corpse(let recordPID): return pid == recordPID
        case .analyticsd(let signal): return signalWord(end.detail) == signal
        }
      }
      guard ends.count == 1, let end = ends.first else { continue }
      result[end] = folding(record: result[index], into: result[end])
      folded.insert(index)
    }
    return result.indices.filter { !folded.contains($0) }.map { result[$0] }
  }

  /// The end with the record's words after its own, and the record's line as evidence.
  static func folding(record: TimelineEvent, into end: TimelineEvent) -> TimelineEvent {
    var merged = end
    var said = record.detail
    let detail = record.detail[...]
    typealias R = TimelineEventRecognizer
    if said.hasPrefix(ReportCrashRecognizers.corpseDetailStart),
      let words = R.text(after: "(ReportCrash: ", in: detail, until: [")"]),
      let report = R.text(after: "read the report (", in: detail, until: [")"])
    {
      // The end says why; the corpse line adds the report.
      said = "\(ReportCrashRecognizers.corpseDetailStart) (ReportCrash: \(words)): read \(report) with bglog diagnose"
    } else if said.hasPrefix("exited: signal "), let cut = said.firstIndex(of: ";") {
      // analyticsd's record repeats the signal the end already says.
      said = String(said[said.index(after: cut)...].drop(while: { $0 == " " }))
    }
    merged.detail = end.detail + "; " + said + " (one crash: lines \(end.line) and \(record.line))"
    merged.alsoShownBy.append(TimelineFinding.Evidence(line: record.line, text: record.text))
    return merged
  }
}
