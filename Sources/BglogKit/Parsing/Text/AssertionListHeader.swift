/// The line that opens a report's assertion list names the process when the report's own header is cut
/// or missing (iOS 7 fragments pasted from the exception down):
///
/// - `MyApp[1369] has active assertions beyond permitted time:` (name and pid);
/// - `<BKNewProcess: 0x17e74840; com.app.app; pid: 560; hostpid: -1> has active assertions beyond permitted
///   time:` (bundle identifier and pid).
enum AssertionListHeader {
  static let marker = "has active assertions beyond permitted time"

  /// What the line names: the process name, its bundle identifier and pid, each when written.
  static func read(_ line: Substring) -> (name: String?, bundleID: String?, pid: Int?)? {
    guard let markerRange = line.range(of: " " + marker) else { return nil }
    let subject = TextScanning.trimmed(line[..<markerRange.lowerBound])
    if subject.hasPrefix("<"), subject.hasSuffix(">") {
      // `<BKNewProcess: 0x…; com.app.app; pid: 560; hostpid: -1>`
      let fields = subject.dropFirst().dropLast().split(separator: ";").map { TextScanning.trimmed($0) }
      var bundleID: String?
      var pid: Int?
      for field in fields.dropFirst() {
        if field.hasPrefix("pid:") {
          pid = Int(TextScanning.trimmed(field.dropFirst(4)))
        } else if !field.contains(":"), !field.contains(" "), field.contains("."), bundleID == nil {
          bundleID = String(field)
        }
      }
      guard bundleID != nil || pid != nil else { return nil }
      return (nil, bundleID, pid.flatMap { $0 > 0 ? $0 : nil })
    }
    // `MyApp[1369]`
    guard subject.hasSuffix("]"), let open = subject.lastIndex(of: "["),
      let pid = Int(subject[subject.index(after: open)..<subject.index(before: subject.endIndex)]), pid > 0
    else { return nil }
    let name = TextScanning.trimmed(subject[..<open])
    guard !name.isEmpty, name.count <= 64 else { return nil }
    return (String(name), nil, pid)
  }

  /// Fills the header's process name, bundle identifier and pid from the first such line, where the header
  /// has none of its own.
  static func fill(_ header: inout ReportHeader, from lines: some Sequence<Substring>) {
    guard header.processName == nil || header.processID == nil || header.bundleIdentifier == nil else { return }
    for line in lines where PlainSearch.contains(marker, in: line) {
      guard let named = read(line) else { continue }
      if header.processName == nil, let name = named.name { header.processName = name }
      if header.bundleIdentifier == nil, let bundle = named.bundleID { header.bundleIdentifier = bundle }
      if header.processID == nil, let pid = named.pid { header.processID = pid }
      return
    }
  }
}
