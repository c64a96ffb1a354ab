/// BackgroundTasks.framework's lines in the app's log (iOS 13+): the app launched by the system for
/// a scheduled task, the task run, its completion, a request submitted, and a launch simulated from
/// the debugger for an identifier with no scheduled request. The app is the header's; the lines read
/// since session 4 fall back to ``AppSubject/unnamedApp`` without a header (BackgroundTasks writes them
/// only in an app's own log).
enum BackgroundTaskSchedulerRecognizers {
  static let all: [MessageRecognizer] = [
    launchForActivities, runningTask, markingComplete, submitTaskRequest, simulatingLaunch, noTaskRequest,
    schedulerError,
  ]

  private static let simulate = "transistorsoft/react-native-background-fetch issue #219 (Xcode console)"

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

  /// `submitTaskRequest: <BGAppRefreshTaskRequest: com.transistorsoft.fetch, earliestBeginDate: 2020-06-15 07:30:54 +0000>`
  static let submitTaskRequest = MessageRecognizer(
    id: "bgtask-submit-task-request", era: "iOS 13+ BackgroundTasks (in the app)",
    anchors: ["submitTaskRequest: <BG"], writers: [],
    read: { message, header, state in
      typealias R = TimelineEventRecognizer
      guard let subject = header.appOrUnnamed, let start = R.range(of: "submitTaskRequest: <", in: message)?.upperBound
      else { return [] }
      let request = message[start...].prefix(while: { $0 != ">" && $0 != "\n" })
      let kind = request.prefix(while: { $0 != ":" })
      guard kind.hasPrefix("BG"), let identifier = R.text(after: ": ", in: request, until: [",", " "]) else {
        return []
      }
      let earliest = R.text(after: "earliestBeginDate: ", in: request, until: [">"]).map { ", earliest begin \($0)" }
      // dasd's lines about the request name only the identifier: remember whose it is (not the process: dasd
      // may speak of the activity after this process has ended).
      if subject != .unnamedApp, identifier.count <= 200 {
        state.bgTaskRequesters[String(identifier)] = AppSubject(bundle: subject.bundle, name: subject.name)
      }
      return [
        MessageEvent(
          kind: .bgTaskSubmitted, subject: subject, detail: "\(kind) \(identifier) submitted\(earliest ?? "")")
      ]
    },
    triggering: [
      RecognizerExample(
        "submitTaskRequest: <BGAppRefreshTaskRequest: com.transistorsoft.fetch, earliestBeginDate: 2020-06-15 07:30:54 +0000>",
        process: "Runner", source: source,
        expected: MessageEvent(
          kind: .bgTaskSubmitted, subject: AppSubject(name: "Runner"),
          detail: "BGAppRefreshTaskRequest com.transistorsoft.fetch submitted, earliest begin 2020-06-15 07:30:54 +0000"
        ))
    ],
    nonTriggering: [])

  /// `Simulating launch for task with identifier com.transistorsoft.fetch` (after the debugger's
  /// `_simulateLaunchForTaskWithIdentifier:`), and `Starting simulated task: <BGAppRefreshTask: id>`, the same
  /// simulated launch as the iOS 13 beta wrote it alone (NetNewsWire #746); later iOS writes it after the
  /// `Simulating launch` line (as `<decode: missing data>` in the one copy seen, not read), where it adds no
  /// second event.
  static let simulatingLaunch = MessageRecognizer(
    id: "bgtask-simulating-launch", era: "iOS 13+ BackgroundTasks (in the app, from the debugger)",
    anchors: ["Simulating launch for task with identifier ", "Starting simulated task: <"], writers: [],
    read: { message, header, state in
      typealias R = TimelineEventRecognizer
      guard let subject = header.appOrUnnamed else { return [] }
      if R.hasPrefix(message, "Starting simulated task: <BG") {
        let task = message.dropFirst("Starting simulated task: <".count).prefix(while: { $0 != ">" && $0 != "\n" })
        guard let colon = R.range(of: ": ", in: task) else { return [] }
        let kind = task[..<colon.lowerBound]
        let identifier = task[colon.upperBound...]
        guard !kind.contains(" "), !identifier.isEmpty, !identifier.contains(" "), identifier.count <= 200,
          state.simulatedLaunches.remove(String(identifier)) == nil
        else { return [] }
        return [
          MessageEvent(
            kind: .bgTaskSimulatedLaunch, subject: subject,
            detail: "debugger simulated a launch (\(kind) started) for \(identifier)")
        ]
      }
      guard R.hasPrefix(message, "Simulating launch for task with identifier "),
        let identifier = R.text(after: "with identifier ", in: message, until: [" ", "\n"])
      else { return [] }
      if identifier.count <= 200 { state.simulatedLaunches.insert(identifier) }
      return [
        MessageEvent(
          kind: .bgTaskSimulatedLaunch, subject: subject, detail: "debugger simulated a launch for \(identifier)")
      ]
    },
    triggering: [
      RecognizerExample(
        "Simulating launch for task with identifier com.transistorsoft.fetch", process: "ReLearn", pid: 1163,
        source: simulate,
        expected: MessageEvent(
          kind: .bgTaskSimulatedLaunch, subject: AppSubject(name: "ReLearn", pid: 1163),
          detail: "debugger simulated a launch for com.transistorsoft.fetch")),
      RecognizerExample(
        "Starting simulated task: <BGAppRefreshTask: com.ranchero.NetNewsWire.FeedRefresh>", process: "NetNewsWire",
        pid: 5127, source: "Ranchero-Software/NetNewsWire issue #746 (Xcode console, iOS 13 beta, 2019)",
        expected: MessageEvent(
          kind: .bgTaskSimulatedLaunch, subject: AppSubject(name: "NetNewsWire", pid: 5127),
          detail: "debugger simulated a launch (BGAppRefreshTask started) for com.ranchero.NetNewsWire.FeedRefresh")),
    ],
    nonTriggering: [
      // After its `Simulating launch …` line, undecoded: the same launch, no second event.
      RecognizerExample(
        "Starting simulated task: <decode: missing data>", process: "TestBgTask", pid: 381,
        source:
          "a Spanish BGTaskScheduler tutorial's Xcode lines (code index file id 54933868130; the index does not name "
          + "its repository)")
    ])

