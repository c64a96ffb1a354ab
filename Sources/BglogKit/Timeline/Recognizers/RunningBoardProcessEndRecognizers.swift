/// macOS runningboardd's record of an app process that is gone: `Calculated state for app<…(501)>: none (role:
/// None) (endowments: (null))`, then `XPC connection invalidated: [app<…(501)>:892]` (sw33tLie/macshot #132, a
/// Console.app copy of the app's end). The state `none` is runningboardd's state for a process that no longer
/// runs, and the invalidated XPC connection is the process's connection to it going away: together, the process
/// ended. Neither line says how or why, and the event says so. The state line alone is no event (runningboardd
/// also calculates it for a process it has not launched yet), nor is the invalidation alone (a client may drop its
/// connection and live on).
enum RunningBoardProcessEndRecognizers {
  static let all: [MessageRecognizer] = [stateNoneThenConnectionInvalidated]

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
