/// locationd's notes on the application state SpringBoard/BackBoard report for its clients, written as
/// JSON in the message (seen in a 2023 device syslog).
enum LocationdRecognizers {
  static let all: [MessageRecognizer] = [applicationStateChange]

  /// `{"msg":"Post Application State Change Notification", "notification":"BackgroundTaskSuspended",
  /// "pid":4484, "bundleId":"debug.com.x.handler"}`: the process is now suspended in the background
  /// (`BKSApplicationStateBackgroundTaskSuspended`, `SBApplicationStateKey = 2` in the line before it).
  /// Only this state is read (the only one found); locationd's `#CLIUA AppMonitor notification` line
  /// right after it says the same again and is not read.
  static let applicationStateChange = MessageRecognizer(
    id: "locationd-application-state-change", era: "iOS 16–17 locationd (a 2023 device log)",
    anchors: ["\"msg\":\"Post Application State Change Notification\""], writers: ["locationd"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard R.contains(message, "\"notification\":\"BackgroundTaskSuspended\""),
        let pid = R.text(after: "\"pid\":", in: message, until: [",", "}", " "]).flatMap({ Int($0) }),
        let bundle = R.text(after: "\"bundleId\":\"", in: message, until: ["\""])
      else { return [] }
      return [
        MessageEvent(
          kind: .suspended, subject: AppSubject(bundle: bundle, pid: pid),
          detail: "suspended in the background (locationd's application state notification: BackgroundTaskSuspended)")
      ]
    },
    triggering: [
      RecognizerExample(
        "{\"msg\":\"Post Application State Change Notification\", \"notification\":\"BackgroundTaskSuspended\", "
          + "\"pid\":4484, \"bundleId\":\"debug.com.tplink.aria.commissionRequestHandler\"}",
        process: "locationd", pid: 3842, source: "project-chip/connectedhomeip issue #29249 (idevicesyslog)",
        expected: MessageEvent(
          kind: .suspended, subject: AppSubject(bundle: "debug.com.tplink.aria.commissionRequestHandler", pid: 4484),
          detail: "suspended in the background (locationd's application state notification: BackgroundTaskSuspended)"))
    ],
    nonTriggering: [])
}
