/// Reads the kernel's excessive-wakeups line pasted on its own, as people paste it into an issue:
///
///     process smc[65819] caught causing excessive wakeups. Observed wakeups rate (per sec): 49341; Maximum permitted wakeups rate (per sec): 150; Observation period: 300 seconds; Task lifetime number of wakeups: 45772
///
/// (hholtmann/smcFanControl #42, OS X 10.10), with or without a console prefix (`kernel[0]: `, a syslog
/// date and host), or broken after each `;` onto lines of their own as Console.app shows the record
/// (RasPlex/OpenPHT #139). The kernel writes it when a process wakes the CPU more often than its wakeups
/// monitor allows; macOS and iOS kernels write the same words (the timeline reads the same line in a
/// console log: `ResourceLimitRecognizers.excessiveWakeups`). The line says nothing of a kill.
///
/// Newer kernels write the same limit in other words (macOS 10.12, kubernetes/minikube #3291; quoted alone in
/// buchgr/bazel-remote #86, whose author found the process was not killed):
///
///     process bazel-remote-0.0[61853] caught waking the CPU 45001 times over ~42 seconds, averaging 1066 wakes / second and violating a limit of 45000 wakes over 300 seconds.
///
/// That line is read here too, with the same meaning (``cpuWakesEvent``).
///
/// Only a text whose every non-blank line is such a line (or one of its figure lines) is read here: one
/// report per line. A console log with other lines around it is the timeline's to read.
enum WakeupsLimitLineReader {
  /// The event name given to the report, which the classifier reads as the kernel's line.
  static let event = "wakeups (the kernel's excessive-wakeups line)"
  /// The event name of the newer form (`caught waking the CPU …`), read with the same meaning.
  static let cpuWakesEvent = "wakeups (the kernel's caught-waking-the-CPU line)"

  /// One line read.
  struct Line: Equatable {
    var process: String
    var pid: Int
    /// `Observed wakeups rate (per sec)`.
    var observed: String?
    /// `Maximum permitted wakeups rate (per sec)`.
    var permitted: String?
    /// `Observation period`, as written (`300 seconds`).
    var period: String?
    /// The newer form: `caught waking the CPU 45001 times over ~42 seconds`: the count and the window.
    var wakes: String? = nil
    var window: String? = nil
    /// The newer form's `violating a limit of 45000 wakes over 300 seconds`, as written (no final period).
    var limit: String? = nil
    /// Whether the line is the newer form (`caught waking the CPU`).
    var newerForm = false
  }

  private static let marker = " caught causing excessive wakeups"
  private static let newerMarker = " caught waking the CPU "
  private static let figureKeys = [
    "Observed wakeups rate (per sec):", "Maximum permitted wakeups rate (per sec):", "Observation period:",
    "Task lifetime number of wakeups:",
  ]

  /// The reports of a text made only of excessive-wakeups lines, or nil when any non-blank line is
  /// something else.
  static func read(_ source: SourceText) -> [CrashReport]? {
    guard source.lineCount <= 400 else { return nil }
    var reports: [CrashReport] = []
    var joined = ""
    for index in 0..<source.lineCount {
      let text = TextScanning.trimmed(source.lineText(index))
      if text.isEmpty { continue }
      guard text.utf8.count <= 4096 else { return nil }
      let number = index + 1
      if figureKeys.contains(where: { TextScanning.hasPrefix(text, $0) }) {
        // A figure line of the record before (Console.app breaks the record after each `;`).
        joined += " " + text
        guard let last = reports.indices.last, let line = parse(Substring(joined)) else { return nil }
        reports[last] = report(line, firstLine: reports[last].startLine, lastLine: number)
        continue
      }
      guard let line = parse(text) else { return nil }
      joined = String(text)
      reports.append(report(line, firstLine: number, lastLine: number))
    }
    return reports.isEmpty ? nil : reports
  }

