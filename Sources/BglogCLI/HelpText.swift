/// The top-level help.
///
/// Every help text, this one and each command's `help`, follows one layout so that the man page and the
/// shell completions can be built from it (``HelpPage``): a description, then sections whose title is
/// an upper-case line ending in `:`; entries in a section are indented two spaces, with two spaces
/// between the term and its description, and continuation lines indented further.
enum HelpText {
  static func overview(commands: [any Command.Type]) -> String {
    var text = """
      bglog \(BglogCLI.version): why iOS killed your app in the background, and what your background downloads did.

      Reads crash reports and device console logs the way an experienced engineer does, and says what it
      concluded, how sure it is, and which lines prove it.

      USAGE: bglog <command> [options] <inputs...>

      COMMANDS:

      """
    for command in commands {
      text += "  " + command.name.column(13) + command.summary + "\n"
    }
    text += """
        help         Show help for a command: bglog help <command>.

      OPTIONS:
        -h, --help     Show help.
        -V, --version  Show the version.

      EXAMPLES:
        # What killed the app, with the lines that prove it
        bglog diagnose Samples/leaked-background-task/report.crash
        # The background and download timeline of a console log
        bglog timeline Samples/rate-limiter-timeline/console.log
        # A CI gate over a folder of reports and logs
        bglog check --fail-on background Samples/

      EXIT CODES:
        0   every input processed
        1   check: the policy failed
        2   an input could not be read or parsed (the others were still processed)
        64  usage error

      ENVIRONMENT:
        NO_COLOR             Any value turns colour off unless --color always is given (so does TERM=dumb).
        GITHUB_STEP_SUMMARY  check appends its Markdown report to this file.

      Run 'bglog help <command>' for a command's options and examples.

      """
    return text
  }
}

extension String {
  /// Pads to `length` columns, and always leaves at least one space after the text (unlike the
  /// renderers' `padding(toLength:)`, which never adds one to text that fills the column).
  func column(_ length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }
}
