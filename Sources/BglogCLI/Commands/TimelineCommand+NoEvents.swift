import BglogKit
import Foundation

/// What `timeline` says when a log gave no app events: a console log without background events is read
/// (exit 0, with a note); anything else (a crash report, an image, binary data, an empty file, text in no
/// known layout) is named, with the command that reads it, and is an input error (exit 2).
extension TimelineCommand {
  /// What to say about a log that gave no app events.
  enum NoEventsVerdict: Equatable {
    /// Read (exit 0): the note for standard error.
    case note(String)
    /// Refused (exit 2): why, without the path, and the line the reason points at, when it has one.
    case refused(String, line: Int?)
  }

  static func noEventsVerdict(_ result: TimelineResult, input: InputFile, app: String?) -> NoEventsVerdict {
    let name = input.path == "-" ? "<stdin>" : input.path
    let lines = "\(result.statistics.lines) \(result.statistics.lines == 1 ? "line" : "lines") read"
    if let app {
      let present = appsPresent(input)
      var note = "\(name): no events for app '\(app)' (\(lines))"
      if let present {
        let names = present.map(\.name)
        note +=
          names.isEmpty
          ? "; no app has background events in this log"
          : "; apps with events: " + names.joined(separator: ", ")
        let candidates = present.flatMap { [$0.bundleID, $0.processName].compactMap { $0 } }
        if let suggestion = ArgumentParser.closest(app, in: candidates) { note += " (did you mean '\(suggestion)'?)" }
      }
      return .note(note)
    }
    // A log in a known layout is not read again past a few megabytes: only a small one is looked at for
    // a crash report among its lines.
    var appearance = InputAppearance.of(
      file: input, limit: result.layout == nil ? DiagnoseRun.defaultSizeLimit : 4 << 20)
    // A cut `.ips` reads as a `log show --style json` log whose one record is its metadata line: a line that
    // is a crash report's, never a log record. When every record is one, the file is a crash report.
    if let seen = appearance, seen.kind == .crashReportAndConsoleLog,
      recordsAreIPSMetadataLines(result, input: input, limit: 4 << 20)
    {
      appearance = InputAppearance(kind: .crashReport, crashReports: seen.crashReports)
    }
    let message: String
    let readAsLog =
      appearance.map { $0.kind == .consoleLog || $0.kind == .crashReportAndConsoleLog }
      ?? (result.layout != nil && !(result.layout == .logShowJSON && result.statistics.entries == 0))
    switch appearance?.kind {
    case _ where readAsLog:
      let layout = result.layout.map { " (\($0.rawValue) layout)" } ?? ""
      var note = "\(name): a console log\(layout) with no app background events (\(lines))"
      if appearance?.kind == .crashReportAndConsoleLog {
        note += "; it also holds a crash report: bglog diagnose reads it"
      }
      return .note(note)
    case .crashReport?:
      message = "not a console log: " + (appearance?.advice ?? "")
    case let kind?:
      var shown = InputAppearance(kind: kind)
      shown.debuggerStop = appearance?.debuggerStop
      shown.jsonWithoutLogRecords = appearance?.jsonWithoutLogRecords ?? false
      shown.reportWords = appearance?.reportWords ?? []
      message = shown.advice
      if let stop = shown.debuggerStop { return .refused(message, line: stop.line) }
    case nil where result.statistics.lines == 0:
      message = "empty input: no console lines in it"
    case nil where result.layout == .logShowJSON:
      message =
        "not a console log: JSON whose objects are not log records (none has an eventMessage; \(lines)); "
        + "a crash report is read by bglog diagnose"
    case nil:
      message =
        "not a console log: no line in a layout bglog knows (\(lines)); a crash report is read by bglog diagnose"
    }
    return .refused(message, line: nil)
  }

  /// Whether the log's records are all `.ips` metadata lines (at least one, none other): read again from a
  /// regular file of at most `limit` bytes, which ``InputAppearance`` has just read whole.
  private static func recordsAreIPSMetadataLines(_ result: TimelineResult, input: InputFile, limit: Int) -> Bool {
    guard input.path != "-", case .regular(let size) = FileKind.of(input.path), size <= limit,
      let data = FileManager.default.contents(atPath: input.path)
    else { return false }
    let metadataLines = IPSMetadataLine.count(in: SourceText(bytes: [UInt8](data)))
    return metadataLines > 0 && result.statistics.entries <= metadataLines
  }

  /// The apps with events in a regular file, read again without `--app`; `nil` for standard input and pipes.
  private static func appsPresent(_ input: InputFile) -> [AppTimeline]? {
    guard input.path != "-", case .regular = FileKind.of(input.path) else { return nil }
    var builder = TimelineBuilder()
    do {
      try LineStream.forEachLineBytesPipelined(input, stdin: nil, prepare: true, readerThread: false) {
        line, isASCII, prepared in
        builder.consume(lineBytes: line, isASCII: isASCII, prepared: prepared)
      }
    } catch {
      return nil
    }
    return builder.finish().apps
  }
}
