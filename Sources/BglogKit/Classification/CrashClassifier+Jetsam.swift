import Foundation

/// JetsamEvent reports (bug_type 298).
extension ClassifierContext {
  func jetsam() -> Diagnosis {
    let killed = report.jetsam?.killed ?? []
    var facts = baseFacts
    let evidence = killed.map { process in
      self.evidence(
        process.location, "\(process.name): reason \(process.reason ?? "")",
        process.reason == "jettisoned" ? "marked jettisoned: killed by jetsam" : "killed by jetsam")
    }
    if report.jetsam == nil,
      let note = report.applicationSpecificInformation.first(where: {
        $0.value == DebuggerMemoryNoteReader.note
      })
    {
      return debuggerMemoryNote(note)
    }
    if report.jetsam == nil, let sentence = report.applicationSpecificInformation.first,
      report.issues.contains(where: { $0.message.hasPrefix(ReportPieceReader.cr4shedSentenceNote) })
    {
      return cr4shedSentence(sentence)
    }
    guard !killed.isEmpty else {
      if report.jetsam?.isFragment == true { return jetsamFragment() }
      if report.format == .text {
        // A text Low Memory report (iOS 5–9) whose table has no row marked jettisoned (or is cut before it).
        return Diagnosis(
          kind: .jetsam, confidence: .medium,
          summary: "A Low Memory (jetsam) report, but no row in its process table is marked jettisoned.",
          explanation:
            "The report is a text Low Memory report; none of the \(report.jetsam?.processes.count ?? 0) rows in the "
            + "input is marked (jettisoned), so which process jetsam killed is not shown (the table may be cut).",
          evidence: evidence, facts: facts)
      }
      if report.jetsam?.processes.isEmpty ?? true,
        report.issues.contains(where: {
          PlainSearch.contains("JSON body is cut at line", in: $0.message)
            || PlainSearch.contains("(the input ends there: it is cut)", in: $0.message)
        })
      {
        return cutJetsamBody(facts: facts)
      }
      if let line = report.jetsam?.lineByLineFrom { return jetsamBodyReadLineByLine(from: line, facts: facts) }
      return Diagnosis(
        kind: .jetsam, confidence: .medium,
        summary: "A jetsam event, but no process in it carries a kill reason.",
        explanation: "The report is a JetsamEvent; bglog could not find which process was killed.",
        evidence: evidence, facts: facts)
    }
    if killed.count == 1, let process = killed.first, process.reason == ReportPieceReader.cr4shedJetsamReason {
      return cr4shedJetsam(process, evidence: evidence)
    }
    if killed.allSatisfy({ $0.reason == "jettisoned" }) { return jettisonedRows(killed, evidence: evidence) }
    if report.jetsam?.isFragment == true, let daemons = fragmentWithoutApp(killed) { return daemons }
    for process in killed { facts.append(Fact("killed", "\(process.name) (\(process.reason ?? ""))")) }
    let names = killed.map { "\($0.name) (\($0.reason ?? ""))" }.joined(separator: ", ")
    let frontmost = killed.filter { $0.states.contains("frontmost") }.map(\.name)
    var explanation = "The jetsam event lists the killed processes with their reasons: \(names)."
    if !frontmost.isEmpty { explanation += " Frontmost: \(frontmost.joined(separator: ", "))." }
    // Apple's own processes (SpringBoard, daemons) are killed at their limits too; then there is
    // nothing to change in an app.
    // An entry whose states say `daemon` (wifianalyticsd in a book's iOS 14.2 JetsamEvent) is a system daemon too.
    let allSystem = killed.allSatisfy {
      Self.isSystemProcess(name: $0.name, bundleIdentifier: $0.bundleIdentifier) || $0.states.contains("daemon")
    }
    if allSystem {
      explanation +=
        " Every killed process is part of the system, not a third-party app: unless your app was the one "
        + "using the memory (see the largest processes), there is nothing to change in it."
      for reason in Set(killed.compactMap(\.reason)).sorted() {
        if let meaning = Self.reasonMeaning(reason) { explanation += " \(reason): \(meaning)." }
      }
    }
    // A body read line by line after its JSON stopped parsing (elided with `.` lines, damaged): a killed entry in
    // the part that was left out or not read is not seen, so the list of kills may be incomplete.
    let readLineByLine = report.jetsam?.lineByLineFrom
    if let line = readLineByLine {
      facts.append(
        Fact("missing-evidence", "entries of the processes list: the JSON body does not parse from line \(line) on"))
      explanation +=
        " The JSON body does not parse from line \(line) on (see the parse notes: elided or damaged), so bglog read "
        + "it line by line: an entry left out of the paste, another killed process's among them, is not seen."
    }
    // An entry pasted without its report (KSCrash #278): its reason says jetsam killed the process, but there
    // is no header, page size, memory status or largest process to check it against.
    let fragment = report.jetsam?.isFragment == true
    if fragment {
      facts.append(Fact("missing-evidence", "the JetsamEvent's header, memory status and largest process"))
      explanation +=
        " Only the process entry was pasted, without the report around it, so the rest of the event (page size, "
        + "memory status, largest process) cannot be checked."
    }
    // A killed entry whose states show the background (`suspended`, `background`): the advice for the background.
    let inBackground = killed.contains { !Set($0.states).isDisjoint(with: ["suspended", "background"]) }
    var advice: [String] =
      inBackground
      ? [
        "Lower the memory footprint in the background: release caches on didEnterBackground and on memory "
          + "warnings; stream large files instead of loading them."
      ] : []
    if allSystem {
      advice = [
        "Nothing to change in your app for this kill: jetsam killed a system process ("
          + killed.map(\.name).joined(separator: ", ") + "). If your app died at the same time, look for its own "
          + "entry (its bundleID, with a reason) in the full report, or for the app's own crash report."
      ]
    }
    return Diagnosis(
      kind: .jetsam, confidence: fragment || readLineByLine != nil ? .medium : .high,
      summary: "Jetsam killed \(names)" + (allSystem ? ", a system process, not an app." : "."),
      explanation: explanation,
      advice: advice,
      evidence: evidence, facts: facts)
  }

