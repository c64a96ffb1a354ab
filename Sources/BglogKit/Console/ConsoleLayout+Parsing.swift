import Foundation

extension ConsoleLayout {
  /// The order in which layouts are tried on a line when none has been detected yet: the most
  /// specific first, so a bare `HH:MM:SS` layout never claims a Console.app line.
  static let detectionOrder: [ConsoleLayout] = [
    .logShowNDJSON, .logShow, .logShowSyslog, .logShowCompact, .xcode, .consoleApp, .idevicesyslog,
    .timeProcessMessage,
  ]

  /// Reads one line as the first line of a record in this layout; `nil` when it does not fit.
  func parseHeader(_ line: Substring, number: Int) -> LogEntry? {
    switch self {
    case .timeProcessMessage: return Self.parseTimeProcessMessage(line, number: number)
    case .consoleApp: return Self.parseConsoleApp(line, number: number)
    case .idevicesyslog: return Self.parseIdevicesyslog(line, number: number)
    case .logShow: return Self.parseLogShow(line, number: number)
    case .logShowCompact: return Self.parseCompact(line, number: number)
    case .logShowSyslog: return Self.parseSyslog(line, number: number)
    case .logShowNDJSON: return Self.parseNDJSON(line, number: number)
    // Objects of a JSON export span lines; `ConsoleLogParser` gathers them whole.
    case .logShowJSON: return nil
    case .xcode: return Self.parseXcode(line, number: number)
    // The header follows the message; `ConsoleLogParser` reads the two together (``XcodeMetadataCopy``).
    case .xcodeMetadata: return nil
    }
  }

  // MARK: - Layouts

  /// `18:05:17    assertiond  [BackgroundDemo:12636] Setting up…`
  private static func parseTimeProcessMessage(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    guard let time = scanner.clockTime(), scanner.skipBlanks() > 0 else { return nil }
    var process = scanner.word()
    guard !process.isEmpty, scanner.skipBlanks() > 0 || scanner.isAtEnd else { return nil }
    // `16:12:49.226  kernel: memorystatus: …` (radiance #595): the colon after the process is not its name's.
    if process.utf8.count > 1, process.utf8.last == 0x3A { process = process.dropLast() }
    return LogEntry(
      line: number, timestamp: LogTimestamp(secondsOfDay: time), process: String(process),
      message: String(scanner.rest))
  }

  /// `default<TAB>23:30:43.112133-0500<TAB>SpringBoard<TAB>message`, with an optional library column
  /// before the message and an optional leading type column.
  private static func parseConsoleApp(_ line: Substring, number: Int) -> LogEntry? {
    guard line.utf8.contains(0x09) else { return parseConsoleAppSpaces(line, number: number) }
    var fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
    var level: Substring?
    var timestamp = consoleTime(fields.first ?? "")
    if timestamp == nil, fields.count >= 3 {
      level = fields[0]
      timestamp = consoleTime(fields[1])
      fields.removeFirst()
    }
    guard let timestamp, let first = fields.count >= 2 ? fields[1].first : nil, first != " " else { return nil }
    let process = fields[1]
    if fields.count == 2 {
      // The type, the time and the process, and no message column: the message is on the lines after
      // it, as for debugserver, whose process name ends in a line feed (react-native-background-fetch
      // #107: `default<TAB>19:24:22.000000 +052110<TAB>com.apple.debugserver-@(#)PROGRAM:debugserver …`).
      guard let level, levelWords.contains(String(level)) else { return nil }
      return LogEntry(
        line: number, timestamp: timestamp, process: String(process), level: String(level), message: "")
    }
    var library: Substring?
    var message: Substring
    if fields.count >= 4, looksLikeLibrary(fields[2]) {
      library = fields[2]
      message = line[fields[3].startIndex...]
    } else {
      message = line[fields[2].startIndex...]
    }
    if let level, level.contains(" ") && level.count > 24 { return nil }
    message = message.drop(while: { $0 == " " })
    return LogEntry(
      line: number, timestamp: timestamp, process: String(process),
      library: library.map(String.init),
      level: level.map(String.init), message: String(message))
  }

