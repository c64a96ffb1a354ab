import BglogTestSupport
import Testing

@testable import BglogKit

/// What the last user run of session 11 on new real pastes left in `bglog timeline` (docs/status.md), found again in
/// the public threads and quoted here verbatim with their source (issue texts, licences unknown: no fixture files).
/// Texts marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionTwelveRecogniserTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: ReportCrash's `Formulating fatal 309 report for corpse[pid] Name`

  /// airsdk/Adobe-Runtime-Support #2993 (Shaunmax, 2024-01-12, "the crash log that I retrieved from console live
  /// logs", iOS): the first lines of the paste as written. The reading: ReportCrash formulating a *fatal* report
  /// (type 309, a crash report) for corpse[9522] says the app's process 9522 crashed and its report `AppName-….ips`
  /// is being written; the WebContent helper (9525) of app pid 9522 is then killed because its host is gone.
  /// Before: the corpse line was not read at all (only `Formulating report for corpse[…]` was), so the app's end
  /// was missing and the helper's end was the only event.
  static let adobe2993 = """
    default\t22:42:21.340584+0530\tReportCrash\tFormulating fatal 309 report for corpse[9522] AppName
    default\t22:42:21.357264+0530\trunningboardd\t[xpcservice<com.apple.WebKit.WebContent([app<com.company.appname(C7B12899-70D1-4743-A415-EA7D0E1155AE)>:9522])>:9525:9525] termination reported by launchd (2, 9, 9)
    default\t22:42:21.358994+0530\trunningboardd\tRemoving process: [xpcservice<com.apple.WebKit.WebContent([app<com.company.appname(C7B12899-70D1-4743-A415-EA7D0E1155AE)>:9522])>:9525:9525]
    default\t22:42:21.359236+0530\trunningboardd\tremoveJobWithInstance called for identity without existing job [xpcservice<com.apple.WebKit.WebContent([app<com.company.appname(C7B12899-70D1-4743-A415-EA7D0E1155AE)>:9522])>:9525:9525]
    default\t22:42:21.359879+0530\trunningboardd\tRemoving assertions for terminated process: [xpcservice<com.apple.WebKit.WebContent([app<com.company.appname(C7B12899-70D1-4743-A415-EA7D0E1155AE)>:9522])>:9525:9525]
    default\t22:42:21.360953+0530\trunningboardd\tCalculated state for xpcservice<com.apple.WebKit.WebContent([app<com.company.appname(C7B12899-70D1-4743-A415-EA7D0E1155AE)>:9522])>:9525: none (role: None)

    """

  @Test func aFatalCorpseReportIsTheAppsCrash() throws {
    let result = Self.timeline(Self.adobe2993)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.company.appname")
    #expect(app.events.map(\.kind) == [.crashed, .childProcessEnded])
    let crash = app.events[0]
    #expect(crash.pid == 9522)
    #expect(crash.lane == "ReportCrash")
    #expect(crash.detail.contains("fatal 309 report for corpse[9522]"))
    #expect(crash.detail.contains("the process crashed"))
    #expect(crash.detail.contains("read the report (AppName-….ips)"))
    #expect(app.processes.first { $0.pid == 9522 }?.endedBy == .crashed)
    // The helper's end stays the helper's.
    #expect(app.events[1].pid == 9525)
  }

  /// The words between `Formulating` and `report`: none, `fatal`, `fatal 309`; a sentence that only holds the
  /// anchor is not read.
  @Test func formulatedWordsAreShortLowerCaseWords() {
    func words(_ message: String) -> String? {
      let text = message[...]
      guard let anchor = TimelineEventRecognizer.range(of: "report for corpse[", in: text) else { return nil }
      return ReportCrashRecognizers.formulatedWords(before: anchor.lowerBound, in: text)
    }
    #expect(words("Formulating report for corpse[6113] iMastShare") == "")
    #expect(words("Formulating fatal report for corpse[796] REDACTED") == "fatal")
    #expect(words("Formulating fatal 309 report for corpse[9522] AppName") == "fatal 309")
    #expect(words("We saw a report for corpse[1] X") == nil)
    #expect(words("Formulating Some Long Words report for corpse[1] X") == nil)
  }
}
