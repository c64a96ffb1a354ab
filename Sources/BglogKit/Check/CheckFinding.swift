/// One finding of `check`: a diagnosed crash report or a console-log timeline finding, reduced to what
/// the gate needs, so ten thousand of them fit in memory where the reports would not.
public struct CheckFinding: Sendable, Hashable {
  /// The kind id (a `DiagnosisKind` or `TimelineFinding.Kind` raw value).
  public var kind: String
  /// How sure bglog is.
  public var confidence: Confidence
  /// One sentence: what happened.
  public var summary: String
  /// The 1-based line of the first evidence (or the report's first line), when known.
  public var line: Int?
  /// The evidence line quoted, when there is one.
  public var quote: String?
  /// What makes it the same problem as another finding.
  public var signature: CheckSignature
  /// Where it came from.
  public var origin: Origin

  /// Creates a finding.
  public init(
    kind: String, confidence: Confidence, summary: String, line: Int?, quote: String?, signature: CheckSignature,
    origin: Origin
  ) {
    self.kind = kind
    self.confidence = confidence
    self.summary = summary
    self.line = line
    self.quote = quote
    self.signature = signature
    self.origin = origin
  }

  /// Where a finding came from.
  public enum Origin: String, Sendable, Hashable {
    /// A crash report's diagnosis.
    case crashReport = "crash-report"
    /// A console log's timeline.
    case consoleLog = "console-log"
  }

  /// The finding for one diagnosed crash report; `source`, the text it was read from, names a report
  /// without an app in its signature (see ``CheckSignature/of(_:diagnosis:source:)``).
  public init(_ diagnosed: DiagnosedReport, source: SourceText? = nil) {
    var digests = CheckSignature.ReportDigests()
    self.init(diagnosed, source: source, digests: &digests)
  }

  /// ``init(_:source:)`` sharing the digests of `source`'s line ranges with the other reports read from it.
  init(_ diagnosed: DiagnosedReport, source: SourceText?, digests: inout CheckSignature.ReportDigests) {
    let evidence = diagnosed.diagnosis.evidence.first(where: { $0.location?.line != nil })
    var line = evidence?.location?.line ?? diagnosed.report.startLine
    // A flattened paste's evidence counts the restored lines; an annotation points at the file's own line.
    if evidence != nil, diagnosed.report.readFromRestoredLines, let source,
      let restored = FlattenedReport.restore(source)
    {
      line = restored.original(line)
    }
    self.init(
      kind: diagnosed.diagnosis.kind.rawValue, confidence: diagnosed.diagnosis.confidence,
      summary: diagnosed.diagnosis.summary, line: line,
      quote: evidence?.quote,
      signature: CheckSignature.of(diagnosed.report, diagnosis: diagnosed.diagnosis, source: source, digests: &digests),
      origin: .crashReport)
  }

  /// The finding for one timeline finding of an app.
  public init(_ finding: TimelineFinding, app: AppTimeline) {
    let confidence = Confidence(rawValue: finding.confidence.rawValue) ?? .low
    self.init(
      kind: finding.kind.rawValue, confidence: confidence, summary: finding.summary, line: finding.evidence.first?.line,
      quote: finding.evidence.first?.text, signature: CheckSignature.of(finding, app: app), origin: .consoleLog)
  }
}
