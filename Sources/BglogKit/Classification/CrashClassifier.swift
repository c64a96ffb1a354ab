import Foundation

/// Says what killed the app in a report: a kind, a confidence, the evidence and advice.
///
/// The rules are ordered from the most specific signal to the least: an OS termination code names
/// the kind directly (refined by the stacks for 0x8badf00d), then the exception type, then what is
/// left. A report with nothing to go on is `insufficient-data`; one where nothing fits is `unknown`.
public struct CrashClassifier: Sendable {
  /// Creates a classifier.
  public init() {}

  /// Diagnoses one report.
  ///
  /// - Parameters:
  ///   - report: the parsed report.
  ///   - source: the text it was read from, used to quote evidence lines verbatim; optional.
  public func diagnose(_ report: CrashReport, source: SourceText? = nil) -> Diagnosis {
    var context = ClassifierContext(report: report, source: source)
    return context.diagnose()
  }
}

/// The working state of one classification: the report plus helpers to quote it.
struct ClassifierContext {
  let report: CrashReport
  let source: SourceText?
  let appImages: Set<String>
  /// Facts found while choosing the rule, shown first.
  var extraFacts: [Fact] = []

  init(report: CrashReport, source: SourceText?) {
    self.report = report
    self.source = source
    var images = report.appImageNames
    // Without Binary Images (a pasted excerpt) the header may not name the app either (cnblog2's report starts
    // at `Exception Type:`): the image holding `main`, the executable's entry point, is the app's.
    if report.binaryImages.isEmpty, let executable = Self.imageHoldingMain(report, known: images) {
      images.insert(executable)
      extraFacts.append(
        Fact(
          "app-image", "\(executable) (the image holding main(); the input has no Binary Images or process name for it)"
        ))
    }
    self.appImages = images
  }

  /// The image of the main thread's `main` frame when it is not already known as the app's and is not a known
  /// system image: only an executable holds `main`.
  static func imageHoldingMain(_ report: CrashReport, known: Set<String>) -> String? {
    guard let main = report.mainThread,
      let frame = main.frames.last(where: { $0.symbol == "main" }),
      !known.contains(frame.image), frame.image != "???", !frame.image.isEmpty,
      !isKnownSystemImage(frame.image), !isWaitPrimitiveImage(frame.image)
    else { return nil }
    return frame.image
  }

  // MARK: Quoting

  func quote(_ location: SourceLocation?, fallback: String) -> String {
    if let location, location.jsonPath == nil, let line = location.line, let source, line <= source.lineCount {
      let text = trimmedWhitespace(source.line(line))
      if !text.isEmpty { return text }
    }
    return fallback
  }

  func evidence(_ location: SourceLocation?, _ fallback: String, _ note: String) -> Evidence {
    Evidence(location: location, quote: quote(location, fallback: fallback), note: note)
  }

  /// The frame as one line: a symbol or image holding a newline (possible in JSON) is escaped here
  /// too, since evidence and facts quote it.
  func frameText(_ frame: StackFrame) -> String {
    var text = "\(frame.index.map(String.init) ?? "-") \(OneLineText.clean(frame.image))"
    if let symbol = frame.symbol {
      text += " \(OneLineText.clean(symbol))"
      if let offset = frame.symbolOffset { text += " + \(offset)" }
    } else if let base = frame.imageBase, let offset = frame.imageOffset {
      text += " 0x\(String(base, radix: 16)) + \(offset)"
    } else if let address = frame.address {
      text += " 0x\(String(address, radix: 16))"
    }
    return text
  }

  func frameEvidence(_ frame: StackFrame, _ note: String) -> Evidence {
    evidence(frame.location, frameText(frame), note)
  }

  var terminationEvidence: [Evidence] {
    // A description pasted without its Termination Reason line leaves nothing to quote here.
    guard let termination = report.termination,
      termination.location != nil || termination.code != nil || !termination.reason.isEmpty
    else { return [] }
    var fallback = "termination: \(termination.reason)"
    if let namespace = termination.namespace, let code = termination.code {
      fallback = "termination: namespace \(namespace), code \(hex(code))"
    }
    return [evidence(termination.location, fallback, "the OS termination reason")] + retypedReasonEvidence(termination)
  }

