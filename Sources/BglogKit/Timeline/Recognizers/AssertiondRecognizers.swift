/// iOS 7–12 assertiond lines that name the process in a `<BKProcess …>` description instead of the
/// `[Name:pid]` prefix the assertiond branch of ``TimelineEventRecognizer`` reads.
enum AssertiondRecognizers {
  static let all: [MessageRecognizer] = [processExited, priorityNoSuchProcess, exitContext]

  /// The detail of a process whose exit context says `reason: crash`.
  static let exitContextCrashDetail = "crashed: assertiond's exit context says reason: crash"

  /// `[Runner:1114] Got exit context: <BKSProcessExitContext: 0x13de1b880; reason: crash>` (iOS 11 assertiond, just
  /// after its `Process exited: <BKProcess: …; pid: 1114; …>`): why the process ended. Only the reasons seen in real
  /// logs are read: `crash` is a crash (the analyser makes it and the `Process exited` line before it one event,
  /// ``TimelineAnalyzer/exitContext(_:_:)``); `(none)` adds nothing to the exit. Later AssertionServices name other
  /// reasons (`voluntary`, `signal`, `jetsam` in its NSStringFromBKSProcessExitReason), never seen in a log in this
  /// form: not read.
  static let exitContext = MessageRecognizer(
    id: "assertiond-exit-context", era: "iOS 9–12 assertiond",
    anchors: ["Got exit context: <BKSProcessExitContext: "], writers: ["assertiond"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "Got exit context: <BKSProcessExitContext: ", in: message),
        let (subject, _) = R.bracketSubject(message[..<anchor.lowerBound]), subject.pid != nil,
        let reason = R.text(after: "; reason: ", in: message[anchor.upperBound...], until: [">", "\n"]),
        reason == "crash"
      else { return [] }
      return [MessageEvent(kind: .crashed, subject: subject, detail: exitContextCrashDetail)]
    },
    triggering: [
      RecognizerExample(
        "[Runner:1114] Got exit context: <BKSProcessExitContext: 0x13de1b880; reason: crash>", process: "assertiond",
        pid: 67, source: "flutter/flutter issue #16910 (description, iOS 11 device syslog)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "Runner", pid: 1114), detail: exitContextCrashDetail))
    ],
    nonTriggering: [
      RecognizerExample(
        "[myappda:867] Got exit context: <BKSProcessExitContext: 0x100523620; reason: (none)>", process: "assertiond",
        pid: 62, source: "NativeScript/NativeScript issue #8920 (idevicesyslog, after the process exited)")
    ])

  /// `Process exited: <BKProcess: 0x1005310e0; myappda; com.myapp.myapp; pid: 867; agency: Application; …>`
  static let processExited = MessageRecognizer(
    id: "assertiond-process-exited-bkprocess", era: "iOS 9–12 assertiond",
    anchors: ["Process exited: <BKProcess: "], writers: ["assertiond"],
    read: { message, _, state in
      guard let start = TimelineEventRecognizer.range(of: "Process exited: <BKProcess: ", in: message)?.lowerBound,
        let subject = MessageSubject.bkProcess(message[start...])
      else { return [] }
      if let pid = subject.pid { state.gonePIDs.insert(pid) }
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

  /// assertiond failing to change the priority of a process that no longer exists: `Could not set priority
  /// of <BKNewProcess: 0x…; com.apple.mobilemail; pid: 1683; hostpid: -1> to 2, priority: No such process`
  /// (iOS 8) and `[mynimx:5529] SyscallError: setpriority(PRIO_DARWIN_ROLE, 5529, 3): No such process`
  /// (iOS 11+ Simulator). The process had already exited; the line does not say how. One event per pid.
  static let priorityNoSuchProcess = MessageRecognizer(
    id: "assertiond-priority-no-such-process", era: "iOS 8–12 assertiond (and its Simulator)",
    anchors: ["priority: No such process", "SyscallError: setpriority("], writers: ["assertiond"],
    read: { message, _, state in
      guard TimelineEventRecognizer.contains(message, "No such process") else { return [] }
      var subject: AppSubject?
      if let start = TimelineEventRecognizer.range(of: "Could not set priority of <", in: message)?.upperBound {
        subject = MessageSubject.bkProcess(message[message.index(before: start)...])
      } else if let call = TimelineEventRecognizer.range(of: "SyscallError: setpriority(", in: message) {
        if let (bracketed, _) = TimelineEventRecognizer.bracketSubject(message[..<call.lowerBound]) {
          subject = bracketed
        }
        let arguments = message[call.upperBound...].split(separator: ",", maxSplits: 2)
        if arguments.count > 1, let pid = Int(TimelineEventRecognizer.trimmingBlanks(arguments[1])) {
          if subject == nil { subject = AppSubject(pid: pid) }
          if subject?.pid == nil { subject?.pid = pid }
        }
      }
      guard let subject, let pid = subject.pid, pid > 0, state.gonePIDs.insert(pid).inserted else { return [] }
      return [
        MessageEvent(
          kind: .exited, subject: subject,
          detail: "already gone: assertiond could not set its priority (No such process)")
      ]
    },
    triggering: [
      RecognizerExample(
        "Could not set priority of <BKNewProcess: 0x1663cb90; com.apple.mobilemail; pid: 1683; hostpid: -1> to 2, priority: No such process",
        process: "assertiond", pid: 53, source: "isuncloud/iOS_client issue #25 (iOS 8 device syslog)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(bundle: "com.apple.mobilemail", pid: 1683),
          detail: "already gone: assertiond could not set its priority (No such process)")),
      RecognizerExample(
        "[mynimx:5529] SyscallError: setpriority(PRIO_DARWIN_ROLE, 5529, 3): No such process",
        process: "assertiond", source: "yglukhov/nimx issue #449 (Simulator, Console.app)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(name: "mynimx", pid: 5529),
          detail: "already gone: assertiond could not set its priority (No such process)")),
    ],
    nonTriggering: [
      // The same process after assertiond's `Process exited: <BKProcess: …; pid: 867; …>` (read above).
      RecognizerExample(
        "[myappda:867] SyscallError: setpriority(PRIO_DARWIN_ROLE, 867, 3): No such process",
        process: "assertiond", source: "NativeScript/NativeScript issue #8920 (idevicesyslog, after the exit)")
    ])
}
