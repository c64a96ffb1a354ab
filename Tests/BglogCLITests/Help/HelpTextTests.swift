import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `bglog --help`, `bglog help X` and `bglog X --help`: golden files, every option documented, and every
/// example runnable against `Samples/`.
@Suite struct HelpTextTests {
  static let commandNames = BglogCLI.commands.map { $0.name }

  static func golden(_ name: String) -> URL {
    Fixtures.url("cli/help/\(name).txt")
  }

  /// Every example of every help page, with the page it is on.
  static var examples: [String] {
    let pages = [HelpText.overview(commands: BglogCLI.commands)] + BglogCLI.commands.map { $0.help }
    return pages.flatMap { HelpPage($0).section("EXAMPLES")?.examples.map(\.command) ?? [] }
  }

  @Test func overviewMatchesGoldenFile() {
    let result = runBglog(["--help"])
    #expect(result.status == .success)
    #expect(result.err.isEmpty)
    Golden.assertMatches(result.out, file: Self.golden("bglog"))
    #expect(runBglog(["-h"]).out == result.out)
    #expect(runBglog(["help"]).out == result.out)
    #expect(runBglog(["help", "help"]).out == result.out)
  }

  @Test func overviewListsEveryCommand() {
    let page = HelpPage(runBglog(["--help"]).out)
    let listed = page.section("COMMANDS")?.entries.map(\.term) ?? []
    #expect(listed == Self.commandNames + ["help"])
  }

  @Test(arguments: commandNames)
  func commandHelpMatchesGoldenFileWhicheverWayItIsAsked(command: String) {
    let result = runBglog(["help", command])
    #expect(result.status == .success)
    Golden.assertMatches(result.out, file: Self.golden(command))
    #expect(runBglog([command, "--help"]).out == result.out)
    #expect(runBglog([command, "-h"]).out == result.out)
    #expect(runBglog([command, "--format", "nonsense", "--help"]).status == .success)
  }

  @Test(arguments: commandNames)
  func commandHelpHasOverviewUsageAndTwoOrThreeExamples(command: String) throws {
    let page = HelpPage(try #require(BglogCLI.commands.first { $0.name == command }).help)
    #expect(page.overview.count > 20)
    #expect(page.section("USAGE")?.inline.hasPrefix("bglog \(command)") == true)
    let examples = page.section("EXAMPLES")?.examples ?? []
    #expect((2...3).contains(examples.count), "\(command) has \(examples.count) examples")
    for example in examples {
      #expect(example.command.hasPrefix("bglog \(command)"))
      #expect(!example.comment.isEmpty, "\(example.command) has no comment saying what it does")
    }
    #expect(page.section("EXIT CODES")?.entries.contains { $0.term == "64" } == true)
  }

  @Test(arguments: commandNames)
  func everyOptionIsDocumentedWithItsSpellings(command: String) throws {
    let type = try #require(BglogCLI.commands.first { $0.name == command })
    let entries = HelpPage(type.help).section("OPTIONS")?.entries ?? []
    for spec in type.options + [OptionSpec(name: "help", short: "h", takesValue: false, allowed: nil)] {
      let entry = entries.first { $0.longOptions.contains(spec.name) }
      #expect(entry != nil, "--\(spec.name) is not in the OPTIONS of '\(command)'")
      #expect(entry?.description.isEmpty == false)
      if let short = spec.short {
        #expect(entry?.term.hasPrefix("-\(short), --\(spec.name)") == true, "-\(short) is not documented")
      }
      if spec.takesValue {
        #expect(entry?.term.contains("<") == true, "--\(spec.name) takes a value but names none")
      }
    }
    // And nothing documented that the parser would reject.
    let known = Set(type.options.map(\.name) + ["help"])
    for entry in entries {
      for name in entry.longOptions { #expect(known.contains(name), "'\(command)' documents unknown --\(name)") }
    }
  }

  @Test(arguments: examples)
  func exampleRunsAgainstTheSamples(example: String) throws {
    Golden.useRelativePaths()
    let invocation = try #require(ExampleCommand(example))
    let stdin = try invocation.stdinPath.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? ""
    let result = runBglog(invocation.arguments, stdin: stdin)
    // check exits 1 when the policy fails, which is what its examples demonstrate.
    let expected: Set<Int32> = invocation.arguments.first == "check" ? [0, 1] : [0]
    #expect(expected.contains(result.status.rawValue), "\(example) exited \(result.status): \(result.err)")
    #expect(!result.out.isEmpty)
    for path in invocation.arguments where path.hasPrefix("Samples/") {
      #expect(FileManager.default.fileExists(atPath: path), "\(example) names a missing \(path)")
    }
  }

  @Test func examplesUseTheSamplesForEveryInputCommand() {
    for command in ["diagnose", "timeline", "check"] {
      let examples = Self.examples.filter { $0.hasPrefix("bglog \(command) ") }
      #expect(examples.allSatisfy { $0.contains(" Samples/") }, "\(command) has an example outside Samples/")
    }
  }

  @Test func versionIsPrintedOnStandardOutput() {
    for flag in ["--version", "-V"] {
      let result = runBglog([flag])
      #expect(result.status == .success)
      #expect(result.out == "bglog 0.1.0\n")
      #expect(result.err.isEmpty)
    }
    #expect(BglogCLI.version.split(separator: ".").count == 3)
  }
}

/// A help example split the way a shell would: quotes, `< file` as standard input, `> file` dropped,
/// and anything after `&&` ignored.
struct ExampleCommand {
  var arguments: [String]
  var stdinPath: String?

  init?(_ line: String) {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    if let end = words.firstIndex(of: "&&") { words = Array(words[..<end]) }
    guard words.first == "bglog" else { return nil }
    var arguments: [String] = []
    var index = 1
    while index < words.count {
      if words[index] == "<", index + 1 < words.count {
        stdinPath = words[index + 1]
        index += 2
      } else if words[index] == ">" {
        index += 2
      } else {
        arguments.append(words[index])
        index += 1
      }
    }
    self.arguments = arguments
  }
}
