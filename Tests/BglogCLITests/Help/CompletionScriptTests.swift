import BglogKit
import BglogRendering
import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `bglog completions bash|zsh|fish`: golden files, syntax checked by the shells themselves when they are
/// installed, and what bash and fish actually offer.
@Suite struct CompletionScriptTests {
  static let goldenNames: [Shell: String] = [.bash: "bglog.bash", .zsh: "_bglog", .fish: "bglog.fish"]

  static func script(_ shell: Shell) -> String {
    runBglog(["completions", shell.rawValue]).out
  }

  @Test(arguments: Shell.allCases)
  func scriptMatchesGoldenFile(shell: Shell) throws {
    let result = runBglog(["completions", shell.rawValue])
    #expect(result.status == .success)
    #expect(result.err.isEmpty)
    let name = try #require(Self.goldenNames[shell])
    Golden.assertMatches(result.out, file: Fixtures.url("cli/completions/\(name)"))
  }

  @Test(arguments: Shell.allCases)
  func scriptKnowsEveryCommandOptionFormatLayoutAndKind(shell: Shell) {
    let script = Self.script(shell)
    for command in BglogCLI.commands {
      #expect(script.contains(command.name))
      for option in command.options {
        let spelling = shell == .fish ? "-l \(option.name)" : "--\(option.name)"
        #expect(script.contains(spelling), "\(shell) script lacks \(spelling) of \(command.name)")
      }
    }
    let values =
      ConsoleLayout.allCases.map(\.rawValue) + CheckFormat.allCases.map(\.rawValue)
      + DiagnosisKind.allCases.map(\.rawValue) + Confidence.allCases.map(\.rawValue) + ["auto", "always", "never"]
    for value in values {
      #expect(script.contains(value), "\(shell) script lacks \(value)")
    }
  }

  @Test func unknownShellSuggestsTheClosest() {
    let result = runBglog(["completions", "zhs"])
    #expect(result.status == .usage)
    #expect(result.err.contains("unknown shell 'zhs'; expected one of: bash, zsh, fish (did you mean 'zsh'?)"))
    #expect(runBglog(["completions"]).status == .usage)
  }

  @Test(.enabled(if: ExternalTool.has("bash")))
  func bashAcceptsTheScript() throws {
    let path = try ExternalTool.temporaryFile(Self.script(.bash), name: "bglog.bash")
    let result = try ExternalTool.run("bash", ["-n", path])
    #expect(result.status == 0, "\(result.err)")
  }

  @Test(.enabled(if: ExternalTool.has("zsh")))
  func zshAcceptsTheScript() throws {
    let path = try ExternalTool.temporaryFile(Self.script(.zsh), name: "_bglog")
    let result = try ExternalTool.run("zsh", ["-n", path])
    #expect(result.status == 0, "\(result.err)")
  }

  @Test(.enabled(if: ExternalTool.has("fish")))
  func fishAcceptsTheScript() throws {
    let path = try ExternalTool.temporaryFile(Self.script(.fish), name: "bglog.fish")
    let result = try ExternalTool.run("fish", ["-n", path])
    #expect(result.status == 0, "\(result.err)")
  }

  /// Each case: the words typed (the last one being completed) and the exact candidates bash offers.
  static let bashCases: [(words: [String], offered: [String])] = [
    (["bglog", "di"], ["diagnose"]),
    (["bglog", "--v"], ["--version"]),
    (["bglog", "help", "ch"], ["check"]),
    (["bglog", "completions", "z"], ["zsh"]),
    (["bglog", "check", "--min-c"], ["--min-confidence"]),
    (["bglog", "check", "--min-confidence", ""], ["low", "medium", "high"]),
    (["bglog", "check", "--fail-on", "leaked-b"], ["leaked-background-task"]),
    (["bglog", "check", "--fail-on", "background,watchd"], ["background,watchdog-hang"]),
    (
      ["bglog", "timeline", "--input-format", "log-show-"],
      ["log-show-compact", "log-show-syslog", "log-show-ndjson", "log-show-json"]
    ),
    // --format=json: bash splits the word at '=', so the value is two words after the option.
    (["bglog", "diagnose", "--format", "=", "j"], ["json"]),
    (["bglog", "timeline", "--app", ""], []),
    (["bglog", "explain", "leaked-background-t"], ["leaked-background-task"]),
    (["bglog", "diagnose", "Samples/leaked-background-task/rep"], ["Samples/leaked-background-task/report.crash"]),
  ]

  @Test(.enabled(if: ExternalTool.has("bash")))
  func bashOffersCommandsOptionsValuesAndFiles() throws {
    Golden.useRelativePaths()
    let path = try ExternalTool.temporaryFile(Self.script(.bash), name: "bglog.bash")
    var program = "source '\(path)'\n"
    for (words, _) in Self.bashCases {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      program += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=(); _bglog\n"
      program += "printf '%s\\n' \"${COMPREPLY[*]}\"\n"
    }
    let result = try ExternalTool.run("bash", ["-c", program])
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, (words, offered)) in Self.bashCases.enumerated() {
      let line = index < lines.count ? lines[index] : "<none>"
      #expect(line == offered.joined(separator: " "), "bash completing \(words)")
    }
  }

  @Test(.enabled(if: ExternalTool.has("fish")))
  func fishOffersCommandsOptionsAndValues() throws {
    let path = try ExternalTool.temporaryFile(Self.script(.fish), name: "bglog.fish")
    let program = """
      source '\(path)'
      complete -C 'bglog di'
      complete -C 'bglog check --fail-on background,watchd'
      complete -C 'bglog timeline --input-format log-show-'
      """
    let result = try ExternalTool.run("fish", ["--no-config", "-c", program])
    #expect(result.status == 0, "\(result.err)")
    let offered = result.out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    // fish sorts what it offers.
    #expect(
      offered == [
        "diagnose", "background,watchdog-hang", "log-show-compact", "log-show-json", "log-show-ndjson",
        "log-show-syslog",
      ])
  }
}
