/// The exit context iOS 13's SpringBoard prints, in RunningBoard's `;`-and-blank form, and RunningBoard's
/// assertion time-out explanation in any exit context (react/react-native #26731, fonov, iOS 13.1.2, Console.app):
///
///     Firing exit handlers for 63390 with context <RBSProcessExitContext; specific: <RBSProcessExitStatus; domain:
///     runningboard (15); code: 0x2182baad>; terminationContext: <RBSTerminateContext: 0x6000032f29c0; code:
///     0x2182BAAD; explanation: "Timed-out waiting for process [application<org.reactjs.native.example.test-bg>:63390]
///     to invalidate assertion with identifier 4170-63390-4366 and explanation 'Shared Background Assertion 2 for
///     org.reactjs.native.example.test-bg'. Direct this report to owners of that process"; reportType: 0; maxRole: 7;
///     maxTerminationResistance: 3>>
///
/// and `[application<…>:63390]* Process exited: <RBSProcessExitContext; …` (the same context) 3 ms later.
///
/// - The status `<RBSProcessExitStatus; domain: runningboard (15); code: 0x2182baad>` is the iOS 14+
///   `<RBSProcessExitStatus| domain:runningboard(15) code:0x2182baad>` written another way: it is rewritten in that
///   form and read by ``TimelineEventRecognizer/exitReason(_:)``, so both forms give the same kind and words.
/// - The explanation is RunningBoard's format `Timed-out waiting for process %@ to invalidate assertion with
///   identifier %@ and explanation '%@'. Direct this report to owners of that process` (its `RBAssertion`
///   `terminationContextForTargetProcess:`, decompiled from iOS 26.1 in EthanArbuckle/iPhone18-3_26.1_23B85_Restore,
///   `System/Library/PrivateFrameworks/RunningBoard.framework/RunningBoard/RBAssertion.m`): RunningBoard killed the
///   process because an assertion it held was not invalidated before its time ran out. The assertion is named:
///   `Shared Background Assertion N for <bundle>` is the one UIKit holds while a background task begun with
///   `beginBackgroundTask` runs (``ProcessAssertion``), so that kill is a leaked background task. RunningBoard's
///   later code for that assertion is 0x2182bad2 (the same file's `_exceptionCodeForAssertionTimeout`; Apple's
///   "EXC_CRASH (SIGKILL)": a background task failing to complete in time); iOS 13.1.2 wrote 0x2182baad, the code
///   for any other assertion's time-out.
///
/// Only the `runningboard` domain was seen in the `;` form, and the explanation only in the `;` form: the `|` form
/// with the same explanation is read the same way (its words are RunningBoard's format, not the form's).
enum RunningBoardExitContext {
  /// Where a kill's detail says that RunningBoard timed out waiting for an assertion: the analyser's key.
  static let assertionTimeoutNote = "; RunningBoard timed out waiting for the process to invalidate assertion "

  /// Said after a `Shared Background Assertion` named in the note.
  static let backgroundTaskNote =
    " (the assertion UIKit holds while a background task begun with beginBackgroundTask is running)"

  /// The kind and detail of an exit context in the `;` form, or of one that holds RunningBoard's assertion
  /// time-out explanation; `nil` for anything else (``TimelineEventRecognizer/exitReason(_:)`` reads it).
  static func read(_ message: Substring) -> (TimelineEvent.Kind, String)? {
    let timeout = assertionTimeout(in: message)
    let status: String
    if let semicolon = semicolonStatus(in: message) {
      status = semicolon
    } else if timeout != nil, let bar = barStatus(in: message) {
      status = bar
    } else {
      return nil
    }
    // The status alone: no `;` form and no explanation in it, so exitReason reads it as the `|` form.
    var (kind, detail) = TimelineEventRecognizer.exitReason(status[...])
    if let timeout {
      detail += assertionTimeoutNote + timeout.identifier + " \"" + timeout.assertion + "\""
      if timeout.assertion.hasPrefix("Shared Background Assertion ") { detail += backgroundTaskNote }
    }
    return (kind, detail)
  }

  /// `<RBSProcessExitStatus; domain: runningboard (15); code: 0x2182baad>` as
  /// `<RBSProcessExitStatus| domain:runningboard(15) code:0x2182baad>`; `nil` without a `;`-form status.
  static func semicolonStatus(in message: Substring) -> String? {
    typealias R = TimelineEventRecognizer
    guard let start = R.range(of: "<RBSProcessExitStatus; ", in: message) else { return nil }
    let rest = message[start.upperBound...]
    let inside = rest.prefix(while: { $0 != ">" && $0 != "\n" })
    var domain: Substring?
    var code: Substring?
    for field in inside.split(separator: ";") {
      let trimmed = R.trimmingBlanks(field)
      if trimmed.hasPrefix("domain: ") {
        domain = trimmed.dropFirst("domain: ".count)
      } else if trimmed.hasPrefix("code: ") {
        code = trimmed.dropFirst("code: ".count)
      }
    }
    guard let domain, !domain.isEmpty else { return nil }
    // `runningboard (15)` → `runningboard(15)`, as the `|` form writes it.
    func joined(_ text: Substring) -> String {
      var result = ""
      var index = text.startIndex
      while index < text.endIndex {
        let next = text.index(after: index)
        if !(text[index] == " " && next < text.endIndex && text[next] == "(") { result.append(text[index]) }
        index = next
      }
      return result
    }
    return "<RBSProcessExitStatus| domain:\(joined(domain)) code:\(code.map(joined) ?? "?")>"
  }

