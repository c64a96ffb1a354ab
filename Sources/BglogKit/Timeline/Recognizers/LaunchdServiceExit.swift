/// launchd's line when a job it manages ends, as macOS 10.10–10.15 wrote it to `/var/log/system.log`
/// (`com.apple.xpc.launchd[1]` the sender; pre-Big Sur):
///
///     Nov 10 20:02:01 rMBP com.apple.xpc.launchd[1] (com.apple.mdworker.shared.06000000-0100-0000-0000-000000000000[17547]): Service exited due to SIGKILL | sent by mds[111]
///     Oct 10 16:11:29 com.apple.xpc.launchd[1] (com.apple.xpc.launchd.oneshot.0x10000033.Radiant Player[15762]): Service exited due to signal: Killed: 9 sent by CoreServicesUIAgent[15728]
///     Nov 10 20:02:06 rMBP com.apple.xpc.launchd[1] (com.apple.dt.IDECacheDeleteAppExtension[17591]): Service exited with abnormal code: 1
///
/// iOS 8–9 wrote the same to its syslog with the level after the job (layerhq/Atlas-iOS #1195):
///
///     iPhone com.apple.xpc.launchd[1] (UIKitApplication:appName[0xb64f][350]) <Warning>: Service exited with abnormal code: 1
///
/// The job is `(<label>[pid]):` at the message's start (the label may hold spaces: an app's name). Only an
/// app's job is read: LaunchServices' one-shot job for an app it launched, `com.apple.xpc.launchd.oneshot.0x<n>.<Name>`
/// (the app's name: `Radiant Player`, `Xcode`, as `XPC_SERVICE_NAME` shows it in apps' environments), or the
/// app labels ``LaunchdExitReason/bundle(ofLabel:)`` reads (`application.<bundle>.<n>.<n>`,
/// `UIKitApplication:<bundle>[…]`). A daemon's or an XPC service's job (`com.apple.mdworker.shared.…`,
/// `com.apple.WebKit.Networking.<UUID>`) makes no event, as for launchd's exit reasons.
///
/// `due to SIGKILL` / `due to signal: Killed: 9` (and SIGTERM / `Terminated: 15`): `killed`, naming who sent
/// the signal when launchd says (`sent by mds[111]`); another signal: `crashed`; `with abnormal code: N`:
/// `exited` with the code. The iOS 10 simulator's launchd_sim leaves `signal: ` out (`Service exited due to
/// Killed: 9`, `… due to Segmentation fault: 11`), read the same way.
///
/// Not a recogniser of its own (one job end, one recogniser): an anchor of launchd's job-exit recogniser,
/// ``LegacySpringBoardRecognizers/launchdExited``.
enum LaunchdServiceExit {
  static let signalAnchor = "Service exited due to "
  static let codeAnchor = "Service exited with abnormal code: "
  /// iOS 9 simulator's launchd_sim (ydz blog, review s9b): the job killed before it ran the app's binary.
  static let trampolineAnchor = "Trampoline was terminated before jumping to service: "
  static let architecturesWords = "Program specified by service does not contain one of the requested architectures"

