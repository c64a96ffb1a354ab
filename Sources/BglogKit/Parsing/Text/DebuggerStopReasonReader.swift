/// Reads the memory-limit exception as the debugger shows it, pasted on its own (issue 14):
///
///     EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 MB, unused=0x0)
///     Thread 3: EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=50 MB)
///     * thread #53, queue = '…', stop reason = EXC_RESOURCE (RESOURCE_TYPE_MEMORY: …) (limit=1450 MB)
///
/// lldb writes the first form (Xcode 13 and earlier) and, since swiftlang/llvm-project pull request
/// #5069 (2022), the second; Xcode puts `Thread N: ` before it in its editor banner and the sentence
/// `The operating system stopped the process because the process exceeded a limit on resource
/// consumption, like CPU time or memory.` under it. Real pastes: kishikawakatsumi/ScreenRecorder
/// issue #13 (the first form alone), EbrahimTahernejad/Tun2SocksKit issue #26 (the banner and the
/// sentence).
///
/// Only a text whose every non-blank line is such a stop reason or Xcode's sentence is read here:
/// one report per stop reason. A console log with other lines around it is the timeline's to read.
enum DebuggerStopReasonReader {
  /// One stop reason read.
  struct Stop: Equatable {
    /// The limit as written (`650 MB`).
    var limit: String
    /// The thread the debugger stopped, when the line names it (`Thread 3:`, `* thread #53`).
    var thread: Int?
    /// lldb's words for the resource type (`high watermark memory limit exceeded`), when written.
    var description: String?
  }

  /// The event name the classifier dispatches on (`CrashClassifier+DebuggerStop`).
  static let event = "memory limit (debugger stop)"

  private static let oldForm = "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit="
  private static let newForm = "EXC_RESOURCE (RESOURCE_TYPE_MEMORY: "
  private static let xcodeSentence = "The operating system stopped the process because the process exceeded a limit"

  /// The reports of a text made only of memory-limit stop reasons (and Xcode's sentence under them),
  /// or nil when any non-blank line is something else.
  static func read(_ source: SourceText) -> [CrashReport]? {
    var reports: [CrashReport] = []
    for index in 0..<source.lineCount {
      let text = source.lineText(index)
      if TextScanning.isBlankLine(text) { continue }
      guard text.utf8.count <= 4096 else { return nil }
      let number = index + 1
      if TextScanning.hasPrefix(TextScanning.trimmedLeading(text), xcodeSentence) {
        // Xcode's explanation belongs to the stop reason above it; alone it says nothing.
        guard !reports.isEmpty else { return nil }
        reports[reports.count - 1].endLine = number
        continue
      }
      guard let stop = parse(text) else { return nil }
      var report = CrashReport(format: .text, category: .resource, startLine: number, endLine: number)
      report.resource = ResourceEvent(event: event, summary: stop.limit, location: .line(number))
      report.issues.append(
        ParseIssue(
          "the debugger's stop reason alone: no report header, process name or backtrace"
            + (stop.thread.map { " (the debugger stopped thread \($0))" } ?? ""), at: .line(number)))
      reports.append(report)
    }
    return reports.isEmpty ? nil : reports
  }

  /// Reads one line; nil when it is not a memory-limit stop reason with nothing but a thread before it.
  static func parse(_ text: Substring) -> Stop? {
    let line = TextScanning.trimmed(text)
    let start: Range<String.Index>
    var description: String?
    let limitStart: String.Index
    if let found = PlainSearch.range(of: oldForm, in: line) {
      start = found
      limitStart = found.upperBound
    } else if let found = PlainSearch.range(of: newForm, in: line),
      let close = line[found.upperBound...].firstIndex(of: ")"),
      let limit = PlainSearch.range(of: "(limit=", in: line[close...])
    {
      start = found
      let said = TextScanning.trimmed(line[found.upperBound..<close])
      description = said.isEmpty ? nil : String(said)
      limitStart = limit.upperBound
    } else {
      return nil
    }
    guard let thread = threadPrefix(line[..<start.lowerBound]) else { return nil }
    let limit = line[limitStart...].prefix(while: { $0 != "," && $0 != ")" })
    guard limit.first?.isNumber == true, line[limitStart...].dropFirst(limit.count).first != nil else { return nil }
    return Stop(limit: String(TextScanning.trimmed(limit)), thread: thread, description: description)
  }

  /// What may stand before the exception: nothing, Xcode's `Thread 3: `, or lldb's
  /// `* thread #53, queue = '…', stop reason = `. `nil` for anything else; `.some(nil)` when no thread is named.
  private static func threadPrefix(_ before: Substring) -> Int?? {
    let text = TextScanning.trimmed(before)
    if text.isEmpty { return .some(nil) }
    if TextScanning.hasPrefix(text, "Thread "), text.hasSuffix(":"),
      let number = Int(text.dropFirst("Thread ".count).dropLast())
    {
      return .some(number)
    }
    if text.hasSuffix("stop reason ="), let hash = PlainSearch.range(of: "thread #", in: text),
      TextScanning.trimmed(text[..<hash.lowerBound]).allSatisfy({ $0 == "*" })
    {
      return .some(TextScanning.leadingInt(text[hash.upperBound...]))
    }
    return nil
  }
}
