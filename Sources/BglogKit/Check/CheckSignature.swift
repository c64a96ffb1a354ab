/// What makes two findings "the same problem": the kind, the app, and where it happened (the first
/// app frame, or the watchdog event when the stack says nothing specific).
///
/// The fingerprint is a stable hash of these parts, identical on every machine and run, so baselines and
/// SARIF partial fingerprints can match findings across builds.
public struct CheckSignature: Sendable, Hashable, Comparable {
  /// The kind id (a `DiagnosisKind` or `TimelineFinding.Kind` raw value).
  public var kind: String
  /// The app's bundle id or process name, when known.
  public var app: String?
  /// Where: `MyApp -[Loader start]`, `MyApp +0x5440` (unsymbolicated), `event: scene-update`; `nil` when
  /// nothing narrower than kind and app is known.
  public var locus: String?

  /// Creates a signature.
  public init(kind: String, app: String?, locus: String?) {
    self.kind = kind
    self.app = app
    self.locus = locus
  }

  /// One line for people: `kind · app · locus`.
  public var text: String {
    ([kind] + [app, locus].compactMap { $0 }).joined(separator: " · ")
  }

  /// 16 hex digits of FNV-1a 64 over the parts (Swift's `Hasher` is seeded per process, so unusable here).
  public var fingerprint: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let parts = ["v1", kind, app ?? "", locus ?? ""].joined(separator: "\u{1F}")
    for byte in parts.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Orders by kind, then app, then locus.
  public static func < (lhs: CheckSignature, rhs: CheckSignature) -> Bool {
    (lhs.kind, lhs.app ?? "", lhs.locus ?? "") < (rhs.kind, rhs.app ?? "", rhs.locus ?? "")
  }

  /// The signature of a diagnosed crash report.
  public static func of(_ report: CrashReport, diagnosis: Diagnosis) -> CheckSignature {
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
    default:
      let thread = report.blamedThread ?? report.mainThread
      let frame = thread.flatMap { firstAppFrame($0, in: report) }
      return CheckSignature(kind: diagnosis.kind.rawValue, app: app, locus: frame.map(describe) ?? event)
    }
  }

  /// The signature of a console-log finding: the finding kind and the app.
  public static func of(_ finding: TimelineFinding, app: AppTimeline) -> CheckSignature {
    CheckSignature(kind: finding.kind.rawValue, app: app.bundleID ?? app.processName, locus: nil)
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
