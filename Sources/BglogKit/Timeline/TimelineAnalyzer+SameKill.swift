/// One jetsam kill said by several lines: the kernel's `EXC_RESOURCE -> FamilyControlsAgent[1452] exceeded mem limit:
/// InactiveHard 6 MB (fatal)`, its `killing_specific_process pid 1452 [FamilyControlsAgent] (per-process-limit 10)`
/// and osanalyticshelper's `Process FamilyControlsAgent [1452] killed by jetsam reason per-process-limit` (a blog's
/// FamilyControls crash loop, and zhuowei's amfidebilitate, review s10b defect 8). Read apart they were two kills with
/// two findings that contradicted each other (one at the inactive limit, one "no inactive limit named").
extension TimelineAnalyzer {
  /// The longest a kill's lines are apart in time (the kernel writes its two at once; osanalyticshelper's follows).
  static let sameKillSeconds = 2.0
  /// Untimed lines of one kill are adjacent: at most this many lines after the kill's last line (zhuowei's paste
  /// has the kernel's AMFI line between the kill line and osanalyticshelper's).
  static let sameKillLines = 4

  /// Whether `event` is a memory kill of a known pid by the kernel's words (`EXC_RESOURCE … (fatal)`, `killed by
  /// jetsam (…)`).
  static func isMemoryKill(_ event: TimelineEvent) -> Bool {
    event.kind == .killed && event.pid != nil
      && (event.detail.hasPrefix(KernelJetsamRecognizers.excResourceKillDetail)
        || event.detail.hasPrefix("killed by jetsam ("))
  }

  /// Whether `later` is the kill `lines` (in order, at least one) already say: memory kills of the same pid, at the
  /// same moment (``sameKillSeconds``), or all untimed with `later` within ``sameKillLines`` lines of the last.
  static func sameKill(_ lines: [TimelineEvent], _ later: TimelineEvent) -> Bool {
    guard let first = lines.first, let last = lines.last, first.pid == later.pid, isMemoryKill(later),
      lines.allSatisfy(isMemoryKill)
    else { return false }
    switch (first.clock, later.clock) {
    case (let a?, let b?):
      return abs(b - a) <= sameKillSeconds
    case (nil, nil):
      return later.line >= last.line && later.line - last.line <= sameKillLines
    default:
      return false
    }
  }

  /// One event for the lines of one kill (in order): the first line's, with the other lines as its evidence. The
  /// detail that names a memory limit leads (the findings read the limit from it); what the other lines say that
  /// it does not follows, then the lines.
  static func oneKill(_ lines: [TimelineEvent]) -> TimelineEvent? {
    guard var merged = lines.first, lines.count > 1 else { return lines.first }
    let lead = lines.first { memoryLimit($0.detail) != nil } ?? merged
    var said: [String] = []
    for line in lines where line.detail != lead.detail && !said.contains(line.detail) { said.append(line.detail) }
    var evidence: [TimelineFinding.Evidence] = []
    for line in lines.dropFirst() where line.line != merged.line && !evidence.contains(where: { $0.line == line.line })
    {
      evidence.append(TimelineFinding.Evidence(line: line.line, text: line.text))
    }
    merged.alsoShownBy = evidence
    let numbers = ([merged.line] + evidence.map(\.line)).map(String.init).joined(separator: ", ")
    merged.detail =
      lead.detail + (said.isEmpty ? "" : sameKillNote + said.joined(separator: "; ")) + " (one kill: lines \(numbers))"
    return merged
  }

  /// Put between a kill's own detail and what the other lines of the same kill say.
  static let sameKillNote = "; its other lines: "
}

/// assertiond's two lines of one end on iOS 9–12: `Process exited: <BKProcess: …; pid: 1114; …>` (an `exited` event)
/// and `[Runner:1114] Got exit context: <BKSProcessExitContext: …; reason: crash>` (a `crashed` event) just after it
/// (flutter #16910, review s10b defect 5): one end, a crash.
extension TimelineAnalyzer {
  /// The position in `result` of the `Process exited` event `event`, assertiond's exit context, says why: the same
  /// pid, within a second (or both untimed and at most 10 lines apart), among the last 8 events.
  static func exitContext(_ result: [TimelineEvent], _ event: TimelineEvent) -> Int? {
    guard event.kind == .crashed, event.detail == AssertiondRecognizers.exitContextCrashDetail, event.pid != nil
    else { return nil }
    return result.indices.suffix(8).last { index in
      let exited = result[index]
      guard exited.kind == .exited, exited.detail == "process exited", exited.pid == event.pid,
        exited.line <= event.line
      else { return false }
      switch (exited.clock, event.clock) {
      case (let a?, let b?): return abs(b - a) <= 1
      case (nil, nil): return event.line - exited.line <= 10
      default: return false
      }
    }
  }

  /// The `Process exited` event made the crash its exit context says, with the context's line as evidence.
  static func folding(exitContext: TimelineEvent, into exited: TimelineEvent) -> TimelineEvent {
    var merged = exited
    merged.kind = .crashed
    merged.detail = exitContext.detail + " (lines \(exited.line) and \(exitContext.line))"
    merged.alsoShownBy.append(TimelineFinding.Evidence(line: exitContext.line, text: exitContext.text))
    return merged
  }
}
