/// iOS 14 FrontBoard (in SpringBoard) watchdog lines about an app: a watchdog provision (a time the
/// app is allowed for launching, and so on) violated, and the same watchdog ignored because the
/// process is being debugged. The kill itself, when it comes, is the `Process exited:
/// <FBProcessExitContext; watchdog (…)>` line the SpringBoard branch of ``TimelineEventRecognizer`` reads.
enum FrontBoardWatchdogRecognizers {
  static let all: [MessageRecognizer] = [ignoredWhileDebugged, provisionViolated]

  private static let source = "flutter/flutter issue #68558 (Console.app, iOS 14)"

  /// `[application<com.x>:1462] Ignoring <FBProcessWatchdog: 0x…; name: process-launch> for reason: process
  /// is being debugged`: remembered for the violation line that follows; no event of its own.
  static let ignoredWhileDebugged = MessageRecognizer(
    id: "frontboard-watchdog-ignored", era: "iOS 14 FrontBoard (SpringBoard)",
    anchors: ["Ignoring <FBProcessWatchdog: "], writers: ["SpringBoard", "FrontBoard"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      guard let (subject, body) = R.bracketSubject(message), let pid = subject.pid,
        R.hasPrefix(body, "Ignoring <FBProcessWatchdog: "),
        let name = R.text(after: "; name: ", in: body, until: [">", ";"]),
        let reason = R.text(after: "> for reason: ", in: body, until: ["\n"])
      else { return [] }
      state.ignoredWatchdogs[pid] = (name, reason)
      return []
    },
    triggering: [],
    nonTriggering: [
      RecognizerExample(
        "[application<com.example.helloFlutter>:1462] Ignoring <FBProcessWatchdog: 0x28175f7f0; name: process-launch> for reason: process is being debugged",
        process: "SpringBoard", source: source)
    ])

  /// `[application<com.x>:1462] Provision violated for watchdog process-launch: <FBSProcessResourceProvision:
  /// 0x…; allowance: <; FBSProcessResourceAllowance; type: realTime; timeValue: 20.0s>; violated: YES>`
  static let provisionViolated = MessageRecognizer(
    id: "frontboard-watchdog-provision-violated", era: "iOS 14 FrontBoard (SpringBoard)",
    anchors: ["Provision violated for watchdog "], writers: ["SpringBoard", "FrontBoard"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      guard let (subject, body) = R.bracketSubject(message), subject.bundle != nil,
        R.hasPrefix(body, "Provision violated for watchdog "),
        let name = R.text(after: "Provision violated for watchdog ", in: body, until: [":", " ", "\n"])
      else { return [] }
      var detail = "watchdog \(name) provision violated"
      if let type = R.text(after: "; type: ", in: body, until: [";", ">"]),
        let value = R.text(after: "; timeValue: ", in: body, until: [">", ";"])
      {
        detail += " (\(type) \(value))"
      }
      if let pid = subject.pid, let ignored = state.ignoredWatchdogs.removeValue(forKey: pid), ignored.name == name {
        detail += "; not enforced: \(ignored.reason)"
      }
      return [MessageEvent(kind: .watchdogViolation, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "[application<com.example.helloFlutter>:1462] Provision violated for watchdog process-launch: <FBSProcessResourceProvision: 0x281830800; allowance: <; FBSProcessResourceAllowance; type: realTime; timeValue: 20.0s>; violated: YES>",
        process: "SpringBoard", source: source + ", after the Ignoring line above",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(bundle: "com.example.helloFlutter", pid: 1462),
          detail: "watchdog process-launch provision violated (realTime 20.0s); not enforced: process is being debugged"
        ))
    ],
    nonTriggering: [])
}
