/// What makes two findings "the same problem": the kind, the app, and where it happened (the first
/// app frame, or the watchdog event when the stack says nothing specific); for a jetsam event, the
/// killed processes and their reasons; and when the report names no app and no app frame, the report
/// itself (its incident identifier, else a digest of its text), so a signature is never only the kind.
///
/// The fingerprint is a stable hash of these parts, identical on every machine and run, so baselines and
/// SARIF partial fingerprints can match findings across builds. Signature rules are versioned
/// (``version``): version 2 added the jetsam and report parts; signatures that name an app have the same
/// fingerprint in both.
public struct CheckSignature: Sendable, Hashable, Comparable {
  /// The version of the signature rules (written into baselines as `signatureVersion`).
  public static let version = 2

  /// The kind id (a `DiagnosisKind` or `TimelineFinding.Kind` raw value).
  public var kind: String
  /// The app's bundle id or process name, when known.
  public var app: String?
  /// Where: `MyApp -[Loader start]`, `MyApp +0x5440` (unsymbolicated), `event: scene-update`,
  /// `killed: SpringBoard (highwater)` for jetsam; `nil` when nothing narrower than kind and app is known.
  public var locus: String?
  /// Which report, when nothing else tells this problem from another of its kind (no app, no app
  /// frame): `report 6F1E…` (the incident identifier) or `report #1a2b3c4d` (a digest of its text).
  public var report: String?

  /// Creates a signature.
  public init(kind: String, app: String?, locus: String?, report: String? = nil) {
    self.kind = kind
    self.app = app
    self.locus = locus
    self.report = report
  }

  /// One line for people: `kind · app · locus · report`.
  public var text: String {
    ([kind] + [app, locus, report].compactMap { $0 }).joined(separator: " · ")
  }

