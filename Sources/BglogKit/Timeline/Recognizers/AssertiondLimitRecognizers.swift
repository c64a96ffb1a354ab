/// assertiond (iOS 7–12) and SpringBoard (iOS 6) enforcing limits on a process rather than on one of its
/// assertions: the unsuspend limit (`BKUnsuspendLimit … exceeded 15 wakes in 300 sec`, then a forced crash
/// report of the process) and its count of assertions (`HWM increased to N because of <BKProcessAssertion
/// …>`: a new high-water mark of assertions held, with the one that raised it).
enum AssertiondLimitRecognizers {
  static let all: [MessageRecognizer] = [unsuspendLimit, assertionHighWaterMark]

  /// `BKUnsuspendLimit <BKNewProcess: 0x…; com.x; pid: 1017; hostpid: -1> exceeded 15 wakes in 300 sec`
  /// (assertiond) and `SBUnsuspendLimit idoubs[24820] exceeded 15 wakes in 300 sec` (SpringBoard): the
  /// process was resumed from suspension more often than the limit allows. The forced crash report that
  /// follows for the same pid says why (``LegacySpringBoardRecognizers/forcingCrashReportOf``).
  static let unsuspendLimit = MessageRecognizer(
    id: "unsuspend-limit-exceeded", era: "iOS 6 SpringBoard (SBUnsuspendLimit), iOS 7–12 assertiond (BKUnsuspendLimit)",
    anchors: ["UnsuspendLimit "], writers: ["assertiond", "SpringBoard"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "UnsuspendLimit ", in: message),
        let exceeded = R.range(of: " exceeded ", in: message[anchor.upperBound...])
      else { return [] }
      let subjectText = message[anchor.upperBound..<exceeded.lowerBound]
      let subject: AppSubject?
      if subjectText.hasPrefix("<") {
        subject = MessageSubject.bkProcess(subjectText)
      } else {
        subject = MessageSubject.namePID(subjectText)
      }
      let limit = message[exceeded.upperBound...].prefix(while: { $0 != "\n" })
      guard let subject, limit.hasSuffix(" sec") || limit.hasSuffix(" seconds"), limit.count < 80 else { return [] }
      let what = "exceeded \(limit) (the unsuspend limit)"
      if let pid = subject.pid { state.exceededLimitsByPID[pid] = what }
      return [MessageEvent(kind: .watchdogViolation, subject: subject, detail: what)]
    },
    triggering: [
      RecognizerExample(
        "BKUnsuspendLimit <BKNewProcess: 0x14e40050; com.sample.app; pid: 1017; hostpid: -1> exceeded 15 wakes in 300 sec",
        process: "assertiond", pid: 58,
        source: "robbiehanson/XMPPFramework issue #765 (device syslog)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(bundle: "com.sample.app", pid: 1017),
          detail: "exceeded 15 wakes in 300 sec (the unsuspend limit)")),
      RecognizerExample(
        "SBUnsuspendLimit idoubs[24820] exceeded 15 wakes in 300 sec",
        source: "DoubangoTelecom/idoubs issue #169 (the issue's title, quoting the device log)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(name: "idoubs", pid: 24820),
          detail: "exceeded 15 wakes in 300 sec (the unsuspend limit)")),
    ],
    nonTriggering: [])

  /// `HWM increased to 2844 because of <BKProcessAssertion: 0x1003b5930; "RNBackgroundTimer" (finishTask:180s);
  /// id:…DDE933B1E7D6>`: assertiond's count of assertions reached a new high (2844), raised by the one it
  /// quotes. The line names no process: the header's app, else the unnamed app. A quote hard-wrapped inside
  /// the descriptor keeps the count and the assertion's class; the name is on the next line.
  static let assertionHighWaterMark = MessageRecognizer(
    id: "assertiond-hwm-increased", era: "iOS 8–12 assertiond",
    anchors: ["HWM increased to "], writers: ["assertiond"],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "HWM increased to ", in: message) else { return [] }
      let digits = message[anchor.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 9,
        let because = R.range(of: " because of <", in: message[digits.endIndex...])
      else { return [] }
      let subject = header.process.isEmpty || header.process == "assertiond" ? AppSubject.unnamedApp : header.app
      guard let subject else { return [] }
      let described = message[message.index(before: because.upperBound)...]
      // A quote wrapped inside the description (joined by the reader with a line feed) is read as one line.
      let assertion =
        described.contains("\n")
        ? ProcessAssertion.all(in: Substring(described.split(separator: "\n").joined(separator: " "))).first
        : ProcessAssertion.all(in: described).first
      var detail = "assertiond holds \(digits) assertions (a new high-water mark), raised by "
      if let assertion, assertion.name != nil {
        detail += R.describe(assertion)
      } else {
        detail += "an assertion the line does not name"
      }
      return [MessageEvent(kind: .assertionAcquired, subject: subject, detail: detail, assertion: assertion)]
    },
    triggering: [
      RecognizerExample(
        "HWM increased to 2844 because of <BKProcessAssertion: 0x1003b5930; \"RNBackgroundTimer\" (finishTask:180s); id:…DDE933B1E7D6>",
        source: "ocetnik/react-native-background-timer pull request #38 (quoted without a header; joined here)",
        expected: MessageEvent(
          kind: .assertionAcquired, subject: .unnamedApp,
          detail:
            "assertiond holds 2844 assertions (a new high-water mark), raised by \"RNBackgroundTimer\" finishTask 180 s"
        )),
      RecognizerExample(
        "HWM increased to 2844 because of <BKProcessAssertion: 0x1003b5930;",
        source: "ocetnik/react-native-background-timer pull request #38 (the quote's first line alone)",
        expected: MessageEvent(
          kind: .assertionAcquired, subject: .unnamedApp,
          detail:
            "assertiond holds 2844 assertions (a new high-water mark), raised by an assertion the line does not name")),
    ],
    nonTriggering: [])
}
