/// The sentence the system writes when it kills an app with 0xdead10cc for holding a file lock at
/// suspension, and the process it names. Only that kill writes it, in each era's own wording:
///
/// - iOS 9–12 reports (SpringBoard/assertiond), in the Application Specific Information, the path on the
///   next line: `<BKNewProcess: 0x16d390c0; <BUNDLE-ID> pid: 291; hostpid: 101> was suspended with locked
///   system files:` (Adobe-Marketing-Cloud/mobile-services #116), `MyApp[134] was suspended with locked system
///   files:` (Apple's TN2151, as a translation quotes it);
/// - iOS 12 reports, as a pipe-flattened `Termination Description`: `SPRINGBOARD, org.mozilla.ios.Firefox was
///   task-suspended with locked system files: | /var/…/logins.db | ProcessVisibility: Background | …`
///   (mozilla-mobile/firefox-ios #4790);
/// - RunningBoard: `%@ was suspended with locked system files:\n%@\nnot in allowed directories:\n%@` (the format
///   string in runningboardd, as decompilations in public repositories show it).
///
/// runningboardd's console line (`[application<…>:186] suspended with locked system files:`) has no `was`: it
/// is the timeline's (`LockedFileRecognizers`), and is not read here.
enum LockedFilesSentence {
  /// The words after the process, in both spellings.
  static let markers = [" was suspended with locked system files:", " was task-suspended with locked system files:"]

  /// What the sentence names.
  struct Named: Equatable {
    var processName: String?
    var bundleIdentifier: String?
    var processID: Int?
  }

  /// The marker's range in a line, or nil.
  static func marker(in text: Substring) -> Range<String.Index>? {
    for marker in markers {
      if let range = PlainSearch.range(of: marker, in: text) { return range }
    }
    return nil
  }

  /// The first path after the marker in `rest` (the text after `files:`): the first word that is not a `|`
  /// separator, up to a blank, `|` or `>`.
  static func firstPath(in rest: Substring) -> Substring? {
    var text = rest
    while let first = text.first, first == " " || first == "\t" || first == "|" || first == "\n" {
      text = text.dropFirst()
    }
    let path = text.prefix(while: { !$0.isWhitespace && $0 != "|" && $0 != ">" })
    return path.hasPrefix("/") ? path : nil
  }

  /// What the subject before the marker names: `<BKNewProcess: …; bundle; pid: N; …>`, `[app<bundle(…)>:N]`,
  /// `Name[N]`, or one word holding a dot (a bundle identifier). A leading
  /// `NAMESPACE, ` (the description's own) is skipped.
  static func named(subject original: Substring) -> Named? {
    var subject = TextScanning.trimmed(original)
    if let comma = subject.firstIndex(of: ","), subject[..<comma].allSatisfy({ $0.isUppercase || $0 == "_" }),
      !subject[..<comma].isEmpty
    {
      subject = TextScanning.trimmed(subject[subject.index(after: comma)...])
    }
    guard !subject.isEmpty, subject.utf8.count <= 300 else { return nil }
    var named = Named()
    if subject.hasPrefix("<"), subject.hasSuffix(">") {
      // `<BKNewProcess: 0x…; com.app.app; pid: 560; hostpid: -1>`; the bundle may be redacted (`<BUNDLE-ID>`).
      let inner = subject.dropFirst().dropLast()
      for field in inner.split(separator: ";").dropFirst().map({ TextScanning.trimmed($0) }) {
        if let pid = pidValue(in: field) { named.processID = pid }
        if !field.contains(":"), !field.contains(" "), field.contains("."), !field.hasPrefix("<"),
          named.bundleIdentifier == nil
        {
          named.bundleIdentifier = String(field)
        }
      }
      return named
    }
    if subject.hasPrefix("["), subject.hasSuffix("]") {
      // `[application<com.x.app>:812]`, `[app<com.x.app(UUID)>:812]`
      let inner = subject.dropFirst().dropLast()
      if let open = inner.firstIndex(of: "<"), let close = inner.lastIndex(of: ">"), open < close {
        let bundle = inner[inner.index(after: open)..<close].prefix(while: { $0 != "(" })
        if !bundle.isEmpty, !bundle.contains(" ") { named.bundleIdentifier = String(bundle) }
        if let colon = inner[close...].firstIndex(of: ":") {
          named.processID = Int(inner[inner.index(after: colon)...]).flatMap { $0 > 0 ? $0 : nil }
        }
        return named
      }
      return nil
    }
    guard !subject.contains(" "), !subject.contains("\t") else { return nil }
    if subject.hasSuffix("]"), let open = subject.lastIndex(of: "[") {
      // `MyApp[134]`
      let pid = Int(subject[subject.index(after: open)..<subject.index(before: subject.endIndex)])
      guard let pid, pid > 0, open > subject.startIndex else { return nil }
      named.processName = String(subject[..<open])
      named.processID = pid
      return named
    }
    // One word: a bundle identifier (`org.mozilla.ios.Firefox`). A word without a dot is prose as often as a
    // process (`It was suspended with locked system files`), so it names nothing.
    guard subject.contains("."), !subject.hasSuffix("."), !subject.contains("/") else { return nil }
    named.bundleIdentifier = String(subject)
    return named
  }

