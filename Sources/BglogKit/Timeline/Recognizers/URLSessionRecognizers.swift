/// CFNetwork / nsurlsessiond background-session lines: a task's lifecycle (`Task <UUID>.<n> …`) and
/// nsurlsessiond's bookkeeping of the app's session (`NDSession <UUID> client … is active`,
/// `… disconnected`, `…: removing session`).
///
/// Subjects: nsurlsessiond's task lines do not name the app (the `Task <UUID>.<n>` is the session's),
/// so a task line from nsurlsessiond or without a header is filed under ``AppSubject/unnamedApp``; a
/// task line an app wrote is about that app. An app's own CFNetwork writes these lines for every
/// `URLSession`, foreground data tasks too, so from an app only a completion **with an error** is read
/// (a failed or cancelled transfer); its routine successes are not. `NDSession` lines name the client's
/// bundle id.
enum URLSessionRecognizers {
  static let all: [MessageRecognizer] = [
    taskCreated, taskResumed, taskCompleted, completionAcknowledged, sessionClient, taskQueued, loadFailed,
    daemonConnectionInvalidated, lostBackgroundTransferService, uploadFileNotLinked,
  ]

  /// `NSURLErrorBackgroundTaskCancelledReasonKey` values (Apple's `NSURLErrorCancelledReason…` constants).
  static func cancelledReason(_ value: Substring) -> String? {
    switch value {
    case "0": return "the user force-quit the app"
    case "1": return "background updates are disabled"
    case "2": return "insufficient system resources"
    default: return nil
    }
  }

  private static let aws = "aws-amplify/aws-sdk-ios issue #4594 (Console.app, nsurlsessiond)"
  private static let homeAssistant = "home-assistant/iOS issue #936 (messages pasted without a header)"
  private static let downloader = "781flyingdutchman/background_downloader issue #300 (Console.app, nsurlsessiond)"

  /// `Task <UUID>.<n>` at the message's start (or after a `0x… ID=n ` prefix): the token as written and
  /// the text after it (one space dropped).
  static func task(_ message: Substring) -> (name: Substring, rest: Substring)? {
    guard let start = TimelineEventRecognizer.range(of: "Task <", in: message) else { return nil }
    let token = message[message.index(start.lowerBound, offsetBy: 5)...].prefix(while: { $0 != " " && $0 != "\n" })
    guard token.hasSuffix(">"), token.contains(">.<") else { return nil }
    return (token, message[token.endIndex...].dropFirst())
  }

  /// The writer's subject for a task line (see the type's note).
  private static func subject(_ header: MessageHeader) -> AppSubject {
    header.app ?? .unnamedApp
  }

  /// `Task <…>.<489> uploadTaskWithRequest: <private> fromFile: <private>` (nsurlsessiond).
  static let taskCreated = MessageRecognizer(
    id: "urlsession-task-created", era: "nsurlsessiond (iOS 13+)",
    anchors: ["> uploadTaskWithRequest: "], writers: ["nsurlsessiond"],
    read: { message, header, _ in
      guard let (name, rest) = task(message), TimelineEventRecognizer.hasPrefix(rest, "uploadTaskWithRequest: ")
      else { return [] }
      let from = TimelineEventRecognizer.contains(rest, " fromFile: ") ? " from a file" : ""
      return [
        MessageEvent(kind: .urlTaskCreated, subject: subject(header), detail: "upload task \(name) created\(from)")
      ]
    },
    triggering: [
      RecognizerExample(
        "Task <B22D34D2-4EEB-475E-B233-AC2F67086EC4>.<489> uploadTaskWithRequest: <private> fromFile: <private>",
        source: homeAssistant,
        expected: MessageEvent(
          kind: .urlTaskCreated, subject: .unnamedApp,
          detail: "upload task <B22D34D2-4EEB-475E-B233-AC2F67086EC4>.<489> created from a file"))
    ],
    nonTriggering: [])

