/// launchd's own line when a job it manages ends with an OS exit reason (macOS
/// `/var/log/com.apple.xpc.launchd/launchd.log`, and launchd's messages in the unified log):
///
///     2022-05-03 09:15:22.088718 (gui/501/application.com.red-sweater.marsedit4.384452971.384452977 [13840]): exited with exit reason (namespace: 15 code: 0xbaddd15c) - OS_REASON_RUNNINGBOARD | <RBSTerminateContext| code:0xBADDD15C
///
/// launchd's format is `exited with exit reason (namespace: %d code: 0x%llx) - %s`, then ` during %s`
/// and `, ran for %qums` (the strings of the launchd binary, as a decompiled listing quotes them); the
/// namespace is XNU's `OS_REASON_*` number (`bsd/sys/reason.h`: 15 is RUNNINGBOARD) and the `%s`
/// launchd's name for it, with RunningBoard's terminate context after a `|` when RunningBoard asked.
///
/// The job is the subject: `(domain/uid/label [pid]):` in launchd.log, `[domain/uid/label [pid]:]` in
/// the unified log. Only an app's job is read: a LaunchServices label
/// (`application.<bundle>.<n>.<n>[.<UUID>]`, macOS) or `UIKitApplication:<bundle>[…]` (iOS and the
/// Simulator); a daemon's job, or a message without its job (`log show --style ndjson` puts the job in
/// the entry's subsystem, which bglog does not read), makes no event.
///
/// Read as the process's end: a signal (namespace 2) is a crash, any other reason a kill, with the
/// namespace's name, the code and, when the code names a kind on its own (the termination-code table of
/// `bglog explain`: 0xbaddd15c is disk-space-reclaim), that kind's title.
///
/// Not a recogniser of its own (one job end, one recogniser): an anchor of
/// launchd's job-exit recogniser, ``LegacySpringBoardRecognizers/launchdExited``, which reads iOS 4–6's
/// `(UIKitApplication:…) Exited: Killed` and hands this form here.
enum LaunchdExitReason {
  static let anchor = "exited with exit reason (namespace: "

  /// The app whose job the text before the anchor names: `… (gui/501/<label> [13840]): `.
  static func job(_ head: Substring) -> AppSubject? {
    var head = TimelineEventRecognizer.trimmingBlanks(head)
    guard head.hasSuffix("):") || head.hasSuffix(":]") else { return nil }
    head = head.dropLast(2)
    guard head.hasSuffix("]"), let open = head.lastIndex(of: "[") else { return nil }
    let digits = head[head.index(after: open)..<head.index(before: head.endIndex)]
    guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let pid = Int(digits)
    else { return nil }
    let before = head[..<open]
    guard before.last == " ", let token = before.split(separator: " ").last,
      token.first == "(" || token.first == "[", let slash = token.lastIndex(of: "/")
    else { return nil }
    guard let bundle = bundle(ofLabel: token[token.index(after: slash)...]) else { return nil }
    return AppSubject(bundle: bundle, pid: pid)
  }

  /// The bundle an app's launchd label names: `application.com.red-sweater.marsedit4.384452971.384452977`
  /// (LaunchServices' numbers, and sometimes a UUID, after the bundle) or `UIKitApplication:com.x[0959][rb-legacy]`.
  static func bundle(ofLabel label: Substring) -> String? {
    if label.hasPrefix("UIKitApplication:") {
      let bundle = label.dropFirst("UIKitApplication:".count).prefix(while: { $0 != "[" })
      return bundle.isEmpty ? nil : String(bundle)
    }
    guard label.hasPrefix("application.") else { return nil }
    // `application.com.kerf.editor...`: the numbers left out with `...`, as quoted in a dev note (kerf, review s9b).
    let elided = label.hasSuffix("...") && !label.dropLast(3).hasSuffix(".")
    let body = elided ? label.dropLast(3) : label
    var parts = body.dropFirst("application.".count).split(separator: ".", omittingEmptySubsequences: false)
    if let last = parts.last, last.count == 36, last.allSatisfy({ $0.isHexDigit || $0 == "-" }) { parts.removeLast() }
    var numbers = elided ? 1 : 0
    while let last = parts.last, !last.isEmpty, last.allSatisfy({ $0.isASCII && $0.isNumber }) {
      parts.removeLast()
      numbers += 1
    }
    guard numbers > 0, !parts.isEmpty, !parts.contains(where: \.isEmpty) else { return nil }
    return parts.joined(separator: ".")
  }

