/// SpringBoard's notification server receiving a remote notification (push) for an app, iOS 13+:
/// `[bundle] Received remote notification request ID [ waking: 0, hasAlertContent: 0, hasSound: 0 hasBadge: 0
/// hasContentAvailable: 1 hasMutableContent: 0 pushType: Background]`, and for a content-available push
/// `[bundle] Request DUET delivers content-available push notification to application` (SpringBoard hands it to
/// dasd, which then submits `com.apple.pushLaunch.<bundle>:<id>`, read by ``DasdActivityRecognizers``). The app
/// is the bundle in the brackets: SpringBoard writes the app's bundle id there, which need not hold a dot (a
/// redacted `[myapp]`). One `push-received` event per push: the DUET line gives one only when the line that
/// received the push is not in the log before it.
enum SpringBoardPushRecognizers {
  static let all: [MessageRecognizer] = [pushReceived]

  private static let receivedMarker: StaticString = "Received remote notification request "
  private static let duetMarker: StaticString = "Request DUET delivers content-available push"

  /// `[bundle] ` at the message's start: the bundle (no blank, colon or bracket inside, at most 200 characters)
  /// and the rest of the message.
  static func bracketBundle(_ message: Substring) -> (bundle: String, rest: Substring)? {
    let text = message.drop(while: { $0 == " " || $0 == "\t" })
    guard text.first == "[", let close = text.firstIndex(of: "]") else { return nil }
    let inside = text[text.index(after: text.startIndex)..<close]
    guard !inside.isEmpty, inside.count <= 200,
      inside.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") })
    else { return nil }
    return (String(inside), text[text.index(after: close)...].drop(while: { $0 == " " }))
  }

  /// The value after `key: ` in SpringBoard's `[ waking: 0, … pushType: Background]` list, up to a blank, a
  /// comma or the closing bracket.
  static func field(_ key: String, in text: Substring) -> String? {
    TimelineEventRecognizer.text(after: key + ": ", in: text, until: [",", " ", "]", "\n"])
  }

  static let pushReceived = MessageRecognizer(
    id: "springboard-push-received", era: "iOS 13+ SpringBoard (UserNotificationsServer)",
    anchors: [receivedMarker.description, duetMarker.description], writers: ["SpringBoard"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      guard let (bundle, rest) = bracketBundle(message) else { return [] }
      let subject = AppSubject(bundle: bundle)
      if R.hasPrefix(rest, receivedMarker) {
        let id = rest.dropFirst(receivedMarker.utf8CodeUnitCount).prefix(while: { $0 != " " && $0 != "\n" })
        guard !id.isEmpty, id.count <= 100 else { return [] }
        let list = rest[rest.index(rest.startIndex, offsetBy: receivedMarker.utf8CodeUnitCount + id.count)...]
          .prefix(while: { $0 != "\n" })
        let type = field("pushType", in: list)
        let contentAvailable = field("hasContentAvailable", in: list)
        let alert = field("hasAlertContent", in: list)
        if contentAvailable == "1" {
          state.contentAvailablePushes.insert(bundle)
        } else {
          state.contentAvailablePushes.remove(bundle)
        }
        var what: [String] = []
        if let type { what.append("pushType: \(type)") }
        if contentAvailable == "1" { what.append("content-available") }
        if alert == "1" { what.append("alert") } else if alert == "0" { what.append("no alert") }
        if let waking = field("waking", in: list) { what.append("waking: \(waking)") }
        let silent = contentAvailable == "1" && alert == "0" ? "silent " : ""
        let said = what.isEmpty ? "" : " (" + what.joined(separator: ", ") + ")"
        return [MessageEvent(kind: .pushReceived, subject: subject, detail: "\(silent)push \(id) received\(said)")]
      }
      guard R.hasPrefix(rest, duetMarker) else { return [] }
      // The push received just before already gave the event.
      if state.contentAvailablePushes.remove(bundle) != nil { return [] }
      return [
        MessageEvent(
          kind: .pushReceived, subject: subject,
          detail:
            "content-available push handed to dasd (Duet) for delivery to the app (the line receiving it is not "
            + "in the log)")
      ]
    },
    triggering: [
      // Alone (first: the examples share one state), the hand-over is the only word of the push.
      RecognizerExample(
        "[myapp] Request DUET delivers content-available push notification to application",
        process: "SpringBoard",
        source: "rafaelsetragni/awesome_notifications_fcm issue #8 (German Console.app copy, 2022; the line alone)",
        expected: MessageEvent(
          kind: .pushReceived, subject: AppSubject(bundle: "myapp"),
          detail:
            "content-available push handed to dasd (Duet) for delivery to the app (the line receiving it is not "
            + "in the log)")),
      RecognizerExample(
        "[myapp] Received remote notification request AEBA-EF36 [ waking: 0, hasAlertContent: 0, hasSound: 0 "
          + "hasBadge: 0 hasContentAvailable: 1 hasMutableContent: 0 pushType: Background]",
        process: "SpringBoard",
        source: "rafaelsetragni/awesome_notifications_fcm issue #8 (German Console.app copy, 2022)",
        expected: MessageEvent(
          kind: .pushReceived, subject: AppSubject(bundle: "myapp"),
          detail: "silent push AEBA-EF36 received (pushType: Background, content-available, no alert, waking: 0)")),
      RecognizerExample(
        "[com.example] Received remote notification request 7E65-E90C [ waking: 0, hasAlertContent: 1, hasSound: 0 "
          + "hasBadge: 0 hasContentAvailable: 1 hasMutableContent: 0 pushType: Alert]",
        process: "SpringBoard", source: "firebase/flutterfire issue #13643 (Japanese Console.app copy)",
        expected: MessageEvent(
          kind: .pushReceived, subject: AppSubject(bundle: "com.example"),
          detail: "push 7E65-E90C received (pushType: Alert, content-available, alert, waking: 0)")),
      RecognizerExample(
        "[de.xyz.xyz.dev] Received remote notification request 20D1-0E16 [ waking: 0, hasAlertContent: 1, "
          + "hasSound: 1 hasBadge: 0 hasContentAvailable: 0 hasMutableContent: 1 pushType: Alert]",
        process: "SpringBoard", source: "uxduck/push issue #7 (Console.app copy without the type column, 2023)",
        expected: MessageEvent(
          kind: .pushReceived, subject: AppSubject(bundle: "de.xyz.xyz.dev"),
          detail: "push 20D1-0E16 received (pushType: Alert, alert, waking: 0)")),
    ],
    // The hand-over after the line receiving the same push gives no second event (examples share one state, so
    // that is tested in `SessionEightRecogniserTests`).
    nonTriggering: [])
}