  /// The states a JetsamEvent entry gives an app's process (never a daemon's).
  static let appStates: Set<String> = ["frontmost", "suspended", "background", "foreground", "active", "resume"]

  /// Whether an entry shows that it is an app: a bundle ID outside Apple's, or an app's state.
  static func isShownAsApp(_ process: JetsamProcess) -> Bool {
    if let bundle = process.bundleIdentifier, !bundle.isEmpty, !bundle.hasPrefix("com.apple.") { return true }
    return process.states.contains(where: appStates.contains)
  }

  /// What a jetsam kill reason says about the memory, for the reasons seen in real reports.
  static func reasonMeaning(_ reason: String) -> String? {
    switch reason {
    case "vm-pageshortage":
      "the device as a whole ran short of free memory pages and jetsam killed processes in priority order, idle "
        + "daemons first (system-wide memory pressure, not one process's limit)"
    case "per-process-limit": "the process went over its own memory limit"
    case "highwater": "the process was over its high-water mark while the system needed memory"
    case "vm-thrashing": "the system was thrashing (paging memory in and out) and killed the process to stop it"
    case "fc-thrashing": "the file cache was thrashing and jetsam killed the process to stop it"
    default: nil
    }
  }

  /// A piece of a JetsamEvent's processes list (no header, cut) whose killed entries, like every entry in it,
  /// show nothing of an app (immich-app/immich #12471: PowerUIAgent and assistant_service, both
  /// `"reason" : "vm-pageshortage"`, idle daemons): jetsam killed those processes, but the user's app is not in
  /// the excerpt, so nothing is said of it. Low: the excerpt is the middle of a list whose other entries, the
  /// app's among them if it was killed, were not pasted.
  func fragmentWithoutApp(_ killed: [JetsamProcess]) -> Diagnosis? {
    let processes = report.jetsam?.processes ?? []
    guard !killed.isEmpty, !processes.contains(where: Self.isShownAsApp) else { return nil }
    var facts = baseFacts
    for process in killed { facts.append(Fact("killed", "\(process.name) (\(process.reason ?? ""))")) }
    facts.append(Fact("app-in-excerpt", "no: no entry shows an app's bundle ID or state (frontmost, suspended…)"))
    facts.append(
      Fact(
        "missing-evidence",
        "the rest of the processes list (the app's entry, if jetsam killed it) and the JetsamEvent's header, memory "
          + "status and largest process"))
    let evidence = killed.map { process in
      let about = [process.pid.map { "pid \($0)" }, process.states.contains("daemon") ? "a daemon" : nil].compactMap {
        $0
      }
      return self.evidence(
        process.location, "\(process.name): reason \(process.reason ?? "")",
        "\(process.name)\(about.isEmpty ? "" : " (\(about.joined(separator: ", ")))") killed by jetsam")
    }
    let names = killed.map { "\($0.name) (\($0.reason ?? ""))" }.joined(separator: ", ")
    var explanation =
      "The input is a piece of a JetsamEvent's processes list (bug_type 298) without the report's header, so only "
      + "these entries can be read. Jetsam killed \(names)."
    let reasons = Set(killed.compactMap(\.reason)).sorted()
    for reason in reasons {
      if let meaning = Self.reasonMeaning(reason) { explanation += " \(reason): \(meaning)." }
    }
    let daemons = killed.filter { $0.states.contains("daemon") }.map(\.name)
    explanation +=
      " No entry in the excerpt shows an app (an app's entry carries its bundleID or a state such as frontmost or "
      + "suspended"
      + (daemons.isEmpty
        ? ")" : "; \(daemons.joined(separator: ", ")) \(daemons.count == 1 ? "is" : "are") marked daemon)")
      + ", so the user's app is not in the excerpt: whether jetsam killed it too, and why, is in the part of the "
      + "report that was not pasted."
    return Diagnosis(
      kind: .jetsam, confidence: .low,
      summary: "Jetsam killed \(names); the app is not in the excerpt.",
      explanation: explanation,
      advice: [
        "Attach the whole JetsamEvent report (Settings > Privacy > Analytics Data, JetsamEvent-…): find the app's "
          + "entry and its \"reason\" (per-process-limit is the app's own limit; vm-pageshortage is the device's "
          + "memory pressure).",
        "If the app was killed in the same event, lower its footprint in the background: release caches on "
          + "didEnterBackground and on memory warnings.",
      ],
      evidence: evidence, facts: facts)
  }

