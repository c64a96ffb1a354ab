import BglogKit
import BglogTestSupport
import Testing

@testable import BglogCLI

@Suite struct CommandLineTests {
  @Test func versionPrintsTheVersion() {
    let result = runBglog(["--version"])
    #expect(result.status == .success)
    #expect(result.out == "bglog \(BglogCLI.version)\n")
  }

  @Test func noArgumentsIsAUsageErrorWithHelpOnStderr() {
    let result = runBglog([])
    #expect(result.status == .usage)
    #expect(result.err.contains("USAGE: bglog <command>"))
    #expect(result.out.isEmpty)
  }

  @Test func misspelledCommandSuggestsTheClosest() {
    let result = runBglog(["diagnos", "x.crash"])
    #expect(result.status == .usage)
    #expect(result.err.contains("unknown command 'diagnos' (did you mean 'diagnose'?)"))
  }

  @Test func misspelledOptionSuggestsTheClosest() {
    let result = runBglog(["diagnose", "--formt", "json", "x.crash"])
    #expect(result.status == .usage)
    #expect(result.err.contains("unknown option '--formt' (did you mean '--format'?)"))
  }

  @Test func invalidFormatValueListsTheValidOnes() {
    let result = runBglog(["diagnose", "--format", "jsn", "x.crash"])
    #expect(result.status == .usage)
    #expect(result.err.contains("expected one of: text, json"))
    #expect(result.err.contains("did you mean 'json'?"))
  }

  @Test func diagnoseWithoutInputsIsAUsageError() {
    #expect(runBglog(["diagnose"]).status == .usage)
  }

  @Test func missingFileIsAnInputErrorNamingTheFile() {
    let result = runBglog(["diagnose", "/nonexistent/report.crash"])
    #expect(result.status == .inputError)
    #expect(result.err.contains("bglog: error: /nonexistent/report.crash: no such file or directory"))
  }

  @Test func textOnStdinThatIsNotAReportIsAnError() {
    let result = runBglog(["diagnose", "-"], stdin: "hello\nworld\n")
    #expect(result.status == .inputError)
    #expect(result.err.contains("<stdin>: not a crash report"))
  }

  @Test func commandHelpShowsExamples() {
    let result = runBglog(["help", "diagnose"])
    #expect(result.status == .success)
    #expect(result.out.contains("EXAMPLES:"))
    #expect(runBglog(["diagnose", "--help"]).out == result.out)
  }

  @Test func explainAcceptsHexDecimalAndKind() {
    let hex = runBglog(["explain", "0xdead10cc"])
    let decimal = runBglog(["explain", "3735883980"])
    #expect(hex.status == .success)
    #expect(hex.out == decimal.out)
    #expect(hex.out.hasPrefix("suspended-with-locked-file: File or SQLite lock held at suspension"))
    let watchdog = runBglog(["explain", "0x8badf00d"])
    #expect(watchdog.out.contains("watchdog-hang"))
    #expect(watchdog.out.contains("leaked-background-task"))
  }

  @Test func explainUnknownSuggestsAKind() {
    let result = runBglog(["explain", "leaked-background-tsk"])
    #expect(result.status == .usage)
    #expect(result.err.contains("did you mean 'leaked-background-task'?"))
  }

  /// `bglog explain TCC` (issue 14): every namespace of XNU's reason list, as reports print it, is looked
  /// up by name, in any case, and names the kind bglog gives its kills.
  @Test func explainLooksUpEveryTerminationNamespace() {
    for namespace in TerminationNamespace.all {
      let result = runBglog(["explain", namespace.name])
      #expect(result.status == .success, "\(namespace.name): \(result.err)")
      #expect(result.out.hasPrefix("\(namespace.name): termination namespace"), "\(namespace.name)")
      #expect(result.out.contains(String(namespace.meaning.prefix(20))), "\(namespace.name)")
      if let kind = namespace.decidedKind {
        #expect(result.out.contains("\n\(kind.rawValue): "), "\(namespace.name) should print \(kind.rawValue)")
      } else {
        #expect(result.out.contains("decide"), "\(namespace.name) should say what decides the kind")
      }
    }
    let tcc = runBglog(["explain", "tcc"])
    #expect(tcc.status == .success)
    #expect(tcc.out.contains("privacy-violation: Privacy violation"))
    #expect(runBglog(["explain", "<0xF>"]).out.hasPrefix("RUNNINGBOARD: termination namespace"))
    // A kind id that is also a namespace name stays the kind.
    #expect(runBglog(["explain", "jetsam"]).out.hasPrefix("jetsam: "))
    #expect(runBglog(["explain", "list"]).out.contains("SANDBOX"))
  }

  @Test func explainUnknownNamespaceSuggestsOne() {
    let result = runBglog(["explain", "SANDBOXX"])
    #expect(result.status == .usage)
    #expect(result.err.contains("did you mean 'SANDBOX'?"))
  }
}

