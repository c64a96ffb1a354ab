/// Reads a termination retyped as a summary of a report's lines, in prose, as nightscout/Trio #1109 writes it
/// in a fence:
///
///     EXC_CRASH (SIGKILL)
///     FRONTBOARD domain:10 code:0x8BADF00D
///     WatchdogEvent: scene-update
///     ProcessVisibility: Background
///     WatchdogVisibility: Background
///
/// The deciding line is `<NAMESPACE> domain:N code:0x…` alone on its line (the namespace of the Termination
/// Reason with the RBSTerminateContext's fields, which bglog reads in a report); the lines next to it (no blank
/// line between) may add the exception type (`EXC_CRASH (SIGKILL)`) and the context's `WatchdogEvent:`,
/// `ProcessVisibility:`, `WatchdogVisibility:` and `ProcessState:` lines. It is someone's summary, not the report:
/// the classifier keeps the reading low (``CrashReport/isTerminationSummary``).
enum TerminationSummaryReader {
  /// The start of the note every report read here carries.
  static let note = "a termination summarised in prose (namespace, domain and code on one line)"

  /// The context's keys a summary repeats next to the code line.
  static let contextKeys = ["WatchdogEvent", "ProcessVisibility", "WatchdogVisibility", "ProcessState"]

  /// The most lines a text may hold to be read here (a short issue, not a document).
  static let maximumLines = 400

  static func read(_ source: SourceText) -> CrashReport? {
    guard source.lineCount <= maximumLines else { return nil }
    for index in 0..<source.lineCount {
      let text = TextScanning.trimmed(source.lineText(index))
      guard text.utf8.count <= 200, let (namespace, code) = codeLine(text) else { continue }
      let number = index + 1
      var report = CrashReport(format: .text, category: .crash, startLine: number, endLine: number)
      var context: [String] = []
      var contextLine: Int?
      // The block around the code line: the lines up to a blank line either side.
      var first = index
      while first > 0, !TextScanning.isBlankLine(source.lineText(first - 1)), index - first < 8 { first -= 1 }
      var last = index
      while last + 1 < source.lineCount, !TextScanning.isBlankLine(source.lineText(last + 1)), last - index < 8 {
        last += 1
      }
      for other in first...last where other != index {
        let line = TextScanning.trimmed(source.lineText(other))
        if let (key, value) = TextScanning.keyValue(line), contextKeys.contains(String(key)), !value.isEmpty {
          context.append("\(key): \(value)")
          contextLine = contextLine ?? other + 1
          report.startLine = min(report.startLine, other + 1)
          report.endLine = max(report.endLine, other + 1)
        } else if let exception = exceptionLine(line) {
          report.exception = ExceptionInfo(type: exception.type, signal: exception.signal, location: .line(other + 1))
          report.startLine = min(report.startLine, other + 1)
          report.endLine = max(report.endLine, other + 1)
        }
      }
      report.termination = TerminationInfo(
        namespace: namespace, code: code, reason: String(text),
        description: context.isEmpty ? nil : context.joined(separator: " | "), location: .line(number),
        descriptionLocation: contextLine.map { .line($0) })
      report.issues.append(
        ParseIssue(note + ": no report header, termination description or backtrace", at: .line(number)))
      return report
    }
    return nil
  }

  /// `FRONTBOARD domain:10 code:0x8BADF00D`: an upper-case namespace, `domain:` and a number, `code:` and a hex
  /// code, and nothing else.
  static func codeLine(_ text: Substring) -> (namespace: String, code: UInt64)? {
    let words = TextScanning.tokens(text)
    guard words.count == 3, TextScanning.hasPrefix(words[1], "domain:"), TextScanning.hasPrefix(words[2], "code:"),
      words[0].allSatisfy({ ($0.isASCII && $0.isUppercase) || $0 == "_" }), words[0].count >= 3,
      Int(words[1].dropFirst("domain:".count)) != nil,
      let code = TextScanning.hex(words[2].dropFirst("code:".count)), code > 0xFFFF
    else { return nil }
    return (String(words[0]), code)
  }

  /// `EXC_CRASH (SIGKILL)` alone on its line.
  static func exceptionLine(_ text: Substring) -> (type: String, signal: String)? {
    let words = TextScanning.tokens(text)
    guard words.count == 2, words[0].hasPrefix("EXC_"), words[1].hasPrefix("(SIG"), words[1].hasSuffix(")") else {
      return nil
    }
    return (String(words[0]), String(words[1].dropFirst().dropLast()))
  }
}

extension CrashReport {
  /// Whether the report is a termination summarised in prose (``TerminationSummaryReader``).
  var isTerminationSummary: Bool {
    issues.contains { $0.message.hasPrefix(TerminationSummaryReader.note) }
  }
}
