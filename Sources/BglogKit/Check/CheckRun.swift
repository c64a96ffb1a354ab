import Dispatch
import Foundation

/// Runs `check` over many inputs on all cores, in bounded batches, keeping only per-file findings.
///
/// Each input is read as crash reports first; when that fails, it is read as a console log, and it is a
/// console log when the timeline recognises background events in it. Files over the crash-report size
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
      let findings = try DiagnoseRun.diagnosedReports(in: source).map(CheckFinding.init)
      return CheckFileResult(input: input, outcome: .crashReports(count: findings.count, findings: findings))
    } catch {
      parseError = error
    }
    let timeline = TimelineBuilder().build(from: source)
    if let console = consoleLog(timeline) {
      return CheckFileResult(input: input, outcome: console, droppedEvents: timeline.droppedEvents)
    }
    switch parseError {
    case .notAReport(let reason) where input.foundInDirectory:
      return CheckFileResult(
        input: input, outcome: .skipped(reason: reason + "; no background events as a console log"))
    case .empty where input.foundInDirectory:
      return CheckFileResult(input: input, outcome: .skipped(reason: "empty file"))
    case .notAReport(let reason):
      let error = ReportParseError.notAReport(reason + ", and no background events recognised as a console log")
      return CheckFileResult(input: input, outcome: .failed(.parse(path: input.path, error)))
    default:
      return CheckFileResult(input: input, outcome: .failed(.parse(path: input.path, parseError)))
    }
  }

  private func streamConsoleLog(_ input: InputFile, size: Int) -> CheckFileResult {
    var builder = TimelineBuilder()
    do throws(InputError) {
      try LineStream.forEachLine(input) { line in
        builder.consume(line: line)
        return true
      }
    } catch {
      return CheckFileResult(input: input, outcome: .failed(error))
    }
    let timeline = builder.finish()
    if let console = consoleLog(timeline) {
      return CheckFileResult(input: input, outcome: console, droppedEvents: timeline.droppedEvents)
    }
    if input.foundInDirectory {
      return CheckFileResult(
        input: input, outcome: .skipped(reason: "over the \(sizeLimit)-byte report limit and not a console log"))
    }
    return CheckFileResult(input: input, outcome: .failed(.tooLarge(path: input.path, bytes: size, limit: sizeLimit)))
  }

  /// A console-log outcome when the timeline recognised any event, else `nil`.
  private func consoleLog(_ result: TimelineResult) -> CheckFileResult.Outcome? {
    let events = result.apps.reduce(0) { $0 + $1.events.count }
    guard events > 0 else { return nil }
    let findings = result.apps.flatMap { app in app.findings.map { CheckFinding($0, app: app) } }
    return .consoleLog(layout: result.layout, events: events, findings: findings)
  }
}
