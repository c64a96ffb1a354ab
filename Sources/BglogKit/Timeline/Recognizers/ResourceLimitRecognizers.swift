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
  /// How symptomsd's `Reached limit of 5 RESOURCE_NOTIFY reports for Name. Disallow report.` detail starts
  /// (the `cpu-limit` finding then says no report was written for the trigger).
  static let reportDisallowedDetail = "RESOURCE_NOTIFY report not written"

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
  ///
  /// symptomsd's next line, `Reached limit of 5 RESOURCE_NOTIFY reports for My_App. Disallow report.`, says it
  /// writes no report for this trigger (it names the process without a pid): an event on the same lane, so
  /// the `cpu-limit` finding does not send the reader to a report that was not written.
  static let resourceNotifyTrigger = MessageRecognizer(
    id: "symptomsd-resource-notify-trigger", era: "iOS 13+ symptomsd",
    anchors: ["RESOURCE_NOTIFY trigger for ", "RESOURCE_NOTIFY reports for "], writers: ["symptomsd"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      if let disallowed = reportDisallowed(message) { return [disallowed] }
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
            + "over 48.00s seconds, violating limit of 48000000000 nanoseconds of CPU usage over 60.00s seconds)")),
      RecognizerExample(
        "  Reached limit of 5 RESOURCE_NOTIFY reports for My_App. Disallow report.", process: "symptomsd", pid: 0,
        source: "TheWidlarzGroup/react-native-video issue #1513 (Console.app, the line after the trigger; fixture)",
        expected: MessageEvent(
          kind: .watchdogViolation, subject: AppSubject(name: "My_App"),
          detail:
            "RESOURCE_NOTIFY report not written: symptomsd reached its limit of 5 RESOURCE_NOTIFY reports for "
            + "My_App (`Disallow report.`), so no resource report is written for this trigger")),
    ],
    nonTriggering: [
      // The line with a pid where the name should end is not the disallow line (SYNTHETIC: the real line
      // with a `[pid]` added, which symptomsd was not seen to write).
      RecognizerExample(
        "  Reached limit of 5 RESOURCE_NOTIFY reports for My_App[716]. Disallow report.", process: "symptomsd",
        pid: 0, source: "SYNTHETIC, from react-native-video issue #1513's line")
    ])

  /// `Reached limit of 5 RESOURCE_NOTIFY reports for My_App. Disallow report.`: the name up to `. Disallow
  /// report`; nil for any other message (the line is read only with its `Disallow report`).
  private static func reportDisallowed(_ message: Substring) -> MessageEvent? {
    typealias R = TimelineEventRecognizer
    guard let anchor = R.range(of: "RESOURCE_NOTIFY reports for ", in: message),
      let name = R.text(after: "RESOURCE_NOTIFY reports for ", in: message, until: [". Disallow report", "\n"]),
      R.contains(message[anchor.upperBound...], ". Disallow report"), name.count <= 200,
      !name.contains("[")
    else { return nil }
    let limit = R.text(after: "Reached limit of ", in: message[..<anchor.lowerBound], until: [" "])
    let count = limit.flatMap { Int($0) }.map { "\($0) " } ?? ""
    return MessageEvent(
      kind: .watchdogViolation, subject: AppSubject(name: name),
      detail:
        reportDisallowedDetail + ": symptomsd reached its limit of \(count)RESOURCE_NOTIFY reports for \(name) "
        + "(`Disallow report.`), so no resource report is written for this trigger")
  }

  /// `process OpenPHT[60661] caught causing excessive wakeups.` then `Observed wakeups rate (per sec): 306;`,
  /// `Maximum permitted wakeups rate (per sec): 150;`, `Observation period: 300 seconds;` when they are part of
  /// the record (continuation lines); macOS and iOS kernels write the same words. Also reads the newer words
  /// for the same limit (the kernel's `caught waking the CPU …`, symptomsd's `Received CPU wakes trigger:`):
  /// ``cpuWakes(_:)``.
  static let excessiveWakeups = MessageRecognizer(
    id: "kernel-excessive-wakeups", era: "iOS 8+ / OS X 10.10+ kernel; macOS 10.12+ kernel and symptomsd (newer words)",
    anchors: [" caught causing excessive wakeups", " caught waking the CPU ", "CPU wakes trigger:"],
    writers: ["kernel", "symptomsd"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      // The newer words for the same limit (``cpuWakes(_:)``).
      if let newer = cpuWakes(message) { return newer }
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
    ] + cpuWakesExamples,
    nonTriggering: [
      // symptomsd's trigger line alone (its process line cut off) names no process.
      RecognizerExample(
        "Received CPU wakes trigger:", process: "symptomsd", pid: 0,
        source: "kubernetes/minikube issue #3291 (the record's first line without its indented line)")
    ])

  /// How the newer wakeups forms' details start: the kernel's `caught waking the CPU` line and symptomsd's
  /// `Received CPU wakes trigger:` (the same limit as `caught causing excessive wakeups`, in newer words).
  static let cpuWakesDetail = "caught waking the CPU too often (excessive wakeups)"

  /// The newer words for excessive wakeups (macOS 10.12+ in the real text read), with the same meaning as
  /// ``excessiveWakeups``: the kernel's `process minikube-darwin-amd64[23629] caught waking the CPU 45005 times
  /// over ~3 seconds, averaging 14497 wakes / second and violating a limit of 45000 wakes over 300 seconds.`
  /// and symptomsd's `Received CPU wakes trigger:` with, on the indented line after it, `Name[pid] () woke the
  /// CPU 45005 times over 3.10 seconds (average 14497/sec), violating a CPU wakes limit of 45000 over 300
  /// seconds.` Neither says what was done (bazel-remote #86's author found the process was not killed).
  /// Read by ``excessiveWakeups`` (one recogniser for the one limit); nil when the message holds neither
  /// newer form's words.
  private static func cpuWakes(_ message: Substring) -> [MessageEvent]? {
    typealias R = TimelineEventRecognizer
    if let anchor = R.range(of: " caught waking the CPU ", in: message) {
      guard let word = message[..<anchor.lowerBound].split(separator: " ").last,
        let subject = MessageSubject.namePID(Substring(word))
      else { return [] }
      let rest = message[anchor.lowerBound...]
      var detail = cpuWakesDetail
      if let average = R.text(after: ", averaging ", in: rest, until: [" wakes / second", ",", "\n"]),
        let limit = R.text(after: "violating a limit of ", in: rest, until: [".\n", "\n"])
      {
        detail += ": \(average.prefix(12)) per second on average"
        if let wakes = R.text(after: " caught waking the CPU ", in: rest, until: [" times over ", ",", "\n"]),
          let window = R.text(after: " times over ", in: rest, until: [",", "\n"])
        {
          detail += " (\(wakes.prefix(12)) wakes over \(window.prefix(24)))"
        }
        detail += ", limit \((limit.hasSuffix(".") ? String(limit.dropLast()) : limit).prefix(60))"
      }
      return [MessageEvent(kind: .watchdogViolation, subject: subject, detail: detail)]
    }
    guard let anchor = R.range(of: "CPU wakes trigger:", in: message) else { return nil }
    guard let subject = namePID(after: anchor.upperBound, in: message) else { return [] }
    let rest = message[anchor.upperBound...]
    var detail = "CPU wakes trigger (excessive wakeups)"
    if let average = R.text(after: " (average ", in: rest, until: ["/sec", ")", "\n"]),
      let limit = R.text(after: "violating a CPU wakes limit of ", in: rest, until: [".\n", "\n"])
    {
      detail += ": \(average.prefix(12)) per second on average"
      if let wakes = R.text(after: ") woke the CPU ", in: rest, until: [" times over ", ",", "\n"]),
        let window = R.text(after: " times over ", in: rest, until: [" (", ",", "\n"])
      {
        detail += " (\(wakes.prefix(12)) wakes over \(window.prefix(24)))"
      }
      detail += ", limit \((limit.hasSuffix(".") ? String(limit.dropLast()) : limit).prefix(60))"
    }
    return [MessageEvent(kind: .watchdogViolation, subject: subject, detail: detail)]
  }

  /// The newer forms' real examples (``excessiveWakeups`` runs them).
  static let cpuWakesExamples: [RecognizerExample] = [
    RecognizerExample(
      "process minikube-darwin-amd64[23629] caught waking the CPU 45005 times over ~3 seconds, averaging 14497 "
        + "wakes / second and violating a limit of 45000 wakes over 300 seconds.", process: "kernel", pid: 0,
      source: "kubernetes/minikube issue #3291 (macOS 10.12.6 Console.app; fixture)",
      expected: MessageEvent(
        kind: .watchdogViolation, subject: AppSubject(name: "minikube-darwin-amd64", pid: 23629),
        detail:
          "caught waking the CPU too often (excessive wakeups): 14497 per second on average (45005 wakes over ~3 "
          + "seconds), limit 45000 wakes over 300 seconds")),
    RecognizerExample(
      "process bazel-remote-0.0[61853] caught waking the CPU 45001 times over ~42 seconds, averaging 1066 wakes / "
        + "second and violating a limit of 45000 wakes over 300 seconds.",
      source: "buchgr/bazel-remote issue #86 (the line quoted alone; the author found it was only a warning)",
      expected: MessageEvent(
        kind: .watchdogViolation, subject: AppSubject(name: "bazel-remote-0.0", pid: 61853),
        detail:
          "caught waking the CPU too often (excessive wakeups): 1066 per second on average (45001 wakes over ~42 "
          + "seconds), limit 45000 wakes over 300 seconds")),
    RecognizerExample(
      """
      Received CPU wakes trigger:
        minikube-darwin-amd64[23629] () woke the CPU 45005 times over 3.10 seconds (average 14497/sec), violating a CPU wakes limit of 45000 over 300 seconds.
      """, process: "symptomsd", pid: 0,
      source: "kubernetes/minikube issue #3291 (Console.app, the record with its indented line; fixture)",
      expected: MessageEvent(
        kind: .watchdogViolation, subject: AppSubject(name: "minikube-darwin-amd64", pid: 23629),
        detail:
          "CPU wakes trigger (excessive wakeups): 14497 per second on average (45005 wakes over 3.10 seconds), "
          + "limit 45000 over 300 seconds")),
  ]

}
