/// dasd (DuetActivityScheduler, iOS 11+) keeping its list of activities: `Submitted Activity: NAME <private>`
/// and `CANCELED: NAME <private>!`. A push launch's activity is named `com.apple.pushLaunch.<bundle>:<id>`:
/// the bundle id is read from the name; other activities name no app (the header's app, else the unnamed
/// app). What dasd then decides is read by ``DasdRecognizers``.
enum DasdActivityRecognizers {
  static let all: [MessageRecognizer] = [activitySubmittedOrCancelled]

  /// The app a dasd activity name gives: `com.apple.pushLaunch.edu.x.app:AAE889` → `edu.x.app`.
  static func subject(ofActivity name: Substring, header: MessageHeader) -> AppSubject {
    let prefix = "com.apple.pushLaunch."
    if name.hasPrefix(prefix), let colon = name.lastIndex(of: ":") {
      let bundle = name[name.index(name.startIndex, offsetBy: prefix.count)..<colon]
      if bundle.contains("."), !bundle.contains(" ") { return AppSubject(bundle: String(bundle)) }
    }
    return header.app ?? .unnamedApp
  }

  static let activitySubmittedOrCancelled = MessageRecognizer(
    id: "dasd-activity-submitted-cancelled", era: "iOS 11+ dasd",
    anchors: ["Submitted Activity: ", "CANCELED: com.apple."], writers: ["dasd"],
    read: { message, header, _ in
      let text = TimelineEventRecognizer.trimmingBlanks(message.prefix(while: { $0 != "\n" }))
      let submitted = text.hasPrefix("Submitted Activity: ")
      guard submitted || text.hasPrefix("CANCELED: ") else { return [] }
      let rest = text.dropFirst(submitted ? 20 : 10)
      let name = rest.prefix(while: { $0 != " " && $0 != "!" })
      guard !name.isEmpty, name.count <= 200, name.contains(":") else { return [] }
      let subject = subject(ofActivity: name, header: header)
      return [
        MessageEvent(
          kind: submitted ? .bgTaskSubmitted : .bgTaskCancelled, subject: subject,
          detail: "dasd activity \(name) " + (submitted ? "submitted" : "cancelled"))
      ]
    },
    triggering: [
      RecognizerExample(
        "Submitted Activity: com.apple.pushLaunch.edu.berkeley.eecs.emission:AAE889 <private>",
        process: "dasd", pid: 139, source: "e-mission/e-mission-phone issue #290 (iOS 11 device syslog)",
        expected: MessageEvent(
          kind: .bgTaskSubmitted, subject: AppSubject(bundle: "edu.berkeley.eecs.emission"),
          detail: "dasd activity com.apple.pushLaunch.edu.berkeley.eecs.emission:AAE889 submitted")),
      RecognizerExample(
        "CANCELED: com.apple.pushLaunch.edu.berkeley.eecs.emission:E0E211 <private>!",
        process: "dasd", pid: 139, source: "e-mission/e-mission-phone issue #290 (iOS 11 device syslog)",
        expected: MessageEvent(
          kind: .bgTaskCancelled, subject: AppSubject(bundle: "edu.berkeley.eecs.emission"),
          detail: "dasd activity com.apple.pushLaunch.edu.berkeley.eecs.emission:E0E211 cancelled")),
    ],
    nonTriggering: [])
}
