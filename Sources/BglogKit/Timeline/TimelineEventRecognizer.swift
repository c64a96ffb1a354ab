/// Recognises the records that matter for a background timeline, in both eras: assertiond
/// (iOS 7–13), runningboardd (iOS 14+), SpringBoard/FrontBoard, nsurlsessiond, UIKit in the
/// app, and the user's markers. Everything else is ignored.
///
/// Matching is plain substring search on the message; only user markers use regular expressions.
struct TimelineEventRecognizer {
  let markers: [TimelineMarker]
  /// runningboardd assertion ids whose acquisition was kept, so their invalidation is too.
  private var keptAssertionIDs: [String: String] = [:]
  /// runningboardd assertion ids whose acquisition was seen and not kept (not background-relevant), so
  /// their invalidation is not either; an invalidation of an id never seen gives an event.
  private var seenAssertionIDs: Set<String> = []
  /// Last known visibility / role / task state per app, to turn state lines into transitions.
  private var lastState: [String: String] = [:]
  /// What the message-first recognisers remember.
  private var messageState = MessageRecognizerState()

  init(markers: [TimelineMarker]) {
    self.markers = markers
  }

  /// Who each pid is, as far as the lines read say (``MessageRecognizerState/namedPIDs``).
  var namedPIDs: [Int: AppSubject] { messageState.namedPIDs }

  /// Processes that write about apps rather than being one.
  static let systemProcesses: Set<String> = [
    "SpringBoard", "assertiond", "runningboardd", "nsurlsessiond", "backboardd", "symptomsd",
    "kernel",
    "dasd", "locationd", "mediaserverd", "ReportCrash", "launchd", "installd", "coreduetd",
    "UserEventAgent",
  ]

  /// ``systemProcesses`` as UTF-8, for ``TimelineRecordFilter``.
  static let systemProcessBytes: [[UInt8]] = systemProcesses.map { Array($0.utf8) }

  /// Offers `store` the events `entry` shows, in order.
  mutating func recognize(_ entry: LogEntry, into store: inout TimelineEventStore) {
    func make(
      _ kind: TimelineEvent.Kind, _ subject: AppSubject, _ detail: String, _ assertion: ProcessAssertion?,
      _ named: [ProcessAssertion], _ marker: String?
    ) -> TimelineEvent {
      TimelineEvent(
        kind: kind, line: entry.line, timestamp: entry.timestamp, clock: entry.clock,
        lane: entry.process,
        pid: subject.pid, detail: detail, assertion: assertion, namedAssertions: named,
        marker: marker,
        text: entry.firstLine.isEmpty ? String(entry.message.prefix(400)) : entry.firstLine)
    }
    func add(
      _ kind: TimelineEvent.Kind, _ subject: AppSubject, detail: String = "",
      assertion: ProcessAssertion? = nil,
      named: [ProcessAssertion] = [], marker: String? = nil
    ) {
      guard !subject.isEmpty else { return }
      store.offer(subject) { make(kind, subject, detail, assertion, named, marker) }
    }
    /// For details that cost something to work out (assertions): built only for kept events.
    func addLazily(
      _ kind: TimelineEvent.Kind, _ subject: AppSubject,
      _ details: () -> (detail: String, assertion: ProcessAssertion?, named: [ProcessAssertion])
    ) {
      guard !subject.isEmpty else { return }
      store.offer(subject) {
        let found = details()
        return make(kind, subject, found.detail, found.assertion, found.named, nil)
      }
    }
    let message = entry.message
    switch entry.process {
    case "assertiond": recognizeAssertiond(entry, addLazily)
    case "runningboardd": recognizeRunningboardd(entry, add)
    case "SpringBoard", "FrontBoard": recognizeSpringBoard(entry, add)
    case "nsurlsessiond": recognizeNSURLSessiond(entry, add)
    default:
      // Another writer's words under another process name, or no header: read by the message.
      switch Self.writer(of: message[...]) {
      case .assertiond: recognizeAssertiond(entry, addLazily)
      case .runningboardd: recognizeRunningboardd(entry, add)
      case .springBoard: recognizeSpringBoard(entry, add)
      case .nsurlsessiond: recognizeNSURLSessiond(entry, add)
      case nil: break
      }
    }
    // Message-first recognisers (UIKit, legacy SpringBoard, kernel, BackgroundTasks…).
    let header = MessageHeader(process: entry.process, pid: entry.pid)
    for event in MessageRecognizers.read(message[...], header: header, state: &messageState) {
      add(event.kind, event.subject, detail: event.detail, assertion: event.assertion, named: event.named)
    }
    for marker in markers where marker.matches(message) {
      // A headerless line names no writer: the marker goes to the unnamed app, never to a nameless one.
      let subject = entry.process.isEmpty ? AppSubject.unnamedApp : AppSubject(name: entry.process, pid: entry.pid)
      add(
        .marker, subject, detail: marker.name,
        marker: marker.name)
    }
  }

