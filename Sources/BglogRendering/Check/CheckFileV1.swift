import BglogKit

/// One input in `check`'s JSON and NDJSON output (schema version 1).
public struct CheckFileV1: Codable, Sendable, Hashable {
  /// The path as given or found; `-` for standard input.
  public var file: String
  /// `crash-reports`, `console-log`, `skipped` or `error`.
  public var type: String
  /// `fail`, `pass`, `skipped` or `error`.
  public var status: String
  /// Reports in the file, for crash reports.
  public var reports: Int?
  /// The console layout, for console logs.
  public var layout: String?
  /// The findings, in file order.
  public var findings: [CheckFindingV1]
  /// Why it was skipped.
  public var reason: String?
  /// Why it could not be read.
  public var error: CheckErrorV1?

  /// Wire form of a file result.
  public init(_ result: CheckFileResult, evaluation: CheckEvaluation) {
    file = result.input.path
    findings = result.findings.map { CheckFindingV1($0, status: evaluation.status(of: $0)) }
    status = evaluation.fails(result) ? "fail" : "pass"
    switch result.outcome {
    case .crashReports(let count, _):
      type = "crash-reports"
      reports = count
      layout = result.consoleLayout?.rawValue  // console lines around the reports, when there were any
    case .consoleLog(let layout, _, _):
      type = "console-log"
      self.layout = layout?.rawValue
      if let error = result.error {
        // Read in part: an input problem beside the findings kept.
        if status != "fail" { status = "error" }
        self.error = CheckErrorV1(line: ErrorDescription.line(error), message: ErrorDescription.message(error))
      }
    case .skipped(let reason):
      type = "skipped"
      status = "skipped"
      self.reason = reason
    case .failed(let error):
      type = "error"
      if status != "fail" { status = "error" }
      self.error = CheckErrorV1(
        line: ErrorDescription.line(error), message: ErrorDescription.message(error, for: .json))
    }
  }
}

/// One finding in `check`'s JSON output.
public struct CheckFindingV1: Codable, Sendable, Hashable {
  /// The kind id.
  public var kind: String
  /// `low`, `medium` or `high`.
  public var confidence: String
  /// `fails`, `baselined`, `below-confidence` or `not-selected`.
  public var status: String
  /// `crash-report` or `console-log`.
  public var origin: String
  /// The evidence line.
  public var line: Int?
  /// What happened.
  public var summary: String
  /// The evidence line quoted.
  public var quote: String?
  /// The signature text.
  public var signature: String
  /// The signature's fingerprint.
  public var fingerprint: String

  /// Wire form of a finding.
  public init(_ finding: CheckFinding, status: CheckFindingStatus) {
    kind = finding.kind
    confidence = finding.confidence.rawValue
    self.status = status.rawValue
    origin = finding.origin.rawValue
    line = finding.line
    summary = finding.summary
    quote = finding.quote
    signature = finding.signature.text
    fingerprint = finding.signature.fingerprint
  }
}

/// An input error in `check`'s JSON output.
public struct CheckErrorV1: Codable, Sendable, Hashable {
  /// The line, when the error has one.
  public var line: Int?
  /// The message.
  public var message: String
}
