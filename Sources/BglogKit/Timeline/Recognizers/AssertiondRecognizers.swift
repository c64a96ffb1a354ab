/// iOS 7–12 assertiond lines that name the process in a `<BKProcess …>` description instead of the
/// `[Name:pid]` prefix the assertiond branch of ``TimelineEventRecognizer`` reads.
enum AssertiondRecognizers {
  static let all: [MessageRecognizer] = [processExited]

  /// `Process exited: <BKProcess: 0x1005310e0; myappda; com.myapp.myapp; pid: 867; agency: Application; …>`
  static let processExited = MessageRecognizer(
    id: "assertiond-process-exited-bkprocess", era: "iOS 9–12 assertiond",
    anchors: ["Process exited: <BKProcess: "], writers: ["assertiond"],
    read: { message, _, _ in
      guard let start = TimelineEventRecognizer.range(of: "Process exited: <BKProcess: ", in: message)?.lowerBound,
        let subject = MessageSubject.bkProcess(message[start...])
      else { return [] }
      return [MessageEvent(kind: .exited, subject: subject, detail: "process exited")]
    },
    triggering: [
      RecognizerExample(
        "Process exited: <BKProcess: 0x1005310e0; myappda; com.myapp.myapp; pid: 867; agency: Application; visibility: foreground; task: none; hostpid: 52>",
        process: "assertiond", source: "NativeScript/NativeScript issue #8920 (idevicesyslog)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(bundle: "com.myapp.myapp", name: "myappda", pid: 867),
          detail: "process exited"))
    ],
    nonTriggering: [])
}
