/// A SIGKILL report without a Termination Reason, and the report's `Kernel Triage` notes (``KernelTriage``).
extension ClassifierContext {
  /// The sections a text report writes after the place of its Termination Reason (`Triggered by Thread`, `Kernel
  /// Triage`, Application Specific Information…) that follow the exception lines in this one, in order: when there
  /// are any, the report went on past that place and simply has no Termination Reason (NativeScript/NativeScript
  /// #9638: `Exception Note:  EXC_CORPSE_NOTIFY`, `Triggered by Thread:  0`, `Kernel Triage:`), rather than the
  /// input stopping before it.
  func sectionsAfterTerminationPlace() -> [String] {
    guard report.format == .text, let exception = report.exception else { return [] }
    let exceptionEnd =
      [exception.location, exception.codesLocation, exception.noteLocation, exception.messageLocation]
      .compactMap { $0?.line }.max() ?? 0
    var found: [(line: Int, name: String)] = []
    let names: Set<String> = ["triggered by thread", "crashed thread", "highlighted thread", "kernel triage"]
    for field in report.header.fields where names.contains(field.name.lowercased()) {
      if let line = field.location.line, line > exceptionEnd { found.append((line, field.name)) }
    }
    if let line = report.applicationSpecificInformation.first?.location.line, line > exceptionEnd {
      found.append((line, "Application Specific Information"))
    }
    if let line = report.lastExceptionBacktrace?.location?.line, line > exceptionEnd {
      found.append((line, "Last Exception Backtrace"))
    }
    return found.sorted { $0.line < $1.line }.map(\.name)
  }

  /// What the report's Kernel Triage lines say, as a sentence for an explanation, with their evidence; nil when
  /// the report has none. `event` names what happened (`kill`, `crash`).
  func kernelTriageReading(event: String) -> (sentence: String, evidence: [Evidence])? {
    let lines = KernelTriage.lines(in: report, source: source)
    guard !lines.isEmpty else { return nil }
    var distinct: [Located<String>] = []
    for line in lines where !distinct.contains(where: { $0.value == line.value }) { distinct.append(line) }
    let quoted = distinct.prefix(3).map { "`\(OneLineText.clean($0.value))`" }.joined(separator: ", ")
    var sentence = " The report's Kernel Triage (the kernel's notes for the crashed thread) says \(quoted)"
    let readings = distinct.compactMap { line in KernelTriage.reading(of: line.value).map { (line, $0) } }
    if let (line, reading) = readings.first {
      if reading.cut {
        sentence +=
          " (the line is cut: `\(OneLineText.clean(String(KernelTriage.message(of: line.value))))` is the start "
          + "of the kernel's `\(reading.text)`)"
      }
      sentence += ": \(reading.meaning)"
      sentence +=
        reading.memoryShortage
        ? ", so the \(event) came with memory pressure. The note is a circumstance, not a rule the app broke: the "
          + "same kernel notes stand in reports of kills with a cause of their own (0xdead10cc, 0x8badf00d)."
        : ". The note is a circumstance, not a rule the app broke."
    } else {
      sentence += ": bglog does not know this note; it is the kernel's, not a cause on its own."
    }
    let evidence = distinct.prefix(3).map { self.evidence($0.location, $0.value, "the kernel's triage note") }
    return (sentence, Array(evidence))
  }
}
