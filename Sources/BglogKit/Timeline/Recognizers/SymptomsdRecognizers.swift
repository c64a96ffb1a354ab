/// symptomsd's notes on the application state the system reports for a process (its SymptomEvaluator):
/// `488 dk.bitfabrikken.appname: ForegroundRunning (most elevated: ForegroundRunning)`.
enum SymptomsdRecognizers {
  static let all: [MessageRecognizer] = [applicationState]

  /// `<pid> <bundle>: <state> (most elevated: <state>)`: only `ForegroundRunning` is read, the one
  /// state found in real text: the app is in the foreground, which ends a background span (`launched`,
  /// as SpringBoard's `visibility: Foreground` is). Several daemons report the same change at once, so a
  /// pid's state is reported once until it changes (shared with dasd's and locationd's state updates).
  /// dasd's `Foreground app changed—<private>` beside it names no app and is not read.
  static let applicationState = MessageRecognizer(
    id: "symptomsd-application-state", era: "iOS 11+ symptomsd (SymptomEvaluator)",
    anchors: ["(most elevated: "], writers: ["symptomsd"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      let line = message.prefix(while: { $0 != "\n" })
      guard let anchor = R.range(of: " (most elevated: ", in: line) else { return [] }
      let head = line[..<anchor.lowerBound]
      let digits = head.prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 7, let pid = Int(digits), R.hasPrefix(head.dropFirst(digits.count), " ")
      else { return [] }
      let rest = head.dropFirst(digits.count + 1)
      guard let colon = R.range(of: ": ", in: rest) else { return [] }
      let bundle = rest[..<colon.lowerBound]
      let reported = rest[colon.upperBound...]
      guard !bundle.isEmpty, !bundle.contains(" "), reported == "ForegroundRunning" else { return [] }
      guard state.reportedStates[pid] != String(reported) else { return [] }
      state.reportedStates[pid] = String(reported)
      return [
        MessageEvent(
          kind: .launched, subject: AppSubject(bundle: String(bundle), pid: pid),
          detail: "in the foreground (symptomsd: ForegroundRunning)")
      ]
    },
    triggering: [
      RecognizerExample(
        "488 dk.bitfabrikken.appname: ForegroundRunning (most elevated: ForegroundRunning)", process: "symptomsd",
        pid: 122, source: "invertase/react-native-firebase issue #253 (idevicesyslog)",
        expected: MessageEvent(
          kind: .launched, subject: AppSubject(bundle: "dk.bitfabrikken.appname", pid: 488),
          detail: "in the foreground (symptomsd: ForegroundRunning)")),
      RecognizerExample(
        "36246 com.apple.Preferences: ForegroundRunning (most elevated: ForegroundRunning)", process: "symptomsd",
        source: "a CSAW CTF 2018 write-up, \"300 Forensics / whyOS\" (Console.app copy, tabs as spaces)",
        expected: MessageEvent(
          kind: .launched, subject: AppSubject(bundle: "com.apple.Preferences", pid: 36246),
          detail: "in the foreground (symptomsd: ForegroundRunning)")),
    ],
    nonTriggering: [])
}
