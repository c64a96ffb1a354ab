/// WebKit, in the app's own log (Xcode's console, Console.app): the assertions it takes for its helper
/// processes (WebContent, Networking) through RunningBoard, the app's background task expiring while it
/// holds one, and a helper process ending. The helper is not the app: its end is a
/// ``TimelineEvent/Kind/childProcessEnded`` event, never a kill of the app. The lines name no app: the
/// header's app, else (no header) the unnamed app; a system writer's header gives none.
enum WebKitProcessRecognizers {
  static let all: [MessageRecognizer] = [failedToAcquireRBSAssertion, backgroundTaskExpired, webProcessEnded]

  /// `ProcessAssertion: Failed to acquire RBS assertion 'WebProcess Background Assertion' for process with
  /// PID=29178, error: Error Domain=RBSAssertionErrorDomain Code=2 "Specified target process does not exist"
  /// UserInfo={…}`; also `Failed to acquire RBS Background assertion 'X' for process with PID 78432, error: …`,
  /// `… for process because PID is invalid` and `… with PID=0, error: (null)`.
  static let failedToAcquireRBSAssertion = MessageRecognizer(
    id: "webkit-failed-to-acquire-rbs-assertion", era: "iOS 14+ WebKit (in the app)",
    anchors: ["Failed to acquire RBS "], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "Failed to acquire RBS ", in: message),
        let open = R.range(of: "assertion '", in: message[anchor.upperBound...]),
        message.distance(from: anchor.upperBound, to: open.lowerBound) <= 40,
        let close = message[open.upperBound...].firstIndex(of: "'"),
        let subject = header.appOrUnnamed
      else { return [] }
      let name = message[open.upperBound..<close]
      guard !name.isEmpty, name.count <= 120 else { return [] }
      let rest = message[message.index(after: close)...].prefix(while: { $0 != "\n" })
      var detail = "WebKit could not acquire its RBS assertion '\(name)'"
      if R.hasPrefix(rest, " for process because PID is invalid") {
        detail += " for a process whose PID is invalid"
      } else if let after = R.range(of: " for process with PID", in: rest)?.upperBound {
        let digits = rest[after...].drop(while: { $0 == "=" || $0 == " " }).prefix(while: { $0.isASCII && $0.isNumber })
        if !digits.isEmpty, digits.count <= 7 { detail += " for process \(digits)" }
      }
      if let error = R.range(of: ", error: ", in: rest)?.upperBound {
        let said = rest[error...]
        if said.hasPrefix("(null)") {
          detail += " (no error given)"
        } else if let reason = R.text(after: "\"", in: said, until: ["\""]), !reason.isEmpty {
          detail += ": " + reason.prefix(160)
          if let domain = R.text(after: "Domain=", in: said, until: [" "]),
            let code = R.text(after: " Code=", in: said, until: [" "])
          {
            detail += " [\(domain.prefix(80)) \(code.prefix(20))]"
          }
        }
      }
      return [MessageEvent(kind: .assertionNotAcquired, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "[ProcessSuspension] 0x1142b7b80 - ProcessAssertion: Failed to acquire RBS Background assertion 'WebProcess Background Assertion' for process with PID 78432, error: Error Domain=RBSAssertionErrorDomain Code=3 \"Target is not running or required target entitlement is missing\" UserInfo={RBSAssertionAttribute=<RBSDomainAttribute| domain:\"com.apple.webkit\" name:\"Background\" sourceEnvironment:\"(null)\">, NSLocalizedFailureReason=Target is not running or required target entitlement is missing}",
        process: "Client", pid: 78393, source: "neevaco/neeva-ios issue #1224 (Xcode's console)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: AppSubject(name: "Client", pid: 78393),
          detail:
            "WebKit could not acquire its RBS assertion 'WebProcess Background Assertion' for process 78432: Target is "
            + "not running or required target entitlement is missing [RBSAssertionErrorDomain 3]")),
      RecognizerExample(
        "[ProcessSuspension] 0x11cdfaac0 - ProcessAssertion: Failed to acquire RBS assertion 'WebProcess Foreground Assertion' for process with PID=25959, error: Error Domain=RBSAssertionErrorDomain Code=2 \"Specified target process does not exist\" UserInfo={NSLocalizedFailureReason=Specified target process does not exist}",
        process: "Runner", pid: 25951, source: "Wayaer/fl_umeng issue #16 (Xcode's console)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: AppSubject(name: "Runner", pid: 25951),
          detail:
            "WebKit could not acquire its RBS assertion 'WebProcess Foreground Assertion' for process 25959: Specified "
            + "target process does not exist [RBSAssertionErrorDomain 2]")),
      RecognizerExample(
        "[ProcessSuspension] 0x1030fb180 - ProcessAssertion: Failed to acquire RBS Background assertion 'ConnectionTerminationWatchdog' for process because PID is invalid",
        process: "App", pid: 3887, source: "ionic-team/capacitor issue #5491 (Xcode's console)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: AppSubject(name: "App", pid: 3887),
          detail:
            "WebKit could not acquire its RBS assertion 'ConnectionTerminationWatchdog' for a process whose PID is invalid"
        )),
      RecognizerExample(
        "0x105bf83c0 - ProcessAssertion: Failed to acquire RBS assertion 'ConnectionTerminationWatchdog' for process with PID=0, error: (null)",
        source: "meteor/meteor issue #11811 (Console.app, quoted without its header)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: .unnamedApp,
          detail:
            "WebKit could not acquire its RBS assertion 'ConnectionTerminationWatchdog' for process 0 (no error given)")
      ),
      RecognizerExample(
        "[ProcessSuspension] 0x12a28ac40 - ProcessAssertion::acquireSync Failed to acquire RBS assertion 'XPCConnectionTerminationWatchdog' for process with PID=11675, error: Error Domain=RBSServiceErrorDomain Code=1 \"target is not running or doesn't have entitlement com.apple.runningboard.assertions.webkit\" UserInfo={NSLocalizedFailureReason=target is not running or doesn't have entitlement com.apple.runningboard.assertions.webkit}",
        process: "Runner", pid: 11599, source: "flutter/flutter issue #141242 (Xcode's console, iOS Simulator)",
        expected: MessageEvent(
          kind: .assertionNotAcquired, subject: AppSubject(name: "Runner", pid: 11599),
          detail:
            "WebKit could not acquire its RBS assertion 'XPCConnectionTerminationWatchdog' for process 11675: target is "
            + "not running or doesn't have entitlement com.apple.runningboard.assertions.webkit [RBSServiceErrorDomain 1]"
        )),
    ],
    nonTriggering: [])

  /// `[ProcessSuspension] Background task expired while holding WebKit ProcessAssertion (isMainThread? 1).`:
  /// the app's background time ran out while WebKit still held an assertion for it.
  static let backgroundTaskExpired = MessageRecognizer(
    id: "webkit-background-task-expired-holding-assertion", era: "iOS 13+ WebKit (in the app)",
    anchors: ["Background task expired while holding WebKit ProcessAssertion"], writers: [],
    read: { message, header, _ in
      guard TimelineEventRecognizer.contains(message, "Background task expired while holding WebKit ProcessAssertion"),
        let subject = header.appOrUnnamed
      else { return [] }
      return [
        MessageEvent(
          kind: .expiryWarning, subject: subject,
          detail: "background task expired while WebKit held a ProcessAssertion")
      ]
    },
    triggering: [
      RecognizerExample(
        "[ProcessSuspension] Background task expired while holding WebKit ProcessAssertion (isMainThread? 1).",
        source: "ionic-team/capacitor issue #1184 (quoted without a header)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: .unnamedApp,
          detail: "background task expired while WebKit held a ProcessAssertion"))
    ],
    nonTriggering: [])

  /// `[PID=3888] WebProcessProxy::didClose: (web process 0 crash)`, `WebProcessProxy::
  /// processDidTerminateOrFailedToLaunch: reason=4`, `[pageProxyID=5, webPageID=6, PID=3888] WebPageProxy::
  /// processDidTerminate: (pid 3888), reason 4`, `[PID=81584] WebProcessProxy::processTerminated:`: WebKit's
  /// web content process ended. One event per helper pid (WebKit writes several lines about one end); the
  /// reason is given as written (WebKit's numbering of reasons changes between versions).
  static let webProcessEnded = MessageRecognizer(
    id: "webkit-web-process-ended", era: "iOS 14+ WebKit (in the app)",
    anchors: ["WebProcessProxy::didClose", "processDidTerminate", "WebProcessProxy::processTerminated"], writers: [],
    read: { message, header, state in
      typealias R = TimelineEventRecognizer
      let first = message.prefix(while: { $0 != "\n" })
      guard let call = R.range(of: "Proxy::", in: first), let subject = header.appOrUnnamed else { return [] }
      let before = first[..<call.lowerBound]
      let after = first[call.upperBound...]
      guard
        after.hasPrefix("didClose") || after.hasPrefix("processDidTerminate") || after.hasPrefix("processTerminated")
      else { return [] }
      var digits = Substring("")
      if let pid = R.range(of: "PID=", in: before)?.upperBound {
        digits = before[pid...].prefix(while: { $0.isASCII && $0.isNumber })
      } else if let pid = R.range(of: "(pid ", in: after)?.upperBound {
        digits = after[pid...].prefix(while: { $0.isASCII && $0.isNumber })
      }
      guard !digits.isEmpty, digits.count <= 7, let helper = Int(digits), helper > 0 else { return [] }
      guard state.endedHelperPIDs.insert(helper).inserted else { return [] }
      var why = ""
      if let said = R.text(after: "didClose: (", in: after, until: [")"]) {
        why = " (\(said.prefix(80)))"
      } else if let reason = R.text(after: "reason=", in: after, until: [" ", ","])
        ?? R.text(
          after: "reason ", in: after, until: [" ", ","])
      {
        why = " (reason \(reason.prefix(60)))"
      }
      return [
        MessageEvent(
          kind: .childProcessEnded, subject: subject,
          detail: "WebKit's web content process \(helper) ended\(why); not the app's own process")
      ]
    },
    triggering: [
      RecognizerExample(
        "[Process] 0x1030bc600 - [PID=3888] WebProcessProxy::didClose: (web process 0 crash)",
        process: "App", pid: 3887, source: "ionic-team/capacitor issue #5491 (Xcode's console)",
        expected: MessageEvent(
          kind: .childProcessEnded, subject: AppSubject(name: "App", pid: 3887),
          detail: "WebKit's web content process 3888 ended (web process 0 crash); not the app's own process")),
      RecognizerExample(
        "[Process] 0x15a822c18 - [pageProxyID=307, webPageID=308, PID=11677] WebPageProxy::processDidTerminate: (pid 11677), reason=ExceededProcessCountLimit",
        process: "Runner", pid: 11599, source: "flutter/flutter issue #141242 (Xcode's console, iOS Simulator)",
        expected: MessageEvent(
          kind: .childProcessEnded, subject: AppSubject(name: "Runner", pid: 11599),
          detail:
            "WebKit's web content process 11677 ended (reason ExceededProcessCountLimit); not the app's own process")),
    ],
    nonTriggering: [])
}
