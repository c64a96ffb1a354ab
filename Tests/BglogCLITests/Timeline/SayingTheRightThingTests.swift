import BglogCLI
import BglogKit
import BglogTestSupport
import Foundation
import Testing

/// Issue 16 items 7 and 8 (the parts outside the classifier).
@Suite struct SayingTheRightThingTests {
  /// `explain` cites articles by title and author and Apple's documentation by title, never an
  /// internal label a user cannot look up.
  @Test func explainCitesTitlesNotInternalLabels() {
    var kinds = DiagnosisKind.allCases.map(\.rawValue)
    kinds += TimelineFinding.Kind.allCases.map(\.rawValue).filter { !kinds.contains($0) }
    for kind in kinds {
      let result = runBglog(["explain", kind])
      #expect(result.status == .success)
      #expect(!result.out.contains("seed 0"), "\(kind) cites an internal label")
    }
    let leaked = runBglog(["explain", "leaked-background-task"]).out
    #expect(leaked.contains("\"iOS后台任务的影响\" (The impact of iOS background tasks)"))
    #expect(leaked.contains("a乾坤大挪移a"))
    #expect(leaked.contains("Apple, \"EXC_CRASH (SIGKILL)\""))
    #expect(runBglog(["explain", "rate-limiter"]).out.contains("\"iOS项目技术还债之路《一》后台下载趟坑\""))
  }

  @Test func explainSuggestsTheKindAWordBegins() {
    let result = runBglog(["explain", "leaked"])
    #expect(result.status == .usage)
    #expect(result.err.contains("(did you mean 'leaked-background-task'?)"))
  }

  @Test func chartWithAFormatThatCannotHoldItIsAUsageError() {
    for format in ["json", "svg", "html"] {
      let result = runBglog([
        "timeline", "--chart", "--format", format, Fixtures.url("console/synthetic-rate-limiter.log").path,
      ])
      #expect(result.status == .usage, "--chart --format \(format)")
      #expect(result.err.contains("--chart draws the lanes in the text output"))
    }
    #expect(
      runBglog(["timeline", "--chart", "--format", "text", Fixtures.url("console/synthetic-rate-limiter.log").path])
        .status == .success)
  }

  /// Five connections started and none ended: the connection time is unknown, not "none seen".
  @Test func connectionTimeSaysConnectionsStartedWhenNoneEnded() {
    let result = runBglog(["timeline", Fixtures.url("console/synthetic-rate-limiter.log").path])
    #expect(result.out.contains("nsurlsessiond connection time: unknown (5 connections started, none seen to end)"))
    #expect(!result.out.contains("connection time: none seen"))
  }

  @Test func countsAreSingularForOne() {
    let result = runBglog(["timeline", Fixtures.url("console/seed000-background-download.log").path])
    #expect(result.out.hasPrefix("Read 25 lines as time-process-message: 24 records, 1 continuation line, 0 unknown,"))
    let html = runBglog(["timeline", "--format", "html", Fixtures.url("console/seed000-background-download.log").path])
    #expect(html.out.contains("1 continuation line,"))
  }

  /// A log spanning half a second (built in code from the seed-000 layout: synthetic) gets an axis in
  /// fractions of a second, not `+0 … +0`.
  @Test func subSecondLogHasAFractionalAxis() {
    let log = """
      18:05:17.100    assertiond  [BackgroundDemo:12636] Setting up BG permission check timer for 30s
      18:05:17.350    assertiond  [BackgroundDemo:12636] Sending background permission expiration warning!
      18:05:17.600    assertiond  [BackgroundDemo:12636] Finished crash reporting.

      """
    let svg = runBglog(["timeline", "--format", "svg", "-"], stdin: log)
    let offsets = Self.axisOffsets(svg.out)
    #expect(offsets.contains { $0.contains(".") }, "axis offsets: \(offsets)")
    #expect(Set(offsets).count == offsets.count, "repeated axis labels: \(offsets)")
  }

  /// The `+N` texts of the picture's axis.
  static func axisOffsets(_ svg: String) -> [String] {
    svg.components(separatedBy: ">").compactMap { part -> String? in
      guard let end = part.firstIndex(of: "<") else { return nil }
      let text = String(part[..<end])
      guard text.hasPrefix("+"), text.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }), text.count > 1 else {
        return nil
      }
      return text
    }
  }
}
