/// A memory warning shortly before a memory kill (`Received memory warning.`, then Xcode's `Message from debugger:
/// Terminated due to memory issue`: iam4x/pokemongo-webspoof #178, robotmedia/RMGallery #10): the app was warned,
/// then killed. The kill's finding cites it (its summary says so and the warning's line is evidence); it does not
/// change the finding's kind or confidence, which the kill's own lines decide. "Shortly": before the kill in the log,
/// of the same pid (or a line without one), within ``memoryWarningSeconds`` when both lines have a time, else within
/// ``memoryWarningLines`` lines (Xcode's note has no time of its own).
extension TimelineAnalyzer {
  static let memoryWarningSeconds = 60.0
  static let memoryWarningLines = 20

  /// The last memory warning shortly before `kill`, by line.
  func memoryWarning(before kill: TimelineEvent) -> TimelineEvent? {
    events.filter { warning in
      guard warning.kind == .memoryWarning, warning.line < kill.line,
        warning.pid == nil || kill.pid == nil || warning.pid == kill.pid
      else { return false }
      if let warned = warning.clock, let killed = kill.clock {
        return killed >= warned && killed - warned <= Self.memoryWarningSeconds
      }
      return kill.line - warning.line <= Self.memoryWarningLines
    }.max { $0.line < $1.line }
  }

  /// `finding`, for the memory kill `kill`, citing the memory warning shortly before it when the log has one.
  func citingMemoryWarning(_ finding: TimelineFinding, _ kill: TimelineEvent) -> TimelineFinding {
    guard let warning = memoryWarning(before: kill) else { return finding }
    var cited = finding
    cited.summary +=
      " The app received a memory warning shortly before (\(time(warning))): it was warned, then killed."
    var seen = Set<Int>()
    cited.evidence = (finding.evidence + evidence([warning])).sorted { $0.line < $1.line }.filter {
      seen.insert($0.line).inserted
    }
    return cited
  }
}