  /// The `|`-form status `<RBSProcessExitStatus| …>` as written.
  static func barStatus(in message: Substring) -> String? {
    guard let start = TimelineEventRecognizer.range(of: "<RBSProcessExitStatus| ", in: message) else { return nil }
    let rest = message[start.lowerBound...]
    guard let close = rest.firstIndex(where: { $0 == ">" || $0 == "\n" }), rest[close] == ">" else { return nil }
    return String(rest[...close])
  }

  /// The assertion RunningBoard's `Timed-out waiting for process … to invalidate assertion with identifier ID and
  /// explanation 'NAME'` names: its identifier and name.
  static func assertionTimeout(in message: Substring) -> (identifier: String, assertion: String)? {
    typealias R = TimelineEventRecognizer
    guard let start = R.range(of: "Timed-out waiting for process ", in: message) else { return nil }
    let rest = message[start.upperBound...]
    guard
      let identifier = R.text(
        after: " to invalidate assertion with identifier ", in: rest, until: [" and explanation '", " ", "\n"]),
      let named = R.range(of: " and explanation '", in: rest)
    else { return nil }
    let name = rest[named.upperBound...].prefix(while: { $0 != "'" && $0 != "\n" })
    guard !name.isEmpty else { return nil }
    return (identifier, String(name.prefix(300)))
  }
}

/// SpringBoard's `Firing exit handlers for PID with context <RBSProcessExitContext…>` (iOS 13): the exit context of
/// the process, said a few milliseconds before the `Process exited:` line that repeats it. Read with the same words
/// as that line (``TimelineEventRecognizer/exitReason(_:)``), so the analyser keeps one end, this line's (it drops
/// the same end said twice within a second).
enum SpringBoardExitHandlerRecognizers {
  static let all: [MessageRecognizer] = [firingExitHandlers]

  static let anchor = "Firing exit handlers for "

  static let firingExitHandlers = MessageRecognizer(
    id: "springboard-firing-exit-handlers", era: "iOS 13 SpringBoard (the one copy seen)",
    anchors: [anchor], writers: ["SpringBoard"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      guard let start = R.range(of: anchor, in: message),
        let pidText = R.text(after: anchor, in: message[start.lowerBound...], until: [" with context <", "\n"]),
        let pid = Int(pidText),
        let context = R.range(of: " with context <RBSProcessExitContext", in: message[start.upperBound...])
      else { return [] }
      var subject = AppSubject(pid: pid)
      // The context names the app only inside its explanation, when it has one: its own pid's identity.
      let named = R.appSubject(in: message[context.upperBound...])
      if named.pid == pid { subject.bundle = named.bundle }
      state.gonePIDs.insert(pid)
      let (kind, detail) = R.exitReason(message[context.lowerBound...])
      return [MessageEvent(kind: kind, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Firing exit handlers for 63390 with context <RBSProcessExitContext; specific: <RBSProcessExitStatus; domain: runningboard (15); code: 0x2182baad>; terminationContext: <RBSTerminateContext: 0x6000032f29c0; code: 0x2182BAAD; explanation: \"Timed-out waiting for process [application<org.reactjs.native.example.test-bg>:63390] to invalidate assertion with identifier 4170-63390-4366 and explanation 'Shared Background Assertion 2 for org.reactjs.native.example.test-bg'. Direct this report to owners of that process\"; reportType: 0; maxRole: 7; maxTerminationResistance: 3>>",
        process: "SpringBoard",
        source: "react/react-native issue #26731 (fonov, iOS 13.1.2 device, Console.app, 21:26:15.204466)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(bundle: "org.reactjs.native.example.test-bg", pid: 63390),
          detail: TimelineEventRecognizer.exitReason("<RBSProcessExitStatus| domain:runningboard(15) code:0x2182baad>")
            .1
            + RunningBoardExitContext.assertionTimeoutNote
            + "4170-63390-4366 \"Shared Background Assertion 2 for org.reactjs.native.example.test-bg\""
            + RunningBoardExitContext.backgroundTaskNote))
    ],
    nonTriggering: [])
}