  /// `pid: 291` in a field that may start with other words (`<BUNDLE-ID> pid: 291`), never `hostpid:`.
  private static func pidValue(in field: Substring) -> Int? {
    guard let range = field.range(of: "pid:") else { return nil }
    if range.lowerBound != field.startIndex {
      let before = field[field.index(before: range.lowerBound)]
      guard before == " " else { return nil }
    }
    return Int(TextScanning.trimmed(field[range.upperBound...])).flatMap { $0 > 0 ? $0 : nil }
  }
}

/// Reads the sentence of ``LockedFilesSentence`` pasted without its report, in prose or alone: the sentence's
/// line, whose subject starts it (so a console line, which starts with a time or type, is never read), and the
/// file paths on the lines after it. The report holds them as its Application Specific Information, where iOS
/// 9–12 wrote them; the classifier reads the kill from the sentence at medium confidence, the code being absent.
enum LockedFilesSentenceReader {
  /// The start of the note the report carries.
  static let note = "the system's \"suspended with locked system files\" sentence without its report"

  /// The most lines a text may hold to be read here (a short paste).
  static let maximumLines = 200

  static func read(_ source: SourceText) -> CrashReport? {
    guard source.lineCount <= maximumLines else { return nil }
    for index in 0..<source.lineCount {
      let line = source.lineText(index)
      guard line.utf8.count <= 4096, LockedFilesSentence.marker(in: line) != nil else { continue }
      let text = TextScanning.trimmed(line)
      guard let marker = LockedFilesSentence.marker(in: text),
        let named = LockedFilesSentence.named(subject: text[..<marker.lowerBound])
      else { continue }
      let number = index + 1
      var report = CrashReport(format: .text, category: .crash, startLine: number, endLine: number)
      report.applicationSpecificInformation = [Located(String(text), at: .line(number))]
      // The paths follow the sentence, one a line (blank lines between them in some copies).
      var next = index + 1
      while next < source.lineCount, next - index <= 40 {
        let candidate = TextScanning.trimmed(source.lineText(next))
        next += 1
        if candidate.isEmpty { continue }
        guard candidate.hasPrefix("/"), !candidate.contains(" "), candidate.utf8.count <= 1024 else { break }
        report.applicationSpecificInformation.append(Located(String(candidate), at: .line(next)))
        report.endLine = next
      }
      report.header.processName = named.processName
      report.header.bundleIdentifier = named.bundleIdentifier
      report.header.processID = named.processID
      report.issues.append(
        ParseIssue(note + ": no report header, exception, termination reason or backtrace", at: .line(number)))
      return report
    }
    return nil
  }
}