  /// The app whose job `(<label>[pid]):` names, the text before the anchor. iOS 8–9's syslog writes the level
  /// after the job, `(UIKitApplication:appName[0xb64f][350]) <Warning>:` (the reader leaves the job and the level
  /// in the message, as the sender `com.apple.xpc.launchd[1]` ends before them), and a line with no layout keeps
  /// the whole syslog header before the job: the job is then the last `(…)` before the anchor, after a blank.
  static func job(_ head: Substring) -> AppSubject? {
    var head = TimelineEventRecognizer.trimmingBlanks(head)
    guard head.hasSuffix(":") else { return nil }
    head = head.dropLast()
    // `) <Warning>`: a level word in angle brackets after the job.
    if head.hasSuffix(">"), let open = head.lastIndex(of: "<"), head[..<open].hasSuffix(") ") {
      let level = head[head.index(after: open)..<head.index(before: head.endIndex)]
      guard !level.isEmpty, level.count <= 12, level.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
      head = head[..<open].dropLast()
    }
    guard head.hasSuffix(")"), let start = head.lastIndex(of: "(") else { return nil }
    // Before the job: nothing (the reader took the header), or a syslog header ending in its sender
    // (`iPhone com.apple.xpc.launchd[1] `), not prose.
    let before = head[..<start]
    guard before.isEmpty || (before.last == " " && MessageSubject.isSyslogHead(before, colon: false)) else {
      return nil
    }
    head = head[head.index(after: start)..<head.index(before: head.endIndex)]
    guard head.hasSuffix("]"), let open = head.lastIndex(of: "[") else { return nil }
    let digits = head[head.index(after: open)..<head.index(before: head.endIndex)]
    guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let pid = Int(digits)
    else { return nil }
    let label = head[..<open]
    let oneshot = "com.apple.xpc.launchd.oneshot.0x"
    if label.hasPrefix(oneshot) {
      let rest = label.dropFirst(oneshot.count)
      let hex = rest.prefix(while: { $0.isHexDigit })
      let name = rest.dropFirst(hex.count)
      guard !hex.isEmpty, name.first == ".", name.count > 1 else { return nil }
      return AppSubject(name: String(name.dropFirst()), pid: pid)
    }
    if let bundle = LaunchdExitReason.bundle(ofLabel: label) ?? numberedAppBundle(label) {
      return AppSubject(bundle: bundle, pid: pid)
    }
    return nil
  }

  /// The bundle of LaunchServices' job label for an app it launched on macOS 10.14–10.15, the bundle id and one
  /// number: `com.pigigaldi.pock.4300` (pock #86), `org.p0deje.Maccy.27728` (Maccy #549, macOS 10.15; #114). Read
  /// only as that: at least three name parts before a number of 3 to 10 digits, letters, digits and `-` in the
  /// parts. Apple's own labels (`com.apple.…`) are left out, daemons' and apps' alike: a daemon's label could end in
  /// a number too, and no Apple app's line in this form was seen.
  static func numberedAppBundle(_ label: Substring) -> String? {
    guard !label.hasPrefix("com.apple.") else { return nil }
    let parts = label.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 4, let number = parts.last, (3...10).contains(number.count),
      number.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    let name = parts.dropLast()
    guard
      name.allSatisfy({ part in
        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      }), let first = name.first?.first, first.isLetter,
      !(name.last?.allSatisfy { $0.isNumber } ?? true)
    else { return nil }
    return name.joined(separator: ".")
  }

