/// Reads the one-line metadata object at the top of an `.ips` file.
///
/// The metadata repeats some of the body (`incident_id`, `os_version`, `bundleID`) and is the
/// only identity old jetsam and stackshot reports have, so it fills whatever the body left empty
/// and never overrides the body.
enum IPSMetadataReader {
  /// Adds the metadata's scalar keys as header fields and fills empty header values from them.
  static func apply(_ metadata: JSONValue, to report: inout CrashReport) {
    guard let members = metadata.members else { return }
    var fields: [HeaderField] = []
    for member in members {
      guard let text = member.value.scalarText else { continue }
      fields.append(HeaderField(name: member.key, value: text, location: .json(member.key, line: member.value.line)))
    }
    report.header.fields = fields + report.header.fields

    func text(_ key: String) -> String? {
      guard let value = metadata[key]?.scalarText?.trimmedForJSON, !value.isEmpty else { return nil }
      return value
    }
    var header = report.header
    header.incidentIdentifier = header.incidentIdentifier ?? text("incident_id")
    header.processName = header.processName ?? text("name") ?? text("app_name")
    header.bundleIdentifier = header.bundleIdentifier ?? text("bundleID")
    header.osVersion = header.osVersion ?? text("os_version")
    header.dateTime = header.dateTime ?? text("timestamp")
    if header.version == nil, let version = text("app_version") {
      header.version = text("build_version").map { "\(version) (\($0))" } ?? version
    }
    report.header = header
  }
}
