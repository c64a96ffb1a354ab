/// Recognises the records that matter for a background timeline, in both eras: assertiond
/// (iOS 7–13), runningboardd (iOS 14+), SpringBoard/FrontBoard, nsurlsessiond, UIKit in the
/// app, and the user's markers. Everything else is ignored.
///
/// Matching is plain substring search on the message; only user markers use regular expressions.
struct TimelineEventRecognizer {
  let markers: [TimelineMarker]
  /// runningboardd assertion ids whose acquisition was kept, so their invalidation is too.
  private var keptAssertionIDs: [String: String] = [:]
  /// Last known visibility / role / task state per app, to turn state lines into transitions.
  private var lastState: [String: String] = [:]

  init(markers: [TimelineMarker]) {
    self.markers = markers
  }

  /// Processes that write about apps rather than being one.
  static let systemProcesses: Set<String> = [
    "SpringBoard", "assertiond", "runningboardd", "nsurlsessiond", "backboardd", "symptomsd",
    "kernel",
    "dasd", "locationd", "mediaserverd", "ReportCrash", "launchd", "installd", "coreduetd",
    "UserEventAgent",
  ]

  /// ``systemProcesses`` as UTF-8, for ``TimelineRecordFilter``.
  static let systemProcessBytes: [[UInt8]] = systemProcesses.map { Array($0.utf8) }

  mutating func recognize(_ entry: LogEntry) -> [(TimelineEvent, AppSubject)] {
    var results: [(TimelineEvent, AppSubject)] = []
    func add(
      _ kind: TimelineEvent.Kind, _ subject: AppSubject, detail: String = "",
      assertion: ProcessAssertion? = nil,
      named: [ProcessAssertion] = [], marker: String? = nil
    ) {
      guard !subject.isEmpty else { return }
      let event = TimelineEvent(
        kind: kind, line: entry.line, timestamp: entry.timestamp, clock: entry.clock,
        lane: entry.process,
        pid: subject.pid, detail: detail, assertion: assertion, namedAssertions: named,
        marker: marker,
        text: entry.firstLine.isEmpty ? String(entry.message.prefix(400)) : entry.firstLine)
      results.append((event, subject))
    }
    let message = entry.message
    switch entry.process {
    case "assertiond": recognizeAssertiond(entry, add)
    case "runningboardd": recognizeRunningboardd(entry, add)
    case "SpringBoard", "FrontBoard": recognizeSpringBoard(entry, add)
    case "nsurlsessiond": recognizeNSURLSessiond(entry, add)
    default:
      if !Self.systemProcesses.contains(entry.process) { recognizeApp(entry, add) }
    }
    for marker in markers where marker.matches(message) {
      add(
        .marker, AppSubject(name: entry.process, pid: entry.pid), detail: marker.name,
        marker: marker.name)
    }
    return results
  }

  // MARK: - assertiond