  /// `No task request with identifier com.transistorsoft.fetch has been scheduled`
  static let noTaskRequest = MessageRecognizer(
    id: "bgtask-no-task-request", era: "iOS 13+ BackgroundTasks (in the app)",
    anchors: ["No task request with identifier "], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let subject = header.appOrUnnamed, R.hasPrefix(message, "No task request with identifier "),
        R.contains(message, " has been scheduled")
      else { return [] }
      // `<decode: missing data>`: unified logging could not decode the argument (the identifier is not
      // in the log), not an identifier of its own.
      if R.hasPrefix(message, "No task request with identifier <decode:"),
        let undecoded = R.text(after: "with identifier ", in: message, until: [">", "\n"])
      {
        return [
          MessageEvent(
            kind: .bgTaskNotScheduled, subject: subject,
            detail: "no task request scheduled for an identifier the log could not decode (\(undecoded)>)")
        ]
      }
      guard let identifier = R.text(after: "with identifier ", in: message, until: [" ", "\n"]) else { return [] }
      return [
        MessageEvent(kind: .bgTaskNotScheduled, subject: subject, detail: "no task request scheduled for \(identifier)")
      ]
    },
    triggering: [
      RecognizerExample(
        "No task request with identifier com.transistorsoft.fetch has been scheduled", process: "ReLearn", pid: 1163,
        source: simulate,
        expected: MessageEvent(
          kind: .bgTaskNotScheduled, subject: AppSubject(name: "ReLearn", pid: 1163),
          detail: "no task request scheduled for com.transistorsoft.fetch")),
      RecognizerExample(
        "No task request with identifier <decode: missing data> has been scheduled",
        source: "bhaval-patel/BackgroundTask issue #6 (quoted alone, after a simulated launch in lldb)",
        expected: MessageEvent(
          kind: .bgTaskNotScheduled, subject: .unnamedApp,
          detail: "no task request scheduled for an identifier the log could not decode (<decode: missing data>)")),
    ],
    nonTriggering: [])

  /// `Error Domain=BGTaskSchedulerErrorDomain Code=1 "(null)"`, as an app logs the error `submit(_:)`
  /// threw (`Could not schedule app refresh: Error Domain=…`). The codes are Apple's
  /// `BGTaskScheduler.Error.Code`: 1 unavailable, 2 tooManyPendingTaskRequests, 3 notPermitted. Apple's page for
  /// notPermitted gives two causes: the identifier is not in `BGTaskSchedulerPermittedIdentifiers`, or the app does
  /// not set the mode the request needs in `UIBackgroundModes` (`fetch` for an app refresh request, `processing` for
  /// a processing request, as transistorsoft's install guide has them enabled); the line does not say which.
  /// Code 3's two causes, in Apple's order of the Info.plist keys.
  static let notPermittedMeaning =
    "not permitted: the identifier is not in BGTaskSchedulerPermittedIdentifiers, or UIBackgroundModes lacks the "
    + "mode the request needs (fetch for an app refresh request, processing for a processing request)"

  /// The same error in NSError's `localizedDescription` form, as React Native and Flutter code log `error.message`:
  /// `The operation couldn't be completed. (BGTaskSchedulerErrorDomain error 1.)` (the apostrophe straight or
  /// curly). Read only with its parenthesis and closing `.)`: a guide's list of codes (`BGTaskSchedulerErrorDomain
  /// error 1`: …) or a plugin's fixed hint (`On BGTaskSchedulerErrorDomain error 1 - please run on real device`) is
  /// no error the app got.
  static let localizedAnchor = "(BGTaskSchedulerErrorDomain error "

  /// The code of either form: `Code=1` in `Error Domain=…`, or `1` in `(BGTaskSchedulerErrorDomain error 1.)`.
  static func schedulerErrorCode(in message: Substring) -> String? {
    typealias R = TimelineEventRecognizer
    if let code = R.text(after: "Error Domain=BGTaskSchedulerErrorDomain Code=", in: message, until: [" ", "\n", ","]) {
      return code
    }
    guard let start = message.range(of: localizedAnchor) else { return nil }
    let rest = message[start.upperBound...]
    let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(".)") else { return nil }
    return String(digits)
  }

  static let schedulerError = MessageRecognizer(
    id: "bgtask-scheduler-error", era: "iOS 13+ BackgroundTasks (in the app)",
    anchors: ["Error Domain=BGTaskSchedulerErrorDomain Code=", localizedAnchor], writers: [],
    read: { message, header, _ in
      guard let subject = header.appOrUnnamed, let code = schedulerErrorCode(in: message) else { return [] }
      let meaning: String
      switch code {
      case "1":
        meaning =
          "unavailable: the app cannot schedule background work here (the Simulator, Background App Refresh "
          + "turned off, or an extension)"
      case "2": meaning = "too many pending task requests"
      case "3": meaning = notPermittedMeaning
      default: return []
      }
      return [
        MessageEvent(
          kind: .bgTaskSubmitFailed, subject: subject,
          detail: "request refused: BGTaskSchedulerErrorDomain Code=\(code) (\(meaning))")
      ]
    },
    triggering: [
      RecognizerExample(
        "Could not schedule app refresh: Error Domain=BGTaskSchedulerErrorDomain Code=1 \"(null)\"",
        source: "bhaval-patel/BackgroundTask issue #2 (Xcode console, the app's own print)",
        expected: MessageEvent(
          kind: .bgTaskSubmitFailed, subject: .unnamedApp,
          detail:
            "request refused: BGTaskSchedulerErrorDomain Code=1 (unavailable: the app cannot schedule background "
            + "work here (the Simulator, Background App Refresh turned off, or an extension))")),
      RecognizerExample(
        "Could not schedule app refresh: Error Domain=BGTaskSchedulerErrorDomain Code=3 \"(null)\"",
        source:
          "transistorsoft/flutter_background_fetch issue #312 (comment, junaidirshad098, 2023-09-18; Xcode console, "
          + "the app's own print)",
        expected: MessageEvent(
          kind: .bgTaskSubmitFailed, subject: .unnamedApp,
          detail: "request refused: BGTaskSchedulerErrorDomain Code=3 (\(notPermittedMeaning))")),
      RecognizerExample(
        "A console error appears: Uncaught (in promise, id: 0): \"Error: The operation couldn't be completed. "
          + "(BGTaskSchedulerErrorDomain error 1.)\"",
        source: "Expensify/App issue #85986 (description, m-natarajan, 2026-03-20; React Native, the 'Actual Result')",
        expected: MessageEvent(
          kind: .bgTaskSubmitFailed, subject: .unnamedApp,
          detail:
            "request refused: BGTaskSchedulerErrorDomain Code=1 (unavailable: the app cannot schedule background "
            + "work here (the Simulator, Background App Refresh turned off, or an extension))")),
      RecognizerExample(
        "\"The operation couldn’t be completed. (BGTaskSchedulerErrorDomain error 1.)\"",
        source:
          "transistorsoft/react-native-background-fetch issue #230 (comment, balwinder4264, 2020-05-26; the line "
          + "after ` Possible Unhandled Promise Rejection (id: 0):`, curly apostrophe)",
        expected: MessageEvent(
          kind: .bgTaskSubmitFailed, subject: .unnamedApp,
          detail:
            "request refused: BGTaskSchedulerErrorDomain Code=1 (unavailable: the app cannot schedule background "
            + "work here (the Simulator, Background App Refresh turned off, or an extension))")),
      RecognizerExample(
        "❌ Failed to schedule background refresh: The operation couldn't be completed. (BGTaskSchedulerErrorDomain "
          + "error 3.)",
        source:
          "a WeDaApp 'Background Tasks Setup Guide' quoting its console before the fix (code index file id "
          + "4893308494; the index does not name its repository)",
        expected: MessageEvent(
          kind: .bgTaskSubmitFailed, subject: .unnamedApp,
          detail: "request refused: BGTaskSchedulerErrorDomain Code=3 (\(notPermittedMeaning))")),
    ],
    nonTriggering: [])
}
