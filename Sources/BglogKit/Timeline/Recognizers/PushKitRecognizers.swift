/// PushKit's VoIP push rule (iOS 13 and later): an app that receives a VoIP push must report an incoming call
/// to CallKit before the handler returns. When it does not, PushKit raises an exception in the app and the app
/// ends; after repeated misses the system stops launching the app for VoIP pushes. Both lines are read as
/// events: the first is the app's crash (the reading `voip-push-not-reported`), the second the system's limit.
enum PushKitRecognizers {
  static let all: [MessageRecognizer] = [voipPushNotReported]

  private static let killMarker = "never posted an incoming call to the system after receiving a PushKit VoIP push"
  private static let refusalMarker = " will not be launched because it failed to report an incoming call"

  /// `Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app because
  /// it never posted an incoming call to the system after receiving a PushKit VoIP push.'` (the app's own log:
  /// the header's app, else the unnamed app), and `Application <private> will not be launched because it failed
  /// to report an incoming call too many times (or repeatedly crashed.)` (the app named in the line; `<private>`
  /// or a system writer's header: the unnamed app).
  static let voipPushNotReported = MessageRecognizer(
    id: "pushkit-voip-push-not-reported", era: "iOS 13+ PushKit",
    anchors: [killMarker, refusalMarker], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      if R.range(of: killMarker, in: message) != nil {
        let subject = header.appOrUnnamed
        guard let subject else { return [] }
        return [
          MessageEvent(
            kind: .crashed, subject: subject,
            detail:
              "PushKit killed the app: it never posted an incoming call to the system after a VoIP push "
              + "(voip-push-not-reported)")
        ]
      }
      guard let refusal = R.range(of: refusalMarker, in: message) else { return [] }
      let before = message[..<refusal.lowerBound]
      var subject = AppSubject.unnamedApp
      if let application = R.range(of: "Application ", in: before) {
        let named = R.trimmingBlanks(before[application.upperBound...])
        if !named.isEmpty, named.count <= 200, !named.contains(" "), named != "<private>" {
          subject = AppSubject(bundle: String(named))
        }
      } else if let app = header.app {
        subject = app
      }
      let repeated = R.range(of: "(or repeatedly crashed", in: message[refusal.upperBound...]) != nil
      return [
        MessageEvent(
          kind: .watchdogViolation, subject: subject,
          detail:
            "the system will not launch the app for VoIP pushes: it failed to report an incoming call too many "
            + "times" + (repeated ? " (or repeatedly crashed)" : "") + " (after repeated voip-push-not-reported)")
      ]
    },
    triggering: [
      RecognizerExample(
        "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app because "
          + "it never posted an incoming call to the system after receiving a PushKit VoIP push.'",
        process: "Runner", pid: 412, source: "hiennguyen92/flutter_callkit_incoming issue #745 (the message)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "Runner", pid: 412),
          detail:
            "PushKit killed the app: it never posted an incoming call to the system after a VoIP push "
            + "(voip-push-not-reported)")),
      RecognizerExample(
        "Application <private> will not be launched because it failed to report an incoming call too many times "
          + "(or repeatedly crashed.)",
        source: "react-native-webrtc/react-native-voip-push-notification issue #102 (a device log line)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: .unnamedApp,
          detail:
            "the system will not launch the app for VoIP pushes: it failed to report an incoming call too many "
            + "times (or repeatedly crashed) (after repeated voip-push-not-reported)")),
    ],
    nonTriggering: [
      RecognizerExample(
        "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app because "
          + "it never posted an incoming call to the system after receiving a PushKit VoIP push.'",
        process: "SpringBoard", pid: 58,
        source: "synthetic: the message under a system writer's header is not the app's")
    ])
}
