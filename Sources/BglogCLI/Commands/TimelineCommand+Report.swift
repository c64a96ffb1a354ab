import BglogKit
import Foundation

/// Whether a file `timeline` found events in is a crash report rather than a console log: iOS 7 reports
/// (`Exception Codes: 0x8badf00d` then the assertion list) hold lines the timeline's recognisers read as
/// untimed assertion events, which say less than `bglog diagnose` does on the same text.
extension TimelineCommand {
  /// How many crash reports the file is, when it is one: a regular file of at most `limit` bytes from
  /// which the report reader reads a report with an exception (`Exception Type` / `Exception Codes`, not a
  /// piece quoted alone), and whose every event is an untimed line inside such a report. A console log that
  /// quotes a report line keeps its timed records (or events outside the report) and stays a console log.
  static func eventsAreReportLines(_ result: TimelineResult, input: InputFile, limit: Int = 4 << 20) -> Int? {
    let events = result.apps.flatMap(\.events)
    guard !events.isEmpty, events.allSatisfy({ $0.timestamp == nil }), input.path != "-",
      case .regular(let size) = FileKind.of(input.path), size <= limit,
      let data = FileManager.default.contents(atPath: input.path),
      let reports = try? CrashReportReader.read(SourceText(bytes: [UInt8](data)))
    else { return nil }
    let whole = reports.filter { $0.exception != nil }
    guard !whole.isEmpty,
      events.allSatisfy({ event in whole.contains { $0.startLine <= event.line && event.line <= $0.endLine } })
    else { return nil }
    return reports.count
  }
}

extension TimelineCommand {
  /// What a regular file `timeline` found events in is, when its first bytes are an image or binary data
  /// rather than text (``InputAppearance/binaryKind(_:)``): an executable holds the very words the
  /// recognisers look for (bglog's own binary gave events read from its strings once a lone `{` among them no
  /// longer opened a JSON export), and those are no log. `nil` for text, standard input and other files.
  static func eventsAreBinaryData(_ result: TimelineResult, input: InputFile) -> InputAppearance.Kind? {
    guard !result.apps.isEmpty, input.path != "-", case .regular = FileKind.of(input.path),
      let handle = FileHandle(forReadingAtPath: input.path)
    else { return nil }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: InputAppearance.sniffLength)) ?? Data()
    guard let kind = InputAppearance.binaryKind([UInt8](head)) else { return nil }
    switch kind {
    case .image, .binary: return kind
    default: return nil
    }
  }
}
