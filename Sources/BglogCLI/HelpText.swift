/// The top-level help.
enum HelpText {
  static func overview(commands: [any Command.Type]) -> String {
    var text = """
      bglog \(BglogCLI.version): why iOS killed your app in the background, and what your background downloads did.

      USAGE: bglog <command> [options] <inputs...>

      COMMANDS:

      """
    for command in commands {
      text += "  " + command.name.padding(toLength: 11) + command.summary + "\n"
    }
    text += """
        help       Show help for a command.

      OPTIONS:
        -h, --help     Show help.
        -V, --version  Show the version.

      EXIT CODES:
        0   every input processed
        1   check: the policy failed
        2   an input could not be read or parsed (the others were still processed)
        64  usage error

      Run 'bglog help <command>' for a command's options and examples.

      """
    return text
  }
}

extension String {
  func padding(toLength length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }
}
