/// dasd (DuetActivityScheduler, iOS 11+) keeping its list of activities: `Submitted Activity: NAME <private>`
/// and `CANCELED: NAME <private>!`. A push launch's activity is named `com.apple.pushLaunch.<bundle>:<id>`:
/// the bundle id is read from the name. A BackgroundTasks request's activity (iOS 13+) is named
/// `bgProcessing-<identifier>:<id>` or `bgRefresh-<identifier>:<id>`: the identifier is the app's, not its
/// bundle id, so the app is the one whose own `submitTaskRequest:` line named that identifier earlier in the
/// log. Other activities name no app (the header's app, else the unnamed app). What dasd then decides is
/// read by ``DasdRecognizers``.
enum DasdActivityRecognizers {
  static let all: [MessageRecognizer] = [activitySubmittedOrCancelled]

  /// The app a dasd activity name gives: `com.apple.pushLaunch.edu.x.app:AAE889` → `edu.x.app`;
  /// `bgProcessing-ID:200A93` → the app that submitted a request for `ID` (see ``requester(ofActivity:in:)``).
  static func subject(ofActivity name: Substring, header: MessageHeader, state: MessageRecognizerState)
    -> AppSubject
  {
    let prefix = "com.apple.pushLaunch."
    if name.hasPrefix(prefix), let colon = name.lastIndex(of: ":") {
      let bundle = name[name.index(name.startIndex, offsetBy: prefix.count)..<colon]
      // The bundle id as SpringBoard wrote it in its `[bundle]` push lines, with or without a dot (a redacted
      // `pushLaunch.myapp`).
      if !bundle.isEmpty,
        bundle.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") })
      {
        return AppSubject(bundle: String(bundle))
      }
    }
    return header.app ?? requester(ofActivity: name, in: state) ?? .unnamedApp
  }

  /// The app whose own `submitTaskRequest:` line named the identifier of a BackgroundTasks activity
  /// (`bgProcessing-<identifier>:<id>`, `bgRefresh-<identifier>:<id>`), when the log had it before.
  static func requester(ofActivity name: Substring, in state: MessageRecognizerState) -> AppSubject? {
    guard !state.bgTaskRequesters.isEmpty, let colon = name.lastIndex(of: ":") else { return nil }
    for prefix in ["bgProcessing-", "bgRefresh-"] where name.hasPrefix(prefix) {
      let identifier = name[name.index(name.startIndex, offsetBy: prefix.count)..<colon]
      return state.bgTaskRequesters[String(identifier)]
    }
    return nil
  }

  static let activitySubmittedOrCancelled = MessageRecognizer(
    id: "dasd-activity-submitted-cancelled", era: "iOS 11+ dasd",
    anchors: ["Submitted Activity: ", "CANCELED: com.apple.", "CANCELED: bgProcessing-", "CANCELED: bgRefresh-"],
    writers: ["dasd"],
    read: { message, header, state in
      let text = TimelineEventRecognizer.trimmingBlanks(message.prefix(while: { $0 != "\n" }))
      let submitted = text.hasPrefix("Submitted Activity: ")
      guard submitted || text.hasPrefix("CANCELED: ") else { return [] }
      let rest = text.dropFirst(submitted ? 20 : 10)
      let name = rest.prefix(while: { $0 != " " && $0 != "!" })
      guard !name.isEmpty, name.count <= 200, name.contains(":") else { return [] }
      let subject = subject(ofActivity: name, header: header, state: state)
      var detail = "dasd activity \(name) " + (submitted ? "submitted" : "cancelled")
      if !submitted, requester(ofActivity: name, in: state) != nil {
        // What the log shows, and Apple's word on it (BGTaskScheduler `submit(_:)`: "Submitting a task request
        // for an unexecuted task that's already in the queue replaces the previous task request"); the line
        // does not say why dasd cancelled it.
        detail +=
          "; the app had submitted a request for this identifier before (a new request replaces a pending one)"
      }
      return [
        MessageEvent(kind: submitted ? .bgTaskSubmitted : .bgTaskCancelled, subject: subject, detail: detail)
      ]
    },
    triggering: [
      RecognizerExample(
        "Submitted Activity: com.apple.pushLaunch.edu.berkeley.eecs.emission:AAE889 <private>",
        process: "dasd", pid: 139, source: "e-mission/e-mission-phone issue #290 (iOS 11 device syslog)",
        expected: MessageEvent(
          kind: .bgTaskSubmitted, subject: AppSubject(bundle: "edu.berkeley.eecs.emission"),
          detail: "dasd activity com.apple.pushLaunch.edu.berkeley.eecs.emission:AAE889 submitted")),
      // A bundle without a dot (redacted in the paste) names the app too, as SpringBoard's `[myapp]` lines do.
      RecognizerExample(
        "Submitted Activity: com.apple.pushLaunch.myapp:ADC65E at prio",
        process: "dasd",
        source:
          "rafaelsetragni/awesome_notifications_fcm issue #8 (German Console.app copy, the line cut by the paste)",
        expected: MessageEvent(
          kind: .bgTaskSubmitted, subject: AppSubject(bundle: "myapp"),
          detail: "dasd activity com.apple.pushLaunch.myapp:ADC65E submitted")),
      RecognizerExample(
        "CANCELED: com.apple.pushLaunch.edu.berkeley.eecs.emission:E0E211 <private>!",
        process: "dasd", pid: 139, source: "e-mission/e-mission-phone issue #290 (iOS 11 device syslog)",
        expected: MessageEvent(
          kind: .bgTaskCancelled, subject: AppSubject(bundle: "edu.berkeley.eecs.emission"),
          detail: "dasd activity com.apple.pushLaunch.edu.berkeley.eecs.emission:E0E211 cancelled")),
      // A BackgroundTasks request's activity, read alone: the app is not named (after the app's own
      // `submitTaskRequest:` line for the identifier, it is that app: `SessionSevenReviewTests`).
      RecognizerExample(
        "CANCELED: bgProcessing-be.tramckrijte.workmanagerExample.iOSBackgroundProcessingTask:751E8D at priority 10 <private>!",
        process: "dasd", source: "fluttercommunity/flutter_workmanager issue #557 (Console.app, iOS 17)",
        expected: MessageEvent(
          kind: .bgTaskCancelled, subject: .unnamedApp,
          detail:
            "dasd activity bgProcessing-be.tramckrijte.workmanagerExample.iOSBackgroundProcessingTask:751E8D cancelled")
      ),
      RecognizerExample(
        "Submitted Activity: bgProcessing-be.tramckrijte.workmanagerExample.iOSBackgroundProcessingTask:200A93 at priority 10 (Mon May 20 15:17:08 2024 - Mon May 27 15:17:08 2024)",
        process: "dasd", source: "fluttercommunity/flutter_workmanager issue #557 (Console.app, iOS 17)",
        expected: MessageEvent(
          kind: .bgTaskSubmitted, subject: .unnamedApp,
          detail:
            "dasd activity bgProcessing-be.tramckrijte.workmanagerExample.iOSBackgroundProcessingTask:200A93 submitted")
      ),
    ],
    nonTriggering: [])
}
