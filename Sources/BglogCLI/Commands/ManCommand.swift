/// `bglog man`: the man page, generated from the help texts.
enum ManCommand: Command {
  static let name = "man"
  static let summary = "Print the bglog(1) man page (roff), built from these help texts."
  static let options: [OptionSpec] = []
  static var argumentCompletion: CompletionValues { .none }
  static let help = """
    OVERVIEW: Print the bglog(1) man page in roff, generated from every command's --help.

    `make install` installs it as share/man/man1/bglog.1; docs/bglog.1 in the repository is the same page.

    USAGE: bglog man

    OPTIONS:
      -h, --help  Show help.

    EXAMPLES:
      # Read it now
      bglog man > bglog.1 && man ./bglog.1
      # Install it by hand
      bglog man > /usr/local/share/man/man1/bglog.1

    EXIT CODES:
      0   the page was printed
      64  usage error

    """

  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
    guard arguments.positionals.isEmpty else {
      throw UsageError(problem: "man takes no arguments (got '\(arguments.positionals[0])')")
    }
    io.writeOut(ManPage.render(commands: BglogCLI.commands))
    return .success
  }
}
