/// Reads lines of a disk-writes resource report pasted without the report around them, as people
/// quote them on the Apple Developer Forums:
///
///     1073.76 MB of file backed memory dirtied over 705 seconds (1522.14 KB per second average), exceeding limit of 12.43 KB per second over 86400 seconds
///
/// (thread 686854: the value of the report's `Writes:` line alone), or
///
///     Action taken: none
///     Writes caused: 1073.96 MB over 48.28s (Average: 22.24 MB/second)
///
/// (thread 821945). Only disk-writes reports write `… of file backed memory dirtied over …, exceeding limit
/// of …` and `Writes caused:` (firebase/firebase-ios-sdk #6391 and #11636 hold whole ones), so either names
/// the report; the `Event: disk writes` line and the header that name the process are missing.
///
/// Every non-blank line must be one of the report's own lines (`Writes:`, `Writes caused:`, `Writes
/// limit:`, `Writes duration:`, `Limit duration:`, `Duration:`, `Duration Sampled:`, `Steps:`, `Action
/// taken:`, or the figure sentence without its key), with at least one that names disk writes. A
/// trailing `\` (Markdown's line break, as the forum keeps it) is not part of the line.
enum DiskWritesPieceReader {
  /// The event name given to the report: a piece, so the classifier says what is missing.
  static let event = "disk writes (report lines without the report)"

  /// The keys of a disk-writes report's body that may come with the deciding lines.
  private static let companionKeys: Set<String> = [
    "writes limit", "writes duration", "limit duration", "duration", "duration sampled", "steps",
  ]

  /// The report the piece holds, or nil when the text is not made only of disk-writes report lines.
  static func read(_ source: SourceText) -> [CrashReport]? {
    guard source.lineCount <= 40 else { return nil }
    var figures: (text: String, line: Int)?
    var action: (text: String, line: Int)?
    var first: Int?
    var last = 0
    for index in 0..<source.lineCount {
      var text = TextScanning.trimmed(source.lineText(index))
      if text.isEmpty { continue }
      guard text.utf8.count <= 1024 else { return nil }
      if text.hasSuffix("\\") { text = TextScanning.trimmed(text.dropLast()) }
      let number = index + 1
      if first == nil { first = number }
      last = number
      if let sentence = figureSentence(text) {
        // `Writes:` and its value, or the value alone.
        if figures == nil { figures = (String(sentence), number) }
        continue
      }
      guard let (key, value) = TextScanning.keyValue(text), !value.isEmpty else { return nil }
      switch key.lowercased() {
      case "writes caused":
        if figures == nil { figures = ("Writes caused: " + TextScanning.trimmed(value), number) }
      case "action taken":
        action = (String(TextScanning.trimmed(value)), number)
      case let other where companionKeys.contains(other):
        continue
      default:
        return nil
      }
    }
    guard let figures, let first else { return nil }
    var report = CrashReport(format: .text, category: .resource, startLine: first, endLine: last)
    report.resource = ResourceEvent(
      event: event, actionTaken: action?.text, summary: figures.text, location: .line(figures.line),
      actionLocation: action.map { .line($0.line) })
    report.issues.append(
      ParseIssue(
        "lines of a disk-writes report alone: no report header, `Event:` line or process", at: .line(first)))
    return [report]
  }

  /// The sentence of `[Writes:] N MB of file backed memory dirtied over N seconds (…), exceeding limit of
  /// …` without its key, or nil when the line is not one.
  static func figureSentence(_ text: Substring) -> Substring? {
    var body = text
    if TextScanning.hasPrefix(body, "Writes:") { body = TextScanning.trimmed(body.dropFirst("Writes:".count)) }
    guard let first = body.first, first.isNumber,
      let dirtied = PlainSearch.range(of: " of file backed memory dirtied over ", in: body),
      PlainSearch.contains("exceeding limit of ", in: body[dirtied.upperBound...])
    else { return nil }
    return body
  }
}
