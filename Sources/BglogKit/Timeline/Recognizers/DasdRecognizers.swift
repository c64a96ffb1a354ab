/// dasd (DuetActivityScheduler, iOS 13+) deciding whether a scheduled BackgroundTasks activity may run:
/// `bgProcessing-<task id>:<n>:[ {name: <policy>, …, response: {Decision: …}} … ], FinalDecision: …}`.
/// dasd names the task, not the app: the subject is the app whose own `submitTaskRequest:` line named the
/// task's identifier earlier in the log, else ``AppSubject/unnamedApp`` unless a header names an app. A push
/// launch's activity, `com.apple.pushLaunch.<bundle>:<n>:[ … ], FinalDecision: Must Not Proceed}`, is decided the
/// same way and names the app: dasd did not launch the app for that push then, and the detail says so with each
/// refusing policy's rationale as written (`ThunderingHerdPolicy: timeSinceThunderingHerdTriggerEvent < 300`).
/// Only `Must Not Proceed` is read (the one decision seen in real text).
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
      let first = R.trimmingBlanks(message.prefix(while: { $0 != "\n" }))
      let pushLaunch = first.hasPrefix("com.apple.pushLaunch.")
      guard first.hasSuffix(":["), first.hasPrefix("bg") || pushLaunch else { return [] }
      let activity = first.dropLast(2)
      var refusing: [String] = []
      var names: Set<Substring> = []
      for policy in message.components(separatedBy: "{name: ").dropFirst() {
        let name = policy.prefix(while: { $0 != "," && $0 != "\n" })
        guard R.contains(policy[...], "Decision: Must Not Proceed"), names.insert(name).inserted else { continue }
        // A push launch's refusal is the answer to "why did the push not wake the app": the policy's own
        // rationale, as written (`Rationale: [{timeSinceThunderingHerdTriggerEvent < 300}]`), is kept.
        if pushLaunch,
          let rationale = R.text(after: "Rationale: [{", in: policy[...], until: ["}]", "\n"]),
          !rationale.isEmpty, rationale.count <= 200
        {
          refusing.append("\(name): \(rationale)")
        } else {
          refusing.append(String(name))
        }
      }
      let by = refusing.isEmpty ? "" : " (" + refusing.joined(separator: ", ") + ")"
      if pushLaunch {
        return [
          MessageEvent(
            kind: .bgTaskDeferred,
            subject: DasdActivityRecognizers.subject(ofActivity: activity, header: header, state: state),
            detail:
              "push launch \(activity) must not proceed\(by): dasd refused to launch the app for this push at that time"
          )
        ]
      }
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
        )),
      // Console.app copied with blanks for tabs (Turkish copy of Stack Overflow question 71523234: a silent push
      // not delivered after the device restarted).
      RecognizerExample(
        """
        com.apple.pushLaunch.YOUR_BUNDLE_ID:7BAB0E:[
        {name: ThunderingHerdPolicy, policyWeight: 1.000, response: {Decision: Must Not Proceed, Score: 0.00, Rationale: [{timeSinceThunderingHerdTriggerEvent < 300}]}}
        ], FinalDecision: Must Not Proceed}
        """,
        process: "dasd",
        source:
          "isolution.pro/tr/q/so71523234 (Turkish copy of a Stack Overflow answer on silent pushes after a restart)",
        expected: MessageEvent(
          kind: .bgTaskDeferred, subject: AppSubject(bundle: "YOUR_BUNDLE_ID"),
          detail:
            "push launch com.apple.pushLaunch.YOUR_BUNDLE_ID:7BAB0E must not proceed (ThunderingHerdPolicy: "
            + "timeSinceThunderingHerdTriggerEvent < 300): dasd refused to launch the app for this push at that time")),
    ],
    nonTriggering: [])
}
