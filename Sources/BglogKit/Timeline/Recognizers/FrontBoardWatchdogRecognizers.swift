/// FrontBoard (in SpringBoard) watchdog lines about an app: a watchdog provision (a time the app is allowed
/// for launching, creating its scene, and so on) violated, the same watchdog ignored because the process is being
/// debugged, and (iOS 11–12) the termination FrontBoard then executes. On iOS 14 the kill itself is the
/// `Process exited: <FBProcessExitContext; watchdog (…)>` line the SpringBoard branch of ``TimelineEventRecognizer``
/// reads. iOS 11–12 name the app by its bundle id alone in the brackets (`[com.app.id] …`, FrontBoard's log proem
/// of those years: appium #7535's iOS 10 `[com.apple.test.WebDriverAgentRunner-Runner] Activating
/// <FBProcessWatchdog: …; name: process-launch>`); iOS 14 by `[application<com.x>:pid]`.
enum FrontBoardWatchdogRecognizers {
  static let all: [MessageRecognizer] = [ignoredWhileDebugged, provisionViolated, watchdogTermination]

  private static let source = "flutter/flutter issue #68558 (Console.app, iOS 14)"
  private static let forums104020 =
    "Apple Developer Forums thread 104020 (iOS 11–12, quoted without headers), forums.developer.apple.com/thread/104020"

  /// How a kill by FrontBoard's watchdog is said (the exit context's and the termination request's): the
  /// ``TimelineAnalyzer`` findings look for it.
  static let killedByWatchdog = "killed by the watchdog"