  /// A Console.app copy whose tabs became spaces (Instabug-iOS #305):
  /// `default 2019-01-08 13:26:14.087889 +0800 assertiond [OurApp:24424] Forcing crash report …`,
  /// or runs of spaces with the offset against the time (InjectionIII #380).
  /// Read only in the one shape seen: a type word, an optional date, the time and its UTC offset,
  /// the process (one word) and the message; no library column, since nothing would tell it from
  /// the message's first word.
  private static func parseConsoleAppSpaces(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    let level = scanner.word()
    // Most lines without a tab in a Console.app copy are continuation lines: a cheap test first.
    guard (4...8).contains(level.utf8.count), levelWords.contains(String(level)), scanner.skipBlanks() > 0
    else { return nil }
    let date = scanner.isoDate()
    if date != nil, scanner.skipBlanks() == 0 { return nil }
    // The offset after a blank (Instabug #305) or right after the time (InjectionIII #380:
    // `default 03:19:07.265515-0500    runningboardd   Invalidating assertion …`).
    guard let time = scanner.clockTime() else { return nil }
    scanner.skipBlanks()
    guard let offset = scanner.utcOffset(), scanner.skipBlanks() > 0 else { return nil }
    let process = scanner.word()
    guard looksLikeLibrary(process) else { return nil }
    scanner.skipBlanks()
    return LogEntry(
      line: number, timestamp: LogTimestamp(secondsOfDay: time, date: date, utcOffsetSeconds: offset),
      process: String(process), level: String(level), message: String(scanner.rest))
  }

