/// An `.ips` body pasted without its one-line metadata and cut before its end (uYouPlus #1255: a YouTube
/// crash body cut after `"isLocked" : 0,`; omlx #702: a JetsamEvent body cut inside `memoryPages`). The
/// JSON reader stops at the cut; the members written before it are read as they are when the metadata
/// line is there, so the diagnosis can name what the paste holds and what it lacks.
enum CutBodyWithoutMetadata {
  /// What a body without its metadata line holds when it writes that line's facts itself (`bug_type`, and
  /// `procName`, `osVersion`, `incident` when there): nil when it has no `bug_type`, for the plain "missing" note.
  static func bodyAloneNote(keys: [String]) -> String? {
    let standIns = ["bug_type", "procName", "osVersion", "incident"].filter(keys.contains)
    guard standIns.contains("bug_type") else { return nil }
    return "the .ips body alone, without the one-line metadata object before it (its own members "
      + standIns.map { "`\($0)`" }.joined(separator: ", ") + " say what that line would)"
  }

  /// The report read from the members before the cut, or nil when the text is not such a body.
  ///
  /// - Parameters:
  ///   - source: the whole input.
  ///   - bodyLine: the 1-based line whose first non-blank character opens the body's `{`.
  ///   - cutLine: the line where the JSON reader found the input cut.
  static func read(_ source: SourceText, bodyLine: Int, cutLine: Int) -> CrashReport? {
    guard bodyLine >= 1, bodyLine <= source.lineCount else { return nil }
    let note = "the .ips metadata line is missing and the JSON body is cut at line \(cutLine)"
    if let members = IPSFragmentReader.membersOfCutBody(source, bodyLine: bodyLine) {
      // A body that writes the metadata line's facts itself (`bug_type`, `procName`, `osVersion`, `incident`:
      // firebase/firebase-ios-sdk #12129, pretty-printed) lacks nothing the line would say: the note says what is
      // there rather than that the line is missing.
      let said =
        bodyAloneNote(keys: members.map(\.key)).map { $0 + "; the JSON body is cut at line \(cutLine)" } ?? note
      return IPSFragmentReader.crashReport(
        fromCutBody: members, in: source, bodyLine: bodyLine, startLine: bodyLine,
        note: said + "; read its members before the cut", noteLine: bodyLine)
    }
    // A JetsamEvent body: `bug_type` 298 or the members only jetsam writes, in the body's first lines.
    let head = (bodyLine - 1)..<min(source.lineCount, bodyLine + 12)
    let opening = head.map { source.lineText($0) }
    let isJetsam = opening.contains { line in
      let text = line.drop(while: { $0 == " " || $0 == "\t" })
      return text.hasPrefix("\"largestProcess\"") || text.hasPrefix("\"memoryStatus\"")
        || (text.hasPrefix("\"bug_type\"") && PlainSearch.contains("\"298\"", in: text))
    }
    guard isJetsam else { return nil }
    var report = CrashReport(format: .ips, category: .jetsam, startLine: bodyLine, endLine: source.lineCount)
    report.bugType = opening.contains { PlainSearch.contains("\"298\"", in: $0) } ? "298" : nil
    JetsamBodyReader.scanTolerantly(source, lines: (bodyLine - 1)..<source.lineCount, into: &report)
    report.issues.append(ParseIssue(note + "; read line by line before the cut", at: .line(bodyLine)))
    return report
  }
}
