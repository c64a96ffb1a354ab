import BglogKit
import BglogRendering
import Foundation

/// The `bglog` command line, callable in-process: `main.swift` only forwards to ``run(arguments:io:)``.
public enum BglogCLI {
  /// The version printed by `bglog --version` and written into JSON output.
  public static let version = "0.1.0"

  /// The commands, in the order `bglog --help` lists them.
  static var commands: [any Command.Type] {
    [
      DiagnoseCommand.self, TimelineCommand.self, CheckCommand.self, ExplainCommand.self, CompletionsCommand.self,
      ManCommand.self,
    ]
  }

  /// Runs bglog with `arguments` (without the program name).
  ///
  /// - Returns: the exit status; see ``ExitStatus``.
  public static func run(arguments: [String], io: CommandIO) -> ExitStatus {
    guard let first = arguments.first else {
      io.writeErr(HelpText.overview(commands: commands))
      return .usage
    }
    switch first {
    case "--help", "-h":
      io.writeOut(HelpText.overview(commands: commands))
      return .success
    case "--version", "-V":
      io.writeOut("bglog \(version)\n")
      return .success
    case "help":
      if arguments.count > 1, arguments[1] != "help" {
        guard let command = commands.first(where: { $0.name == arguments[1] }) else {
          return usage(
            UsageError(problem: "unknown command '\(arguments[1])'", suggestion: closestCommand(arguments[1])), io: io)
        }
        io.writeOut(command.help)
        return .success
      }
      io.writeOut(HelpText.overview(commands: commands))
      return .success
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      let problem = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
      return usage(UsageError(problem: problem, suggestion: closestCommand(first)), io: io)
    }
    let rest = Array(arguments.dropFirst())
    // Help wins over everything else on the line, except after `--`, where it would be a file name.
    let options = rest.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      io.writeOut(command.help)
      return .success
    }
    do {
      let parsed = try ArgumentParser.parse(rest, specs: command.options)
      return try command.run(parsed, io: io)
    } catch {
      return usage(error, io: io, command: command)
    }
  }

  static func usage(_ error: UsageError, io: CommandIO, command: (any Command.Type)? = nil) -> ExitStatus {
    io.error(error.message)
    io.writeErr("Run 'bglog \(command.map { "\($0.name) " } ?? "")--help' for usage.\n")
    return .usage
  }

  static func closestCommand(_ word: String) -> String? {
    ArgumentParser.closest(word, in: commands.map { $0.name } + ["help", "--help", "--version"])
  }
}

/// A subcommand.
protocol Command {
  /// The name typed after `bglog`.
  static var name: String { get }
  /// One line for `bglog --help`.
  static var summary: String { get }
  /// The full help text.
  static var help: String { get }
  /// The options it accepts.
  static var options: [OptionSpec] { get }
  /// What shell completion offers for its positional arguments.
  static var argumentCompletion: CompletionValues { get }
  /// Runs it.
  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus
}

extension Command {
  /// Most commands read files and directories.
  static var argumentCompletion: CompletionValues { .files }
}

/// `-j, --jobs N`, shared by the commands that read many inputs.
enum JobsChoice {
  static let spec = OptionSpec(name: "jobs", short: "j", takesValue: true)

  /// The number of threads asked for, or `nil` for all cores.
  static func value(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
    guard let text = arguments.value("jobs") else { return nil }
    guard let jobs = Int(text), jobs >= 1, jobs <= 4096 else {
      throw UsageError(problem: "--jobs takes a number of threads from 1 to 4096 (got '\(text)')")
    }
    return jobs
  }
}

/// Colour choice shared by the commands.
enum ColorChoice {
  static let spec = OptionSpec(name: "color", short: nil, takesValue: true, allowed: ["auto", "always", "never"])

  /// The style for text output; `toTerminal` is `false` when output goes to a file (`-o`), which
  /// `auto` never colours.
  static func style(_ arguments: ParsedArguments, io: CommandIO, toTerminal: Bool = true) -> TerminalStyle {
    switch arguments.value("color") ?? "auto" {
    case "always": return TerminalStyle(enabled: true)
    case "never": return TerminalStyle(enabled: false)
    default:
      guard toTerminal else { return TerminalStyle(enabled: false) }
      // NO_COLOR (no-color.org): any non-empty value turns colour off unless asked for explicitly.
      let noColor = !(io.environment["NO_COLOR"] ?? "").isEmpty
      let dumb = io.environment["TERM"] == "dumb"
      return TerminalStyle(enabled: io.stdoutIsTerminal && !noColor && !dumb)
    }
  }
}

/// `--width N`, and the width text output is fitted to.
///
/// On a terminal, text is fitted to its width (the terminal's own, else `COLUMNS`, else 80): prose
/// is wrapped, table columns kept, long details cut with `…` (the full text is in `--format json`).
/// Output that is not a terminal (a pipe, a file, `-o`) is written as before, unfitted, unless a
/// width is asked for.
enum WidthChoice {
  static let spec = OptionSpec(name: "width", short: nil, takesValue: true)
  /// The narrowest width fitted to; narrower terminals get lines this long.
  static let minimum = 20

  /// The width to fit text to, or `nil` to leave it as it is.
  static func value(_ arguments: ParsedArguments, io: CommandIO, toTerminal: Bool = true) throws(UsageError) -> Int? {
    if let text = arguments.value("width") {
      guard let width = Int(text), width >= minimum, width <= 10_000 else {
        throw UsageError(problem: "--width takes a number of columns from \(minimum) to 10000 (got '\(text)')")
      }
      return width
    }
    guard toTerminal, io.stdoutIsTerminal else { return nil }
    let columns =
      io.terminalColumns ?? io.environment["COLUMNS"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard let columns, columns > 0 else { return 80 }
    return max(minimum, min(columns, 10_000))
  }
}
