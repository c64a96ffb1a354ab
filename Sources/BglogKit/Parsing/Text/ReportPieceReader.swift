/// Reads a text made only of a piece people quote from a report, when no report header, exception
/// block or thread opened a report:
///
/// - an assertion list without its `Application Specific Information:` heading (`X has active assertions
///   beyond permitted time:`, `{(`, one `<SBProcessAssertion: …> … reason: finishTask …` line per
///   assertion, `)}`), or assertion lines alone (`<BKProcessAssertion: …> identifier: … reason: finishTask …`);
/// - the fields of an RBSTerminateContext on lines of their own (`code:0x8BADF00D`,
///   `explanation:scene-update watchdog transgression`, the explanation's next lines);
/// - a Cr4shed report (a jailbreak tool's own text: `Process:`, `Bundle id:`, `Device:`, `Reason: The
///   process was terminated for exceeding jetsam memory limits`, which Cr4shed writes for a memory-limit
///   exception).
///
/// Every non-blank line must belong to the piece; anything else leaves the text to the other readers.
enum ReportPieceReader {
  /// The report the piece holds, or nil when the text is not one of the pieces above.
  static func read(_ source: SourceText) -> CrashReport? {
    guard source.lineCount <= 200 else { return nil }
    var lines: [(number: Int, text: Substring)] = []
    for index in 0..<source.lineCount {
      let text = TextScanning.trimmed(source.lineText(index))
      if text.isEmpty { continue }
      guard text.utf8.count <= 4096 else { return nil }
      lines.append((index + 1, text))
    }
    guard !lines.isEmpty else { return nil }
    return assertionList(lines) ?? terminateContext(lines) ?? cr4shed(lines) ?? cr4shedSentence(lines)
  }

  // MARK: Assertion lists

  private static let listMarker = "active assertions beyond permitted time"

  private static func assertionList(_ lines: [(number: Int, text: Substring)]) -> CrashReport? {
    var assertions: [ProcessAssertion] = []
    var information: [Located<String>] = []
    for (number, text) in lines {
      // The assertion itself starts the line (a console line that mentions one is the timeline's).
      let found = text.hasPrefix("<") ? ProcessAssertion.all(in: text, location: .line(number)) : []
      if !found.isEmpty {
        assertions += found
      } else if !(isListLine(text) || text == "{(" || text == ")}" || isForcingLine(text)) {
        return nil
      }
      information.append(Located(String(text), at: .line(number)))
    }
    guard !assertions.isEmpty, assertions.allSatisfy({ $0.reason != nil || $0.durationSeconds != nil }) else {
      return nil
    }
    let first = lines[0].number
    var report = CrashReport(format: .text, category: .crash, startLine: first, endLine: lines[lines.count - 1].number)
    report.applicationSpecificInformation = information
    report.leakedAssertions = assertions
    AssertionListHeader.fill(&report.header, from: lines.map(\.text))
    let listed = lines.contains { PlainSearch.contains(listMarker, in: $0.text) }
    report.issues.append(
      ParseIssue(
        listed
          ? "an assertion list alone, without its Application Specific Information heading, exception or "
            + "termination reason"
          : "process assertion lines alone: no report header, exception, termination reason or the line that "
            + "says they were held beyond their permitted time",
        at: .line(first)))
    return report
  }

  /// `X has active assertions beyond permitted time:` as a report writes it: nothing before the marker, or
  /// the process as one word (`Sample[431]`) or one `<…>` description, never a console line's prefix.
  private static func isListLine(_ text: Substring) -> Bool {
    guard let marker = PlainSearch.range(of: listMarker, in: text) else { return false }
    var before = TextScanning.trimmed(text[..<marker.lowerBound])
    if TextScanning.hasSuffix(before, "has") { before = TextScanning.trimmed(before.dropLast(3)) }
    if before.isEmpty { return true }
    if before.hasPrefix("<") { return before.hasSuffix(">") }
    return !before.contains(" ")
  }

  /// `Forcing crash report of <app>...`, the line the system writes after the list when it kills the app
  /// for it (urbanairship/ios-library #61, iOS 7): part of the piece, not a console line (a console copy
  /// has a timestamp and process prefix before it, which this does not accept).
  private static func isForcingLine(_ text: Substring) -> Bool {
    TextScanning.hasPrefix(text, "Forcing crash report of ") && text.utf8.count <= 300
  }

  // MARK: RBSTerminateContext fields

