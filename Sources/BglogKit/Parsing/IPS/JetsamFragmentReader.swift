/// Reads a piece of a JetsamEvent's `processes` list pasted without the report around it, starting
/// inside an entry (googleapis/google-api-nodejs-client #613 starts at `"lifetimeMax" : 675`, then `},`,
/// then whole entries with `"rpages"`, `"states"`, `"name"`, `"pid"`…). Not JSON as a whole, so it is read
/// line by line (``JetsamBodyReader/scanTolerantly(_:lines:into:inProcesses:)``).
///
/// Only a text whose every non-blank line is a member of a jetsam process entry (by key), a string of
/// its `states` list, or a brace or bracket is read here; the text must name at least one process.
enum JetsamFragmentReader {
  /// The keys of a jetsam process entry, as written in the real reports seen (iOS 9–11 JetsamEvents in the
  /// shared corpus, KSCrash #278, google-api-nodejs-client #613; a newer entry's `physicalPages` object with
  /// its `internal` list, `mem_regions`, `priority`, `csTrustLevel`, `csFlags` and `freeze_skip_reason:`, colon included in
  /// the key as the system writes it, in immich-app/immich #12471).
  static let entryKeys: Set<String> = [
    "age", "bundleID", "coalition", "cpuTime", "csFlags", "csTrustLevel", "fds", "freeze_skip_reason:", "genCount",
    "idleDelta", "internal", "killDelta", "lifetimeMax", "mem_regions", "name", "pageSpike", "physicalPages", "pid",
    "priority", "purgeable", "reason", "rpages", "states", "uuid",
  ]
  /// Keys only a jetsam process entry has (one of them must be present).
  static let jetsamOnlyKeys: Set<String> = ["rpages", "lifetimeMax", "killDelta", "idleDelta", "pageSpike"]

  /// The most prose lines read past before or after the entries (a sentence or two of an issue thread).
  static let proseLimit = 5

  /// The start of the note on a fragment read with prose around it.
  static let proseNote = "prose around the entries was set aside"

  /// The report of a pasted piece of a jetsam process list, or nil when the text is anything else.
  ///
  /// With `proseAround`, a few prose lines before the first brace and after the last closing brace (KSCrash
  /// #278: `… This is jetsameEvent file log the memory issue`, the entry, `The rpages is 960 …`) are set
  /// aside, as a fenced report's are; every line between must still be a member of an entry.
  static func read(_ source: SourceText, proseAround: Bool = false) -> CrashReport? {
    var firstLine: Int?
    var lastLine = 0
    var sawJetsamKey = false
    var opensEntry = false
    var proseLines: [Int] = []
    var closed = false
    var after = false
    // Whether a member's list is open (`"internal" : [`): its numbers (`97,`) are entry lines too.
    var inList = false
    for index in 0..<source.lineCount {
      let text = TextScanning.trimmed(source.lineText(index))
      if text.isEmpty { continue }
      guard text.utf8.count <= 4096 else { return nil }
      let structural = text.hasPrefix("\"") || ["{", "}", "},", "[", "]", "],"].contains(text)
      if proseAround, !structural, firstLine == nil || (closed && !after) || after {
        // Prose before the entries, or after the last closing brace: set aside.
        if firstLine != nil { after = true }
        proseLines.append(index + 1)
        guard proseLines.count <= proseLimit else { return nil }
        continue
      }
      if after { return nil }
      firstLine = firstLine ?? index + 1
      lastLine = index + 1
      closed = text == "}" || text == "},"
      switch text {
      case "{":
        opensEntry = true
        continue
      case "]", "],":
        inList = false
        continue
      case "}", "},", "[":
        continue
      default:
        break
      }
      if inList, isNumber(text) { continue }
      guard text.hasPrefix("\"") else { return nil }
      let rest = text.dropFirst()
      guard let close = rest.firstIndex(of: "\"") else { return nil }
      let after = rest[rest.index(after: close)...].drop(while: { $0 == " " || $0 == "\t" })
      if after.first == ":" {
        let key = String(rest[..<close])
        guard entryKeys.contains(key) else { return nil }
        if jetsamOnlyKeys.contains(key) { sawJetsamKey = true }
        inList = after.dropFirst().drop(while: { $0 == " " || $0 == "\t" }) == "["
      } else if !(after.isEmpty || after == ",") {
        // A string of a `states` list ("daemon",) is all a line may hold besides a member.
        return nil
      }
    }
    guard let firstLine, sawJetsamKey, opensEntry else { return nil }
    var report = CrashReport(format: .ips, category: .jetsam, startLine: firstLine, endLine: lastLine)
    report.jetsam = JetsamEvent()
    JetsamBodyReader.scanTolerantly(source, lines: (firstLine - 1)..<lastLine, into: &report, inProcesses: true)
    guard let processes = report.jetsam?.processes, !processes.isEmpty else { return nil }
    report.jetsam?.isFragment = true
    report.issues.insert(
      ParseIssue(
        "\(processes.count) \(processes.count == 1 ? "entry" : "entries") of a jetsam event's processes list, pasted "
          + "without the report around them: no metadata line, no memory status, no largest process",
        at: .line(firstLine)), at: 0)
    if !proseLines.isEmpty {
      let lines = proseLines.map(String.init).joined(separator: ", ")
      report.issues.insert(ParseIssue(proseNote + " (line \(lines))", at: .line(proseLines[0])), at: 1)
    }
    return report
  }

  /// Whether a line is one number of a list (`97,`, `142`).
  private static func isNumber(_ text: Substring) -> Bool {
    let digits = text.hasSuffix(",") ? text.dropLast() : text
    return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }
}
