import Foundation

/// Builds one ``CrashReport`` from the lines of a text report, fed one line at a time.
///
/// The builder knows which section it is in (header, Application Specific Information, a
/// termination reason's continuation lines, a backtrace, binary images, a block to skip) and
/// says for every line whether it belonged to the report, so the document splitter can tell a
/// report from the prose around it. Damaged pastes are repaired where the damage is
/// recognisable, and every repair or unreadable line becomes a ``ParseIssue``.
struct TextReportBuilder {
  /// What a line was to the report.
  enum Outcome: Equatable {
    /// Part of the report.
    case consumed
    /// A blank line: neither part of the report nor prose.
    case blank
    /// Not readable as any part of a report.
    case prose
  }

  private enum Target: Equatable {
    case thread(Int)
    case lastException
  }

  private enum Mode: Equatable {
    case header
    case applicationSpecific
    case terminationReason(openBrackets: Int)
    case terminationDescription
    case frames(Target)
    case kernelTriage(field: Int)
    case skipBlock
    case microstackshot
    case stackshotBody
    case binaryImages
    case trailer
    case closed
  }

  /// Two-word keys whose first word a lost line break can glue to the previous value
  /// (`Exception Note: EXC_CORPSE_NOTIFYTermination` + `Reason: Namespace …`).
  private static let splittableKeys = [
    "Termination Reason", "Termination Description", "Terminating Process", "Triggered by Thread",
    "Exception Type", "Exception Codes", "Exception Note", "Exception Subtype", "Exception Message",
    "Crashed Thread", "Highlighted Thread", "Filtered syslog",
  ]

  /// The leading words of ``splittableKeys`` (`Termination`, `Triggered by`, …) a glued value can end in.
  private static let splittableHeads: [String] = splittableKeys.flatMap { key in
    key.indices.filter { key[$0] == " " }.map { String(key[..<$0]) }
  }

  /// The last bytes of ``splittableHeads``: a value ending in any other ASCII byte ends in none of them
  /// (its last `Character` then ends in that byte's scalar, and no head's last letter has another form).
  private static let splittableHeadEnds = Set(splittableHeads.compactMap { $0.utf8.last })

  let source: SourceText
  let range: Range<Int>
  /// Whether the report is quoted (`> `), so quote marks are stripped from every line.
  let stripsQuoteMarks: Bool
  private(set) var report: CrashReport
  private var mode: Mode = .header
  private var keyOverride: (line: Int, key: String)?
  private var terminationContinuation: [String] = []
  private var descriptionLines: [String] = []
  /// Whether one blank line has been read inside a hard-wrapped Termination Description.
  private var descriptionGap = false
  private var numberedThreads: Set<Int> = []
  /// The numbers (`Thread 12`) of the threads that have frames, kept as frames are appended so that
  /// ``startsNewReport(_:content:)`` answers a heading without scanning every thread (which made a
  /// report with many threads quadratic).
  private var numbersOfThreadsWithFrames: Set<Int> = []
  private var nextFrameIndex: Int?
  private var lastTarget: Target?
  /// Whether a Markdown fence (```` ``` ````) was passed since the last thread heading: prose after a
  /// closing fence (`[The exception code 0xdead10cc indicates …`, LoopKit/Loop #1356) is not a frame, so an
  /// unnumbered frame-like line there is left as prose.
  private var pastFence = false
  /// Whether a thread heading was Instabug's (`Thread 4 com.facebook.react.runtime.JavaScript:`, `… [Crashed]:`),
  /// whose frames carry no `+ offset` by layout.
  private var sawInstabugHeading = false
  /// Long frame names read so far, shared between frames.
  private var frameNames = FrameNameTable()

  /// Starts a report at the 0-based line `range.lowerBound`.
  init(source: SourceText, range: Range<Int>) {
    self.source = source
    self.range = range
    let first = range.isEmpty ? "" : source.lineText(range.lowerBound)
    self.stripsQuoteMarks = TextScanning.hasPrefix(TextScanning.trimmedLeading(first), ">")
    self.report = CrashReport(format: .text, startLine: range.lowerBound + 1, endLine: range.lowerBound + 1)
  }

  /// Whether the builder has seen `EOF` and takes no more lines.
  var isClosed: Bool { mode == .closed }

  /// The text of a 0-based line without quoting marks and surrounding blanks.
  func content(_ index: Int) -> Substring {
    Self.content(of: source.lineText(index), stripsQuoteMarks: stripsQuoteMarks)
  }

  static func content(of line: Substring, stripsQuoteMarks: Bool) -> Substring {
    var text = line
    if stripsQuoteMarks { text = text.drop(while: { TextScanning.isBlank($0) || $0 == ">" }) }
    return droppingInlineCodeSpan(TextScanning.trimmed(text))
  }

  /// The text inside one inline code span that holds the whole line (`` `Thread 0 Crashed:` ``, `` `0   libsystem_kernel.dylib
  /// 0x202ed241c __psynch_cvwait + 8` ``: a Markdown page that put every report line in its own span, the
  /// "PICXIO crash log" page), as keys are read after a backtick (``TextScanning/keyValue(_:)``); the text itself
  /// otherwise. A fence (```` ``` ````), an empty span and a line with another backtick inside are left alone.
  static func droppingInlineCodeSpan(_ text: Substring) -> Substring {
    let bytes = text.utf8
    guard bytes.count >= 3, bytes.first == 0x60, bytes.last == 0x60 else { return text }
    let inner = text.dropFirst().dropLast()
    guard !inner.utf8.contains(0x60) else { return text }
    let trimmedInner = TextScanning.trimmed(inner)
    return trimmedInner.isEmpty ? text : trimmedInner
  }

  /// Whether a line, with no report open, is where a report begins.
  static func opensReport(_ line: Substring) -> Bool {
    let text = content(of: line, stripsQuoteMarks: TextScanning.hasPrefix(TextScanning.trimmedLeading(line), ">"))
    if let heading = ThreadHeading.parse(text, readsNames: false) {
      if case .state = heading { return false }
      return true
    }
    if text == "Last Exception Backtrace:" || text == "Application Specific Information:" { return true }
    if instabugCause(text) != nil { return true }
    // `およびException Codes: 0x8badf00d`: a key glued after prose (``GluedReportKey``).
    guard
      let (key, value) = TextScanning.keyValue(text)
        ?? GluedReportKey.split(text).flatMap({ TextScanning.keyValue($0.rest) })
    else { return false }
    let reportKey = ReportKey.of(key)
    // A microstackshot body pasted without its header starts at `Event:` (firebase-ios-sdk #6391); only
    // the events such reports name open one, so a console line that says "Event: …" does not.
    if reportKey == .event { return microstackshotEvents.contains(TextScanning.trimmed(value).lowercased()) }
    return reportKey?.opensReport == true
  }