  /// `Task <…>.<489> resumeTaskWithIdentifier, props <private>` (nsurlsessiond resuming the app's task;
  /// the `resuming, QOS(0x19)` lines around it say the same again and are not read).
  static let taskResumed = MessageRecognizer(
    id: "urlsession-task-resumed", era: "nsurlsessiond (iOS 13+)",
    anchors: ["> resumeTaskWithIdentifier"], writers: ["nsurlsessiond"],
    read: { message, header, _ in
      guard let (name, rest) = task(message), TimelineEventRecognizer.hasPrefix(rest, "resumeTaskWithIdentifier")
      else { return [] }
      return [MessageEvent(kind: .urlTaskResumed, subject: subject(header), detail: "task \(name) resumed")]
    },
    triggering: [
      RecognizerExample(
        "Task <B22D34D2-4EEB-475E-B233-AC2F67086EC4>.<489> resumeTaskWithIdentifier, props <private>",
        source: homeAssistant,
        expected: MessageEvent(
          kind: .urlTaskResumed, subject: .unnamedApp,
          detail: "task <B22D34D2-4EEB-475E-B233-AC2F67086EC4>.<489> resumed"))
    ],
    nonTriggering: [])

  /// `Task <…>.<1539> completed with error (null) [0]` (no error); `Task <…>.<7> finished with error -
  /// code: -999` (an app's CFNetwork, Xcode console, iOS 11: -999 is NSURLErrorCancelled). The line
  /// nsurlsessiond writes next, `Task <…>.<1539> for client <private> completed successfully`, says the
  /// same completion again and holds no anchor: one event per completion.
  static let taskCompleted = MessageRecognizer(
    id: "urlsession-task-completed", era: "CFNetwork / nsurlsessiond (iOS 11+)",
    anchors: ["> completed with error ", "> finished with error - code: ", "> finished with error ["],
    writers: ["nsurlsessiond"],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let (name, rest) = task(message) else { return [] }
      let line = rest.prefix(while: { $0 != "\n" })
      let outcome: String
      let failed: Bool
      if R.hasPrefix(line, "completed with error ") {
        let error = R.trimmingBlanks(line.dropFirst("completed with error ".count))
        failed = !error.hasPrefix("(null)")
        outcome = failed ? "completed with error \(error)" : "completed without error"
      } else if R.hasPrefix(line, "finished with error - code: ") {
        let code = R.trimmingBlanks(line.dropFirst("finished with error - code: ".count))
        failed = true
        outcome = "finished with error \(code)" + (code == "-999" ? " (cancelled)" : "")
      } else if R.hasPrefix(line, "finished with error [") {
        // `finished with error [-999] Error Domain=NSURLErrorDomain Code=-999 "cancelled" …`
        guard let code = R.text(after: "[", in: line, until: ["]"]) else { return [] }
        // -997's own words are read by ``lostBackgroundTransferService``, which says what the code means: one event.
        if R.contains(line, lostServiceAnchor) { return [] }
        failed = true
        outcome = "finished with error \(code)" + (code == "-999" ? " (cancelled)" : "")
      } else {
        return []
      }
      // An app's CFNetwork writes a completion for every task of every session: only failures.
      if header.app != nil, !failed { return [] }
      return [MessageEvent(kind: .urlTaskCompleted, subject: subject(header), detail: "task \(name) \(outcome)")]
    },
    triggering: [
      RecognizerExample(
        "Task <F93B5A7F-053E-4F51-9E18-4B792F631CF1>.<1539> completed with error (null) [0]",
        process: "nsurlsessiond", source: aws,
        expected: MessageEvent(
          kind: .urlTaskCompleted, subject: .unnamedApp,
          detail: "task <F93B5A7F-053E-4F51-9E18-4B792F631CF1>.<1539> completed without error")),
      RecognizerExample(
        "Task <E9222022-EA65-4105-8AD1-863F9ACB2C64>.<7> finished with error - code: -999",
        process: "Task Force Swift", pid: 32801,
        source: "lionheart/openradar-mirror issue #19112 (Xcode console)",
        expected: MessageEvent(
          kind: .urlTaskCompleted, subject: AppSubject(name: "Task Force Swift", pid: 32801),
          detail: "task <E9222022-EA65-4105-8AD1-863F9ACB2C64>.<7> finished with error -999 (cancelled)")),
      RecognizerExample(
        "Task <61AC3E82-19C2-411F-BDF5-427499B7A96A>.<2> finished with error [-999] Error Domain=NSURLErrorDomain Code=-999 \"cancelled\" UserInfo={NSErrorFailingURLStringKey=http://master.tus.io/files/0b58c6f6c83f7aea04d77deff5099da7+9MHwWbvMSpEPD6j4irvGAZWTPHmEqdg2D6dbOGdxzSz6rINoGB0Sb0uI3WreyL8mqHBOzLOrBpD0Oz.xilW2OHq_PvHCW3q6ToW6Tz9kaYFFu_jl.zFZyP.eLkEA.9P., NSLocalizedDescription=cancelled, NSErrorFailingURLKey=http://master.tus.io/files/0b58c6f6c83f7aea04d77deff5099da7+9MHwWbvMSpEPD6j4irvGAZWTPHmEqdg2D6dbOGdxzSz6rINoGB0Sb0uI3WreyL8mqHBOzLOrBpD0Oz.xilW2OHq_PvHCW3q6ToW6Tz9kaYFFu_jl.zFZyP.eLkEA.9P.}",
        process: "TUSKit", pid: 22159, source: "tus/TUSKit issue #57 (Xcode console, the app put in the background)",
        expected: MessageEvent(
          kind: .urlTaskCompleted, subject: AppSubject(name: "TUSKit", pid: 22159),
          detail: "task <61AC3E82-19C2-411F-BDF5-427499B7A96A>.<2> finished with error -999 (cancelled)")),
    ],
    nonTriggering: [
      // The same line written by an app (its own CFNetwork, any session): a success is not read.
      RecognizerExample(
        "Task <F93B5A7F-053E-4F51-9E18-4B792F631CF1>.<1539> completed with error (null) [0]",
        process: "BackgroundBackup", source: aws + " (the process column here is a test of the rule)")
    ])

  /// `Task <…>.<1539> client acknowledged completion` (nsurlsessiond: the app took the task's result).
  static let completionAcknowledged = MessageRecognizer(
    id: "urlsession-completion-acknowledged", era: "nsurlsessiond (iOS 13+)",
    anchors: ["> client acknowledged completion"], writers: ["nsurlsessiond"],
    read: { message, header, _ in
      guard let (name, rest) = task(message),
        TimelineEventRecognizer.hasPrefix(rest, "client acknowledged completion")
      else { return [] }
      return [
        MessageEvent(
          kind: .urlSessionEvent, subject: subject(header), detail: "client acknowledged the completion of task \(name)"
        )
      ]
    },
    triggering: [
      RecognizerExample(
        "Task <F93B5A7F-053E-4F51-9E18-4B792F631CF1>.<1539> client acknowledged completion",
        process: "nsurlsessiond", source: aws,
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail: "client acknowledged the completion of task <F93B5A7F-053E-4F51-9E18-4B792F631CF1>.<1539>"))
    ],
    nonTriggering: [])

  /// `NDSession <UUID> client BUNDLE is active result (Y), XPC(Y) proxy(Y) for SESSION`,
  /// `NDSession <UUID> client BUNDLE disconnected, XPC(Y) proxy(Y) for SESSION`,
  /// `NDSession <UUID>.<BUNDLE>.<SESSION>: removing session`.
  static let sessionClient = MessageRecognizer(
    id: "urlsession-ndsession-client", era: "nsurlsessiond (iOS 13+)",
    anchors: [" is active result (", " disconnected, XPC(", ">: removing session"], writers: ["nsurlsessiond"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let start = R.range(of: "NDSession <", in: message)?.lowerBound else { return [] }
      let text = message[start...].prefix(while: { $0 != "\n" })
      if let client = R.text(after: "> client ", in: text, until: [" "]) {
        let session = R.text(after: ") for ", in: text, until: [" "]).map { " for session \($0)" } ?? ""
        if R.contains(text, " is active result (") {
          let result = R.text(after: " is active result (", in: text, until: [")"]) ?? "?"
          return [
            MessageEvent(
              kind: .urlSessionEvent, subject: AppSubject(bundle: client),
              detail: "background session client active (result \(result))\(session)")
          ]
        }
        if R.contains(text, " disconnected, XPC(") {
          return [
            MessageEvent(
              kind: .urlSessionEvent, subject: AppSubject(bundle: client),
              detail: "background session client disconnected\(session)")
          ]
        }
        return []
      }
      // `NDSession <UUID>.<bundle>.<session>: removing session`
      guard let head = R.range(of: ">: removing session", in: text) else { return [] }
      let parts = text[..<head.lowerBound].components(separatedBy: ">.<")
      guard parts.count == 3, !parts[1].isEmpty, !parts[1].hasPrefix("<") else { return [] }
      return [
        MessageEvent(
          kind: .urlSessionEvent, subject: AppSubject(bundle: parts[1]),
          detail: "background session \(parts[2]) removed")
      ]
    },
    triggering: [
      RecognizerExample(
        "NDSession <585CDBB1-9CD2-4150-AFCF-109678004019> client chat.glib.groupchat.stage is active result (Y), XPC(Y) proxy(Y) for com.bbflight.background_downloader.Downloader",
        process: "nsurlsessiond", source: downloader,
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: AppSubject(bundle: "chat.glib.groupchat.stage"),
          detail:
            "background session client active (result Y) for session com.bbflight.background_downloader.Downloader"
        )),
      RecognizerExample(
        "NDSession <585CDBB1-9CD2-4150-AFCF-109678004019> client chat.glib.groupchat.stage disconnected, XPC(Y) proxy(Y) for com.bbflight.background_downloader.Downloader",
        process: "nsurlsessiond", source: downloader,
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: AppSubject(bundle: "chat.glib.groupchat.stage"),
          detail: "background session client disconnected for session com.bbflight.background_downloader.Downloader")),
      RecognizerExample(
        "NDSession <585CDBB1-9CD2-4150-AFCF-109678004019>.<chat.glib.groupchat.stage>.<com.bbflight.background_downloader.Downloader>: removing session",
        process: "nsurlsessiond", source: downloader,
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: AppSubject(bundle: "chat.glib.groupchat.stage"),
          detail: "background session com.bbflight.background_downloader.Downloader removed")),
    ],
    nonTriggering: [])

  /// nsurlsessiond queueing and starting a task: `Task <…>.<1541> enqueueing`, `Task <…>.<1541> will begin`
  /// (the `resuming`, `has not requested a begin delay` lines between say nothing more). Read from
  /// nsurlsessiond or a line without a header only: an app's own CFNetwork is not the daemon.
  static let taskQueued = MessageRecognizer(
    id: "urlsession-task-enqueued-will-begin", era: "nsurlsessiond (iOS 13+)",
    anchors: ["> enqueueing", "> will begin"], writers: ["nsurlsessiond"],
    read: { message, header, _ in
      guard header.process.isEmpty || header.process == "nsurlsessiond", let (name, rest) = task(message) else {
        return []
      }
      let line = TimelineEventRecognizer.trimmingBlanks(rest.prefix(while: { $0 != "\n" }))
      let what: String
      switch line {
      case "enqueueing": what = "enqueued by nsurlsessiond"
      case "will begin": what = "will begin (nsurlsessiond starts it)"
      default: return []
      }
      return [MessageEvent(kind: .urlSessionEvent, subject: subject(header), detail: "task \(name) \(what)")]
    },
    triggering: [
      RecognizerExample(
        "Task <A7D74A8B-C310-49FE-AE38-06832BB16E9E>.<1541> enqueueing", process: "nsurlsessiond",
        source: "aws-amplify/aws-sdk-ios issue #1153 (Console.app, nsurlsessiond)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail: "task <A7D74A8B-C310-49FE-AE38-06832BB16E9E>.<1541> enqueued by nsurlsessiond")),
      RecognizerExample(
        "Task <A7D74A8B-C310-49FE-AE38-06832BB16E9E>.<1541> will begin", process: "nsurlsessiond",
        source: "aws-amplify/aws-sdk-ios issue #1153 (Console.app, nsurlsessiond)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail: "task <A7D74A8B-C310-49FE-AE38-06832BB16E9E>.<1541> will begin (nsurlsessiond starts it)")),
    ],
    nonTriggering: [
      RecognizerExample(
        "Task <A7D74A8B-C310-49FE-AE38-06832BB16E9E>.<1541> will begin", process: "BackgroundBackup",
        source: "aws-amplify/aws-sdk-ios issue #1153 (the process column here is a test of the rule)")
    ])

  /// CFNetwork's `Task <…>.<7> load failed with error Error Domain=NSURLErrorDomain Code=-999 "(null)"
  /// UserInfo={NSURLErrorBackgroundTaskCancelledReasonKey=0, …` (an app's own log, Xcode console): a
  /// failed task, and for a background task cancelled by the system, why.
  static let loadFailed = MessageRecognizer(
    id: "urlsession-task-load-failed", era: "CFNetwork (iOS 11+)",
    anchors: ["> load failed with error "], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let (name, rest) = task(message), R.hasPrefix(rest, "load failed with error "),
        let code = R.text(after: " Code=", in: rest, until: [" ", "\n"]), Int(code) != nil
      else { return [] }
      var detail = "task \(name) load failed with error \(code)" + (code == "-999" ? " (cancelled)" : "")
      if let reason = R.text(after: "NSURLErrorBackgroundTaskCancelledReasonKey=", in: rest, until: [",", "}", " "]),
        let meaning = cancelledReason(Substring(reason))
      {
        detail += ": NSURLErrorBackgroundTaskCancelledReasonKey=\(reason), \(meaning)"
      }
      return [MessageEvent(kind: .urlTaskCompleted, subject: header.app ?? .unnamedApp, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        """
        Task <AD3AD8D1-EC64-4E2E-95C8-FBA0A12585A2>.<7> load failed with error Error Domain=NSURLErrorDomain Code=-999 "(null)" UserInfo={NSURLErrorBackgroundTaskCancelledReasonKey=0, 

        _NSURLErrorRelatedURLSessionTaskErrorKey=(
        """,
        source: "aritchie/httptransfertasks issue #10 (Xcode console, a background download)",
        expected: MessageEvent(
          kind: .urlTaskCompleted, subject: .unnamedApp,
          detail:
            "task <AD3AD8D1-EC64-4E2E-95C8-FBA0A12585A2>.<7> load failed with error -999 (cancelled): "
            + "NSURLErrorBackgroundTaskCancelledReasonKey=0, the user force-quit the app"))
    ],
    nonTriggering: [])

  /// `BackgroundSession <UUID> connection to background transfer daemon invalidated` (the app's
  /// CFNetwork): the background session lost its connection to nsurlsessiond. `… interrupted`, written before it
  /// (flutterfire #6184 pastes both for one session), is XPC's word for a connection whose other end went away (the
  /// daemon exited or restarted), which can be made again; `invalidated`, for one that cannot.
  static let daemonConnectionInvalidated = MessageRecognizer(
    id: "urlsession-daemon-connection-invalidated", era: "CFNetwork (iOS 13+)",
    anchors: [
      "> connection to background transfer daemon invalidated",
      "> connection to background transfer daemon interrupted",
    ], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let start = R.range(of: "BackgroundSession <", in: message),
        let close = message[start.upperBound...].firstIndex(of: ">")
      else { return [] }
      let session = message[message.index(before: start.upperBound)...close]
      let rest = message[close...]
      let how =
        R.hasPrefix(rest, "> connection to background transfer daemon interrupted")
        ? "daemon connection interrupted: nsurlsessiond went away, e.g. exited or restarted"
        : "daemon connection invalidated"
      return [
        MessageEvent(
          kind: .urlSessionEvent, subject: header.app ?? .unnamedApp,
          detail: "background session \(session) lost its connection to nsurlsessiond (\(how))")
      ]
    },
    triggering: [
      RecognizerExample(
        "BackgroundSession <2C8D0C28-C4B8-459F-AE15-C050E9FCEE60> connection to background transfer daemon invalidated",
        source: "Alamofire/Alamofire issue #3370 (Xcode console)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail:
            "background session <2C8D0C28-C4B8-459F-AE15-C050E9FCEE60> lost its connection to nsurlsessiond "
            + "(daemon connection invalidated)")),
      RecognizerExample(
        "BackgroundSession <C80785BD-8961-43DE-BF2F-6CE61F974981> connection to background transfer daemon interrupted",
        source:
          "firebase/flutterfire issue #6184 (the description, 2021-05-19; before the same session's `invalidated`)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail:
            "background session <C80785BD-8961-43DE-BF2F-6CE61F974981> lost its connection to nsurlsessiond "
            + "(daemon connection interrupted: nsurlsessiond went away, e.g. exited or restarted)")),
      RecognizerExample(
        "BackgroundSession <96751838-47CB-451D-BF2D-1B9FCF60CAA0> connection to background transfer daemon interrupted",
        source: "aws-amplify/aws-sdk-ios issue #3566 (the description, 2021-05-07; pasted alone, indented)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail:
            "background session <96751838-47CB-451D-BF2D-1B9FCF60CAA0> lost its connection to nsurlsessiond "
            + "(daemon connection interrupted: nsurlsessiond went away, e.g. exited or restarted)")),
    ],
    nonTriggering: [])

  /// The words of NSURLErrorBackgroundSessionWasDisconnected (-997) in an error's description.
  static let lostServiceAnchor = "Code=-997 \"Lost connection to background transfer service\""

  /// NSURLErrorBackgroundSessionWasDisconnected (-997), `Lost connection to background transfer service`,
  /// as an app logs a task's error: the task failed because its background session lost nsurlsessiond.
  static let lostBackgroundTransferService = MessageRecognizer(
    id: "urlsession-lost-background-transfer-service", era: "CFNetwork (iOS 7+)",
    anchors: [lostServiceAnchor], writers: [],
    read: { message, header, _ in
      let task = task(message).map { " \($0.name)" } ?? ""
      return [
        MessageEvent(
          kind: .urlTaskCompleted, subject: header.app ?? .unnamedApp,
          detail: "task\(task) failed with error -997: lost connection to background transfer service (nsurlsessiond)")
      ]
    },
    triggering: [
      RecognizerExample(
        "[RNFetchBlobRequest] session didCompleteWithError Error Domain=NSURLErrorDomain Code=-997 \"Lost connection to background transfer service\" UserInfo={NSErrorFailingURLStringKey=https://hiddenurl.s3.amazonaws.com/, NSLocalizedDescription=Lost connection to background transfer service, NSErrorFailingURLKey=https://hiddenurl.s3.amazonaws.com/}",
        source: "joltup/rn-fetch-blob issue #234 (the app's own log, Xcode console)",
        expected: MessageEvent(
          kind: .urlTaskCompleted, subject: .unnamedApp,
          detail: "task failed with error -997: lost connection to background transfer service (nsurlsessiond)")),
      // taskCompleted's `finished with error [` anchor is in it too: this one alone reads it (before: two events).
      RecognizerExample(
        noaLostService, process: "ChatGPT for Monocle", pid: 9390, source: noa,
        expected: MessageEvent(
          kind: .urlTaskCompleted, subject: AppSubject(name: "ChatGPT for Monocle", pid: 9390),
          detail:
            "task <107143F9-1572-4564-86F0-92A731E9BF91>.<3> failed with error -997: lost connection to background "
            + "transfer service (nsurlsessiond)")),
    ],
    nonTriggering: [])

  /// Project "Noa", `Whisper.swift`'s header comment (Bart Trzynadlowski, 2023-05-24; review s10b defect 6), the
  /// Xcode record's message as it is there, cut at the end of its first line.
  private static let noa = "Noa's Whisper.swift header comment (an Xcode console record quoted, iOS)"
  static let noaLostService =
    "Task <107143F9-1572-4564-86F0-92A731E9BF91>.<3> finished with error [-997] Error Domain=NSURLErrorDomain "
    + "Code=-997 \"Lost connection to background transfer service\" UserInfo={NSErrorFailingURLStringKey="
    + "https://api.openai.com/v1/chat/completions, NSErrorFailingURLKey=https://api.openai.com/v1/chat/completions, "
    + "_NSURLErrorRelatedURLSessionTaskErrorKey=("

  /// nsurlsessiond's `Error linking upload file: Error Domain=NSCocoaErrorDomain Code=257 … {NSFilePath=…,
  /// NSUnderlyingError=0x… "The operation couldn’t be completed. Operation not permitted"}` (iOS 8): the daemon
  /// could not take the body file of a background upload into its own container, so it cannot send it. A
  /// `url-session-event`, not a completion: the line names no task and does not say the task ended.
  static let uploadFileNotLinked = MessageRecognizer(
    id: "nsurlsessiond-error-linking-upload-file", era: "nsurlsessiond (iOS 8)",
    anchors: ["Error linking upload file: "], writers: ["nsurlsessiond"],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let found = R.range(of: "Error linking upload file: ", in: message) else { return [] }
      let before = message[..<found.lowerBound]
      guard before.isEmpty || MessageSubject.isSyslogHead(before, colon: true) else { return [] }
      let line = message[found.upperBound...].prefix(while: { $0 != "\n" })
      var error = ""
      if let domain = R.text(after: "Error Domain=", in: line, until: [" "]),
        let code = R.text(after: " Code=", in: line, until: [" "]), domain.count <= 60, code.count <= 12
      {
        error = "\(domain) Code=\(code)"
      }
      if let underlying = R.text(after: "NSUnderlyingError=", in: line, until: ["}"]),
        let said = R.text(after: "\"", in: Substring(underlying), until: ["\""]), said.count <= 200
      {
        error += (error.isEmpty ? "" : ": ") + said
      }
      let detail =
        "nsurlsessiond could not link a background upload's body file into its container"
        + (error.isEmpty ? "" : " (\(error))") + ", so it cannot send that upload (the line names no task)"
      return [MessageEvent(kind: .urlSessionEvent, subject: header.app ?? .unnamedApp, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Error linking upload file: Error Domain=NSCocoaErrorDomain Code=257 \"The operation couldn’t be completed. (Cocoa error 257.)\" UserInfo=0x145bc9f0 {NSFilePath=/private/var/mobile/Containers/Shared/AppGroup/DAC0CE53-E97B-40D8-B636-18F85460DC2B/requestBody.txt, NSUnderlyingError=0x145c38e0 \"The operation couldn’t be completed. Operation not permitted\"}",
        process: "nsurlsessiond", pid: 101,
        source: "an Objective-C source's block comment (code index id 42558341694; iOS 8 device syslog)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail:
            "nsurlsessiond could not link a background upload's body file into its container (NSCocoaErrorDomain "
            + "Code=257: The operation couldn’t be completed. Operation not permitted), so it cannot send that upload "
            + "(the line names no task)"))
    ],
    nonTriggering: [])
}
