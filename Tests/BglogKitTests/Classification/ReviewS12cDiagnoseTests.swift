import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-12c review (`diagnose` on real public pastes, /work/review-inputs-s12c, not in the repository). The
/// pastes' licences are not known, so only the lines a test needs are quoted, verbatim, each with its source; texts
/// put together or changed by hand say so.
@Suite struct ReviewS12cDiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }
}

/// Defect 4: `//` comments after an `.ips` metadata line, and a reading of a body bglog did not read whole.
@Suite struct ReviewS12cJetsamCommentTests {
  /// A blog post in the stored public index ("Unity 应用Crash问题解决方法", 2024-12-28, section "oom", file id
  /// 30231301629, about CrashSight): a JetsamEvent "with much left out" (省略了很多内容的), the author's Chinese `//`
  /// comments after two values, a stray `},`, a placeholder for the app's name. The whole fenced excerpt.
  static let crashSight = """
    ```c#
    {"bug_type":"298","timestamp":"2020-03-19 17:30:28.39 +0800","os_version":"iPhone OS 13.3.1 (17D50)","incident_id":"7F111601-BC7A-4BD7-F468-CE3370053097"}
    {
      "product" : "iPhone12,3",
      "pageSize" : 16384, //每个page占用的字节数
    },
      "largestProcess" : "XXX(App的BundleName)",
      "genCounter" : 0,
      "processes" : [
      {
        "uuid" : "2dd5eb1e-fd31-36c2-99d9-bcbff44efbb9",
        "rpages" : 164, //占用的内存数 rpages * pageSize
      },
    ```
    """

  @Test func theCommentsAreSetAsideAndTheUnreadBodyIsNotDescribed() throws {
    let (report, diagnosis) = try #require(try ReviewS12cDiagnoseTests.read(Self.crashSight).first)
    #expect(report.category == .jetsam)
    #expect(report.issues.contains { $0.message.contains("`//` comments") && $0.message.contains("line 5, 12") })
    // Without the comments the JSON still stops at the stray `},` of line 6: the rest is read line by line.
    #expect(report.jetsam?.lineByLineFrom == 6)
    #expect(report.jetsam?.largestProcess == "XXX(App的BundleName)")
    // Which process was killed is not in what was read: not a medium jetsam reading about unread processes.
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.summary.contains("no process in it carries a kill reason"))
    #expect(diagnosis.summary.contains("not valid JSON from line 6"))
    #expect(diagnosis.facts.contains(Fact("largest-process", "XXX(App的BundleName)")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("line 6") })
    #expect(diagnosis.evidence.contains { $0.location == .line(6) && $0.note.contains("stops parsing") })
  }

  /// The same excerpt with the stray `},` and the trailing commas taken out and the list closed by hand
  /// (SYNTHETIC edit): once the comments are set aside the body is valid JSON, so it is read as JSON (no line by
  /// line reading), and the comment note stays.
  @Test func aBodyValidWithoutItsCommentsIsReadAsJSON() throws {
    let text = """
      {"bug_type":"298","timestamp":"2020-03-19 17:30:28.39 +0800","os_version":"iPhone OS 13.3.1 (17D50)","incident_id":"7F111601-BC7A-4BD7-F468-CE3370053097"}
      {
        "product" : "iPhone12,3",
        "pageSize" : 16384, //每个page占用的字节数
        "largestProcess" : "XXX(App的BundleName)",
        "genCounter" : 0,
        "processes" : [
        {
          "uuid" : "2dd5eb1e-fd31-36c2-99d9-bcbff44efbb9",
          "rpages" : 164 //占用的内存数 rpages * pageSize
        }
        ]
      }
      """
    let (report, _) = try #require(try ReviewS12cDiagnoseTests.read(text).first)
    #expect(report.jetsam?.lineByLineFrom == nil)
    #expect(report.jetsam?.largestProcess == "XXX(App的BundleName)")
    #expect(report.header.hardwareModel == "iPhone12,3")
    #expect(report.issues.contains { $0.message.contains("`//` comments") && $0.message.contains("line 4, 10") })
    #expect(!report.issues.contains { $0.message.hasPrefix("invalid JSON") })
  }
}
