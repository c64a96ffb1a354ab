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

  /// The `Failure Reason:` line of Xcode's error details, as its "quit unexpectedly" alert copies them.
  static let failureReason = "Failure Reason: " + note

  /// Xcode's error details when the debugged app is killed for memory, copied from its alert
  /// (Baseflow/flutter_cached_network_image #858):
  ///
  ///     The app “Runner” on .sun 的iPhone quit unexpectedly.
  ///     Domain: IDEDebugSessionErrorDomain
  ///     Code: 11
  ///     Failure Reason: Message from debugger: Terminated due to memory issue
  ///     User Info: { … }
  ///     --
  ///     Analytics Event: com.apple.dt.IDERunOperationWorkerFinished : { "device_model" = "iPhone14,5"; … }
  ///
  /// The `Failure Reason:` line is the note and the evidence; the alert's first line names the app, the analytics
  /// event the device and its OS. The author's prose and Markdown around the details (a heading that repeats the
  /// note) are set aside, with a note. Nil without the `Failure Reason:` line and the alert's `Domain:` line.
  static func readDetails(_ source: SourceText) -> CrashReport? {
    guard source.lineCount <= 2_000 else { return nil }
    var reasonLine: Int?
    var sawDomain = false
    var appName: (String, Int)?
    var model: String?
    var osBuild: String?
    var firstNonBlank: Int?
    var lastNonBlank = 0
    for index in 0..<source.lineCount {
      let text = TextScanning.trimmed(source.lineText(index))
      if text.isEmpty { continue }
      firstNonBlank = firstNonBlank ?? index + 1
      lastNonBlank = index + 1
      if text == failureReason {
        if reasonLine == nil { reasonLine = index + 1 }
      } else if text == "Domain: IDEDebugSessionErrorDomain" {
        sawDomain = true
      } else if appName == nil, let name = alertAppName(text) {
        appName = (name, index + 1)
      } else if let value = analyticsValue(text, key: "device_model") {
        model = model ?? value
      } else if let value = analyticsValue(text, key: "device_osBuild") {
        osBuild = osBuild ?? value
      }
    }
    guard let reasonLine, sawDomain, let firstNonBlank else { return nil }
    let start = min(appName?.1 ?? reasonLine, reasonLine)
    var report = CrashReport(format: .text, category: .jetsam, startLine: start, endLine: lastNonBlank)
    report.applicationSpecificInformation.append(Located(note, at: .line(reasonLine)))
    if let (name, line) = appName {
      report.header.processName = name
      report.header.fields.append(HeaderField(name: "Process", value: name, location: .line(line)))
    }
    report.header.hardwareModel = model
    if let osBuild { report.header.osVersion = "iOS " + osBuild }
    report.issues.append(
      ParseIssue(
        "Xcode's error details for the debugged app (`The app “…” quit unexpectedly`, `Failure Reason:`): no "
          + "report, limit or footprint", at: .line(reasonLine)))
    if firstNonBlank < start {
      report.issues.append(
        ParseIssue(
          "the text before Xcode's error details (lines \(firstNonBlank)–\(start - 1): the author's prose and Markdown) "
            + "was set aside", at: .line(firstNonBlank)))
    }
    return report
  }

  /// `Runner` from `The app “Runner” on .sun 的iPhone quit unexpectedly.`
  private static func alertAppName(_ text: Substring) -> String? {
    guard text.hasPrefix("The app “"), text.hasSuffix("quit unexpectedly.") else { return nil }
    let rest = text.dropFirst("The app “".count)
    guard let close = rest.firstIndex(of: "”") else { return nil }
    let name = rest[..<close]
    return name.isEmpty || name.count > 200 ? nil : String(name)
  }

  /// `iPhone14,5` from `"device_model" = "iPhone14,5";`.
  private static func analyticsValue(_ text: Substring, key: String) -> String? {
    let prefix = "\"\(key)\" = \""
    guard text.hasPrefix(prefix), text.hasSuffix("\";") else { return nil }
    let value = text.dropFirst(prefix.count).dropLast(2)
    return value.isEmpty || value.contains("\"") ? nil : String(value)
  }
}