  /// The lines after a bare `Termination Reason:` that hold its `Namespace X` and `Code N` (the reason retyped
  /// over lines, Telegram-iOS #2294): the key's own line says nothing, so they are quoted too.
  private func retypedReasonEvidence(_ termination: TerminationInfo) -> [Evidence] {
    guard let line = termination.location?.line, termination.location?.jsonPath == nil, termination.code != nil,
      let first = termination.details.first, first.lowercased().hasPrefix("namespace"), let source,
      line < source.lineCount,
      TextScanning.keyValue(TextScanning.trimmed(source.line(line)))?.value.isEmpty == true
    else { return [] }
    var result: [Evidence] = []
    for (offset, detail) in termination.details.prefix(2).enumerated() {
      result.append(evidence(.line(line + 1 + offset), detail, "the OS termination reason, continued"))
      if TerminationReasonParser.head(Substring(detail)).code != nil
        || TerminationReasonParser.isCodeLine(Substring(detail))
      {
        break
      }
    }
    return result
  }

  var exceptionEvidence: [Evidence] {
    guard let exception = report.exception else { return [] }
    var result = [
      evidence(
        exception.location,
        "exception: \([exception.type, exception.signal.map { "(\($0))" }].compactMap { $0 }.joined(separator: " "))",
        "the exception type")
    ]
    if let subtype = exception.subtype, exception.codesLocation != nil || exception.location?.jsonPath != nil {
      result.append(evidence(exception.codesLocation, "exception subtype: \(subtype)", "where it faulted"))
    }
    return result
  }

  // MARK: Facts

