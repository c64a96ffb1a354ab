/// dasd (DuetActivityScheduler, iOS 13+) deciding whether a scheduled BackgroundTasks activity may run:
/// `bgProcessing-<task id>:<n>:[ {name: <policy>, …, response: {Decision: …}} … ], FinalDecision: …}`.
/// dasd names the task, not the app: the subject is the app whose own `submitTaskRequest:` line named the
/// task's identifier earlier in the log, else ``AppSubject/unnamedApp`` unless a header names an app. Only
/// `Must Not Proceed` is read (the one decision seen in real text).
enum DasdRecognizers {
  static let all: [MessageRecognizer] = [finalDecision]

  static let finalDecision = MessageRecognizer(
    id: "dasd-final-decision", era: "iOS 13+ dasd",
    anchors: ["], FinalDecision: "], writers: ["dasd"],
    read: { message, header, state in
      typealias R = TimelineEventRecognizer
      guard let decision = R.text(after: "], FinalDecision: ", in: message, until: ["}", "\n"]),
        decision == "Must Not Proceed"
      else { return [] }
      let first = message.prefix(while: { $0 != "\n" })
      guard first.hasSuffix(":["), first.hasPrefix("bg") else { return [] }
      let activity = first.dropLast(2)
      var refusing: [String] = []
      for policy in message.components(separatedBy: "{name: ").dropFirst() {
        let name = policy.prefix(while: { $0 != "," && $0 != "\n" })
        if R.contains(policy[...], "Decision: Must Not Proceed"), !refusing.contains(String(name)) {
          refusing.append(String(name))
        }
      }
      let by = refusing.isEmpty ? "" : " (" + refusing.joined(separator: ", ") + ")"
      return [
        MessageEvent(
          kind: .bgTaskDeferred,
          subject: header.app ?? DasdActivityRecognizers.requester(ofActivity: activity, in: state) ?? .unnamedApp,
          detail: "\(activity) must not proceed\(by)")
      ]
    },
    triggering: [
      RecognizerExample(
        """
        bgProcessing-jp.go.mhlw.covid19radar.eventlog-submission:B5B340:[
        \t{name: CPUUsagePolicy, policyWeight: 5.000, response: {Decision: Must Not Proceed, Score: 0.00, Rationale: [{[Max allowed CPU Usage level]: Required:50.00, Observed:90.00},]}}
        \t{name: DeviceActivityPolicy, policyWeight: 5.000, response: {Decision: Must Not Proceed, Score: 0.00, Rationale: [{launchType == PROCESSING AND deviceActive == 1}]}}
         ], FinalDecision: Must Not Proceed}
        """,
        process: "dasd", source: "cocoa-mhlw/cocoa pull request #644 (Console.app)",
        expected: MessageEvent(
          kind: .bgTaskDeferred, subject: .unnamedApp,
          detail:
            "bgProcessing-jp.go.mhlw.covid19radar.eventlog-submission:B5B340 must not proceed (CPUUsagePolicy, DeviceActivityPolicy)"
        ))
    ],
    nonTriggering: [])
}
