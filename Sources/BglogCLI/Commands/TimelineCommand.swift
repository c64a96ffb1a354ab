import BglogKit
import BglogRendering
import Foundation

/// `bglog timeline`: the background, download and wakeup timeline from a console log.
enum TimelineCommand: Command {
  static let name = "timeline"
  static let summary = "Rebuild the background / download / wakeup timeline from a device console log."
  static let options: [OptionSpec] = [
    OptionSpec(name: "format", short: "f", takesValue: true, allowed: ["text", "json", "svg", "html"]),
    OptionSpec(name: "output", short: "o", takesValue: true),
    OptionSpec(name: "app", short: nil, takesValue: true),
    OptionSpec(name: "mark", short: "m", takesValue: true, repeatable: true),
    OptionSpec(name: "chart", short: nil, takesValue: false),
    OptionSpec(name: "verbose", short: nil, takesValue: false),
    OptionSpec(name: "follow", short: "F", takesValue: false),
    OptionSpec(name: "input-format", short: nil, takesValue: true, allowed: ConsoleLayout.allCases.map(\.rawValue)),
    ColorChoice.spec,
    WidthChoice.spec,
    JobsChoice.spec,
  ]
  static let help = """
    OVERVIEW: Rebuild what the system did to the app in the background, from device console text.

    Reads Console.app copies, idevicesyslog, `log show` (default, compact, syslog, json, ndjson),
    Xcode's console and the `HH:MM:SS  process  message` form, detected per file; files, pipes and
    standard input are streamed with bounded memory. Recognises assertiond, runningboardd,
    SpringBoard/FrontBoard, nsurlsessiond and UIKit background-task lines, and your own markers.
    Prints the events per app (wall time, seconds since entering the background), a summary, and
    findings with the lines that prove them: leaked background task, background session completion
    handler never called, resume rate limiter, the system stopped waking the app, and more.

    USAGE: bglog timeline [options] <log>

    ARGUMENTS:
      <log>                     A console log file, or - for standard input.

    OPTIONS:
      -f, --format <format>     text (default), json (versioned; see docs/timeline.md), or svg / html:
                                the timeline as a picture (see docs/timeline-picture.md).
      -o, --output <file>       Write the output to <file> instead of standard output.
      --app <app>               Only this app: a bundle id or process name. Default: every app found.
      -m, --mark <NAME=REGEX>   Count the app's own log lines matching REGEX as marker NAME, per wakeup.
                                Repeatable.
      -F, --follow              Live: print each event as it arrives (from a pipe such as
                                `idevicesyslog | bglog timeline --follow -`) with the app's state, and
                                each finding as soon as it is certain; Ctrl-C prints the summary so far.
      --chart                   Also draw each app's lanes (state, assertions held vs declared,
                                nsurlsessiond, wakeups, warnings and kills, markers); long silences
                                are compressed to ≈.
      --verbose                 Also list the most frequent messages of background-relevant processes
                                (SpringBoard, runningboardd, assertiond, kernel…) that gave no event,
                                as templates with counts (text output).
      --input-format <layout>   Force the log layout instead of detecting it:
                                \(ConsoleLayout.allCases.map(\.rawValue).joined(separator: ", ")).
      --color <when>            auto (default: only on a terminal, off with NO_COLOR), always, never.
                                Colours event kinds (state changes, kills, warnings) and findings.
      --width <n>               Fit text to <n> columns (wrap prose, keep the table's columns, cut long
                                details with …; the full text is in --format json). Default: the
                                terminal's width on a terminal; piped or -o output keeps whole lines.
      -j, --jobs <n>            Threads to use (default: two; a second thread reads and splits the file
                                while the first builds the timeline). 1 reads it on one thread.
      -h, --help                Show help.

    EXAMPLES:
      # Events, summary and findings for every app in the log (idevicesyslog > device.log makes one)
      bglog timeline Samples/rate-limiter-timeline/console.log
      # One app, counting its own log lines as markers per wakeup, with the lanes drawn in the terminal
      bglog timeline --app BackgroundDemo --chart --mark 'added=hello 添加下载任务' Samples/background-download-timeline/console.log
      # Versioned JSON, with the layout named instead of detected
      bglog timeline --format json --input-format time-process-message Samples/rate-limiter-timeline/console.log

    EXIT CODES:
      0   the log was read (a console log without background events too: a note says so)
      2   it could not be read, or it is not a console log (a crash report: use bglog diagnose;
          an image, binary data, an empty file, text in no known layout)
      64  usage error

    """

  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(
        problem: arguments.positionals.isEmpty
          ? "no input: give one console log file, or - for standard input"
          : "timeline reads one log at a time (got \(arguments.positionals.count)); run it once per log")
    }
    var markers: [TimelineMarker] = []
    for argument in arguments.values("mark") {
      do {
        markers.append(try TimelineMarker(argument: argument))
      } catch {
        throw UsageError(problem: "invalid --mark '\(argument)': expected NAME=REGEX with a valid regular expression")
      }
    }
    if arguments.has("chart"), let format = arguments.value("format"), format != "text" {
      throw UsageError(
        problem: "--chart draws the lanes in the text output; --format \(format) cannot hold them"
          + (format == "json" ? " (svg and html draw the timeline as a picture)" : " (the picture already draws them)"))
    }
    let layout = arguments.value("input-format").flatMap(ConsoleLayout.init(rawValue:))
    var builder = TimelineBuilder(
      options: TimelineOptions(
        app: arguments.value("app"), markers: markers, layout: layout, listUnread: arguments.has("verbose")))
    let input = InputFile(path: path)
    let jobs = try JobsChoice.value(arguments)
    let readerThread = jobs != 1
    // Text for a terminal is coloured and fitted to its width; text written with -o is not, unless asked.
    let toTerminal = arguments.value("output") == nil
    let style = ColorChoice.style(arguments, io: io, toTerminal: toTerminal)
    let width = try WidthChoice.value(arguments, io: io, toTerminal: toTerminal)
    if arguments.has("follow") {
      guard arguments.value("format") == nil || arguments.value("format") == "text" else {
        throw UsageError(problem: "--follow prints text as events arrive; it cannot be combined with --format")
      }
      let options = TimelineOptions(app: arguments.value("app"), markers: markers, layout: layout)
      return TimelineFollow(options: options, io: io, style: style, width: width)
        .run(input, handlesInterrupt: io.handlesInterrupt)
    }
    var readError: InputError?
    do {
      // Files and standard input both stream in chunks, so memory stays flat on endless pipes.
      // A regular file is read and split into lines, and their headers read, on a second thread while
      // the builder works.
      // The builder through a pointer: captured by two closures, the variable itself would be checked
      // for exclusive access at run time on every line.
      // A record's first line is read where it lies until the lines are reused (`linesEnd`).
      builder.borrowsLines = true
      try withUnsafeMutablePointer(to: &builder) { builder throws(InputError) in
        try LineStream.forEachLineBytesPipelined(
          input, stdin: path == "-" ? io.stdinHandle() : nil, prepare: true, readerThread: readerThread,
          layoutHint: { builder.pointee.layout }, linesEnd: { builder.pointee.ownLines() }
        ) { line, isASCII, prepared in
          builder.pointee.consume(lineBytes: line, isASCII: isASCII, prepared: prepared)
        }
      }
    } catch {
      readError = error
    }
    let result = builder.finish()
    let json = arguments.value("format") == "json"
    if let readError {
      io.error(readError)
      // JSON still says why, in `errors[]` as `diagnose` does.
      guard json else { return .inputError }
      return write(try? TimelineJSONRenderer().render(result, refusedBy: readError), arguments: arguments, io: io)
        ?? .inputError
    }
    // Why the input is refused (exit 2): decided before any output, except for a log that gave no events,
    // whose text output is written first.
    var refusal: (message: String, line: Int?)?
    var refusedBeforeOutput = false
    var note: String?
    if let reports = eventsAreReportLines(result, input: input) {
      // A crash report whose lines the recognisers read as untimed events is still a crash report.
      refusal = ("not a console log: " + InputAppearance(kind: .crashReport, crashReports: reports).advice, nil)
      refusedBeforeOutput = true
    } else if let kind = eventsAreBinaryData(result, input: input) {
      // Binary data whose strings the recognisers read is still binary data.
      refusal = (InputAppearance(kind: kind).advice, nil)
      refusedBeforeOutput = true
    } else if result.apps.isEmpty {
      switch noEventsVerdict(result, input: input, app: arguments.value("app")) {
      case .note(let text): note = text
      case .refused(let message, let line): refusal = (message, line)
      }
    }
    let name = path == "-" ? "<stdin>" : path
    if refusedBeforeOutput, !json, let refusal {
      io.error("\(name): \(refusal.message)")
      return .inputError
    }
    let output: String
    switch arguments.value("format") {
    case "json":
      do {
        if let refusal {
          output = try TimelineJSONRenderer().render(
            result, refused: path, because: InputText(refusal.message), line: refusal.line)
        } else {
          output = try TimelineJSONRenderer().render(result)
        }
      } catch {
        io.error("could not encode the timeline as JSON")
        return .inputError
      }
    case "svg": output = TimelineSVGRenderer().render(result)
    case "html": output = TimelineHTMLRenderer().render(result)
    default:
      let renderer = TimelineTextRenderer(chart: arguments.has("chart"), style: style, width: width, jobs: jobs)
      output = renderer.render(result)
    }
    if let failed = write(output, arguments: arguments, io: io) { return failed }
    if let refusal {
      io.error("\(name): \(refusal.message)")
      return .inputError
    }
    if let note { io.note(note) }
    return .success
  }

  /// Writes `output` to `-o`'s file or standard output; the exit status when that failed (or there is no
  /// output: it could not be encoded), else `nil`.
  private static func write(_ output: String?, arguments: ParsedArguments, io: CommandIO) -> ExitStatus? {
    guard let output else {
      io.error("could not encode the timeline as JSON")
      return .inputError
    }
    if let file = arguments.value("output") {
      do {
        try Data(output.utf8).write(to: URL(fileURLWithPath: file))
      } catch {
        io.error("could not write \(file): \(error.localizedDescription)")
        return .inputError
      }
    } else {
      io.writeOut(output)
    }
    return nil
  }
}
