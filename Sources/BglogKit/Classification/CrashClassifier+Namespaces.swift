import Foundation

/// Termination namespaces that decide the kind without a code of their own: TCC, GUARD, CODESIGNING,
/// DYLD, JETSAM, and the rest of XNU's reason list (``TerminationNamespace``).
extension ClassifierContext {
  /// The diagnosis a termination namespace decides on its own, or `nil` when the exception decides
  /// (SIGNAL, or a crash signal under a namespace such as OBJC).
  func byTerminationNamespace() -> Diagnosis? {
    if report.exception?.type?.uppercased().hasPrefix("EXC_GUARD") == true { return guardViolation() }
    // `EXC_BAD_ACCESS (SIGKILL - CODESIGNING)`: the exception type names the namespace of the kill when the
    // Termination Reason line is not in the input (flutter background_fetch #127's report).
    if report.termination?.namespace == nil,
      PlainSearch.contains(
        "SIGKILL - CODESIGNING",
        in: ((report.exception?.type ?? "") + " " + (report.exception?.signal ?? "")).uppercased())
    {
      return simple(
        .codeSigning, .high,
        "The kernel killed the process for a code-signing violation (the exception type says SIGKILL - CODESIGNING).")
    }
    guard let namespace = report.termination?.namespace?.uppercased() else { return nil }
    switch namespace {
    case "SIGNAL": return nil
    case "CODESIGNING":
      return simple(.codeSigning, .high, "The kernel killed the process for a code-signing violation.")
    case "DYLD": return dyldFailure()
    case "JETSAM", "MEMORYSTATUS":
      return simple(.jetsam, .high, "Jetsam killed the process (termination namespace \(namespace)).")
    case "TCC": return privacyViolation()
    case "GUARD": return guardViolation()
    default: break
    }
    if let dealloc = backgroundTaskObjectAbort() { return dealloc }
    guard let known = TerminationNamespace.named(namespace) else { return nil }
    // A crash signal under a library's namespace (an OBJC or LIBSYSTEM abort) is read as the crash it is.
    let signal = report.exception?.signal?.uppercased() ?? ""
    if !signal.isEmpty, signal != "SIGKILL", !known.enforcesBackgroundTime { return nil }
    return osTermination(known)
  }

  /// The reason text the termination carries: its description, details and JSON reasons.
  var terminationText: String? {
    guard let termination = report.termination else { return nil }
    let parts = [termination.description] + termination.details.map { Optional($0) }
    let text = parts.compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
    return text.isEmpty ? nil : text
  }

  func terminationTextEvidence(_ note: String) -> [Evidence] {
    guard let termination = report.termination, let text = terminationText else { return [] }
    // Text reports write the reason on the lines after `Termination Reason`; JSON keeps its path.
    let location =
      termination.descriptionLocation
      ?? termination.location.map { location in
        guard location.jsonPath == nil, let line = location.line else { return location }
        return SourceLocation.line(line + 1)
      }
    return [evidence(location, text, note)]
  }

  func privacyViolation() -> Diagnosis {
    var evidence = terminationEvidence + terminationTextEvidence("what TCC objected to")
    var facts = baseFacts
    let text = terminationText ?? ""
    let key = text.split(whereSeparator: { $0 == " " || $0 == "," }).map {
      $0.trimmingCharacters(in: .punctuationCharacters)
    }
    .first(where: { $0.hasSuffix("UsageDescription") || $0.hasPrefix("com.apple.security.") })
    if let key { facts.append(Fact("missing-key", String(key))) }
    if let main = report.blamedThread ?? report.mainThread,
      let app = StackAnalysis.firstAppFrame(main, appImages: appImages)
    {
      evidence.append(frameEvidence(app, "first app frame of the thread that made the call"))
    }
    var explanation =
      "The termination namespace is TCC (OS_REASON_TCC in XNU's reason list): the privacy system killed the "
      + "process because it used protected data or hardware without the usage description its Info.plist must carry."
    if let key { explanation += " The reason names the missing key: \(key)." }
    if text.isEmpty {
      explanation += " The reason text, which names the missing key, is not in the input."
      facts.append(Fact("missing-evidence", "the TCC reason text naming the key"))
    }
    return Diagnosis(
      kind: .privacyViolation, confidence: .high,
      summary: "TCC killed the process for using privacy-protected data without a usage description"
        + (key.map { " (\($0))" } ?? "") + ".",
      explanation: explanation,
      advice: key.map { key in
        [
          "Add \(key) to the Info.plist (or the entitlements, for com.apple.security keys) of the target that made "
            + "the call, with a sentence saying why it needs the access."
        ]
      } ?? [],
      evidence: evidence, facts: facts)
  }

  /// The guard type of an EXC_GUARD: the `GUARD_TYPE_…` word the report writes, else the top three
  /// bits of the exception or termination code (osfmk/kern/exc_guard.h).
  func guardType() -> (name: String, source: String)? {
    let texts = [report.exception?.subtype, report.exception?.codes, report.exception?.message].compactMap { $0 }
    for text in texts {
      if let range = PlainSearch.range(of: "GUARD_TYPE_", in: text) {
        let word = text[range.lowerBound...].prefix(while: { $0.isLetter || $0 == "_" })
        return (String(word), "as the report writes it")
      }
    }
    let names = [
      1: "GUARD_TYPE_MACH_PORT", 2: "GUARD_TYPE_FD", 3: "GUARD_TYPE_USER", 4: "GUARD_TYPE_VN",
      5: "GUARD_TYPE_VIRT_MEMORY", 6: "GUARD_TYPE_REJECTED_SC",
    ]
    if let code = report.termination?.code, report.termination?.namespace?.uppercased() == "GUARD",
      let name = names[Int((code >> 61) & 7)]
    {
      return (name, "from the top bits of the termination code")
    }
    return nil
  }