  private static func terminateContext(_ lines: [(number: Int, text: Substring)]) -> CrashReport? {
    guard lines.count <= 12,
      let codeLine = lines.first(where: { TextScanning.hasPrefix($0.text, "code:") }),
      let code = TerminationReasonParser.contextCode(in: String(codeLine.text)),
      let explanationIndex = lines.firstIndex(where: { TextScanning.hasPrefix($0.text, "explanation:") })
    else { return nil }
    // The other lines are the context's fields (`domain:10`) or the explanation's next lines.
    for (offset, line) in lines.enumerated() where line.number != codeLine.number && offset < explanationIndex {
      guard TextScanning.hasPrefix(line.text, "domain:") || line.text.hasPrefix("<RBSTerminateContext") else {
        return nil
      }
    }
    let explanationLines = lines[explanationIndex...].filter { $0.number != codeLine.number }
    let joined = explanationLines.map { String($0.text) }.joined(separator: "\n")
    guard let explanation = TerminationReasonParser.explanation(in: joined) else { return nil }
    var report = CrashReport(
      format: .text, category: .crash, startLine: lines[0].number, endLine: lines[lines.count - 1].number)
    report.termination = TerminationInfo(
      code: code, reason: lines.map { String($0.text) }.joined(separator: " "), description: explanation,
      location: .line(codeLine.number), descriptionLocation: .line(lines[explanationIndex].number))
    report.issues.append(
      ParseIssue(
        "the fields of a termination context alone (code, explanation): no Termination Reason line with its "
          + "namespace, no exception or backtrace", at: .line(lines[0].number)))
    return report
  }

  // MARK: Cr4shed

  private static let cr4shedReason = "The process was terminated for exceeding jetsam memory limits"
  /// The reason given to the process a Cr4shed report names (the classifier reads it as Cr4shed's).
  static let cr4shedJetsamReason = "memory limit, as Cr4shed reports it"

  /// The start of the note on Cr4shed's reason sentence read without its report.
  static let cr4shedSentenceNote = "Cr4shed's reason sentence without its report"

  /// The most prose lines around a fenced Cr4shed sentence.
  private static let maximumProseAroundSentence = 8

  /// Cr4shed's reason sentence without the report (Muirey03/Cr4shed #63: prose, then the sentence alone in a
  /// fenced block): alone, or the only line of a Markdown fence among a few prose lines, as an inline-code
  /// Termination Reason is read in prose. The process is not named.
  private static func cr4shedSentence(_ lines: [(number: Int, text: Substring)]) -> CrashReport? {
    guard let at = lines.firstIndex(where: { isCr4shedSentence($0.text) }) else { return nil }
    let others = lines.indices.filter { $0 != at }
    if !others.isEmpty {
      // Fenced: ```` ``` ```` just before and after it, and a few prose lines beyond.
      guard at > 0, at + 1 < lines.count, lines[at - 1].text.hasPrefix("```"), lines[at + 1].text == "```",
        lines.count - 3 <= maximumProseAroundSentence,
        !lines.contains(where: { $0.text.contains("Process:") || $0.text.contains("exceeded mem limit") })
      else { return nil }
    }
    let number = lines[at].number
    var report = CrashReport(format: .text, category: .jetsam, startLine: number, endLine: number)
    report.applicationSpecificInformation = [Located(String(lines[at].text), at: .line(number))]
    report.issues.append(
      ParseIssue(
        cr4shedSentenceNote + ": Cr4shed writes it for a memory-limit kill; the process, the limit and the "
          + "backtraces are in the rest of the Cr4shed report", at: .line(number)))
    return report
  }

  private static func isCr4shedSentence(_ text: Substring) -> Bool {
    var sentence = text
    if sentence.hasPrefix("Reason:") { sentence = TextScanning.trimmed(sentence.dropFirst("Reason:".count)) }
    while sentence.last == "." { sentence = sentence.dropLast() }
    return sentence == cr4shedReason
  }

  /// Cr4shed's memory report: a few `Key: value` lines, then memory figures and Binary Images. Only its
  /// first lines are read; the text is taken as Cr4shed's only when its reason sentence is there.
  private static func cr4shed(_ lines: [(number: Int, text: Substring)]) -> CrashReport? {
    var fields: [Substring: (value: Substring, number: Int)] = [:]
    for (number, text) in lines.prefix(12) {
      guard let (key, value) = TextScanning.keyValue(text) else { continue }
      if fields[key] == nil { fields[key] = (value, number) }
    }
    guard let reason = fields["Reason"], TextScanning.hasPrefix(reason.value, cr4shedReason),
      let process = fields["Process"], !process.value.isEmpty
    else { return nil }
    var report = CrashReport(
      format: .text, category: .jetsam, startLine: lines[0].number, endLine: lines[lines.count - 1].number)
    report.header.processName = String(process.value)
    let bundle = fields["Bundle id"].map { String($0.value) }
    report.header.bundleIdentifier = bundle
    if let device = fields["Device"], let comma = device.value.lastIndex(of: ",") {
      let os = TextScanning.trimmed(device.value[device.value.index(after: comma)...])
      if !os.isEmpty { report.header.osVersion = String(os) }
    }
    report.jetsam = JetsamEvent(processes: [
      JetsamProcess(
        name: String(process.value), bundleIdentifier: bundle, reason: cr4shedJetsamReason,
        location: .line(reason.number))
    ])
    report.issues.append(
      ParseIssue(
        "a Cr4shed report (a jailbreak crash reporter's own text): Cr4shed writes this reason for a memory-limit "
          + "kill and gives no limit, jetsam reason code or backtrace", at: .line(lines[0].number)))
    return report
  }
}