  /// A JetsamEvent body cut before its `processes` list (omlx #702: cut inside `memoryPages`): the paste
  /// says memory ran short and which process was largest, not which process was killed or why.
  func cutJetsamBody(facts: [Fact]) -> Diagnosis {
    var facts = facts
    let largest = report.jetsam?.largestProcess
    if let largest { facts.append(Fact("largest-process", largest)) }
    facts.append(Fact("missing-evidence", "the processes list with the killed process's entry (its \"reason\")"))
    var evidence: [Evidence] = []
    if let source, report.startLine >= 1 {
      let lines = report.startLine...min(source.lineCount, report.endLine)
      if let line = lines.first(where: { PlainSearch.contains("\"largestProcess\"", in: source.line($0)) }) {
        let quote = String(source.line(line).trimmingCharacters(in: .whitespaces))
        evidence.append(
          Evidence(location: .line(line), quote: quote, note: "the largest process when memory ran short"))
      }
      let last = lines.last { !source.line($0).allSatisfy(\.isWhitespace) }
      if let last {
        let quote = String(source.line(last).trimmingCharacters(in: .whitespaces))
        evidence.append(
          Evidence(location: .line(last), quote: quote, note: "the input's last line: the report stops here"))
      }
    }
    return Diagnosis(
      kind: .insufficientData, confidence: .low,
      summary: "A JetsamEvent cut before its processes list: which process was killed is not in the input.",
      explanation:
        "The input is a JetsamEvent (bug_type 298) body cut before the processes list"
        + (largest.map { "; the largest process was \($0)" } ?? "")
        + ". The killed process's entry, with its reason, is in the part that was not pasted.",
      evidence: evidence, facts: facts)
  }