  /// The note on a report read from Instabug's crash text (its `# Cause:` line).
  static let instabugCauseNote =
    "an Instabug crash report: its `# Cause:` line gives the signal its handler caught, not Apple's exception type "
    + "or termination reason"

  /// Instabug's cause line over its threads, `# Cause: Crash due to signal: SIGTRAP(TRAP_BRKPT) at 10602f380`
  /// (Instabug/Instabug-iOS #499): the signal, and the signal's code with the address (`TRAP_BRKPT at 0x10602f380`).
  static func instabugCause(_ text: Substring) -> (signal: String, detail: String?)? {
    let prefix = "# Cause: Crash due to signal: "
    guard text.hasPrefix(prefix) else { return nil }
    let rest = text.dropFirst(prefix.count)
    let name = rest.prefix(while: { $0.isASCII && ($0.isUppercase || $0.isNumber) })
    guard name.hasPrefix("SIG"), name.count > 3 else { return nil }
    var detail: [String] = []
    var after = rest[name.endIndex...]
    if after.hasPrefix("("), let close = after.firstIndex(of: ")") {
      let code = after[after.index(after: after.startIndex)..<close]
      if !code.isEmpty, code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "_" || $0.isNumber) }) {
        detail.append(String(code))
      }
      after = after[after.index(after: close)...]
    }
    let address = TextScanning.trimmed(after)
    if address.hasPrefix("at "), case let hexText = address.dropFirst(3), !hexText.isEmpty,
      hexText.allSatisfy(\.isHexDigit)
    {
      detail.append("at 0x" + hexText)
    }
    return (String(name), detail.isEmpty ? nil : detail.joined(separator: " "))
  }

  /// The `Event:` values of the resource reports seen (microstackshots and the macOS sleep/wake stackshot).
  private static let microstackshotEvents: Set<String> = ["cpu usage", "wakeups", "sleep wake failure"]
  /// Whether the line is a microstackshot's `Event:` with its `Action taken:` within the next three
  /// lines: a resource report's body pasted without its header lines (firebase/firebase-ios-sdk #6391
  /// starts at `Event:            wakeups` / `Action taken:     none`). Either line alone opens nothing.
  static func opensResourceBody(_ index: Int, in source: SourceText) -> Bool {
    guard let (key, value) = TextScanning.keyValue(TextScanning.trimmed(source.lineText(index))),
      ReportKey.of(key) == .event, !value.isEmpty
    else { return false }
    for next in (index + 1)..<min(index + 4, source.lineCount) {
      if let (key, value) = TextScanning.keyValue(TextScanning.trimmed(source.lineText(next))),
        ReportKey.of(key) == .actionTaken, !value.isEmpty
      {
        return true
      }
    }
    return false
  }

  /// Whether the report is past its header (a new header key then starts another report).
  private var hasBody: Bool {
    report.exception != nil || report.termination != nil || !report.threads.isEmpty
      || report.lastExceptionBacktrace != nil
  }

  /// Whether the report holds enough to be worth returning from a document scan.
  var hasSubstance: Bool {
    report.header.incidentIdentifier != nil || report.exception?.type != nil || report.exception?.codes != nil
      || report.termination != nil || report.threads.contains(where: { !$0.frames.isEmpty })
      || report.lastExceptionBacktrace != nil || report.resource != nil || report.otherDescription != nil
      || (report.header.processName != nil && (report.header.osVersion != nil || report.header.codeType != nil))
      || report.applicationSpecificInformation.contains {
        PlainSearch.contains("active assertions beyond permitted time", in: $0.value)
      }
      || report.header.fields.contains { $0.name == "Kernel Triage" && !$0.value.isEmpty }
  }

  /// Whether a line begins the next report rather than continuing this one; `content` is the
  /// line's ``content(_:)`` when the caller has it already.
  func startsNewReport(_ index: Int, content known: Substring? = nil) -> Bool {
    if case .terminationReason(let open) = mode, open > 0 { return false }
    let text = known ?? content(index)
    if let heading = ThreadHeading.parse(text, readsNames: false) {
      let number: Int
      switch heading {
      case .name(let index, _, _), .start(let index, _, _, _, _): number = index
      case .state: return false
      }
      return mode != .trailer && numbersOfThreadsWithFrames.contains(number)
        && !report.threads.isEmpty && report.threads.last?.index != number
    }
    guard let (key, _) = TextScanning.keyValue(text) else { return false }
    switch ReportKey.of(key) {
    case .incidentIdentifier: return report.header.incidentIdentifier != nil || hasBody
    case .process: return (hasBody && !isHeaderlessExceptionBlock) || report.header.processName != nil
    case .hardwareModel: return (hasBody && !isHeaderlessExceptionBlock) || report.header.hardwareModel != nil
    case .crashReporterKey: return hasBody || report.header.field("CrashReporter Key") != nil
    case .exceptionType: return report.exception?.type != nil || !report.threads.isEmpty || isApplicationSpecificPiece
    case .terminationReason: return report.termination?.location != nil && report.termination?.location?.jsonPath == nil
    default: return false
    }
  }

  /// Whether the report so far is an exception block without any identifying header and without threads:
  /// a hand-arranged paste that puts `Process:` and the times after the termination (transistorsoft/
  /// react-native-background-geolocation #2593) continues it rather than starting another report.
  private var isHeaderlessExceptionBlock: Bool {
    report.threads.isEmpty && report.lastExceptionBacktrace == nil && report.header.processName == nil
      && report.header.incidentIdentifier == nil && report.header.hardwareModel == nil
      && report.header.bundleIdentifier == nil && report.header.osVersion == nil
  }

  /// Whether the report so far is only an Application Specific Information piece that stands on its own
  /// (an assertion list). Reports write that section after the exception and termination lines, so an
  /// `Exception Type` after it starts another report: two pieces pasted one after the other (an
  /// old report's assertion list, then a newer report's exception block) are two reports, not one.
  private var isApplicationSpecificPiece: Bool {
    report.exception == nil && report.termination == nil && report.threads.isEmpty
      && !report.applicationSpecificInformation.isEmpty && hasSubstance
  }

  // MARK: - Feeding lines

  /// Reads the commonest line, a frame inside a backtrace, without the general checks; nil when the
  /// line is anything else and must go through ``feed(_:content:)``.
  ///
  /// A line that starts with a digit and ends in neither a space nor a tab is its own content, is no
  /// `Full Report` banner, no thread heading, no `Key:` field, no `EOF` and no section heading (all of
  /// those start with a letter), so in a backtrace only the frame parser has a say.
  ///
  /// `text` is the source's UTF-8 (``SourceText/withUTF8(_:)``): the line is read in place, without a `Substring`.
  mutating func feedFrameLine(_ index: Int, text: UnsafeBufferPointer<UInt8>) -> Outcome? {
    guard case .frames(let target) = mode, !stripsQuoteMarks, keyOverride?.line != index else { return nil }
    let start = source.lineBounds[2 * index]
    let end = source.lineBounds[2 * index + 1]
    guard start < end else { return nil }
    let first = text[start]
    guard first >= 0x30, first <= 0x39, !TextScanning.isBlankByte(text[end - 1]) else { return nil }
    let outcome = withUnsafeMutablePointer(to: &frameNames) {
      StackFrameLineParser.parseASCII(
        bytes: UnsafeBufferPointer(rebasing: text[start..<end]), line: index + 1, names: $0)
    }
    guard case .frame(let frame, let note) = outcome else {
      return nil
    }
    if let note { report.issues.append(ParseIssue(note, at: .line(index + 1))) }
    append(frame, to: target, line: index + 1)
    return .consumed
  }

  /// Reads one 0-based line of the report; `content` is the line's ``content(_:)`` when the caller
  /// has it already.
  mutating func feed(_ index: Int, content known: Substring? = nil) -> Outcome {
    let text = known ?? content(index)
    let line = index + 1
    if let override = keyOverride, override.line == index {
      keyOverride = nil
      let value = TextScanning.keyValue(text)?.value ?? text
      let key = Substring(override.key)
      handleField(key: key, known: ReportKey.of(key), value: value, index: index)
      return .consumed
    }
    if let first = text.utf8.first, first == 0x45 || first >= 0x80, text == "EOF" {
      mode = .closed
      return .consumed
    }
    switch mode {
    case .closed:
      return .blank
    case .stackshotBody:
      return text.isEmpty ? .blank : .consumed
    case .microstackshot:
      if isBinaryImagesHeading(text) { mode = .binaryImages }
      return text.isEmpty ? .blank : .consumed
    case .skipBlock:
      if text.isEmpty {
        mode = .header
        return .blank
      }
      // PLCrashReporter-style reports leave no blank line between a block and the next section.
      if !endsFreeText(text) { return .consumed }
      mode = .header
    case .trailer:
      // After the binary images come summaries Apple adds (VM regions, syslog, stack dumps);
      // indented and `Key: value` lines belong to the report, other lines are neither part of
      // it nor prose that would be reported as damage.
      if text.isEmpty { return .blank }
      if isBinaryImagesHeading(text) {
        mode = .binaryImages
        return .consumed
      }
      if TextScanning.keyValue(text) != nil || source.lineText(index).first.map(TextScanning.isBlank) == true {
        return .consumed
      }
      return .blank
    case .binaryImages:
      if text.isEmpty {
        mode = .trailer
        return .blank
      }
      if let image = BinaryImageLineParser.parse(text) {
        report.binaryImages.append(image)
        return .consumed
      }
      mode = .trailer
      return feed(index)
    case .kernelTriage(let field):
      if text.isEmpty || Self.isFence(text) {
        // A closing fence ends the block as a blank line does (``isFence(_:)``).
        if !text.isEmpty { pastFence = true }
        mode = .header
        return .blank
      }
      if field < report.header.fields.count {
        let old = report.header.fields[field].value
        report.header.fields[field].value = old.isEmpty ? String(text) : old + "\n" + text
      }
      return .consumed
    case .applicationSpecific:
      if text.isEmpty || Self.isFence(text) {
        // A closing fence ends the block as a blank line does (``isFence(_:)``).
        if !text.isEmpty { pastFence = true }
        mode = .header
        return .blank
      }
      if !endsFreeText(text) {
        report.applicationSpecificInformation.append(Located(String(text), at: .line(line)))
        return .consumed
      }
      mode = .header
    case .terminationReason(let open):
      // An RBSTerminateContext whose `>` never comes (a summary that copied only its first line, the Roam
      // app's MetricKit text: `Termination reason: <RBSTerminateContext| … Failed to terminate gracefully after
      // 5.0s`, then `Metadata:` and `Thread 0 (attributed):`): a thread heading is never part of a context.
      if open > 0, ThreadHeading.parse(text, readsNames: false) != nil {
        mode = .header
        return general(text, index: index)
      }
      // A Markdown fence (```` ``` ````, `~~~`) closes the pasted block: it is never part of a reason
      // (Telegram-iOS #2294 closes its fence right after `Code 3735883980`). It ends the reason as a blank line
      // does and, like one, is no prose (a thread pasted in the next fence after a sentence, getsentry/
      // sentry-cocoa #1892, stays in the report).
      if Self.isFence(text) {
        mode = .header
        pastFence = true
        return .blank
      }
      if open > 0 {
        if text.isEmpty {
          mode = .header
          return .blank
        }
        terminationContinuation.append(String(text))
        let remaining = depth(after: text, from: open)
        mode = remaining > 0 ? .terminationReason(openBrackets: remaining) : .header
        return .consumed
      }
      if text.isEmpty {
        mode = .header
        return .blank
      }
      // The iOS 16+ form (`DYLD 1 Library missing`) continues on the next lines. The older
      // `Namespace X, Code Y` form is one line, except that macOS writes TCC's reason on the next one
      // (`This app has crashed because it attempted to access privacy-sensitive data…`).
      // A reason retyped over lines (`Termination Reason:` / `Namespace RUNNINGBOARD` / `Code 3735883980`,
      // Telegram-iOS #2294) is in the namespace form from its first written line, and a `Code N` line goes on
      // with a namespace that has no code yet.
      let written = reasonSoFar
      let namespaceForm = written.lowercased().hasPrefix("namespace")
      let continues =
        !namespaceForm
        || (report.termination?.namespace?.uppercased() == "TCC" && TextScanning.keyValue(text) == nil
          && text.first?.isASCII == true && text.first?.isLetter == true)
        || (TerminationReasonParser.isCodeLine(text)
          && TerminationReasonParser.head(Substring(written)).code == nil)
      if continues, !endsFreeText(text) {
        terminationContinuation.append(String(text))
        return .consumed
      }
      mode = .header
    case .terminationDescription:
      if Self.isFence(text) {
        // A closing fence ends the description as a blank line does (``isFence(_:)``).
        pastFence = true
        descriptionGap = false
        mode = .header
        return .blank
      }
      if text.isEmpty {
        // A description hard-wrapped by forum or e-mail software can hold blank lines, each after a
        // line that stops mid-entry (`… transgression:`, `… WatchdogCPUStatistics:`, `… seconds |`;
        // ContactAssistApp/mobile #97). One blank line after such a line does not end it.
        if !descriptionGap, let last = descriptionLines.last, Self.stopsMidEntry(last) {
          descriptionGap = true
          return .blank
        }
        descriptionGap = false
        mode = .header
        return .blank
      }
      let afterGap = descriptionGap
      descriptionGap = false
      if !endsFreeText(text), !(afterGap && startsField(text)) {
        descriptionLines.append(String(text))
        return .consumed
      }
      mode = .header
    case .frames(let target):
      if text.isEmpty {
        mode = .header
        return .blank
      }
      if target == .lastException, TextScanning.hasPrefix(text, "("), text.contains("0x") {
        appendAddressList(text, line: line)
        return .consumed
      }
      if ThreadHeading.parse(text, readsNames: false) == nil, !opensSection(text) {
        // Most lines here are one ASCII frame: append it without the general parser's arrays.
        let outcome = withUnsafeMutablePointer(to: &frameNames) {
          StackFrameLineParser.parseASCII(text, line: line, names: $0)
        }
        switch outcome {
        case .frame(let frame, let note):
          if let note { report.issues.append(ParseIssue(note, at: .line(line))) }
          append(frame, to: target, line: line)
          return .consumed
        case .notAFrame:
          break
        case .fallback:
          if let parsed = StackFrameLineParser.parse(text, line: line) {
            append(parsed, to: target, line: line)
            return .consumed
          }
        }
        // `0   libsystem_kernel.dylib   __ulock_wait + 8`: a frame printed without its address.
        if let frame = AddresslessFrameLine.parse(text, line: line) {
          append(frame, to: target, line: line)
          return .consumed
        }
        if let frame = ImageOffsetFrameLine.parse(text, line: line) {
          append(frame, to: target, line: line)
          return .consumed
        }
        if let frame = AddresslessFrameLine.cutAfterImage(
          text, line: line, previousIndex: frames(of: target).last?.index),
          isLastLineOfPaste(index)
        {
          report.issues.append(ParseIssue(AddresslessFrameLine.cutAfterImageNote, at: .line(line)))
          append(frame, to: target, line: line)
          return .consumed
        }
      }
    case .header:
      break
    }
    return general(text, index: index)
  }

  /// The termination reason read so far: its first line's value and the continuation lines, joined with a blank
  /// (an empty first value left out).
  private var reasonSoFar: String {
    let first = report.termination?.reason ?? ""
    return ((first.isEmpty ? [] : [first]) + terminationContinuation).joined(separator: " ")
  }

  /// Whether a line is a Markdown fence: ```` ``` ```` or `~~~`, with or without a language (```` ```text ````).
  static func isFence(_ text: Substring) -> Bool {
    TextScanning.hasPrefix(text, "```") || TextScanning.hasPrefix(text, "~~~")
  }

  /// The bracket depth after a continuation line, starting from `open`.
  private func depth(after text: Substring, from open: Int) -> Int {
    var depth = open
    for character in text {
      if character == "<" {
        depth += 1
      } else if character == ">", depth > 0 {
        depth -= 1
      }
    }
    return depth
  }

  /// Whether a line ends free text (ASI, continuation lines): a heading or a known report key.
  /// Whether a Termination Description line ends where a hard wrap cut an entry: after a `:` or a `|`.
  private static func stopsMidEntry(_ line: String) -> Bool {
    guard let last = line.utf8.last(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
    return last == 0x3A || last == 0x7C
  }

  /// Whether a line after a blank line inside a description is a field of any kind the parser knows
  /// (`Triggered by Thread:`, `Event:`), which ends the description.
  private func startsField(_ text: Substring) -> Bool {
    guard let (key, _) = TextScanning.keyValue(text) else { return false }
    return ReportKey.of(key) != nil
  }

  private func endsFreeText(_ text: Substring) -> Bool {
    if ThreadHeading.parse(text, readsNames: false) != nil || opensSection(text) { return true }
    guard let (key, _) = TextScanning.keyValue(text) else { return false }
    return ReportKey.of(key)?.isReportKey == true
  }

  /// `Binary Images:`, or jailbroken devices' `Binary Images (dpkg):` / `Binary Images (Other):`.
  private func isBinaryImagesHeading(_ text: Substring) -> Bool {
    TextScanning.hasPrefix(text, "Binary Images") && TextScanning.hasSuffix(text, ":")
  }

  private func opensSection(_ text: Substring) -> Bool {
    // Every heading starts with one of these ASCII letters, so any other ASCII first byte (a frame's
    // digit) rules them all out; non-ASCII goes on to the comparisons (U+212A KELVIN SIGN equals `K`).
    guard let first = text.utf8.first,
      first >= 0x80 || first == 0x42 || first == 0x4C || first == 0x41 || first == 0x4B || first == 0x46
    else { return false }
    return isBinaryImagesHeading(text) || text == "Last Exception Backtrace:"
      || text == "Application Specific Information:"
      || TextScanning.hasPrefix(text, "Application Specific Backtrace") || text == "Kernel Triage:"
      || text == "Filtered syslog:"
  }

  private mutating func general(_ text: Substring, index: Int) -> Outcome {
    let line = index + 1
    if text.isEmpty {
      if report.category == .stackshot, report.threads.isEmpty { mode = .stackshotBody }
      return .blank
    }
    if let heading = ThreadHeading.parse(text) {
      if !sawInstabugHeading { sawInstabugHeading = ThreadHeading.isInstabugForm(text) }
      handle(heading, line: line)
      return .consumed
    }
    if let cause = Self.instabugCause(text) {
      updateException { exception in
        exception.type = exception.type ?? cause.signal
        exception.subtype = exception.subtype ?? cause.detail
        exception.location = exception.location ?? .line(line)
      }
      sawInstabugHeading = true
      report.issues.append(ParseIssue(Self.instabugCauseNote, at: .line(line)))
      return .consumed
    }
    if sawInstabugHeading, text.hasPrefix("# Reported at: ") {
      // Instabug's line under its cause (Instabug/Instabug-iOS #499): when the crash was reported.
      let value = TextScanning.trimmed(text.dropFirst("# Reported at: ".count))
      if !value.isEmpty, report.header.dateTime == nil {
        report.header.dateTime = String(value)
        report.header.fields.append(HeaderField(name: "Reported at", value: String(value), location: .line(line)))
      }
      return .consumed
    }
    switch text {
    case "Application Specific Information:":
      mode = .applicationSpecific
      return .consumed
    case "Last Exception Backtrace:":
      report.lastExceptionBacktrace = ThreadBacktrace(location: .line(line))
      mode = .frames(.lastException)
      lastTarget = .lastException
      return .consumed
    case "Filtered syslog:", "Translated Code Information:", "Thermal data unavailable":
      mode = .skipBlock
      return .consumed
    case "External Modification Summary:", "VM Region Summary:":
      mode = .trailer
      return .consumed
    default:
      break
    }
    if isBinaryImagesHeading(text) {
      mode = .binaryImages
      return .consumed
    }
    if TextScanning.hasPrefix(text, "Application Specific Backtrace") {
      if report.lastExceptionBacktrace == nil {
        report.lastExceptionBacktrace = ThreadBacktrace(location: .line(line))
        mode = .frames(.lastException)
        lastTarget = .lastException
      } else {
        mode = .skipBlock
      }
      return .consumed
    }
    if TextScanning.hasPrefix(text, "Backtrace not available") || text == "Extra Information:"
      || TextScanning.hasPrefix(text, "No thread state")
      || TextScanning.hasPrefix(text, "Unknown thread crashed")
    {
      return .consumed
    }
    // Prose ending in a colon (`And the one from yesterday:`) is not a field: unknown keys need
    // a value and at most six words.
    if let (key, value) = TextScanning.keyValue(text) {
      let known = ReportKey.of(key)
      if known?.isReportKey == true || (!value.isEmpty && TextScanning.tokens(key).count <= 6) {
        handleField(key: key, known: known, value: value, index: index)
        return .consumed
      }
    }
    if Self.isFence(text) { pastFence = true }
    if let parsed = StackFrameLineParser.parse(text, line: line),
      !pastFence || parsed.frames.first?.index != nil
    {
      let target: Target
      if let lastTarget {
        target = lastTarget
      } else {
        report.threads.append(ThreadBacktrace(location: .line(line)))
        target = .thread(report.threads.count - 1)
        report.issues.append(ParseIssue("frames without a thread heading", at: .line(line)))
      }
      append(parsed, to: target, line: line)
      mode = .frames(target)
      return .consumed
    }
    // `およびException Codes: 0x8badf00d` (a machine-translated page): a report key glued after prose.
    if let glued = GluedReportKey.split(text), let (key, value) = TextScanning.keyValue(glued.rest),
      let known = ReportKey.of(key), known.isReportKey
    {
      report.issues.append(ParseIssue(GluedReportKey.note(before: glued.before, key: key), at: .line(line)))
      handleField(key: key, known: known, value: value, index: index)
      return .consumed
    }
    // KSCrash writes its crash reason as a lone line between the exception block and the
    // threads, where Apple writes Application Specific Information. A line after a closing fence is the
    // author's prose (`` `3735883980` corresponds to `0xDEAD10CC`. ``, Telegram-iOS #2294), not the report's.
    if report.threads.isEmpty, report.exception != nil, !pastFence, isBlankLine(index - 1), isBlankLine(index + 1) {
      report.applicationSpecificInformation.append(Located(String(text), at: .line(line)))
      return .consumed
    }
    return .prose
  }

  /// Sentry's rendering of an event (getsentry/sentry-cocoa #4580) writes frames without `+ offset`
  /// (`0   libsystem_c.dylib               0x1c6ac5f1c         __vfprintf`) and ends symbolicated ones with
  /// `(Image:line)` (`encodeObject (Sentry.framework:342)`). In a report whose frames all lack offsets and
  /// where one names its own image so, a frame without an offset is that layout, not a cut line: the
  /// "may be cut" note stays on the paste's last line only. Runs once per report, over its notes.
  private mutating func dropSentryLayoutCutNotes() {
    let note = "frame symbol has no offset; the line may be cut"
    guard report.issues.contains(where: { $0.message == note }) else { return }
    let frames = report.threads.lazy.flatMap(\.frames)
    // Instabug writes its frames without offsets too (Instabug/Instabug-React-Native #1357).
    guard !frames.contains(where: { $0.symbolOffset != nil || $0.imageOffset != nil }),
      sawInstabugHeading || frames.contains(where: { $0.sourceLine != nil && $0.sourceFile == $0.image })
    else { return }
    let kept = report.issues.filter { issue in
      guard issue.message == note, let line = issue.location?.line, line >= 1 else { return true }
      return isLastLineOfPaste(line - 1)
    }
    report.issues = kept
  }

  /// Whether nothing but blanks or a closing fence follows the line: the end of the pasted text.
  private func isLastLineOfPaste(_ index: Int) -> Bool {
    var next = index + 1
    while next < source.lineCount {
      let text = TextScanning.trimmed(content(next))
      if !text.isEmpty, !TextScanning.hasPrefix(text, "```") { return false }
      next += 1
    }
    return true
  }

  private func isBlankLine(_ index: Int) -> Bool {
    guard index >= 0, index < source.lineCount else { return true }
    return content(index).isEmpty
  }

  /// Records a line that could not be read as part of the report.
  mutating func noteUnreadable(_ index: Int) {
    let text = content(index)
    // A microstackshot's own header lines (bug_type 202, iOS 12, ish #786): an empty `Boot args:` and the
    // heading `Heaviest stack for the target process:` are not damage. They stay outside the fields (and
    // the report's extent and fingerprint stay as they were); only the note is not written.
    if text == "Boot args:" || text == "Heaviest stack for the target process:" { return }
    // A Markdown fence with a language (```` ```shell ````, an issue template's log field, firebase-ios-sdk #15282)
    // is the page's markup, not a damaged report line.
    if Self.isFence(text) { return }
    report.issues.append(ParseIssue("unreadable line: `\(text.prefix(80))`", at: .line(index + 1)))
  }

  // MARK: - Fields

  /// Reads a `key: value` field; `known` is the key's ``ReportKey/of(_:)``.
  private mutating func handleField(key: Substring, known: ReportKey?, value rawValue: Substring, index: Int) {
    let line = index + 1
    var value = rawValue
    repairGluedKey(value: &value, index: index)
    // One `String` of the value for the header field and the switch below.
    let string = String(value)
    if report.threads.isEmpty, report.lastExceptionBacktrace == nil {
      report.header.fields.append(HeaderField(name: String(key), value: string, location: .line(line)))
    }
    let text: String? = value.isEmpty ? nil : string
    switch known {
    case .incidentIdentifier: report.header.incidentIdentifier = text
    case .hardwareModel: report.header.hardwareModel = report.header.hardwareModel ?? text
    case .process: readProcess(value)
    case .command: report.header.processName = report.header.processName ?? text
    case .pid: report.header.processID = report.header.processID ?? TextScanning.leadingInt(value)
    case .path: report.header.path = report.header.path ?? text
    case .identifier: report.header.bundleIdentifier = report.header.bundleIdentifier ?? text
    case .version: report.header.version = report.header.version ?? text
    case .codeType: report.header.codeType = text
    case .architecture: report.header.codeType = report.header.codeType ?? text
    case .role: report.header.role = text
    case .parentProcess: report.header.parentProcess = text
    case .dateTime: report.header.dateTime = report.header.dateTime ?? text
    case .date: report.header.dateTime = report.header.dateTime ?? text
    case .launchTime: report.header.launchTime = text
    case .osVersion: report.header.osVersion = report.header.osVersion ?? text
    case .reportVersion: report.header.reportVersion = report.header.reportVersion ?? text
    case .exceptionType: readExceptionType(value, line: line)
    case .exceptionCodes, .exceptionCode:
      var exception = report.exception ?? ExceptionInfo()
      exception.codes = text
      exception.codesLocation = .line(line)
      report.exception = exception
      if string.lowercased().contains("baaaaaad") { report.category = .stackshot }
    case .exceptionSubtype: updateException { $0.subtype = text }
    case .exceptionNote:
      updateException {
        $0.note = text
        $0.noteLocation = .line(line)
      }
    case .exceptionMessage:
      updateException {
        $0.message = text
        $0.messageLocation = .line(line)
      }
    case .exceptionReason: updateException { $0.message = $0.message ?? text }
    case .terminationReason:
      let head = TerminationReasonParser.head(value)
      report.termination = TerminationInfo(
        namespace: head.namespace, code: head.code, reason: string,
        byProcess: report.termination?.byProcess, location: .line(line))
      if head.lowerCased { report.issues.append(ParseIssue(TerminationReasonParser.lowerCasedNote, at: .line(line))) }
      if head.codeGluedToText, let code = head.code {
        let token = TerminationReasonParser.codeToken(in: value) ?? value
        report.issues.append(
          ParseIssue(TerminationReasonParser.gluedCodeNote(token: token, code: code), at: .line(line)))
      }
      terminationContinuation = []
      mode = .terminationReason(openBrackets: TerminationReasonParser.openBrackets(in: value))
    case .terminationDescription:
      var termination = report.termination ?? TerminationInfo()
      termination.descriptionLocation = .line(line)
      report.termination = termination
      descriptionLines = [string]
      mode = .terminationDescription
    case .terminatingProcess:
      var termination = report.termination ?? TerminationInfo()
      termination.byProcess = text
      report.termination = termination
    case .triggeredByThread, .crashedThread, .highlightedThread:
      if let number = TextScanning.leadingInt(value) {
        report.crashedThread = Located(number, at: .line(line))
        // A flattened paste glues the next heading to the number (`Highlighted Thread: 0Application Specific
        // Information:`, iPhone OS 3, newbetuts.com/773442): the list under it is still that block.
        if value.hasSuffix("Application Specific Information:"), !value.hasPrefix("Application") {
          mode = .applicationSpecific
          report.issues.append(
            ParseIssue(
              "line break lost: `Application Specific Information:` starts a block of its own", at: .line(line)))
        }
      } else {
        report.issues.append(ParseIssue("no thread number in `\(key): \(value.prefix(40))`", at: .line(line)))
      }
    case .event:
      report.resource = ResourceEvent(event: string, location: .line(line))
      report.category = .resource
    case .actionTaken:
      report.resource?.actionTaken = text
      report.resource?.actionLocation = .line(line)
    case .cpu, .wakeups, .writes:
      if report.resource != nil, report.resource?.summary == nil {
        report.resource?.summary = text
        report.resource?.summaryLocation = .line(line)
      }
    case .reason:
      if report.category == .stackshot || string.lowercased().contains("stackshot") {
        report.category = .stackshot
        report.otherDescription = Located(string, at: .line(line))
      }
    case .vmRegionInfo:
      mode = .skipBlock
    case .powerstatsFor:
      mode = .microstackshot
    case .kernelTriage:
      mode = .kernelTriage(field: report.header.fields.count - 1)
      if !(report.threads.isEmpty && report.lastExceptionBacktrace == nil) { mode = .skipBlock }
    default:
      break
    }
  }

  /// Repairs `Exception Note: EXC_CORPSE_NOTIFYTermination` followed by `Reason: …`: the line
  /// break inside `Termination Reason` was lost, so the next line is read under the full key.
  private mutating func repairGluedKey(value: inout Substring, index: Int) {
    let next = index + 1
    // Most values end in none of the keys' leading words: skip reading the next line for them.
    guard let last = value.utf8.last, next < range.upperBound,
      last >= 0x80 || Self.splittableHeadEnds.contains(last),
      Self.splittableHeads.contains(where: { TextScanning.hasSuffix(value, $0) }),
      let (nextKey, _) = TextScanning.keyValue(content(next))
    else {
      return
    }
    for key in Self.splittableKeys {
      var space = key.firstIndex(of: " ")
      while let split = space {
        let head = key[..<split]
        let tail = key[key.index(after: split)...]
        if tail == nextKey, value.hasSuffix(head), value.count > head.count {
          value = TextScanning.trimmed(value.dropLast(head.count))
          keyOverride = (next, key)
          report.issues.append(
            ParseIssue(
              "line break lost: `\(head)` belongs to `\(key):` on the next line", at: .line(index + 1)))
          return
        }
        space = key[key.index(after: split)...].firstIndex(of: " ")
      }
    }
  }

  private mutating func updateException(_ change: (inout ExceptionInfo) -> Void) {
    var exception = report.exception ?? ExceptionInfo()
    change(&exception)
    report.exception = exception
  }

  private mutating func readProcess(_ value: Substring) {
    guard report.header.processName == nil else { return }
    if let open = value.lastIndex(of: "["), value.hasSuffix("]") {
      let name = TextScanning.trimmed(value[..<open])
      report.header.processName = name.isEmpty ? nil : String(name)
      let pid = value[value.index(after: open)..<value.index(before: value.endIndex)]
      report.header.processID = TextScanning.smallInt(pid) ?? Int(pid)
    } else {
      report.header.processName = value.isEmpty ? nil : String(value)
    }
  }

  /// `EXC_CRASH (SIGKILL)` → type and signal; `SIGBUS` or `00000020` → type only.
  private mutating func readExceptionType(_ value: Substring, line: Int) {
    var exception = report.exception ?? ExceptionInfo()
    exception.location = .line(line)
    if let open = value.firstIndex(of: "("), let close = value[open...].firstIndex(of: ")") {
      let type = TextScanning.trimmed(value[..<open])
      let signal = TextScanning.trimmed(value[value.index(after: open)..<close])
      exception.type = type.isEmpty ? nil : String(type)
      exception.signal = signal.isEmpty ? nil : String(signal)
    } else {
      exception.type = value.isEmpty ? nil : String(value)
    }
    report.exception = exception
  }

  // MARK: - Threads

  private mutating func handle(_ heading: ThreadHeading, line: Int) {
    pastFence = false
    switch heading {
    case .state:
      mode = .skipBlock
    case .name(let index, let name, let queue):
      let position = threadPosition(for: index, line: line)
      report.threads[position].name = report.threads[position].name ?? name
      report.threads[position].dispatchQueue = report.threads[position].dispatchQueue ?? queue
      mode = .frames(.thread(position))
      lastTarget = .thread(position)
    case .start(let index, let crashed, let name, let queue, let trailing):
      let position = threadPosition(for: index, line: line)
      if crashed { report.threads[position].crashed = true }
      report.threads[position].name = report.threads[position].name ?? name
      report.threads[position].dispatchQueue = report.threads[position].dispatchQueue ?? queue
      mode = .frames(.thread(position))
      lastTarget = .thread(position)
      nextFrameIndex = nil
      guard !trailing.isEmpty else { return }
      if let number = TextScanning.smallInt(trailing) {
        nextFrameIndex = number
        report.issues.append(
          ParseIssue(
            "line break lost after the thread heading; `\(trailing)` read as the next frame's number",
            at: .line(line)))
      } else if let parsed = StackFrameLineParser.parse(trailing, line: line) {
        report.issues.append(ParseIssue("line break lost after the thread heading", at: .line(line)))
        append(parsed, to: .thread(position), line: line)
      } else {
        report.issues.append(
          ParseIssue("unreadable text after the thread heading: `\(trailing.prefix(60))`", at: .line(line)))
      }
    }
  }

  /// The thread to fill for a heading: the last one when it is the same thread and still empty
  /// (`Thread 0 name:` then `Thread 0 Crashed:`), else a new one.
  private mutating func threadPosition(for index: Int, line: Int) -> Int {
    if let last = report.threads.indices.last, report.threads[last].index == index,
      report.threads[last].frames.isEmpty
    {
      return last
    }
    report.threads.append(ThreadBacktrace(index: index, location: .line(line)))
    return report.threads.count - 1
  }

  private mutating func append(_ parsed: StackFrameLineParser.Result, to target: Target, line: Int) {
    for note in parsed.notes {
      report.issues.append(ParseIssue(note, at: .line(line)))
    }
    for frame in parsed.frames {
      append(frame, to: target, line: line)
    }
  }

  private mutating func append(_ frame: consuming StackFrame, to target: Target, line: Int) {
    if frame.index == nil {
      // Read the frames only here: a copy held across the append below would copy the array.
      let existing = frames(of: target)
      frame.index = nextFrameIndex ?? existing.last?.index.map { $0 &+ 1 } ?? existing.count
      nextFrameIndex = nil
      let key: Int
      switch target {
      case .thread(let position): key = position
      case .lastException: key = -1
      }
      if !numberedThreads.contains(key) {
        numberedThreads.insert(key)
        report.issues.append(ParseIssue("frames have no numbers; numbered them in order", at: .line(line)))
      }
    }
    switch target {
    case .thread(let position) where position < report.threads.count:
      report.threads[position].frames.append(frame)
      if let number = report.threads[position].index { numbersOfThreadsWithFrames.insert(number) }
    case .thread:
      break
    case .lastException:
      if report.lastExceptionBacktrace == nil { report.lastExceptionBacktrace = ThreadBacktrace() }
      report.lastExceptionBacktrace?.frames.append(frame)
    }
  }

  private func frames(of target: Target) -> [StackFrame] {
    switch target {
    case .thread(let position): position < report.threads.count ? report.threads[position].frames : []
    case .lastException: report.lastExceptionBacktrace?.frames ?? []
    }
  }

  /// The oldest `Last Exception Backtrace` form: `(0x1 0x2 0x3 …)`.
  private mutating func appendAddressList(_ text: Substring, line: Int) {
    let inner = text.drop(while: { $0 == "(" }).prefix(while: { $0 != ")" })
    for token in TextScanning.tokens(inner) {
      guard let address = TextScanning.hex(token) else { continue }
      let count = report.lastExceptionBacktrace?.frames.count ?? 0
      report.lastExceptionBacktrace?.frames.append(
        StackFrame(index: count, image: "???", address: address, location: .line(line)))
    }
  }

  // MARK: - Finishing

  /// The finished report, ending at the 1-based line `endLine`.
  mutating func finish(endLine: Int) -> CrashReport {
    report.endLine = max(endLine, report.startLine)
    if var termination = report.termination {
      if !terminationContinuation.isEmpty {
        let firstValueEmpty = termination.reason.isEmpty
        termination.details = terminationContinuation
        termination.reason = reasonSoFar
        // `Namespace X` and `Code N` on lines of their own (Telegram-iOS #2294): read from the joined reason.
        if termination.code == nil, firstValueEmpty || termination.reason.lowercased().hasPrefix("namespace") {
          let head = TerminationReasonParser.head(Substring(termination.reason))
          if let namespace = head.namespace, let code = head.code,
            termination.namespace == nil || termination.namespace == namespace
          {
            termination.namespace = namespace
            termination.code = code
            if head.lowerCased, !report.isLowerCasedTermination, let location = termination.location {
              report.issues.append(ParseIssue(TerminationReasonParser.lowerCasedNote, at: location))
            }
            if head.codeGluedToText, let location = termination.location {
              let token = TerminationReasonParser.codeToken(in: Substring(termination.reason)) ?? "\(code)"
              report.issues.append(
                ParseIssue(TerminationReasonParser.gluedCodeNote(token: token, code: code), at: location))
            }
          }
        }
      }
      let whole = termination.reason
      if termination.code == nil { termination.code = TerminationReasonParser.contextCode(in: whole) }
      if !descriptionLines.isEmpty {
        termination.description = descriptionLines.joined(separator: "\n")
      } else if termination.description == nil,
        let explanation = TerminationReasonParser.explanation(in: explanationSource)
      {
        termination.description = explanation
        // Continuation lines follow the reason line one by one, so the explanation's own line is
        // the reason's line plus its position among them.
        if let offset = terminationContinuation.firstIndex(where: { PlainSearch.contains("explanation:", in: $0) }),
          let base = termination.location?.line
        {
          termination.descriptionLocation = termination.descriptionLocation ?? .line(base + offset + 1)
        }
        termination.descriptionLocation = termination.descriptionLocation ?? termination.location
      }
      if termination.code == nil, termination.description == nil, terminationContinuation.isEmpty,
        let namespace = termination.namespace, TerminationNamespace.named(namespace) == nil,
        let line = termination.location?.line, line >= 1, isLastLineOfPaste(line - 1),
        TextScanning.tokens(Substring(termination.reason)).count == 2
      {
        // `Termination Reason: Namespace SPRINGBO` as the paste's last line (airsdk/Adobe-Runtime-Support #942):
        // the word is cut, not a namespace; a complete unknown one inside a report stays a namespace.
        termination.namespace = nil
        report.issues.append(ParseIssue(TerminationReasonParser.cutNamespaceNote(namespace), at: .line(line)))
      }
      report.termination = termination
    }
    if report.exception == nil { readMetricKitExceptionKeys() }
    markInstabugOnlyThreadCrashed()
    dropSentryLayoutCutNotes()
    report.leakedAssertions = leakedAssertions()
    AssertionListHeader.fill(&report.header, from: report.applicationSpecificInformation.map { Substring($0.value) })
    return report
  }

  /// Instabug's report of one thread under its `# Cause:` line writes the plain heading `Thread 0:`, no `[Crashed]`
  /// (Instabug/Instabug-iOS #405: the SIGTRAP's frames, all in the Instabug SDK, from `_NSFireTimer`): the only thread
  /// of the report is the one its handler caught the signal on, so it is read as the crashed thread, with a note.
  private mutating func markInstabugOnlyThreadCrashed() {
    guard report.threads.count == 1, !report.threads[0].crashed, !report.threads[0].frames.isEmpty,
      report.crashedThread == nil, report.issues.contains(where: { $0.message == Self.instabugCauseNote })
    else { return }
    report.threads[0].crashed = true
    report.issues.append(
      ParseIssue(
        "Instabug's report holds one thread, with no [Crashed] mark: it is read as the thread the signal was caught on",
        at: report.threads[0].location))
  }

  /// A text summary of a MetricKit crash writes the payload's metadata keys (`exceptionType: 10`, `signal: 9`,
  /// the Roam app's summaries) where a report has `Exception Type:`: read as the MetricKit reader reads the JSON,
  /// with a note, when the report has no exception block.
  private mutating func readMetricKitExceptionKeys() {
    var fields = report.header.fields
    // The summary's `Metadata:` block comes before its first `Thread N (attributed):` heading, which opens the
    // report: read the block just above the report (no blank line between, at most 16 lines).
    var index = range.lowerBound - 1
    var block: [HeaderField] = []
    var sawMetadata = false
    while index >= 0, range.lowerBound - index <= 16 {
      let text = TextScanning.trimmed(content(index))
      if text.isEmpty { break }
      if text == "Metadata:" {
        sawMetadata = true
        break
      }
      if let (key, value) = TextScanning.keyValue(text) {
        block.append(HeaderField(name: String(key), value: String(value), location: .line(index + 1)))
      }
      index -= 1
    }
    if sawMetadata { fields += block }
    let type = fields.first { $0.name == "exceptionType" }
    let signal = fields.first { $0.name == "signal" }
    let typeNumber = type.flatMap { Int($0.value) }
    let signalNumber = signal.flatMap { Int($0.value) }
    guard typeNumber != nil || signalNumber != nil else { return }
    var exception = ExceptionInfo()
    exception.type = typeNumber.flatMap(MachExceptionNames.exception)
    exception.signal = signalNumber.flatMap(MachExceptionNames.signal)
    guard exception.type != nil || exception.signal != nil else { return }
    exception.location = (typeNumber != nil ? type : signal)?.location
    report.exception = exception
    let written = [type, signal].compactMap { $0 }.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    report.issues.append(
      ParseIssue(
        "exception read from MetricKit's metadata keys (\(OneLineText.clean(written))); no Exception Type line",
        at: exception.location ?? .line(report.startLine)))
  }

  /// The reason's text with line breaks kept, for the `explanation:` of an RBSTerminateContext.
  private var explanationSource: String {
    var first = ""
    if let number = report.termination?.location?.line, number >= 1, number <= source.lineCount {
      let text = content(number - 1)
      first = String(TextScanning.keyValue(text)?.value ?? text)
    }
    return ([first] + terminationContinuation).joined(separator: "\n")
  }

  /// Assertions listed after `has active assertions beyond permitted time` in Application Specific Information.
  private func leakedAssertions() -> [ProcessAssertion] {
    let lines = report.applicationSpecificInformation
    guard
      let start = lines.firstIndex(where: {
        PlainSearch.contains("active assertions beyond permitted time", in: $0.value)
      })
    else {
      return []
    }
    let block = lines[start...]
    let joined = block.map(\.value).joined(separator: "\n")
    return ProcessAssertion.all(in: Substring(joined)).map { assertion in
      var located = assertion
      let probe = String(assertion.text.prefix(40))
      let line = block.first(where: { PlainSearch.contains(probe, in: $0.value) })?.location ?? block[start].location
      located.location = line
      return located
    }
  }
}
