/// UIKit's own lines in the app's log about `beginBackgroundTask` / `endBackgroundTask` and the
/// handleEvents completion handler. The subject is the writing app; without a header,
/// ``AppSubject/unnamedApp`` (UIKit writes these lines only in an app's own log, so the line is about
/// some app, just not a named one). A task name `Called by X, from …` names the binary whose code began
/// the task, the app's or a framework's (`Called by OneSignal, from +[OneSignalLocation beginTask]`: the
/// OneSignal SDK), never reliably the app: it stays in the detail and names no app.
enum UIKitBackgroundTaskRecognizers {
  static let all: [MessageRecognizer] = [backgroundTask]

  static let backgroundTask = MessageRecognizer(
    id: "uikit-background-task", era: "UIKit, iOS 7+ (the 30-second warning: iOS 13+)",
    anchors: [
      "Created background task ", "Ending background task with UIBackgroundTaskIdentifier: ",
      "Can't end BackgroundTask",
      "Can't endBackgroundTask", "was created over 30 seconds ago",
      // Without its first words: a line hard-wrapped after `still not ` keeps this part whole (WordPress-iOS #21254).
      "after expiration handlers were called", "handleEventsForBackgroundURLSession",
      // The first part of a 30-second warning hard-wrapped before `was created` (see ``wrappedThirtySeconds``).
      "Background Task ",
      "didReceiveRemoteNotification:fetchCompletionHandler:", "performFetchWithCompletionHandler:",
    ],
    writers: [],
    read: { message, header, state in
      if !header.process.isEmpty {
        state.wrappedTask = nil
        // With a header, only the app's own lines (the UIKit branch of the recognizer, as before).
        guard let subject = header.app else { return [] }
        return read(message, subject: subject)
      }
      if let events = wrappedThirtySeconds(message, state: &state) { return events }
      // No app named: only a message that is UIKit's line from its start (not prose quoting it), or one
      // naming its caller as UIKit's task names do.
      guard opensAsUIKit(message) || MessageSubject.calledBy(message) != nil else { return [] }
      return read(message, subject: .unnamedApp)
    },
    triggering: [
      RecognizerExample(
        "[BackgroundTask] Background Task 5 (\"RNBackgroundTimer\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
        process: "Driver", pid: 3314, source: "ocetnik/react-native-background-timer issue #373 (Xcode console)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: AppSubject(name: "Driver", pid: 3314),
          detail: "background task 5 \"RNBackgroundTimer\" created over 30 seconds ago")),
      RecognizerExample(
        "[BackgroundTask] Background Task 1 (\"Called by FirstContact, from -[CountlyConnectionManager proceedOnQueue]\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
        source: "Countly/countly-sdk-ios issue #190 (quoted without a header)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: .unnamedApp,
          detail:
            "background task 1 \"Called by FirstContact, from -[CountlyConnectionManager proceedOnQueue]\" created over 30 seconds ago"
        )),
      RecognizerExample(
        "[BackgroundTask] Background Task 37 (\"Called by Runner, from -[BackgroundTaskManager createBackgroundTask]\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
        source: "transistorsoft/flutter_background_geolocation issue #1021 (quoted without a header)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: .unnamedApp,
          detail:
            "background task 37 \"Called by Runner, from -[BackgroundTaskManager createBackgroundTask]\" created over 30 seconds ago"
        )),
      RecognizerExample(
        "Can't end BackgroundTask: no background task exists with identifier 3 (0x3), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.",
        process: "MyApp", pid: 886,
        source: "katzer/cordova-plugin-background-mode issue #485 (Xcode console)",
        expected: MessageEvent(
          kind: .backgroundTaskEnded, subject: AppSubject(name: "MyApp", pid: 886),
          detail:
            "can't end background task 3: error, no task with that id (already ended, or never begun: a double end or a stale id)"
        )),
      RecognizerExample(
        "[BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x280883b00>: taskID = 262, taskName = Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask], creationTime = 943356 (elapsed = 44). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.",
        process: "ProjectX", pid: 38194, source: "OneSignal/OneSignal-iOS-SDK issue #1205 (Xcode console)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: AppSubject(name: "ProjectX", pid: 38194),
          detail:
            "background task 262 \"Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]\" still not ended after expiration handlers (44 s after it began)"
        )),
      // UIKit's own launch task, which the app never began; `elapsed = 0`: its time ran out at once.
      RecognizerExample(
        "Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x1541f8ac0>: taskID = 1, taskName = Launch Background Task for Coalescing, creationTime = 196503 (elapsed = 0). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.",
        source:
          "an AI-assistant session transcript committed to a public repository (search index id 18163985682; the user pasted the line alone)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: .unnamedApp,
          detail:
            "background task 1 \"Launch Background Task for Coalescing\" still not ended after expiration handlers (0 s after it began; UIKit's own launch task, not one the app began)"
        )),
      RecognizerExample(
        "Created background task <_UIBackgroundTaskInfo: 0x1481ca740>: taskID = 1, taskName = Launch Background Task for Coalescing, creationTime = 771914 (elapsed = 0).",
        process: "hootowl",
        source:
          "a Console.app copy of an app's (`hootowl`) launch, committed to a public repository (search index id 68703888399)",
        expected: MessageEvent(
          kind: .backgroundTaskStarted, subject: AppSubject(name: "hootowl"),
          detail:
            "background task 1 Launch Background Task for Coalescing (UIKit's own launch task, not one the app began)")),
      // `Called by OneSignal`: the SDK's code began the task in some app; without a header the app is not
      // named (before session 6 it was filed under an app named "OneSignal").
      RecognizerExample(
        "[BackgroundTask] Background Task 25 (\"Called by OneSignal, from +[OneSignalLocation beginTask]\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
        source: "OneSignal/OneSignal-iOS-SDK issue #1047 (quoted without a header)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: .unnamedApp,
          detail:
            "background task 25 \"Called by OneSignal, from +[OneSignalLocation beginTask]\" created over 30 seconds ago"
        )),
      // Its first `[` lost in the paste; the Flutter engine's own debug-build task.
      RecognizerExample(
        "BackgroundTask] Background Task 16 (\"Flutter debug task\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
        source: "firebase/flutterfire issue #6184 (the description, 2021-05-19; quoted without a header)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: .unnamedApp,
          detail: "background task 16 \"Flutter debug task\" created over 30 seconds ago")),
      // Without a header and without `Called by …`: the app is not named, so the unnamed app.
      RecognizerExample(
        "[BackgroundTask] Background Task 1001 (\"GDTStorage\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
        source: "firebase/firebase-ios-sdk issue #8908 (quoted without a header)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: .unnamedApp,
          detail: "background task 1001 \"GDTStorage\" created over 30 seconds ago")),
      RecognizerExample(
        "Warning: Application delegate received call to -application:handleEventsForBackgroundURLSession:completionHandler: but the completion handler was never called.",
        source: "Alamofire/Alamofire issue #804 (pasted alone, without a header)",
        expected: MessageEvent(
          kind: .completionHandlerWarning, subject: .unnamedApp,
          detail: "handleEvents completion handler not called")),
      RecognizerExample(
        "Warning: Application delegate received call to -application:didReceiveRemoteNotification:fetchCompletionHandler: but the completion handler was never called.",
        process: "WordPress", pid: 680,
        source: "wordpress-mobile/WordPress-iOS issue #4454 (Xcode console without the time, 2015)",
        expected: MessageEvent(
          kind: .completionHandlerWarning, subject: AppSubject(name: "WordPress", pid: 680),
          detail: Self.remoteNotificationDetail)),
      // The whole line in double quotes, as a question quotes it: the line itself, not prose around it.
      RecognizerExample(
        "\"Warning: Application delegate received call to -application:didReceiveRemoteNotification:fetchCompletionHandler: but the completion handler was never called.\"",
        source: "bakerframework/baker issue #448 (the line quoted alone in double quotes, 2015)",
        expected: MessageEvent(
          kind: .completionHandlerWarning, subject: .unnamedApp, detail: Self.remoteNotificationDetail)),
      // Without `Warning: `, quoted from the sentence's start.
      RecognizerExample(
        "Application delegate received call to -application:didReceiveRemoteNotification:fetchCompletionHandler: but the completion handler was never called.",
        source: "firebase/quickstart-ios issue #37 (quoted with `> `, 2016)",
        expected: MessageEvent(
          kind: .completionHandlerWarning, subject: .unnamedApp, detail: Self.remoteNotificationDetail)),
      RecognizerExample(
        "[1310:648320] Warning: Application delegate received call to application:performFetchWithCompletionHandler: but the completion handler was never called.",
        source: "transistorsoft/cordova-plugin-background-fetch issue #21 (NSLog's pid and thread left, 2015 wording)",
        expected: MessageEvent(kind: .completionHandlerWarning, subject: .unnamedApp, detail: performFetchDetail)),
      RecognizerExample(
        "Warning: Application delegate received call to -application:performFetchWithCompletionHandler: but the completion handler was never called.",
        process: "MyApp", pid: 28009,
        source: "transistorsoft/cordova-plugin-background-fetch issue #67 (Xcode console, 2017)",
        expected: MessageEvent(
          kind: .completionHandlerWarning, subject: AppSubject(name: "MyApp", pid: 28009),
          detail: Self.performFetchDetail)),
    ],
    nonTriggering: [
      // A daemon's line is not UIKit's.
      RecognizerExample(
        "Background Task 2 (\"GDTCCTUploader-upload\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
        process: "runningboardd",
        source: "google/GoogleDataTransport issue #156 (message; the process column here is a test of the rule)")
    ])

  /// The background task UIKit itself begins when the app launches (`_UIApplicationStartLaunchBackgroundTask`
  /// adds it with this name and no expiration handler, and UIKit ends it itself shortly after: real Console.app
  /// copies show `Created background task …: taskID = 1, taskName = Launch Background Task for Coalescing`, then
  /// `Ending background task with UIBackgroundTaskIdentifier: 1` about 3 s later). The app never began it.
  static let uikitLaunchTaskName = "Launch Background Task for Coalescing"

  /// What an event about ``uikitLaunchTaskName`` says of it.
  static let uikitLaunchTaskNote = "UIKit's own launch task, not one the app began"

  /// The detail of UIKit's warning that `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`'s
  /// completion handler was never called (a remote notification's background fetch, a silent push).
  static let remoteNotificationDetail =
    "didReceiveRemoteNotification:fetchCompletionHandler: completion handler not called (remote notification fetch)"

  /// The detail of the same warning for `application(_:performFetchWithCompletionHandler:)` (a background fetch).
  static let performFetchDetail =
    "performFetchWithCompletionHandler: completion handler not called (background fetch)"

  /// The delegate methods whose `UIBackgroundFetchResult` completion handler UIKit says was never called.
  static let fetchDelegateDetails: [(selector: String, detail: String)] = [
    ("didReceiveRemoteNotification:fetchCompletionHandler:", remoteNotificationDetail),
    ("performFetchWithCompletionHandler:", performFetchDetail),
  ]

  /// Whether a headerless message starts as one of UIKit's lines do (leading blanks apart; a line wholly in
  /// double quotes, as a question quotes the warning, is the line itself).
  static func opensAsUIKit(_ message: Substring) -> Bool {
    var text = message.drop(while: { $0 == " " || $0 == "\t" })
    if text.first == "\"", TimelineEventRecognizer.trimmingBlanks(text.prefix(while: { $0 != "\n" })).last == "\"" {
      text = text.dropFirst()
    }
    // NSLog's `[pid:tid] ` left when the paste cut the date and the process name before it
    // (transistorsoft/cordova-plugin-background-fetch #21: `[1310:648320] Warning: Application delegate …`).
    if text.first == "[", let close = text.firstIndex(of: "]"),
      text[text.index(after: text.startIndex)..<close].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }),
      text[text.index(after: text.startIndex)..<close].contains(":"), text[close...].dropFirst().first == " "
    {
      text = text[close...].dropFirst(2)
    }
    typealias R = TimelineEventRecognizer
    // `BackgroundTask] Background Task 16 (…)`: the line pasted without its first `[` (flutterfire #6184).
    return R.hasPrefix(text, "[BackgroundTask] ") || R.hasPrefix(text, "BackgroundTask] Background Task ")
      || R.hasPrefix(text, "Warning: Application delegate received call to ")
      || R.hasPrefix(text, "Application delegate received call to -application:")
      || R.hasPrefix(text, "Can't end BackgroundTask") || R.hasPrefix(text, "Can't endBackgroundTask")
      || R.hasPrefix(text, "Created background task ") || R.hasPrefix(text, "Ending background task with ")
      || R.hasPrefix(text, "Background Task ") || R.hasPrefix(text, "Background task still not ended")
  }

  /// UIKit's 30-second warning hard-wrapped while no layout is known, where each line is its own record (a blog's
  /// ```` ```bash ```` block: `Background Task 5 ("Called by AppGetKilled, from $s12…"), ` then `was created over 30
  /// seconds ago. `): the first record's task is kept, and the next record, starting with `was created over 30
  /// seconds ago`, gives the event with it. `nil` when the record is neither part (the others are read as
  /// before); any other record read here forgets the kept task.
  static func wrappedThirtySeconds(_ message: Substring, state: inout MessageRecognizerState) -> [MessageEvent]? {
    typealias R = TimelineEventRecognizer
    var text = R.trimmingBlanks(message.prefix(while: { $0 != "\n" }))
    if R.hasPrefix(text, "[BackgroundTask] ") { text = text.dropFirst("[BackgroundTask] ".count) }
    let kept = state.wrappedTask
    state.wrappedTask = nil
    if R.hasPrefix(text, "Background Task "), text.hasSuffix("),"), !R.contains(message, "was created over") {
      let id = R.text(after: "Background Task ", in: text, until: [" ", ","]) ?? "?"
      let name = R.text(after: "(\"", in: text, until: ["\")"]).map { " \"\($0)\"" } ?? ""
      state.wrappedTask = "background task \(id)\(name)"
      return []
    }
    guard R.hasPrefix(text, "was created over 30 seconds ago"), let kept else { return nil }
    return [
      MessageEvent(
        kind: .expiryWarning, subject: .unnamedApp,
        detail: "\(kept) created over 30 seconds ago (the warning wrapped onto this line from the one before)")
    ]
  }

  /// A record whose lines were hard-wrapped after a blank (`Background task still not ` / `ended after
  /// expiration handlers were called: … taskID = 30, ` / `taskName = Called by Jetpack, from …, ` / `creationTime =
  /// 401007 (elapsed = 26). `: WordPress-iOS #21254, an Xcode line cut at a fixed width with its blanks kept) read
  /// as the one line it was: each line feed after a blank is dropped. A line feed after anything else stays (the
  /// forms stop there, as before): no wrap without its blank was seen.
  static func unwrapped(_ message: Substring) -> Substring {
    guard message.utf8.contains(0x0A) else { return message }
    var text = ""
    text.reserveCapacity(message.utf8.count)
    var previous: Character?
    for character in message {
      if character == "\n", previous == " " {
        previous = character
        continue
      }
      text.append(character)
      previous = character
    }
    return text[...]
  }

  /// The UIKit forms, about `subject`.
  static func read(_ wrapped: Substring, subject: AppSubject) -> [MessageEvent] {
    typealias R = TimelineEventRecognizer
    let message = unwrapped(wrapped)
    func event(_ kind: TimelineEvent.Kind, _ detail: String) -> [MessageEvent] {
      [MessageEvent(kind: kind, subject: subject, detail: detail)]
    }
    if R.hasPrefix(message, "Created background task ") {
      let name = R.text(after: "taskName = ", in: message, until: [",", "\n"]) ?? "<unnamed>"
      let id = R.text(after: "taskID = ", in: message, until: [",", " "])
      let own = name == uikitLaunchTaskName ? " (\(uikitLaunchTaskNote))" : ""
      return event(.backgroundTaskStarted, "background task \(id.map { "\($0) " } ?? "")\(name)\(own)")
    } else if R.hasPrefix(message, "Ending background task with UIBackgroundTaskIdentifier: ") {
      let id = message.dropFirst("Ending background task with UIBackgroundTaskIdentifier: ".count)
        .prefix(while: { $0.isNumber })
      return event(.backgroundTaskEnded, "background task \(id) ended")
    } else if R.contains(message, "Can't end BackgroundTask") || R.contains(message, "Can't endBackgroundTask") {
      // iOS 13+: `…with identifier 3 (0x3), or it may have already been ended`; older: `… 6c, or …`.
      let id = R.text(after: "with identifier ", in: message, until: [",", " ("]) ?? "?"
      return event(
        .backgroundTaskEnded,
        "can't end background task \(id): error, no task with that id (already ended, or never begun: a double end or a stale id)"
      )
    } else if R.contains(message, "was created over 30 seconds ago") {
      // `[BackgroundTask] Background Task 5 ("RNBackgroundTimer"), was created over 30 seconds ago.`
      let id = R.text(after: "Background Task ", in: message, until: [" ", ","]) ?? "?"
      let name = R.text(after: "(\"", in: message, until: ["\")"]).map { " \"\($0)\"" } ?? ""
      return event(.expiryWarning, "background task \(id)\(name) created over 30 seconds ago")
    } else if message.contains("Background task still not ended after expiration handlers were called") {
      // `…: <_UIBackgroundTaskInfo: 0x…>: taskID = 30, taskName = Called by …, creationTime = …`
      let id = R.text(after: "taskID = ", in: message, until: [",", " "]).map { " \($0)" } ?? ""
      var taskName = R.text(after: "taskName = ", in: message, until: [", creationTime", "\n"])
      var notes: [String] = []
      if let cut = taskName, !R.contains(message, ", creationTime") {
        // The record stops inside or after the name (a hard wrap with no layout known, a cut paste).
        taskName = String(cut.reversed().drop(while: { $0 == " " }).reversed()) + " …"
        notes.append("the record stops inside the task's name")
      }
      let name = taskName.map { " \"\($0)\"" } ?? ""
      // `(elapsed = 26)`: seconds from the task's creation to this warning.
      if let elapsed = R.text(after: "(elapsed = ", in: message, until: [")", "\n"]), let seconds = Int(elapsed) {
        notes.append("\(seconds) s after it began")
      }
      if taskName == uikitLaunchTaskName { notes.append(uikitLaunchTaskNote) }
      let said = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
      return event(.expiryWarning, "background task\(id)\(name) still not ended after expiration handlers\(said)")
    } else if R.contains(message, "handleEventsForBackgroundURLSession"), R.contains(message, "completion handler"),
      R.contains(message, "never called") || R.contains(message, "not called") || R.contains(message, "wasn't called")
    {
      return event(.completionHandlerWarning, "handleEvents completion handler not called")
    } else if let method = fetchDelegateDetails.first(where: { R.contains(message, $0.selector) }),
      R.contains(message, "completion handler"),
      R.contains(message, "never called") || R.contains(message, "not called") || R.contains(message, "wasn't called")
    {
      return event(.completionHandlerWarning, method.detail)
    }
    return []
  }
}