  /// A JetsamEvent whose JSON body stops parsing (an excerpt from an article with elided members, the author's
  /// comments and a placeholder for the app: CrashSight's article on OOM) and in which no entry read line by line
  /// carries a kill reason. What was not read is not described: the killed process's entry may be in the part that
  /// was elided or not read, so the reading is low and says where the JSON stopped.
  func jetsamBodyReadLineByLine(from line: Int, facts: [Fact]) -> Diagnosis {
    var facts = facts
    let largest = report.jetsam?.largestProcess
    if let largest { facts.append(Fact("largest-process", largest)) }
    facts.append(
      Fact(
        "missing-evidence",
        "the killed process's entry (its \"reason\"): the JSON body does not parse from line \(line) on"))
    var evidence: [Evidence] = []
    if let source, report.startLine >= 1 {
      let lines = report.startLine...min(source.lineCount, report.endLine)
      if let found = lines.first(where: { PlainSearch.contains("\"largestProcess\"", in: source.line($0)) }) {
        let quote = String(source.line(found).trimmingCharacters(in: .whitespaces))
        evidence.append(
          Evidence(location: .line(found), quote: quote, note: "the largest process when memory ran short"))
      }
      if line >= 1, line <= source.lineCount {
        let quote = String(source.line(line).trimmingCharacters(in: .whitespaces))
        evidence.append(
          Evidence(
            location: .line(line), quote: quote,
            note: "the JSON body stops parsing here; the rest was read line by line"))
      }
    }
    let count = report.jetsam?.processes.count ?? 0
    return Diagnosis(
      kind: .insufficientData, confidence: .low,
      summary:
        "A JetsamEvent whose body is not valid JSON from line \(line): no process entry bglog could read carries a "
        + "kill reason, so which process was killed is not known.",
      explanation:
        "The input is a JetsamEvent (bug_type 298), but its JSON body stops parsing at line \(line) (see the parse "
        + "notes), so bglog read the rest line by line"
        + (count == 0
          ? " and found no process entry with a name"
          : " and found \(count) named process entr\(count == 1 ? "y" : "ies"), none with a kill reason")
        + (largest.map { "; the largest process was \($0)" } ?? "")
        + ". The killed process's entry, with its reason, may be in a part that was elided, cut or not read.",
      evidence: evidence, facts: facts)
  }

  /// The text Low Memory report of iOS 5–9 marks each process it killed `(jettisoned)` and gives no reason.
  func jettisonedRows(_ killed: [JetsamProcess], evidence: [Evidence]) -> Diagnosis {
    var facts = baseFacts
    for process in killed { facts.append(Fact("killed", process.name)) }
    if let largest = report.jetsam?.largestProcess { facts.append(Fact("largest-process", largest)) }
    let names = killed.map(\.name).joined(separator: ", ")
    var explanation =
      "This is a Low Memory report in the text form iOS wrote before JetsamEvent became JSON: the processes jetsam "
      + "killed to free memory are marked (jettisoned) in its process table: \(names). This form gives no reason per "
      + "process (per-process limit or memory pressure); a process killed in the background was usually chosen "
      + "because the device ran short of memory."
    if let largest = report.jetsam?.largestProcess {
      explanation += " The largest process was \(largest)."
    }
    return Diagnosis(
      kind: .jetsam, confidence: .high,
      summary: "Jetsam killed \(names) (marked jettisoned in the Low Memory report).",
      explanation: explanation, evidence: evidence, facts: facts)
  }

