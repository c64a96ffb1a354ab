/// The kernel's memorystatus (jetsam) lines.
enum KernelJetsamRecognizers {
  static let all: [MessageRecognizer] = [
    exceededLimit, killingSpecificProcess, killingTopOrIdleProcess, reportSystemMemoryKilled, excResourceMemory,
  ]

  /// `name[pid]`, or `name [pid]` (the kernel's `memorystatus: Tunnel [1509] …`), ending `head`.
  static func namePIDAtEnd(_ head: Substring) -> AppSubject? {
    let words = head.split(separator: " ")
    guard let last = words.last else { return nil }
    if last.hasPrefix("["), words.count >= 2 {
      return MessageSubject.namePID(Substring(words[words.count - 2] + last))
    }
    return MessageSubject.namePID(Substring(last))
  }

  /// `memorystatus: name[pid] exceeded mem limit: InactiveHard 15 MB (fatal)`: remembered for the kill
  /// line that follows; makes no event of its own. `EXC_RESOURCE -> name[pid] exceeded mem limit:
  /// ActiveHard 24 MB (fatal)`: the kernel's own word that the limit was fatal, a kill of that process; without
  /// `(fatal)` no event. The kernel's `killing_specific_process` line and osanalyticshelper's `killed by jetsam`
  /// line for the same pid after it are events too, which the analyser folds into this one
  /// (``TimelineAnalyzer/sameKill(_:_:)``): one kill, every line its evidence.
  ///
  /// `memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)` names no process (getlantern/radiance
  /// #595, 3 ms before the kill): remembered as the nameless limit, which only the next
  /// `killing_specific_process` line takes (``namelessLimitNote`` says so in its detail); any other kill
  /// line, or another limit line, drops it.
  static let exceededLimit = MessageRecognizer(
    id: "kernel-memorystatus-exceeded-limit", era: "xnu memorystatus (iOS and macOS)",
    anchors: ["] exceeded mem limit: ", namelessLimitAnchor], writers: ["kernel"],
    read: { message, _, state in
      guard let anchor = TimelineEventRecognizer.range(of: "] exceeded mem limit: ", in: message) else {
        if let nameless = TimelineEventRecognizer.range(of: namelessLimitAnchor, in: message) {
          let limit = TimelineEventRecognizer.trimmingBlanks(
            message[nameless.upperBound...].prefix(while: { $0 != "\n" }))
          state.namelessLimit = limit.isEmpty ? nil : String(limit)
        }
        return []
      }
      state.namelessLimit = nil
      let head = message[..<message.index(after: anchor.lowerBound)]
      guard let subject = namePIDAtEnd(head), let pid = subject.pid else { return [] }
      let limit = TimelineEventRecognizer.trimmingBlanks(message[anchor.upperBound...].prefix(while: { $0 != "\n" }))
      if TimelineEventRecognizer.contains(head, "EXC_RESOURCE -> ") {
        guard limit.hasSuffix("(fatal)") else { return [] }
        return [MessageEvent(kind: .killed, subject: subject, detail: excResourceKillDetail + limit)]
      }
      state.exceededLimits[pid] = String(limit)
      return []
    },
    triggering: [
      RecognizerExample(
        "EXC_RESOURCE -> NotificationServiceExtension[478] exceeded mem limit: ActiveHard 24 MB (fatal)",
        source: "nextcloud/talk-ios issue #1223 (the kernel's line pasted alone)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "NotificationServiceExtension", pid: 478),
          detail: "killed for exceeding its memory limit (EXC_RESOURCE): ActiveHard 24 MB (fatal)")),
      RecognizerExample(
        "EXC_RESOURCE -> PacketTunnel[7988] exceeded mem limit: ActiveHard 15 MB (fatal)",
        source: "v2rayA/shadowsocksR issue #14 (the kernel's line pasted alone, a network extension)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "PacketTunnel", pid: 7988),
          detail: "killed for exceeding its memory limit (EXC_RESOURCE): ActiveHard 15 MB (fatal)")),
    ],
    nonTriggering: [
      RecognizerExample(
        "memorystatus: backgroundtaskmanagementd[24094] exceeded mem limit: InactiveHard 15 MB (fatal)",
        process: "kernel", source: "taskcluster/community-tc-config issue #983 (macOS kernel log)"),
      // Remembered for the `ReportSystemMemory: … killed by jetsam` line that follows (no event alone).
      RecognizerExample(
        "kernel: memorystatus: Tunnel [1509] exceeded mem limit: ActiveHard 50 MB (fatal)",
        source: "getlantern/lantern pull request #8971 (description; `kernel:` written into the line)"),
      // Names no process: remembered for the `killing_specific_process` line that follows (no event alone).
      RecognizerExample(
        "memorystatus: exceeded mem limit: ActiveHard 50 MB (fatal)", process: "kernel",
        source: "getlantern/radiance pull request #595 (comment; an iOS 26.6 packet tunnel extension)"),
    ])

  /// The detail of the `EXC_RESOURCE -> name[pid] … (fatal)` kill, before the limit.
  static let excResourceKillDetail = "killed for exceeding its memory limit (EXC_RESOURCE): "

  /// The kernel's limit line that names no process.
  static let namelessLimitAnchor = "memorystatus: exceeded mem limit: "

  /// Said of a kill given the limit of the nameless limit line before it.
  static let namelessLimitNote =
    "the limit is from the kernel's limit line just before the kill, which names no process"

  /// `killing_specific_process pid 24094 [backgroundtaskmanagementd] (per-process-limit 0 0s rf:- type:daemon) 15360KB`
  static let killingSpecificProcess = MessageRecognizer(
    id: "kernel-killing-specific-process", era: "xnu memorystatus (iOS and macOS)",
    anchors: ["killing_specific_process pid "], writers: ["kernel"],
    read: { message, _, state in
      guard let start = TimelineEventRecognizer.range(of: "killing_specific_process pid ", in: message)?.upperBound
      else { return [] }
      let rest = message[start...]
      guard let pid = Int(rest.prefix(while: { $0.isNumber })) else { return [] }
      let nameless = state.namelessLimit
      state.namelessLimit = nil
      var subject = AppSubject(pid: pid)
      subject.name = TimelineEventRecognizer.text(after: " [", in: rest, until: ["]"])
      let cause = TimelineEventRecognizer.text(after: "] (", in: rest, until: [" ", ")"]) ?? "?"
      var detail = "killed by jetsam (\(cause))"
      if let limit = state.exceededLimits.removeValue(forKey: pid) {
        detail += ", exceeded mem limit: \(limit)"
      } else if let limit = nameless {
        detail += ", exceeded mem limit: \(limit); \(namelessLimitNote)"
        if let footprint = footprintKB(rest), let megabytes = limitMegabytes(limit), footprint >= megabytes * 1024 {
          detail += "; \(footprintNote) (\(footprint)KB)"
        }
      }
      // xnu's `(%s %d %llus rf:%s type:%s)`: the process's type; `daemon` is a launchd daemon, not an app.
      if let inside = TimelineEventRecognizer.text(after: "] (", in: rest, until: [")", "\n"]),
        let type = TimelineEventRecognizer.text(after: " type:", in: inside[...], until: [" "]),
        type == "daemon"
      {
        detail += "; \(daemonNote)"
      }
      return [MessageEvent(kind: .killed, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "killing_specific_process pid 24094 [backgroundtaskmanagementd] (per-process-limit 0 0s rf:- type:daemon) 15360KB",
        process: "kernel", source: "taskcluster/community-tc-config issue #983 (macOS kernel log)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "backgroundtaskmanagementd", pid: 24094),
          detail: "killed by jetsam (per-process-limit), exceeded mem limit: InactiveHard 15 MB (fatal); "
            + daemonNote)),
      // Alone: no limit line before it (after the nameless one it takes that limit; see exceededLimit).
      RecognizerExample(
        "killing_specific_process pid 1879 [Tunnel] ... 51200KB", process: "kernel",
        source: "getlantern/radiance pull request #595 (comment; the paste's `(cause …)` is cut to `...`)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "Tunnel", pid: 1879), detail: "killed by jetsam (?)")),
    ],
    nonTriggering: [])

  /// Said of a nameless limit's kill whose footprint is at or over that limit (the analyser reads it).
  static let footprintNote = "the kill line's footprint is at or over that limit"

  /// The footprint a kill line ends its first line with: `… 51200KB`.
  static func footprintKB(_ rest: Substring) -> Int? {
    let line = rest.prefix(while: { $0 != "\n" })
    guard let word = line.split(separator: " ").last(where: { $0.hasSuffix("KB") }) else { return nil }
    let digits = word.dropLast(2)
    guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(digits)
  }

  /// The megabytes a limit names: `ActiveHard 50 MB (fatal)` is 50.
  static func limitMegabytes(_ limit: String) -> Int? {
    let words = limit.split(separator: " ")
    guard words.count >= 3, words[2] == "MB", words[1].count <= 7 else { return nil }
    return Int(words[1])
  }

  /// Said of a kill whose line gives the process's type as `daemon` (the analyser reads it: no app advice).
  static let daemonNote = "a daemon (type:daemon), not an app"

  /// `memorystatus: killing_top_process pid 41 [backboardd] (zone-map-exhaustion 17) 34416KB - …` and
  /// `killing_idle_process`: the kernel's kill under system-wide memory pressure, the cause and the
  /// process's jetsam priority band in the brackets (xnu's `memorystatus: %s pid %d [%s] (%s %d) …`,
  /// `killing_idle_process` when the band is `JETSAM_PRIORITY_IDLE`, 0; older kernels wrote
  /// `memorystatus: killing_idle_process pid %d [%s]` for idle exits, without the brackets). No real
  /// `killing_idle_process` line was found yet: read by the same words as the top-process line.
  static let killingTopOrIdleProcess = MessageRecognizer(
    id: "kernel-killing-top-or-idle-process", era: "xnu memorystatus (iOS and macOS)",
    anchors: ["killing_top_process pid ", "killing_idle_process pid "], writers: ["kernel"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      state.namelessLimit = nil
      let idle: Bool
      let start: String.Index
      if let found = R.range(of: "killing_top_process pid ", in: message) {
        (idle, start) = (false, found.upperBound)
      } else if let found = R.range(of: "killing_idle_process pid ", in: message) {
        (idle, start) = (true, found.upperBound)
      } else {
        return []
      }
      let rest = message[start...].prefix(while: { $0 != "\n" })
      let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 10, let pid = Int(digits),
        R.hasPrefix(rest.dropFirst(digits.count), " [")
      else { return [] }
      var subject = AppSubject(pid: pid)
      subject.name = R.text(after: " [", in: rest, until: ["]"])
      var said: [String] = []
      if let inside = R.text(after: "] (", in: rest, until: [")"]) {
        let words = inside.split(separator: " ")
        if let cause = words.first { said.append(String(cause)) }
        if words.count == 2, let band = Int(words[1]) {
          said.append("priority band \(band)" + (band == 0 ? ": idle" : ""))
        }
      }
      if idle, said.isEmpty { said.append("idle process") }
      let detail = "killed by jetsam" + (said.isEmpty ? "" : " (\(said.joined(separator: ", ")))")
      return [MessageEvent(kind: .killed, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "328.762 memorystatus: killing_top_process pid 41 [backboardd] (zone-map-exhaustion 17) 34416KB - memorystatus_available_pages: 83242",
        source:
          "Saar Amar, \"Exhaust EL1 memory from the app sandbox\" (iOS 14.2 dmesg, the first of the kills quoted)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "backboardd", pid: 41),
          detail: "killed by jetsam (zone-map-exhaustion, priority band 17)")),
      RecognizerExample(
        "328.786 memorystatus: killing_top_process pid 1975 [SpringBoard] (zone-map-exhaustion 16) 1680KB - memorystatus_available_pages: 83188",
        source: "Saar Amar, \"Exhaust EL1 memory from the app sandbox\" (iOS 14.2 dmesg, a later kill quoted)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "SpringBoard", pid: 1975),
          detail: "killed by jetsam (zone-map-exhaustion, priority band 16)")),
    ],
    nonTriggering: [])

  /// `ReportSystemMemory: Process Tunnel [1509] killed by jetsam reason per-process-limit` (the kill of
  /// the process whose `exceeded mem limit` line came before, which is then named in the detail).
  static let reportSystemMemoryKilled = MessageRecognizer(
    id: "report-system-memory-killed-by-jetsam", era: "iOS (ReportSystemMemory, quoted with the kernel's lines)",
    anchors: ["] killed by jetsam reason "], writers: ["kernel", "ReportCrash"],
    read: { message, _, state in
      guard let anchor = TimelineEventRecognizer.range(of: "] killed by jetsam reason ", in: message),
        let processStart = TimelineEventRecognizer.range(of: "Process ", in: message[..<anchor.lowerBound])
      else { return [] }
      let head = message[processStart.upperBound...message.index(anchor.lowerBound, offsetBy: 0)]
      guard let subject = namePIDAtEnd(head), let pid = subject.pid else { return [] }
      let reason = message[anchor.upperBound...].prefix(while: { $0 != " " && $0 != "\n" })
      guard !reason.isEmpty else { return [] }
      state.namelessLimit = nil
      var detail = "killed by jetsam (\(reason))"
      if let limit = state.exceededLimits.removeValue(forKey: pid) { detail += ", exceeded mem limit: \(limit)" }
      return [MessageEvent(kind: .killed, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "ReportSystemMemory: Process Tunnel [1509] killed by jetsam reason per-process-limit",
        source: "getlantern/lantern pull request #8971 (description, after the kernel's exceeded-limit line)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "Tunnel", pid: 1509),
          detail: "killed by jetsam (per-process-limit), exceeded mem limit: ActiveHard 50 MB (fatal)"))
    ],
    nonTriggering: [])

  /// `EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 MB, unused=0x0)` and `EXC_RESOURCE (RESOURCE_TYPE_MEMORY:
  /// high watermark memory limit exceeded) (limit=1450 MB)`: the memory-limit exception as Xcode and lldb
  /// show it when the debugger stops on it (and crash reports name their exception). It names no
  /// process: a headerless line is filed under the unnamed app. Outside the debugger the process is
  /// killed for it; under it, stopped there (the finding says both).
  static let excResourceMemory = MessageRecognizer(
    id: "exc-resource-memory-limit", era: "iOS 8+ (Xcode's and lldb's stop reason, crash reports' exception type)",
    anchors: ["EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=", "EXC_RESOURCE (RESOURCE_TYPE_MEMORY: "], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      var note = ""
      let limitStart: String.Index
      if let start = R.range(of: "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=", in: message) {
        limitStart = start.upperBound
      } else if let start = R.range(of: "EXC_RESOURCE (RESOURCE_TYPE_MEMORY: ", in: message),
        let close = message[start.upperBound...].firstIndex(of: ")"),
        let limit = R.range(of: "(limit=", in: message[close...])
      {
        let said = message[start.upperBound..<close]
        guard !said.contains("\n") else { return [] }
        note = "; \(said)"
        limitStart = limit.upperBound
      } else {
        return []
      }
      let limit = message[limitStart...].prefix(while: { $0 != "," && $0 != ")" && $0 != "\n" })
      guard limit.first?.isNumber == true else { return [] }
      let subject = header.appOrUnnamed
      guard let subject else { return [] }
      return [
        MessageEvent(
          kind: .killed, subject: subject,
          detail: "exceeded its memory limit (EXC_RESOURCE RESOURCE_TYPE_MEMORY, limit=\(limit)\(note))")
      ]
    },
    triggering: [
      RecognizerExample(
        "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 MB, unused=0x0)",
        source: "kishikawakatsumi/ScreenRecorder issue #13 (the line pasted alone)",
        expected: MessageEvent(
          kind: .killed, subject: .unnamedApp,
          detail: "exceeded its memory limit (EXC_RESOURCE RESOURCE_TYPE_MEMORY, limit=650 MB)")),
      RecognizerExample(
        "* thread #53, queue = 'com.apple.root.user-initiated-qos', stop reason = EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=1450 MB)",
        source: "Netesh5/image_background_remover issue #8 (lldb's stop reason, Xcode console)",
        expected: MessageEvent(
          kind: .killed, subject: .unnamedApp,
          detail:
            "exceeded its memory limit (EXC_RESOURCE RESOURCE_TYPE_MEMORY, limit=1450 MB; high watermark memory "
            + "limit exceeded)")),
    ],
    nonTriggering: [])
}
