import Foundation

/// What an input looks like, so a command that cannot read it can say what it is and which command
/// does: a crash report (`diagnose`), a console log (`timeline`), both (a ticket's text, an article:
/// `check` reads both), or something no command reads (empty, an image, other binary data, plain text).
public struct InputAppearance: Sendable, Hashable {
  /// What the input is.
  public var kind: Kind
  /// Crash reports found in it (0 unless ``kind`` is `crashReport` or `crashReportAndConsoleLog`).
  public var crashReports: Int
  /// The console layout detected, when one was.
  public var consoleLayout: ConsoleLayout?
  /// Background events the timeline recognised in it.
  public var consoleEvents: Int
  /// For plain text: the first line of an lldb stop (`* thread #53, queue = '…', stop reason = …`) and
  /// its stop reason, so that a debugger's stop pasted alone is named as such (image_background_remover
  /// #8: `stop reason = EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded)`).
  public var debuggerStop: DebuggerStop?
  /// For plain text: it opens as a `log show --style json` export but none of its objects is a log
  /// record (no `eventMessage`: Appium's `GET /log` response, a JetsamEvent's process list).
  public var jsonWithoutLogRecords = false
  /// For plain text: the crash report's words it holds, at least two kinds of them (an exception type, a
  /// termination code, a watchdog's explanation, a report's field name), so that notes about a report or an
  /// excerpt of one that no reader takes are named as such, not as "neither a crash report nor a console log"
  /// (wxkb's `//`-commented post-mortem of a FRONTBOARD 0x8BADF00D report, review s12c defect 7). Nothing is
  /// read from them: the text stays refused.
  public var reportWords: [ReportWord] = []

  /// A crash report's word found in plain text, and the 1-based line it is first on.
  public struct ReportWord: Sendable, Hashable {
    /// The word as written (`EXC_CRASH`, `0x8BADF00D`, `watchdog transgression`).
    public var text: String
    /// The 1-based line.
    public var line: Int
  }

  /// An lldb stop found in plain text: its line and stop reason (cut to 200 characters).
  public struct DebuggerStop: Sendable, Hashable {
    /// The 1-based line of the `* thread #…, stop reason = …` line.
    public var line: Int
    /// What follows `stop reason = ` (`EXC_RESOURCE (RESOURCE_TYPE_MEMORY: …)`), as written.
    public var reason: String
  }

  /// Creates an appearance.
  public init(kind: Kind, crashReports: Int = 0, consoleLayout: ConsoleLayout? = nil, consoleEvents: Int = 0) {
    self.kind = kind
    self.crashReports = crashReports
    self.consoleLayout = consoleLayout
    self.consoleEvents = consoleEvents
  }

  /// The kinds of input told apart.
  public enum Kind: Sendable, Hashable {
    /// No bytes, or only blanks.
    case empty
    /// An image (the format's name: `PNG`, `JPEG`, `GIF`, `HEIF`, `TIFF`, `BMP`).
    case image(String)
    /// Other binary data, with what it is when its signature says (`a zip archive`, `a PDF document`).
    case binary(String?)
    /// One or more crash reports.
    case crashReport
    /// A console log: a known layout was detected, or background events were recognised.
    case consoleLog
    /// Both: console lines and crash reports in one text.
    case crashReportAndConsoleLog
    /// Text that is neither.
    case plainText
  }

  /// The bytes `of(bytes:)` looks at to tell binary data from text.
  public static let sniffLength = 8192

