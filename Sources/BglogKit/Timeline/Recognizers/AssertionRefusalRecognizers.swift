/// The app's own lines saying an assertion or background task it asked for was not granted: the
/// RunningBoardServices client error (`[assertion] Error acquiring assertion: <NSError: …>`) and
/// WebKit's process-suspension notes (`[ProcessSuspension] … ProcessAssertion() PID N Unable to acquire
/// assertion …`, `WKProcessAssertionBackgroundTaskManager: Ignored request …`), as Xcode's console shows
/// them. They name no app: the header's app when there is one, else the unnamed app.
enum AssertionRefusalRecognizers {
  static let all: [MessageRecognizer] = [errorAcquiringAssertion, webKitUnableToAcquire, webKitIgnoredBackgroundTask]

  /// `Error acquiring assertion: <NSError: 0x…; domain: RBSAssertionErrorDomain; code: 2; reason: "Client is
  /// missing required entitlement"> { userInfo = { RBSAssertionAttribute = <RBSLegacyAttribute: 0x…;
  /// requestedReason: FinishTaskUnbounded; …>; } }`: RunningBoard refused the assertion; the detail gives the
  /// error's reason and the requested reason when the record holds them (its continuation lines do).
  static let errorAcquiringAssertion = MessageRecognizer(
    id: "rbs-error-acquiring-assertion", era: "iOS 14+ RunningBoardServices (in the app, Xcode's console)",
    anchors: ["Error acquiring assertion: "], writers: [],
    read: { message, header, _ in
      guard let start = TimelineEventRecognizer.range(of: "Error acquiring assertion: ", in: message),
        let subject = header.appOrUnnamed
      else { return [] }
      let rest = message[start.upperBound...]
      var detail = "assertion not acquired"
      // `reason: "…"`; `reason: **"…"**` when a Markdown paste bolded it (capacitor #3340); the NSError
      // description form `<Error Domain=D Code=N "…" UserInfo={…}>` (Wayaer/fl_umeng #16).
      let described = TimelineEventRecognizer.range(of: "<Error Domain=", in: rest).map { rest[$0.upperBound...] }
      if let reason = TimelineEventRecognizer.text(after: "reason: \"", in: rest, until: ["\"", "\n"])
        ?? TimelineEventRecognizer.text(after: "reason: **\"", in: rest, until: ["\"", "\n"])
        ?? described.flatMap({ TimelineEventRecognizer.text(after: " \"", in: $0, until: ["\"", "\n"]) })
      {
        detail += ": " + reason.prefix(160)
      }
      if let requested = TimelineEventRecognizer.text(after: "requestedReason: ", in: rest, until: [";", ">", "\n"]) {
        detail += " (requested reason \(requested.prefix(80)))"
      }
      if let code = TimelineEventRecognizer.text(after: "code: ", in: rest, until: [";", ">", "\n"]),
        let domain = TimelineEventRecognizer.text(after: "domain: ", in: rest, until: [";", ">", "\n"])
      {
        detail += " [\(domain.prefix(80)) \(code.prefix(20))]"
      } else if let described, let domain = described.split(separator: " ", maxSplits: 1).first,
        let code = TimelineEventRecognizer.text(after: " Code=", in: described, until: [" ", "\n"])
      {
        detail += " [\(domain.prefix(80)) \(code.prefix(20))]"
      }
      return [MessageEvent(kind: .assertionNotAcquired, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        """
        [assertion] Error acquiring assertion: <NSError: 0x600001ba4300; domain: RBSAssertionErrorDomain; code: 2; reason: "Client is missing required entitlement"> {
            userInfo = {
                RBSAssertionAttribute = <RBSLegacyAttribute: 0x7f9f25539fe0; requestedReason: FinishTaskUnbounded; reason: FinishTaskUnbounded; flags: PreventTaskSuspend>;
            }
        }
        """,
        source: "swisspol/GCDWebServer issue #488 (Xcode's console)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: .unnamedApp,
          detail:
            "assertion not acquired: Client is missing required entitlement (requested reason FinishTaskUnbounded) "
            + "[RBSAssertionErrorDomain 2]")),
      RecognizerExample(
        "[assertion] Error acquiring assertion: <Error Domain=RBSAssertionErrorDomain Code=2 \"Specified target process does not exist\" UserInfo={NSLocalizedFailureReason=Specified target process does not exist}>",
        process: "Runner", pid: 25951, source: "Wayaer/fl_umeng issue #16 (Xcode's console)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: AppSubject(name: "Runner", pid: 25951),
          detail: "assertion not acquired: Specified target process does not exist [RBSAssertionErrorDomain 2]")),
    ],
    nonTriggering: [])

  /// WebKit's `ProcessAssertion() PID 27900 Unable to acquire assertion for process with PID 27900`: the
  /// assertion WebKit asked for that process was not granted; the line does not say why (RunningBoard's
  /// `Error acquiring assertion` line, when logged, does) nor whether that pid is the app's or one of
  /// WebKit's own processes, so the pid stays in the detail.
  static let webKitUnableToAcquire = MessageRecognizer(
    id: "webkit-unable-to-acquire-assertion", era: "iOS 14+ WebKit (in the app, Xcode's console)",
    anchors: ["Unable to acquire assertion for process with PID "], writers: [],
    read: { message, header, _ in
      guard
        let start = TimelineEventRecognizer.range(of: "Unable to acquire assertion for process with PID ", in: message),
        let subject = header.appOrUnnamed
      else { return [] }
      let digits = message[start.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 7 else { return [] }
      return [
        MessageEvent(
          kind: .assertionNotAcquired, subject: subject,
          detail: "WebKit could not acquire an assertion for process \(digits) (the line does not say why)")
      ]
    },
    triggering: [
      RecognizerExample(
        "[ProcessSuspension]  0x10bafdeb0 - ProcessAssertion() PID 27900 Unable to acquire assertion for process with PID 27900",
        source: "swisspol/GCDWebServer issue #488 (Xcode's console)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: .unnamedApp,
          detail: "WebKit could not acquire an assertion for process 27900 (the line does not say why)"))
    ],
    nonTriggering: [])

  /// `WKProcessAssertionBackgroundTaskManager: Ignored request to start a new background task because
  /// RunningBoard has already started the expiration timer`: WebKit did not start the background task
  /// because the app's background time is already running out.
  static let webKitIgnoredBackgroundTask = MessageRecognizer(
    id: "webkit-ignored-background-task-expiration-timer", era: "iOS 14+ WebKit (in the app, Xcode's console)",
    anchors: ["Ignored request to start a new background task because RunningBoard has already started"],
    writers: [],
    read: { message, header, _ in
      guard
        TimelineEventRecognizer.contains(
          message,
          "Ignored request to start a new background task because RunningBoard has already started the "
            + "expiration timer"),
        let subject = header.appOrUnnamed
      else { return [] }
      return [
        MessageEvent(
          kind: .assertionNotAcquired, subject: subject,
          detail: "background task not started: WebKit ignored the request because RunningBoard has already "
            + "started the expiration timer")
      ]
    },
    triggering: [
      RecognizerExample(
        "[ProcessSuspension] 0x2805bb780 - WKProcessAssertionBackgroundTaskManager: Ignored request to start a new background task because RunningBoard has already started the expiration timer",
        source: "transistorsoft/cordova-plugin-background-fetch issue #137 (Xcode's console)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: .unnamedApp,
          detail: "background task not started: WebKit ignored the request because RunningBoard has already "
            + "started the expiration timer"))
    ],
    nonTriggering: [])
}
