/// Reads a pasted part of an `.ips` JSON body: members such as `"termination" : {…},`,
/// `"exception" : {…}` and `"faultingThread" : 0` without the enclosing object, as people paste the
/// keys they think matter into an issue. The members read are applied as a body; a member cut
/// mid-value ends the reading with a parse note.
enum IPSFragmentReader {
  /// Body keys that make a quoted-key paste an `.ips` fragment.
  static let bodyKeys: Set<String> = [
    "termination", "exception", "faultingThread", "asi", "threads", "usedImages", "procName", "bundleInfo",
    "procRole", "osVersion", "captureTime", "incident", "legacyInfo", "lastExceptionBacktrace", "crashReporterKey",
  ]

  /// Whether a document whose first non-blank line is `firstLine` may be a body fragment: it starts
  /// with a quoted key followed by a colon. Pastes start wherever the author began copying
  /// (`"parentPid" : 1,` in uYouPlus #1252), so the first key need not be one the diagnosis uses;
  /// ``read(_:)`` then requires one of ``bodyKeys`` among the members.
  static func looksLikeFragment(_ firstLine: Substring) -> Bool {
    guard firstLine.hasPrefix("\"") else { return false }
    let key = firstLine.dropFirst().prefix(while: { $0 != "\"" })
    let rest = firstLine.dropFirst(key.count + 2).drop(while: { $0 == " " || $0 == "\t" })
    return !key.isEmpty && rest.hasPrefix(":")
  }

  /// The report the fragment holds, or `nil` when no member could be read.
  static func read(_ source: SourceText) -> CrashReport? {
    let read = members(JSONReader(bytes: Array(source.text.utf8)))
    guard !read.members.isEmpty, read.members.contains(where: { bodyKeys.contains($0.key) }) else { return nil }
    let firstLine = read.firstLine ?? 1
    var report = CrashReport(format: .ips, category: .crash, startLine: firstLine, endLine: read.endLine)
    IPSCrashBodyReader.apply(JSONValue(.object(read.members), line: firstLine), to: &report)
    report.issues.insert(
      ParseIssue(
        "a fragment of an .ips body (\(read.members.map(\.key).joined(separator: ", "))): no metadata line or "
          + "enclosing object", at: .line(firstLine)), at: 0)
    report.issues += read.issues
    return report
  }

  /// A crash report from `members`, those of a cut `.ips` body at `bodyLine`
  /// (``membersOfCutBody(_:bodyLine:)``), spanning `startLine` to the end, with `note` and the members
  /// read as its parse note; `nil` when its `bug_type` names another kind of report than a crash. Used
  /// for a metadata line cut at its start and for a body without one.
  static func crashReport(
    fromCutBody members: [JSONMember], in source: SourceText, bodyLine: Int, startLine: Int, note: String,
    noteLine: Int
  ) -> CrashReport? {
    if let bugType = members.first(where: { $0.key == "bug_type" })?.value.string,
      IPSBugType(rawValue: bugType).category != .crash
    {
      return nil
    }
    var report = CrashReport(format: .ips, category: .crash, startLine: startLine, endLine: source.lineCount)
    IPSCrashBodyReader.apply(JSONValue(.object(members), line: bodyLine), to: &report)
    if let pid = report.header.processID, pid < 0 { report.header.processID = nil }
    report.issues.append(
      ParseIssue(note + " (\(members.map(\.key).joined(separator: ", ")))", at: .line(noteLine)))
    return report
  }

  /// The members of an `.ips` JSON body that is cut (a paste or a forum that stopped mid-report), read
  /// one by one from the body's opening `{` on 1-based line `bodyLine` up to the member that is cut.
  /// Nil when the line does not open an object or no body key was read before the cut.
  static func membersOfCutBody(_ source: SourceText, bodyLine: Int) -> [JSONMember]? {
    guard bodyLine >= 1, bodyLine <= source.lineCount else { return nil }
    let bytes = Array(source.text.utf8)
    var reader = JSONReader(bytes: bytes, offset: source.lineBounds[2 * (bodyLine - 1)], line: bodyLine)
    reader.skipWhitespace()
    guard reader.skip(UInt8(ascii: "{")) else { return nil }
    let read = members(reader)
    guard read.members.contains(where: { bodyKeys.contains($0.key) }) else { return nil }
    return read.members
  }

