/// Lines that say an app's process ended, or that the system stopped tracking it, beyond the exit
/// lines the assertiond and SpringBoard branches of ``TimelineEventRecognizer`` read. The pids said to
/// have ended are kept in ``MessageRecognizerState/gonePIDs``, so a later line about the same end
/// (FrontBoard's `Removing:` after an exit, a job deleted after a named exit) adds nothing; assertiond's
/// `Port death watcher fired` and the `Process exited` after it say it in the same words (one exit
/// after the analyser).
enum ProcessEndRecognizers {
  static let all: [MessageRecognizer] = [
    exitBookkeeping, portDeathWatcherFired, deletedLaunchdJob, workspaceInvalidated, processRemoved,
  ]

  typealias R = TimelineEventRecognizer

  /// The process an exit line names: `[Name:pid]`, `[application<com.x>:pid]`, `application<com.x>:pid`.
  static func exitSubject(_ message: Substring) -> AppSubject? {
    if let (subject, _) = R.bracketSubject(message), subject.pid != nil { return subject }
    let subject = R.appSubject(in: message)
    return subject.pid == nil ? nil : subject
  }

  /// Every `Process exited` line, whoever reads it: its pid is gone (the branches made the event). A
  /// FrontBoard `Process exited:` that names no process (the Simulator's `Process exited:  ->  { … }`)
  /// is remembered for the assertiond line that names it. Makes no event.
  static let exitBookkeeping = MessageRecognizer(
    id: "process-exited-bookkeeping", era: "iOS 7–13 assertiond, iOS 13+ FrontBoard",
    anchors: ["Process exited"], writers: ["assertiond", "SpringBoard", "FrontBoard"],
    read: { message, _, state in
      guard let exited = R.range(of: "Process exited", in: message) else { return [] }
      if R.contains(message, "Process exited: <BKProcess: ") { return [] }  // AssertiondRecognizers.processExited
      if let subject = exitSubject(message), let pid = subject.pid {
        state.gonePIDs.insert(pid)
      } else if R.hasPrefix(message[exited.lowerBound...], "Process exited:") {
        state.unnamedExitPending = true
      }
      return []
    },
    triggering: [],
    nonTriggering: [
      RecognizerExample(
        "Process exited:  ->  {\n    stateAtExit = ;\n    terminationRequest = ;\n}", process: "SpringBoard",
        source: "appium/appium issue #13503 (Simulator log, FrontBoard, the process not named)")
    ])

