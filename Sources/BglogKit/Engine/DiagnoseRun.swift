import Dispatch
import Foundation

/// One report of a file together with its diagnosis.
public struct DiagnosedReport: Sendable, Hashable {
  /// The parsed report.
  public var report: CrashReport
  /// What bglog concluded.
  public var diagnosis: Diagnosis

  /// Creates a diagnosed report.
  public init(report: CrashReport, diagnosis: Diagnosis) {
    self.report = report
    self.diagnosis = diagnosis
  }
}

/// What happened to one input of `diagnose`.
public struct FileDiagnosis: Sendable, Hashable {
  /// The input.
  public var input: InputFile
  /// The outcome.
  public var outcome: Outcome

  /// Creates a file result.
  public init(input: InputFile, outcome: Outcome) {
    self.input = input
    self.outcome = outcome
  }

  /// The outcome of one input.
  public enum Outcome: Sendable, Hashable {
    /// One or more reports, each diagnosed.
    case diagnosed([DiagnosedReport])
    /// Found while walking a directory and not a report: skipped and counted, not an error.
    case skipped(reason: String)
    /// Could not be read or parsed.
    case failed(InputError)
  }
}

/// Runs `diagnose` over many inputs, in parallel, with results in input order.
public struct DiagnoseRun: Sendable {
  /// The largest crash report bglog reads (real ones are under a few MB).
  public static let defaultSizeLimit = 64 * 1024 * 1024

  /// The size limit in bytes.
  public var sizeLimit: Int
  /// The most threads to use; `nil` uses all cores.
  public var jobs: Int?

  /// Creates a run.
  public init(sizeLimit: Int = DiagnoseRun.defaultSizeLimit, jobs: Int? = nil) {
    self.sizeLimit = sizeLimit
    self.jobs = jobs
  }

  /// Parses and classifies every report in a decoded input (the reports keep all their detail;
  /// `diagnose` and `check` both start here).
  ///
  /// - Throws: ``ReportParseError`` when the input holds no report.
  public static func diagnosedReports(in source: SourceText) throws(ReportParseError) -> [DiagnosedReport] {
    let classifier = CrashClassifier()
    let reports = try CrashReportReader.read(source)
    // A report read from restored lines (a forum-flattened paste) quotes its evidence from them: its
    // line numbers count the restored lines, and the file's own line 3 is not the restored line 3.
    let restored = reports.contains(where: \.readFromRestoredLines) ? FlattenedReport.restore(source)?.source : nil
    return reports.map {
      DiagnosedReport(
        report: $0, diagnosis: classifier.diagnose($0, source: $0.readFromRestoredLines ? restored ?? source : source))
    }
  }

  /// Reads, parses and classifies one input's bytes.
  public func diagnose(bytes: [UInt8], input: InputFile) -> FileDiagnosis {
    do {
      let diagnosed = try Self.diagnosedReports(in: SourceText(bytes: bytes)).map { item in
        // Keep only what the renderers show: the evidence already quotes the frames that matter, and
        // dropping the backtraces keeps memory flat over thousands of reports.
        var slim = item
        slim.report.threads = []
        slim.report.binaryImages = []
        slim.report.lastExceptionBacktrace = nil
        slim.report.header.fields = []
        return slim
      }
      return FileDiagnosis(input: input, outcome: .diagnosed(diagnosed))
    } catch {
      switch error {
      case .notAReport(let reason) where input.foundInDirectory:
        return FileDiagnosis(input: input, outcome: .skipped(reason: reason))
      case .empty where input.foundInDirectory:
        return FileDiagnosis(input: input, outcome: .skipped(reason: "empty file"))
      default:
        return FileDiagnosis(input: input, outcome: .failed(.parse(path: input.path, error)))
      }
    }
  }

  /// Processes every input on all cores and returns the results in the order of `inputs`.
  ///
  /// - Parameters:
  ///   - inputs: the inputs, already sorted.
  ///   - stdin: supplies standard input's bytes when an input is `-`.
  public func run(_ inputs: [InputFile], stdin: @Sendable () -> [UInt8]) -> [FileDiagnosis] {
    let results = ResultSlots<FileDiagnosis>(count: inputs.count)
    ParallelWork.forEach(iterations: inputs.count, jobs: jobs) { index in
      let input = inputs[index]
      let result: FileDiagnosis
      do throws(InputError) {
        let bytes = try InputReader.read(input, limit: sizeLimit, stdin: stdin)
        result = diagnose(bytes: bytes, input: input)
      } catch {
        result = FileDiagnosis(input: input, outcome: .failed(error))
      }
      results.set(index, result)
    }
    return results.values()
  }
}

/// Fixed slots written from many threads, read once all writers are done.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  private var slots: [Value?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Value) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  func values() -> [Value] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