  /// A piece of a jetsam report (process entries or table rows) in which no process carries a kill reason:
  /// the processes are listed, but which one jetsam killed, and why, is outside the paste.
  func jetsamFragment() -> Diagnosis {
    let processes = report.jetsam?.processes ?? []
    var facts = baseFacts
    let names = processes.prefix(8).map(\.name).joined(separator: ", ") + (processes.count > 8 ? ", …" : "")
    facts.append(Fact("processes-listed", "\(processes.count): \(names)"))
    let table = report.format == .text
    facts.append(
      Fact(
        "missing-evidence",
        table
          ? "the killed process's row (marked jettisoned or with its reason), the report's header and largest process"
          : "the killed process's entry (with its \"reason\"), largestProcess and the report's header"))
    var evidence: [Evidence] = []
    if let first = processes.first {
      // An entry's location is its opening brace: quote its `"name"` line instead.
      var location = first.location
      if !table, let source, let start = first.location?.line {
        let end = min(source.lineCount, start + 25)
        if start <= end,
          let line = (start...end).first(where: { PlainSearch.contains("\"name\"", in: source.line($0)) })
        {
          location = .line(line)
        }
      }
      evidence.append(self.evidence(location, first.name, "a process entry of the jetsam report"))
    }
    let unit = table ? "row" : "entry"
    return Diagnosis(
      kind: .insufficientData, confidence: .low,
      summary:
        "A piece of a jetsam report: \(processes.count) process \(processes.count == 1 ? unit : unit == "row" ? "rows" : "entries"), "
        + "none of them killed.",
      explanation:
        "The input is part of the process list of a jetsam (memory) report"
        + (table ? " in the text form iOS wrote before iOS 10" : " (JetsamEvent, bug_type 298)")
        + ": it lists processes with their memory pages and states, but none of the "
        + (table ? "rows is marked jettisoned" : "entries carries a kill reason")
        + ", and the report's header and largest process are not in the input. Which process jetsam killed, and "
        + "why, is in the part that was not pasted.",
      advice: [
        "Attach the whole JetsamEvent report (Settings > Privacy > Analytics Data, JetsamEvent-…): the killed "
          + "process's entry carries its reason (per-process-limit, vm-pageshortage…)."
      ],
      evidence: evidence, facts: facts)
  }

  /// Xcode's `Message from debugger: Terminated due to memory issue` alone: jetsam ended the debugged process,
  /// for its memory limit or the device's memory pressure; the note names neither the process nor the figures.
  func debuggerMemoryNote(_ note: Located<String>) -> Diagnosis {
    var facts = baseFacts
    facts.append(Fact("seen-by", "the debugger (Xcode), which reports the kill of the process it runs"))
    facts.append(
      Fact(
        "missing-evidence",
        "which process (the app or one of its extensions), its memory limit and footprint, and the jetsam reason "
          + "(the device's JetsamEvent report, or the kernel's \"exceeded mem limit\" line)"))
    var evidence = [self.evidence(note.location, note.value, "Xcode's note on the debugged process")]
    var summary = "Jetsam killed the process Xcode was debugging, for memory (Xcode's note)."
    var explanation =
      "Xcode writes \"Terminated due to memory issue\" when the system's memory manager (jetsam) ends the process "
      + "it debugs: the process went over its memory limit, or the device ran short of memory and it was chosen. "
      + "The note names neither the process nor the limit or footprint, so which of the two it was is not shown; "
      + "an app extension's limit is much lower than an app's."
    // Xcode's alert names the app it ran (Baseflow/flutter_cached_network_image #858).
    if let name = report.header.processName, let field = report.header.field("Process") {
      let clean = OneLineText.clean(name)
      evidence.append(self.evidence(field.location, name, "Xcode's alert names the app it ran"))
      facts.removeAll { $0.key == "missing-evidence" }
      facts.append(
        Fact(
          "missing-evidence",
          "its memory limit and footprint, and the jetsam reason (the device's JetsamEvent report, or the kernel's "
            + "\"exceeded mem limit\" line)"))
      if let model = report.header.hardwareModel { facts.append(Fact("device", model)) }
      summary = "Jetsam killed \(clean), the app Xcode was running, for memory (Xcode's error details)."
      explanation =
        "Xcode's alert says \(clean) quit unexpectedly and gives the debugger's reason, \"Terminated due to memory "
        + "issue\": the system's memory manager (jetsam) ended it, because it went over its memory limit or the "
        + "device ran short of memory and it was chosen. The alert names neither the limit nor the footprint, so "
        + "which of the two it was is not shown."
    }
    return Diagnosis(
      kind: .jetsam, confidence: .medium, summary: summary, explanation: explanation, evidence: evidence,
      facts: facts)
  }

