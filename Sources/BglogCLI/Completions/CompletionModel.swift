/// What the completion scripts know: the commands, their options with a one-line description taken from
/// the help text, and the values each option and argument accepts (from the same enums the parser checks).
struct CompletionModel: Sendable, Hashable {
  /// An option as a shell offers it.
  struct Option: Sendable, Hashable {
    /// The long name without dashes.
    var long: String
    /// The one-letter short name, if any.
    var short: Character?
    /// Whether a value follows.
    var takesValue: Bool
    /// Whether it may be given more than once.
    var repeatable: Bool
    /// What to offer for the value.
    var values: CompletionValues
    /// The first clause of its help text.
    var description: String
  }

  /// A command as a shell offers it.
  struct Subcommand: Sendable, Hashable {
    /// The name typed after `bglog`.
    var name: String
    /// Its line in `bglog --help`.
    var summary: String
    /// Its options, `--help` last.
    var options: [Option]
    /// What to offer for positional arguments.
    var arguments: CompletionValues
  }

  /// The subcommands, then `help`.
  var commands: [Subcommand]
  /// The options accepted before a command (`--help`, `--version`).
  var globalOptions: [Option]

  /// The model of `bglog`'s current command line.
  static func make(commands: [any Command.Type]) -> CompletionModel {
    let help = Option(
      long: "help", short: "h", takesValue: false, repeatable: false, values: .none, description: "Show help")
    var subcommands: [Subcommand] = commands.map { command in
      let entries = HelpPage(command.help).section("OPTIONS")?.entries ?? []
      let options = command.options.map { spec in
        Option(
          long: spec.name, short: spec.short, takesValue: spec.takesValue, repeatable: spec.repeatable,
          values: spec.takesValue ? spec.valueCompletion : .none,
          description: entries.first { $0.longOptions.contains(spec.name) }?.brief ?? "")
      }
      return Subcommand(
        name: command.name, summary: command.summary, options: options + [help], arguments: command.argumentCompletion)
    }
    subcommands.append(
      Subcommand(
        name: "help", summary: "Show help for a command.", options: [],
        arguments: .words(commands.map { $0.name })))
    let version = Option(
      long: "version", short: "V", takesValue: false, repeatable: false, values: .none,
      description: "Show the version")
    return CompletionModel(commands: subcommands, globalOptions: [help, version])
  }
}

/// The shells `bglog completions` writes scripts for.
enum Shell: String, Sendable, CaseIterable {
  case bash
  case zsh
  case fish

  /// The completion script for this shell.
  func script(for model: CompletionModel) -> String {
    switch self {
    case .bash: BashCompletion.script(model)
    case .zsh: ZshCompletion.script(model)
    case .fish: FishCompletion.script(model)
    }
  }
}