  private func recognizeAssertiond(
    _ entry: LogEntry,
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?)
      -> Void
  ) {
    let message = entry.message[...]
    guard let (subject, body) = Self.bracketSubject(message) else { return }
    let location = SourceLocation.line(entry.line)
    if body.contains("Setting up BG permission check timer") {
      let seconds = Self.text(after: "timer for ", in: body, until: [" ", "\n"]) ?? "?"
      add(.permissionTimer, subject, "BG permission check timer for \(seconds)", nil, [], nil)
    } else if body.contains("background permission expiration warning") {
      add(.expiryWarning, subject, "background permission expiration warning", nil, [], nil)
    } else if body.contains("Forcing crash report") {
      let named = ProcessAssertion.all(in: body, location: location)
      var detail = "forced crash report"
      if body.contains("beyond permitted time") {
        detail += ": assertions held beyond permitted time"
      }
      add(.crashed, subject, detail + Self.describe(named), nil, named, nil)
    } else if body.hasPrefix("Add assertion:") {
      let assertion = ProcessAssertion.all(in: body, location: location).first
      add(.assertionAcquired, subject, Self.describe(assertion), assertion, [], nil)
    } else if body.hasPrefix("Deactivate assertion:") || body.hasPrefix("Remove assertion:") {
      let assertion = ProcessAssertion.all(in: body, location: location).first
      add(.assertionInvalidated, subject, Self.describe(assertion), assertion, [], nil)
    } else if body.hasPrefix("Mutating assertion reason from ") {
      let change = body.dropFirst("Mutating assertion reason from ".count).replacingOccurrences(
        of: " to ", with: " → ")
      add(.assertionChanged, subject, "reason " + change, nil, [], nil)
    } else if body.hasPrefix("Process exited") {
      add(.exited, subject, "process exited", nil, [], nil)
    }
  }

  // MARK: - runningboardd

  private mutating func recognizeRunningboardd(
    _ entry: LogEntry,
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?)
      -> Void
  ) {
    let message = entry.message[...]
    if message.hasPrefix("Acquiring assertion targeting ") {
      let descriptionStart = message.range(of: "with description ")?.upperBound ?? message.endIndex
      var subject = Self.appSubject(in: message[..<descriptionStart])
      let assertions = ProcessAssertion.all(
        in: message[descriptionStart...], location: .line(entry.line))
      guard let assertion = assertions.first, Self.isBackgroundRelevant(assertion) else { return }
      if subject.pid == nil,
        let target = Self.text(
          after: "target:", in: message[descriptionStart...], until: [" ", ">"])
      {
        subject.pid = Int(target)
      }
      if let id = Self.text(after: "ID:", in: message[descriptionStart...], until: [" ", ">"]),
        keptAssertionIDs.count < 10_000
      {
        keptAssertionIDs[id] = assertion.name ?? ""
      }
      add(.assertionAcquired, subject, Self.describe(assertion), assertion, [], nil)
    } else if message.hasPrefix("Invalidating assertion ") {
      let id = Self.text(after: "Invalidating assertion ", in: message, until: [" "]) ?? ""
      guard let name = keptAssertionIDs.removeValue(forKey: id) else { return }
      add(.assertionInvalidated, Self.appSubject(in: message), "\"\(name)\" (\(id))", nil, [], nil)
    } else if message.contains("will expire soon") {
      add(.expiryWarning, Self.appSubject(in: message), "assertions will expire soon", nil, [], nil)
    } else if message.hasPrefix("Calculated state for ") {
      let subject = Self.appSubject(in: message)
      guard let key = subject.bundle,
        let role = Self.text(after: "(role: ", in: message, until: [")"])
      else { return }
      let previous = lastState["role:" + key]
      lastState["role:" + key] = role
      if role == "Background", let previous, previous != "Background" {
        add(.enteredBackground, subject, "role \(previous) → Background", nil, [], nil)
      }
    } else if message.contains("] Suspending task") || message.contains("] Resuming task") {
      let subject = Self.appSubject(in: message)
      let suspending = message.contains("Suspending")
      add(
        suspending ? .suspended : .resumed, subject,
        suspending ? "suspending task" : "resuming task", nil, [], nil)
    } else if message.contains("termination reported by launchd") {
      let codes = Self.text(after: "launchd ", in: message, until: ["\n"]) ?? ""
      add(
        .exited, Self.appSubject(in: message), "termination reported by launchd \(codes)", nil, [],
        nil)
    }
  }

  private static func isBackgroundRelevant(_ assertion: ProcessAssertion) -> Bool {
    if assertion.purpose != .other { return true }
    let name = assertion.name ?? ""
    return name.contains("Background") || name.contains("FinishTask")
      || name.contains("nsurlsessiond")
  }

  // MARK: - SpringBoard / FrontBoard

  private mutating func recognizeSpringBoard(
    _ entry: LogEntry,
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?)
      -> Void
  ) {
    let message = entry.message[...]
    if let range = message.range(of: "Bootstrapping ") {
      let rest = message[range.upperBound...]
      guard let with = rest.range(of: " with intent ") else { return }
      let subject = AppSubject(bundle: Self.bundle(fromIdentity: rest[..<with.lowerBound]))
      let intent = Self.text(after: " with intent ", in: rest, until: [" ", "\n"]) ?? ""
      if intent.hasPrefix("background") {
        add(.relaunchedInBackground, subject, "bootstrapped with intent \(intent)", nil, [], nil)
      } else {
        add(.launched, subject, "bootstrapped with intent \(intent)", nil, [], nil)
      }
    } else if message.hasPrefix("Application process state changed for ") {
      let rest = message.dropFirst("Application process state changed for ".count)
      guard let colon = rest.range(of: ": <") else { return }
      let bundle = Self.bundle(fromIdentity: rest[..<colon.lowerBound])
      var subject = AppSubject(bundle: bundle)
      subject.pid = Self.text(after: "pid: ", in: rest, until: [";", ">"]).flatMap { Int($0) }
      let visibility = Self.text(after: "visibility: ", in: rest, until: [";", ">"])
      let task = Self.text(after: "taskState: ", in: rest, until: [";", ">"])
      if let visibility {
        let previous = lastState["visibility:" + (bundle ?? "")]
        lastState["visibility:" + (bundle ?? "")] = visibility
        if visibility == "Background", previous != "Background" {
          add(.enteredBackground, subject, "visibility: Background", nil, [], nil)
        }
      }
      if let task {
        let previous = lastState["task:" + (bundle ?? "")]
        lastState["task:" + (bundle ?? "")] = task
        if task == "Suspended", previous != "Suspended" {
          add(.suspended, subject, "taskState: Suspended", nil, [], nil)
        } else if task == "Running", previous == "Suspended" {
          add(.resumed, subject, "taskState: Running", nil, [], nil)
        }
      }
    } else if message.contains("Received request to open \"") {
      let bundle = Self.text(after: "Received request to open \"", in: message, until: ["\""])
      let requester = Self.text(after: "\" from ", in: message, until: [".\n", " "]) ?? "?"
      let cleaned = requester.hasSuffix(".") ? String(requester.dropLast()) : requester
      add(.wakeRequest, AppSubject(bundle: bundle), "open requested by \(cleaned)", nil, [], nil)
    } else if message.contains("Process exited: ") {
      var subject = Self.appSubject(in: message)
      if subject.pid == nil, let bracket = Self.bracketSubject(message) { subject = bracket.0 }
      let (kind, detail) = Self.exitReason(message)
      add(kind, subject, detail, nil, [], nil)
    }
  }

  /// Reads `<RBSProcessExitContext| … status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>`.
  static func exitReason(_ message: Substring) -> (TimelineEvent.Kind, String) {
    // iOS 13/14 FrontBoard: `<FBProcessExitContext; watchdog ("watchdog provision violated")>`.
    if let context = text(after: "<FBProcessExitContext; ", in: message, until: [">"]) {
      if context.hasPrefix("watchdog") {
        let why = text(after: "(\"", in: context[...], until: ["\")"]) ?? "watchdog"
        return (.killed, "killed by the watchdog (\(why))")
      }
      return (.exited, "exited: \(context)")
    }
    let lowered = message.lowercased()
    if lowered.contains("user") && (lowered.contains("quit") || lowered.contains("request")) {
      return (.killed, "force quit by the user")
    }
    guard let domain = text(after: "domain:", in: message, until: [" ", ">"]) else {
      return (.exited, "process exited")
    }
    let code = text(after: "code:", in: message, until: [">", " "]) ?? "?"
    let domainName = String(domain.prefix(while: { $0 != "(" }))
    switch domainName {
    case "signal": return (.crashed, "exited: signal \(code)")
    case "jetsam": return (.killed, "killed by jetsam (\(code))")
    case "none", "exit": return (.exited, "exited normally (\(code))")
    default: return (.killed, "killed: \(domainName) \(code)")
    }
  }

  // MARK: - nsurlsessiond

  private func recognizeNSURLSessiond(
    _ entry: LogEntry,
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?)
      -> Void
  ) {
    let message = entry.message[...]
    guard message.hasPrefix("[C"),
      let bundle = Self.text(after: "bundle id: ", in: message, until: [",", "]"])
    else {
      return
    }
    let connection = Self.text(after: "[", in: message, until: [" "]) ?? "?"
    let host = Self.text(after: "\(connection) ", in: message, until: [" ", ","]) ?? ""
    let firstLine = message.prefix(while: { $0 != "\n" })
    if firstLine.hasSuffix("] start") {
      add(.transferStarted, AppSubject(bundle: bundle), "\(connection) \(host) start", nil, [], nil)
    } else if firstLine.hasSuffix("] cancel") {
      add(
        .transferCancelled, AppSubject(bundle: bundle), "\(connection) \(host) cancel", nil, [], nil
      )
    }
  }

  // MARK: - The app (UIKit)

  private func recognizeApp(
    _ entry: LogEntry,
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?)
      -> Void
  ) {
    let message = entry.message[...]
    let subject = AppSubject(name: entry.process, pid: entry.pid)
    if message.hasPrefix("Created background task ") {
      let name = Self.text(after: "taskName = ", in: message, until: [",", "\n"]) ?? "<unnamed>"
      let id = Self.text(after: "taskID = ", in: message, until: [",", " "])
      add(
        .backgroundTaskStarted, subject, "background task \(id.map { "\($0) " } ?? "")\(name)", nil,
        [], nil)
    } else if message.hasPrefix("Ending background task with UIBackgroundTaskIdentifier: ") {
      let id = message.dropFirst("Ending background task with UIBackgroundTaskIdentifier: ".count)
        .prefix(while: { $0.isNumber })
      add(.backgroundTaskEnded, subject, "background task \(id) ended", nil, [], nil)
    } else if message.contains("Can't end BackgroundTask") || message.contains("Can't endBackgroundTask") {
      // iOS 13+: `…with identifier 3 (0x3), or it may have already been ended`; older: `… 6c, or …`.
      let id = Self.text(after: "with identifier ", in: message, until: [",", " ("]) ?? "?"
      add(
        .backgroundTaskEnded, subject, "can't end background task \(id): none with that id (ended twice?)",
        nil, [], nil)
    } else if message.contains("was created over 30 seconds ago") {
      // `[BackgroundTask] Background Task 5 ("RNBackgroundTimer"), was created over 30 seconds ago.`
      let id = Self.text(after: "Background Task ", in: message, until: [" ", ","]) ?? "?"
      let name = Self.text(after: "(\"", in: message, until: ["\")"]).map { " \"\($0)\"" } ?? ""
      add(
        .expiryWarning, subject, "background task \(id)\(name) created over 30 seconds ago", nil, [], nil)
    } else if message.contains(
      "Background task still not ended after expiration handlers were called")
    {
      // `…: <_UIBackgroundTaskInfo: 0x…>: taskID = 30, taskName = Called by …, creationTime = …`
      let id = Self.text(after: "taskID = ", in: message, until: [",", " "]).map { " \($0)" } ?? ""
      add(
        .expiryWarning, subject, "background task\(id) still not ended after expiration handlers", nil,
        [], nil)
    } else if message.contains("handleEventsForBackgroundURLSession"),
      message.contains("completion handler"),
      message.contains("never called") || message.contains("not called")
        || message.contains("wasn't called")
    {
      add(
        .completionHandlerWarning, subject, "handleEvents completion handler not called", nil, [],
        nil)
    }
  }

  // MARK: - Helpers

  /// `[BackgroundDemo:12636] rest` → (name BackgroundDemo, pid 12636), `rest`.
  static func bracketSubject(_ message: Substring) -> (AppSubject, Substring)? {
    guard message.hasPrefix("["), let close = message.firstIndex(of: "]") else { return nil }
    let inside = message[message.index(after: message.startIndex)..<close]
    guard let colon = inside.lastIndex(of: ":"),
      let pid = Int(inside[inside.index(after: colon)...])
    else {
      return nil
    }
    let identity = inside[..<colon]
    var subject = AppSubject(pid: pid)
    if identity.contains("<") {
      subject.bundle = bundle(fromIdentity: identity)
    } else {
      subject.name = String(identity)
    }
    return (subject, message[message.index(after: close)...].drop(while: { $0 == " " }))
  }

  /// The first `app<bundle(…)>` / `application<bundle>` and the `:pid` after it, if any.
  static func appSubject(in text: Substring) -> AppSubject {
    for prefix in ["application<", "app<"] {
      guard let range = text.range(of: prefix) else { continue }
      let rest = text[range.upperBound...]
      let bundleEnd = rest.firstIndex(where: { $0 == "(" || $0 == ">" }) ?? rest.endIndex
      var subject = AppSubject(bundle: String(rest[..<bundleEnd]))
      if let close = rest.firstIndex(of: ">") {
        var after = rest[rest.index(after: close)...]
        if after.hasPrefix(")") { after = after.dropFirst() }
        if after.hasPrefix(":") {
          subject.pid = Int(after.dropFirst().prefix(while: { $0.isNumber }))
        }
      }
      return subject
    }
    return AppSubject()
  }

  /// `com.x`, `app<com.x>`, `app<com.x(UUID)>` → `com.x`.
  static func bundle(fromIdentity identity: Substring) -> String? {
    let trimmed = identity.trimmingCharacters(in: .whitespaces)[...]
    if trimmed.contains("<") { return appSubject(in: trimmed).bundle }
    return trimmed.isEmpty ? nil : String(trimmed)
  }

  /// The text after `marker`, up to the first of `stops` (or the end).
  static func text(after marker: String, in text: Substring, until stops: [String]) -> String? {
    guard let start = text.range(of: marker)?.upperBound else { return nil }
    let rest = text[start...]
    var end = rest.endIndex
    for stop in stops {
      if let found = rest.range(of: stop), found.lowerBound < end { end = found.lowerBound }
    }
    let value = rest[..<end]
    return value.isEmpty ? nil : String(value)
  }

  static func describe(_ assertion: ProcessAssertion?) -> String {
    guard let assertion else { return "assertion" }
    var parts: [String] = []
    if let name = assertion.name { parts.append("\"\(name)\"") }
    if let reason = assertion.reason { parts.append(reason) }
    if let seconds = assertion.durationSeconds { parts.append(formatSeconds(seconds)) }
    return parts.isEmpty ? "assertion" : parts.joined(separator: " ")
  }

  static func describe(_ assertions: [ProcessAssertion]) -> String {
    assertions.isEmpty ? "" : " " + assertions.map { describe($0) }.joined(separator: ", ")
  }

  static func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(saturating: seconds)) s" : "\(seconds) s"
  }
}
