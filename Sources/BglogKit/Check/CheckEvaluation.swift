/// The results of `check` judged against a policy and a baseline: groups, per-finding status, counts and
/// the verdict. Renderers read only this.
public struct CheckEvaluation: Sendable, Hashable {
  /// One result per input, in sorted path order.
  public var files: [CheckFileResult]
  /// The policy applied.
  public var policy: CheckPolicy
  /// The fingerprints the baseline accepts; `nil` when no baseline was given.
  public var baseline: Set<String>?
  /// The groups: failing first, then the most frequent, then by signature.
  public var groups: [CheckGroup]
  /// Totals.
  public var counts: Counts
  /// The outcome.
  public var verdict: Verdict

  /// Judges results.
  public init(files: [CheckFileResult], policy: CheckPolicy, baseline: Set<String>? = nil) {
    self.files = files
    self.policy = policy
    self.baseline = baseline
    var groups: [CheckSignature: CheckGroup] = [:]
    var counts = Counts()
    for file in files {
      switch file.outcome {
      case .crashReports(let count, _):
        counts.crashReportFiles += 1
        counts.crashReports += count
        if file.consoleEvents > 0 { counts.crashReportFilesWithConsoleLines += 1 }
      case .consoleLog: counts.consoleLogs += 1
      case .skipped: counts.skipped += 1
      case .failed: counts.errors += 1
      }
      if file.droppedEvents > 0, file.error != nil { counts.readInPart += 1 }
      for finding in file.findings {
        counts.findings += 1
        let status = Self.status(finding, policy: policy, baseline: baseline)
        if status == .fails { counts.failingFindings += 1 }
        if var group = groups[finding.signature] {
          group.count += 1
          group.status = min(group.status, status)
          group.confidence = max(group.confidence, finding.confidence)
          if group.files.last != file.input.path { group.files.append(file.input.path) }
          groups[finding.signature] = group
        } else {
          groups[finding.signature] = CheckGroup(
            signature: finding.signature, status: status, confidence: finding.confidence, count: 1,
            files: [file.input.path], first: CheckGroup.Occurrence(file: file.input.path, finding: finding))
        }
      }
    }
    counts.inputs = files.count
    self.groups = groups.values.sorted {
      ($0.status, -$0.count, $0.signature) < ($1.status, -$1.count, $1.signature)
    }
    counts.groups = self.groups.count
    counts.failingGroups = self.groups.filter { $0.status == .fails }.count
    self.counts = counts
    let problems = counts.errors + counts.readInPart
    if counts.failingGroups > 0 || (problems > 0 && policy.inputErrors == .fail) {
      verdict = .fail
    } else if problems > 0 && policy.inputErrors == .error {
      verdict = .inputError
    } else {
      verdict = .pass
    }
  }

  /// Why a finding does or does not fail, baseline included.
  public func status(of finding: CheckFinding) -> CheckFindingStatus {
    Self.status(finding, policy: policy, baseline: baseline)
  }

  /// Whether an input fails the check: a failing finding, or an error (or reading in part) when errors fail.
  public func fails(_ file: CheckFileResult) -> Bool {
    if file.error != nil, policy.inputErrors == .fail { return true }
    return file.findings.contains { status(of: $0) == .fails }
  }

  /// A baseline accepting every group that fails now (and keeping nothing else).
  public func baselineOfFailingGroups() -> CheckBaseline {
    let unbaselined = CheckEvaluation(files: files, policy: policy, baseline: nil)
    return CheckBaseline(
      signatures: unbaselined.groups.filter { $0.status == .fails }.map {
        CheckBaseline.Entry(
          fingerprint: $0.signature.fingerprint, kind: $0.kind, signature: $0.signature.text, count: $0.count)
      })
  }

  private static func status(_ finding: CheckFinding, policy: CheckPolicy, baseline: Set<String>?)
    -> CheckFindingStatus
  {
    let status = policy.verdict(finding)
    if status == .fails, let baseline, baseline.contains(finding.signature.fingerprint) { return .baselined }
    return status
  }

  /// The outcome of a check.
  public enum Verdict: String, Sendable, Hashable {
    /// Nothing fails and every input was read (or errors are ignored).
    case pass
    /// A finding fails the policy (or an input error, when errors fail): exit 1.
    case fail
    /// No finding fails but an input could not be read: exit 2.
    case inputError = "input-error"
  }

  /// Totals over a check.
  public struct Counts: Sendable, Hashable {
    /// Inputs (files, plus paths that do not exist).
    public var inputs = 0
    /// Inputs read as crash reports.
    public var crashReportFiles = 0
    /// Crash reports in them (a file may hold several).
    public var crashReports = 0
    /// Crash report files whose lines around the reports were read as a console log too (a ticket's
    /// text, an article).
    public var crashReportFilesWithConsoleLines = 0
    /// Inputs read as console logs.
    public var consoleLogs = 0
    /// Inputs skipped (found in a directory, neither kind).
    public var skipped = 0
    /// Inputs that could not be read.
    public var errors = 0
    /// Console logs read in part (events left out to bound memory): input problems like ``errors``.
    public var readInPart = 0
    /// Findings.
    public var findings = 0
    /// Findings that fail.
    public var failingFindings = 0
    /// Groups.
    public var groups = 0
    /// Groups that fail.
    public var failingGroups = 0

    /// Creates zero counts.
    public init() {}
  }
}
