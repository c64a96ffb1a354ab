import BglogKit
import BglogRendering
import Foundation

/// `bglog check`: a CI gate over crash reports and console logs.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "Fail a CI job on the kinds you choose, over folders of crash reports and console logs."
  static let options: [OptionSpec] = [
    OptionSpec(name: "format", short: "f", takesValue: true, allowed: CheckFormat.allCases.map(\.rawValue)),
    ColorChoice.spec,
    WidthChoice.spec,
    JobsChoice.spec,
    OptionSpec(
      name: "fail-on", short: nil, takesValue: true, repeatable: true,
      completion: .commaSeparated(["background", "any", "none"] + DiagnosisKind.allCases.map(\.rawValue))),
    OptionSpec(name: "min-confidence", short: nil, takesValue: true, allowed: Confidence.allCases.map(\.rawValue)),
    OptionSpec(
      name: "on-input-error", short: nil, takesValue: true,
      allowed: CheckPolicy.InputErrorRule.allCases.map(\.rawValue)),
    OptionSpec(name: "config", short: nil, takesValue: true, completion: .files),
    OptionSpec(name: "no-config", short: nil, takesValue: false),
    OptionSpec(name: "baseline", short: nil, takesValue: true, completion: .files),
    OptionSpec(name: "write-baseline", short: nil, takesValue: true, completion: .files),
    OptionSpec(name: "list-skipped", short: nil, takesValue: false),
  ]
  static let help = """
    OVERVIEW: Check crash reports and console logs against a policy, for CI.

    Reads every file under the given paths: crash reports in any format `diagnose` reads, and console logs
    (any layout `timeline` reads) with background events in them. Each input gets one result or one error;
    files in directories that are neither are skipped and counted; a file holding both (a ticket's text, an
    article) is read both ways. Findings with the same signature (kind, app, and first app frame or
    watchdog event; the killed processes for jetsam; the report itself when it names no app) are grouped
    into one line with a count and their files.

    USAGE: bglog check [options] <inputs...>

    ARGUMENTS:
      <inputs...>                 Files, directories (recursive), or - for standard input.

    OPTIONS:
      -f, --format <format>       \(CheckFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default text).
      --color <when>              For text: auto (default: only on a terminal, off with NO_COLOR), always, never.
      --width <n>                 For text: wrap at <n> columns; a group line too long for them puts its
                                  signature on its own line, cut with … before the fingerprint. Default:
                                  the terminal's width on a terminal; piped output keeps whole lines.
      -j, --jobs <n>              Threads to use (default: every core).
      --fail-on <kinds>           Kinds that fail: kind ids separated by commas (repeatable), or
                                  background (the default: leaked-background-task,
                                    background-session-completion-not-called, background-task-overflow,
                                    suspended-with-locked-file, background-fetch-timeout),
                                  any (every kind but stackshot, other-report, insufficient-data), or none.
                                  'bglog explain list' lists the kinds.
      --min-confidence <level>    low (default), medium or high: less sure findings are reported, never fail.
      --on-input-error <rule>     error (default: exit 2 unless the policy failed), fail (exit 1) or ignore.
      --baseline <file>           Accept the signatures in this file: they are reported but do not fail.
      --write-baseline <file>     Write the failing signatures to this file (then they pass this run too).
      --config <file>             Read settings from this file instead of the nearest .bglog.json.
      --no-config                 Do not look for .bglog.json.
      --list-skipped              List each skipped file and why on standard error (they are always counted).
      -h, --help                  Show help.

    CONFIG:
      The nearest .bglog.json from the working directory up to the repository root (the directory with
      .git) or the home directory; outside both, only the working directory's. The file used is named on
      standard error. For example:
        {"failOn": ["background", "watchdog-hang"], "minConfidence": "medium", "onInputError": "fail",
         "baseline": "ci/bglog-baseline.json", "format": "github"}
      Flags win over it; a relative baseline is relative to the config file; unknown keys are errors.

    EXAMPLES:
      # Fail on any termination kind found under a folder
      bglog check --fail-on any Samples/
      # GitHub annotations, failing on background kinds and real hangs only
      bglog check --format github --fail-on background,watchdog-hang Samples/
      # SARIF for code scanning, reporting without failing
      bglog check --format sarif --fail-on none Samples/ > bglog.sarif

    EXIT CODES:
      0   pass
      1   the policy failed
      2   an input could not be read and the policy did not fail (see --on-input-error)
      64  usage error

    """

  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
    guard !arguments.positionals.isEmpty else {
      throw UsageError(problem: "no inputs: give report or log files, directories, or - for standard input")
    }
    let config = try loadConfig(arguments, io: io)
    let format = try checkFormat(arguments.value("format") ?? config?.format ?? "text")
    let policy = CheckPolicy(
      failOn: try selection(
        arguments.has("fail-on") ? arguments.values("fail-on") : config?.failOn ?? ["background"],
        source: arguments.has("fail-on") || config?.failOn == nil
          ? "--fail-on" : "'failOn' in \(config?.path ?? ".bglog.json")"),
      minimumConfidence: arguments.value("min-confidence").flatMap(Confidence.init(rawValue:))
        ?? config?.minimumConfidence ?? .low,
      inputErrors: arguments.value("on-input-error").flatMap(CheckPolicy.InputErrorRule.init(rawValue:))
        ?? config?.inputErrors ?? .error)
    var baseline: Set<String>?
    if let path = arguments.value("baseline") ?? config?.baseline {
      let loaded = try loadBaseline(path)
      baseline = loaded.fingerprints
      for entry in loaded.kindOnlyEntries {
        io.warning(
          "\(path): the entry '\(entry.signature)' #\(entry.fingerprint) names only the kind "
            + "(signature rules version 1) and matches nothing now: signatures of reports without an app name "
            + "the killed process or the report since version \(CheckSignature.version); rewrite the baseline "
            + "with --write-baseline")
      }
    }

    let collected = InputCollector.collectAll(arguments.positionals)
    HeapTuning.keepFreedMemory()
    var checkRun = CheckRun()
    checkRun.jobs = try JobsChoice.value(arguments)
    var files = checkRun.run(collected.inputs, stdin: io.readStdin)
    files += collected.errors.map { CheckFileResult(input: InputFile(path: $0.path), outcome: .failed($0)) }
    // Entries the walk did not read (hidden, special files, links to directories, unusable names) are
    // counted as skipped like files that are neither kind, never dropped.
    files += collected.skipped.map {
      CheckFileResult(input: InputFile(path: $0.path, foundInDirectory: true), outcome: .skipped(reason: $0.reason))
    }
    // Standard input first (as the collector orders it), then sorted paths, missing ones among them.
    files.sort { ($0.input.path == "-" ? 0 : 1, $0.input.path) < ($1.input.path == "-" ? 0 : 1, $1.input.path) }

    var evaluation = CheckEvaluation(files: files, policy: policy, baseline: baseline)
    if let path = arguments.value("write-baseline") {
      let written = evaluation.baselineOfFailingGroups()
      do {
        try written.encoded().write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        io.error("\(path): the baseline could not be written (\(error.localizedDescription))")
        return .inputError
      }
      evaluation = CheckEvaluation(files: files, policy: policy, baseline: written.fingerprints)
      let count = written.signatures.count
      io.note("wrote \(count) \(count == 1 ? "signature" : "signatures") to \(path)")
    }

    let width = try WidthChoice.value(arguments, io: io)
    io.writeOut(
      format.render(
        evaluation, version: BglogCLI.version, style: ColorChoice.style(arguments, io: io),
        width: format == .text ? width : nil))
    for error in files.compactMap(\.error) {
      io.error(error)
    }
    if arguments.has("list-skipped") {
      for file in files {
        if case .skipped(let reason) = file.outcome { io.note("skipped \(file.input.path): \(reason)") }
      }
    }
    if format == .github, let summaryPath = io.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
      if !append(CheckMarkdownRenderer().render(evaluation), to: summaryPath) {
        io.warning("could not append the summary to $GITHUB_STEP_SUMMARY (\(summaryPath))")
      }
    }
    switch evaluation.verdict {
    case .pass: return .success
    case .fail: return .policyFailure
    case .inputError: return .inputError
    }
  }

  private static func loadConfig(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> CheckConfig? {
    if arguments.has("no-config") { return nil }
    let path: String
    if let named = arguments.value("config") {
      path = named
    } else if let found = CheckConfig.find(from: FileManager.default.currentDirectoryPath, home: io.environment["HOME"])
    {
      path = found
    } else {
      return nil
    }
    do {
      let config = try CheckConfig.load(path: path)
      // Say which file set the policy, so a stray one cannot change the gate unnoticed.
      io.note("configuration: \(path)")
      return config
    } catch {
      switch error {
      case .unreadable(let path):
        throw UsageError(problem: "config file '\(path)' could not be read")
      case .invalid(let path, let problem):
        throw UsageError(problem: "config file '\(path)': \(problem)")
      case .unknownKey(let path, let key):
        throw UsageError(
          problem:
            "config file '\(path)': unknown key '\(key)'; known keys: \(CheckConfig.keys.joined(separator: ", "))",
          suggestion: ArgumentParser.closest(key, in: CheckConfig.keys))
      }
    }
  }

  private static func checkFormat(_ word: String) throws(UsageError) -> CheckFormat {
    guard let format = CheckFormat(rawValue: word) else {
      let names = CheckFormat.allCases.map(\.rawValue)
      throw UsageError(
        problem: "'\(word)' is not a valid format; expected one of: \(names.joined(separator: ", "))",
        suggestion: ArgumentParser.closest(word, in: names))
    }
    return format
  }

  private static func selection(_ words: [String], source: String) throws(UsageError) -> CheckPolicy.Selection {
    // An empty value would turn the gate off without a word: say so instead (`none` is explicit).
    let tokens = words.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
    guard tokens.contains(where: { !$0.isEmpty }) else {
      throw UsageError(problem: "\(source) is empty: give kind ids, any, background, or none to fail on nothing")
    }
    do {
      return try CheckPolicy.Selection(words: words)
    } catch {
      guard case .unknownKind(let word) = error else { return .background }
      throw UsageError(
        problem: "unknown kind '\(word)' in \(source) (kind ids, any, background or none; see 'bglog explain list')",
        suggestion: ArgumentParser.closest(word, in: CheckPolicy.knownKinds.sorted() + ["any", "background", "none"]))
    }
  }

  private static func loadBaseline(_ path: String) throws(UsageError) -> CheckBaseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError(problem: "baseline file '\(path)' could not be read (create it with --write-baseline \(path))")
    }
    do {
      return try CheckBaseline.decode(data)
    } catch {
      guard case .invalid(let problem) = error else { return CheckBaseline(signatures: []) }
      throw UsageError(problem: "baseline file '\(path)': \(problem)")
    }
  }

  /// Appends text to a file, creating it when missing (GitHub creates it; a local run may not).
  private static func append(_ text: String, to path: String) -> Bool {
    let manager = FileManager.default
    if !manager.fileExists(atPath: path) { return manager.createFile(atPath: path, contents: Data(text.utf8)) }
    guard let handle = FileHandle(forWritingAtPath: path) else { return false }
    defer { try? handle.close() }
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(text.utf8))
      return true
    } catch {
      return false
    }
  }
}
