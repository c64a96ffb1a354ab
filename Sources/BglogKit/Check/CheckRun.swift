import Dispatch
import Foundation

/// Runs `check` over many inputs on all cores, in bounded batches, keeping only per-file findings.
///
/// Each input is read as crash reports first; the lines outside its reports (a ticket's text, an article)
/// are then read as a console log too, and the timeline's findings join the reports'. When no report is
/// found, it is read as a console log, and it is a console log when the timeline recognises background
/// events in it. Files over the crash-report size
/// limit are only streamed as console logs, line by line, so no input is ever held whole beyond that limit.
public struct CheckRun: Sendable {
  /// The largest file read whole as a crash report.
  public var sizeLimit: Int
  /// How many inputs are in flight at once; only their findings outlive the batch.
  public var batchSize: Int
  /// The most threads to use; `nil` uses all cores.
  public var jobs: Int? = nil

  /// Creates a run.
  public init(sizeLimit: Int = DiagnoseRun.defaultSizeLimit, batchSize: Int = 256) {
    self.sizeLimit = sizeLimit
    self.batchSize = max(1, batchSize)
  }

  /// Checks every input and returns one result per input, in the order of `inputs`.
  ///
  /// - Parameters:
  ///   - inputs: the inputs, already sorted.
  ///   - stdin: supplies standard input's bytes when an input is `-`.
  public func run(_ inputs: [InputFile], stdin: @Sendable () -> [UInt8]) -> [CheckFileResult] {
    var results: [CheckFileResult] = []
    results.reserveCapacity(inputs.count)
    var start = 0
    while start < inputs.count {
      let batch = Array(inputs[start..<min(start + batchSize, inputs.count)])
      let slots = ResultSlots<CheckFileResult>(count: batch.count)
      ParallelWork.forEach(iterations: batch.count, jobs: jobs) { index in
        slots.set(index, check(batch[index], stdin: stdin))
      }
      results += slots.values()
      start += batch.count
    }
    return results
  }

  /// Checks one input.
  public func check(_ input: InputFile, stdin: () -> [UInt8]) -> CheckFileResult {
    // One stat(2): the same one InputReader makes (attributesOfItem also looked up owner names).
    if input.path != "-", case .regular(let size) = FileKind.of(input.path), size > sizeLimit {
      return streamConsoleLog(input, size: size)
    }
    do throws(InputError) {
      return check(bytes: try InputReader.read(input, limit: sizeLimit, stdin: stdin), input: input)
    } catch {
      return CheckFileResult(input: input, outcome: .failed(error))
    }
  }

  /// Checks one input's bytes: crash reports, else a console log, else skipped or an error.
  public func check(bytes: [UInt8], input: InputFile) -> CheckFileResult {
    let source = SourceText(bytes: bytes)
    let parseError: ReportParseError
    do {
      let diagnosed = try DiagnoseRun.diagnosedReports(in: source)
      var digests = CheckSignature.ReportDigests()
      let findings = diagnosed.map { CheckFinding($0, source: source, digests: &digests) }
      // A ticket's text or an article holds console lines around its reports: read those too.
      var result = CheckFileResult(input: input, outcome: .crashReports(count: findings.count, findings: findings))
      let outside = Self.timelineOutside(diagnosed.map(\.report), in: source)
      if let console = consoleLog(outside),
        case .consoleLog(let layout, let events, let consoleFindings) = console
      {
        result.outcome = .crashReports(count: findings.count, findings: findings + consoleFindings)
        result.consoleLayout = layout
        result.consoleEvents = events
        result.droppedEvents = outside.droppedEvents
      }
      return result
    } catch {
      parseError = error
    }
    let timeline = TimelineBuilder().build(from: source)
    if let console = consoleLog(timeline) {
      return CheckFileResult(input: input, outcome: console, droppedEvents: timeline.droppedEvents)
    }
    // An image or other binary data is named as such rather than as a text that failed both readings.
    let binary = InputAppearance.binaryKind(bytes.prefix(InputAppearance.sniffLength)).flatMap {
      $0 == .empty ? nil : InputAppearance(kind: $0).advice
    }
    switch parseError {
    case .notAReport(let reason) where input.foundInDirectory:
      return CheckFileResult(
        input: input, outcome: .skipped(reason: binary ?? reason + "; no background events as a console log"))
    case .empty where input.foundInDirectory:
      return CheckFileResult(input: input, outcome: .skipped(reason: "empty file"))
    case .notAReport(let reason):
      let error = ReportParseError.notAReport(
        binary ?? reason + ", and no background events recognised as a console log")
      return CheckFileResult(input: input, outcome: .failed(.parse(path: input.path, error)))
    default:
      return CheckFileResult(input: input, outcome: .failed(.parse(path: input.path, parseError)))
    }
  }

  /// A file over the report limit is only read as a console log, streamed; one whose first bytes are
  /// binary (an image, a disk image, zeros) is not streamed at all.
  private func streamConsoleLog(_ input: InputFile, size: Int) -> CheckFileResult {
    let limitNote = "files over the \(sizeLimit)-byte report limit are read only as console logs"
    func notALog(_ what: String) -> CheckFileResult {
      if input.foundInDirectory { return CheckFileResult(input: input, outcome: .skipped(reason: what)) }
      return CheckFileResult(input: input, outcome: .failed(.parse(path: input.path, .notAReport(what))))
    }
    if let appearance = InputAppearance.of(file: input, limit: sizeLimit) {
      return notALog("\(appearance.advice) (\(size) bytes; \(limitNote))")
    }
    var builder = TimelineBuilder()
    do throws(InputError) {
      try LineStream.forEachLine(input) { line in
        builder.consume(line: line)
        return true
      }
    } catch {
      return CheckFileResult(input: input, outcome: .failed(error))
    }
    let result = builder.finish()
    if let console = consoleLog(result) {
      return CheckFileResult(input: input, outcome: console, droppedEvents: result.droppedEvents)
    }
    let lines = "\(result.statistics.lines) \(result.statistics.lines == 1 ? "line" : "lines")"
    return notALog("no background events recognised in \(lines) read as a console log (\(size) bytes; \(limitNote))")
  }

  /// The timeline of the lines outside the reports (report lines are read as blank lines, so line
  /// numbers stay those of the file); an empty timeline when every line outside them is blank, which
  /// is the case for a plain report, so reports cost no console reading.
  static func timelineOutside(_ reports: [CrashReport], in source: SourceText) -> TimelineResult {
    var inside = [Bool](repeating: false, count: source.lineCount + 1)
    for report in reports where report.startLine >= 1 && report.endLine >= report.startLine {
      let last = min(report.endLine, source.lineCount)
      guard report.startLine <= last else { continue }
      for number in report.startLine...last { inside[number] = true }
    }
    guard source.lineCount > 0,
      (1...source.lineCount).contains(where: { !inside[$0] && !source.line($0).allSatisfy(\.isWhitespace) })
    else {
      var empty = TimelineBuilder()
      return empty.finish()
    }
    var builder = TimelineBuilder()
    for number in 1...source.lineCount { builder.consume(line: inside[number] ? "" : source.line(number)) }
    return builder.finish()
  }

  /// A console-log outcome when the timeline recognised any event, else `nil`.
  private func consoleLog(_ result: TimelineResult) -> CheckFileResult.Outcome? {
    let events = result.apps.reduce(0) { $0 + $1.events.count }
    guard events > 0 else { return nil }
    let findings = result.apps.flatMap { app in app.findings.map { CheckFinding($0, app: app) } }
    return .consoleLog(layout: result.layout, events: events, findings: findings)
  }
}
