import BglogTestSupport
import Testing

@testable import BglogKit

/// Defects #4, #6 and #7 of the session-8 second fresh-eyes review (`/work/review-inputs-s8b/FINDINGS.md`): lines
/// the timeline did not read. The pastes there are for review only, never fixtures: the real lines are quoted
/// here with their source; texts marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionEightBRecogniserTests {
  static func timeline(text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #6 analyticsd's record of a crash

  /// microsoftconnect/ms-intune-app-sdk-ios #137 (ianbby, turn 1), the Console.app copy with the category column
  /// as pasted: analyticsd's `com.apple.stability.crash` object twice (the same record, 45 µs apart), then
  /// FrontBoard's launch assertion dropped twice out of time order. Before: "no app background events".
  @Test func analyticsdStabilityCrashIsTheAppsCrash() throws {
    let record =
      "Aggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {\"appVersion\":\"20.12.1\",\"bundleID\":\"com.AppCo.MyApp\",\"exceptionCodes\":\"KERN_PROTECTION_FAILURE at 0x000000020863b1a0\",\"incidentID\":\"3368B380-8E23-4AEB-B80B-C57AA31D43B6\",\"logwritten\":1,\"process\":\"MyApp\",\"terminationReasonExceptionCode\":\"0xa\",\"terminationReasonNamespace\":\"SIGNAL\",\"timestamp\":1612274455090144}"
    let text = """
      ```
      default\t08:00:55.092828-0600\tanalyticsd\tanalyticsd\t\(record)
      default\t08:00:55.092873-0600\tanalyticsd\tanalyticsd\t\(record)
      default\t08:00:55.425777-0600\tSpringBoard\tFrontBoard\t[application<com.AppCo.MyApp>:432] Dropping launch assertion.
      default\t08:00:55.425528-0600\tSpringBoard\tFrontBoard\t[application<com.AppCo.MyApp>:432] Dropping launch assertion.
      ```

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.AppCo.MyApp")
    // The same record twice is one crash.
    #expect(app.events.map(\.kind) == [.crashed])
    let crash = try #require(app.events.first)
    #expect(crash.line == 2)
    let seconds = try #require(crash.timestamp?.secondsOfDay)
    #expect(abs(seconds - (8 * 3600 + 55.092828)) < 0.001)
    #expect(crash.detail.hasPrefix("exited: signal SIGBUS(10); analyticsd's record of the crash report"))
    #expect(crash.detail.contains("namespace SIGNAL, code 0xa"))
    #expect(crash.detail.contains("KERN_PROTECTION_FAILURE at 0x000000020863b1a0"))
    #expect(crash.detail.contains("incident 3368B380-8E23-4AEB-B80B-C57AA31D43B6"))
  }

  /// SYNTHETIC (the record above with its `bundleID` and `process` fields removed): a record naming no process
  /// gives no event.
  @Test func analyticsdStabilityCrashWithoutAProcessIsNotRead() {
    let text =
      "default\t08:00:55.092828-0600\tanalyticsd\tanalyticsd\tAggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {\"appVersion\":\"20.12.1\",\"exceptionCodes\":\"KERN_PROTECTION_FAILURE at 0x000000020863b1a0\",\"terminationReasonExceptionCode\":\"0xa\",\"terminationReasonNamespace\":\"SIGNAL\"}\n"
    #expect(Self.timeline(text: text).apps.allSatisfy { $0.events.isEmpty })
  }
}