  private static func report(_ line: Line, firstLine: Int, lastLine: Int) -> CrashReport {
    var report = CrashReport(format: .text, category: .resource, startLine: firstLine, endLine: lastLine)
    report.header.processName = line.process
    report.header.processID = line.pid
    var figures: [String] = []
    if line.newerForm {
      if let observed = line.observed {
        figures.append(
          "\(observed) wakeups per second on average"
            + (line.wakes.flatMap { wakes in line.window.map { " (\(wakes) over \($0))" } } ?? ""))
      }
      if let limit = line.limit { figures.append("limit \(limit)") }
    } else {
      if let observed = line.observed { figures.append("\(observed) wakeups per second observed") }
      if let permitted = line.permitted { figures.append("\(permitted) permitted") }
      if let period = line.period { figures.append("over \(period)") }
    }
    report.resource = ResourceEvent(
      event: line.newerForm ? cpuWakesEvent : event, summary: figures.isEmpty ? nil : figures.joined(separator: ", "),
      location: .line(firstLine))
    report.issues.append(
      ParseIssue(
        "the kernel's "
          + (line.newerForm ? "caught-waking-the-CPU" : "excessive-wakeups")
          + " line alone: no report header, exception or backtrace", at: .line(firstLine)))
    return report
  }

  /// Reads one line (its figure lines joined after it); nil when it is not an excessive-wakeups line.
  static func parse(_ text: Substring) -> Line? {
    let newer = PlainSearch.range(of: newerMarker, in: text)
    guard let markerRange = newer ?? PlainSearch.range(of: marker, in: text) else { return nil }
    let before = text[..<markerRange.lowerBound]
    // `process Name[pid]`: the last `process ` before the marker (names may hold spaces).
    var start: Substring.Index?
    var search = before[...]
    while let found = PlainSearch.range(of: "process ", in: search) {
      start = found.upperBound
      search = before[found.upperBound...]
    }
    guard let start else { return nil }
    let subject = before[start...]
    guard subject.hasSuffix("]"), let open = subject.lastIndex(of: "[") else { return nil }
    let name = TextScanning.trimmed(subject[..<open])
    guard !name.isEmpty, let pid = Int(subject[subject.index(after: open)..<subject.index(before: subject.endIndex)])
    else { return nil }
    let rest = text[markerRange.upperBound...]
    if newer != nil {
      // `45001 times over ~42 seconds, averaging 1066 wakes / second and violating a limit of 45000 wakes over
      // 300 seconds.`: the count must be a number, or the line is prose about the kernel's words.
      guard let count = rest.split(separator: " ", maxSplits: 1).first, Int(count) != nil else { return nil }
      var limit = figure(after: "violating a limit of ", in: rest, until: "\n")
      if limit?.hasSuffix(".") == true { limit = String(limit!.dropLast()) }
      return Line(
        process: String(name), pid: pid, observed: figure(after: ", averaging ", in: rest, until: " wakes / second"),
        permitted: nil, period: nil, wakes: String(count), window: figure(after: " times over ", in: rest, until: ","),
        limit: limit, newerForm: true)
    }
    return Line(
      process: String(name), pid: pid, observed: value(after: figureKeys[0], in: rest),
      permitted: value(after: figureKeys[1], in: rest), period: value(after: figureKeys[2], in: rest))
  }

  /// The newer form's value after `key`, up to `stop` or the end; nil when absent, empty or long.
  private static func figure(after key: String, in text: Substring, until stop: String) -> String? {
    guard let range = PlainSearch.range(of: key, in: text) else { return nil }
    let rest = text[range.upperBound...]
    let end = PlainSearch.range(of: stop, in: rest)?.lowerBound ?? rest.endIndex
    let value = TextScanning.trimmed(rest[..<end])
    return value.isEmpty || value.count > 40 ? nil : String(value)
  }

  /// The value after `key`, up to the next `;` or the end; nil when absent or empty.
  private static func value(after key: String, in text: Substring) -> String? {
    guard let range = PlainSearch.range(of: key, in: text) else { return nil }
    let value = TextScanning.trimmed(text[range.upperBound...].prefix(while: { $0 != ";" }))
    return value.isEmpty || value.count > 40 ? nil : String(value)
  }
}
