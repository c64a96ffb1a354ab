/// Reads the few facts bglog needs from `.ips` text bodies that are not crash reports:
/// microstackshots (`Event:`, `Action taken:`), stackshots (`Reason:`) and panics (`panic(`).
///
/// The text crash parser reads crash bodies; this only fills what it leaves empty, so a report
/// is never described twice.
struct IPSTextBodyScanner {
  /// The document.
  let source: SourceText
  /// The 0-based line indices of the body.
  let lines: Range<Int>

  /// Fills the resource event or the description of a non-crash report, when they are empty.
  func complete(_ report: inout CrashReport, bugType: IPSBugType) {
    switch report.category {
    case .resource where report.resource == nil:
      if let event = value(of: "Event") {
        let action = value(of: "Action taken")
        let summary = value(of: "CPU") ?? value(of: "Wakeups") ?? value(of: "Writes")
        report.resource = ResourceEvent(
          event: event.text, actionTaken: action?.text, summary: summary?.text,
          location: .line(event.line), actionLocation: action.map { .line($0.line) },
          summaryLocation: summary.map { .line($0.line) })
      }
    case .stackshot where report.otherDescription == nil:
      if let reason = value(of: "Reason") {
        report.otherDescription = Located("\(bugType.summary): \(reason.text)", at: .line(reason.line))
      }
    case .panic where report.otherDescription == nil:
      if let index = lines.first(where: { source.line($0 + 1).contains("panic(") }) {
        report.otherDescription = Located(source.line(index + 1).trimmedForJSON, at: .line(index + 1))
      }
    default:
      break
    }
  }

  /// The value of the first `Key:` line in the body, with its 1-based line.
  private func value(of key: String) -> (text: String, line: Int)? {
    let prefix = key + ":"
    for index in lines where index < source.lineCount {
      let line = source.lineText(index)
      guard line.hasPrefix(prefix) else { continue }
      let value = line.dropFirst(prefix.count).trimmedForJSON
      if !value.isEmpty { return (value, index + 1) }
    }
    return nil
  }
}
