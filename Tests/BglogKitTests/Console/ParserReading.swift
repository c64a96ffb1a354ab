@testable import BglogKit

/// Reads a text with a fresh ``ConsoleLogParser``, line by line: on the `String` path, or as `timeline`
/// reads a file, as bytes. Shared by the suites that compare the two paths on real pastes.
enum ParserReading {
  static func read(_ text: String, bytes: Bool = false, layout: ConsoleLayout? = nil) -> (
    [LogEntry], ConsoleLogStatistics, ConsoleLayout?
  ) {
    var parser = ConsoleLogParser(layout: layout)
    var entries: [LogEntry] = []
    for line in SourceText(text: text).lines {
      if bytes {
        Array(line.utf8).withUnsafeBufferPointer { parser.consume(bytes: $0, isASCII: false) { entries.append($0) } }
      } else {
        parser.consume(line) { entries.append($0) }
      }
    }
    if let entry = parser.finish() { entries.append(entry) }
    return (entries, parser.statistics, parser.layout)
  }
}