  /// The app a FrontBoard line is about, and the text after its brackets: `[application<com.x>:1462] …` (iOS 14),
  /// or `[com.x] …`, a bundle id alone (iOS 11–12; no pid). Other brackets (`[app:1849]`, `[VERBOSE-2:…]`) are not
  /// FrontBoard's subject.
  static func subject(_ message: Substring) -> (AppSubject, Substring)? {
    typealias R = TimelineEventRecognizer
    if let (subject, body) = R.bracketSubject(message) {
      return subject.bundle == nil ? nil : (subject, body)
    }
    guard message.first == "[", let close = message.firstIndex(of: "]") else { return nil }
    let inside = message[message.index(after: message.startIndex)..<close]
    guard inside.contains("."), inside.first?.isLetter == true,
      inside.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }),
      message[close...].dropFirst().first == " "
    else { return nil }
    return (AppSubject(bundle: String(inside)), message[close...].dropFirst().drop(while: { $0 == " " }))
  }

  /// What an allowance's `type:` means: `scheduledTime` is CPU time (forum thread 104020's pair of lines: `type:
  /// scheduledTime; timeValue: 3.77s`, then `exhausted CPU time allowance of 3.77 seconds`), `realTime` the wall
  /// clock (`type: realTime; timeValue: 20.0s`, the 20 s launch deadline crash reports give as `exhausted real (wall
  /// clock) time allowance`).
  static func allowanceMeaning(_ type: String) -> String? {
    switch type {
    case "scheduledTime": return "CPU time"
    case "realTime": return "wall-clock time"
    default: return nil
    }
  }

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
      guard let (subject, body) = Self.subject(message),
        R.hasPrefix(body, "Provision violated for watchdog "),
        let name = R.text(after: "Provision violated for watchdog ", in: body, until: [":", " ", "\n"])
      else { return [] }
      var detail = "watchdog \(name) provision violated"
      if let type = R.text(after: "; type: ", in: body, until: [";", ">"]),
        let value = R.text(after: "; timeValue: ", in: body, until: [">", ";"])
      {
        detail += " (\(type) \(value)" + (allowanceMeaning(type).map { ": \($0)" } ?? "") + ")"
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
          detail:
            "watchdog process-launch provision violated (realTime 20.0s: wall-clock time); not enforced: process is "
            + "being debugged"
        )),
      RecognizerExample(
        "[com.app.id] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x1108d7d10; allowance: <; FBSProcessResourceAllowance; type: scheduledTime; timeValue: 3.77s>; violated: YES>",
        source: forums104020,
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(bundle: "com.app.id"),
          detail: "watchdog scene-create provision violated (scheduledTime 3.77s: CPU time)")),
    ],
    nonTriggering: [
      // assertiond's `[Name:pid]` is a process name, not FrontBoard's bundle.
      RecognizerExample(
        "[app:1849] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x1108d7d10; allowance: <; FBSProcessResourceAllowance; type: scheduledTime; timeValue: 3.77s>; violated: YES>",
        source: forums104020 + ", its line given the brackets of the thread's assertiond lines (a test of the rule)")
    ])

  /// iOS 11–12: `[com.app.id] Executing termination for reason (none) with request: <FBSProcessTerminationRequest:
  /// 0x…; label: "watchdog provision violated"; exceptionCode: "Watchdog Violation (0x8BADF00D)"; reportType:
  /// CrashLog; explanation: "scene-create watchdog transgression: com.app.id exhausted CPU time allowance of 3.77
  /// seconds">`: FrontBoard kills the app for the violated provision. Only a watchdog's request is read (its label
  /// or its 0x8BADF00D): FrontBoard executes other requests too (iOS 15's `Executing termination request:
  /// <FBSProcessTerminationRequest: …; label: "Terminating for automation testing."; exceptionCode: "Force Quit
  /// (0xFBFBFBFB)"; …>`), whose end runningboardd's lines say.
  static let watchdogTermination = MessageRecognizer(
    id: "frontboard-watchdog-termination", era: "iOS 11–12 FrontBoard (SpringBoard)",
    anchors: ["<FBSProcessTerminationRequest: "], writers: ["SpringBoard", "FrontBoard"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let (subject, body) = Self.subject(message), R.hasPrefix(body, "Executing termination"),
        let request = R.range(of: "<FBSProcessTerminationRequest: ", in: body)
      else { return [] }
      let fields = body[request.upperBound...]
      let label = R.text(after: "; label: \"", in: fields, until: ["\";", "\">", "\n"])
      let code = R.text(after: "; exceptionCode: \"", in: fields, until: ["\"", "\n"])
      guard label?.lowercased().contains("watchdog") == true || code?.uppercased().contains("8BADF00D") == true
      else { return [] }
      var detail = killedByWatchdog + " (\(label ?? "watchdog"))"
      var said: [String] = []
      if let code { said.append(code) }
      if let explanation = R.text(after: "; explanation: \"", in: fields, until: ["\">", "\"\n", "\n"]) {
        said.append(explanation)
      }
      if !said.isEmpty { detail += ": " + said.joined(separator: "; ") }
      return [MessageEvent(kind: .killed, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "[com.app.id] Executing termination for reason (none) with request: <FBSProcessTerminationRequest: 0x107abbfb0; label: \"watchdog provision violated\"; exceptionCode: \"Watchdog Violation (0x8BADF00D)\"; reportType: CrashLog; explanation: \"scene-create watchdog transgression: com.app.id exhausted CPU time allowance of 3.77 seconds\">",
        source: forums104020,
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(bundle: "com.app.id"),
          detail:
            "killed by the watchdog (watchdog provision violated): Watchdog Violation (0x8BADF00D); scene-create "
            + "watchdog transgression: com.app.id exhausted CPU time allowance of 3.77 seconds"))
    ],
    nonTriggering: [
      RecognizerExample(
        "[application<com.apple.mobilesafari>:4056] Executing termination request: <FBSProcessTerminationRequest: 0x282ab0080; label: \"Terminating for automation testing.\"; exceptionCode: \"Force Quit (0xFBFBFBFB)\"; reportType: (none); explanation: \"Terminating for automation testing.\">",
        process: "SpringBoard", pid: 60,
        source: "appium/WebDriverAgent issue #571 (idevicesyslog through Appium, iOS 15)")
    ])
}
