/// iOS 4–6: SpringBoard (iOS 4–5) and backboardd (iOS 6) list the assertions an app holds past its
/// permitted background time, then force a crash report of it. iOS 7+ crash reports quote the same
/// sentence about a `<BKNewProcess …>`.
enum LegacySpringBoardRecognizers {
  static let all: [MessageRecognizer] = [
    beyondPermittedTime, forcingCrashReportOf, exitedAbnormally, launchdExited, killedByJetsam,
    killedByJetsamPendingRelaunch, loneProcessAssertion, exitedVoluntarily, exitedForAnUnknownReason,
  ]

  /// iOS 4's set lists its assertions without a class: `identifier: Suspending process: BT[4821]
  /// permittedBackgroundDuration: 10.000000 reason: suspend owner pid:1557 preventSuspend …`, one a line.
  static func classless(_ text: Substring) -> [ProcessAssertion] {
    var found: [ProcessAssertion] = []
    for line in text.split(separator: "\n") {
      let body = TimelineEventRecognizer.trimmingBlanks(line)
      guard body.hasPrefix("identifier: "), !body.contains("<"),
        let name = TimelineEventRecognizer.text(
          after: "identifier: ", in: body, until: [" permittedBackgroundDuration: "]),
        name.count < body.count - 12
      else { continue }
      var assertion = ProcessAssertion(name: name, text: String(body))
      assertion.reason = TimelineEventRecognizer.text(after: " reason: ", in: body, until: [" "])
      if let seconds = TimelineEventRecognizer.text(after: "permittedBackgroundDuration: ", in: body, until: [" "]) {
        assertion.duration = AssertionDuration(text: Substring(seconds))
      }
      if let owner = TimelineEventRecognizer.text(after: " owner pid:", in: body, until: [" "]) {
        assertion.owner = "pid:" + owner
      }
      found.append(assertion)
    }
    return found
  }

  /// The pid the assertions listed after `… has active assertions beyond permitted time` give the process
  /// `name` (`process: <app>[183]`), for a line that names the process without its pid (iOS 7, quoted with
  /// the app's name redacted: urbanairship/ios-library pull request #61).
  static func listedPID(of name: Substring, in list: Substring) -> Int? {
    guard !name.isEmpty, !name.contains("["),
      let start = TimelineEventRecognizer.range(of: " process: " + name + "[", in: list)?.upperBound
    else { return nil }
    let digits = list[start...].prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty, digits.count <= 7, list[digits.endIndex...].first == "]" else { return nil }
    return Int(digits)
  }

