import BglogKit

/// Words shared by the `check` renderers, so every format says the same thing the same way.
enum CheckWording {
  /// A path for display: `<stdin>` for `-`.
  static func path(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  /// `file:line` or `file`.
  static func location(_ file: String, line: Int?) -> String {
    line.map { "\(path(file)):\($0)" } ?? path(file)
  }

  /// The text padded with spaces to `width` characters (at least one space after it).
  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  /// The status as one lowercase word.
  static func status(_ status: CheckFindingStatus) -> String {
    switch status {
    case .fails: "fail"
    case .baselined: "baselined"
    case .belowConfidence: "below-confidence"
    case .notSelected: "info"
    }
  }

  /// `3 findings in 2 files` style counts.
  static func plural(_ count: Int, _ word: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? word : plural ?? word + "s")
  }

  /// The signature without its kind (`app · locus · report`), for lines that name the kind already;
  /// empty when the signature is only the kind.
  static func signatureBeyondKind(_ signature: CheckSignature) -> String {
    [signature.app, signature.locus, signature.report].compactMap { $0 }.joined(separator: " · ")
  }

  /// The first file and how many others, for one group.
  static func where_(_ group: CheckGroup) -> String {
    whereParts(group).joined(separator: " ")
  }

  /// ``where_(_:)`` in the parts a line may break between: the location (never broken) and
  /// `and N more files`.
  static func whereParts(_ group: CheckGroup) -> [String] {
    let first = location(group.first.file, line: group.first.finding.line)
    let others = group.files.count - 1
    return others > 0 ? [first, "and \(plural(others, "more file"))"] : [first]
  }

  /// The policy as the flags that would set it.
  static func policy(_ evaluation: CheckEvaluation) -> String {
    var text = "--fail-on \(evaluation.policy.failOn.description)"
    text += " --min-confidence \(evaluation.policy.minimumConfidence.rawValue)"
    text += " --on-input-error \(evaluation.policy.inputErrors.rawValue)"
    if evaluation.baseline != nil { text += " --baseline" }
    return text
  }

  /// The exit status a verdict gives.
  static func exitCode(_ verdict: CheckEvaluation.Verdict) -> Int {
    switch verdict {
    case .pass: 0
    case .fail: 1
    case .inputError: 2
    }
  }

  /// One sentence for the verdict.
  static func verdict(_ evaluation: CheckEvaluation) -> String {
    switch evaluation.verdict {
    case .pass: "passed (exit 0)"
    case .fail: "FAILED: the policy failed (exit 1)"
    case .inputError where evaluation.counts.errors == 0:
      "passed the policy, but \(plural(evaluation.counts.readInPart, "input")) could only be read in part (exit 2)"
    case .inputError:
      "passed the policy, but \(plural(evaluation.counts.errors + evaluation.counts.readInPart, "input")) "
        + "could not be read\(evaluation.counts.readInPart > 0 ? " in full" : "") (exit 2)"
    }
  }

  /// `12 inputs: 9 crash report files (10 reports), 1 console log, 2 skipped, 0 errors`.
  static func inputs(_ counts: CheckEvaluation.Counts) -> String {
    "\(plural(counts.inputs, "input")): \(plural(counts.crashReportFiles, "crash report file"))"
      + " (\(plural(counts.crashReports, "report"))"
      + (counts.crashReportFilesWithConsoleLines > 0
        ? "; \(counts.crashReportFilesWithConsoleLines) with console lines read too" : "")
      + "), \(plural(counts.consoleLogs, "console log")),"
      + " \(counts.skipped) skipped, \(plural(counts.errors, "error"))"
      + (counts.readInPart > 0 ? ", \(counts.readInPart) read in part" : "")
  }

  /// `15 findings in 12 groups, 3 groups fail`.
  static func findings(_ counts: CheckEvaluation.Counts) -> String {
    "\(plural(counts.findings, "finding")) in \(plural(counts.groups, "group")), "
      + "\(counts.failingGroups) \(counts.failingGroups == 1 ? "group fails" : "groups fail")"
  }
}