  /// Looks at an input's bytes: its signature and text first, then whether it reads as crash reports
  /// and as a console log.
  /// `knownNotAReport`: the caller read these bytes as crash reports and was told they are not one
  /// (``ReportParseError/notAReport(_:)``), so they are not read so again.
  public static func of(bytes: [UInt8], knownNotAReport: Bool = false) -> InputAppearance {
    if let binary = binaryKind(bytes.prefix(sniffLength)) { return InputAppearance(kind: binary) }
    let source = SourceText(bytes: bytes)
    var reports = 0
    if !knownNotAReport {
      do {
        reports = try CrashReportReader.read(source).count
      } catch {
        if case .empty = error { return InputAppearance(kind: .empty) }
      }
    }
    var timeline = TimelineBuilder().build(from: source)
    var events = timeline.apps.reduce(0) { $0 + $1.events.count }
    // Prose or Markdown before a pretty-printed JSON report (sentry-cocoa #1661, firebase-ios-sdk #12129): the
    // prose lines are no log records, so the text is judged as the JSON after them, as without the prose.
    if events == 0, let unprefixed = ProseBeforeIPS.unprefixed(source), unprefixed.opening != .metadataLine,
      !anyRecordWithHeader(source.lines.prefix(unprefixed.metadataLine - 1))
    {
      timeline = TimelineBuilder().build(from: unprefixed.source)
      events = timeline.apps.reduce(0) { $0 + $1.events.count }
    }
    // JSON whose objects are not `log show` records (a JetsamEvent's process entries, googleapis
    // google-api-nodejs-client #613) opens like a JSON export but gives no record: not a console log.
    let jsonWithoutRecords = timeline.layout == .logShowJSON && timeline.statistics.entries == 0
    // Without a layout, records with a time or a process (Xcode's `Name[pid:tid] message` without its
    // time, an app's `HH:MM:SS:mmm` line) are still console lines; messages alone (prose) are not.
    // Nor are records whose time is cut to seconds and fraction, or whose words are a system daemon's own
    // (RunningBoard's process identities and assertion descriptors): at least two such lines (review s12b defect 4).
    let console =
      (timeline.layout != nil && !jsonWithoutRecords) || events > 0
      || (timeline.layout == nil && timeline.statistics.entries > 0
        && (hasRecordWithHeader(source) || systemRecordLines(source, atLeast: 2)))
    let kind: Kind =
      switch (reports > 0, console) {
      case (true, true): .crashReportAndConsoleLog
      case (true, false): .crashReport
      case (false, true): .consoleLog
      case (false, false): .plainText
      }
    var appearance = InputAppearance(
      kind: kind, crashReports: reports, consoleLayout: timeline.layout, consoleEvents: events)
    if kind == .plainText {
      appearance.debuggerStop = debuggerStop(in: source)
      appearance.jsonWithoutLogRecords = jsonWithoutRecords
      if appearance.debuggerStop == nil, !jsonWithoutRecords { appearance.reportWords = reportWords(in: source) }
    }
    return appearance
  }

  /// Whether a text in no layout holds a record with a time or a process: read again, records not kept.
  static func hasRecordWithHeader(_ source: SourceText) -> Bool {
    var parser = ConsoleLogParser()
    var found = false
    for line in source.lines {
      parser.consume(line) { entry in
        if entry.timestamp != nil || !entry.process.isEmpty { found = true }
      }
      if found || parser.layout != nil { return found }
    }
    if let entry = parser.finish() { found = entry.timestamp != nil || !entry.process.isEmpty }
    return found
  }

  /// Whether at least `count` lines of a text in no layout are console records by their own marks, though no layout
  /// reads their header: a time cut to seconds and fraction at the line's start, then a blank and a word
  /// (`00.879032 launchservicesd RunningBoardServices Acquiring assertion: …`, an eclecticlight.co article's macOS
  /// 10.15 lines), or the words only a system daemon's log line holds: RunningBoard's process identity with its pid
  /// (`[app<application.developer.apple.wwdc-Release.9312198.9312203~>:2946]`, `[daemon<com.apple.…>:133]`) or its
  /// assertion descriptor (`<RBSAssertionDescriptor`), as hoakley's 2025 article glues them after its prose. One such
  /// line in prose is a quote: prose stays text that no command reads.
  static func systemRecordLines(_ source: SourceText, atLeast count: Int) -> Bool {
    var found = 0
    for line in source.lines.prefix(10_000) where cutTimeRecord(line) || systemWords(line) {
      found += 1
      if found >= count { return true }
    }
    return false
  }

  /// `00.879032 launchservicesd …`: two digits, a point, six digits, a blank, a letter, at the line's start (after
  /// blanks).
  static func cutTimeRecord(_ line: Substring) -> Bool {
    let bytes = Array(line.utf8.drop(while: { $0 == 0x20 || $0 == 0x09 }).prefix(11))
    guard bytes.count == 11 else { return false }
    func digit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    return digit(bytes[0]) && digit(bytes[1]) && bytes[2] == 0x2E && bytes[3...8].allSatisfy(digit)
      && bytes[9] == 0x20 && ((bytes[10] | 0x20) >= 0x61 && (bytes[10] | 0x20) <= 0x7A)
  }

