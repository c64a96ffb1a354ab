import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// Every folder in `Samples/` holds one input and `expected.txt`, the exact output of
/// `bglog diagnose` (or `bglog timeline` for `.log` inputs) that the README shows.
@Suite struct SamplesTests {
  static var samples: [String] {
    let root = Fixtures.packageRoot.appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
  }

  static func input(of sample: String) -> String? {
    let folder = Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0 != "expected.txt" && $0 != "README.md" && $0 != "command.txt" }.sorted().first
      .map { "Samples/\(sample)/\($0)" }
  }

  @Test func everyKindHasASample() {
    #expect(Self.samples.count >= 4)
  }

  @Test(arguments: samples)
  func sampleOutputMatchesExpected(sample: String) throws {
    Golden.useRelativePaths()
    let input = try #require(Self.input(of: sample))
    let command = input.hasSuffix(".log") ? "timeline" : "diagnose"
    var arguments = [command]
    let extra = Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/command.txt")
    if let options = try? String(contentsOf: extra, encoding: .utf8) {
      arguments += options.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
    arguments.append(input)
    let result = runBglog(arguments)
    #expect(result.status == .success, "\(result.err)")
    Golden.assertMatches(
      result.out, file: Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/expected.txt"))
  }
}

/// The README shows sample outputs between `<!-- sample: NAME -->` and `<!-- end sample -->`; they must
/// be the samples' current `expected.txt`.
@Suite struct ReadmeSamplesTests {
  @Test func readmeSampleBlocksMatchExpectedOutputs() throws {
    let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "<!-- sample: ").dropFirst()
    #expect(!blocks.isEmpty)
    for block in blocks {
      let name = String(block.prefix(while: { $0 != " " }))
      guard let end = block.range(of: "<!-- end sample -->") else {
        Issue.record("sample block \(name) has no end marker")
        continue
      }
      let body = block[..<end.lowerBound]
      let expected = try String(
        contentsOf: Fixtures.packageRoot.appendingPathComponent("Samples/\(name)/expected.txt"), encoding: .utf8)
      #expect(body.contains(expected), "README block for \(name) is out of date")
    }
  }
}
