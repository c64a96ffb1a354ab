/// iOS 4–6: SpringBoard (iOS 4–5) and backboardd (iOS 6) list the assertions an app holds past its
/// permitted background time, then force a crash report of it. iOS 7+ crash reports quote the same
/// sentence about a `<BKNewProcess …>`.
enum LegacySpringBoardRecognizers {
  static let all: [MessageRecognizer] = [beyondPermittedTime, forcingCrashReportOf]

  /// `BG[21017] has active assertions beyond permitted time: {( <BKProcessAssertion: …> identifier: …
  /// permittedBackgroundDuration: 600.000000 reason: finishTask … )}`.
  static let beyondPermittedTime = MessageRecognizer(
    id: "legacy-beyond-permitted-time", era: "iOS 4–6 SpringBoard / backboardd (quoted by iOS 7+ crash reports)",
    anchors: ["has active assertions beyond permitted time"], writers: ["SpringBoard", "backboardd"],
    read: { message, _, state in
      guard let anchor = TimelineEventRecognizer.range(of: " has active assertions beyond permitted time", in: message)
      else { return [] }
      // assertiond's own `Forcing crash report with description: …` quotes the sentence: read there.
      if TimelineEventRecognizer.contains(message, "Forcing crash report") { return [] }
      let head = message[..<anchor.lowerBound]
      let lastWord = head.split(separator: " ").last.map { Substring($0) } ?? head
      guard let subject = MessageSubject.bkProcess(head) ?? MessageSubject.namePID(lastWord) else { return [] }
      let named = ProcessAssertion.all(in: message[anchor.upperBound...])
      if let pid = subject.pid { state.beyondPermitted[pid] = named }
      return [
        MessageEvent(
          kind: .expiryWarning, subject: subject,
          detail: "assertions held beyond permitted time" + TimelineEventRecognizer.describe(named), named: named)
      ]
    },
    triggering: [
      RecognizerExample(
        """
        BG[21017] has active assertions beyond permitted time: 
            {(
                <BKProcessAssertion: 0x1e5d42b0> identifier: UIKitBackgroundCompletionTask process: BG[21017] permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:21017 preventSuspend  preventIdleSleep 
            )}
        """, process: "backboardd",
        source: "joexi/BackgroundRunner issue #1 (iOS 6 device syslog)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: AppSubject(name: "BG", pid: 21017),
          detail: "assertions held beyond permitted time \"UIKitBackgroundCompletionTask\" finishTask 600 s")),
      RecognizerExample(
        """
        <BKNewProcess: 0x11bd3c9c0; com.larky.chcu; pid: 3445; hostpid: -1> has active assertions beyond permitted time:
        {(
            <BKProcessAssertion: 0x11bd1e7a0> id: 3445-DF434172-F6B1-4643-806C-E561C04FF841 name: Called by UIKit, from <redacted> process: <BKNewProcess: 0x11bd3c9c0; com.larky.chcu; pid: 3445; hostpid: -1> permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:3445 preventSuspend  preventIdleSleep  preventSuspendOnSleep
        )}
        """,
        source:
          "transistorsoft/cordova-background-geolocation-lt issue #108 (crash report's Application Specific Information)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: AppSubject(bundle: "com.larky.chcu", pid: 3445),
          detail: "assertions held beyond permitted time \"Called by UIKit, from <redacted>\" finishTask 180 s")),
    ],
    nonTriggering: [
      // iOS 7, quoted with the app name redacted: no pid, and the name is the redaction; read as a name.
      RecognizerExample(
        """
        <app> has active assertions beyond permitted time: 
            {(
                <BKProcessAssertion: 0x15531750> identifier: Called by <app>, from -[UAPush beginRegistrationBackgroundTask] process: <app>[183] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:183 preventSuspend  preventIdleSleep  preventSuspendOnSleep 
            )}
        """,
        source: "urbanairship/ios-library pull request #61 (no [pid] after the name: not read)"),
      RecognizerExample(
        "COS-499: Background crash has active assertions beyond permitted time",
        source: "Rightpoint/RZVinyl pull request #24 (a title: no process named)"),
    ])

  /// `Forcing crash report of BG[21017]...`
  static let forcingCrashReportOf = MessageRecognizer(
    id: "legacy-forcing-crash-report-of", era: "iOS 4–6 SpringBoard / backboardd",
    anchors: ["Forcing crash report of "], writers: ["SpringBoard", "backboardd"],
    read: { message, _, state in
      guard let start = TimelineEventRecognizer.range(of: "Forcing crash report of ", in: message)?.upperBound else {
        return []
      }
      let word = message[start...].prefix(while: { $0 != " " && $0 != "\n" })
      // `BG[21017]...`; a name without a pid (`<app>...`, as redacted in a quote) names the process only.
      let bare = word.hasSuffix("...") ? word.dropLast(3) : word
      guard let subject = MessageSubject.namePID(word) ?? (bare.isEmpty ? nil : AppSubject(name: String(bare)))
      else { return [] }
      let named = subject.pid.flatMap { state.beyondPermitted.removeValue(forKey: $0) } ?? []
      var detail = "forced crash report"
      if !named.isEmpty {
        detail += ": assertions held beyond permitted time" + TimelineEventRecognizer.describe(named)
      }
      return [MessageEvent(kind: .crashed, subject: subject, detail: detail, named: named)]
    },
    triggering: [
      RecognizerExample(
        "Forcing crash report of BG[21017]...", process: "backboardd",
        source: "joexi/BackgroundRunner issue #1 (iOS 6 device syslog)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "BG", pid: 21017),
          detail:
            "forced crash report: assertions held beyond permitted time \"UIKitBackgroundCompletionTask\" finishTask 600 s"
        )),
      RecognizerExample(
        " Forcing crash report of <app>...",
        source: "urbanairship/ios-library pull request #61 (iOS 7 log quoted with the app name redacted)",
        expected: MessageEvent(kind: .crashed, subject: AppSubject(name: "<app>"), detail: "forced crash report")),
    ],
    nonTriggering: [])
}