  func guardViolation() -> Diagnosis {
    var evidence = exceptionEvidence + terminationEvidence
    var facts = baseFacts
    if let codesLocation = report.exception?.codesLocation, let codes = report.exception?.codes,
      !evidence.contains(where: { $0.location == codesLocation })
    {
      evidence.append(self.evidence(codesLocation, "Exception Codes: \(codes)", "the guard's codes"))
    }
    let type = guardType()
    if let type { facts.append(Fact("guard-type", type.name)) }
    let what: String
    switch type?.name {
    case "GUARD_TYPE_FD": what = "a guarded file descriptor was closed or used by code that does not own it"
    case "GUARD_TYPE_MACH_PORT": what = "a guarded Mach port was misused (deallocated or its rights destroyed)"
    case "GUARD_TYPE_VIRT_MEMORY": what = "a virtual-memory operation broke a guard"
    case "GUARD_TYPE_VN": what = "a guarded file (vnode) was changed"
    case "GUARD_TYPE_REJECTED_SC": what = "a system call the process may not make was rejected"
    case "GUARD_TYPE_USER": what = "a user-space guard (a library's own assertion) fired"
    default: what = "a kernel guard was broken; the report does not say which type"
    }
    var explanation = "EXC_GUARD: \(what). The kernel kills the process at once; nothing in the app can catch it."
    if let type { explanation += " Guard type \(type.name), \(type.source)." }
    if let message = report.exception?.message { explanation += " The report says: \(message)." }
    if let crashed = report.blamedThread {
      if let top = crashed.frames.first { evidence.append(frameEvidence(top, "where the guard fired")) }
      if let app = StackAnalysis.firstAppFrame(crashed, appImages: appImages) {
        evidence.append(frameEvidence(app, "first app frame of the crashed thread"))
        facts.append(Fact("first-app-frame", frameText(app)))
      }
    }
    var advice: [String] = []
    switch type?.name {
    case "GUARD_TYPE_FD"?: advice = [DiagnosisKind.guardViolation.reference.advice[0]]
    case "GUARD_TYPE_MACH_PORT"?: advice = [DiagnosisKind.guardViolation.reference.advice[1]]
    default: break
    }
    let confidence: Confidence = type == nil ? .medium : .high
    if type == nil { facts.append(Fact("missing-evidence", "the guard type (Exception Subtype or code)")) }
    return Diagnosis(
      kind: .guardViolation, confidence: confidence,
      summary: "The kernel killed the process for breaking a guard" + (type.map { " (\($0.name))" } ?? "") + ".",
      explanation: explanation, advice: advice, evidence: evidence, facts: facts)
  }

  /// A termination in a namespace that names no kind of its own: say which component and what it means.
  func osTermination(_ namespace: TerminationNamespace) -> Diagnosis {
    let evidence = terminationEvidence + terminationTextEvidence("the component's reason") + exceptionEvidence
    var facts = baseFacts
    facts.append(Fact("namespace-meaning", namespace.meaning))
    // A namespace written as a number (`<0xF>`) is worded as every other diagnosis words it.
    let written = report.termination?.namespace ?? namespace.name
    let numbered = TerminationNamespace.numberedWording(written)
    var explanation =
      "The termination namespace is "
      + (numbered.map { "the unnamed namespace \(written) \($0)" }
        ?? (namespace.name + (namespace.number.map { " (OS_REASON number \($0) in XNU's reason list)" } ?? "")))
      + ": \(namespace.meaning)."
    let text = terminationText
    if let text {
      explanation += " Its reason: \(text)"
    } else {
      explanation += " The report gives no reason text, so what the component objected to is not known."
      facts.append(Fact("missing-evidence", "the termination's reason text"))
    }
    if namespace.enforcesBackgroundTime, let code = report.termination?.code {
      explanation += " Code \(hex(code)) is not one bglog knows for this namespace."
    }
    var advice: [String] = []
    if Self.isSystemProcess(name: report.header.processName, bundleIdentifier: report.header.bundleIdentifier) {
      let name = report.header.processName ?? report.header.bundleIdentifier ?? "the process"
      facts.append(Fact("system-process", name))
      if let last = explanation.last, !".!?".contains(last) { explanation += "." }
      explanation +=
        " The process that was ended is \(name), part of the system, not a third-party app: the report tells about "
        + "the device (what \(name) was stuck on), not about an app's code."
      advice.append(
        "This report is about \(name), not your app: look in the same folder for a report naming your app "
          + "(its process name or bundle id) from the same time.")
    }
    return Diagnosis(
      kind: .osTermination, confidence: text == nil ? .medium : .high,
      summary: (numbered == nil ? namespace.name : "The unnamed namespace \(written) (\(namespace.name))")
        + " terminated the process: \(namespace.meaning).",
      explanation: explanation, advice: advice, evidence: evidence, facts: facts)
  }
  func dyldFailure() -> Diagnosis {
    var evidence = terminationEvidence
    if let termination = report.termination {
      for detail in termination.details.prefix(3) {
        evidence.append(self.evidence(nil, detail, "dyld's reason"))
      }
    }
    let library = report.termination?.details.first(where: { $0.contains("Library not loaded") })
    return Diagnosis(
      kind: .dyldLaunchFailure, confidence: .high,
      summary: "dyld could not launch the app"
        + (library.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? "."),
      explanation: "The termination namespace is DYLD: the process died before main().",
      evidence: evidence, facts: baseFacts)
  }

}
