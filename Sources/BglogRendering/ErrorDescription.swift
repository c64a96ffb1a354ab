import BglogKit

/// Words the library's error facts for people: short, lowercase, quoting the offending value.
///
/// A message quotes input text (a JSON key, a file name, a reason with the report's keys), so it is
/// only handed out escaped for the sink it goes to (``OutputSink``).
public enum ErrorDescription {
  /// The message for an input error, without the `bglog: error:` prefix or the path, escaped for `sink`.
  public static func message(_ error: InputError, for sink: OutputSink) -> String {
    InputText(message(error)).escaped(for: sink)
  }

  /// `path:line: message` or `path: message`, escaped for `sink`.
  public static func located(_ error: InputError, for sink: OutputSink) -> String {
    locatedText(error).escaped(for: sink)
  }

  /// `path:line: message` or `path: message`, as text that is printed only once a sink is chosen.
  public static func locatedText(_ error: InputError) -> InputText { InputText(located(error)) }

  static func message(_ error: InputError) -> String {
    switch error {
    case .notFound: return "no such file or directory"
    case .unreadable(_, let reason): return "could not be read (\(reason))"
    case .notARegularFile: return "not a regular file (a FIFO, device or socket); not read"
    case .tooLarge(_, let bytes, let limit):
      return "file is \(bytes) bytes, over the \(limit)-byte limit for this command"
    case .parse(_, let parseError): return message(parseError)
    case .incomplete(_, let dropped):
      return "read in part: \(dropped) recognised events left out to bound memory (over "
        + "\(TimelineBuilder.maximumEvents) events or \(TimelineBuilder.maximumApps) apps), so findings may be "
        + "missing; run `bglog timeline --app <app>` on it to keep all of one app's events"
    }
  }

  static func message(_ error: ReportParseError) -> String {
    switch error {
    case .empty: return "empty input: no report in it"
    case .notAReport(let reason): return "not a crash report: \(reason)"
    case .invalidJSON(let line, let column, let message):
      return "invalid JSON at line \(line), column \(column): \(message)"
    case .nestingTooDeep(let line, let limit): return "JSON nested deeper than \(limit) levels at line \(line)"
    }
  }

  /// The 1-based line an error points at, when it has one.
  public static func line(_ error: InputError) -> Int? {
    if case .parse(_, let parseError) = error {
      switch parseError {
      case .invalidJSON(let line, _, _), .nestingTooDeep(let line, _): return line
      default: return nil
      }
    }
    return nil
  }

  static func located(_ error: InputError) -> String {
    let path = error.path == "-" ? "<stdin>" : error.path
    if let line = line(error) { return "\(path):\(line): \(message(error))" }
    return "\(path): \(message(error))"
  }
}