  /// An app's own log line with a time and no process, read only where no layout reads the line:
  /// `HH:MM:SS:mmm`, the milliseconds after a colon, blanks, then the message (deltachat-ios #1984:
  /// `19:29:52:701 💙  ⬅️ remaining background time: 12.034014750039205`). The process is not named.
  static func parseAppTimeMessage(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    guard var time = scanner.clockTime(), !line.utf8.dropFirst(8).starts(with: [0x2E]) else { return nil }
    let rest = line.utf8.dropFirst(8)
    guard rest.count > 5, rest.first == 0x3A else { return nil }
    let digits = rest.dropFirst().prefix(3)
    guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    let after = rest.dropFirst(4)
    guard let blank = after.first, blank == 0x20 || blank == 0x09 else { return nil }
    time += Double(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }) / 1000
    let message = Substring(after).drop(while: { $0 == " " || $0 == "\t" })
    guard !message.isEmpty else { return nil }
    return LogEntry(
      line: number, timestamp: LogTimestamp(secondsOfDay: time), process: "", message: String(message))
  }

  /// An app's own log line stamped in UTC, ISO 8601 with a `Z`, read only where no layout reads the line:
  /// `YYYY-MM-DDTHH:MM:SS.fffZ`, blanks, then the message (OwnTracks' log, owntracks/ios #839: `2025-03-19T17:09:11.410Z
  /// [OwnTracksAppDelegate] applicationDidEnterBackground`; #822: `2024-11-08T18:49:06.069Z  [Connection]
  /// disconnect`). The `Z` is a UTC offset of 0; the process is not named (the bracketed word is the app's
  /// own class, kept in the message).
  static func parseAppUTCTimeMessage(_ line: Substring, number: Int) -> LogEntry? {
    let bytes = line.utf8
    guard bytes.count > 21, let first = bytes.first, first &- 0x30 < 10,
      bytes[bytes.index(bytes.startIndex, offsetBy: 10)] == 0x54
    else { return nil }
    var scanner = ConsoleLineScanner(line)
    guard let date = scanner.isoDate(), scanner.expect(0x54), let time = scanner.clockTime(), scanner.expect(0x5A),
      scanner.skipBlanks() > 0, !scanner.isAtEnd
    else { return nil }
    return LogEntry(
      line: number, timestamp: LogTimestamp(secondsOfDay: time, date: date, utcOffsetSeconds: 0), process: "",
      message: String(scanner.rest))
  }

  /// A line of macOS launchd's own log, `/var/log/com.apple.xpc.launchd/launchd.log`, read only where no
  /// layout reads the line: the date and time (no UTC offset), the job in parentheses, an optional level,
  /// then the message (bitsplitting.org/?p=1387: `2022-05-03 09:15:22.088718 (gui/501/application.com.red-sweater
  /// .marsedit4.384452971.384452977 [13840]): exited with exit reason …`; with a level, a health-check
  /// script's comment: `2026-10-09 16:23:20.062499 (gui/501/com.example.web [62472]) <Notice>: exited due to
  /// exit(2), ran for 45ms`). The writer is launchd (its pid is not written); the message keeps the job
  /// before it, as launchd's messages in the unified log do (`(gui/501/<label> [pid]): …`), so that the job's
  /// end is read the same way; a level is taken out of the message into ``LogEntry/level``.
  static func parseLaunchdLog(_ line: Substring, number: Int) -> LogEntry? {
    let bytes = line.utf8
    guard bytes.count > 30, let first = bytes.first, first &- 0x30 < 10,
      bytes[bytes.index(bytes.startIndex, offsetBy: 10)] == 0x20
    else { return nil }
    var scanner = ConsoleLineScanner(line)
    guard let date = scanner.isoDate(), scanner.expect(0x20), let time = scanner.clockTime(), scanner.expect(0x20)
    else { return nil }
    let rest = scanner.rest
    // The job: `(domain/…/label [pid])` or `(domain/…/label)`, a `/` in it and no `(` or `)` inside.
    guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return nil }
    let job = rest[rest.index(after: rest.startIndex)..<close]
    guard job.contains("/"), !job.contains("("), !job.hasPrefix(" ") else { return nil }
    var after = rest[rest.index(after: close)...]
    var level: Substring?
    if after.hasPrefix(" <") {
      let word = after.dropFirst(2).prefix(while: { $0.isASCII && $0.isLetter })
      guard (3...10).contains(word.count), after.dropFirst(2 + word.count).hasPrefix(">:") else { return nil }
      level = word
      after = after.dropFirst(4 + word.count)
    } else {
      guard after.hasPrefix(":") else { return nil }
      after = after.dropFirst()
    }
    guard after.isEmpty || after.first == " " else { return nil }
    return LogEntry(
      line: number, timestamp: LogTimestamp(secondsOfDay: time, date: date), process: "launchd",
      level: level.map(String.init), message: String(rest[...close]) + ":" + String(after))
  }

  private static let syslogRowTag = Array("[IOS_SYSLOG_ROW".utf8)

  /// Where the device's line starts behind Appium's tag for the rows it captured from the device's
  /// syslog, `[IOS_SYSLOG_ROW ]` (Appium 1.4, after its own time and level: appium #4506, #5233,
  /// #5271, #6270) or `[IOS_SYSLOG_ROW]` (later versions, after other tags: appium #6595, #13503),
  /// found within the first 80 characters; `nil` when the line has no such tag.
  static func syslogRowStart(_ line: Substring) -> Substring.Index? {
    guard line.utf8.contains(0x5B) else { return nil }
    let utf8 = line.utf8
    let tag = syslogRowTag
    var index = utf8.startIndex
    var scanned = 0
    while scanned < 80, index != utf8.endIndex {
      if utf8[index] == 0x5B, utf8[index...].starts(with: tag) {
        var after = utf8.index(index, offsetBy: tag.count)
        if after != utf8.endIndex, utf8[after] == 0x20 { after = utf8.index(after: after) }
        guard after != utf8.endIndex, utf8[after] == 0x5D else { return nil }
        after = utf8.index(after: after)
        if after != utf8.endIndex, utf8[after] == 0x20 { after = utf8.index(after: after) }
        return after
      }
      index = utf8.index(after: index)
      scanned += 1
    }
    return nil
  }

  /// Xcode's own note on the debugged process (`Message from debugger: Terminated due to signal 9`,
  /// deltachat-ios #1984): a record of its own, never part of the app's message before it.
  static func isDebuggerMessage(_ line: Substring) -> Bool {
    line.utf8.first == 0x4D && line.hasPrefix("Message from debugger: ")
  }

  static func consoleTime(_ field: Substring) -> LogTimestamp? {
    var scanner = ConsoleLineScanner(field)
    let date = scanner.isoDate()
    if date != nil { scanner.skipBlanks() }
    guard let time = scanner.clockTime() else { return nil }
    scanner.skipBlanks()
    let offset = scanner.utcOffset()
    guard scanner.isAtEnd else { return nil }
    return LogTimestamp(secondsOfDay: time, date: date, utcOffsetSeconds: offset)
  }

  /// Console.app's type column as copies write it.
  static let levelWords: Set<String> = ["default", "info", "debug", "error", "fault", "notice", "activity"]

  /// A Console.app copy whose columns are in the order the user chose, told apart by their values:
  /// the time column (`19:28:56.942606 -0800`, one of the first four), a type word (`default`), a
  /// library before the time; after the time come the process (one word), an optional library and
  /// the message, to the end of the line.
  /// `CFNetwork<TAB>default<TAB>19:28:56.942606 -0800<TAB>APPNAME<TAB>Task <…> response ended`.
  static func parseConsoleAppColumns(_ line: Substring, number: Int) -> LogEntry? {
    guard line.utf8.contains(0x09) else { return nil }
    let fields = line.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false)
    guard let timeIndex = fields.prefix(4).firstIndex(where: { consoleTime($0) != nil }),
      let timestamp = consoleTime(fields[timeIndex])
    else { return nil }
    var level: Substring?
    var library: Substring?
    for field in fields[..<timeIndex] {
      if level == nil, levelWords.contains(field.lowercased()) {
        level = field
      } else if library == nil, looksLikeLibrary(field) {
        library = field
      } else {
        return nil
      }
    }
    var index = timeIndex + 1
    if level == nil, index < fields.count, levelWords.contains(fields[index].lowercased()) {
      level = fields[index]
      index += 1
    }
    guard index + 1 < fields.count, looksLikeLibrary(fields[index]) else { return nil }
    let process = fields[index]
    index += 1
    if library == nil, index + 1 < fields.count, looksLikeLibrary(fields[index]) {
      library = fields[index]
      index += 1
    }
    let message = line[fields[index].startIndex...].drop(while: { $0 == " " })
    return LogEntry(
      line: number, timestamp: timestamp, process: String(process), library: library.map(String.init),
      level: level.map(String.init), message: String(message))
  }

  /// A line a tool writes about its output rather than a record: a row of column names
  /// (`Timestamp    (process)[PID]`, `Timestamp  Thread  Type …`), `log show`'s preamble, notes and
  /// closing counts, `idevicesyslog`'s connection notes. Such lines stay unknown.
  static func isToolNote(_ line: Substring) -> Bool {
    // Every note starts with one of these ASCII characters; a line starting with another is none.
    if let byte = line.utf8.first, byte < 0x80, !Self.toolNoteFirstBytes.contains(byte) { return false }
    let first = line.prefix(while: { $0 != " " && $0 != "\t" })
    if first == "Timestamp" || first == "Time" { return true }
    return toolNotePrefixes.contains { line.hasPrefix($0) }
  }

  /// A note the author of a paste put between records, in the shapes seen: `// …` (flutter #68558:
  /// `// The new process generally finished launching, has pid 1462`; react-native-background-fetch
  /// #107: `// --- SIMULATED BACKGROUND FETCH HERE`), a line of dots alone (`...`, roc-vad's README,
  /// where records were left out) and the same dots in square brackets (`[...]` before and after
  /// `log show --style syslog` records, the HackTricks macOS Sandbox page; `[…]`). Read on the line's
  /// bytes: only lines without a header get here.
  static func isAuthorNote(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = line.first, first == 0x2F || first == 0x2E || first == 0xE2 || first == 0x5B else {
      return false
    }
    if first == 0x2F { return line.count >= 3 && line[1] == 0x2F && line[2] == 0x20 }
    if first == 0x5B { return isBracketedEllipsis(line) }
    // `...` or `…` (E2 80 A6) repeated, then blanks only.
    var index = 0
    var dots = 0
    while index < line.count {
      if line[index] == 0x2E {
        dots += 1
        index += 1
      } else if index + 2 < line.count, line[index] == 0xE2, line[index + 1] == 0x80, line[index + 2] == 0xA6 {
        dots += 3
        index += 3
      } else {
        break
      }
    }
    guard dots >= 3 else { return false }
    while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    return index == line.count
  }

  /// `[...]` or `[…]` (E2 80 A6), then blanks only: where an author left records out.
  private static func isBracketedEllipsis(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var end = line.count
    while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
    // Both are five bytes: `[`, three dots or the one character `…`, `]`.
    guard end == 5, line[0] == 0x5B, line[4] == 0x5D else { return false }
    return (line[1] == 0x2E && line[2] == 0x2E && line[3] == 0x2E)
      || (line[1] == 0xE2 && line[2] == 0x80 && line[3] == 0xA6)
  }

  /// The first bytes of `Timestamp`, `Time` and ``toolNotePrefixes``.
  private static let toolNoteFirstBytes: [UInt8] = Array("TFSLA[".utf8)

  private static let toolNotePrefixes = [
    "Filtering the log data", "Skipping info and debug messages", "Skipping debug messages", "Log      - ",
    "Activity - ",
    "[connected:", "[disconnected:",
  ]

  static func looksLikeLibrary(_ field: Substring) -> Bool {
    !field.isEmpty && field.count <= 64 && !field.contains(" ") && !field.contains("[")
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `[NNNN   :][Wkd ]Jul 15 09:37:49 iPhoneSE assertiond(Lib)[66] <Notice>: message`
  private static func parseIdevicesyslog(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    let start = scanner.index
    if let first = scanner.peek, first &- 0x30 < 10 {
      if let entry = parseTimeOnlyIdevicesyslog(&scanner, number: number) { return entry }
      scanner.index = start
    }
    // Some captures number their lines: `1323   :Jul  1 …`.
    if scanner.integer() != nil, scanner.skipBlanks() >= 0, scanner.expect(0x3A) {
    } else {
      scanner.index = start
    }
    skipWeekday(&scanner)
    let monthWord = scanner.word()
    guard let monthIndex = months.firstIndex(of: String(monthWord)), scanner.skipBlanks() > 0,
      let day = scanner.integer(), LogDate.days.contains(day), scanner.skipBlanks() > 0,
      let time = scanner.clockTime(),
      scanner.skipBlanks() > 0
    else { return nil }
    let afterTime = scanner.index
    _ = scanner.word()  // device name
    scanner.skipBlanks()
    var sender = idevicesyslogSender(&scanner)
    // Captures without the device name: `Aug  2 14:36:36 App(Lib)[12841] <Notice>: message`.
    if sender == nil {
      scanner.index = afterTime
      sender = idevicesyslogSender(&scanner)
    }
    guard let sender else { return nil }
    return idevicesyslogRecord(
      sender: sender, &scanner, number: number,
      timestamp: LogTimestamp(secondsOfDay: time, date: LogDate(year: nil, month: monthIndex + 1, day: day)))
  }

  /// The same lines without the month and day, device name kept (libimobiledevice PR #185: `12:35:58 iPhone-702
  /// com.apple.debugserver-300.2[6655] <Warning>: About to launch process for bundle ID: …`): only with a device
  /// word, the `sender[pid]` after it and a `<Level>:`, so the `HH:MM:SS  process  message` layout keeps its lines.
  private static func parseTimeOnlyIdevicesyslog(_ scanner: inout ConsoleLineScanner, number: Int) -> LogEntry? {
    guard let time = scanner.clockTime(), scanner.skipBlanks() > 0 else { return nil }
    let device = scanner.word()
    guard !device.isEmpty, scanner.skipBlanks() > 0 else { return nil }
    let sender = scanner.token(until: [0x20])
    guard sender.utf8.last == 0x5D, sender.utf8.contains(0x5B), scanner.skipBlanks() > 0, scanner.peek == 0x3C
    else { return nil }
    // `<Level>:`, one word: read here, then again by the record.
    let levelStart = scanner.index
    scanner.advance()
    guard !scanner.token(until: [0x3E, 0x20, 0x09]).isEmpty, scanner.expect(0x3E), scanner.expect(0x3A) else {
      return nil
    }
    scanner.index = levelStart
    return idevicesyslogRecord(sender: sender, &scanner, number: number, timestamp: LogTimestamp(secondsOfDay: time))
  }

  /// The record of an idevicesyslog line from its `process(library)[pid]` sender on (the scanner after it).
  private static func idevicesyslogRecord(
    sender: Substring, _ scanner: inout ConsoleLineScanner, number: Int, timestamp: LogTimestamp
  ) -> LogEntry? {
    guard let open = sender.lastIndex(of: "[") else { return nil }
    let pid = Int(sender[sender.index(after: open)..<sender.index(before: sender.endIndex)])
    var process = sender[..<open]
    var library: Substring?
    if process.hasSuffix(")"), let paren = process.firstIndex(of: "(") {
      library = process[process.index(after: paren)..<process.index(before: process.endIndex)]
      process = process[..<paren]
    }
    scanner.skipBlanks()
    var level: Substring?
    if scanner.peek == 0x3C {
      scanner.advance()
      level = scanner.token(until: [0x3E])
      _ = scanner.expect(0x3E)
      _ = scanner.expect(0x3A)
      scanner.skipBlanks()
    } else if scanner.peek == 0x3A {
      scanner.advance()
      scanner.skipBlanks()
    }
    return LogEntry(
      line: number, timestamp: timestamp,
      process: String(process), pid: pid, library: library.map(String.init),
      level: level.map(String.init),
      message: unescapeMeta(scanner.rest))
  }

  static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// A weekday before the month, as the iOS 4 device console wrote it (blog.s21g.com #1859:
  /// `Thu Nov 25 11:30:02 xxxxx-no-iPhone SpringBoard[1557] : …`): skipped with the blanks after it.
  private static func skipWeekday(_ scanner: inout ConsoleLineScanner) {
    let start = scanner.index
    let word = scanner.word()
    guard word.utf8.count == 3, weekdays.contains(String(word)), scanner.skipBlanks() > 0 else {
      scanner.index = start
      return
    }
  }

  /// The `process(library)[pid]` word at the scanner, without a trailing `:`; `nil` when the word
  /// does not end in `]` or has no `[`.
  private static func idevicesyslogSender(_ scanner: inout ConsoleLineScanner) -> Substring? {
    var sender = scanner.token(until: [0x20])
    // BSD syslog as older devices wrote it has no `<Level>`: `Mailswipe[725]: message`.
    if sender.hasSuffix("]:") { sender = sender.dropLast() }
    guard sender.hasSuffix("]"), sender.contains("[") else { return nil }
    return sender
  }

  /// `2020-04-12 23:57:42.216661+0300 0x8293 Default 0xdcdc 457 0 runningboardd: (RunningBoard) [s:c] message`
  private static func parseLogShow(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    guard let timestamp = scanner.isoTimestamp(), scanner.skipBlanks() > 0 else { return nil }
    let thread = scanner.word()
    guard thread.hasPrefix("0x"), scanner.skipBlanks() > 0 else { return nil }
    let level = scanner.word()
    scanner.skipBlanks()
    let activity = scanner.word()
    guard activity.hasPrefix("0x"), scanner.skipBlanks() > 0, let pid = scanner.integer(),
      scanner.skipBlanks() > 0, scanner.integer() != nil
    else { return nil }
    let blanks = scanner.skipBlanks()
    if scanner.isAtEnd {
      // The sender and message wrapped onto the next line (roc-vad's README quotes `log stream` so):
      // a record whose process and message ``readLogShowSender(_:into:)`` reads from that line.
      return LogEntry(line: number, timestamp: timestamp, process: "", pid: pid, level: String(level), message: "")
    }
    guard blanks > 0 else { return nil }
    let rest = scanner.rest
    guard
      let colon = rest.range(of: ": ")
        ?? (rest.hasSuffix(":") ? rest.index(before: rest.endIndex)..<rest.endIndex : nil)
    else { return nil }
    var entry = LogEntry(
      line: number, timestamp: timestamp, process: String(rest[..<colon.lowerBound]), pid: pid,
      level: String(level), message: "")
    readLibraryAndSubsystem(rest[colon.upperBound...], into: &entry)
    return entry
  }

  /// The line after a `log show` header that ends after its TTL column: `  process: (library)
  /// [subsystem:category] message`, read into `entry` (`false`: the line is not that).
  static func readLogShowSender(_ line: Substring, into entry: inout LogEntry) -> Bool {
    let rest = line.drop(while: { $0 == " " || $0 == "\t" })
    guard
      let colon = rest.range(of: ": ")
        ?? (rest.hasSuffix(":") ? rest.index(before: rest.endIndex)..<rest.endIndex : nil),
      colon.lowerBound > rest.startIndex, !rest[..<colon.lowerBound].contains(where: { $0 == " " || $0 == "\t" })
    else { return false }
    entry.process = String(rest[..<colon.lowerBound])
    readLibraryAndSubsystem(rest[colon.upperBound...], into: &entry)
    return true
  }

  /// `2020-04-12 23:57:42.216 Df runningboardd[457:8293] [s:c] message`
  private static func parseCompact(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    guard let timestamp = scanner.isoTimestamp(), scanner.skipBlanks() > 0 else { return nil }
    let level = scanner.word()
    guard (1...3).contains(level.count), level.allSatisfy({ $0.isLetter }),
      scanner.skipBlanks() > 0,
      var entry = processWithIDs(&scanner, line: number, timestamp: timestamp)
    else { return nil }
    entry.level = String(level)
    return entry
  }

  /// `2021-08-03 12:21:19.012463-0700 Client[78393:13981511] [assertion] message`; before iOS 10, Xcode's
  /// console showed `NSLog`'s own line, local time without an offset, in milliseconds:
  /// `2015-10-14 16:16:51.510 RMGalleryDemo[3438:887692] Received memory warning.` (RMGallery #10).
  private static func parseXcode(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    guard let timestamp = scanner.isoTimestamp(), scanner.skipBlanks() > 0 else { return nil }
    return processWithIDs(&scanner, line: number, timestamp: timestamp)
      ?? unnamedProcessWithIDs(scanner.rest, line: number, timestamp: timestamp)
  }

  /// Xcode's `[pid:tid] ` with the process name before it removed by the one who pasted it:
  /// `2019-09-16 20:10:06.041812+0200 [27143:266431] RNBackgroundFetch AppDelegate received fetch event`
  /// (transistorsoft/react-native-background-fetch #174). Both numbers, as Xcode writes them; the record names no
  /// process (the app is not named), as a line pasted without its header.
  private static func unnamedProcessWithIDs(_ rest: Substring, line number: Int, timestamp: LogTimestamp) -> LogEntry? {
    guard rest.first == "[", let close = rest.firstIndex(of: "]"), rest[close...].dropFirst().first == " " else {
      return nil
    }
    let ids = rest[rest.index(after: rest.startIndex)..<close].split(separator: ":", omittingEmptySubsequences: false)
    guard ids.count == 2,
      ids.allSatisfy({ !$0.isEmpty && $0.count <= 12 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let pid = Int(ids[0])
    else { return nil }
    var entry = LogEntry(line: number, timestamp: timestamp, process: "", pid: pid, message: "")
    readLibraryAndSubsystem(rest[rest.index(after: close)...], into: &entry)
    return entry
  }

  /// An app's own logger among Xcode's lines, with the milliseconds after a colon and no UTC offset:
  /// `2020-04-04 17:40:16:296 flawk[69425:1022443] BgGeo #switchMode 0` (mauron85/react-native-background-
  /// geolocation #479, between Xcode's `17:40:16.300754+0530` records). Read only where the line would
  /// otherwise continue the record before it in an Xcode log.
  static func parseXcodeColonMilliseconds(_ line: Substring, number: Int) -> LogEntry? {
    let bytes = line.utf8
    guard bytes.count > 26, let first = bytes.first, first >= 0x30, first <= 0x39,
      bytes[bytes.index(bytes.startIndex, offsetBy: 19)] == 0x3A
    else { return nil }
    var scanner = ConsoleLineScanner(line)
    guard let date = scanner.isoDate(), scanner.expect(0x20), var time = scanner.clockTime(), scanner.expect(0x3A),
      let milliseconds = scanner.digits(3), scanner.skipBlanks() > 0
    else { return nil }
    time += Double(milliseconds) / 1000
    return processWithIDs(&scanner, line: number, timestamp: LogTimestamp(secondsOfDay: time, date: date))
  }

  /// Whether `line` ends inside an object's description: its last `<` opens `<ClassName: 0x…`, no `>`
  /// closes it, and the line ends with that description's `;` (a quote hard-wrapped there:
  /// `HWM increased to 2844 because of <BKProcessAssertion: 0x1003b5930;`, react-native-background-timer
  /// #38). Only for records without a header, where nothing else tells a wrapped line.
  static func stopsInsideDescription(_ line: Substring) -> Bool {
    guard line.utf8.contains(0x3C) else { return false }
    var text = line
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    guard text.last == ";", let open = text.lastIndex(of: "<") else { return false }
    let described = text[text.index(after: open)...]
    guard !described.contains(">"), let colon = described.range(of: ": 0x") else { return false }
    let name = described[..<colon.lowerBound]
    return !name.isEmpty && name.count <= 40 && name.first?.isUppercase == true
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// Xcode's console with its time switched off: `ReachabilitySample[5058:1405043] Can't end BackgroundTask: …`
  /// (ashleymills/Reachability.swift #356). Only the `Name[pid:tid] ` form Xcode writes (both numbers), the
  /// name a run of characters without blanks or brackets; a record without a time.
  static func parseXcodeWithoutTime(_ line: Substring, number: Int) -> LogEntry? {
    guard line.utf8.contains(0x5B), let open = line.firstIndex(of: "["), open > line.startIndex,
      !line[..<open].contains(where: { $0 == " " || $0 == "\t" || $0 == "]" }),
      let close = line[open...].firstIndex(of: "]")
    else { return nil }
    let ids = line[line.index(after: open)..<close].split(separator: ":", omittingEmptySubsequences: false)
    guard ids.count == 2,
      ids.allSatisfy({ !$0.isEmpty && $0.count <= 12 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let pid = Int(ids[0]), line[line.index(after: close)...].first == " "
    else { return nil }
    var entry = LogEntry(line: number, process: String(line[..<open]), pid: pid, message: "")
    readLibraryAndSubsystem(line[line.index(after: close)...], into: &entry)
    return entry
  }

  /// `process[pid:tid] ` followed by an optional `(library)` and `[subsystem:category]`.
  private static func processWithIDs(
    _ scanner: inout ConsoleLineScanner, line number: Int, timestamp: LogTimestamp
  ) -> LogEntry? {
    let rest = scanner.rest
    guard
      let close = rest.range(of: "] ")
        ?? (rest.hasSuffix("]") ? rest.index(before: rest.endIndex)..<rest.endIndex : nil),
      let open = rest[..<close.lowerBound].lastIndex(of: "[")
    else { return nil }
    let ids = rest[rest.index(after: open)..<close.lowerBound].split(separator: ":")
    guard let pidText = ids.first, let pid = Int(pidText), ids.count <= 2, open > rest.startIndex
    else { return nil }
    var entry = LogEntry(
      line: number, timestamp: timestamp, process: String(rest[..<open]), pid: pid, message: "")
    readLibraryAndSubsystem(rest[close.upperBound...], into: &entry)
    return entry
  }

  /// Splits `(library) [subsystem:category] message` off the front of a message.
  private static func readLibraryAndSubsystem(_ text: Substring, into entry: inout LogEntry) {
    var message = text.drop(while: { $0 == " " })
    if message.hasPrefix("("), let close = message.firstIndex(of: ")"),
      !message[..<close].contains(" ")
    {
      entry.library = String(message[message.index(after: message.startIndex)..<close])
      message = message[message.index(after: close)...].drop(while: { $0 == " " })
    }
    if message.hasPrefix("["), let close = message.firstIndex(of: "]") {
      let inside = message[message.index(after: message.startIndex)..<close]
      if !inside.contains(" "), let colon = inside.firstIndex(of: ":"), inside.contains(".") {
        entry.subsystem = String(inside[..<colon])
        entry.category = String(inside[inside.index(after: colon)...])
        message = message[message.index(after: close)...].drop(while: { $0 == " " })
      }
    }
    entry.message = String(message)
  }

  /// `2023-05-21 00:16:34.987156-0700  localhost kernel[0]: (AppleACPIPlatform) message`
  private static func parseSyslog(_ line: Substring, number: Int) -> LogEntry? {
    var scanner = ConsoleLineScanner(line)
    guard let timestamp = scanner.isoTimestamp(), timestamp.utcOffsetSeconds != nil,
      scanner.skipBlanks() > 0
    else { return nil }
    let host = scanner.word()
    guard !host.isEmpty, !host.contains("["), scanner.skipBlanks() > 0 else { return nil }
    let rest = scanner.rest
    // The sender ends at the first `]:`; process names may hold spaces (`Google Chrome Helper`).
    guard let colon = rest.range(of: "]: ") ?? (rest.hasSuffix("]:") ? rest.range(of: "]:") : nil),
      let open = rest[..<colon.lowerBound].lastIndex(of: "["),
      let pid = Int(rest[rest.index(after: open)..<colon.lowerBound]), open > rest.startIndex
    else { return nil }
    var entry = LogEntry(
      line: number, timestamp: timestamp, process: String(rest[..<open]), pid: pid, message: "")
    readLibraryAndSubsystem(rest[colon.upperBound...], into: &entry)
    return entry
  }

  /// One `log show --style ndjson` object.
  private static func parseNDJSON(_ line: Substring, number: Int) -> LogEntry? {
    let trimmed = line.drop(while: { $0 == " " })
    guard trimmed.hasPrefix("{"), trimmed.contains("\"eventMessage\"") else { return nil }
    return parseJSONObject(Array(trimmed.utf8), number: number)
  }

  /// Undoes `idevicesyslog`'s `vis`-style escapes (`\M-b\M^@\M-&` is `…`), then decodes UTF-8.
  static func unescapeMeta(_ text: Substring) -> String {
    guard text.contains("\\M") || text.contains("\\^") else { return String(text) }
    var output: [UInt8] = []
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x5C, index + 3 < bytes.count, bytes[index + 1] == 0x4D {
        if bytes[index + 2] == 0x2D {  // \M-x
          output.append(bytes[index + 3] | 0x80)
          index += 4
          continue
        }
        if bytes[index + 2] == 0x5E {  // \M^x
          output.append((bytes[index + 3] ^ 0x40) | 0x80)
          index += 4
          continue
        }
      }
      if byte == 0x5C, index + 2 < bytes.count, bytes[index + 1] == 0x5E {  // \^x
        output.append(bytes[index + 2] ^ 0x40)
        index += 3
        continue
      }
      output.append(byte)
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }
}
