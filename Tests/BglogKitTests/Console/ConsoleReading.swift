@testable import BglogKit

/// Every record of a text read through one ``ConsoleLogParser``, line by line as the `String` path reads
/// them, with the parser's statistics and the layout it settled on: what the reading tests look at.
enum ConsoleReading {
  static func read(_ source: SourceText) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    var parser = ConsoleLogParser()
    var entries: [LogEntry] = []
    for line in source.lines { parser.consume(line) { entries.append($0) } }
    if let entry = parser.finish() { entries.append(entry) }
    return (entries, parser.statistics, parser.layout)
  }

  static func read(_ text: String) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    read(SourceText(text: text))
  }
}
