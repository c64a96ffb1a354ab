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
    var context = Context(report: report, source: source)
    return context.diagnose()
  }
}

/// The working state of one classification: the report plus helpers to quote it.
private struct Context {
  let report: CrashReport
  let source: SourceText?
  let appImages: Set<String>
  /// Facts found while choosing the rule, shown first.
  var extraFacts: [Fact] = []

  init(report: CrashReport, source: SourceText?) {
    self.report = report
    self.source = source
    self.appImages = report.appImageNames
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

  func frameText(_ frame: StackFrame) -> String {
    var text = "\(frame.index.map(String.init) ?? "-") \(frame.image)"
    if let symbol = frame.symbol {
      text += " \(symbol)"
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
    guard let termination = report.termination else { return [] }
    var fallback = "termination: \(termination.reason)"
    if let namespace = termination.namespace, let code = termination.code {
      fallback = "termination: namespace \(namespace), code \(hex(code))"
    }
    return [evidence(termination.location, fallback, "the OS termination reason")]
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
    termination.namespace == "SIGNAL" ? String(code) : hex(code)
  }

  /// The termination description and details, and the Application Specific Information (where the
  /// oldest reports put "failed to launch in time" and the CPU figures).
  var descriptionText: String {
    ([report.termination?.description, report.termination?.details.joined(separator: " ")].compactMap { $0 }
      + report.applicationSpecificInformation.map(\.value)).joined(separator: " ")
  }

  // MARK: Rules

  mutating func diagnose() -> Diagnosis {
    switch report.category {
    case .jetsam: return jetsam()
    case .stackshot: return notACrash(.stackshot)
    case .panic: return notACrash(.kernelPanic)
    case .other: return notACrash(.otherReport)
    case .resource:
      if let resource = report.resource { return resourceLimit(resource) }
    case .crash:
      break
    }
    if let code = watchdogCode() {
      return byTerminationCode(code)
    }
    if let namespace = report.termination?.namespace?.uppercased() {
      switch namespace {
      case "CODESIGNING":
        return simple(.codeSigning, .high, "The kernel killed the process for a code-signing violation.")
      case "DYLD": return dyldFailure()
      case "JETSAM", "MEMORYSTATUS":
        return simple(.jetsam, .high, "Jetsam killed the process (termination namespace \(namespace)).")
      default: break
      }
    }
    return byException()
  }

  /// The termination code when it is an OS kill code (not a signal number), also from the oldest
  /// `Exception Codes: 0x8badf00d` form and from the `Exception Code:` of stackshots.
  func watchdogCode() -> UInt64? {
    if let termination = report.termination, let code = termination.code,
      termination.namespace?.uppercased() != "SIGNAL",
      termination.namespace?.uppercased() != "DYLD", termination.namespace?.uppercased() != "CODESIGNING"
    {
      if DiagnosisKind.forTerminationCode(code) != nil { return code }
    }
    if let codes = report.exception?.codes {
      for token in codes.split(whereSeparator: { $0 == "," || $0 == " " }) {
        let trimmed = token.lowercased()
        if trimmed.hasPrefix("0x"), let value = UInt64(trimmed.dropFirst(2), radix: 16),
          DiagnosisKind.forTerminationCode(value) != nil
        {
          return value
        }
      }
    }
    return nil
  }

  var codeEvidence: [Evidence] {
    if let termination = report.termination, termination.code != nil, termination.namespace?.uppercased() != "SIGNAL" {
      return terminationEvidence
    }
    if let exception = report.exception {
      return [
        evidence(
          exception.codesLocation ?? exception.location, "exception codes: \(exception.codes ?? "")",
          "the termination code")
      ]
    }
    return terminationEvidence
  }

  mutating func byTerminationCode(_ code: UInt64) -> Diagnosis {
    // The oldest reports carry the code in `Exception Codes: 0x8badf00d` rather than a reason line.
    if report.termination?.code == nil { extraFacts.append(Fact("termination-code", hex(code))) }
    let kind = DiagnosisKind.forTerminationCode(code) ?? .unknown
    switch kind {
    case .watchdogHang: return watchdog(code)
    case .backgroundTaskOverflow: return overflow(code)
    case .suspendedWithLockedFile: return lockedFile(code)
    case .stackshot: return notACrash(.stackshot)
    default:
      var facts = baseFacts
      if !facts.contains(where: { $0.key == "termination-code" }) { facts.append(Fact("termination-code", hex(code))) }
      var evidence = codeEvidence
      var explanation = "Termination code \(hex(code)) names this directly: \(kind.reference.meaning)"
      if kind == .leakedBackgroundTask || kind == .backgroundSessionCompletionNotCalled {
        evidence += assertionEvidence()
        if let main = report.mainThread, let first = StackAnalysis.firstAppFrame(main, appImages: appImages) {
          evidence.append(frameEvidence(first, "first app frame on the main thread"))
        }
      }
      if kind == .leakedBackgroundTask,
        report.leakedAssertions.contains(where: { $0.purpose == .backgroundSessionEvents })
      {
        explanation += " The leaked assertion belongs to nsurlsessiond's background session events, though."
      }
      return Diagnosis(
        kind: kind, confidence: .high,
        summary: "\(kind.reference.title) (\(hex(code))).",
        explanation: explanation, evidence: evidence, facts: facts)
    }
  }

  func assertionEvidence() -> [Evidence] {
    report.leakedAssertions.map { assertion in
      var note = "assertion held beyond permitted time"
      if let name = assertion.name { note += ": \"\(name)\"" }
      if let reason = assertion.reason {
        note += ", reason \(reason)"
        if let seconds = assertion.durationSeconds { note += " (\(formatSeconds(seconds)))" }
      }
      return evidence(assertion.location, assertion.text, note)
    }
  }

  /// Assertion text that the parser did not split into assertions (e.g. a FRONTBOARD explanation).
  func assertionTextEvidence() -> Evidence? {
    let marker = "active assertions beyond permitted time"
    if let line = report.applicationSpecificInformation.first(where: { PlainSearch.contains(marker, in: $0.value) }) {
      return evidence(line.location, line.value, "the system listed assertions held past their time")
    }
    if let termination = report.termination, PlainSearch.contains(marker, in: descriptionText) {
      return evidence(
        termination.descriptionLocation ?? termination.location, termination.description ?? marker,
        "the system listed assertions held past their time")
    }
    return nil
  }

  mutating func watchdog(_ code: UInt64) -> Diagnosis {
    var facts = baseFacts
    let details = WatchdogDetails(description: descriptionText)
    if let event = details.event { facts.append(Fact("watchdog-event", event)) }
    if let allowance = details.allowanceSeconds { facts.append(Fact("time-allowance", formatSeconds(allowance))) }
    if let visibility = details.visibility { facts.append(Fact("visibility", visibility)) }
    if let cpu = details.applicationCPUSeconds {
      facts.append(
        Fact(
          "application-cpu",
          formatSeconds(cpu) + (details.applicationCPUPercent.map { ", \(formatNumber($0))% CPU" } ?? "")))
    }
    var evidence = codeEvidence
    if let termination = report.termination, termination.descriptionLocation != nil, !details.isEmpty {
      evidence.append(
        self.evidence(termination.descriptionLocation, termination.description ?? "", "the watchdog's own account"))
    }

    // 1. The system named the assertions it held past their time: the strongest signal.
    if !report.leakedAssertions.isEmpty {
      evidence += assertionEvidence()
      let sessionAssertions = report.leakedAssertions.filter { $0.purpose == .backgroundSessionEvents }
      if !sessionAssertions.isEmpty {
        let names = sessionAssertions.compactMap(\.name).joined(separator: ", ")
        return Diagnosis(
          kind: .backgroundSessionCompletionNotCalled, confidence: .high,
          summary:
            "The app never called the background URLSession completion handler; nsurlsessiond's assertion "
            + "outlived its time and the system killed the app (\(hex(code))).",
          explanation:
            "The assertion held beyond permitted time is nsurlsessiond's (\(names)), which the system holds "
            + "while the app handles background session events and releases when the app calls the completion "
            + "handler of application(_:handleEventsForBackgroundURLSession:completionHandler:).",
          evidence: evidence, facts: facts)
      }
      let fetches = report.leakedAssertions.filter { $0.purpose == .backgroundFetch }
      if !fetches.isEmpty, !report.leakedAssertions.contains(where: { $0.purpose == .backgroundTask }) {
        return Diagnosis(
          kind: .backgroundFetchTimeout, confidence: .high,
          summary:
            "A background fetch never called its completion handler; its assertion outlived its time and the "
            + "system killed the app (\(hex(code))).",
          explanation:
            "The assertion held beyond permitted time is the background fetch's ("
            + fetches.compactMap(\.name).joined(separator: ", ")
            + "), which the system releases when the app calls the completion handler of "
            + "application(_:performFetchWithCompletionHandler:).",
          evidence: evidence, facts: facts)
      }
      let names = report.leakedAssertions.compactMap(\.name).joined(separator: ", ")
      return Diagnosis(
        kind: .leakedBackgroundTask, confidence: .high,
        summary: "A background task was never ended; the system killed the app when its time ran out (\(hex(code))).",
        explanation:
          "The report lists the assertions held beyond their permitted time (\(names.isEmpty ? "unnamed" : names)). "
          + "UIKit holds them for beginBackgroundTask until endBackgroundTask is called.",
        evidence: evidence, facts: facts)
    }
    if let text = assertionTextEvidence() {
      evidence.append(text)
      let sessions = text.quote.contains("nsurlsessiond.handlesession") || text.quote.contains("backgroundDownload")
      return Diagnosis(
        kind: sessions ? .backgroundSessionCompletionNotCalled : .leakedBackgroundTask, confidence: .medium,
        summary: sessions
          ? "An nsurlsessiond assertion outlived its time: the background session completion handler was not called."
          : "Assertions were held beyond their permitted time: a background task was not ended.",
        explanation:
          "The report says the app had assertions beyond permitted time, but bglog could not read the assertion "
          + "list itself, so which one is not certain.",
        evidence: evidence, facts: facts)
    }

    guard let main = report.mainThread, !main.frames.isEmpty else {
      return Diagnosis(
        kind: .watchdogHang, confidence: .low,
        summary: "The watchdog killed the app (\(hex(code))), but the report has no main-thread backtrace.",
        explanation:
          "0x8badf00d is a real hang when the main thread is blocked and a leaked background task when it is "
          + "idle; without the main thread's frames bglog cannot tell which.",
        advice: [
          "Get the report's backtraces (the full .ips or .crash) to tell a hang from a leaked background task.",
          "If the app was in the background: end every beginBackgroundTask with endBackgroundTask, on every path.",
          "If it was in the foreground: move blocking work (locks, semaphores, file or network I/O) off the main thread.",
        ],
        evidence: evidence, facts: facts)
    }
    let state = StackAnalysis.mainThreadState(main, appImages: appImages)
    let expirationHandler = StackAnalysis.firstFrame(
      in: [main], symbolPrefixes: ["workspaceNoteAssertionExpirationImminent", "_handleExpiration"])
    switch state {
    case .idleRunLoop(let frames, let symbolicated):
      evidence += frames.map { frameEvidence($0, "main thread idle in its run loop") }
      return idleWatchdog(code, details: details, symbolicated: symbolicated, evidence: evidence, facts: facts)
    case .blocked(let reason, let frame):
      facts.append(Fact("main-thread", reason))
      evidence.append(frameEvidence(frame, "main thread \(reason)"))
      if let app = StackAnalysis.firstAppFrame(main, appImages: appImages) {
        facts.append(Fact("first-app-frame", frameText(app)))
        if app != frame { evidence.append(frameEvidence(app, "first app frame on the main thread")) }
      }
      if let handler = expirationHandler {
        evidence.append(frameEvidence(handler, "inside the background task expiration handler"))
        facts.append(Fact("watchdog-event", "background task expiration handler"))
      }
      return hang(
        code, details: details, blocking: reason, inExpirationHandler: expirationHandler != nil,
        evidence: evidence, facts: facts)
    case .busy(let frame):
      if let frame {
        facts.append(Fact("first-app-frame", frameText(frame)))
        evidence.append(frameEvidence(frame, "main thread busy here"))
      }
      if let handler = expirationHandler {
        evidence.append(frameEvidence(handler, "inside the background task expiration handler"))
      }
      return hang(
        code, details: details, blocking: "busy running code", inExpirationHandler: expirationHandler != nil,
        evidence: evidence, facts: facts)
    }
  }

  func idleWatchdog(
    _ code: UInt64, details: WatchdogDetails, symbolicated: Bool, evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    var facts = facts
    facts.append(
      Fact("main-thread", "idle in its run loop" + (symbolicated ? "" : " (from the image sequence; unsymbolicated)")))
    var corroboration: [String] = []
    let namespace = report.termination?.namespace?.uppercased() ?? ""
    if namespace == "ASSERTIOND" {
      corroboration.append("the kill came from assertiond, which enforces background time")
    }
    if let role = report.header.role, ["background", "non ui"].contains(role.lowercased()) {
      corroboration.append("the process role was \(role)")
    }
    if details.visibility?.lowercased() == "background" { corroboration.append("the process was in the background") }
    if let cpu = details.applicationCPUSeconds, let allowance = details.allowanceSeconds, cpu < allowance * 0.1 {
      corroboration.append("the app used little CPU (\(formatSeconds(cpu)) of \(formatSeconds(allowance)))")
    } else if let percent = details.applicationCPUPercent, percent < 10 {
      corroboration.append("the app used little CPU (\(formatNumber(percent))%)")
    }
    // A named watchdog event other than background-task expiry is a deadline the app missed (launch,
    // scene-create, scene-update, process-exit...): an idle main thread then does not mean a leak.
    let busyCPU =
      (details.applicationCPUPercent ?? 0) >= 50
      || (details.applicationCPUSeconds.map { cpu in details.allowanceSeconds.map { cpu >= $0 * 0.5 } ?? false }
        ?? false)
    if busyCPU, let cpu = details.applicationCPUSeconds {
      return Diagnosis(
        kind: .watchdogHang, confidence: .low,
        summary:
          "The watchdog killed the app (\(hex(code))); the main thread was idle when sampled, but the app had "
          + "used a lot of CPU.",
        explanation:
          "An idle main thread usually means a leaked background task, but the app used "
          + "\(formatSeconds(cpu))\(details.applicationCPUPercent.map { " (\(formatNumber($0))%)" } ?? "") of CPU "
          + "before the kill: it was working, and the main thread's work likely finished just before the report "
          + "was taken." + (details.event.map { " The watchdog event was \($0)." } ?? ""),
        evidence: evidence, facts: facts)
    }
    if let event = details.event, !event.contains("background"), !event.contains("expir"),
      !event.contains("assertion")
    {
      return Diagnosis(
        kind: .watchdogHang, confidence: .low,
        summary: "The \(event) watchdog killed the app (\(hex(code))), but the main thread was idle when sampled.",
        explanation:
          "The watchdog event is \(event), a foreground deadline, yet the main thread sat idle in its run loop when "
          + "the report was taken; the blocking work may have ended just before the kill, or the main thread was "
          + "waiting for something outside this process. A leaked background task would not produce a \(event) event.",
        evidence: evidence, facts: facts)
    }
    if namespace == "<0XF>" {
      return Diagnosis(
        kind: .leakedBackgroundTask, confidence: .low,
        summary: "Watchdog kill (\(hex(code))) with an idle main thread, under the unnamed namespace <0xF>.",
        explanation:
          "An idle main thread with 0x8badf00d usually means a leaked background task. The namespace <0xF> "
          + "matches a known iOS 11.0.x bug (killed shortly after entering the background after a notification, "
          + "fixed in iOS 11.2; seed 001), so check the OS version before changing code.",
        evidence: evidence, facts: facts)
    }
    let confidence: Confidence = corroboration.isEmpty ? .medium : .high
    return Diagnosis(
      kind: .leakedBackgroundTask, confidence: confidence,
      summary:
        "A background task was never ended: the watchdog killed the app (\(hex(code))) while its main thread was "
        + "idle, not hung.",
      explanation:
        "0x8badf00d with the main thread idle in its run loop (mach_msg → __CFRunLoopServiceMachPort → "
        + "__CFRunLoopRun → CFRunLoopRunSpecific → GSEventRunModal → UIApplicationMain"
        + (symbolicated ? "" : ", recognised from the image sequence because the frames are unsymbolicated")
        + ") means nothing was blocking the app: the system killed it for holding background time it did not "
        + "give back."
        + (corroboration.isEmpty
          ? " Nothing else in the report confirms it (no assertion list, CPU figures or background role), so "
            + "this is likely but not certain."
          : " Also, " + corroboration.joined(separator: "; ") + "."),
      evidence: evidence, facts: facts)
  }

  func hang(
    _ code: UInt64, details: WatchdogDetails, blocking: String, inExpirationHandler: Bool,
    evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    let event = details.event ?? (inExpirationHandler ? "background task expiration" : nil)
    var summary = "The watchdog killed the app (\(hex(code))): its main thread was \(blocking)"
    if let event { summary += " during \(event)" }
    if let allowance = details.allowanceSeconds {
      let clock = details.allowanceIsCPUTime ? "CPU-time" : "wall-clock"
      summary += ", past its \(formatSeconds(allowance)) \(clock) allowance"
    }
    summary += "."
    var explanation = "0x8badf00d with a main thread that is not idle is a real hang: the app did not answer "
    explanation += event.map { "the \($0) deadline" } ?? "a system deadline"
    explanation += " because the main thread was \(blocking)."
    if inExpirationHandler {
      explanation += " The work runs inside the background task's expiration handler, which must return at once."
    }
    if details.allowanceIsCPUTime, let cpu = details.applicationCPUSeconds {
      explanation +=
        " The allowance is CPU time and the app used \(formatSeconds(cpu)) of it, so it was working, not only "
        + "waiting: profile the work for CPU as well."
    }
    var advice = DiagnosisKind.watchdogHang.reference.advice
    if inExpirationHandler {
      advice.insert("Make the expiration handler only end the task; move the file or network work out of it.", at: 0)
    }
    let confidence: Confidence = blocking.contains("unsymbolicated") ? .medium : .high
    return Diagnosis(
      kind: .watchdogHang, confidence: confidence, summary: summary, explanation: explanation,
      advice: advice, evidence: evidence, facts: facts)
  }

  func overflow(_ code: UInt64) -> Diagnosis {
    var evidence = codeEvidence
    var facts = baseFacts
    let handler = StackAnalysis.firstFrame(
      in: report.threads, symbolPrefixes: ["workspaceNoteAssertionExpirationImminent", "_handleExpiration"])
    let tasks = StackAnalysis.firstFrame(
      in: report.threads,
      symbolPrefixes: ["_endBackgroundTask", "beginBackgroundTask", "_UIBackgroundTaskInfo", "BKSAssertion"])
    var summary = "Too many background tasks or a slow expiration handler (\(hex(code)))."
    var explanation = "0xbada5e47 means the app had more background tasks than allowed (about 1000) or an "
    explanation += "expiration handler that did not return in time."
    var confidence = Confidence.high
    if let handler {
      evidence.append(frameEvidence(handler, "inside a background task expiration handler"))
      facts.append(Fact("variant", "slow expiration handler"))
      summary = "A background task expiration handler was too slow (\(hex(code)))."
      explanation += " The stack is inside the expiration handler, so it was the slow handler."
    } else if let tasks {
      evidence.append(frameEvidence(tasks, "the main thread is beginning or ending background tasks"))
      facts.append(Fact("variant", "too many background tasks"))
      summary = "The app had too many background tasks (\(hex(code)))."
      explanation += " The main thread is busy beginning or ending background tasks, which points to too many tasks."
    } else {
      confidence = .medium
      explanation += " The stacks do not show which of the two it was."
    }
    return Diagnosis(
      kind: .backgroundTaskOverflow, confidence: confidence, summary: summary,
      explanation: explanation, evidence: evidence, facts: facts)
  }

  func lockedFile(_ code: UInt64) -> Diagnosis {
    var evidence = codeEvidence
    var facts = baseFacts
    // The thread using the locked resource: its innermost SQLite or file-locking frame, and its top
    // frame (what it was doing at suspension, e.g. `guarded_pwrite_np` under `writeJournalHdr`).
    let isLockFrame = LockFrameTest.isLockFrame
    let lockThread = report.threads.first { $0.frames.contains(where: isLockFrame) }
    let lockFrame = lockThread?.frames.first(where: isLockFrame)
    if let lockThread, let top = lockThread.frames.first, top != lockFrame {
      let name = lockThread.index.map { "thread \($0)" } ?? "a thread"
      evidence.append(frameEvidence(top, "\(name) was here when the app was suspended"))
      if let index = lockThread.index { facts.append(Fact("lock-thread", String(index))) }
    }
    if let lockThread, let app = StackAnalysis.firstAppFrame(lockThread, appImages: appImages) {
      evidence.append(frameEvidence(app, "the app code that started this database or file work"))
      facts.append(Fact("first-app-frame", frameText(app)))
    }
    var explanation = "0xdead10cc means the app held a file lock or SQLite lock when it was suspended."
    // iOS 15+ names the files: `[app<…>:812] was suspended with locked system files: /…/notes.sqlite`.
    if let termination = report.termination,
      let range = PlainSearch.range(of: "locked system files:", in: descriptionText)
    {
      let rest = descriptionText[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
      let path = rest.prefix(while: { !$0.isWhitespace && $0 != ">" })
      if !path.isEmpty {
        facts.append(Fact("locked-file", String(path)))
        explanation += " The system names the locked file: \(path)."
        evidence.append(
          self.evidence(
            termination.descriptionLocation ?? termination.location, "locked system files: \(path)",
            "the file the app still had locked"))
      }
    }
    if lockFrame == nil, let blamed = report.blamedThread, let top = blamed.frames.first,
      let blocked = StackAnalysis.blockingReason(blamed),
      blocked.reason.contains("I/O") || blocked.reason.contains("SQLite")
    {
      evidence.append(frameEvidence(top, "the blamed thread was \(blocked.reason)"))
      explanation += " The blamed thread was \(blocked.reason) (\(top.symbol ?? top.image))."
    } else if let lockFrame {
      evidence.append(frameEvidence(lockFrame, "a thread is using the locked resource"))
      facts.append(Fact("lock-frame", frameText(lockFrame)))
      let name = lockThread?.index.map { "Thread \($0)" } ?? "A thread"
      explanation += " \(name) was inside \(lockFrame.symbol ?? lockFrame.image) at the time."
    } else if !facts.contains(where: { $0.key == "locked-file" }) {
      explanation += " No thread shows SQLite or file-locking frames, so look for work that finished just before."
    }
    return Diagnosis(
      kind: .suspendedWithLockedFile, confidence: .high,
      summary: "The app was suspended while holding a file or database lock (\(hex(code))).",
      explanation: explanation, evidence: evidence, facts: facts)
  }

  func jetsam() -> Diagnosis {
    let killed = report.jetsam?.killed ?? []
    var facts = baseFacts
    let evidence = killed.map { process in
      self.evidence(process.location, "\(process.name): reason \(process.reason ?? "")", "killed by jetsam")
    }
    guard !killed.isEmpty else {
      return Diagnosis(
        kind: .jetsam, confidence: .medium,
        summary: "A jetsam event, but no process in it carries a kill reason.",
        explanation: "The report is a JetsamEvent; bglog could not find which process was killed.",
        evidence: evidence, facts: facts)
    }
    for process in killed { facts.append(Fact("killed", "\(process.name) (\(process.reason ?? ""))")) }
    let names = killed.map { "\($0.name) (\($0.reason ?? ""))" }.joined(separator: ", ")
    let frontmost = killed.filter { $0.states.contains("frontmost") }.map(\.name)
    var explanation = "The jetsam event lists the killed processes with their reasons: \(names)."
    if !frontmost.isEmpty { explanation += " Frontmost: \(frontmost.joined(separator: ", "))." }
    // Apple's own processes (SpringBoard, daemons) are killed at their limits too; then there is
    // nothing to change in an app.
    let systemNames: Set<String> = [
      "SpringBoard", "backboardd", "mediaserverd", "locationd", "assertiond", "runningboardd",
    ]
    let allSystem = killed.allSatisfy { process in
      systemNames.contains(process.name) || (process.bundleIdentifier?.hasPrefix("com.apple.") ?? false)
    }
    if allSystem {
      explanation +=
        " Every killed process is part of the system, not a third-party app: unless your app was the one "
        + "using the memory (see the largest processes), there is nothing to change in it."
    }
    return Diagnosis(
      kind: .jetsam, confidence: .high,
      summary: "Jetsam killed \(names).",
      explanation: explanation, evidence: evidence, facts: facts)
  }

  func resourceLimit(_ resource: ResourceEvent) -> Diagnosis {
    let event = resource.event.lowercased()
    let wakeups = event.contains("wakeup")
    let kind: DiagnosisKind
    if wakeups {
      kind = .wakeupsLimit
    } else if event.contains("cpu") {
      kind = .cpuLimit
    } else if event.contains("hang") {
      kind = .hangReport
    } else if event.contains("disk") || event.contains("write") {
      kind = .diskWritesLimit
    } else {
      return Diagnosis(
        kind: .unknown, confidence: .low,
        summary: "A resource report for \"\(resource.event)\", which bglog does not know.",
        explanation: "The report names the resource event \"\(resource.event)\"; none of bglog's rules covers it.",
        evidence: [self.evidence(resource.location, "Event: \(resource.event)", "the resource event")], facts: baseFacts
      )
    }
    if kind == .hangReport || kind == .diskWritesLimit {
      return Diagnosis(
        kind: kind, confidence: .high, summary: kind.reference.title + (resource.summary.map { ": \($0)" } ?? "") + ".",
        explanation: kind.reference.meaning,
        evidence: [
          self.evidence(
            resource.location, "\(resource.event)" + (resource.summary.map { ": \($0)" } ?? ""), "the diagnostic")
        ],
        facts: baseFacts)
    }
    var evidence = [self.evidence(resource.location, "Event: \(resource.event)", "the resource event")]
    if let action = resource.actionTaken {
      evidence.append(self.evidence(resource.actionLocation, "Action taken: \(action)", "what the system did"))
    }
    var facts = baseFacts
    if let summary = resource.summary { facts.append(Fact("limit", summary)) }
    let fatal = resource.isFatal
    return Diagnosis(
      kind: kind, confidence: resource.actionTaken == nil ? .medium : .high,
      summary: fatal
        ? "The system killed the process for exceeding its \(wakeups ? "wakeups" : "CPU") limit."
        : "The process exceeded its \(wakeups ? "wakeups" : "CPU") limit (not killed).",
      explanation: (resource.summary ?? "A resource limit report.")
        + (fatal ? " Action taken: \(resource.actionTaken ?? "")." : ""),
      evidence: evidence, facts: facts)
  }

  func dyldFailure() -> Diagnosis {
    var evidence = terminationEvidence
    if let termination = report.termination {
      for detail in termination.details.prefix(3) {
        evidence.append(self.evidence(nil, detail, "dyld's reason"))
      }
    }
    let library = report.termination?.details.first(where: { $0.contains("Library not loaded") })
    return Diagnosis(
      kind: .dyldLaunchFailure, confidence: .high,
      summary: "dyld could not launch the app"
        + (library.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? "."),
      explanation: "The termination namespace is DYLD: the process died before main().",
      evidence: evidence, facts: baseFacts)
  }

  func notACrash(_ kind: DiagnosisKind) -> Diagnosis {
    var evidence: [Evidence] = []
    if let other = report.otherDescription {
      evidence.append(self.evidence(other.location, other.value, "what the report says it is"))
    }
    evidence += codeEvidence.filter { _ in kind == .stackshot }
    var facts = baseFacts
    if let bugType = report.bugType { facts.append(Fact("bug-type", bugType)) }
    return Diagnosis(
      kind: kind, confidence: .high,
      summary: kind.reference.title + ".",
      explanation: kind.reference.meaning + (report.otherDescription.map { " It says: \($0.value)" } ?? ""),
      evidence: evidence, facts: facts)
  }

  func simple(_ kind: DiagnosisKind, _ confidence: Confidence, _ summary: String) -> Diagnosis {
    Diagnosis(
      kind: kind, confidence: confidence, summary: summary, explanation: kind.reference.meaning,
      evidence: terminationEvidence + exceptionEvidence, facts: baseFacts)
  }

  // MARK: Exceptions

  func byException() -> Diagnosis {
    let exception = report.exception
    let type = exception?.type?.uppercased() ?? ""
    let signal = exception?.signal?.uppercased() ?? signalFromTermination() ?? ""
    let all = type + " " + signal
    let crashed = report.blamedThread
    var evidence = exceptionEvidence + terminationEvidence.filter { _ in report.termination?.namespace != nil }
    var facts = baseFacts

    func addCrashedThread() {
      guard let crashed else { return }
      if let index = crashed.index { facts.append(Fact("crashed-thread", String(index))) }
      if let top = crashed.frames.first { evidence.append(frameEvidence(top, "top frame of the crashed thread")) }
      if let app = StackAnalysis.firstAppFrame(crashed, appImages: appImages), app != crashed.frames.first {
        evidence.append(frameEvidence(app, "first app frame of the crashed thread"))
        facts.append(Fact("first-app-frame", frameText(app)))
      }
    }

    if type == "DEADLOCK"
      || report.applicationSpecificInformation.contains(where: { $0.value.lowercased().contains("deadlock") })
    {
      if let line = report.applicationSpecificInformation.first(where: { $0.value.lowercased().contains("deadlock") }) {
        evidence.append(self.evidence(line.location, line.value, "the in-app reporter's deadlock marker"))
      }
      if let main = report.mainThread, let blocked = StackAnalysis.blockingReason(main) {
        evidence.append(frameEvidence(blocked.frame, "main thread \(blocked.reason)"))
        facts.append(Fact("main-thread", blocked.reason))
      }
      return Diagnosis(
        kind: .mainThreadDeadlock, confidence: .medium,
        summary: "An in-app crash reporter saw the main thread deadlock; the OS did not report a kill code.",
        explanation:
          "The report comes from an in-app reporter that detected a stuck main thread. Without an OS "
          + "termination code this is not an Apple watchdog (0x8badf00d) kill, and the app may have recovered.",
        evidence: evidence, facts: facts)
    }
    if all.contains("EXC_BAD_ACCESS") && !signal.contains("SIGKILL") || signal.contains("SIGSEGV")
      || signal.contains("SIGBUS") || type == "SIGSEGV" || type == "SIGBUS"
    {
      addCrashedThread()
      var summary = "A bad memory access (\(signal.isEmpty ? type : signal))"
      if let subtype = exception?.subtype { summary += " at \(subtype)" }
      if let index = crashed?.index { summary += " on thread \(index)" }
      summary += "."
      return Diagnosis(
        kind: .badAccess, confidence: .high, summary: summary,
        explanation: DiagnosisKind.badAccess.reference.meaning
          + ((crashed?.index ?? 0) != 0
            ? " The crash is on a background thread, so the main thread's state says nothing about it." : ""),
        evidence: evidence, facts: facts)
    }
    if signal.contains("SIGABRT") || type == "SIGABRT" {
      addCrashedThread()
      var summary = "The app aborted (SIGABRT)"
      if let name = uncaughtExceptionName() {
        summary += ": uncaught \(name.value)"
        facts.append(Fact("exception-name", name.value))
        evidence.append(self.evidence(name.location, name.value, "the uncaught exception"))
      } else if let line = report.applicationSpecificInformation.first {
        evidence.append(self.evidence(line.location, line.value, "application specific information"))
      }
      if let last = report.lastExceptionBacktrace,
        let app = StackAnalysis.firstAppFrame(last, appImages: appImages) ?? last.frames.first
      {
        evidence.append(frameEvidence(app, "where the exception was thrown (Last Exception Backtrace)"))
      }
      return Diagnosis(
        kind: .abort, confidence: .high, summary: summary + ".",
        explanation: DiagnosisKind.abort.reference.meaning, evidence: evidence, facts: facts)
    }
    if all.contains("EXC_BREAKPOINT") || all.contains("EXC_BAD_INSTRUCTION") || signal.contains("SIGTRAP")
      || signal.contains("SIGILL") || type == "SIGTRAP" || type == "SIGILL"
    {
      addCrashedThread()
      let swiftFrame = crashed.flatMap { thread in
        thread.frames.prefix(6).first(where: {
          ($0.symbol ?? "").contains("assertionFailure") || ($0.symbol ?? "").contains("fatalError")
            || $0.image == "libswiftCore.dylib"
        })
      }
      if let swiftFrame { evidence.append(frameEvidence(swiftFrame, "Swift runtime check")) }
      return Diagnosis(
        kind: .trap, confidence: .high,
        summary: "The app hit a trap (\(signal.isEmpty ? type : signal))"
          + (swiftFrame != nil ? ": a Swift runtime check failed." : "."),
        explanation: DiagnosisKind.trap.reference.meaning, evidence: evidence, facts: facts)
    }
    if type.contains("EXC_RESOURCE") {
      let subtype = (exception?.subtype ?? "") + " " + (exception?.message ?? "")
      let kind: DiagnosisKind =
        subtype.uppercased().contains("WAKEUP")
        ? .wakeupsLimit
        : subtype.uppercased().contains("MEMORY") ? .jetsam : .cpuLimit
      return Diagnosis(
        kind: kind, confidence: .medium, summary: "\(kind.reference.title) (EXC_RESOURCE).",
        explanation: kind.reference.meaning, evidence: evidence, facts: facts)
    }
    if report.exception == nil && report.termination == nil {
      if let fromAssertions = assertionsWithoutCode() { return fromAssertions }
      if report.threads.isEmpty {
        return Diagnosis(
          kind: .insufficientData, confidence: .high,
          summary: "The report stops before the exception, termination reason and backtraces.",
          explanation: "Only \(report.header.fields.count) header lines were readable; there is nothing to classify.",
          evidence: report.header.fields.suffix(1).map {
            self.evidence($0.location, "\($0.name): \($0.value)", "last readable line")
          },
          facts: facts)
      }
      // Backtraces without an exception or termination reason: a pasted fragment. Say what the main
      // thread shows, but do not guess the cause without a code.
      var explanation = "The report has \(report.threads.count) thread(s) but no exception type or termination "
      explanation += "reason, so there is no code to say what killed the app."
      if let main = report.mainThread, let idle = StackAnalysis.idleRunLoopFrames(main) {
        evidence += idle.frames.map { frameEvidence($0, "main thread idle in its run loop") }
        facts.append(Fact("main-thread", "idle in its run loop"))
        explanation +=
          " The main thread is idle in its run loop: with 0x8badf00d that would mean a leaked background task, "
          + "with a crash code it means the crash was on another thread. Find the Termination Reason line."
      }
      return Diagnosis(
        kind: .insufficientData, confidence: .high,
        summary: "Backtraces only: no exception type or termination reason to classify.",
        explanation: explanation, evidence: evidence, facts: facts)
    }
    addCrashedThread()
    var seen: [String] = []
    if !type.isEmpty { seen.append("exception \(type)\(signal.isEmpty ? "" : " (\(signal))")") }
    if let termination = report.termination { seen.append("termination \"\(termination.reason)\"") }
    if report.exception == nil && report.termination == nil {
      seen.append("\(report.threads.count) thread(s) and no exception or termination reason")
    }
    return Diagnosis(
      kind: .unknown, confidence: .low,
      summary: "No known cause fits: " + seen.joined(separator: ", ") + ".",
      explanation:
        "bglog saw " + seen.joined(separator: " and ")
        + " and none of its rules matched. "
        + (signal == "SIGKILL"
          ? "SIGKILL without a termination code means another process killed it without saying why." : ""),
      evidence: evidence, facts: facts)
  }

  /// A report excerpt with the system's list of assertions held beyond permitted time but no
  /// termination code (a pasted Application Specific Information block): the list itself says why.
  func assertionsWithoutCode() -> Diagnosis? {
    guard !report.leakedAssertions.isEmpty else { return nil }
    var evidence: [Evidence] = []
    if let text = assertionTextEvidence() { evidence.append(text) }
    evidence += assertionEvidence()
    let purposes = Set(report.leakedAssertions.map(\.purpose))
    let kind: DiagnosisKind =
      purposes.contains(.backgroundSessionEvents)
      ? .backgroundSessionCompletionNotCalled
      : purposes == [.backgroundFetch] ? .backgroundFetchTimeout : .leakedBackgroundTask
    let names = report.leakedAssertions.compactMap(\.name).joined(separator: ", ")
    return Diagnosis(
      kind: kind, confidence: .medium,
      summary: "The system lists assertions held beyond their permitted time: \(kind.reference.title.lowercased()).",
      explanation:
        "The report names the assertions the app held past their time (\(names.isEmpty ? "unnamed" : names)); "
        + "the system kills an app for that with 0x8badf00d. This excerpt has no termination reason, so the kill "
        + "itself is not shown.",
      evidence: evidence, facts: baseFacts)
  }

  func signalFromTermination() -> String? {
    guard let termination = report.termination, termination.namespace?.uppercased() == "SIGNAL" else { return nil }
    switch termination.code {
    case 4: return "SIGILL"
    case 5: return "SIGTRAP"
    case 6: return "SIGABRT"
    case 9: return "SIGKILL"
    case 10: return "SIGBUS"
    case 11: return "SIGSEGV"
    default:
      return termination.reason.uppercased().contains("ABORT") ? "SIGABRT" : nil
    }
  }

  func uncaughtExceptionName() -> Located<String>? {
    for line in report.applicationSpecificInformation {
      if let range = PlainSearch.range(of: "uncaught exception '", in: line.value) {
        let rest = line.value[range.upperBound...]
        if let end = rest.firstIndex(of: "'") { return Located(String(rest[..<end]), at: line.location) }
      }
    }
    if let message = report.exception?.message, !message.isEmpty, let location = report.exception?.location {
      return Located(message, at: location)
    }
    return nil
  }
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