  /// 16 hex digits of FNV-1a 64 over the parts (Swift's `Hasher` is seeded per process, so unusable here).
  /// Without a report part the parts are those of version 1, so fingerprints of signatures with an app
  /// did not change.
  public var fingerprint: String {
    var parts = ["v1", kind, app ?? "", locus ?? ""]
    if let report { parts += [report] }
    let hex = String(Self.fnv1a(parts.joined(separator: "\u{1F}").utf8), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  static func fnv1a(_ bytes: some Sequence<UInt8>, into start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = start
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// Orders by kind, then app, then locus, then report.
  public static func < (lhs: CheckSignature, rhs: CheckSignature) -> Bool {
    (lhs.kind, lhs.app ?? "", lhs.locus ?? "", lhs.report ?? "")
      < (rhs.kind, rhs.app ?? "", rhs.locus ?? "", rhs.report ?? "")
  }

  /// The signature of a diagnosed crash report; `source` (the text it was read from) gives the digest
  /// that names a report without an app or incident identifier.
  public static func of(_ report: CrashReport, diagnosis: Diagnosis, source: SourceText? = nil) -> CheckSignature {
    var digests = ReportDigests()
    return of(report, diagnosis: diagnosis, source: source, digests: &digests)
  }

  /// ``of(_:diagnosis:source:)`` with the digests already worked out for `source`'s line ranges, so
  /// that many reports read from one range (a report flattened onto one 2 MB line splits into thousands,
  /// all on line 1) hash its lines once instead of once each.
  static func of(
    _ report: CrashReport, diagnosis: Diagnosis, source: SourceText?, digests: inout ReportDigests
  ) -> CheckSignature {
    var signature = parts(of: report, diagnosis: diagnosis)
    // Without an app, kind and event (or nothing) would merge every app's problem of this kind: name the
    // report. A frame locus names the app's image, and a jetsam locus the killed processes.
    let namesApp = signature.locus.map { !$0.hasPrefix("event: ") } ?? false
    if signature.app == nil, !namesApp {
      signature.report = identity(of: report, source: source, digests: &digests)
    }
    return signature
  }

  private static func parts(of report: CrashReport, diagnosis: Diagnosis) -> CheckSignature {
    let app = report.header.bundleIdentifier ?? report.header.processName
    let event = diagnosis.facts.first(where: { $0.key == "watchdog-event" }).map { "event: " + $0.value }
    switch diagnosis.kind {
    case .leakedBackgroundTask, .backgroundSessionCompletionNotCalled, .backgroundFetchTimeout:
      // The main thread is idle in its run loop for these, so its first app frame is always `main`:
      // the app and the watchdog event are all that tell two of them apart.
      return CheckSignature(kind: diagnosis.kind.rawValue, app: app, locus: event)
    case .watchdogHang, .hangReport, .mainThreadDeadlock:
      let frame = report.mainThread.flatMap { firstAppFrame($0, in: report) }
      return CheckSignature(kind: diagnosis.kind.rawValue, app: app, locus: frame.map(describe) ?? event)
    case .jetsam where !(report.jetsam?.killed.isEmpty ?? true):
      // Which process was killed, and why: SpringBoard at its highwater mark is not an app thrashing.
      let killed = (report.jetsam?.killed ?? []).map { "\($0.bundleIdentifier ?? $0.name) (\($0.reason ?? ""))" }
      return CheckSignature(
        kind: diagnosis.kind.rawValue, app: app, locus: "killed: " + killed.sorted().joined(separator: ", "))
    default:
      let thread = report.blamedThread ?? report.mainThread
      let frame = thread.flatMap { firstAppFrame($0, in: report) }
      return CheckSignature(kind: diagnosis.kind.rawValue, app: app, locus: frame.map(describe) ?? event)
    }
  }

  /// `report INCIDENT` when the report has an incident identifier, else `report #DIGEST` over its lines
  /// (so copies of one report still group), else the report's first line number.
  static func identity(of report: CrashReport, source: SourceText?) -> String {
    var digests = ReportDigests()
    return identity(of: report, source: source, digests: &digests)
  }

  /// The digests of line ranges of one source text, worked out once each (see ``identity(of:source:digests:)``).
  struct ReportDigests {
    var byLines: [ClosedRange<Int>: String] = [:]
    /// How many digests were worked out (not taken from `byLines`): the lines hashed are bounded by it.
    var computed = 0
  }

  /// ``identity(of:source:)``, taking the digest of a line range from `digests` when it was worked out.
  static func identity(of report: CrashReport, source: SourceText?, digests: inout ReportDigests) -> String {
    if let incident = report.header.incidentIdentifier?.filter({ !$0.isWhitespace }), !incident.isEmpty {
      return "report " + incident
    }
    guard let source, report.startLine >= 1, report.endLine >= report.startLine, report.endLine <= source.lineCount
    else { return "report at line \(report.startLine)" }
    let lines = report.startLine...report.endLine
    if let known = digests.byLines[lines] { return known }
    digests.computed += 1
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for number in report.startLine...report.endLine {
      // Line ends are left out, so one report with CRLF or LF line ends is one report.
      hash = fnv1a(source.line(number).utf8, into: hash)
      hash = fnv1a([0x0A], into: hash)
    }
    let hex = String(hash >> 32, radix: 16)
    let digest = "report #" + String(repeating: "0", count: 8 - hex.count) + hex
    digests.byLines[lines] = digest
    return digest
  }

  /// The signature of a console-log finding: the finding kind and the app; when the log names no app
  /// (a pid only), a digest of the evidence lines' text, so it is never only the kind.
  public static func of(_ finding: TimelineFinding, app: AppTimeline) -> CheckSignature {
    let name = app.bundleID ?? app.processName
    guard name == nil else { return CheckSignature(kind: finding.kind.rawValue, app: name, locus: nil) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for evidence in finding.evidence {
      hash = fnv1a(evidence.text.utf8, into: hash)
      hash = fnv1a([0x0A], into: hash)
    }
    let hex = String(hash >> 32, radix: 16)
    return CheckSignature(
      kind: finding.kind.rawValue, app: nil, locus: nil,
      report: "evidence #" + String(repeating: "0", count: 8 - hex.count) + hex)
  }

  /// `image symbol` when symbolicated, else `image +0xOFFSET` (the offset into the image is the same on
  /// every device for one build, unlike the address). Symbol offsets are left out: they move with any edit.
  static func describe(_ frame: StackFrame) -> String {
    if let symbol = frame.symbol { return "\(frame.image) \(symbol)" }
    if let offset = frame.imageOffset { return "\(frame.image) +0x\(String(offset, radix: 16))" }
    if let address = frame.address, let base = frame.imageBase, address >= base {
      return "\(frame.image) +0x\(String(address - base, radix: 16))"
    }
    return frame.image
  }

  /// The first frame whose image is the app's: the process, the executable named by the path, or a
  /// binary image inside the app bundle (the same rule the classifier uses).
  static func firstAppFrame(_ thread: ThreadBacktrace, in report: CrashReport) -> StackFrame? {
    StackAnalysis.firstAppFrame(thread, appImages: report.appImageNames)
  }
}