  /// `BG[21017] has active assertions beyond permitted time: {( <BKProcessAssertion: …> identifier: …
  /// permittedBackgroundDuration: 600.000000 reason: finishTask … )}`.
  static let beyondPermittedTime = MessageRecognizer(
    id: "legacy-beyond-permitted-time", era: "iOS 4–6 SpringBoard / backboardd (quoted by iOS 7+ crash reports)",
    anchors: ["has active assertions beyond permitted time"], writers: ["SpringBoard", "backboardd"],
    read: { message, _, state in
      guard let anchor = TimelineEventRecognizer.range(of: " has active assertions beyond permitted time", in: message)
      else { return [] }
      // assertiond's own `Forcing crash report with description: …` quotes the sentence: read there.
      if TimelineEventRecognizer.contains(message, "Forcing crash report with description") { return [] }
      let head = message[..<anchor.lowerBound]
      let lastWord = head.split(separator: " ").last.map { Substring($0) } ?? head
      let list = message[anchor.upperBound...]
      let byAssertion = listedPID(of: lastWord, in: list).map { AppSubject(name: String(lastWord), pid: $0) }
      guard let subject = MessageSubject.bkProcess(head) ?? MessageSubject.namePID(lastWord) ?? byAssertion else {
        return []
      }
      var named = ProcessAssertion.all(in: list)
      if named.isEmpty { named = classless(list) }
      if let pid = subject.pid { state.beyondPermitted[pid] = named }
      if let byAssertion, let pid = byAssertion.pid, let name = byAssertion.name {
        state.beyondPermittedNames[name] = pid
      }
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
      RecognizerExample(
        """
        BT[4821] has active assertions beyond permitted time:
        {(
        identifier: Suspending process: BT[4821] permittedBackgroundDuration: 10.000000 reason: suspend owner pid:1557 preventSuspend preventThrottleDownCPU preventThrottleDownUI
        )}
        """, process: "SpringBoard", pid: 1557,
        source: "blog.s21g.com/articles/1859 (iOS 4 device syslog, 2010; fixture real-s21g-1859-syslog-weekday.log)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: AppSubject(name: "BT", pid: 4821),
          detail: "assertions held beyond permitted time \"Suspending process: BT[4821]\" suspend 10 s")),
      // iOS 7, quoted with the app name redacted: no pid after the name; the assertion's `process: <app>[183]`
      // gives it.
      RecognizerExample(
        """
        <app> has active assertions beyond permitted time: 
            {(
                <BKProcessAssertion: 0x15531750> identifier: Called by <app>, from -[UAPush beginRegistrationBackgroundTask] process: <app>[183] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:183 preventSuspend  preventIdleSleep  preventSuspendOnSleep 
            )}
        """,
        source: "urbanairship/ios-library pull request #61 (iOS 7, the app's name redacted by the author)",
        expected: MessageEvent(
          kind: .expiryWarning, subject: AppSubject(name: "<app>", pid: 183),
          detail:
            "assertions held beyond permitted time \"Called by <app>, from -[UAPush beginRegistrationBackgroundTask]\" finishTask 180 s"
        )),
    ],
    nonTriggering: [
      RecognizerExample(
        "COS-499: Background crash has active assertions beyond permitted time",
        source: "Rightpoint/RZVinyl pull request #24 (a title: no process named)")
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
      // `BG[21017]...`; assertiond's `<BKNewProcess: 0x…; com.x; pid: 1017; hostpid: -1>...` (iOS 7–12); a
      // name without a pid (`<app>...`, as redacted in a quote) names the process only, or the process an
      // earlier `<app> has active assertions beyond permitted time` gave a pid from its list.
      let bare = word.hasSuffix("...") ? word.dropLast(3) : word
      let described = word.hasPrefix("<BK") ? MessageSubject.bkProcess(message[start...]) : nil
      guard
        var subject = described ?? MessageSubject.namePID(word)
          ?? (bare.isEmpty || word.hasPrefix("<BK") ? nil : AppSubject(name: String(bare)))
      else { return [] }
      // Assertions remembered by the pid the line itself gives; by name only the pid, unless the list is in
      // this same record (a quote whose `Forcing crash report of <app>...` line continues the list's record).
      var named = subject.pid.flatMap { state.beyondPermitted.removeValue(forKey: $0) } ?? []
      if subject.pid == nil, let name = subject.name, let pid = state.beyondPermittedNames.removeValue(forKey: name) {
        subject.pid = pid
        let listed = state.beyondPermitted.removeValue(forKey: pid) ?? []
        if TimelineEventRecognizer.contains(message[..<start], " has active assertions beyond permitted time") {
          named = listed
        }
      }
      var detail = "forced crash report"
      if !named.isEmpty {
        detail += ": assertions held beyond permitted time" + TimelineEventRecognizer.describe(named)
      } else if let pid = subject.pid, let limit = state.exceededLimitsByPID.removeValue(forKey: pid) {
        detail += ": " + limit
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
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(name: "<app>", pid: 183), detail: "forced crash report")),
      RecognizerExample(
        "Forcing crash report of <BKNewProcess: 0x1556386d0; co.teammate.mailswipe; pid: 725; hostpid: -1>...",
        process: "assertiond", pid: 63,
        source: "transistorsoft/cordova-plugin-background-fetch pull request #14 (BSD syslog without a level)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(bundle: "co.teammate.mailswipe", pid: 725), detail: "forced crash report")
      ),
      RecognizerExample(
        "Forcing crash report of <BKNewProcess: 0x14e40050; com.sample.app; pid: 1017; hostpid: -1>...",
        process: "assertiond", pid: 58,
        source: "robbiehanson/XMPPFramework issue #765 (iOS 7–8 device syslog, after BKUnsuspendLimit)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(bundle: "com.sample.app", pid: 1017),
          detail: "forced crash report: exceeded 15 wakes in 300 sec (the unsuspend limit)")),
    ],
    nonTriggering: [])

  /// `Application 'BT' exited abnormally with signal 9: Killed` (SpringBoard, iOS 4–6): signal 9 is a
  /// kill (SIGKILL: the system's, as the app cannot send it to itself unnoticed); another signal a crash.
  static let exitedAbnormally = MessageRecognizer(
    id: "legacy-exited-abnormally-with-signal", era: "iOS 4–6 SpringBoard",
    anchors: ["' exited abnormally with signal "], writers: ["SpringBoard"],
    read: { message, _, _ in
      guard let anchor = TimelineEventRecognizer.range(of: "' exited abnormally with signal ", in: message),
        let open = TimelineEventRecognizer.range(of: "Application '", in: message[..<anchor.lowerBound])
      else { return [] }
      let name = message[open.upperBound..<anchor.lowerBound]
      let rest = message[anchor.upperBound...]
      guard !name.isEmpty, !name.contains("'"), let signal = Int(rest.prefix(while: { $0.isNumber })) else {
        return []
      }
      let said = TimelineEventRecognizer.text(after: ": ", in: rest, until: ["\n"]).map { " (\($0))" } ?? ""
      return [
        MessageEvent(
          kind: signal == 9 ? .killed : .crashed, subject: AppSubject(name: String(name)),
          detail: "exited abnormally with signal \(signal)\(said)")
      ]
    },
    triggering: [
      RecognizerExample(
        "Application 'BT' exited abnormally with signal 9: Killed", process: "SpringBoard", pid: 1557,
        source: "blog.s21g.com/articles/1859 (iOS 4 device syslog, 2010)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "BT"), detail: "exited abnormally with signal 9 (Killed)"))
    ],
    nonTriggering: [])

  /// launchd's `(UIKitApplication:jp.co.x.BT[0xc343]) Exited: Killed` (iOS 4–6): the app's job ended by
  /// a kill. The job label names the bundle id; the pid is in the header's second bracket when the
  /// reader kept it, which is not relied on. Also launchd's `… exited with exit reason (namespace: …`
  /// (macOS 11+), read by ``LaunchdExitReason``, and macOS 10.10–10.15's `(<label>[pid]): Service exited due
  /// to …` / `… with abnormal code: N` (iOS 8–9: `(<label>[pid]) <Warning>: Service exited …`), read by
  /// ``LaunchdServiceExit`` (the same writer and meaning, one scanner slot).
  static let launchdExited = MessageRecognizer(
    id: "launchd-job-exited",
    era: "iOS 4–6 launchd; iOS 8–9 and macOS 10.10–10.15 launchd (syslog); macOS 11+ launchd (exit reasons)",
    anchors: [
      "(UIKitApplication:", LaunchdExitReason.anchor, LaunchdServiceExit.signalAnchor, LaunchdServiceExit.codeAnchor,
      LaunchdServiceExit.trampolineAnchor,
    ],
    writers: ["launchd", "com.apple.launchd", "com.apple.xpc.launchd"],
    read: { message, _, state in
      if let events = LaunchdServiceExit.read(message, state: &state) { return events }
      if let events = LaunchdExitReason.read(message) { return events }
      guard let start = TimelineEventRecognizer.range(of: "(UIKitApplication:", in: message),
        let close = message[start.upperBound...].firstIndex(of: ")")
      else { return [] }
      var label = message[start.upperBound..<close]
      var after = TimelineEventRecognizer.trimmingBlanks(message[message.index(after: close)...])
      // The sender's own `(UIKitApplication:x[0xc343][4821])` left at the message's start by a reader,
      // then ` : (UIKitApplication:x[0xc343]) Exited: Killed`: the pid is the job's last bracket.
      var pid: Int?
      if after.hasPrefix(": (UIKitApplication:"), let second = after.dropFirst(2).firstIndex(of: ")") {
        if label.hasSuffix("]"), let open = label.lastIndex(of: "[") {
          pid = Int(label[label.index(after: open)..<label.index(before: label.endIndex)])
        }
        label = after[after.index(after.startIndex, offsetBy: 20)..<second]
        after = TimelineEventRecognizer.trimmingBlanks(after[after.index(after: second)...])
      }
      let bundle = label.prefix(while: { $0 != "[" })
      guard !bundle.isEmpty, !bundle.contains(" "), after.hasPrefix("Exited: ") || after.hasPrefix("Exited with ")
      else { return [] }
      let how = after.prefix(while: { $0 != "\n" })
      let kind: TimelineEvent.Kind = how.hasPrefix("Exited: Killed") ? .killed : .exited
      return [
        MessageEvent(kind: kind, subject: AppSubject(bundle: String(bundle), pid: pid), detail: "launchd: \(how)")
      ]
    },
    triggering: [
      RecognizerExample(
        "(UIKitApplication:jp.co.xxxxx.BT[0xc343]) Exited: Killed", process: "com.apple.launchd", pid: 1,
        source: "blog.s21g.com/articles/1859 (iOS 4 device syslog, 2010)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(bundle: "jp.co.xxxxx.BT"), detail: "launchd: Exited: Killed")),
      RecognizerExample(
        "(UIKitApplication:jp.co.xxxxx.BT[0xc343][4821]) : (UIKitApplication:jp.co.xxxxx.BT[0xc343]) Exited: Killed",
        process: "com.apple.launchd", pid: 1,
        source: "blog.s21g.com/articles/1859 (the same line with the job's sender column left in the message)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(bundle: "jp.co.xxxxx.BT", pid: 4821), detail: "launchd: Exited: Killed")),
    ] + LaunchdExitReason.triggering + LaunchdServiceExit.triggering,
    nonTriggering: LaunchdExitReason.nonTriggering + LaunchdServiceExit.nonTriggering)

  /// Said of SpringBoard's jetsam kill: what the line says and does not.
  static let springBoardJetsamDetail =
    "killed by jetsam (memory: its memory limit or the device's memory pressure; SpringBoard's line names "
    + "neither, the device's JetsamEvent report does)"

  /// SpringBoard's `Application 'UIKitApplication:com.evolve.DigitalDictation[0xf61]' was killed by jetsam.` (iOS
  /// 8–9 syslog): the app's process was killed for memory. The name is the app's launchd job label (its bundle
  /// read by ``LaunchdExitReason/bundle(ofLabel:)``) or a name, as in SpringBoard's other `Application '…'`
  /// sentences (``exitingApplication(in:before:)``: the sentence starts the message or follows a syslog header,
  /// never prose); no pid is written. SpringBoard may follow it with its either-or about the same app (`Memory
  /// level is not normal or this app was killed by jetsam. Pending auto-relaunch of '<FBApplicationProcess…>'`),
  /// which then adds no second kill (``killedByJetsamPendingRelaunch``).
  static let killedByJetsam = MessageRecognizer(
    id: "springboard-killed-by-jetsam", era: "iOS 8–9 SpringBoard",
    anchors: ["' was killed by jetsam."], writers: ["SpringBoard"],
    read: { message, _, state in
      guard let subject = exitingApplication(in: message, before: "' was killed by jetsam.") else { return [] }
      state.springBoardJetsamKill = subject.bundle ?? subject.name
      return [MessageEvent(kind: .killed, subject: subject, detail: springBoardJetsamDetail)]
    },
    triggering: [
      RecognizerExample(
        "Application 'UIKitApplication:com.evolve.DigitalDictation[0xf61]' was killed by jetsam.",
        process: "SpringBoard", pid: 1119,
        source: "syedhali/EZAudio issue #245 (iOS 9 device syslog, 2015; the author's `**` before the line apart)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(bundle: "com.evolve.DigitalDictation"), detail: springBoardJetsamDetail)),
      RecognizerExample(
        "Application 'UIKitApplication:io.heypiotr.EddyBckgrnd[0xc435]' was killed by jetsam.",
        process: "SpringBoard", pid: 61,
        source:
          "heypiotr/eddystone-ios-background-poc README.md (device console, iOS 9 era; the app relaunched 3 s later)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(bundle: "io.heypiotr.EddyBckgrnd"), detail: springBoardJetsamDetail)),
    ],
    nonTriggering: [])

  /// Said of SpringBoard's either-or (the analyser reads it: SpringBoard does not say which).
  static let pendingRelaunchDetail =
    "killed by jetsam or gone while memory was not normal (SpringBoard); auto-relaunch pending"

  /// Whether SpringBoard's either-or names the app whose kill its `… was killed by jetsam.` line just reported
  /// (`key`: that app's bundle or name): the same bundle, or the name the bundle ends with.
  static func namesTheSameApp(_ subject: AppSubject, as key: String) -> Bool {
    if let bundle = subject.bundle { return bundle.lowercased() == key.lowercased() }
    guard let name = subject.name?.lowercased() else { return false }
    let lowered = key.lowercased()
    return name == lowered || lowered.hasSuffix("." + name)
  }

  /// iOS 8 SpringBoard: `Memory level is not normal or this app was killed by jetsam. Pending auto-relaunch
  /// of '<FBApplicationProcess: 0x160ae590; MobileMail; pid: -1>'.` SpringBoard's own either-or: the app's
  /// process is gone (pid -1) and will be relaunched; the detail keeps both readings. Right after SpringBoard's
  /// `Application '…' was killed by jetsam.` about the same app (``killedByJetsam``) it says no more than that
  /// line, which is the event: no second one.
  static let killedByJetsamPendingRelaunch = MessageRecognizer(
    id: "springboard-killed-by-jetsam-pending-relaunch", era: "iOS 8–9 SpringBoard (FrontBoard)",
    anchors: ["killed by jetsam. Pending auto-relaunch of "], writers: ["SpringBoard"],
    read: { message, _, state in
      let reported = state.springBoardJetsamKill
      state.springBoardJetsamKill = nil
      guard let anchor = TimelineEventRecognizer.range(of: "killed by jetsam. Pending auto-relaunch of ", in: message),
        var subject = MessageSubject.bkProcess(message[anchor.upperBound...])
      else { return [] }
      if let pid = subject.pid, pid <= 0 { subject.pid = nil }
      guard !subject.isEmpty else { return [] }
      if let reported, namesTheSameApp(subject, as: reported) { return [] }
      return [
        MessageEvent(
          kind: .killed, subject: subject,
          detail: pendingRelaunchDetail)
      ]
    },
    triggering: [
      RecognizerExample(
        "Memory level is not normal or this app was killed by jetsam. Pending auto-relaunch of '<FBApplicationProcess: 0x160ae590; MobileMail; pid: -1>'.",
        process: "SpringBoard", pid: 41, source: "isuncloud/iOS_client issue #25 (iOS 8 device syslog)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "MobileMail"),
          detail: pendingRelaunchDetail))
    ],
    nonTriggering: [
      // Cut in the paste before the process's description: no app named (after the kill line above, which is
      // the event).
      RecognizerExample(
        "Memory level is not normal or this app was killed by jetsam. Pending auto-relaunch of '<FBApplicationProcess",
        process: "SpringBoard", pid: 1119, source: "syedhali/EZAudio issue #245 (iOS 9 device syslog, cut as stored)")
    ])

  /// One iOS 5–9 assertion description pasted alone (`<BKProcessAssertion: 0x176397a0> identifier: Called by
  /// Deadeye, from unknown method process: Deadeye[992] permittedBackgroundDuration: 180.000000 reason:
  /// finishTask owner pid:992 …`), as quoted from a crash report's list: the assertion the process held.
  /// Alone it does not say it was held beyond its time (no finding); inside a `… beyond permitted time`
  /// record it is that recogniser's.
  static let loneProcessAssertion = MessageRecognizer(
    id: "legacy-lone-process-assertion", era: "iOS 5–9 (a crash report's assertion line, quoted alone)",
    anchors: [" permittedBackgroundDuration: "], writers: [],
    read: { message, _, _ in
      let text = TimelineEventRecognizer.trimmingBlanks(message)
      guard text.hasPrefix("<BKProcessAssertion: ") || text.hasPrefix("<SBProcessAssertion: "),
        !TimelineEventRecognizer.contains(text, "beyond permitted time"),
        let process = TimelineEventRecognizer.range(of: " process: ", in: text)?.upperBound,
        let assertion = ProcessAssertion.all(in: text).first
      else { return [] }
      let rest = text[process...]
      guard let subject = MessageSubject.bkProcess(rest) ?? MessageSubject.namePID(rest.prefix(while: { $0 != " " }))
      else { return [] }
      return [
        MessageEvent(
          kind: .assertionAcquired, subject: subject,
          detail: "assertion held " + TimelineEventRecognizer.describe(assertion)
            + " (quoted alone: the line does not say when it was taken or whether it outlived its time)",
          assertion: assertion)
      ]
    },
    triggering: [
      RecognizerExample(
        "<BKProcessAssertion: 0x176397a0> identifier: Called by Deadeye, from unknown method process: Deadeye[992] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:992 preventSuspend  preventIdleSleep  preventSuspendOnSleep",
        source: "amplitude/Amplitude-iOS issue #9 (one line of a crash report's assertion list)",
        expected: MessageEvent(
          kind: .assertionAcquired, subject: AppSubject(name: "Deadeye", pid: 992),
          detail:
            "assertion held \"Called by Deadeye, from unknown method\" finishTask 180 s (quoted alone: the line "
            + "does not say when it was taken or whether it outlived its time)"))
    ],
    nonTriggering: [])

  /// The app of SpringBoard's `Application '<name>' exited …` sentence ending in `ending`: a
  /// `UIKitApplication:<bundle>[0x…]` job's bundle, else the name as written. The sentence starts the
  /// message, or follows a syslog header left in it (no layout), never prose.
  static func exitingApplication(in message: Substring, before ending: String) -> AppSubject? {
    typealias R = TimelineEventRecognizer
    guard let anchor = R.range(of: ending, in: message),
      let open = R.range(of: "Application '", in: message[..<anchor.lowerBound])
    else { return nil }
    let before = message[..<open.lowerBound]
    guard before.isEmpty || MessageSubject.isSyslogHead(before, colon: true) else { return nil }
    let name = message[open.upperBound..<anchor.lowerBound]
    guard !name.isEmpty, name.count <= 300, !name.contains("'"), !name.contains("\n") else { return nil }
    guard R.hasPrefix(name, "UIKitApplication:") else { return AppSubject(name: String(name)) }
    guard let bundle = LaunchdExitReason.bundle(ofLabel: name), !bundle.contains(" ") else { return nil }
    return AppSubject(bundle: bundle)
  }

  /// SpringBoard's `Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.` (iOS 8–9): the app's
  /// process ended by itself (it exited, or returned from main), it was not killed: SpringBoard's other word for
  /// an end is `exited abnormally with signal N` (above). The name is the app's launchd job label
  /// (`UIKitApplication:<bundle>[0x…]`, its bundle read by ``LaunchdExitReason/bundle(ofLabel:)``) or a name. No
  /// pid is written: launchd's end of the same job just before it (`Service exited with abnormal code: 1`) gives
  /// it, and its words join the detail.
  static let exitedVoluntarily = MessageRecognizer(
    id: "springboard-exited-voluntarily", era: "iOS 8–9 SpringBoard",
    anchors: ["' exited voluntarily."], writers: ["SpringBoard"],
    read: { message, _, state in
      guard var subject = exitingApplication(in: message, before: "' exited voluntarily.") else { return [] }
      var detail = "exited voluntarily (SpringBoard): the app ended itself; it was not killed"
      if let key = subject.bundle ?? subject.name, let launchd = state.launchdJobExits.removeValue(forKey: key) {
        subject.pid = launchd.pid
        let said = launchd.detail.hasSuffix(" (launchd)") ? String(launchd.detail.dropLast(10)) : launchd.detail
        detail += "; launchd: \(said)"
      }
      return [MessageEvent(kind: .exited, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.", process: "SpringBoard", pid: 295,
        source: "layerhq/Atlas-iOS issue #1195 (iOS 9 device log, 2016; after launchd's line in the examples above)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(bundle: "appName", pid: 350),
          detail:
            "exited voluntarily (SpringBoard): the app ended itself; it was not killed; launchd: exited with abnormal "
            + "code 1"))
    ],
    nonTriggering: [
      RecognizerExample(
        "iOS 9: SpringBoard `Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.` after it",
        source: "review notes quoting layerhq/Atlas-iOS #1195's line in prose (/work/review-inputs-s9/SOURCES.md)")
    ])

  /// SpringBoard's `Application 'UIKitApplication:com.tencent.xin[0xdf6d]' exited for an unknown reason.` (iOS 9
  /// simulator, ydz blog): the app's process ended and SpringBoard does not know why; no cause is added. Its
  /// `Bootstrapping failed for <FBApplicationProcess: 0x…; com.tencent.xin; pid: -1>` before it (the launch
  /// failed: no process) gives no event and joins the detail, with what launchd said of the job (its pid too).
  static let exitedForAnUnknownReason = MessageRecognizer(
    id: "springboard-exited-for-an-unknown-reason", era: "iOS 9 SpringBoard (simulator)",
    anchors: ["' exited for an unknown reason.", "Bootstrapping failed for <"], writers: ["SpringBoard"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      if let found = R.range(of: "Bootstrapping failed for <", in: message) {
        let before = message[..<found.lowerBound]
        guard before.isEmpty || MessageSubject.isSyslogHead(before, colon: true),
          let subject = MessageSubject.bkProcess(message[found.upperBound...]), let key = subject.bundle ?? subject.name
        else { return [] }
        var failure = state.launchFailures[key] ?? (nil, [])
        failure.notes.append("SpringBoard: bootstrapping failed")
        state.launchFailures[key] = failure
        return []
      }
      guard var subject = exitingApplication(in: message, before: "' exited for an unknown reason.") else {
        return []
      }
      var detail = "exited for an unknown reason (SpringBoard: it does not say why)"
      if let key = subject.bundle ?? subject.name, let failure = state.launchFailures.removeValue(forKey: key) {
        subject.pid = failure.pid
        if !failure.notes.isEmpty { detail += "; " + failure.notes.joined(separator: "; ") }
      }
      return [MessageEvent(kind: .exited, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Application 'UIKitApplication:com.tencent.xin[0xdf6d]' exited for an unknown reason.", process: "SpringBoard",
        pid: 19181, source: "ydz blog on ios-sim (code index id 30381128586; iOS 9 simulator syslog)",
        expected: MessageEvent(
          kind: .exited, subject: AppSubject(bundle: "com.tencent.xin"),
          detail: "exited for an unknown reason (SpringBoard: it does not say why); SpringBoard: bootstrapping failed"))
    ],
    nonTriggering: [
      // Remembered for the end after it.
      RecognizerExample(
        "Bootstrapping failed for <FBApplicationProcess: 0x7fa83cd91840; com.tencent.xin; pid: -1>",
        process: "SpringBoard", pid: 19181,
        source: "ydz blog on ios-sim (code index id 30381128586; iOS 9 simulator syslog)")
    ])
}