  /// `[aura-test:444] Port death watcher fired.`: assertiond saw the process's port die, i.e. the process
  /// ended (the line does not say how). assertiond's `[Name:pid] Process exited` or `Process exited:
  /// <BKProcess: …>` (which names the bundle) usually follows: both say it in the same words, so the
  /// analyser keeps one exit, the first line's (it drops the same exit said twice within a second).
  static let portDeathWatcherFired = MessageRecognizer(
    id: "assertiond-port-death-watcher-fired", era: "iOS 11–12 assertiond",
    anchors: ["] Port death watcher fired"], writers: ["assertiond"],
    read: { message, _, state in
      guard let (subject, body) = R.bracketSubject(message), let pid = subject.pid,
        R.hasPrefix(body, "Port death watcher fired"), state.gonePIDs.insert(pid).inserted
      else { return [] }
      return [
        MessageEvent(
          kind: .exited, subject: subject,
          detail: "process exited")
      ]
    },
    triggering: [
      RecognizerExample(
        "[aura-test:444] Port death watcher fired.", process: "assertiond",
        source: "transistorsoft/react-native-background-fetch issue #110 (Console.app, after the app's onAppTerminate)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(name: "aura-test", pid: 444),
          detail: "process exited")),
      RecognizerExample(
        "[DemoApp:620] Port death watcher fired.", process: "assertiond", pid: 67,
        source: "dkimitsa/dkimitsa.github.io, _posts/2018-02-12-investigating-silent-crash.md (device syslog of a "
          + "release build that died at launch)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(name: "DemoApp", pid: 620),
          detail: "process exited")),
    ],
    // The `Process exited` that usually follows for the same pid gives no second event:
    // `SessionFiveExcerptTests` holds it (a nontriggering example here would run before these).
    nonTriggering: [])

  /// `[yyy:15903] Deleted launchd job with label: UIKitApplication:com.yyy.app.yyy[0x990c][11734]` right
  /// after FrontBoard's `Process exited:` that names no process: the exited process is this one.
  /// Without that line before it, deleting the job is bookkeeping and says nothing of an exit.
  static let deletedLaunchdJob = MessageRecognizer(
    id: "assertiond-deleted-launchd-job", era: "iOS 12–13 Simulator assertiond",
    anchors: ["Deleted launchd job with label: "], writers: ["assertiond"],
    read: { message, _, state in
      guard state.unnamedExitPending, let (found, body) = R.bracketSubject(message), let pid = found.pid,
        R.hasPrefix(body, "Deleted launchd job with label: ")
      else { return [] }
      state.unnamedExitPending = false
      guard state.gonePIDs.insert(pid).inserted else { return [] }
      var subject = found
      if let bundle = R.text(after: "UIKitApplication:", in: body, until: ["[", " ", "\n"]) { subject.bundle = bundle }
      return [
        MessageEvent(
          kind: .exited, subject: subject,
          detail: "process exited (FrontBoard's Process exited line before names no process; assertiond then "
            + "deleted this process's launchd job)")
      ]
    },
    triggering: [
      RecognizerExample(
        "[yyy:15903] Deleted launchd job with label: UIKitApplication:com.yyy.app.yyy[0x990c][11734]",
        process: "assertiond",
        source: "appium/appium issue #13503 (Simulator log, after FrontBoard's unnamed Process exited above)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(bundle: "com.yyy.app.yyy", name: "yyy", pid: 15903),
          detail: "process exited (FrontBoard's Process exited line before names no process; assertiond then "
            + "deleted this process's launchd job)"))
    ],
    nonTriggering: [])

  /// `[application<com.x>:23793] Invalidating workspace.` and `… Workspace connection invalidated.`:
  /// FrontBoard dropped its connection to the process (FrontBoard then flags it as pending exit). Kept
  /// for the removal line's detail; no event of its own (the line does not say the process ended).
  static let workspaceInvalidated = MessageRecognizer(
    id: "frontboard-workspace-invalidated", era: "FrontBoard in SpringBoard (recent iOS: the one copy seen)",
    anchors: ["] Invalidating workspace.", "] Workspace connection invalidated."],
    writers: ["SpringBoard", "FrontBoard"],
    read: { message, _, state in
      guard let (subject, body) = R.bracketSubject(message), let pid = subject.pid,
        R.hasPrefix(body, "Invalidating workspace.") || R.hasPrefix(body, "Workspace connection invalidated.")
      else { return [] }
      state.invalidatedWorkspaces.insert(pid)
      return []
    },
    triggering: [],
    nonTriggering: [
      RecognizerExample(
        "[application<net.yvant.domination>:23793] Invalidating workspace.", process: "SpringBoard",
        source: "airsdk/Adobe-Runtime-Support issue #2476 (Console.app, columns reordered)")
    ])

  /// `Removing: <FBApplicationProcess: 0x107c24220; application<net.yvant.domination>:23793(v11522)>`:
  /// FrontBoard removed the app's process from the processes it manages. The line does not say that
  /// the process exited, nor why: the event says what it says. Nothing after an exit already read.
  static let processRemoved = MessageRecognizer(
    id: "frontboard-process-removed", era: "FrontBoard in SpringBoard (recent iOS: the one copy seen)",
    anchors: ["Removing: <FBApplicationProcess: "], writers: ["SpringBoard", "FrontBoard"],
    read: { message, _, state in
      guard let start = R.range(of: "Removing: <FBApplicationProcess: ", in: message) else { return [] }
      let subject = R.appSubject(in: message[start.upperBound...])
      guard subject.bundle != nil, let pid = subject.pid, !state.gonePIDs.contains(pid) else { return [] }
      let invalidated = state.invalidatedWorkspaces.remove(pid) != nil
      // macOS: runningboardd already calculated the state `none` for the app (its end follows when its XPC
      // connection goes, ``RunningBoardProcessEndRecognizers``).
      let stateNone = subject.bundle.map { state.noneStates.contains($0) } ?? false
      return [
        MessageEvent(
          kind: .processRemoved, subject: subject,
          detail: "FrontBoard removed the process" + (invalidated ? " after invalidating its workspace" : "")
            + (stateNone
              ? " (runningboardd had calculated its state as none (role: None); the lines do not say why)"
              : " (the lines do not say that it exited, nor why)"))
      ]
    },
    triggering: [
      RecognizerExample(
        "Removing: <FBApplicationProcess: 0x107c24220; application<net.yvant.domination>:23793(v11522)>",
        process: "SpringBoard",
        source: "airsdk/Adobe-Runtime-Support issue #2476 (Console.app, after the Invalidating workspace line above)",
        expected: MessageEvent(
          kind: .processRemoved, subject: AppSubject(bundle: "net.yvant.domination", pid: 23793),
          detail: "FrontBoard removed the process after invalidating its workspace (the lines do not say that it "
            + "exited, nor why)"))
    ],
    nonTriggering: [])
}