  /// The events of a message holding one of the anchors; nil when it holds neither (the caller reads its
  /// other forms). The job's end is remembered (``MessageRecognizerState/launchdJobExits``) for SpringBoard's
  /// `Application '…' exited voluntarily.` after it, and its pid as gone, so assertiond's `No such process`
  /// about the same process adds no second end.
  static func read(_ message: Substring, state: inout MessageRecognizerState) -> [MessageEvent]? {
    typealias R = TimelineEventRecognizer
    if let found = R.range(of: trampolineAnchor, in: message) {
      // `(UIKitApplication:com.tencent.xin[0xdf6d][19774]): Trampoline was terminated before jumping to service:
      // Killed: 9`: launchd's trampoline (what runs before the app's binary) was killed, so the app never ran.
      guard let subject = job(message[..<found.lowerBound]) else { return [] }
      let said = R.trimmingBlanks(message[found.upperBound...].prefix(while: { $0 != "\n" }))
      guard said == "Killed: 9" || said == "SIGKILL" else { return [] }
      var detail =
        "killed by SIGKILL before the app started (launchd: Trampoline was terminated before jumping to "
        + "service: \(said))"
      if let key = subject.bundle ?? subject.name, let failure = state.launchFailures.removeValue(forKey: key) {
        detail += "; " + failure.notes.joined(separator: "; ")
      }
      if let pid = subject.pid { state.gonePIDs.insert(pid) }
      return [MessageEvent(kind: .killed, subject: subject, detail: detail)]
    }
    if let found = R.range(of: architecturesWords, in: message) {
      // No event: the launch failure is the end SpringBoard or launchd reports after it.
      if let subject = job(message[..<found.lowerBound]), let key = subject.bundle ?? subject.name {
        var failure = state.launchFailures[key] ?? (subject.pid, [])
        failure.pid = failure.pid ?? subject.pid
        failure.notes.append("launchd: the program does not contain one of the requested architectures")
        state.launchFailures[key] = failure
      }
      return []
    }
    if let found = R.range(of: codeAnchor, in: message) {
      guard let subject = job(message[..<found.lowerBound]) else { return [] }
      let code = message[found.upperBound...].prefix(while: { $0.isASCII && ($0.isNumber || $0 == "-") })
      guard !code.isEmpty, code.count <= 6 else { return [] }
      let detail = "exited with abnormal code \(code) (launchd)"
      remember(subject, detail, in: &state)
      return [MessageEvent(kind: .exited, subject: subject, detail: detail)]
    }
    guard let found = R.range(of: signalAnchor, in: message) else { return nil }
    guard let subject = job(message[..<found.lowerBound]) else { return [] }
    let rest = message[found.upperBound...].prefix(while: { $0 != "\n" })
    // `SIGKILL | sent by mds[111]` or `signal: Killed: 9 sent by CoreServicesUIAgent[15728]`.
    let signal: Substring
    if R.hasPrefix(rest, "signal: ") {
      let text = rest.dropFirst("signal: ".count)
      var end = text.endIndex
      for stop in [" sent by ", " | ", ", ran for "] {
        if let range = R.range(of: stop, in: text), range.lowerBound < end { end = range.lowerBound }
      }
      signal = text[..<end]
    } else if R.hasPrefix(rest, "SIG") {
      signal = rest.prefix(while: { $0.isASCII && ($0.isUppercase || $0.isNumber) })
    } else if let described = signalDescription(rest) {
      signal = described
    } else {
      return []
    }
    let said = R.trimmingBlanks(signal)
    guard !said.isEmpty, said.count <= 40 else { return [] }
    let sender = R.text(after: "sent by ", in: rest, until: [",", "\n"]).map { String(R.trimmingBlanks($0[...])) }
    let ran = R.text(after: ", ran for ", in: rest, until: ["ms"]).flatMap { Int($0) }
    let named: [Substring: String] = [
      "SIGKILL": "SIGKILL", "Killed: 9": "SIGKILL", "SIGTERM": "SIGTERM", "Terminated: 15": "SIGTERM",
    ]
    let kill = named[said]
    var detail = kill.map { "killed by \($0)" } ?? "exited: signal \(said)"
    if let sender, !sender.isEmpty, sender.count <= 100 {
      detail += ", sent by \(sender)"
      // `exc handler[1868]` of the process itself: the signal came from its own exception, a crash.
      if kill == nil, let pid = subject.pid, sender == "exc handler[\(pid)]" { detail += " (its own exception)" }
    }
    detail += " (launchd: Service exited due to \(R.hasPrefix(rest, "signal: ") ? "signal: " : "")\(said))"
    if let ran { detail += "; ran for \(ran) ms" }
    remember(subject, detail, in: &state)
    return [MessageEvent(kind: kill == nil ? .crashed : .killed, subject: subject, detail: detail)]
  }

