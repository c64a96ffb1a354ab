/// The memory-limit exception as the debugger shows it, pasted alone (``DebuggerStopReasonReader``):
/// the resource and the limit are certain, but not which process or whether the limit is fatal.
extension ClassifierContext {
  func memoryLimitDebuggerStop(_ resource: ResourceEvent) -> Diagnosis {
    let limit = resource.summary ?? "its limit"
    var facts = baseFacts
    facts.append(Fact("limit", limit))
    facts.append(Fact("seen-by", "the debugger (Xcode or lldb), which stopped the process at the limit"))
    facts.append(
      Fact(
        "missing-evidence",
        "whether the limit is fatal outside the debugger and which process crossed it (the device's crash "
          + "or JetsamEvent report, or the kernel's \"exceeded mem limit: … (fatal)\" line)"))
    return Diagnosis(
      kind: .memoryLimit, confidence: .medium,
      summary: "The process crossed its memory limit of \(limit) (EXC_RESOURCE RESOURCE_TYPE_MEMORY, as the "
        + "debugger shows it).",
      explanation:
        "lldb and Xcode stop a process on the memory-limit exception (EXC_RESOURCE with RESOURCE_TYPE_MEMORY, "
        + "\"high watermark memory limit exceeded\"): the process's footprint reached the limit the system set "
        + "for it (\(limit)). Under the debugger the process is stopped there; on a device without the debugger, "
        + "the system ends a process over a fatal limit (an app extension's limits are much lower than an app's). "
        + "The paste is the stop reason alone: it names no process and does not say whether this limit is fatal.",
      evidence: [
        self.evidence(
          resource.location, "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=\(limit))", "the debugger's stop reason")
      ],
      facts: facts)
  }
}
