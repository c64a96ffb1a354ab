/// What `check` made of one input: exactly one of these per input, never dropped.
public struct CheckFileResult: Sendable, Hashable {
  /// The input.
  public var input: InputFile
  /// The outcome.
  public var outcome: Outcome
  /// For crash reports with console lines around them (a ticket's text, an article): the layout of
  /// those lines, when one was detected; their findings are among the outcome's, with origin
  /// `console-log`.
  public var consoleLayout: ConsoleLayout?
  /// For crash reports with console lines around them: the background events recognised in those lines.
  public var consoleEvents = 0
  /// Recognised events a console log's timeline left out to bound memory: the input was read in
  /// part, which ``error`` reports (findings may be missing), on top of the findings kept.
  public var droppedEvents: Int

  /// Creates a result.
  public init(input: InputFile, outcome: Outcome, droppedEvents: Int = 0) {
    self.input = input
    self.outcome = outcome
    self.droppedEvents = droppedEvents
  }

  /// The outcome of one input.
  public enum Outcome: Sendable, Hashable {
    /// A file of crash reports: how many, and one finding per report.
    case crashReports(count: Int, findings: [CheckFinding])
    /// A console log with recognised background events, and its timeline findings (possibly none).
    case consoleLog(layout: ConsoleLayout?, events: Int, findings: [CheckFinding])
    /// Found while walking a directory and neither a report nor a console log: skipped and counted.
    case skipped(reason: String)
    /// Could not be read, or (when named on the command line) is neither a report nor a console log.
    case failed(InputError)
  }

  /// The findings, empty for skipped and failed inputs.
  public var findings: [CheckFinding] {
    switch outcome {
    case .crashReports(_, let findings), .consoleLog(_, _, let findings): findings
    case .skipped, .failed: []
    }
  }

  /// The error, when the input failed, or was read in part (``droppedEvents``): both are input
  /// problems, judged by `--on-input-error`.
  public var error: InputError? {
    if case .failed(let error) = outcome { return error }
    if droppedEvents > 0 { return .incomplete(path: input.path, droppedEvents: droppedEvents) }
    return nil
  }
}