  /// Reads `"key" : value` members, separated by commas, until the text ends, a member is cut or
  /// something else than a member follows.
  private static func members(
    _ start: JSONReader
  ) -> (members: [JSONMember], issues: [ParseIssue], firstLine: Int?, endLine: Int) {
    var reader = start
    var members: [JSONMember] = []
    var issues: [ParseIssue] = []
    var firstLine: Int?
    while true {
      reader.skipWhitespace()
      if reader.isAtEnd { break }
      let line = reader.line
      do {
        let key = try reader.readValue()
        guard let name = key.string else {
          issues.append(ParseIssue("expected a quoted key of an .ips body", at: .line(line)))
          break
        }
        reader.skipWhitespace()
        guard reader.skip(UInt8(ascii: ":")) else {
          issues.append(ParseIssue("expected `:` after \"\(name.prefix(40))\"", at: .line(reader.line)))
          break
        }
        reader.skipWhitespace()
        let valueStart = reader
        do {
          let value = try reader.readValue()
          members.append(JSONMember(key: name, value: value))
        } catch {
          // The paste stops inside this member: keep what of it is complete (an object's whole members,
          // an array's whole elements), as uYouPlus #1252 pastes a `termination` cut inside `reasons`.
          if let partial = salvage(valueStart) {
            members.append(JSONMember(key: name, value: partial))
            firstLine = firstLine ?? line
          }
          issues.append(
            ParseIssue(
              "the pasted JSON stops inside a value (\"\(name.prefix(40))\"); read the members before it"
                + (members.last?.key == name ? " and the complete parts of it" : ""), at: .line(line)))
          break
        }
        firstLine = firstLine ?? line
        reader.skipWhitespace()
        _ = reader.skip(UInt8(ascii: ","))
      } catch {
        issues.append(ParseIssue("the pasted JSON stops inside a value; read the members before it", at: .line(line)))
        break
      }
    }
    return (members, issues, firstLine, reader.line)
  }

  /// The complete part of an object or array that the text cuts: its whole members or elements, and
  /// the complete part of the one that is cut; `nil` for a cut scalar or when nothing is complete.
  static func salvage(_ start: JSONReader, depth: Int = 0) -> JSONValue? {
    guard depth < 16 else { return nil }
    var reader = start
    reader.skipWhitespace()
    let line = reader.line
    if reader.skip(UInt8(ascii: "{")) {
      var members: [JSONMember] = []
      while true {
        reader.skipWhitespace()
        guard let key = try? reader.readValue(), let name = key.string else { break }
        reader.skipWhitespace()
        guard reader.skip(UInt8(ascii: ":")) else { break }
        reader.skipWhitespace()
        let valueStart = reader
        guard let value = try? reader.readValue() else {
          if let partial = salvage(valueStart, depth: depth + 1) {
            members.append(JSONMember(key: name, value: partial))
          }
          break
        }
        members.append(JSONMember(key: name, value: value))
        reader.skipWhitespace()
        guard reader.skip(UInt8(ascii: ",")) else { break }
      }
      return members.isEmpty ? nil : JSONValue(.object(members), line: line)
    }
    if reader.skip(UInt8(ascii: "[")) {
      var elements: [JSONValue] = []
      while true {
        reader.skipWhitespace()
        let elementStart = reader
        guard let element = try? reader.readValue() else {
          if let partial = salvage(elementStart, depth: depth + 1) { elements.append(partial) }
          break
        }
        elements.append(element)
        reader.skipWhitespace()
        guard reader.skip(UInt8(ascii: ",")) else { break }
      }
      return elements.isEmpty ? nil : JSONValue(.array(elements), line: line)
    }
    return nil
  }
}
