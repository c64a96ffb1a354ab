/// The kernel's memorystatus (jetsam) lines.
enum KernelJetsamRecognizers {
  static let all: [MessageRecognizer] = [exceededLimit, killingSpecificProcess]

  /// `memorystatus: name[pid] exceeded mem limit: InactiveHard 15 MB (fatal)`: remembered for the kill
  /// line that follows; makes no event of its own. `EXC_RESOURCE -> name[pid] exceeded mem limit:
  /// ActiveHard 24 MB (fatal)`: the kernel's own word that the limit was fatal, a kill of that process
  /// (a `killing_specific_process` line for the same pid after it then adds no second kill); without
  /// `(fatal)` no event.
  static let exceededLimit = MessageRecognizer(
    id: "kernel-memorystatus-exceeded-limit", era: "xnu memorystatus (iOS and macOS)",
    anchors: ["] exceeded mem limit: "], writers: ["kernel"],
    read: { message, _, state in
      guard let anchor = TimelineEventRecognizer.range(of: "] exceeded mem limit: ", in: message) else { return [] }
      let head = message[..<message.index(after: anchor.lowerBound)]
      let word = head.split(separator: " ").last.map { Substring($0) } ?? head
      guard let subject = MessageSubject.namePID(word), let pid = subject.pid else { return [] }
      let limit = TimelineEventRecognizer.trimmingBlanks(message[anchor.upperBound...].prefix(while: { $0 != "\n" }))
      if TimelineEventRecognizer.contains(head, "EXC_RESOURCE -> ") {
        guard limit.hasSuffix("(fatal)") else { return [] }
        state.limitKills.insert(pid)
        return [
          MessageEvent(
            kind: .killed, subject: subject, detail: "killed for exceeding its memory limit (EXC_RESOURCE): \(limit)")
        ]
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
          detail: "killed for exceeding its memory limit (EXC_RESOURCE): ActiveHard 24 MB (fatal)"))
    ],
    nonTriggering: [
      RecognizerExample(
        "memorystatus: backgroundtaskmanagementd[24094] exceeded mem limit: InactiveHard 15 MB (fatal)",
        process: "kernel", source: "taskcluster/community-tc-config issue #983 (macOS kernel log)")
    ])

  /// `killing_specific_process pid 24094 [backgroundtaskmanagementd] (per-process-limit 0 0s rf:- type:daemon) 15360KB`
  static let killingSpecificProcess = MessageRecognizer(
    id: "kernel-killing-specific-process", era: "xnu memorystatus (iOS and macOS)",
    anchors: ["killing_specific_process pid "], writers: ["kernel"],
    read: { message, _, state in
      guard let start = TimelineEventRecognizer.range(of: "killing_specific_process pid ", in: message)?.upperBound
      else { return [] }
      let rest = message[start...]
      guard let pid = Int(rest.prefix(while: { $0.isNumber })) else { return [] }
      // Already reported as a kill by the kernel's `EXC_RESOURCE -> …[pid] … (fatal)` line.
      if state.limitKills.remove(pid) != nil { return [] }
      var subject = AppSubject(pid: pid)
      subject.name = TimelineEventRecognizer.text(after: " [", in: rest, until: ["]"])
      let cause = TimelineEventRecognizer.text(after: "] (", in: rest, until: [" ", ")"]) ?? "?"
      var detail = "killed by jetsam (\(cause))"
      if let limit = state.exceededLimits.removeValue(forKey: pid) { detail += ", exceeded mem limit: \(limit)" }
      return [MessageEvent(kind: .killed, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "killing_specific_process pid 24094 [backgroundtaskmanagementd] (per-process-limit 0 0s rf:- type:daemon) 15360KB",
        process: "kernel", source: "taskcluster/community-tc-config issue #983 (macOS kernel log)",
        expected: MessageEvent(
          kind: .killed, subject: AppSubject(name: "backgroundtaskmanagementd", pid: 24094),
          detail: "killed by jetsam (per-process-limit), exceeded mem limit: InactiveHard 15 MB (fatal)"))
    ],
    nonTriggering: [])
}