  var baseFacts: [Fact] {
    var facts: [Fact] = extraFacts
    if let name = report.header.processName { facts.append(Fact("process", name)) }
    if let bundle = report.header.bundleIdentifier { facts.append(Fact("bundle-id", bundle)) }
    if let os = report.header.osVersion { facts.append(Fact("os-version", os)) }
    if let role = report.header.role { facts.append(Fact("role", role)) }
    if let exception = report.exception, let type = exception.type {
      facts.append(
        Fact("exception", [type, exception.signal.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")))
    }
    if let termination = report.termination {
      if let namespace = termination.namespace { facts.append(Fact("termination-namespace", namespace)) }
      if let code = termination.code { facts.append(Fact("termination-code", terminationCodeText(termination, code))) }
    }
    return facts
  }

  func terminationCodeText(_ termination: TerminationInfo, _ code: UInt64) -> String {
    termination.namespace?.uppercased() == "SIGNAL" ? String(code) : hex(code)
  }

  /// The termination description and details, and the Application Specific Information (where the
  /// oldest reports put "failed to launch in time" and the CPU figures).
  var descriptionText: String {
    ([report.termination?.description, report.termination?.details.joined(separator: " ")].compactMap { $0 }
      + report.applicationSpecificInformation.map(\.value)).joined(separator: " ")
  }

  // MARK: Rules

  mutating func diagnose() -> Diagnosis {
    var diagnosis = rule()
    addMappedFilePageIn(to: &diagnosis)
    if let triage = KernelTriage.fact(KernelTriage.lines(in: report, source: source)),
      !diagnosis.facts.contains(where: { $0.key == triage.key })
    {
      diagnosis.facts.append(triage)
    }
    if report.isQuotedInProse, diagnosis.confidence == .high {
      // The code is there, but as someone's quote of a report that is not in the input.
      diagnosis.confidence = .medium
      diagnosis.explanation +=
        " The input quotes the Termination Reason line in prose, without the report, so nothing else in the "
        + "report can be checked."
    }
    if report.isLowerCasedTermination, diagnosis.confidence == .high {
      // A page converter lower-cased the block (w3help.cc): the code is there, but not as the device wrote it.
      diagnosis.confidence = .medium
      diagnosis.explanation +=
        " The report's text was lower-cased by the page it was copied from, so it is not exactly as the device "
        + "wrote it."
    }
    if report.isGluedTerminationCode, diagnosis.confidence == .high {
      // The code runs into the next sentence (`0xdead10ccThe …`, a mirror of Apple's SIGKILL page): it is a known
      // code, but the line is damaged, so it is not exactly as the device wrote it.
      diagnosis.confidence = .medium
      diagnosis.explanation +=
        " The termination code is glued to the text after it on its line (the page lost a line break or blank), "
        + "so bglog read the known code at the start of that word; the line is not exactly as the device wrote it."
    }
    let gluedKeyLines = report.gluedKeyLines
    if !gluedKeyLines.isEmpty,
      diagnosis.evidence.contains(where: { $0.location?.line.map(gluedKeyLines.contains) == true })
    {
      // The deciding line's key was glued after other words (`およびException Codes: 0x8badf00d`, a machine-
      // translated page): bglog read it, but the line is damaged, so the reading stays low.
      diagnosis.confidence = .low
      diagnosis.explanation +=
        " The key on the deciding line is glued to the words before it (the page lost a line break or blank), so "
        + "bglog read it from there; the line is damaged, so the reading is low."
    }
    if report.isTerminationSummary, diagnosis.confidence != .low {
      // Someone's summary of a report's termination lines (nightscout/Trio #1109): the words are the report's,
      // but nothing else of the report (the main thread, the description's figures) can be checked.
      diagnosis.confidence = .low
      diagnosis.explanation +=
        " The input is a summary of the termination lines typed into prose, not the report, so the rest of the "
        + "report cannot be checked."
    }
    if report.format == .crashlytics { crashlyticsExport(&diagnosis) }
    if diagnosis.confidence == .high,
      report.issues.contains(where: { $0.message == TextReportBuilder.instabugCauseNote })
    {
      // Instabug's in-process handler names the signal; Apple's exception type and termination reason are not there.
      diagnosis.confidence = .medium
      diagnosis.explanation +=
        " Read from Instabug's crash report: its cause line gives the signal its handler caught, but not Apple's "
        + "exception type or termination reason to confirm the reading."
    }
    diagnosis.evidence = Self.mergingRepeats(diagnosis.evidence)
    return diagnosis
  }

  /// The same line quoted twice (the top frame that is also the Swift runtime check) is listed once,
  /// with both notes.
  static func mergingRepeats(_ evidence: [Evidence]) -> [Evidence] {
    var merged: [Evidence] = []
    for item in evidence {
      if let index = merged.firstIndex(where: { $0.location == item.location && $0.quote == item.quote }) {
        if !merged[index].note.contains(item.note) { merged[index].note += "; " + item.note }
      } else {
        merged.append(item)
      }
    }
    return merged
  }

  /// The rules, from the most specific signal down.
  mutating func rule() -> Diagnosis {
    switch report.category {
    case .jetsam: return jetsam()
    case .stackshot:
      // iOS 7–8 wrote a watchdog kill as a stackshot of every process (bug_type 188) whose
      // `Exception Code:` is the kill's code (0x8badf00d); only 0xbaaaaaad (or no code) is a stackshot.
      if let code = watchdogCode(), DiagnosisKind.forTerminationCode(code) != .stackshot {
        return byTerminationCode(code)
      }
      return notACrash(.stackshot)
    case .panic: return notACrash(.kernelPanic)
    case .other: return notACrash(.otherReport)
    case .resource:
      if let resource = report.resource { return resourceLimit(resource) }
      if let fromType = resourceFromBugTypeOnly() { return fromType }
    case .crash:
      break
    }
    if let code = watchdogCode() {
      return byTerminationCode(code)
    }
    // Before the description-only watchdog: watchOS 7 writes Carousel's reason with a SPRINGBOARD
    // description of the same transgression, and no code.
    if let refresh = carouselBackgroundRefresh() { return refresh }
    if let inferred = watchdogFromDescriptionOnly() { return inferred }
    if let locked = lockedFileFromSentenceOnly() { return locked }
    if let byNamespace = byTerminationNamespace() { return byNamespace }
    if let voip = pushKitKill() { return voip }
    if let cut = cutInsideExceptionLine() { return cut }
    if let fatal = crashlyticsFatalException() { return fatal }
    return byException()
  }

  /// The termination code when it is an OS kill code (not a signal number), also from the oldest
}

/// `0x8badf00d` for a code.
/// `text.trimmingCharacters(in: .whitespaces)`; Foundation is skipped when both ends are printable
/// ASCII, so there is nothing to trim (the common case for quoted report lines).
private func trimmedWhitespace(_ text: Substring) -> String {
  if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
    return String(text)
  }
  return text.trimmingCharacters(in: .whitespaces)
}

func hex(_ code: UInt64) -> String { "0x" + String(code, radix: 16) }

/// `30 s`, `1.28 s`.
func formatSeconds(_ seconds: Double) -> String { formatNumber(seconds) + " s" }

/// A number without trailing zeros.
func formatNumber(_ value: Double) -> String {
  if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
  var text = String(format: "%.3f", value)
  while text.hasSuffix("0") { text.removeLast() }
  return text
}
