/// Reads Xcode's note when jetsam ends the process it debugs, pasted on its own:
///
///     Message from debugger: Terminated due to memory issue
///
/// (iCepa/iCepa #2, robotmedia/RMGallery #10, and many "Terminated due to memory issue" threads). The
/// note says the process was killed for memory; it names neither the process, nor the limit, nor the
/// footprint. Only a text whose every non-blank line is this note is read here, one report per line: a
/// console log with other lines around it is the timeline's to read (its Xcode debugger recogniser).
enum DebuggerMemoryNoteReader {
  static let note = "Message from debugger: Terminated due to memory issue"

  /// The reports of a text made only of the note, or nil when any non-blank line is something else.
  static func read(_ source: SourceText) -> [CrashReport]? {
    var reports: [CrashReport] = []
    for index in 0..<source.lineCount {
      let text = source.lineText(index)
      if TextScanning.isBlankLine(text) { continue }
      guard TextScanning.trimmed(text) == note else { return nil }
      let number = index + 1
      var report = CrashReport(format: .text, category: .jetsam, startLine: number, endLine: number)
      report.applicationSpecificInformation.append(Located(note, at: .line(number)))
      report.issues.append(
        ParseIssue("Xcode's note alone: no report, process name, limit or footprint", at: .line(number)))
      reports.append(report)
    }
    return reports.isEmpty ? nil : reports
  }
}
