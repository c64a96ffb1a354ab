/// Console.app columns in an order the user chose with the message NOT last, learned from the values
/// of the file's first record and then read by position on every line.
///
/// Seen in airsdk/Adobe-Runtime-Support #2476: `time<TAB>category<TAB>message<TAB>subsystem<TAB>library
/// <TAB>type<TAB>process`, e.g. `23:11:49.104132+0100<TAB>Process<TAB>[application<…>:23793] Setting
/// process visibility to: Unknown<TAB>com.apple.FrontBoard<TAB>FrontBoard<TAB>default<TAB>SpringBoard`.
/// Read as the usual order, its second column (`Process`, a category) would be taken for the process
/// and the rest of the line for the message: a silent misread. The usual order never has a type word
/// after the message (the type column comes first), so a line with one is in the user's order.
///
/// The columns are told apart by their values: the time (`23:11:49.104132+0100`), the type word
/// (`default`), the message (the first other column holding a blank), a subsystem (a reverse-DNS name
/// with a dot). Of the one-word columns left, the process is the only one; with several (category,
/// library and process all one word), the one holding a known system process name (`SpringBoard`); when
/// that does not single one out, the process is not read at all (left empty) rather than guessed.
struct ConsoleColumnOrder: Sendable, Equatable {
  /// How many tab-separated columns the learned line had.
  var count: Int
  var time: Int
  var level: Int
  var message: Int
  var process: Int?
  var subsystem: Int?

  /// Process names a one-word column can be told to be the process by, when several are one word:
  /// the system processes whose records bglog's timeline reads.
  static let knownProcesses: Set<Substring> = [
    "SpringBoard", "runningboardd", "assertiond", "nsurlsessiond", "backboardd", "symptomsd", "dasd",
    "kernel", "launchd", "ReportCrash", "locationd", "mediaserverd",
  ]

  /// The column order of `line` when it is a Console.app line with a type word after its message;
  /// `nil` for every other line (the usual order included).
  static func learn(_ line: Substring) -> ConsoleColumnOrder? {
    guard line.utf8.contains(0x09) else { return nil }
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count >= 4, fields.count <= 16,
      let time = fields.prefix(4).firstIndex(where: { ConsoleLayout.consoleTime($0) != nil })
    else { return nil }
    guard
      let message = fields.indices.first(where: {
        $0 != time && fields[$0].contains(" ") && !ConsoleLayout.levelWords.contains(String(fields[$0]))
      }),
      let level = fields.indices.first(where: {
        $0 > message && ConsoleLayout.levelWords.contains(fields[$0].lowercased())
      })
    else { return nil }
    var subsystem: Int?
    var oneWord: [Int] = []
    for index in fields.indices where index != time && index != message && index != level {
      guard ConsoleLayout.looksLikeLibrary(fields[index]) else { continue }
      if subsystem == nil, fields[index].contains(".") {
        subsystem = index
      } else {
        oneWord.append(index)
      }
    }
    var process: Int?
    if oneWord.count == 1 {
      process = oneWord[0]
    } else {
      let known = oneWord.filter { knownProcesses.contains(fields[$0]) }
      if known.count == 1 { process = known[0] }
    }
    return ConsoleColumnOrder(
      count: fields.count, time: time, level: level, message: message, process: process, subsystem: subsystem)
  }

  /// Reads `line` by the learned positions: columns before the message from the left, columns after it
  /// from the right (a message holding a tab keeps it). `nil` when the time or the type word is not
  /// where it was learned (a continuation line, or another shape).
  func parse(_ line: Substring, number: Int) -> LogEntry? {
    guard line.utf8.contains(0x09) else { return nil }
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count >= count else { return nil }
    let extra = fields.count - count
    func field(_ index: Int) -> Substring { fields[index > message ? index + extra : index] }
    guard let timestamp = ConsoleLayout.consoleTime(field(time)),
      ConsoleLayout.levelWords.contains(field(level).lowercased())
    else { return nil }
    let messageText = line[fields[message].startIndex..<fields[message + extra].endIndex]
    var processName: Substring = ""
    if let process {
      guard ConsoleLayout.looksLikeLibrary(field(process)) else { return nil }
      processName = field(process)
    }
    return LogEntry(
      line: number, timestamp: timestamp, process: String(processName),
      subsystem: subsystem.map { String(field($0)) }, level: String(field(level)),
      message: String(messageText.drop(while: { $0 == " " })))
  }
}