  /// A Cr4shed report (jailbreak crash reporter): Cr4shed writes "terminated for exceeding jetsam memory
  /// limits" when ReportCrash handles a memory-limit exception for the process; no figures come with it.
  func cr4shedJetsam(_ process: JetsamProcess, evidence: [Evidence]) -> Diagnosis {
    var facts = baseFacts
    facts.append(Fact("killed", process.name))
    facts.append(Fact("missing-evidence", "the memory limit, the process's footprint and the jetsam reason code"))
    var explanation =
      "This is a Cr4shed report (a jailbreak crash reporter's own format, not Apple's). Cr4shed writes this reason "
      + "when the process crossed its memory limit and the system killed it; the report gives neither the limit "
      + "nor the footprint, so how far over it went is not known."
    var advice: [String] = []
    if Self.isSystemProcess(name: process.name, bundleIdentifier: process.bundleIdentifier) {
      explanation +=
        " \(process.name) is part of the system, not a third-party app: on a jailbroken device, code injected into "
        + "it (the tweaks under /Library/MobileSubstrate in Binary Images) is the first suspect."
      advice.append(
        "Remove or update the tweaks injected into \(process.name) (Binary Images, /Library/MobileSubstrate), then "
          + "see whether the kill comes back.")
    }
    return Diagnosis(
      kind: .jetsam, confidence: .medium,
      summary: "\(process.name) was killed for exceeding its memory limit (as Cr4shed reports it).",
      explanation: explanation, advice: advice, evidence: evidence, facts: facts)
  }

  /// Cr4shed's reason sentence without its report: a memory-limit kill of a process the input does not name.
  func cr4shedSentence(_ sentence: Located<String>) -> Diagnosis {
    var facts = baseFacts
    facts.append(
      Fact("missing-evidence", "the process's name, its memory limit and footprint (the rest of the Cr4shed report)"))
    return Diagnosis(
      kind: .jetsam, confidence: .low,
      summary: "A process was killed for exceeding its memory limit (Cr4shed's reason); the process is not named.",
      explanation:
        "Cr4shed (a jailbreak crash reporter) writes this sentence as the reason of a memory-limit kill. Only the "
        + "sentence is in the input: which process was killed, its limit and footprint are not. Paste the whole "
        + "Cr4shed report.",
      evidence: [evidence(sentence.location, sentence.value, "Cr4shed's reason for a memory-limit kill")],
      facts: facts)
  }

  /// Apple's own processes that reports name: SpringBoard and the daemons that appear in jetsam and
  /// watchdog reports, or any `com.apple.` bundle.
  static let systemProcessNames: Set<String> = [
    "SpringBoard", "backboardd", "mediaserverd", "locationd", "assertiond", "runningboardd",
  ]

  static func isSystemProcess(name: String?, bundleIdentifier: String?) -> Bool {
    if let name, systemProcessNames.contains(name) { return true }
    guard let bundleIdentifier else { return false }
    return bundleIdentifier.hasPrefix("com.apple.") || systemProcessNames.contains(bundleIdentifier)
      || bundleIdentifier == "com.apple.springboard"
  }

}
