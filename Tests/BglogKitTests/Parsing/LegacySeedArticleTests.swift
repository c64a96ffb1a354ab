import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Runs the parser over the whole seed article 001 (prose with seven quoted reports), read in place.
@Suite struct LegacySeedArticleTests {
  private static let article = Fixtures.sharedPath("seeds/001_8f5832ba784bab95.txt")

  @Test(
    .enabled(
      if: Fixtures.hasShared("seeds/001_8f5832ba784bab95.txt"),
      Comment(rawValue: Fixtures.sharedMissing("seeds/001_8f5832ba784bab95.txt"))))
  func findsEveryReportQuotedInTheArticle() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.article))
    let reports = LegacyCrashReportParser().parseDocument(SourceText(bytes: [UInt8](data)))
    #expect(reports.map(\.startLine) == [47, 91, 133, 175, 222, 238, 273])
    #expect(
      reports.map { $0.termination?.code } == [
        0xbada5e47, 0x8badf00d, 0x8badf00d, 0x8badf00d, 0x8badf00d, 0x8badf00d, 0x8badf00d,
      ])
    #expect(
      reports.map { $0.termination?.namespace ?? "-" } == [
        "ASSERTIOND", "ASSERTIOND", "ASSERTIOND", "SPRINGBOARD", "SPRINGBOARD", "ASSERTIOND", "<0xF>",
      ])
    // The damaged excerpt keeps its thread although one line of prose sits between the pieces.
    #expect(reports[4].threads.first?.frames.count == 9)
    #expect(
      reports[4].issues.contains { $0.location?.line == 226 && $0.message.hasPrefix("unreadable line") },
      "\(reports[4].issues)")
    #expect(reports[6].endLine == 290)
  }
}
