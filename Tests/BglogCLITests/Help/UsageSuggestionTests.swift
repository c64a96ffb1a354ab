import Testing

@testable import BglogCLI

/// Wrong command lines exit 64 and name the closest valid spelling.
@Suite struct UsageSuggestionTests {
  static let cases: [(arguments: [String], message: String)] = [
    (["timelin", "x.log"], "unknown command 'timelin' (did you mean 'timeline'?)"),
    (["chek", "reports/"], "unknown command 'chek' (did you mean 'check'?)"),
    (["completion", "bash"], "unknown command 'completion' (did you mean 'completions'?)"),
    (["help", "diagnos"], "unknown command 'diagnos' (did you mean 'diagnose'?)"),
    (["--verison"], "unknown option '--verison' (did you mean '--version'?)"),
    (["check", "--fail-of", "any", "x"], "unknown option '--fail-of' (did you mean '--fail-on'?)"),
    (
      ["timeline", "--input-formt", "xcode", "x.log"], "unknown option '--input-formt' (did you mean '--input-format'?)"
    ),
    (["timeline", "-x", "x.log"], "unknown option '-x'"),
    (["check", "--format", "sarf", "x"], "(did you mean 'sarif'?)"),
    (["check", "--min-confidence", "hgh", "x"], "(did you mean 'high'?)"),
    (["timeline", "--input-format", "idevicesyslg", "x.log"], "(did you mean 'idevicesyslog'?)"),
    (
      ["check", "--fail-on", "leaked-backgrund-task", "x"],
      "unknown kind 'leaked-backgrund-task' in --fail-on (kind ids, any, background or none; see 'bglog explain list') (did you mean 'leaked-background-task'?)"
    ),
    (["check", "--fail-on", "backgrund", "x"], "(did you mean 'background'?)"),
    (["explain", "watchdog-hng"], "(did you mean 'watchdog-hang'?)"),
    (["diagnose", "--colour", "never", "x"], "unknown option '--colour' (did you mean '--color'?)"),
    (["explain", "--hlep"], "unknown option '--hlep' (did you mean '--help'?)"),
  ]

  @Test(arguments: 0..<cases.count)
  func wrongSpellingExits64WithTheClosestOne(index: Int) {
    let (arguments, message) = Self.cases[index]
    let result = runBglog(arguments)
    #expect(result.status == .usage, "\(arguments)")
    #expect(result.out.isEmpty)
    #expect(result.err.hasPrefix("bglog: error: "))
    #expect(result.err.contains(message), "\(arguments): \(result.err)")
    #expect(result.err.contains("Run 'bglog "), "no pointer to --help")
  }

  @Test func farOffWordsGetNoSuggestion() {
    let result = runBglog(["frobnicate"])
    #expect(result.status == .usage)
    #expect(result.err.contains("unknown command 'frobnicate'\n"))
  }
}

@Suite struct HelpFlagTests {
  @Test func helpAfterDoubleDashIsAnInputNotAFlag() {
    let result = runBglog(["diagnose", "--", "--help"])
    #expect(result.status == .inputError)
    #expect(result.err.contains("--help: no such file or directory"))
  }
}
