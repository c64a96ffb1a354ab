import BglogKit
import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// Every crash fixture is diagnosed end to end through the CLI: the kinds must match the README's
/// `expected kind` column, and the text and JSON outputs must match their golden files.
@Suite struct DiagnoseFixtureTests {
  static let folders = ["crash", "ips"]
  static let knownKinds = DiagnosisKind.allCases.map(\.rawValue)
  static var rows: [FixtureCatalog.Row] {
    folders.flatMap { FixtureCatalog.rows(in: $0, knownKinds: knownKinds) }
  }

  @Test func everyFixtureHasAReadmeRowWithAnExpectedKind() {
    let listed = Set(Self.rows.filter { !$0.expectedKinds.isEmpty }.map(\.path))
    for folder in Self.folders {
      for file in Fixtures.files(in: folder) {
        #expect(listed.contains(file), "\(file) has no README row with an expected kind")
      }
    }
  }

  @Test(arguments: rows)
  func fixtureIsDiagnosedAsItsReadmeSays(row: FixtureCatalog.Row) throws {
    Golden.useRelativePaths()
    let result = runBglog(["diagnose", "--format", "json", "Tests/Fixtures/" + row.path])
    #expect(result.status == .success, "\(result.err)")
    let document = try JSONDecoder().decode(DiagnoseOutputV1Kinds.self, from: Data(result.out.utf8))
    #expect(document.reports.map(\.kind) == row.expectedKinds)
    for report in document.reports {
      #expect(!report.evidence.isEmpty || report.kind == "insufficient-data", "\(row.path): no evidence")
    }
  }

  @Test(arguments: rows)
  func textAndJSONOutputsMatchGoldenFiles(row: FixtureCatalog.Row) {
    Golden.useRelativePaths()
    let input = "Tests/Fixtures/" + row.path
    let name = (row.path as NSString).lastPathComponent
    let text = runBglog(["diagnose", input])
    Golden.assertMatches(text.out, file: Fixtures.url("expected/diagnose/\(name).txt"))
    let json = runBglog(["diagnose", "--format", "json", input])
    Golden.assertMatches(json.out, file: Fixtures.url("expected/diagnose/\(name).json"))
  }
}

/// Just the parts of the wire format these tests read.
struct DiagnoseOutputV1Kinds: Decodable {
  struct Report: Decodable {
    var kind: String
    var evidence: [Evidence]
  }
  struct Evidence: Decodable {
    var quote: String
  }
  var schemaVersion: Int
  var reports: [Report]
}
