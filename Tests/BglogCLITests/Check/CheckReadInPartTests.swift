import BglogCLI
import BglogKit
import BglogRendering
import BglogTestSupport
import Foundation
import Testing

/// Issue 17, item 5: a console log whose timeline left events out is an input problem in every `check`
/// format, judged by `--on-input-error`, and its findings still count.
@Suite struct CheckReadInPartTests {
  /// A log of `count` one-line apps, written to a temporary file.
  static func floodLog(_ count: Int, then tail: String = "") throws -> String {
    var text = ""
    for index in 0..<count {
      let time = String(format: "%02d:%02d:%02d", 10 + index / 3600, index / 60 % 60, index % 60)
      text +=
        "\(time)    assertiond  [Filler\(index):\(40_000 + index)] Sending background permission expiration warning!\n"
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bglog-flood-\(count)-\(tail.count)-\(UUID().uuidString).log").path
    try Data((text + tail).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: CheckFormat.allCases)
  func everyFormatSaysTheLogWasReadInPart(format: CheckFormat) throws {
    let path = try Self.floodLog(TimelineBuilder.maximumApps + 50)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = runBglog(["check", "--no-config", "--format", format.rawValue, path])
    #expect(result.status == .inputError)
    #expect(result.out.contains("read in part") || result.out.contains("read%20in%20part"), "\(result.out)")
    #expect(result.err.contains("read in part"))
  }

  @Test func onInputErrorJudgesALogReadInPart() throws {
    let path = try Self.floodLog(TimelineBuilder.maximumApps + 50)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(runBglog(["check", "--no-config", "--on-input-error", "fail", path]).status == .policyFailure)
    #expect(runBglog(["check", "--no-config", "--on-input-error", "ignore", path]).status == .success)
    let text = runBglog(["check", "--no-config", path]).out
    #expect(text.contains("1 read in part"))
    #expect(text.contains("could only be read in part (exit 2)"))
  }

  /// The input: 12,000 one-line apps in front of the seed 000 story; `check` passed with 0 findings.
  @Test func fillersInFrontOfARealProblemFailTheCheck() throws {
    let seed = try Fixtures.source("console/seed000-background-download.log").text
    let path = try Self.floodLog(12_000, then: seed)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = runBglog(["check", "--no-config", "--format", "json", path])
    #expect(result.status == .policyFailure)
    #expect(result.out.contains("\"kind\" : \"background-session-completion-not-called\""))
    #expect(result.out.contains("\"readInPart\" : 1"))
  }
}
