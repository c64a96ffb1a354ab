/// A process found over a resource limit the system watches, in the words of the kernel and of the
/// crash reporter: the CPU usage trigger (`Received (FATAL) CPU usage trigger:` and the process's figures on
/// the indented line after it) and excessive wakeups (`process X[pid] caught causing excessive wakeups.` and
/// the figures after it). The event says what the record says: whether the trigger was marked FATAL, the
/// figures when the record holds them; it never says the process was killed (the crash report does).
enum ResourceLimitRecognizers {
  static let all: [MessageRecognizer] = [cpuUsageTrigger, resourceNotifyTrigger, excessiveWakeups]

  /// How the CPU usage trigger's detail starts (the analyzer's `cpu-limit` finding keys on it).
  static let cpuLimitDetail = "CPU usage limit exceeded"
  /// How symptomsd's RESOURCE_NOTIFY line's detail starts (the `cpu-limit` finding takes it as evidence).
  static let resourceNotifyDetail = "RESOURCE_NOTIFY trigger"

  /// The first `Name[pid]` word after `start`, past blanks and line feeds.
  private static func namePID(after start: Substring.Index, in message: Substring) -> AppSubject? {
    let rest = message[start...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
    return MessageSubject.namePID(rest.prefix(while: { $0 != " " && $0 != "\n" }))
  }

  /// `Received (FATAL) CPU usage trigger: ⏎ myApp[848] (/private/…/myApp.app/myApp) used 9.00s of CPU over 9.57
  /// seconds (averaging 94%), violating a CPU usage limit of 9.00s over 15 seconds.`
  static let cpuUsageTrigger = MessageRecognizer(
    id: "cpu-usage-trigger", era: "iOS 8+ (the crash reporter's CPU resource trigger)",
    anchors: ["CPU usage trigger:"], writers: [],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "CPU usage trigger:", in: message),
        let subject = namePID(after: anchor.upperBound, in: message)
      else { return [] }
      let fatal = R.contains(message[..<anchor.lowerBound], "(FATAL)")
      var detail = cpuLimitDetail + (fatal ? " (the trigger is marked FATAL)" : "")
      let rest = message[anchor.upperBound...]
      if let used = R.text(after: ") used ", in: rest, until: [" (averaging", ",", "\n"]),
        let limit = R.text(after: "violating a CPU usage limit of ", in: rest, until: [".\n", "\n"])
      {
        detail += ": used \(used.prefix(60)), limit \(limit.hasSuffix(".") ? String(limit.dropLast()) : limit)"
      }
      return [MessageEvent(kind: .watchdogViolation, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        """
        Received (FATAL) CPU usage trigger: 
          myApp[848] (/private/var/containers/Bundle/Application/20C482CF-E70A-404A-A38B-3D159A68B5A0/myApp.app/myApp) used 9.00s of CPU over 9.57 seconds (averaging 94%), violating a CPU usage limit of 9.00s over 15 seconds.
        """,
        source: "react-native-webrtc/react-native-webrtc issue #998 (device console, quoted without a header)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(name: "myApp", pid: 848),
          detail:
            "CPU usage limit exceeded (the trigger is marked FATAL): used 9.00s of CPU over 9.57 seconds, limit 9.00s "
            + "over 15 seconds"))
    ],
    nonTriggering: [])

  /// symptomsd's `Fatal RESOURCE_NOTIFY trigger for My_App [716] (48003536458 nanoseconds of CPU usage over
  /// 48.00s seconds, violating limit of 48000000000 nanoseconds of CPU usage over 60.00s seconds)`, written
  /// right after its `Received (FATAL) CPU usage trigger:` record for the same process: the same CPU limit
  /// said again, and whether symptomsd treats it as fatal. Only the CPU usage form is read (the trigger's
  /// other resources were not seen in this form); the `cpu-limit` finding takes it as evidence.
  static let resourceNotifyTrigger = MessageRecognizer(
    id: "symptomsd-resource-notify-trigger", era: "iOS 13+ symptomsd",
    anchors: ["RESOURCE_NOTIFY trigger for "], writers: ["symptomsd"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "RESOURCE_NOTIFY trigger for ", in: message) else { return [] }
      let rest = message[anchor.upperBound...]
      guard let open = rest.firstIndex(of: "("),
        let subject = KernelJetsamRecognizers.namePIDAtEnd(rest[..<open].drop(while: { $0 == " " })),
        let figures = R.text(after: "(", in: rest, until: [")", "\n"]), R.contains(Substring(figures), "of CPU usage")
      else { return [] }
      let fatal = R.contains(message[..<anchor.lowerBound], "Fatal")
      let detail =
        resourceNotifyDetail + (fatal ? " marked Fatal" : "") + ": CPU usage limit exceeded (" + figures.prefix(200)
        + ")"
      return [MessageEvent(kind: .watchdogViolation, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Fatal RESOURCE_NOTIFY trigger for My_App [716] (48003536458 nanoseconds of CPU usage over 48.00s seconds, "
          + "violating limit of 48000000000 nanoseconds of CPU usage over 60.00s seconds)", process: "symptomsd",
        pid: 0,
        source: "TheWidlarzGroup/react-native-video issue #1513 (Console.app; fixture)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(name: "My_App", pid: 716),
          detail:
            "RESOURCE_NOTIFY trigger marked Fatal: CPU usage limit exceeded (48003536458 nanoseconds of CPU usage "
            + "over 48.00s seconds, violating limit of 48000000000 nanoseconds of CPU usage over 60.00s seconds)"))
    ],
    nonTriggering: [])

  /// `process OpenPHT[60661] caught causing excessive wakeups.` then `Observed wakeups rate (per sec): 306;`,
  /// `Maximum permitted wakeups rate (per sec): 150;`, `Observation period: 300 seconds;` when they are part of
  /// the record (continuation lines); macOS and iOS kernels write the same words.
  static let excessiveWakeups = MessageRecognizer(
    id: "kernel-excessive-wakeups", era: "iOS 8+ / OS X 10.10+ kernel",
    anchors: [" caught causing excessive wakeups"], writers: ["kernel"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: " caught causing excessive wakeups", in: message) else { return [] }
      let head = message[..<anchor.lowerBound]
      guard let word = head.split(separator: " ").last, let subject = MessageSubject.namePID(Substring(word)) else {
        return []
      }
      var detail = "caught causing excessive wakeups"
      let rest = message[anchor.upperBound...]
      if let observed = R.text(after: "Observed wakeups rate (per sec): ", in: rest, until: [";", "\n"]),
        let permitted = R.text(after: "Maximum permitted wakeups rate (per sec): ", in: rest, until: [";", "\n"])
      {
        detail += ": \(observed.prefix(12)) per second observed, \(permitted.prefix(12)) permitted"
        if let period = R.text(after: "Observation period: ", in: rest, until: [";", "\n"]) {
          detail += ", over \(period.prefix(24))"
        }
      }
      return [MessageEvent(kind: .watchdogViolation, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        """
        process OpenPHT[60661] caught causing excessive wakeups.
        Observed wakeups rate (per sec): 306;
        Maximum permitted wakeups rate (per sec): 150;
        Observation period: 300 seconds;
        Task lifetime number of wakeups: 2070251
        """, process: "kernel", pid: 0,
        source: "RasPlex/OpenPHT issue #139 (macOS Console.app, the record with its lines)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(name: "OpenPHT", pid: 60661),
          detail: "caught causing excessive wakeups: 306 per second observed, 150 permitted, over 300 seconds")),
      RecognizerExample(
        "process smc[65819] caught causing excessive wakeups. Observed wakeups rate (per sec): 49341; Maximum "
          + "permitted wakeups rate (per sec): 150; Observation period: 300 seconds; Task lifetime number of "
          + "wakeups: 45772", process: "kernel", pid: 0,
        source: "hholtmann/smcFanControl issue #42 (OS X 10.10, the one-line form: the figures after `; `)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(name: "smc", pid: 65819),
          detail: "caught causing excessive wakeups: 49341 per second observed, 150 permitted, over 300 seconds")),
      RecognizerExample(
        "process OpenPHT[60661] caught causing excessive wakeups.", process: "kernel", pid: 0,
        source: "RasPlex/OpenPHT issue #139 (the first line alone)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(name: "OpenPHT", pid: 60661),
          detail: "caught causing excessive wakeups")),
    ],
    nonTriggering: [])
}
