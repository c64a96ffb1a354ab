import BglogKit
import BglogRendering

/// `bglog diagnose`: what killed the app, from crash reports.
enum DiagnoseCommand: Command {
  static let name = "diagnose"
  static let summary = "Say what killed the app, from crash reports (.crash, .ips, MetricKit, jetsam)."
  static let options: [OptionSpec] = [
    OptionSpec(name: "format", short: "f", takesValue: true, allowed: DiagnoseFormat.allCases.map(\.rawValue)),
    ColorChoice.spec,
    WidthChoice.spec,
    JobsChoice.spec,
    OptionSpec(name: "list-skipped", short: nil, takesValue: false),
  ]
  static let help = """
    OVERVIEW: Say what killed the app, with the evidence quoted from the report, a confidence and what to change.

    Reads legacy text reports (.crash), JSON .ips reports (iOS 15+), reports with a JSON header and a text
    body, jetsam events, MetricKit payloads and KSCrash JSON; several reports in one file; pastes with
    damaged line breaks; UTF-8 or UTF-16. Directories are searched recursively; files in them that are
    not reports are skipped and counted.

    USAGE: bglog diagnose [--format text|json] [--color auto|always|never] [--width <n>] <inputs...>

    ARGUMENTS:
      <inputs...>            Report files, directories, or - for standard input.

    OPTIONS:
      -f, --format <format>  text (default) or json (versioned; see the README).
      --color <when>         auto (default: only on a terminal, off with NO_COLOR), always, never.
      --width <n>            Wrap text at <n> columns and cut long evidence lines with … (the full text
                             is in --format json). Default: the terminal's width on a terminal; piped
                             output wraps prose at 100 columns and keeps evidence whole.
      -j, --jobs <n>         Threads to use (default: every core).
      --list-skipped         List each skipped file and why on standard error (they are always counted).
      -h, --help             Show help.

    EXAMPLES:
      # One report: the kind, the lines that prove it, and what to change
      bglog diagnose Samples/leaked-background-task/report.crash
      # Every report under a folder, as versioned JSON (on a Mac: ~/Library/Logs/DiagnosticReports/)
      bglog diagnose --format json Samples/
      # A report on standard input (pbpaste | bglog diagnose -)
      bglog diagnose - < Samples/watchdog-hang/report.crash

    EXIT CODES:
      0   every input was diagnosed
      2   an input could not be read or is not a crash report (the error says what it looks like and
          which command reads it; the others were still diagnosed)
      64  usage error

    """

  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
    guard !arguments.positionals.isEmpty else {
      throw UsageError(problem: "no inputs: give report files, directories, or - for standard input")
    }
    let format = DiagnoseFormat(rawValue: arguments.value("format") ?? "text") ?? .text
    let width = try WidthChoice.value(arguments, io: io)
    let collected = InputCollector.collectAll(arguments.positionals)
    let jobs = try JobsChoice.value(arguments)
    HeapTuning.keepFreedMemory()
    var results = DiagnoseRun(jobs: jobs).run(collected.inputs, stdin: io.readStdin)
    results += collected.skipped.map {
      FileDiagnosis(input: InputFile(path: $0.path, foundInDirectory: true), outcome: .skipped(reason: $0.reason))
    }
    results += collected.errors.map { FileDiagnosis(input: InputFile(path: $0.path), outcome: .failed($0)) }
    results = results.map(sayWhatItLooksLike)
    // Standard input first, then paths in order: the same order whatever the file system or scheduling.
    results.sort { ($0.input.path == "-" ? 0 : 1, $0.input.path) < ($1.input.path == "-" ? 0 : 1, $1.input.path) }
    switch format {
    case .text:
      let renderer = DiagnoseTextRenderer(style: ColorChoice.style(arguments, io: io), width: width)
      // Each input renders on its own, so thousands of reports render on all cores.
      let parts = ParallelWork.map(results, jobs: jobs, renderer.renderFile)
      io.writeOut(renderer.assemble(parts, results: results))
      let errors = renderer.renderErrors(results)
      if !errors.isEmpty { io.writeErr(errors) }
    case .json:
      io.writeOut(DiagnoseOutputV1(results, version: BglogCLI.version).encoded(jobs: jobs))
      let errors = DiagnoseTextRenderer().renderErrors(results)
      if !errors.isEmpty { io.writeErr(errors) }
    }
    if arguments.has("list-skipped") {
      for result in results {
        if case .skipped(let reason) = result.outcome { io.note("skipped \(result.input.path): \(reason)") }
      }
    }
    let failed = results.contains { if case .failed = $0.outcome { return true } else { return false } }
    return failed ? .inputError : .success
  }

  /// A named file that is not a crash report: say what it looks like and which command reads it
  /// (`not a crash report: it looks like a console log (…); read it with bglog timeline`).
  static func sayWhatItLooksLike(_ result: FileDiagnosis) -> FileDiagnosis {
    guard case .failed(.parse(let path, let error)) = result.outcome, path != "-" else { return result }
    // The reports were just read and there were none: the text is not read as reports again.
    guard case .notAReport = error, let appearance = InputAppearance.of(file: result.input, knownNotAReport: true),
      appearance.kind != .crashReport, appearance.kind != .empty
    else { return result }
    var explained = result
    explained.outcome = .failed(.parse(path: path, .notAReport(appearance.advice)))
    return explained
  }
}
