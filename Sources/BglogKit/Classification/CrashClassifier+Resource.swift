import Foundation

/// Resource reports: CPU, wakeups, disk writes, hangs (microstackshots, MetricKit, EXC_RESOURCE).
extension ClassifierContext {
  func resourceLimit(_ resource: ResourceEvent) -> Diagnosis {
    let event = resource.event.lowercased()
    if event.contains("sleep wake") || event.contains("sleep/wake") {
      var diagnosis = notACrash(.sleepWakeFailure)
      diagnosis.evidence.append(self.evidence(resource.location, "Event: \(resource.event)", "what the report records"))
      return diagnosis
    }
    if event == "memory limit" { return memoryLimitLine(resource) }
    if resource.event == WakeupsLimitLineReader.event || resource.event == WakeupsLimitLineReader.cpuWakesEvent {
      return wakeupsLimitLine(resource)
    }
    if resource.event == DebuggerStopReasonReader.event { return memoryLimitDebuggerStop(resource) }
    let wakeups = event.contains("wakeup")
    let kind: DiagnosisKind
    if wakeups {
      kind = .wakeupsLimit
    } else if event.contains("cpu") {
      kind = .cpuLimit
    } else if event.contains("hang") {
      kind = .hangReport
    } else if event.contains("disk") || event.contains("write") {
      kind = .diskWritesLimit
    } else {
      return Diagnosis(
        kind: .unknown, confidence: .low,
        summary: "A resource report for \"\(resource.event)\", which bglog does not know.",
        explanation: "The report names the resource event \"\(resource.event)\"; none of bglog's rules covers it.",
        evidence: [self.evidence(resource.location, "Event: \(resource.event)", "the resource event")], facts: baseFacts
      )
    }
    if kind == .diskWritesLimit { return diskWritesReport(resource) }
    if kind == .hangReport {
      return Diagnosis(
        kind: kind, confidence: .high, summary: kind.reference.title + (resource.summary.map { ": \($0)" } ?? "") + ".",
        explanation: kind.reference.meaning,
        evidence: [
          self.evidence(
            resource.location, "\(resource.event)" + (resource.summary.map { ": \($0)" } ?? ""), "the diagnostic")
        ],
        facts: baseFacts)
    }
    var evidence = [self.evidence(resource.location, "Event: \(resource.event)", "the resource event")]
    if let action = resource.actionTaken {
      evidence.append(self.evidence(resource.actionLocation, "Action taken: \(action)", "what the system did"))
    }
    var facts = baseFacts
    let figures = resource.summary.flatMap(ResourceFigures.parse)
    if let figures {
      facts.append(Fact("observed", figures.observedText))
      facts.append(Fact("limit", figures.limitText))
      if let location = resource.summaryLocation {
        evidence.append(self.evidence(location, resource.summary ?? "", "the figures"))
      }
    } else if let summary = resource.summary {
      facts.append(Fact("limit", summary))
    }
    let fatal = resource.isFatal
    var explanation = figures?.sentence ?? resource.summary ?? "A resource limit report."
    // A microstackshot says what the system did on its `Action taken:` line; MetricKit has no such line.
    let actionNotShown = resource.actionTaken == nil && report.format != .metricKit
    if fatal {
      explanation += " Action taken: \(resource.actionTaken ?? "")."
    } else if let action = resource.actionTaken {
      explanation += " Action taken: \(action): the report is a warning, the process was not killed."
    } else if actionNotShown {
      if !explanation.hasSuffix(".") { explanation += "." }
      explanation +=
        " The report's Action taken line is not in the input, so whether the system killed the process is not shown."
    }
    return Diagnosis(
      kind: kind, confidence: resource.actionTaken == nil ? .medium : .high,
      summary: fatal
        ? "The system killed the process for exceeding its \(wakeups ? "wakeups" : "CPU") limit."
        : actionNotShown
          ? "The process exceeded its \(wakeups ? "wakeups" : "CPU") limit (whether it was killed is not shown)."
          : "The process exceeded its \(wakeups ? "wakeups" : "CPU") limit (not killed).",
      explanation: explanation,
      evidence: evidence, facts: facts)
  }

