import BglogKit

/// The JSON wire format of `bglog diagnose --format json`, version 1.
///
/// This is a contract: fields are only ever added. It is built from the domain model, never the
/// model itself, so the model can change without breaking consumers.
public struct DiagnoseOutputV1: Codable, Sendable, Hashable {
  /// Always 1 for this version.
  public var schemaVersion: Int
  /// The tool that wrote it.
  public var tool: ToolV1
  /// Every diagnosed report, in input order.
  public var reports: [ReportV1]
  /// Inputs that could not be read or parsed.
  public var errors: [ErrorV1]
  /// Inputs found in directories that are not reports.
  public var skipped: [SkippedV1]
  /// Counts.
  public var summary: SummaryV1

  /// The tool's name and version.
  public struct ToolV1: Codable, Sendable, Hashable {
    /// `bglog`.
    public var name: String
    /// The version.
    public var version: String
  }

  /// One diagnosed report.
  public struct ReportV1: Codable, Sendable, Hashable {
    /// The input path (`-` for standard input).
    public var file: String
    /// The 1-based position of the report in its file.
    public var index: Int
    /// The 1-based line where the report starts.
    public var startLine: Int
    /// The layout: `text`, `ips`, `ips-text`, `metrickit`, `kscrash`, `crashlytics`.
    public var format: String
    /// `crash`, `jetsam`, `resource`, `stackshot`, `panic`, `other`.
    public var category: String
    /// The `.ips` bug_type, when there is one.
    public var bugType: String?
    /// The process name.
    public var process: String?
    /// The bundle identifier.
    public var bundleId: String?
    /// The OS version as written.
    public var osVersion: String?
    /// The report date as written.
    public var date: String?
    /// The stable kind id.
    public var kind: String
    /// `high`, `medium` or `low`.
    public var confidence: String
    /// One sentence.
    public var summary: String
    /// Why.
    public var explanation: String
    /// What to change.
    public var advice: [String]
    /// The lines the conclusion rests on.
    public var evidence: [EvidenceV1]
    /// Named facts.
    public var facts: [String: String]
    /// Problems met while reading.
    public var parseIssues: [ParseIssueV1]
  }

  /// One quoted line.
  public struct EvidenceV1: Codable, Sendable, Hashable {
    /// The 1-based line, when known.
    public var line: Int?
    /// The JSON path, for JSON inputs.
    public var jsonPath: String?
    /// The quoted text.
    public var quote: String
    /// What it shows.
    public var note: String
  }

  /// One parse problem.
  public struct ParseIssueV1: Codable, Sendable, Hashable {
    /// The 1-based line, when known.
    public var line: Int?
    /// The message.
    public var message: String
  }

  /// One input that failed.
  public struct ErrorV1: Codable, Sendable, Hashable {
    /// The input path.
    public var file: String
    /// The 1-based line, when the error has one.
    public var line: Int?
    /// The message.
    public var message: String
  }

  /// One skipped input.
  public struct SkippedV1: Codable, Sendable, Hashable {
    /// The input path.
    public var file: String
    /// Why it was skipped.
    public var reason: String
  }

  /// Counts of the run.
  public struct SummaryV1: Codable, Sendable, Hashable {
    /// Inputs processed.
    public var inputs: Int
    /// Reports diagnosed.
    public var reports: Int
    /// Inputs skipped.
    public var skipped: Int
    /// Inputs failed.
    public var failed: Int
    /// Reports per kind id.
    public var kinds: [String: Int]
  }
}

extension DiagnoseOutputV1 {
  /// Builds the wire document from a run's results.
  public init(_ results: [FileDiagnosis], version: String) {
    schemaVersion = 1
    tool = ToolV1(name: "bglog", version: version)
    reports = []
    errors = []
    skipped = []
    for result in results {
      switch result.outcome {
      case .diagnosed(let items):
        for (index, item) in items.enumerated() {
          reports.append(ReportV1(item, file: result.input.path, index: index + 1))
        }
      case .skipped(let reason):
        skipped.append(SkippedV1(file: result.input.path, reason: reason))
      case .failed(let error):
        errors.append(
          ErrorV1(
            file: error.path, line: ErrorDescription.line(error), message: ErrorDescription.message(error, for: .json)))
      }
    }
    let counts = Summary(results)
    summary = SummaryV1(
      inputs: counts.inputs, reports: counts.reports, skipped: counts.skipped, failed: counts.failed,
      kinds: Dictionary(uniqueKeysWithValues: counts.kinds.map { ($0.key.rawValue, $0.value) }))
  }
}

extension DiagnoseOutputV1.ReportV1 {
  init(_ item: DiagnosedReport, file: String, index: Int) {
    let report = item.report
    let diagnosis = item.diagnosis
    self.file = file
    self.index = index
    startLine = report.startLine
    format = report.format.rawValue
    category = report.category.rawValue
    bugType = report.bugType
    process = report.header.processName
    bundleId = report.header.bundleIdentifier
    osVersion = report.header.osVersion
    date = report.header.dateTime
    kind = diagnosis.kind.rawValue
    confidence = diagnosis.confidence.rawValue
    summary = diagnosis.summary
    explanation = diagnosis.explanation
    advice = diagnosis.advice
    evidence = diagnosis.evidence.map {
      DiagnoseOutputV1.EvidenceV1(
        line: $0.location?.line, jsonPath: $0.location?.jsonPath, quote: $0.quote, note: $0.note)
    }
    var facts: [String: String] = [:]
    for fact in diagnosis.facts where facts[fact.key] == nil { facts[fact.key] = fact.value }
    self.facts = facts
    parseIssues = report.issues.map { DiagnoseOutputV1.ParseIssueV1(line: $0.location?.line, message: $0.message) }
  }
}
