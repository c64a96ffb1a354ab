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

  /// Whether a document whose first non-blank line is `firstLine` is a body fragment: it starts with a
  /// quoted key that `.ips` bodies use, followed by a colon.
  static func looksLikeFragment(_ firstLine: Substring) -> Bool {
    guard firstLine.hasPrefix("\"") else { return false }
    let key = firstLine.dropFirst().prefix(while: { $0 != "\"" })
    let rest = firstLine.dropFirst(key.count + 2).drop(while: { $0 == " " || $0 == "\t" })
    return bodyKeys.contains(String(key)) && rest.hasPrefix(":")
  }

  /// The report the fragment holds, or `nil` when no member could be read.
  static func read(_ source: SourceText) -> CrashReport? {
    var reader = JSONReader(bytes: Array(source.text.utf8))
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
        let value = try reader.readValue()
        members.append(JSONMember(key: name, value: value))
        firstLine = firstLine ?? line
        reader.skipWhitespace()
        _ = reader.skip(UInt8(ascii: ","))
      } catch {
        issues.append(ParseIssue("the pasted JSON stops inside a value; read the members before it", at: .line(line)))
        break
      }
    }
    guard !members.isEmpty, members.contains(where: { bodyKeys.contains($0.key) }) else { return nil }
    var report = CrashReport(format: .ips, category: .crash, startLine: firstLine ?? 1, endLine: reader.line)
    IPSCrashBodyReader.apply(JSONValue(.object(members), line: firstLine ?? 1), to: &report)
    report.issues.insert(
      ParseIssue(
        "a fragment of an .ips body (\(members.map(\.key).joined(separator: ", "))): no metadata line or "
          + "enclosing object", at: .line(firstLine ?? 1)), at: 0)
    report.issues += issues
    return report
  }
}