  // MARK: - assertiond

  private func recognizeAssertiond(
    _ entry: LogEntry,
    _ add: (
      TimelineEvent.Kind, AppSubject,
      () -> (detail: String, assertion: ProcessAssertion?, named: [ProcessAssertion])
    ) -> Void
  ) {
    let message = entry.message[...]
    guard let (subject, body) = Self.bracketSubject(message) else { return }
    let location = SourceLocation.line(entry.line)
    switch Self.assertiondLine(body) {
    case .permissionTimer?:
      add(.permissionTimer, subject) {
        let seconds = Self.text(after: "timer for ", in: body, until: [" ", "\n"]) ?? "?"
        return ("BG permission check timer for \(seconds)", nil, [])
      }
    case .expiryWarning?:
      add(.expiryWarning, subject) { ("background permission expiration warning", nil, []) }
    case .forcedCrash?:
      add(.crashed, subject) {
        let named = ProcessAssertion.all(in: body, location: location)
        var detail = "forced crash report"
        if Self.contains(body, "beyond permitted time") {
          detail += ": assertions held beyond permitted time"
        }
        return (detail + Self.describe(named), nil, named)
      }
    case .added?:
      add(.assertionAcquired, subject) {
        let assertion = ProcessAssertion.all(in: body, location: location).first
        return (Self.describe(assertion), assertion, [])
      }
    case .invalidated?:
      add(.assertionInvalidated, subject) {
        let assertion = ProcessAssertion.all(in: body, location: location).first
        return (Self.describe(assertion), assertion, [])
      }
    case .reasonChanged?:
      add(.assertionChanged, subject) {
        let change = body.dropFirst("Mutating assertion reason from ".count).replacingOccurrences(
          of: " to ", with: " → ")
        return ("reason " + change, nil, [])
      }
    case .exited?:
      add(.exited, subject) { ("process exited", nil, []) }
    case nil: break
    }
  }

  /// The kinds of assertiond line ``recognizeAssertiond(_:_:)`` reads, tested in this order.
  private enum AssertiondLine {
    case permissionTimer, expiryWarning, forcedCrash, added, invalidated, reasonChanged, exited
  }

  /// Which kind of assertiond line `body` is: on bytes when it is plain ASCII (as ``contains(_:_:)``
  /// and ``hasPrefix(_:_:)`` are), with the plainness tested once.
  private static func assertiondLine(_ body: Substring) -> AssertiondLine? {
    let onBytes = body.utf8.withContiguousStorageIfAvailable { bytes -> AssertiondLine?? in
      guard ByteText.isPlain(bytes) else { return nil }
      if ByteText.contains(bytes, "Setting up BG permission check timer") { return .permissionTimer }
      if ByteText.contains(bytes, "background permission expiration warning") { return .expiryWarning }
      if ByteText.contains(bytes, "Forcing crash report") { return .forcedCrash }
      if ByteText.hasPrefix(bytes, "Add assertion:") { return .added }
      if ByteText.hasPrefix(bytes, "Deactivate assertion:") || ByteText.hasPrefix(bytes, "Remove assertion:") {
        return .invalidated
      }
      if ByteText.hasPrefix(bytes, "Mutating assertion reason from ") { return .reasonChanged }
      if ByteText.hasPrefix(bytes, "Process exited") { return .exited }
      return .some(nil)
    }
    if let onBytes, let decided = onBytes { return decided }
    if contains(body, "Setting up BG permission check timer") { return .permissionTimer }
    if contains(body, "background permission expiration warning") { return .expiryWarning }
    if contains(body, "Forcing crash report") { return .forcedCrash }
    if hasPrefix(body, "Add assertion:") { return .added }
    if hasPrefix(body, "Deactivate assertion:") || hasPrefix(body, "Remove assertion:") { return .invalidated }
    if hasPrefix(body, "Mutating assertion reason from ") { return .reasonChanged }
    if hasPrefix(body, "Process exited") { return .exited }
    return nil
  }

