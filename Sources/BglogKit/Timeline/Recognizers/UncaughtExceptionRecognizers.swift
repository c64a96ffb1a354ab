/// The app's own `*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '…'`
/// (Foundation's last line before it aborts, in the app's log: Xcode's console, or the device log under the app's
/// name): the process is ending by its own abort, so a `crashed` event for the writer, naming the exception and
/// its reason. Without a header, the unnamed app; under a system writer's header, nothing.
///
/// BGTaskScheduler raises NSInternalInconsistencyException with reasons of its own (format strings in a
/// decompiled `BGTaskScheduler.m`, search index ids 16739049063, 10746735087), each seen in real text:
/// `Launch handler for task with identifier %@ has already been registered` (flutter_background_geolocation
/// #1205), `No launch handler registered for task with identifier %@` (WordPress-iOS #18156; a Spanish
/// BGTaskScheduler tutorial's Xcode line), `All launch handlers must be registered before application finishes
/// launching` (an app's console output kept in a source comment). The crash is then the app's background-task
/// registration, which the `bgtask-registration-crash` finding says.
enum UncaughtExceptionRecognizers {
  static let all: [MessageRecognizer] = [terminatingDueToUncaughtException]

  static let anchor = "*** Terminating app due to uncaught exception"
  /// How the event's detail starts (the finding finds its events by it).
  static let detailStart = "terminated by an uncaught exception"

  /// What went wrong with BGTaskScheduler's registration, from its own reason text.
  enum BGTaskProblem: Sendable, Equatable {
    /// `Launch handler for task with identifier X has already been registered`.
    case registeredTwice(identifier: String)
    /// `No launch handler registered for task with identifier X`.
    case noHandler(identifier: String)
    /// `All launch handlers must be registered before application finishes launching`.
    case registeredAfterLaunch
  }

  /// The BGTaskScheduler problem a reason states in BGTaskScheduler's own words; nil for any other reason.
  static func bgTaskProblem(reason: Substring) -> BGTaskProblem? {
    typealias R = TimelineEventRecognizer
    let twice = "Launch handler for task with identifier "
    if R.hasPrefix(reason, "Launch handler for task with identifier "),
      let end = R.range(of: " has already been registered", in: reason)
    {
      let identifier = reason[reason.index(reason.startIndex, offsetBy: twice.count)..<end.lowerBound]
      guard !identifier.isEmpty, !identifier.contains(" ") else { return nil }
      return .registeredTwice(identifier: String(identifier))
    }
    if R.hasPrefix(reason, "No launch handler registered for task with identifier ") {
      let identifier = reason.dropFirst("No launch handler registered for task with identifier ".count)
        .prefix(while: { $0 != " " })
      return identifier.isEmpty ? nil : .noHandler(identifier: String(identifier))
    }
    if R.hasPrefix(reason, "All launch handlers must be registered before application finishes launching") {
      return .registeredAfterLaunch
    }
    return nil
  }

  /// The reason an event's detail quotes (after `reason: `), for the finding.
  static func reason(inDetail detail: String) -> Substring? {
    guard detail.hasPrefix(detailStart), let range = detail.range(of: ", reason: ") else { return nil }
    return detail[range.upperBound...]
  }

  static let terminatingDueToUncaughtException = MessageRecognizer(
    id: "uncaught-exception-terminating", era: "iOS, macOS (Foundation, in the app)",
    anchors: [anchor], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let subject = header.appOrUnnamed, let found = R.range(of: anchor, in: message) else { return [] }
      // The sentence, not prose quoting it: only blanks (or a Markdown quote of the line) before it.
      let before = R.trimmingBlanks(message[..<found.lowerBound])
      guard before.isEmpty || before == "//" || before == ">" else { return [] }
      let rest = message[found.upperBound...]
      var detail = detailStart
      // The name as far as its first blank or colon: React Native writes its message into it
      // (`'RCTFatalException: Unhandled JS Exception: …'`, the shared corpus' juniper log), and the reason repeats it.
      if R.hasPrefix(rest, " '"), let quoted = R.text(after: " '", in: rest, until: ["'", "\n"]) {
        let name = quoted.prefix(while: { $0 != " " && $0 != ":" })
        if !name.isEmpty, name.count <= 120 { detail += " " + name }
      }
      // The reason runs to the end of its line (Xcode may wrap it onto the next, after the exception's name).
      if let start = R.range(of: "reason: '", in: rest)?.upperBound {
        var reason = R.trimmingBlanks(rest[start...].prefix(while: { $0 != "\n" }))
        if reason.hasSuffix("'") { reason = reason.dropLast() }
        if !reason.isEmpty { detail += ", reason: " + String(reason.prefix(400)) }
      }
      return [MessageEvent(kind: .crashed, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Launch handler for task with identifier com.sentiance.backgroundtask.task_processing has already been registered'\n*** First throw call stack:\n(",
        process: "Runner", pid: 49390,
        source:
          "transistorsoft/flutter_background_geolocation issue #1205 (Xcode console, 2023; two SDKs register one identifier)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "Runner", pid: 49390),
          detail:
            "terminated by an uncaught exception NSInternalInconsistencyException, reason: Launch handler for task "
            + "with identifier com.sentiance.backgroundtask.task_processing has already been registered")),
      RecognizerExample(
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'No launch handler registered for task with identifier com.example.bgRefresh'",
        process: "TestBgTask", pid: 275,
        source:
          "a Spanish BGTaskScheduler tutorial's Xcode line (code index file id 54933868130; the index does not name "
          + "its repository): the identifier missing from the handlers registered",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "TestBgTask", pid: 275),
          detail:
            "terminated by an uncaught exception NSInternalInconsistencyException, reason: No launch handler "
            + "registered for task with identifier com.example.bgRefresh")),
      RecognizerExample(
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'All launch handlers must be registered before application finishes launching'",
        source:
          "an app's console output kept in a Swift source comment (code index file id 29478862975; the index does "
          + "not name its repository), without a header",
        expected: MessageEvent(
          kind: .crashed, subject: .unnamedApp,
          detail:
            "terminated by an uncaught exception NSInternalInconsistencyException, reason: All launch handlers must "
            + "be registered before application finishes launching")),
    ],
    nonTriggering: [
      // Prose naming the line: not the line.
      RecognizerExample(
        "The app logs *** Terminating app due to uncaught exception 'NSInternalInconsistencyException' when the handler is registered twice",
        source: "SYNTHETIC prose around the real wording (flutter_background_geolocation #1205), not a log line"),
      // A system writer's header: not the app's own line.
      RecognizerExample(
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Launch handler for task with identifier com.sentiance.backgroundtask.task_processing has already been registered'",
        process: "SpringBoard",
        source: "flutter_background_geolocation #1205's line under a system writer's name (SYNTHETIC header)"),
    ])
}
