/// A report's header pasted after its exception lines, with prose between (TelegramMessenger/Telegram-iOS #2294:
/// a fenced `Exception Type:` / `Termination Reason:` block, two paragraphs, then a second fenced block with
/// `Process:`, `Identifier:`, `Version:` and `Role:`).
///
/// The header block alone is no report (nothing in it says what happened), and the exception block alone names
/// no process: when a document holds exactly that pair, in that order, the header block's fields are the
/// exception block's. Nothing is taken when the exception block has any identifying header line of its own or
/// any thread, or when the later block holds anything but header lines.
enum LaterHeaderBlock {
  /// Whether `report` is an exception block without any header line that names the process, and without threads.
  static func takesHeader(_ report: CrashReport) -> Bool {
    report.format == .text && report.category == .crash && report.threads.isEmpty
      && report.lastExceptionBacktrace == nil && (report.exception != nil || report.termination != nil)
      && report.header.processName == nil && report.header.bundleIdentifier == nil
      && report.header.incidentIdentifier == nil && report.header.path == nil
  }

  /// Whether `block` is header lines only, naming a process or a bundle.
  static func isHeaderBlock(_ block: CrashReport) -> Bool {
    block.format == .text && block.isHeaderOnly && block.resource == nil && block.otherDescription == nil
      && (block.header.processName != nil || block.header.bundleIdentifier != nil)
  }

  /// The note on a report whose header was read from a later block.
  static func note(from first: Int, to last: Int) -> String {
    let lines = first == last ? "line \(first)" : "lines \(first)–\(last)"
    return "the report's header (\(lines)) was pasted after its exception lines, with other text between; "
      + "bglog read it as this report's"
  }

  /// Fills the header fields `report` lacks from `block` and notes where they came from. Returns false, and
  /// changes nothing, unless ``takesHeader(_:)`` and ``isHeaderBlock(_:)`` both hold.
  static func merge(_ block: CrashReport, into report: inout CrashReport) -> Bool {
    guard takesHeader(report), isHeaderBlock(block) else { return false }
    let later = block.header
    var header = report.header
    header.hardwareModel = header.hardwareModel ?? later.hardwareModel
    header.processName = later.processName
    header.processID = header.processID ?? later.processID
    header.path = later.path
    header.bundleIdentifier = later.bundleIdentifier
    header.version = header.version ?? later.version
    header.codeType = header.codeType ?? later.codeType
    header.role = header.role ?? later.role
    header.parentProcess = header.parentProcess ?? later.parentProcess
    header.dateTime = header.dateTime ?? later.dateTime
    header.launchTime = header.launchTime ?? later.launchTime
    header.osVersion = header.osVersion ?? later.osVersion
    header.reportVersion = header.reportVersion ?? later.reportVersion
    header.fields += later.fields
    report.header = header
    let lines = later.fields.compactMap(\.location.line)
    let first = lines.min() ?? block.startLine
    report.issues.append(ParseIssue(note(from: first, to: lines.max() ?? first), at: .line(first)))
    return true
  }
}