@Suite struct ColorTests {
  static let input = "Samples/leaked-background-task/report.crash"
  static let escape = "\u{1B}["

  @Test func autoColoursOnlyOnATerminal() {
    Golden.useRelativePaths()
    #expect(runBglog(["diagnose", Self.input], terminal: true).out.contains(Self.escape))
    #expect(!runBglog(["diagnose", Self.input], terminal: false).out.contains(Self.escape))
  }

  @Test func noColorTurnsAutoOffButNotAlways() {
    Golden.useRelativePaths()
    let environment = ["NO_COLOR": "1"]
    #expect(!runBglog(["diagnose", Self.input], environment: environment, terminal: true).out.contains(Self.escape))
    #expect(
      runBglog(["diagnose", "--color", "always", Self.input], environment: environment).out.contains(Self.escape))
    #expect(!runBglog(["diagnose", "--color", "never", Self.input], terminal: true).out.contains(Self.escape))
  }

  @Test func stdinDashReadsAReport() throws {
    Golden.useRelativePaths()
    let text = try String(contentsOfFile: Self.input, encoding: .utf8)
    let result = runBglog(["diagnose", "--format", "json", "-"], stdin: text)
    #expect(result.status == .success)
    #expect(result.out.contains("\"file\" : \"-\""))
    #expect(result.out.contains("\"kind\" : \"leaked-background-task\""))
  }

  @Test func directoryWalkSkipsNonReportsAndCountsThem() {
    Golden.useRelativePaths()
    let result = runBglog(["diagnose", "--format", "json", "Samples"])
    #expect(result.status == .success, "\(result.err)")
    // README.md, expected.txt, command.txt and the console logs are not crash reports.
    #expect(result.out.contains("\"skipped\" : ["))
    #expect(result.out.contains("\"reports\" : 4"))
  }
}

@Suite struct CheckStdinTests {
  @Test func checkReadsAReportAndALogFromStandardInput() throws {
    Golden.useRelativePaths()
    let report = try String(contentsOfFile: "Samples/leaked-background-task/report.crash", encoding: .utf8)
    let failed = runBglog(["check", "--no-config", "-"], stdin: report)
    #expect(failed.status == .policyFailure)
    #expect(failed.out.contains("at <stdin>:20"))
    let log = try String(contentsOfFile: "Samples/background-download-timeline/console.log", encoding: .utf8)
    let json = runBglog(["check", "--no-config", "--format", "ndjson", "-"], stdin: log)
    #expect(json.status == .policyFailure)
    #expect(json.out.contains("\"origin\":\"console-log\""))
    #expect(json.out.contains("\"kind\":\"background-session-completion-not-called\""))
  }
}

@Suite struct JobsTests {
  @Test func oneThreadGivesTheSameOutputAsAllCores() {
    Golden.useRelativePaths()
    for command in [["diagnose", "--format", "json"], ["check", "--no-config", "--format", "json"]] {
      let all = runBglog(command + ["Tests/Fixtures", "Samples"])
      let one = runBglog(command + ["--jobs", "1", "Tests/Fixtures", "Samples"])
      #expect(one.status == all.status)
      #expect(one.out == all.out)
      #expect(!one.out.isEmpty)
    }
  }

  @Test func jobsMustBeAPositiveNumber() {
    for value in ["0", "-2", "many"] {
      let result = runBglog(["diagnose", "--jobs", value, "Samples"])
      #expect(result.status == .usage)
      #expect(result.err.contains("--jobs takes a number of threads"))
    }
  }
}

@Suite struct TerminalSafetyTests {
  /// Escape sequences in a pasted report must not reach the terminal (window titles, colours).
  @Test func controlCharactersFromReportsAreNeutralisedInText() {
    let report =
      "Process:         Evil\u{1B}]0;pwned\u{07}App [1]\nException Type:  EXC_CRASH (SIGKILL)\n"
      + "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d \u{1B}[31mred\n"
    let text = runBglog(["diagnose", "-"], stdin: report)
    #expect(!text.out.contains("\u{1B}"))
    #expect(!text.out.contains("\u{07}"))
    #expect(text.out.contains("\u{FFFD}]0;pwned"))
    let json = runBglog(["diagnose", "--format", "json", "-"], stdin: report)
    #expect(json.out.contains("\\u001b"))
  }
}

@Suite struct ExplainConsoleKindsTests {
  @Test func consoleLogFindingsHaveReferencesToo() {
    let result = runBglog(["explain", "rate-limiter"])
    #expect(result.status == .success)
    #expect(result.out.hasPrefix("rate-limiter: Background download resume rate limiter"))
    #expect(result.out.contains("HTTPMaximumConnectionsPerHost"))
    #expect(runBglog(["explain", "list"]).out.contains("stopped-waking"))
  }
}
