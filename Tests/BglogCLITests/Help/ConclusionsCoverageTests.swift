import BglogKit
import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// Issue 14's "done when": every kind `diagnose` can emit and every termination namespace it knows
/// is in the README's "What it concludes" section and in `bglog explain` (by name and in `list`).
/// Both lists come from the code, so a new kind or namespace fails here until it is documented.
@Suite struct ConclusionsCoverageTests {
  /// The README from `## What it concludes` to the next `## ` heading.
  static func concludesSection() throws -> String {
    let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n## What it concludes\n"))
    let rest = readme[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test func everyKindIsInTheReadmeTableAndExplained() throws {
    let section = try Self.concludesSection()
    let tableRows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
    let list = runBglog(["explain", "list"])
    #expect(list.status == .success)
    for kind in DiagnosisKind.allCases {
      let id = "`\(kind.rawValue)`"
      // The first cell of a row names the kinds it is about.
      #expect(
        tableRows.contains { $0.split(separator: "|").first?.contains(id) == true },
        "\(kind.rawValue) has no row in the README's What it concludes table")
      let explained = runBglog(["explain", kind.rawValue])
      #expect(explained.status == .success, "\(kind.rawValue): \(explained.err)")
      #expect(explained.out.hasPrefix("\(kind.rawValue): \(kind.reference.title)"), "\(kind.rawValue)")
      #expect(!kind.reference.meaning.isEmpty, "\(kind.rawValue) has no meaning to explain")
      #expect(
        list.out.contains("\n" + kind.rawValue + " ") || list.out.hasPrefix(kind.rawValue + " "), "\(kind.rawValue)")
    }
  }

  @Test func everyNamespaceIsInTheReadmeAndExplained() throws {
    let section = try Self.concludesSection()
    let list = runBglog(["explain", "list"])
    for namespace in TerminationNamespace.all {
      #expect(section.contains("`\(namespace.name)`"), "README's What it concludes does not name \(namespace.name)")
      #expect(list.out.contains(namespace.name), "explain list does not name \(namespace.name)")
      #expect(runBglog(["explain", namespace.name]).status == .success, "\(namespace.name)")
    }
  }
}
