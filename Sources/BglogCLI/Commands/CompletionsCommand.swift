/// `bglog completions`: a shell completion script, generated from the commands' options.
enum CompletionsCommand: Command {
  static let name = "completions"
  static let summary = "Print a completion script for bash, zsh or fish."
  static let options: [OptionSpec] = []
  static var argumentCompletion: CompletionValues { .words(Shell.allCases.map(\.rawValue)) }
  static let help = """
    OVERVIEW: Print a shell completion script for bglog's commands, options, formats, layouts and kinds.

    The script is generated from the same option lists the parser checks, so it matches this version of
    bglog. `make install` installs all three; docs/install.md says where each shell looks.

    USAGE: bglog completions <shell>

    ARGUMENTS:
      <shell>  \(Shell.allCases.map(\.rawValue).joined(separator: ", ")).

    OPTIONS:
      -h, --help  Show help.

    EXAMPLES:
      # bash: load it in every new shell
      bglog completions bash > ~/.local/share/bash-completion/completions/bglog
      # zsh: a directory on $fpath, before compinit
      bglog completions zsh > ~/.zfunc/_bglog
      # fish
      bglog completions fish > ~/.config/fish/completions/bglog.fish

    EXIT CODES:
      0   the script was printed
      64  usage error (an unknown shell)

    """

  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
    let names = Shell.allCases.map(\.rawValue)
    guard arguments.positionals.count == 1, let word = arguments.positionals.first else {
      throw UsageError(problem: "give one shell: \(names.joined(separator: ", "))")
    }
    guard let shell = Shell(rawValue: word) else {
      throw UsageError(
        problem: "unknown shell '\(word)'; expected one of: \(names.joined(separator: ", "))",
        suggestion: ArgumentParser.closest(word, in: names))
    }
    io.writeOut(shell.script(for: CompletionModel.make(commands: BglogCLI.commands)))
    return .success
  }
}
