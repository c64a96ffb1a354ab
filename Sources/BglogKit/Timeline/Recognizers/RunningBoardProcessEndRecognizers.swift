/// macOS runningboardd's record of an app process that is gone: `Calculated state for app<…(501)>: none (role:
/// None) (endowments: (null))`, then `XPC connection invalidated: [app<…(501)>:892]` (sw33tLie/macshot #132, a
/// Console.app copy of the app's end). The state `none` is runningboardd's state for a process that no longer
/// runs, and the invalidated XPC connection is the process's connection to it going away: together, the process
/// ended. Neither line says how or why, and the event says so. The state line alone is no event (runningboardd
/// also calculates it for a process it has not launched yet), nor is the invalidation alone (a client may drop its
/// connection and live on).
enum RunningBoardProcessEndRecognizers {
  static let all: [MessageRecognizer] = [stateNoneThenConnectionInvalidated, terminateWithReasonSuccess]

  /// `[app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892] terminate_with_reason()
  /// success` (sw33tLie/macshot #132, turn 12, the same paste a little earlier): runningboardd ended the process
  /// with `terminate_with_reason()` (the system call that kills a process and records why) and it succeeded, so
  /// the process was killed by RunningBoard. The line does not say who asked or why: a termination request
  /// runningboardd received for the app before it (`Received termination request from [osservice<…>] …`) is named
  /// as the likely one; otherwise the detail says the reason is not in the line. One end per process: the state
  /// `none` and the XPC invalidation after it add none.
  static let terminateWithReasonSuccess = MessageRecognizer(
    id: "runningboard-terminate-with-reason-success", era: "macOS runningboardd (the one copy seen)",
    anchors: ["] terminate_with_reason() success"], writers: ["runningboardd"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      let line = message.prefix(while: { $0 != "\n" })
      guard R.hasPrefix(line, "[app<") || R.hasPrefix(line, "[application<"),
        let (subject, body) = R.bracketSubject(line), R.hasPrefix(body, "terminate_with_reason() success"),
        let bundle = subject.bundle, let pid = subject.pid, state.gonePIDs.insert(pid).inserted
      else { return [] }
      var detail = "killed by RunningBoard (terminate_with_reason() success)"
      if let request = state.terminationRequests.removeValue(forKey: bundle) {
        detail += "; the termination request read before it: \(request)"
      } else {
        detail += "; the line does not say who asked or why"
      }
      return [MessageEvent(kind: .killed, subject: subject, detail: detail)]
    },
    // Read in `SessionNineRecogniserTests.terminateWithReasonIsTheKillAfterTheRequest` (the examples here are
    // replayed after the state-none end of the same pid above, where it is no second end).
    triggering: [],
    nonTriggering: [
      RecognizerExample(
        "[app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892] terminate_with_reason() success",
        process: "runningboardd",
        source:
          "sw33tLie/macshot issue #132 (hongmd, turn 12: macOS Console.app, 21:47:02.619973), after the end of pid 892 "
          + "read above: one end per process")
    ])

  static let noneAnchor = ">: none (role: None)"
  static let invalidatedAnchor = "XPC connection invalidated: [app<"

  static let detail =
    "gone: runningboardd calculated its state as none (role: None), then its XPC connection was invalidated; "
    + "the lines do not say how or why it ended"

  private static let source =
    "sw33tLie/macshot issue #132 (hongmd, turn 12: macOS Console.app copy of the app's end, rows out of time order)"

  static let stateNoneThenConnectionInvalidated = MessageRecognizer(
    id: "runningboard-state-none-connection-invalidated", era: "macOS 11+ runningboardd (the one copy seen)",
    anchors: [noneAnchor, invalidatedAnchor], writers: ["runningboardd"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      let line = message.prefix(while: { $0 != "\n" })
      if R.hasPrefix(line, "Calculated state for "), let found = R.range(of: noneAnchor, in: line) {
        let subject = R.appSubject(in: line[..<found.upperBound])
        if let bundle = subject.bundle, !bundle.isEmpty, !bundle.contains(" ") { state.noneStates.insert(bundle) }
        return []
      }
      guard R.hasPrefix(line, "XPC connection invalidated: [app<") else { return [] }
      let subject = R.appSubject(in: line)
      guard let bundle = subject.bundle, let pid = subject.pid, state.noneStates.remove(bundle) != nil,
        state.gonePIDs.insert(pid).inserted
      else { return [] }
      return [MessageEvent(kind: .exited, subject: subject, detail: detail)]
    },
    // After the state line of the non-triggering examples (the examples are replayed in order).
    triggering: [
      RecognizerExample(
        "XPC connection invalidated: [app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892]",
        process: "runningboardd", source: source + ", after the state line below",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(bundle: "com.sw33tlie.macshot.macshot", pid: 892), detail: detail))
    ],
    nonTriggering: [
      // The invalidation alone: a client's connection may go away while it lives on.
      RecognizerExample(
        "XPC connection invalidated: [app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>:892]",
        process: "runningboardd", source: source),
      // The state alone: no end claimed.
      RecognizerExample(
        "Calculated state for app<application.com.sw33tlie.macshot.macshot.300897658.300897783(501)>: none (role: None) (endowments: (null))",
        process: "runningboardd", source: source),
    ])
}
