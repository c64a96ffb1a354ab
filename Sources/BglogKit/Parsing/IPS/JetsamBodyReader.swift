import Foundation

/// Reads the body of a jetsam event (bug_type 298): the processes the system looked at and the
/// ones it killed, from JSON, or line by line when the JSON is damaged.
enum JetsamBodyReader {
  /// Fills `report.jetsam` (and identity fields) from a JSON body.
  static func apply(_ body: JSONValue, to report: inout CrashReport) {
    var event = JetsamEvent(largestProcess: body["largestProcess"]?.string)
    if let processes = body["processes"] {
      if let elements = processes.elements {
        for (index, element) in elements.enumerated() {
          guard let name = element["name"]?.string else {
            report.issues.append(
              ParseIssue("processes[\(index)] has no name", at: .json("processes[\(index)]", line: element.line)))
            continue
          }
          let reason = element["reason"]
          event.processes.append(
            JetsamProcess(
              name: name,
              pid: element["pid"]?.int,
              bundleIdentifier: element["bundleID"]?.string ?? element["coalition"]?.string,
              reason: reason?.string,
              residentPages: element["rpages"]?.int,
              states: element["states"]?.elements?.compactMap(\.string) ?? [],
              location: .json("processes[\(index)]", line: reason?.line ?? element.line)))
        }
      } else {
        report.issues.append(ParseIssue("processes is not an array", at: .json("processes", line: processes.line)))
      }
    }
    report.jetsam = event
    var header = report.header
    header.hardwareModel = body["product"]?.string ?? header.hardwareModel
    header.osVersion = body["build"]?.string ?? header.osVersion
    header.incidentIdentifier = body["incident"]?.string ?? header.incidentIdentifier
    header.dateTime = body["date"]?.string ?? header.dateTime
    report.header = header
  }

  /// Reads a jetsam body that is not valid JSON, one `"key" : value` line at a time.
  ///
  /// Process entries are the objects inside `"processes" : [`; each `{ … }` there becomes one
  /// process as long as it names one. Values are read from single lines only.
  static func scanTolerantly(
    _ source: SourceText, lines range: Range<Int>, into report: inout CrashReport,
    inProcesses startsInside: Bool = false
  ) {
    var event = report.jetsam ?? JetsamEvent()
    var inProcesses = startsInside
    var current: JetsamProcess?
    var currentLine = 0
    var inStates = false
    // Objects inside an entry (`"physicalPages" : {` … `},`, immich-app/immich #12471) close with a brace that
    // does not end the entry.
    var nestedObjects = 0
    // A piece that starts inside an entry (`"purgeable" : 0,` …, then the entry's `"name"` and `"reason"`, then
    // `},`): the members before the first brace belong to that entry.
    if startsInside, let first = range.first(where: { !source.lineText($0).trimmedForJSON.isEmpty }),
      source.lineText(first).trimmedForJSON.hasPrefix("\"")
    {
      current = JetsamProcess(name: "", location: .line(first + 1))
      currentLine = first + 1
    }
    for index in range where index < source.lineCount {
      let lineNumber = index + 1
      // A `//` comment after a value is the paste's author's (CrashSight's article, `"rpages" : 164, //…`).
      let text = JetsamBodyPieceReader.withoutComment(source.lineText(index).trimmedForJSON).0
      if inStates {
        if text.hasPrefix("]") {
          inStates = false
        } else if let state = quoted(text) {
          current?.states.append(state)
        }
        continue
      }
      if let (key, value) = keyValue(text) {
        switch key {
        case "largestProcess": event.largestProcess = unquoted(value)
        case "processes": inProcesses = true
        case "product": report.header.hardwareModel = report.header.hardwareModel ?? unquoted(value)
        case "build": report.header.osVersion = report.header.osVersion ?? unquoted(value)
        case "incident": report.header.incidentIdentifier = report.header.incidentIdentifier ?? unquoted(value)
        case "date": report.header.dateTime = report.header.dateTime ?? unquoted(value)
        default: break
        }
        guard inProcesses, current != nil else { continue }
        switch key {
        case "name": current?.name = unquoted(value) ?? ""
        case "pid": current?.pid = Int(value.trimmingTrailingComma)
        case "rpages": current?.residentPages = Int(value.trimmingTrailingComma)
        case "bundleID": current?.bundleIdentifier = unquoted(value)
        case "reason":
          current?.reason = unquoted(value)
          current?.location = .line(lineNumber)
        case "states": inStates = value.hasPrefix("[") && !value.contains("]")
        default: if value.hasPrefix("{"), !value.contains("}") { nestedObjects += 1 }
        }
        continue
      }
      guard inProcesses else { continue }
      if text.hasPrefix("{") {
        current = JetsamProcess(name: "", location: .line(lineNumber))
        currentLine = lineNumber
        nestedObjects = 0
      } else if text.hasPrefix("}"), nestedObjects > 0 {
        nestedObjects -= 1
      } else if text.hasPrefix("}"), let process = current {
        if !process.name.isEmpty { event.processes.append(process) }
        current = nil
      }
    }
    if let process = current, !process.name.isEmpty {
      event.processes.append(process)
      report.issues.append(ParseIssue("the last process entry is not closed", at: .line(currentLine)))
    }
    report.jetsam = event
  }

  /// `"key" : value` → (key, value text), for a line holding one member.
  private static func keyValue(_ line: String) -> (String, String)? {
    guard line.hasPrefix("\""), let close = line.dropFirst().firstIndex(of: "\"") else { return nil }
    let key = String(line[line.index(after: line.startIndex)..<close])
    let rest = line[line.index(after: close)...].drop(while: { $0 == " " || $0 == "\t" })
    guard rest.first == ":" else { return nil }
    return (key, rest.dropFirst().trimmedForJSON)
  }

  /// The string inside the first pair of quotes of `text`.
  private static func quoted(_ text: String) -> String? {
    guard let open = text.firstIndex(of: "\"") else { return nil }
    let rest = text[text.index(after: open)...]
    guard let close = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<close])
  }

  /// A JSON string value written on one line, without quotes and trailing comma.
  private static func unquoted(_ value: String) -> String? {
    quoted(value).map { $0.replacingOccurrences(of: "\\/", with: "/") }
  }
}

extension String {
  /// The text without a trailing `,` and surrounding blanks.
  fileprivate var trimmingTrailingComma: String {
    var text = trimmedForJSON
    if text.hasSuffix(",") { text.removeLast() }
    return text.trimmedForJSON
  }
}
