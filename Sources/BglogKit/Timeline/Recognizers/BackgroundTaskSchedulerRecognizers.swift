/// BackgroundTasks.framework's lines in the app's log (iOS 13+): the app launched by the system for
/// a scheduled task, the task run, and its completion.
enum BackgroundTaskSchedulerRecognizers {
  static let all: [MessageRecognizer] = [launchForActivities, runningTask, markingComplete]

  private static let source = "transistorsoft/flutter_background_geolocation issue #295 (Console.app, iOS 13)"

  /// `Handling launch from daemon for activities: {(\n    bgRefresh-com.transistorsoft.fetch:A8B50D\n)}`
  static let launchForActivities = MessageRecognizer(
    id: "bgtask-launch-from-daemon", era: "iOS 13+ BackgroundTasks (in the app)",
    anchors: ["Handling launch from daemon for activities"], writers: [],
    read: { message, header, _ in
      guard let subject = header.app,
        TimelineEventRecognizer.hasPrefix(message, "Handling launch from daemon for activities")
      else { return [] }
      let activity = message.split(whereSeparator: { $0 == "\n" }).dropFirst().first.map {
        TimelineEventRecognizer.trimmingBlanks(Substring($0))
      }
      let detail = "launched by the system for " + (activity.map { String($0) } ?? "background activities")
      return [MessageEvent(kind: .relaunchedInBackground, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Handling launch from daemon for activities: {(\n    bgRefresh-com.transistorsoft.fetch:A8B50D\n)}",
        process: "Runner",
        source: source,
        expected: MessageEvent(
          kind: .relaunchedInBackground, subject: AppSubject(name: "Runner"),
          detail: "launched by the system for bgRefresh-com.transistorsoft.fetch:A8B50D"))
    ],
    nonTriggering: [])

  /// `Running task: <BGAppRefreshTask: com.transistorsoft.fetch>`
  static let runningTask = MessageRecognizer(
    id: "bgtask-running-task", era: "iOS 13+ BackgroundTasks (in the app)",
    anchors: ["Running task: <BG"], writers: [],
    read: { message, header, _ in
      guard let subject = header.app, TimelineEventRecognizer.hasPrefix(message, "Running task: <BG") else { return [] }
      let task = message.dropFirst("Running task: <".count).prefix(while: { $0 != ">" && $0 != "\n" })
        .replacingOccurrences(of: ": ", with: " ")
      return [MessageEvent(kind: .backgroundTaskStarted, subject: subject, detail: task)]
    },
    triggering: [
      RecognizerExample(
        "Running task: <BGAppRefreshTask: com.transistorsoft.fetch>", process: "Runner", source: source,
        expected: MessageEvent(
          kind: .backgroundTaskStarted, subject: AppSubject(name: "Runner"),
          detail: "BGAppRefreshTask com.transistorsoft.fetch"))
    ],
    nonTriggering: [])

  /// `Marking task (null) complete with success: 1`
  static let markingComplete = MessageRecognizer(
    id: "bgtask-marking-complete", era: "iOS 13+ BackgroundTasks (in the app)",
    anchors: ["complete with success: "], writers: [],
    read: { message, header, _ in
      guard let subject = header.app, TimelineEventRecognizer.hasPrefix(message, "Marking task "),
        let success = TimelineEventRecognizer.text(after: "complete with success: ", in: message, until: [" ", "\n"])
      else { return [] }
      let task = TimelineEventRecognizer.text(after: "Marking task ", in: message, until: [" complete"]) ?? "?"
      return [
        MessageEvent(
          kind: .backgroundTaskEnded, subject: subject, detail: "BGTask \(task) marked complete (success: \(success))")
      ]
    },
    triggering: [
      RecognizerExample(
        "Marking task (null) complete with success: 1", process: "Runner", source: source,
        expected: MessageEvent(
          kind: .backgroundTaskEnded, subject: AppSubject(name: "Runner"),
          detail: "BGTask (null) marked complete (success: 1)"))
    ],
    nonTriggering: [])
}