  /// RunningBoard's `[app<…>:2946]` (also `application`, `daemon`, `osservice`, `xpcservice`) or
  /// `<RBSAssertionDescriptor`.
  static func systemWords(_ line: Substring) -> Bool {
    if line.contains("<RBSAssertionDescriptor") { return true }
    for kind in ["[app<", "[application<", "[daemon<", "[osservice<", "[xpcservice<"] {
      var rest = line[...]
      while let start = rest.range(of: kind) {
        rest = rest[start.upperBound...]
        guard let close = rest.range(of: ">:") else { break }
        let digits = rest[close.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })
        let after = rest[close.upperBound...].dropFirst(digits.count).first
        if !digits.isEmpty, after == "]" || after == ":" { return true }
      }
    }
    return false
  }

  /// Whether any of a few lines is read as a record with a time or a process (all of them read).
  static func anyRecordWithHeader(_ lines: some Sequence<Substring>) -> Bool {
    var parser = ConsoleLogParser()
    var found = false
    for line in lines {
      parser.consume(line) { entry in
        if entry.timestamp != nil || !entry.process.isEmpty { found = true }
      }
    }
    if let entry = parser.finish(), entry.timestamp != nil || !entry.process.isEmpty { found = true }
    return found
  }

  /// The kinds of a crash report's own words: its exception types, Apple's documented termination codes, a
  /// watchdog's explanation and a report's field names. Each is a word of a report's fields, not of prose about
  /// an app; one kind alone may be a passing mention.
  static let reportWordKinds: [[String]] = [
    [
      "EXC_CRASH", "EXC_BAD_ACCESS", "EXC_RESOURCE", "EXC_BREAKPOINT", "EXC_GUARD", "EXC_BAD_INSTRUCTION",
      "EXC_ARITHMETIC",
    ],
    [
      "0x8badf00d", "0xdead10cc", "0xbaddd15c", "0xc00010ff", "0xbaadca11", "0xdeadfa11", "0xbad22222", "0x2bad45ec",
    ],
    ["watchdog transgression", "exhausted real (wall clock) time allowance"],
    [
      "Elapsed total CPU time", "Elapsed application CPU time", "Termination Reason", "Exception Type",
      "Triggered by Thread", "Incident Identifier",
    ],
  ]

  /// `reportWordKinds` in ASCII lower case, as bytes.
  private static let reportWordBytes: [[[UInt8]]] = reportWordKinds.map { $0.map { Array($0.lowercased().utf8) } }

  /// The first word of each kind in `reportWordKinds` found in the text's first 10,000 lines (ASCII case ignored),
  /// in line order; empty unless at least two kinds are found.
  static func reportWords(in source: SourceText) -> [ReportWord] {
    var found: [Int: ReportWord] = [:]
    var lower: [UInt8] = []
    for (index, line) in source.lines.prefix(10_000).enumerated() where line.utf8.count >= 9 {
      lower.removeAll(keepingCapacity: true)
      for byte in line.utf8 { lower.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
      for (kind, words) in reportWordBytes.enumerated() where found[kind] == nil {
        for word in words {
          guard let offset = firstOffset(of: word, in: lower) else { continue }
          let start = line.utf8.index(line.utf8.startIndex, offsetBy: offset)
          let end = line.utf8.index(start, offsetBy: word.count)
          found[kind] = ReportWord(text: String(line[start..<end]), line: index + 1)
          break
        }
      }
      if found.count == reportWordKinds.count { break }
    }
    guard found.count >= 2 else { return [] }
    return found.values.sorted { ($0.line, $0.text) < ($1.line, $1.text) }
  }

  /// The offset of `word` in `bytes`, when it is there.
  private static func firstOffset(of word: [UInt8], in bytes: [UInt8]) -> Int? {
    guard let first = word.first, bytes.count >= word.count else { return nil }
    var offset = 0
    let last = bytes.count - word.count
    while offset <= last {
      if bytes[offset] == first {
        var matched = 1
        while matched < word.count, bytes[offset + matched] == word[matched] { matched += 1 }
        if matched == word.count { return offset }
      }
      offset += 1
    }
    return nil
  }

  /// The first `* thread #N, …, stop reason = …` line of an lldb stop in `source`.
  static func debuggerStop(in source: SourceText) -> DebuggerStop? {
    for (index, line) in source.lines.enumerated() {
      guard line.hasPrefix("* thread #"), let range = line.range(of: "stop reason = ") else { continue }
      return DebuggerStop(line: index + 1, reason: String(line[range.upperBound...].prefix(200)))
    }
    return nil
  }

  /// What a regular file looks like: read whole up to `limit` bytes; a larger file is judged by its first
  /// bytes only (binary or not), and `nil` is returned when those are text. `nil` for standard input,
  /// FIFOs and files that cannot be read.
  /// `knownNotAReport` as for ``of(bytes:knownNotAReport:)``.
  public static func of(
    file input: InputFile, limit: Int = DiagnoseRun.defaultSizeLimit, knownNotAReport: Bool = false
  ) -> InputAppearance? {
    guard input.path != "-", case .regular(let size) = FileKind.of(input.path),
      let handle = FileHandle(forReadingAtPath: input.path)
    else { return nil }
    defer { try? handle.close() }
    if size > limit {
      let head = (try? handle.read(upToCount: sniffLength)) ?? Data()
      guard let kind = binaryKind([UInt8](head)), kind != .empty else { return nil }
      return InputAppearance(kind: kind)
    }
    // `read(upToCount:)` gives nil at the end of the file: an empty file.
    guard let data = try? handle.read(upToCount: limit) else { return of(bytes: []) }
    return of(bytes: [UInt8](data), knownNotAReport: knownNotAReport)
  }

  /// The kind of the first bytes of an input when they are empty, an image or binary data; `nil` for text.
  ///
  /// Text is UTF-8 or UTF-16 (what ``SourceText`` decodes) with few control characters; anything with
  /// NUL bytes that is not UTF-16, or more than 1 in 20 characters invalid or control, is binary.
  public static func binaryKind(_ head: some Collection<UInt8>) -> Kind? {
    let bytes = Array(head)
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return .empty }
    if let signature = signature(bytes) { return signature }
    let text = SourceText(bytes: bytes).text
    var scalars = 0
    var odd = 0
    for scalar in text.unicodeScalars {
      scalars += 1
      switch scalar.value {
      case 0x09, 0x0A, 0x0C, 0x0D: break
      case 0..<0x20, 0x7F, 0xFFFD: odd += 1
      default: break
      }
    }
    // A cut at the end of the sniffed bytes may leave one invalid character; one in twenty is binary.
    if scalars == 0 || odd * 20 > scalars { return .binary(nil) }
    return nil
  }

  private static func signature(_ bytes: [UInt8]) -> Kind? {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .image("PNG") }
    if starts([0xFF, 0xD8, 0xFF]) { return .image("JPEG") }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .image("GIF") }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .image("TIFF") }
    if starts(Array("BM".utf8)) && bytes.count > 14 && bytes.prefix(64).contains(0) { return .image("BMP") }
    if starts(Array("ftyp".utf8), at: 4) {
      let brand = String(decoding: bytes.dropFirst(8).prefix(4), as: UTF8.self)
      if ["heic", "heix", "mif1", "msf1", "avif"].contains(brand) { return .image("HEIF") }
      return .binary("a video or other ISO media file")
    }
    if starts(Array("%PDF-".utf8)) { return .binary("a PDF document") }
    if starts([0x50, 0x4B, 0x03, 0x04]) { return .binary("a zip archive") }
    if starts([0x1F, 0x8B]) { return .binary("gzip-compressed data") }
    if starts(Array("bplist0".utf8)) { return .binary("a binary property list") }
    if starts([0xCF, 0xFA, 0xED, 0xFE]) || starts([0xCE, 0xFA, 0xED, 0xFE]) || starts([0xCA, 0xFE, 0xBA, 0xBE]) {
      return .binary("a Mach-O executable")
    }
    return nil
  }

  /// What it looks like, for messages: `a PNG image`, `a console log (time-process-message layout)`.
  public var description: String {
    switch kind {
    case .empty: return "an empty file"
    case .image(let format): return "a \(format) image"
    case .binary(let what): return what ?? "binary data"
    case .crashReport: return crashReports == 1 ? "a crash report" : "\(crashReports) crash reports"
    case .consoleLog: return "a console log" + layoutNote
    case .crashReportAndConsoleLog:
      return "console lines\(layoutNote) and \(crashReports == 1 ? "a crash report" : "\(crashReports) crash reports")"
    case .plainText:
      if let stop = debuggerStop {
        return "an lldb stop, the debugger's view of the app (line \(stop.line): stop reason = \(stop.reason)), "
          + "neither a crash report nor a console log: the device's crash report or console says what the "
          + "system did"
      }
      if jsonWithoutLogRecords {
        return "JSON whose objects are not log records (none has an eventMessage), neither a crash report "
          + "nor a console log"
      }
      if !reportWords.isEmpty {
        let words = reportWords.prefix(3).map { "\($0.text) at line \($0.line)" }.joined(separator: ", ")
        return "notes about a crash report or an excerpt of one, not the report itself (it names \(words)), and "
          + "not a console log"
      }
      return "text that is neither a crash report nor a console log (no line in a layout bglog knows)"
    }
  }

  private var layoutNote: String { consoleLayout.map { " (\($0.rawValue) layout)" } ?? "" }

  /// The command that reads it, when one does: `bglog diagnose`, `bglog timeline`, or `bglog check` for both.
  public var readBy: String? {
    switch kind {
    case .crashReport: "bglog diagnose"
    case .consoleLog: "bglog timeline"
    case .crashReportAndConsoleLog: "bglog check"
    case .empty, .image, .binary, .plainText: nil
    }
  }

  /// `it looks like X; read it with Y` or `it looks like X, which no bglog command reads`.
  public var advice: String {
    if kind == .crashReportAndConsoleLog {
      return "it holds \(description); read it with bglog check (both), bglog diagnose (the reports) "
        + "or bglog timeline (the console lines)"
    }
    if let command = readBy { return "it looks like \(description); read it with \(command)" }
    if kind == .plainText, debuggerStop == nil, !jsonWithoutLogRecords, !reportWords.isEmpty {
      return "it looks like \(description); bglog diagnose reads the report itself: give it the whole .ips or "
        + ".crash file"
    }
    return "it looks like \(description), which no bglog command reads"
  }
}