  /// An `EXC_RESOURCE` crash report (text, bug_type 185/327/385, or `.ips`): the subtype names the
  /// resource (CPU, WAKEUPS, MEMORY, IO) and whether it was fatal (`CPU_FATAL`, or no `NON-FATAL` note).
  func resourceException() -> Diagnosis {
    let exception = report.exception
    let words = [exception?.subtype, exception?.type, exception?.codes, exception?.message].compactMap { $0 }
      .joined(separator: " ").uppercased()
    let kind: DiagnosisKind
    let resource: String
    if words.contains("WAKEUPS") {
      (kind, resource) = (.wakeupsLimit, "wakeups")
    } else if words.contains("MEMORY") {
      (kind, resource) = (.memoryLimit, "memory")
    } else if words.contains("CPU") {
      (kind, resource) = (.cpuLimit, "CPU")
    } else if words.contains("DISK") || words.contains("RESOURCE_TYPE_IO")
      || words.split(whereSeparator: { !$0.isLetter && $0 != "_" }).contains(where: { $0 == "IO" || $0 == "IO_FATAL" })
    {
      (kind, resource) = (.diskWritesLimit, "disk writes")
    } else {
      (kind, resource) = (.unknown, "resource")
    }
    var evidence = exceptionEvidence
    var facts = baseFacts
    if let subtype = exception?.subtype { facts.append(Fact("resource", subtype)) }
    if let message = exception?.message {
      facts.append(Fact("limit", message))
      evidence.append(
        self.evidence(exception?.messageLocation, "Exception Message: \(message)", "the limit and what was observed"))
    }
    let note = exception?.note?.uppercased() ?? ""
    let fatal: Bool?
    if note.contains("NON-FATAL") || note.contains("SIMULATED") {
      fatal = false
    } else if words.contains("_FATAL") || exception?.signal?.uppercased() == "SIGKILL" {
      fatal = true
    } else {
      fatal = nil
    }
    if let note = exception?.note {
      evidence.append(self.evidence(exception?.noteLocation, "Exception Note: \(note)", "fatal or not"))
    }
    if fatal == nil {
      facts.append(Fact("missing-evidence", "whether it was fatal (Exception Note or _FATAL subtype)"))
    }
    if kind == .unknown {
      return Diagnosis(
        kind: .unknown, confidence: .low,
        summary: "An EXC_RESOURCE report for a resource bglog does not know.",
        explanation: "The exception is EXC_RESOURCE but its subtype names no resource bglog knows (\(words)).",
        evidence: evidence, facts: facts)
    }
    let summary: String
    switch fatal {
    case true?: summary = "The system killed the process for exceeding its \(resource) limit (EXC_RESOURCE)."
    case false?: summary = "The process exceeded its \(resource) limit (EXC_RESOURCE); it was not killed."
    case nil: summary = "The process exceeded its \(resource) limit (EXC_RESOURCE); the report does not say if fatally."
    }
    return Diagnosis(
      kind: kind, confidence: fatal == nil ? .medium : .high, summary: summary,
      explanation: kind.reference.meaning
        + (fatal == false ? " The Exception Note says this was not a crash: the report is a warning." : ""),
      evidence: evidence, facts: facts)
  }

  /// The kernel's memory-limit line read alone (``MemoryLimitLineReader``): the line names the process,
  /// the limit and whether it was fatal, which is all the kind needs.
  func memoryLimitLine(_ resource: ResourceEvent) -> Diagnosis {
    let process = report.header.processName ?? "the process"
    let who = process + (report.header.processID.map { " [\($0)]" } ?? "")
    let limit = resource.summary ?? "its limit"
    var facts = baseFacts
    if let pid = report.header.processID { facts.append(Fact("pid", String(pid))) }
    facts.append(Fact("limit", limit))
    let summary: String
    let fatal: Bool? = resource.actionTaken.map { $0 == "fatal" }
    switch fatal {
    case true?: summary = "The system killed \(who) for exceeding its memory limit (\(limit), fatal)."
    case false?: summary = "\(who) exceeded its memory limit (\(limit), non-fatal); it was not killed."
    case nil: summary = "\(who) exceeded its memory limit (\(limit)); the line does not say if fatally."
    }
    var explanation =
      "The kernel (memorystatus) wrote this line when the process crossed its memory limit: \"Active\" or "
      + "\"Inactive\" names the limit for the process's current state, \"Hard\" limits are fatal and \"Soft\" ones "
      + "only a warning. The line is the whole input: there is no report around it, but it names the process, the "
      + "limit and the outcome."
    if process.hasSuffix("Extension") || process.hasSuffix("extension") {
      explanation +=
        " The name says an app extension: extensions run under much lower memory limits than apps "
        + "(this one's was \(limit))."
    }
    if fatal == nil {
      facts.append(Fact("missing-evidence", "whether it was fatal (the line's \"(fatal)\" or \"(non-fatal)\")"))
    }
    return Diagnosis(
      kind: .memoryLimit, confidence: fatal == nil ? .medium : .high, summary: summary,
      explanation: explanation,
      evidence: [self.evidence(resource.location, "exceeded mem limit: \(limit)", "the kernel's memory-limit line")],
      facts: facts)
  }

  /// The kernel's excessive-wakeups line read alone (``WakeupsLimitLineReader``): it names the process
  /// and the rates, not what the system did next, so the reading is medium.
  func wakeupsLimitLine(_ resource: ResourceEvent) -> Diagnosis {
    let process = report.header.processName ?? "the process"
    let who = process + (report.header.processID.map { " [\($0)]" } ?? "")
    var facts = baseFacts
    if let pid = report.header.processID { facts.append(Fact("pid", String(pid))) }
    if let figures = resource.summary { facts.append(Fact("limit", figures)) }
    facts.append(
      Fact("missing-evidence", "what the system did (the wakeups report written after the line says it: Action taken)"))
    let explanation =
      "The kernel wrote this line when the process woke the CPU more often than its wakeups monitor allows (the "
      + "rate is averaged over the observation period); macOS and iOS kernels write the same words (newer ones "
      + "say `caught waking the CPU N times over …, violating a limit of N wakes over N seconds`). The line is "
      + "the whole input and says nothing of a kill: the wakeups report the system writes after it (a "
      + "microstackshot with `Event: wakeups`, or a spindump on macOS) says what was done in its `Action taken:` "
      + "line. Many timer fires, polling or short sleeps in a loop cause it."
    return Diagnosis(
      kind: .wakeupsLimit, confidence: .medium,
      summary:
        "\(who) woke the CPU more often than its limit allows"
        + (resource.summary.map { " (\($0))" } ?? "") + "; the kernel's line does not say whether it was killed.",
      explanation: explanation,
      evidence: [
        resource.event == WakeupsLimitLineReader.cpuWakesEvent
          ? self.evidence(
            resource.location, "process \(who) caught waking the CPU", "the kernel's caught-waking-the-CPU line")
          : self.evidence(
            resource.location, "process \(who) caught causing excessive wakeups", "the kernel's excessive-wakeups line")
      ],
      facts: facts)
  }
}