  /// The iOS 10 simulator's launchd_sim writes the signal's description without `signal: `, `Service exited due
  /// to Killed: 9` (nativescript-cli #2193) and `… due to Segmentation fault: 11` (code0wl's NativeScript demo):
  /// `strsignal`'s words (letters, blanks, `/`), `: ` and the number, ending the line (no `sent by` was seen in
  /// this form).
  static func signalDescription(_ rest: Substring) -> Substring? {
    typealias R = TimelineEventRecognizer
    guard let colon = R.range(of: ": ", in: rest) else { return nil }
    let words = rest[..<colon.lowerBound]
    guard let first = words.first, first.isASCII, first.isUppercase, words.count <= 30,
      words.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == " " || $0 == "/") })
    else { return nil }
    let digits = rest[colon.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })
    let after = rest[digits.endIndex...]
    guard (1...2).contains(digits.count), R.trimmingBlanks(after).isEmpty else { return nil }
    return rest[..<digits.endIndex]
  }

  private static func remember(_ subject: AppSubject, _ detail: String, in state: inout MessageRecognizerState) {
    if let pid = subject.pid { state.gonePIDs.insert(pid) }
    if let key = subject.bundle ?? subject.name { state.launchdJobExits[key] = (subject.pid, detail) }
  }

  static let triggering: [RecognizerExample] = [
    // macOS 10.14–10.15: LaunchServices' label is the bundle id and a number; SIGILL from the app's own exception.
    RecognizerExample(
      "(com.pigigaldi.pock.4300[1868]): Service exited due to SIGILL | sent by exc handler[1868]",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "pock/pock issue #86 (chrischen, macOS system.log, 2019; the same line for six pids)",
      expected: MessageEvent(
        kind: .crashed, subject: AppSubject(bundle: "com.pigigaldi.pock", pid: 1868),
        detail:
          "exited: signal SIGILL, sent by exc handler[1868] (its own exception) (launchd: Service exited due to SIGILL)"
      )),
    RecognizerExample(
      "(org.p0deje.Maccy.27728[71577]): Service exited due to SIGILL | sent by exc handler[71577]",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "p0deje/Maccy issue #549 (LangLangBart, macOS 10.15 system.log, 2023)",
      expected: MessageEvent(
        kind: .crashed, subject: AppSubject(bundle: "org.p0deje.Maccy", pid: 71577),
        detail:
          "exited: signal SIGILL, sent by exc handler[71577] (its own exception) (launchd: Service exited due to "
          + "SIGILL)")),
    RecognizerExample(
      "(UIKitApplication:com.tencent.xin[0xdf6d][19774]): Trampoline was terminated before jumping to service: Killed: 9",
      process: "com.apple.CoreSimulator.SimDevice.D6BD3967-9BC4-4A8D-9AD0-23176B22B12A.launchd_sim", pid: 19096,
      source: "ydz blog on ios-sim (code index id 30381128586; iOS 9 simulator syslog, after the line above)",
      expected: MessageEvent(
        kind: .killed, subject: AppSubject(bundle: "com.tencent.xin", pid: 19774),
        detail:
          "killed by SIGKILL before the app started (launchd: Trampoline was terminated before jumping to service: "
          + "Killed: 9); launchd: the program does not contain one of the requested architectures")),
    RecognizerExample(
      "(com.apple.xpc.launchd.oneshot.0x10000033.Radiant Player[15762]): Service exited due to signal: Killed: 9 sent by CoreServicesUIAgent[15728]",
      process: "com.apple.xpc.launchd", pid: 1,
      source:
        "radiant-player/radiant-player-mac issue #658 (macOS system.log, 2017, quoted with `> ` and no host)",
      expected: MessageEvent(
        kind: .killed, subject: AppSubject(name: "Radiant Player", pid: 15762),
        detail:
          "killed by SIGKILL, sent by CoreServicesUIAgent[15728] (launchd: Service exited due to signal: Killed: 9)")),
    // At logout: loginwindow kills the apps still open.
    RecognizerExample(
      "(com.apple.xpc.launchd.oneshot.0x10000007.TextEdit[1325]): Service exited due to signal: Killed: 9 sent by loginwindow[97]",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "shadowsocks/ShadowsocksX-NG issue #346 (macOS system.log, 2017)",
      expected: MessageEvent(
        kind: .killed, subject: AppSubject(name: "TextEdit", pid: 1325),
        detail: "killed by SIGKILL, sent by loginwindow[97] (launchd: Service exited due to signal: Killed: 9)")),
    // iOS 10 simulator: launchd_sim writes the signal's description without `signal: `.
    RecognizerExample(
      "(UIKitApplication:org.nativescript.aapaconferenceapp[0x3d0e][74872]): Service exited due to Killed: 9",
      process: "com.apple.CoreSimulator.SimDevice.82B7B218-3579-4E6F-B23A-2A1C96095112.launchd_sim", pid: 74280,
      source: "NativeScript/nativescript-cli issue #2193 (iOS 10 simulator syslog, 2016)",
      expected: MessageEvent(
        kind: .killed, subject: AppSubject(bundle: "org.nativescript.aapaconferenceapp", pid: 74872),
        detail: "killed by SIGKILL (launchd: Service exited due to Killed: 9)")),
    RecognizerExample(
      "(UIKitApplication:org.nativescript.frameworkissuedemo[0x93fc][73825]): Service exited due to Segmentation fault: 11",
      process: "com.apple.CoreSimulator.SimDevice.93AAB200-A581-4BE4-BEC0-4360B1FA74FB.launchd_sim", pid: 95792,
      source: "code0wl/nativescript-framework-issue-demo README.md (iOS simulator syslog, \"bash debug stdout\")",
      expected: MessageEvent(
        kind: .crashed, subject: AppSubject(bundle: "org.nativescript.frameworkissuedemo", pid: 73825),
        detail: "exited: signal Segmentation fault: 11 (launchd: Service exited due to Segmentation fault: 11)")),
    RecognizerExample(
      "(com.apple.xpc.launchd.oneshot.0x1000003c.qode[95426]): Service exited with abnormal code: 9",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "mysteriumnetwork/node issue #2052 (macOS Console, an app that quits at once, 2020)",
      expected: MessageEvent(
        kind: .exited, subject: AppSubject(name: "qode", pid: 95426), detail: "exited with abnormal code 9 (launchd)")),
    // iOS 9: the level after the job, both left in the message by the reader (the sender ends before them).
    RecognizerExample(
      "(UIKitApplication:appName[0xb64f][350]) <Warning>: Service exited with abnormal code: 1",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "layerhq/Atlas-iOS issue #1195 (iOS 9 device log, 2016; the author wrapped the line in `**`)",
      expected: MessageEvent(
        kind: .exited, subject: AppSubject(bundle: "appName", pid: 350), detail: "exited with abnormal code 1 (launchd)"
      )),
    // The same line with no layout (the paste's `**` before the device name): the job is the last `(…)`.
    RecognizerExample(
      "**iPhone com.apple.xpc.launchd[1] (UIKitApplication:appName[0xb64f][350]) <Warning>: Service exited with abnormal code: 1**",
      source: "layerhq/Atlas-iOS issue #1195 (the line as pasted, `**` and all)",
      expected: MessageEvent(
        kind: .exited, subject: AppSubject(bundle: "appName", pid: 350), detail: "exited with abnormal code 1 (launchd)"
      )),
  ]

  static let nonTriggering: [RecognizerExample] = [
    // Remembered for the end after it (the SpringBoard and launchd_sim lines below), no event of its own.
    RecognizerExample(
      "(UIKitApplication:com.tencent.xin[0xdf6d][19774]): Program specified by service does not contain one of the requested architectures:",
      process: "com.apple.CoreSimulator.SimDevice.D6BD3967-9BC4-4A8D-9AD0-23176B22B12A.launchd_sim", pid: 19096,
      source: "ydz blog on ios-sim (code index id 30381128586; iOS 9 simulator syslog)"),
    // Prose before the job, not a syslog sender.
    RecognizerExample(
      "the log said (UIKitApplication:appName[0xb64f][350]) <Warning>: Service exited with abnormal code: 1",
      source: "SYNTHETIC prose around layerhq/Atlas-iOS #1195's job and words"),
    // Daemons and an app's XPC service: launchd's own jobs, not apps.
    RecognizerExample(
      "(com.apple.mdworker.shared.06000000-0100-0000-0000-000000000000[17547]): Service exited due to SIGKILL | sent by mds[111]",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "kvic-z/SsdPmEnabler issue #19 (macOS 10.13-era system.log)"),
    RecognizerExample(
      "(com.apple.WebKit.Networking.297325DE-92E4-4896-8AB5-492A200F5919[17593]): Service exited due to SIGKILL | sent by launchd[1]",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "kvic-z/SsdPmEnabler issue #19 (macOS 10.13-era system.log)"),
    RecognizerExample(
      "(com.apple.dt.IDECacheDeleteAppExtension[17591]): Service exited with abnormal code: 1",
      process: "com.apple.xpc.launchd", pid: 1,
      source: "kvic-z/SsdPmEnabler issue #19 (macOS 10.13-era system.log)"),
    // The message without its job, as a mailing-list post quotes it: no app named.
    RecognizerExample(
      "Service exited due to signal: Killed: 9 sent by nix-daemon[54108]", process: "com.apple.xpc.launchd",
      source:
        "oss-security list, \"Re: Privilege escalation with kill(-1, SIGKILL) in XNU kernel of macOS High Sierra\" "
        + "(the line as quoted)"),
  ]
}
