import BglogKit

/// `check --format json`: one versioned document. Fields are only ever added within a schema version.
public struct CheckOutputV1: Codable, Sendable, Hashable {
  /// Always 1 for this type.
  public var schemaVersion: Int
  /// The tool and version.
  public var tool: Tool
  /// `pass`, `fail` or `input-error`.
  public var verdict: String
  /// The exit status bglog returns.
  public var exitCode: Int
  /// The policy applied.
  public var policy: Policy
  /// Totals.
  public var summary: Summary
  /// One entry per signature: failing first, then the most frequent.
  public var groups: [Group]
  /// One entry per input, in sorted path order.
  public var files: [CheckFileV1]

  /// Wire form of an evaluation.
  public init(_ evaluation: CheckEvaluation, version: String) {
    schemaVersion = 1
    tool = Tool(name: "bglog", version: version)
    verdict = evaluation.verdict.rawValue
    exitCode = CheckWording.exitCode(evaluation.verdict)
    policy = Policy(
      failOn: evaluation.policy.failOn.description, minConfidence: evaluation.policy.minimumConfidence.rawValue,
      onInputError: evaluation.policy.inputErrors.rawValue, baseline: evaluation.baseline != nil)
    let counts = evaluation.counts
    summary = Summary(
      inputs: counts.inputs, crashReportFiles: counts.crashReportFiles, crashReports: counts.crashReports,
      consoleLogs: counts.consoleLogs, skipped: counts.skipped, errors: counts.errors, findings: counts.findings,
      failingFindings: counts.failingFindings, groups: counts.groups, failingGroups: counts.failingGroups,
      readInPart: counts.readInPart > 0 ? counts.readInPart : nil)
    groups = evaluation.groups.map(Group.init)
    files = evaluation.files.map { CheckFileV1($0, evaluation: evaluation) }
  }

  /// The tool.
  public struct Tool: Codable, Sendable, Hashable {
    /// `bglog`.
    public var name: String
    /// Its version.
    public var version: String
  }

  /// The policy as applied.
  public struct Policy: Codable, Sendable, Hashable {
    /// `any`, `background`, `none` or kind ids joined by commas.
    public var failOn: String
    /// The minimum confidence.
    public var minConfidence: String
    /// `error`, `fail` or `ignore`.
    public var onInputError: String
    /// Whether a baseline was applied.
    public var baseline: Bool
  }

  /// Totals; see ``CheckEvaluation/Counts``.
  public struct Summary: Codable, Sendable, Hashable {
    /// Inputs.
    public var inputs: Int
    /// Files read as crash reports.
    public var crashReportFiles: Int
    /// Reports in them.
    public var crashReports: Int
    /// Files read as console logs.
    public var consoleLogs: Int
    /// Skipped files.
    public var skipped: Int
    /// Inputs that could not be read.
    public var errors: Int
    /// Findings.
    public var findings: Int
    /// Findings that fail.
    public var failingFindings: Int
    /// Groups.
    public var groups: Int
    /// Groups that fail.
    public var failingGroups: Int
    /// Console logs read in part (events left out to bound memory); absent when none.
    public var readInPart: Int?
  }

  /// One group of findings with one signature.
  public struct Group: Codable, Sendable, Hashable {
    /// The kind id.
    public var kind: String
    /// The most serious status of its findings.
    public var status: String
    /// The highest confidence.
    public var confidence: String
    /// How many findings.
    public var count: Int
    /// The signature text.
    public var signature: String
    /// The fingerprint (what baselines hold).
    public var fingerprint: String
    /// The app, when known.
    public var app: String?
    /// The first app frame or watchdog event, when known.
    public var locus: String?
    /// The files, sorted.
    public var files: [String]
    /// The first finding's file.
    public var file: String
    /// The first finding's line.
    public var line: Int?
    /// The first finding's summary.
    public var summary: String

    init(_ group: CheckGroup) {
      kind = group.kind
      status = group.status.rawValue
      confidence = group.confidence.rawValue
      count = group.count
      signature = group.signature.text
      fingerprint = group.signature.fingerprint
      app = group.signature.app
      locus = group.signature.locus
      files = group.files
      file = group.first.file
      line = group.first.finding.line
      summary = group.first.finding.summary
    }
  }
}