  // MARK: - runningboardd

  private mutating func recognizeRunningboardd(
    _ entry: LogEntry,
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?) -> Void
  ) {
    let message = entry.message[...]
    // An XPC service's lines (`[xpcservice<com.apple.WebKit.WebContent([application<com.x>:716])>:720:720]`)
    // are about the helper (pid 720), not the host app named inside it (716): its end is a
    // child-process-ended event, the rest (its assertions, suspensions) are not the app's.
    let subjectEnd = Self.range(of: "with description ", in: message)?.lowerBound ?? message.endIndex
    if let helper = Self.xpcService(in: message[..<subjectEnd]) {
      guard Self.contains(message, "termination reported by launchd") else { return }
      let codes = Self.text(after: "launchd ", in: message, until: ["\n"]) ?? ""
      let ending = LaunchdTermination.read(codes)?.detail ?? "termination reported by launchd \(codes)"
      let pidText = helper.pid.map { " (pid \($0))" } ?? ""
      let hostText = helper.host.pid.map { " of app pid \($0)" } ?? ""
      add(
        .childProcessEnded, AppSubject(bundle: helper.host.bundle, pid: helper.pid),
        "XPC service \(helper.service)\(pidText)\(hostText) ended: \(ending); not the app's own process",
        nil, [], nil)
      return
    }
    if Self.hasPrefix(message, "Acquiring assertion targeting ") {
      let descriptionStart = Self.range(of: "with description ", in: message)?.upperBound ?? message.endIndex
      var subject = Self.appSubject(in: message[..<descriptionStart])
      let assertions = ProcessAssertion.all(
        in: message[descriptionStart...], location: .line(entry.line))
      guard let assertion = assertions.first, Self.isBackgroundRelevant(assertion) else {
        if let id = Self.text(after: "ID:", in: message[descriptionStart...], until: [" ", ">"]) {
          if seenAssertionIDs.count >= 10_000 { seenAssertionIDs.removeAll() }
          seenAssertionIDs.insert(id)
        }
        return
      }
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
    } else if Self.hasPrefix(message, "Invalidating assertion ") {
      let id = Self.text(after: "Invalidating assertion ", in: message, until: [" ", "\n"]) ?? ""
      if let name = keptAssertionIDs.removeValue(forKey: id) {
        add(.assertionInvalidated, Self.appSubject(in: message), "\"\(name)\" (\(id))", nil, [], nil)
      } else if !id.isEmpty, seenAssertionIDs.remove(id) == nil {
        // Acquired before the excerpt begins: the name is unknown, the invalidation is still said.
        // macOS writes the uid in the target (`(target:[app<application.x.1.2(501)>:13783])`): not the end.
        let target = Self.text(after: "(target:", in: message, until: [") from ", "])", "\n"]) ?? ""
        add(
          .assertionInvalidated, Self.appSubject(in: target[...]),
          "assertion \(id) (its acquisition is not in the log)",
          nil, [], nil)
      }
    } else if Self.contains(message, "will expire soon") {
      add(.expiryWarning, Self.appSubject(in: message), "assertions will expire soon", nil, [], nil)
    } else if Self.hasPrefix(message, "Calculated state for ") {
      var subject = Self.appSubject(in: message)
      guard let key = subject.bundle,
        let role = Self.text(after: "(role: ", in: message, until: [")"])
      else { return }
      let previous = lastState["role:" + key]
      lastState["role:" + key] = role
      let resumed = lastState.removeValue(forKey: "resumed:" + key)
      let resumedJustBefore = resumed != nil
      if subject.pid == nil, let resumed { subject.pid = Int(resumed) }
      if role == "Background", let previous, previous != "Background" {
        add(.enteredBackground, subject, "role \(previous) → Background", nil, [], nil)
      } else if role == "UserInteractiveFocal", resumedJustBefore, previous != role {
        // The resume just read was the app coming to the foreground (a launch, or the user opening it),
        // not a background wakeup: said so, and the analyser does not count that resume as a wakeup.
        add(.launched, subject, "in the foreground (role UserInteractiveFocal) after resuming task", nil, [], nil)
      }
    } else if Self.contains(message, "] Suspending task") || Self.contains(message, "] Resuming task") {
      let subject = Self.appSubject(in: message)
      let suspending = Self.contains(message, "Suspending")
      if suspending {
        add(.suspended, subject, "suspending task", nil, [], nil)
      } else if let bundle = subject.bundle, let role = lastState["role:" + bundle], role != "Background" {
        // runningboardd resumes the task for foreground launches too: only a resume while the last
        // calculated role is Background (or unknown) can be a background wakeup.
        add(.launched, subject, "resuming task (role: \(role))", nil, [], nil)
      } else {
        if let bundle = subject.bundle, lastState.count < 10_000 {
          lastState["resumed:" + bundle] = subject.pid.map(String.init) ?? ""
        }
        add(.resumed, subject, "resuming task", nil, [], nil)
      }
    } else if let said = Self.range(of: "termination reported by launchd", in: message) {
      let codes = Self.text(after: "launchd ", in: message, until: ["\n"]) ?? ""
      let (kind, detail) = LaunchdTermination.read(codes) ?? (.exited, "termination reported by launchd \(codes)")
      let subject = Self.appSubject(in: message)
      if subject.isEmpty {
        // The line with its identity left out, `runningboardd: termination reported by launchd (0, 0, 65280)` (a
        // write-up's quote, wzh4869/AppPorts macos-27.md): some process ended, the line does not say which. Filed
        // under the unnamed app, and only when nothing but the writer's name comes before the words.
        let before = Self.trimmingBlanks(message[..<said.lowerBound])
        guard before.isEmpty || before == "runningboardd:", LaunchdTermination.read(codes) != nil else { return }
        add(kind, .unnamedApp, detail + "; the line does not name the process", nil, [], nil)
        return
      }
      add(kind, subject, detail, nil, [], nil)
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
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?) -> Void
  ) {
    let message = entry.message[...]
    if let range = Self.range(of: "Bootstrapping ", in: message) {
      let rest = message[range.upperBound...]
      guard let with = Self.range(of: " with intent ", in: rest) else { return }
      let subject = AppSubject(bundle: Self.bundle(fromIdentity: rest[..<with.lowerBound]))
      let intent = Self.text(after: " with intent ", in: rest, until: [" ", "\n"]) ?? ""
      if intent.hasPrefix("background") {
        add(.relaunchedInBackground, subject, "bootstrapped with intent \(intent)", nil, [], nil)
      } else {
        add(.launched, subject, "bootstrapped with intent \(intent)", nil, [], nil)
      }
    } else if Self.hasPrefix(message, "Application process state changed for ") {
      let rest = message.dropFirst("Application process state changed for ".count)
      guard let colon = Self.range(of: ": <", in: rest) else { return }
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
          // Running again while visible is the user opening the app, not a background wakeup.
          if visibility == "Foreground" {
            add(.launched, subject, "back in the foreground (taskState: Running, visibility: Foreground)", nil, [], nil)
          } else {
            add(.resumed, subject, "taskState: Running", nil, [], nil)
          }
        }
      }
    } else if Self.contains(message, "Received request to open \"") {
      let bundle = Self.text(after: "Received request to open \"", in: message, until: ["\""])
      let requester = Self.text(after: "\" from ", in: message, until: [".\n", " "]) ?? "?"
      let cleaned = requester.hasSuffix(".") ? String(requester.dropLast()) : requester
      if cleaned.hasPrefix("debugserver") {
        // Xcode running the app under the debugger: a launch, not a background wakeup.
        add(
          .launched, AppSubject(bundle: bundle), "launched by the debugger (open requested by \(cleaned))", nil, [], nil
        )
      } else {
        add(.wakeRequest, AppSubject(bundle: bundle), "open requested by \(cleaned)", nil, [], nil)
      }
    } else if Self.contains(message, "Process exited: ") {
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
    // iOS 13's `;`-and-blank form, and RunningBoard's assertion time-out explanation in either form.
    if let read = RunningBoardExitContext.read(message) { return read }
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
    case "signal":
      // `SIGKILL(9)`: the number in the brackets decides, in the words runningboardd's line for the same end
      // is given (``LaunchdTermination/signal(_:)``), so the two lines stay one event.
      if let open = code.firstIndex(of: "("), code.hasSuffix(")"),
        let number = Int(code[code.index(after: open)..<code.index(before: code.endIndex)])
      {
        return LaunchdTermination.signal(number)
      }
      return (.crashed, "exited: signal \(code)")
    case "jetsam": return (.killed, "killed by jetsam (\(code))")
    case "none", "exit": return (.exited, "exited normally (\(code))")
    default: return (.killed, "killed: \(domainName) \(code)")
    }
  }

  // MARK: - nsurlsessiond

  private func recognizeNSURLSessiond(
    _ entry: LogEntry,
    _ add: (TimelineEvent.Kind, AppSubject, String, ProcessAssertion?, [ProcessAssertion], String?) -> Void
  ) {
    let message = entry.message[...]
    guard Self.hasPrefix(message, "[C"),
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

  // MARK: - Writers known by their words

  /// The daemons whose words the branches above read.
  enum Writer { case assertiond, runningboardd, springBoard, nsurlsessiond }

  /// Anchors of the branches' words (at least one is in every message a branch reads), for the
  /// record filter's scan of records from other processes.
  static let writerAnchors: [String] = [
    "Add assertion:", "Deactivate assertion:", "Remove assertion:", "Mutating assertion reason from ", "Process exited",
    "Setting up BG permission check timer", "background permission expiration warning", "Forcing crash report",
    "Acquiring assertion targeting ", "Invalidating assertion ", "Calculated state for ", "will expire soon",
    "] Suspending task", "] Resuming task", "termination reported by launchd", "Bootstrapping ",
    "Application process state changed for ", "Received request to open \"", "bundle id: ",
  ]

  /// Which branch reads `message` when its process column names none of them (another name, or no
  /// header): judged from the message's own words.
  static func writer(of message: Substring) -> Writer? {
    if hasPrefix(message, "Acquiring assertion targeting ") || hasPrefix(message, "Invalidating assertion ")
      || hasPrefix(message, "Calculated state for ") || contains(message, "will expire soon")
      || contains(message, "] Suspending task") || contains(message, "] Resuming task")
      || contains(message, "termination reported by launchd")
    {
      return .runningboardd
    }
    // assertiond's `[Name:pid]`; SpringBoard's `[application<…>:pid]` holds a `<`.
    if let (subject, body) = bracketSubject(message), subject.bundle == nil,
      hasPrefix(body, "Add assertion:") || hasPrefix(body, "Deactivate assertion:")
        || hasPrefix(body, "Remove assertion:")
        || hasPrefix(body, "Mutating assertion reason from ") || hasPrefix(body, "Process exited")
        || contains(body, "Setting up BG permission check timer")
        || contains(body, "background permission expiration warning") || contains(body, "Forcing crash report")
    {
      return .assertiond
    }
    if hasPrefix(message, "Application process state changed for ")
      || (contains(message, "Bootstrapping ") && contains(message, " with intent "))
      || contains(message, "Received request to open \"")
      || (contains(message, "Process exited: ") && !contains(message, "Process exited: <BKProcess"))
    {
      return .springBoard
    }
    if hasPrefix(message, "[C"), contains(message, "bundle id: ") { return .nsurlsessiond }
    return nil
  }

  // MARK: - Helpers

  /// `[BackgroundDemo:12636] rest` → (name BackgroundDemo, pid 12636), `rest`.
  static func bracketSubject(_ message: Substring) -> (AppSubject, Substring)? {
    // On bytes when the bracket and the bytes next to it are ASCII (there each of those bytes is a
    // `Character`); other text takes the `Character` path below.
    let onBytes = message.utf8.withContiguousStorageIfAvailable { bytes -> BracketBytes in
      bracketSubject(bytes: bytes)
    }
    switch onBytes {
    case .noSubject?: return nil
    case .subject(let subject, let bodyOffset)?:
      return (subject, message[message.utf8.index(message.utf8.startIndex, offsetBy: bodyOffset)...])
    case .undecided?, nil: break
    }
    guard Self.hasPrefix(message, "["), let close = message.firstIndex(of: "]") else { return nil }
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

  /// What ``bracketSubject(_:)`` finds on bytes.
  private enum BracketBytes {
    /// No `[name:pid]` subject.
    case noSubject
    /// The subject and the byte offset of the body after it.
    case subject(AppSubject, Int)
    /// Text the byte path does not vouch for (non-ASCII next to the bracket, an identity with `<`).
    case undecided
  }

  private static func bracketSubject(bytes: UnsafeBufferPointer<UInt8>) -> BracketBytes {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return .noSubject }
    let count = bytes.count
    // A first `Character` that is `[` starts with the byte `[`. Then the first `]`, every byte up to
    // the one after it ASCII: each is its own `Character` (only CR LF joins ASCII bytes, and neither
    // is a bracket, a colon, a digit or `<`).
    guard base[0] == UInt8(ascii: "[") else { return .noSubject }
    guard count < 2 || base[1] < 0x80 else { return .undecided }
    var close = 1
    while close < count, base[close] != UInt8(ascii: "]") {
      if base[close] >= 0x80 { return .undecided }
      close += 1
    }
    guard close < count else { return .noSubject }
    guard close + 1 >= count || base[close + 1] < 0x80 else { return .undecided }
    var colon = close - 1
    while colon >= 1, base[colon] != UInt8(ascii: ":") { colon -= 1 }
    guard colon >= 1, let pid = integer(UnsafeBufferPointer(start: base + colon + 1, count: close - colon - 1))
    else { return .noSubject }
    var subject = AppSubject(pid: pid)
    for index in 1..<colon where base[index] == UInt8(ascii: "<") { return .undecided }
    subject.name = String(decoding: UnsafeBufferPointer(start: base + 1, count: colon - 1), as: UTF8.self)
    var body = close + 1
    while body < count, base[body] == 0x20 { body += 1 }
    // A space joined to a following combining mark is not `" "`: leave that to the `Character` path.
    if body > close + 1, body < count, base[body] >= 0x80 { return .undecided }
    return .subject(subject, body)
  }

  /// `Int(text)` for ASCII `text`: an optional sign, then decimal digits only, nil on overflow.
  static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = text.baseAddress, !text.isEmpty else { return nil }
    var index = 0
    var negative = false
    if base[0] == UInt8(ascii: "-") || base[0] == UInt8(ascii: "+") {
      negative = base[0] == UInt8(ascii: "-")
      index = 1
    }
    guard index < text.count else { return nil }
    // Accumulated negatively so that Int.min is reachable.
    var value = 0
    while index < text.count {
      let byte = base[index]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowAdd) = shifted.subtractingReportingOverflow(Int(byte - 0x30))
      if overflowShift || overflowAdd { return nil }
      value = next
      index += 1
    }
    if negative { return value }
    let (positive, overflow) = (0).subtractingReportingOverflow(value)
    return overflow ? nil : positive
  }

  /// The first `app<bundle(…)>` / `application<bundle>` and the `:pid` after it, if any.
  static func appSubject(in text: Substring) -> AppSubject {
    for prefix in ["application<", "app<"] {
      guard let range = Self.range(of: prefix, in: text) else { continue }
      let rest = text[range.upperBound...]
      let bundleEnd = rest.firstIndex(where: { $0 == "(" || $0 == ">" }) ?? rest.endIndex
      var subject = AppSubject(bundle: appBundle(rest[..<bundleEnd]))
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

  /// The bundle an identity's `app<…>` names: macOS RunningBoard writes an app LaunchServices launched as its
  /// job label, `app<application.org.p0deje.Maccy.32526940.32526946(501)>` (p0deje/Maccy #212), which names
  /// `org.p0deje.Maccy`: `application.` and LaunchServices' trailing numbers go, as for launchd's labels
  /// (``LaunchdExitReason/bundle(ofLabel:)``); the `(uid)` is already left out. Anything else is kept as written.
  static func appBundle(_ raw: Substring) -> String {
    if hasPrefix(raw, "application."), let bundle = LaunchdExitReason.bundle(ofLabel: raw) { return bundle }
    return String(raw)
  }

  /// An XPC service identity that comes before any app identity in `text`:
  /// `xpcservice<com.apple.WebKit.WebContent([application<com.x>:716])>:720:720` → the service
  /// `com.apple.WebKit.WebContent`, its host app (`com.x`, 716) and its own pid (720).
  static func xpcService(in text: Substring) -> (service: String, host: AppSubject, pid: Int?)? {
    guard let start = range(of: "xpcservice<", in: text) else { return nil }
    for prefix in ["application<", "app<"] {
      if let app = range(of: prefix, in: text), app.lowerBound < start.lowerBound { return nil }
    }
    let rest = text[start.upperBound...]
    let serviceEnd = rest.firstIndex(where: { $0 == "(" || $0 == ">" }) ?? rest.endIndex
    // The `>` that closes `xpcservice<`, past the host identity's own `<…>`.
    var depth = 1
    var close: Substring.Index?
    for index in rest.indices {
      if rest[index] == "<" {
        depth += 1
      } else if rest[index] == ">" {
        depth -= 1
        if depth == 0 {
          close = index
          break
        }
      } else if rest[index] == "\n" {
        break
      }
    }
    var pid: Int?
    if let close {
      let after = rest[rest.index(after: close)...]
      if after.hasPrefix(":") {
        pid = Int(after.dropFirst().prefix(while: { $0.isASCII && $0.isNumber }).prefix(9))
      }
    }
    let inside = rest[serviceEnd..<(close ?? rest.endIndex)]
    let host = appSubject(in: inside)
    return (String(rest[..<serviceEnd].prefix(200)), host, pid)
  }

  /// `com.x`, `app<com.x>`, `app<com.x(UUID)>` → `com.x`.
  static func bundle(fromIdentity identity: Substring) -> String? {
    let trimmed = trimmingBlanks(identity)
    if trimmed.contains("<") { return appSubject(in: trimmed).bundle }
    return trimmed.isEmpty ? nil : String(trimmed)
  }

  /// `trimmingCharacters(in: .whitespaces)`; for plain ASCII, where spaces and tabs are all of them,
  /// on bytes.
  static func trimmingBlanks(_ text: Substring) -> Substring {
    let plain = text.utf8.withContiguousStorageIfAvailable { ByteText.isPlain($0) } ?? false
    guard plain else { return text.trimmingCharacters(in: .whitespaces)[...] }
    var utf8 = text.utf8[...]
    while let first = utf8.first, first == 0x20 || first == 0x09 { utf8 = utf8.dropFirst() }
    while let last = utf8.last, last == 0x20 || last == 0x09 { utf8 = utf8.dropLast() }
    return Substring(utf8)
  }

  /// The text after `marker`, up to the first of `stops` (or the end).
  static func text(after marker: String, in text: Substring, until stops: [String]) -> String? {
    guard let start = range(of: marker, in: text)?.upperBound else { return nil }
    let rest = text[start...]
    var end = rest.endIndex
    for stop in stops {
      if let found = range(of: stop, in: rest), found.lowerBound < end { end = found.lowerBound }
    }
    let value = rest[..<end]
    return value.isEmpty ? nil : String(value)
  }

  /// Foundation's `range(of:)`, on bytes when `text` is plain ASCII (see ``ByteText/range(of:in:)``).
  static func range(of pattern: String, in text: Substring) -> Range<Substring.Index>? {
    ByteText.range(of: pattern, in: text)
  }

  /// Whether `text` contains `pattern` (Foundation's test; on bytes for plain ASCII).
  static func contains(_ text: Substring, _ pattern: String) -> Bool {
    range(of: pattern, in: text) != nil
  }

  /// `hasPrefix`, on bytes for plain ASCII.
  static func hasPrefix(_ text: Substring, _ prefix: StaticString) -> Bool {
    let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      ByteText.isPlain(bytes) ? ByteText.hasPrefix(bytes, prefix) : nil
    }
    if let plain, let result = plain { return result }
    return text.hasPrefix(prefix.description)
  }

  static func describe(_ assertion: ProcessAssertion?) -> String {
    guard let assertion else { return "assertion" }
    // The parts joined by spaces (an empty reason is still a part).
    var text = ""
    var parts = 0
    func append(_ part: String) {
      if parts > 0 { text += " " }
      text += part
      parts += 1
    }
    if let name = assertion.name { append("\"" + name + "\"") }
    if let reason = assertion.reason { append(reason) }
    if let seconds = assertion.durationSeconds { append(formatSeconds(seconds)) }
    return parts == 0 ? "assertion" : text
  }

  static func describe(_ assertions: [ProcessAssertion]) -> String {
    assertions.isEmpty ? "" : " " + assertions.map { describe($0) }.joined(separator: ", ")
  }

  static func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(saturating: seconds)) + " s" : "\(seconds) s"
  }
}
