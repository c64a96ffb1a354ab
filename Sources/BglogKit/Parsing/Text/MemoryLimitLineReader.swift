/// Reads the kernel's memory-limit line pasted on its own, as people paste it into an issue:
///
///     EXC_RESOURCE -> NotificationServiceExtension[478] exceeded mem limit: ActiveHard 24 MB (fatal)
///     kernel: memorystatus: Tunnel [1509] exceeded mem limit: ActiveHard 50 MB (fatal)
///
/// XNU's memorystatus writes it when a process crosses its memory limit: `Active` or `Inactive` (the
/// limit for the process's current state), `Hard` or `Soft`, the limit in MB, and `fatal` or `non-fatal`
/// (`kern_memorystatus.c`: `"EXC_RESOURCE -> %s[%d] exceeded mem limit: %s%s %d MB (%s)"`; newer systems
/// write `memorystatus: %s [%d] exceeded mem limit: …`). A console prefix before it is allowed.
///
/// Only a text whose every non-blank line is such a line is read here: one report per line. A console
/// log with other lines around it is the timeline's to read.
enum MemoryLimitLineReader {
  /// One line read.
  struct Line: Equatable {
    var process: String
    var pid: Int?
    /// `ActiveHard`, `InactiveSoft`, …
    var limitKind: String
    var megabytes: Int?
    /// `fatal` or `non-fatal`, as the line says; nil when the line stops before it.
    var fatality: String?
  }

  private static let marker = "exceeded mem limit:"

  /// The reports of a text made only of memory-limit lines, or nil when any non-blank line is something else.
  static func read(_ source: SourceText) -> [CrashReport]? {
    var reports: [CrashReport] = []
    for index in 0..<source.lineCount {
      let text = source.lineText(index)
      if TextScanning.isBlankLine(text) { continue }
      guard text.utf8.count <= 4096, let line = parse(text) else { return nil }
      let number = index + 1
      var report = CrashReport(format: .text, category: .resource, startLine: number, endLine: number)
      report.header.processName = line.process
      report.header.processID = line.pid
      let limit = [line.limitKind, line.megabytes.map { "\($0) MB" }].compactMap { $0 }.joined(separator: " ")
      report.resource = ResourceEvent(
        event: "memory limit", actionTaken: line.fatality, summary: limit.isEmpty ? nil : limit,
        location: .line(number), actionLocation: line.fatality == nil ? nil : .line(number))
      report.issues.append(
        ParseIssue(
          "the kernel's memory-limit line alone: no report header, exception or backtrace", at: .line(number)))
      reports.append(report)
    }
    return reports.isEmpty ? nil : reports
  }

  /// Reads one line; nil when it is not a memory-limit line.
  static func parse(_ text: Substring) -> Line? {
    guard let markerRange = PlainSearch.range(of: marker, in: text) else { return nil }
    let before = TextScanning.trimmed(text[..<markerRange.lowerBound])
    let subject: Substring
    if let arrow = PlainSearch.range(of: "EXC_RESOURCE -> ", in: before) {
      subject = before[arrow.upperBound...]
    } else if let status = PlainSearch.range(of: "memorystatus: ", in: before) {
      subject = before[status.upperBound...]
    } else {
      return nil
    }
    // `Name[478]` or `Name [1509]`; names may hold spaces.
    guard subject.hasSuffix("]"), let open = subject.lastIndex(of: "[") else { return nil }
    let name = TextScanning.trimmed(subject[..<open])
    let pid = Int(subject[subject.index(after: open)..<subject.index(before: subject.endIndex)])
    guard !name.isEmpty, pid != nil else { return nil }
    let words = TextScanning.tokens(text[markerRange.upperBound...])
    guard let kind = words.first, ["Active", "Inactive"].contains(where: { kind.hasPrefix($0) }),
      kind.hasSuffix("Hard") || kind.hasSuffix("Soft")
    else { return nil }
    var megabytes: Int?
    if words.count >= 3, words[2] == "MB" { megabytes = Int(words[1]) }
    var fatality: String?
    if let last = words.last, last.hasPrefix("("), last.hasSuffix(")") {
      let word = last.dropFirst().dropLast()
      if word == "fatal" || word == "non-fatal" { fatality = String(word) }
    }
    return Line(process: String(name), pid: pid, limitKind: String(kind), megabytes: megabytes, fatality: fatality)
  }
}