  /// The events of a message holding the anchor; nil when it does not hold it (the caller reads its
  /// other forms).
  static func read(_ message: Substring) -> [MessageEvent]? {
    typealias R = TimelineEventRecognizer
    guard let found = R.range(of: anchor, in: message) else { return nil }
    guard let subject = job(message[..<found.lowerBound]) else { return [] }
    let rest = message[found.upperBound...].prefix(while: { $0 != "\n" })
    let number = rest.prefix(while: { $0.isASCII && $0.isNumber })
    guard !number.isEmpty, number.count <= 4, let namespace = Int(number),
      R.hasPrefix(rest.dropFirst(number.count), " code: 0x")
    else { return [] }
    let hex = rest.dropFirst(number.count + " code: 0x".count).prefix(while: { $0.isHexDigit })
    guard !hex.isEmpty, hex.count <= 16, let code = UInt64(hex, radix: 16),
      R.hasPrefix(rest.dropFirst(number.count + " code: 0x".count + hex.count), ")")
    else { return [] }
    // launchd's name for the reason, after `) - `: `OS_REASON_RUNNINGBOARD`.
    let said = R.text(after: ") - ", in: rest, until: [" ", "|", ","]).flatMap { $0.isEmpty ? nil : $0 }
    let ran = R.text(after: ", ran for ", in: rest, until: ["ms"]).flatMap { Int($0) }
    let explanation = R.text(after: " explanation:", in: rest, until: [" reportType:", ">"]).map {
      String(R.trimmingBlanks($0[...]))
    }
    let kind: TimelineEvent.Kind
    var detail: String
    switch namespace {
    case 2 where code < 64:
      (kind, detail) = LaunchdTermination.signal(Int(code))
    case 2:
      kind = .crashed
      detail = "exited: signal \(code)"
    case 1:
      kind = .killed
      detail = "killed by jetsam (\(said ?? "code 0x\(hex)"))"
    default:
      kind = .killed
      let name =
        said.map { $0.hasPrefix("OS_REASON_") ? String($0.dropFirst("OS_REASON_".count)) : $0 }
        ?? TerminationNamespace.all.first { $0.number == namespace }?.name ?? "namespace \(namespace)"
      detail = LaunchdTermination.reasonKill(name, code: code)
    }
    detail += "; launchd's exit reason, namespace \(namespace)"
    if let explanation, !explanation.isEmpty { detail += "; explanation: \(explanation)" }
    if let ran { detail += "; ran for \(ran) ms" }
    return [MessageEvent(kind: kind, subject: subject, detail: detail)]
  }

  static let triggering: [RecognizerExample] = [
    RecognizerExample(
      "2022-05-03 09:15:22.088718 (gui/501/application.com.red-sweater.marsedit4.384452971.384452977 [13840]): exited with exit reason (namespace: 15 code: 0xbaddd15c) - OS_REASON_RUNNINGBOARD | <RBSTerminateContext| code:0xBADDD15C",
      source:
        "Daniel Jalkut, bitsplitting.org/?p=1387 (MarsEdit quitting with no crash report; the macOS "
        + "/var/log/com.apple.xpc.launchd/launchd.log line as the post quotes it, cut there)",
      expected: MessageEvent(
        kind: .killed, subject: AppSubject(bundle: "com.red-sweater.marsedit4", pid: 13840),
        detail:
          "killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: killed to reclaim disk space); launchd's exit "
          + "reason, namespace 15"))
  ]

  static let nonTriggering: [RecognizerExample] = [
    // The message alone, as `log show --style ndjson` gives it: the job is in the entry's subsystem.
    RecognizerExample(
      "exited with exit reason (namespace: 15 code: 0x0) - OS_REASON_RUNNINGBOARD | <RBSTerminateContext| explanation:Provider tracker invalidated reportType:None maxTerminationResistance:Interactive>, ran for 37710ms",
      process: "launchd",
      source:
        "sweetpad-dev/sweetpad sweetpad-cli/src/cli/exits.rs (a test's captured message, iOS simulator: a "
        + "poster extension RunningBoard ended)")
  ]
}
