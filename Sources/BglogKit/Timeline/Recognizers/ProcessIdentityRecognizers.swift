/// Lines that give no event but say who a pid is, so that another line's event that knows its process by pid only
/// is filed under that process (``MessageRecognizerState/namedPIDs``, ``TimelineBuilder``).
///
/// appium/appium #15122 (iOS 14.4, Console.app, quoted by a maintainer): SpringBoard's `Firing exit handlers for 354
/// with context <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGSEGV(11)>>`
/// names pid 354 only, and the line after it, `[anon<testmanagerd>:354] Now flagged as pending exit for reason:
/// launch failed`, says that 354 is testmanagerd (the XCTest daemon, not the app under test). Before, the crash was
/// filed under an unnamed app.
enum ProcessIdentityRecognizers {
  static let all: [MessageRecognizer] = [pendingExit]

  typealias R = TimelineEventRecognizer

  /// The process a RunningBoard identity in brackets names, with its pid: `[anon<testmanagerd>:354]` (a process
  /// RunningBoard knows by its executable), `[daemon<com.apple.SpringBoard>:63]`, `[osservice<…>:…]` (a job label),
  /// `[application<com.x>:432]` and `[app<com.x(UUID)>:9522]` (an app: its bundle). Nil for anything else.
  static func identity(_ message: Substring) -> AppSubject? {
    guard R.hasPrefix(message, "["), let close = message.firstIndex(of: "]") else { return nil }
    let inside = message[message.index(after: message.startIndex)..<close]
    guard let colon = inside.lastIndex(of: ":"), let pid = Int(inside[inside.index(after: colon)...]), pid > 0,
      let open = inside.firstIndex(of: "<"), inside[..<colon].hasSuffix(">")
    else { return nil }
    let kind = inside[..<open]
    let value = inside[inside.index(after: open)..<inside.index(before: colon)]
    guard !value.isEmpty, !value.contains("<"), !value.contains(" ") else { return nil }
    switch kind {
    case "application", "app":
      let bundle = value.prefix(while: { $0 != "(" })
      return bundle.isEmpty ? nil : AppSubject(bundle: R.appBundle(bundle), pid: pid)
    case "anon", "daemon", "osservice":
      return AppSubject(name: String(value.prefix(while: { $0 != "(" })), pid: pid)
    default:
      return nil
    }
  }

  static let pendingExitAnchor = "] Now flagged as pending exit for reason: "

  /// `[anon<testmanagerd>:354] Now flagged as pending exit for reason: launch failed`: FrontBoard (in SpringBoard)
  /// marks the process as about to exit. The line does not say that it ended (the exit is said by its own lines,
  /// `Firing exit handlers for 354 …` just before it): no event, the pid's name only.
  static let pendingExit = MessageRecognizer(
    id: "frontboard-pending-exit-identity", era: "iOS 14 FrontBoard (SpringBoard)",
    anchors: [pendingExitAnchor], writers: ["SpringBoard", "FrontBoard"],
    read: { message, _, state in
      guard let found = R.range(of: pendingExitAnchor, in: message),
        let subject = identity(message[..<found.upperBound]), let pid = subject.pid
      else { return [] }
      state.namedPIDs[pid] = subject
      return []
    },
    triggering: [],
    nonTriggering: [
      RecognizerExample(
        "[anon<testmanagerd>:354] Now flagged as pending exit for reason: launch failed", process: "SpringBoard",
        source: "appium/appium issue #15122 (quoted by mykola-mokhnach, iOS 14.4 Console.app)")
    ])
}
