/// CFNetwork's lines, in the app's own log, about a background session that could not make a task: the
/// session had no remote session in nsurlsessiond (`… failed to create a background
/// NSURLSession…Task, as remote session is unavailable`), or the app used the session after it was
/// invalidated (`… attempted to create a NSURLSession…Task in a session that has been invalidated`).
/// Both are the app's background session failing at task creation, not a kill or an exit: read as
/// `url-session-event` under the header's app (else the unnamed app), with the session token as written.
///
/// No real line of CFNetwork creating or reconnecting a background session was found (its
/// `BackgroundSession <…> attempting to reconnect to background transfer daemon` is known only from
/// disassembled format strings), so neither is read.
enum URLSessionCreationRecognizers {
  static let all: [MessageRecognizer] = [remoteSessionUnavailable, invalidatedSessionTask]

  /// `BackgroundSession <token>` at the message's start or inside it, and the text after it (one space
  /// dropped). The token is kept as written (`<UUID>`, or `<...>` when the paste elided it).
  static func session(_ message: Substring) -> (token: Substring, rest: Substring)? {
    guard let start = TimelineEventRecognizer.range(of: "BackgroundSession <", in: message),
      let close = message[start.upperBound...].firstIndex(of: ">")
    else { return nil }
    let token = message[message.index(before: start.upperBound)...close]
    return (token, message[message.index(after: close)...].dropFirst())
  }

  /// The task class a line names after `create a ` / `create a background `, e.g.
  /// `NSURLSessionDownloadTask`.
  static func taskClass(after marker: String, in rest: Substring) -> Substring? {
    guard let range = TimelineEventRecognizer.range(of: marker, in: rest) else { return nil }
    let name = rest[range.upperBound...].prefix(while: { $0 != "," && $0 != " " && $0 != "\n" })
    return name.hasPrefix("NSURLSession") || name.hasPrefix("AVAsset") ? name : nil
  }

  /// `BackgroundSession <UUID> failed to create a background NSURLSessionDownloadTask, as remote session is
  /// unavailable` (CFNetwork, logged as an error): the session's remote half in nsurlsessiond is not there,
  /// so the task was not created (the task's own `finished with error [-1]` line follows).
  static let remoteSessionUnavailable = MessageRecognizer(
    id: "urlsession-remote-session-unavailable", era: "CFNetwork (iOS 13+, in the app)",
    anchors: [", as remote session is unavailable"], writers: [],
    read: { message, header, _ in
      guard let (token, rest) = session(message), TimelineEventRecognizer.hasPrefix(rest, "failed to create a "),
        let kind = taskClass(after: "failed to create a background ", in: rest)
      else { return [] }
      return [
        MessageEvent(
          kind: .urlSessionEvent, subject: header.app ?? .unnamedApp,
          detail:
            "background session \(token) could not create a background \(kind): its remote session in "
            + "nsurlsessiond is unavailable")
      ]
    },
    triggering: [
      RecognizerExample(
        "BackgroundSession <A70D22E7-FD9F-4FD9-89DF-221FC3A41EC2> failed to create a background NSURLSessionDownloadTask, as remote session is unavailable",
        process: "MauiBackgroundURLSession", pid: 3465,
        source: "sebug/MauiBackgroundURLSession README.md (Xcode's console, iOS Simulator, 2024-01-09)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: AppSubject(name: "MauiBackgroundURLSession", pid: 3465),
          detail:
            "background session <A70D22E7-FD9F-4FD9-89DF-221FC3A41EC2> could not create a background "
            + "NSURLSessionDownloadTask: its remote session in nsurlsessiond is unavailable"))
    ],
    nonTriggering: [])

  /// `BackgroundSession <…> attempted to create a NSURLSessionDownloadTask in a session that has been
  /// invalidated` (CFNetwork): the app asked an invalidated background session for a task. The exception
  /// an app reports for the same misuse (`Task created in a session that has been invalidated`) names no
  /// session and is not read.
  static let invalidatedSessionTask = MessageRecognizer(
    id: "urlsession-task-in-invalidated-session", era: "CFNetwork (in the app)",
    anchors: [" in a session that has been invalidated"], writers: [],
    read: { message, header, _ in
      guard let (token, rest) = session(message), TimelineEventRecognizer.hasPrefix(rest, "attempted to create a "),
        let kind = taskClass(after: "attempted to create a ", in: rest)
      else { return [] }
      return [
        MessageEvent(
          kind: .urlSessionEvent, subject: header.app ?? .unnamedApp,
          detail: "background session \(token) could not create a \(kind): the session has been invalidated")
      ]
    },
    triggering: [
      RecognizerExample(
        "BackgroundSession <...> attempted to create a NSURLSessionDownloadTask in a session that has been invalidated",
        source: "kesha-antonov/react-native-background-downloader issue #157 (Xcode's console, the session id elided)",
        expected: MessageEvent(
          kind: .urlSessionEvent, subject: .unnamedApp,
          detail:
            "background session <...> could not create a NSURLSessionDownloadTask: the session has been invalidated"
        ))
    ],
    nonTriggering: [
      RecognizerExample(
        "Details: Download failed: CFNetwork exception: Task created in a session that has been invalidated",
        source: "yattee/yattee issue #975 (the app's own log: names no session)")
    ])
}
