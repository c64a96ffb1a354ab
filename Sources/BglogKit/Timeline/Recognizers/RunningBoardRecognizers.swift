/// iOS 13+ runningboardd lines beyond those the runningboardd branch of ``TimelineEventRecognizer``
/// reads: the role a launch assertion grants, and the launch request that follows it.
enum RunningBoardRecognizers {
  static let all: [MessageRecognizer] = [launchAssertionRole, launchRequest]

  /// Remembers the CPU role (`<RBSCPUAccessGrant| role:Background>`) an acquired assertion grants, by
  /// bundle id and assertion name, for the launch request naming that assertion. Makes no event.
  static let launchAssertionRole = MessageRecognizer(
    id: "runningboard-assertion-role", era: "iOS 14+ runningboardd",
    anchors: ["Acquiring assertion targeting "], writers: ["runningboardd"],
    read: { message, _, state in
      guard let role = TimelineEventRecognizer.text(after: "<RBSCPUAccessGrant| role:", in: message, until: [">"]),
        let descriptor = TimelineEventRecognizer.range(of: "with description ", in: message)
      else { return [] }
      let subject = TimelineEventRecognizer.appSubject(in: message[..<descriptor.lowerBound])
      guard let bundle = subject.bundle,
        let name = ProcessAssertion.all(in: message[descriptor.upperBound...]).first?.name
      else { return [] }
      state.launchRoles[bundle + "\u{0}" + name] = role
      return []
    },
    triggering: [],
    nonTriggering: [
      RecognizerExample(
        """
        Acquiring assertion targeting application<com.elsystm.elsystm> from originator [daemon<com.apple.SpringBoard>:59] with description <RBSAssertionDescriptor| "FBApplicationProcess" ID:32-59-4103 target:application<com.elsystm.elsystm> attributes:[
        \t<RBSRunningReasonAttribute| runningReason:10000>,
        \t<RBSPreventIdleSleepGrant>,
        \t<RBSDefineRelativeStartTimeGrant>,
        \t<RBSGPUAccessGrant>,
        \t<RBSCPUAccessGrant| role:Background>
        \t]>
        """, process: "runningboardd", source: "firebase/flutterfire issue #5702 (Console.app)"),
      // The brace form of iOS 13: read by the runningboardd branch (an assertion name that is not
      // background-relevant: no event).
      RecognizerExample(
        """
        Acquiring assertion targeting application<com.samsara.troy>(UIScene:com.apple.frontboard.systemappservices::sceneID%3Acom.samsara.troy-default) from originator [daemon<com.apple.SpringBoard>:55] with description <RBSAssertionDescriptor; "injecting inherited from "UIScene:com.apple.frontboard.systemappservices::com.apple.springboard" to 377<UIScene:com.apple.frontboard.systemappservices::sceneID%3Acom.samsara.troy-default>"; ID: 27-55-488; target: 377<UIScene:com.apple.frontboard.systemappservices::sceneID%3Acom.samsara.troy-default>> attributes = {
            <RBSHereditaryGrant: 0x102788c30> {
                endowmentNamespace = com.apple.boardservices.endpoint-injection;
                sourceEnvironment = UIScene:com.apple.frontboard.systemappservices::com.apple.springboard;
            };
        }
        """, process: "runningboardd", source: "microsoft/react-native-code-push issue #1858 (Console.app, iOS 13)"),
    ])

  /// `Executing launch request for application<com.x> (FBApplicationProcess)`: a background launch when
  /// the assertion it names granted `role:Background`, a launch when it granted another role.
  static let launchRequest = MessageRecognizer(
    id: "runningboard-launch-request", era: "iOS 14+ runningboardd",
    anchors: ["Executing launch request for "], writers: ["runningboardd"],
    read: { message, _, state in
      guard let start = TimelineEventRecognizer.range(of: "Executing launch request for ", in: message)?.upperBound
      else { return [] }
      let rest = message[start...]
      let subject = TimelineEventRecognizer.appSubject(in: rest)
      guard let bundle = subject.bundle, let open = TimelineEventRecognizer.range(of: "> (", in: rest) else {
        return []
      }
      let line = rest[open.upperBound...].prefix(while: { $0 != "\n" })
      let name = String(line.hasSuffix(")") ? line.dropLast() : line)
      guard let role = state.launchRoles.removeValue(forKey: bundle + "\u{0}" + name) else { return [] }
      let detail = "launch request (\(name)), CPU role \(role)"
      return [
        MessageEvent(kind: role == "Background" ? .relaunchedInBackground : .launched, subject: subject, detail: detail)
      ]
    },
    triggering: [
      RecognizerExample(
        "Executing launch request for application<com.elsystm.elsystm> (FBApplicationProcess)",
        process: "runningboardd",
        source: "firebase/flutterfire issue #5702 (Console.app), after the FBApplicationProcess acquisition above",
        expected: MessageEvent(
          kind: .relaunchedInBackground, subject: AppSubject(bundle: "com.elsystm.elsystm"),
          detail: "launch request (FBApplicationProcess), CPU role Background"))
    ],
    nonTriggering: [
      // No role seen for that assertion: nothing is claimed.
      RecognizerExample(
        "Executing launch request for app<application.me.tij.Raivo-MacOS.13280778481.13280778498(502)> (LS launch me.tij.Raivo-MacOS)",
        process: "runningboardd", source: "raivo-otp/macos-receiver issue #15 (Console.app, macOS)")
    ])
}
