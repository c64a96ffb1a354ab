/// Reads PushKit's kill message pasted on its own (from Xcode's console or a crash reporter), as in
/// flutter_callkit_incoming #745:
///
///     Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app
///     because it never posted an incoming call to the system after receiving a PushKit VoIP push.'
///
/// Since iOS 13 PushKit raises this exception in the app when a VoIP push handler returns without reporting a
/// call to CallKit. Only a text whose every non-blank line is such a line is read here, one report per line:
/// a console log with other lines around it is the timeline's to read.
enum PushKitKillLineReader {
  static let marker = "never posted an incoming call to the system after receiving a PushKit VoIP push"

  /// The reports of a text made only of PushKit kill lines, or nil when any non-blank line is something else.
  static func read(_ source: SourceText) -> [CrashReport]? {
    var reports: [CrashReport] = []
    for index in 0..<source.lineCount {
      let text = source.lineText(index)
      if TextScanning.isBlankLine(text) { continue }
      guard text.utf8.count <= 4096, PlainSearch.contains(marker, in: text) else { return nil }
      let number = index + 1
      var report = CrashReport(format: .text, category: .crash, startLine: number, endLine: number)
      report.applicationSpecificInformation.append(
        Located(String(TextScanning.trimmed(text)), at: .line(number)))
      report.issues.append(
        ParseIssue("PushKit's kill message alone: no report header, exception or backtrace", at: .line(number)))
      reports.append(report)
    }
    return reports.isEmpty ? nil : reports
  }
}
