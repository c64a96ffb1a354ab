import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `bglog man` and the committed `docs/bglog.1`.
@Suite struct ManPageTests {
  static var page: String { runBglog(["man"]).out }

  @Test func committedManPageIsCurrent() {
    let result = runBglog(["man"])
    #expect(result.status == .success)
    Golden.assertMatches(result.out, file: Fixtures.packageRoot.appendingPathComponent("docs/bglog.1"))
  }

  @Test func everyCommandOptionAndExampleIsInThePage() {
    let page = Self.page
    #expect(page.hasPrefix(".\\\" bglog.1"))
    #expect(page.contains(".TH BGLOG 1 \"\" \"bglog \(BglogCLI.version)\" \"User Commands\""))
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "\"EXIT STATUS\"", "ENVIRONMENT", "\"SEE ALSO\""] {
      #expect(page.contains(".SH \(section)\n"), "no \(section) section")
    }
    for command in BglogCLI.commands {
      #expect(page.contains(".SH \"BGLOG \(command.name.uppercased())\"\n"))
      for option in command.options {
        #expect(page.contains("\\fB\\-\\-\(ManPage.escape(option.name))\\fR"), "--\(option.name) missing")
      }
      for example in HelpPage(command.help).section("EXAMPLES")?.examples ?? [] {
        #expect(page.contains(".EX\n" + ManPage.escape(example.command) + "\n.EE\n"))
      }
    }
  }

  @Test func roffEscapesHyphensBackslashesAndLeadingDots() {
    #expect(ManPage.escape("--fail-on") == "\\-\\-fail\\-on")
    #expect(ManPage.escape("a\\b") == "a\\eb")
    #expect(ManPage.escape(".bglog.json is read") == "\\&.bglog.json is read")
    #expect(ManPage.escape("'quoted'") == "\\&'quoted'")
  }

  @Test(.enabled(if: ExternalTool.has("groff")))
  func groffFormatsThePageWithoutWarnings() throws {
    let path = try ExternalTool.temporaryFile(Self.page, name: "bglog.1")
    // -k: run preconv, as man does, for the UTF-8 in the timeline example.
    let result = try ExternalTool.run("groff", ["-k", "-man", "-Tutf8", "-ww", "-z", path])
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
  }
}
