import BglogTestSupport
import Testing

@testable import BglogKit

/// Recogniser defects 7, 8 and 9 and the kerf note of the session-9b review (`/work/review-inputs-s9b/FINDINGS.md`).
/// The pastes there are for review only, never fixtures (code-index text, licence unknown): the real lines are
/// quoted here with their source; texts marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionNineBRecogniserTests {
  static func timeline(text: String, app: String? = nil) -> TimelineResult {
    TimelineBuilder(options: TimelineOptions(app: app)).build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #8 two tasks created over 30 seconds ago

  /// An LMS/SlimProto player app's Xcode console capture (code index, read_file id 17317370521, offset ~42700;
  /// licence unknown), lines 1–6 of the review's cut: the app's emoji prints, then UIKit's bare warnings for
  /// tasks 16 and 17. Before: one leaked-background-task finding, for task 16 only.
  @Test func eachTaskCreatedOver30SecondsAgoGetsItsFinding() throws {
    let text = """
      🔍 Interpolated time: 115.93 + 43.24 = 159.17
      🔒 Using SlimProto time: 159.17 (playing: YES)
      ⏰ NowPlayingManager TIMER UPDATE: 159.17s (Server Time, playing: YES)
      Background Task 16 ("AVPlayerBackgroundPlayback"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.
      Background Task 17 ("SlimProtoConnectionExtended"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.
      🔄 Timer triggered metadata refresh

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.expiryWarning, .expiryWarning])
    let findings = app.findings.filter { $0.kind == .leakedBackgroundTask }
    #expect(findings.count == 2)
    #expect(findings.map { $0.evidence.map(\.line) } == [[4], [5]])
    #expect(findings.first?.summary.contains("background task 16 \"AVPlayerBackgroundPlayback\"") == true)
    #expect(findings.last?.summary.contains("background task 17 \"SlimProtoConnectionExtended\"") == true)
    #expect(findings.allSatisfy { $0.confidence == .low })
  }

  /// SYNTHETIC (the lyrplay warning for task 17 above, twice): a task warned of twice gets one finding.
  @Test func aTaskWarnedOfTwiceGetsOneFinding() throws {
    let warning17 =
      "Background Task 17 (\"SlimProtoConnectionExtended\"), was created over 30 seconds ago. In applications "
      + "running in the background, this creates a risk of termination. Remember to call "
      + "UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this."
    let app = try #require(Self.timeline(text: warning17 + "\n" + warning17 + "\n").apps.first)
    #expect(app.findings.filter { $0.kind == .leakedBackgroundTask }.count == 1)
  }

  // MARK: the kerf note: `application.<bundle>...`

  /// Kerf editor dev notes, "Trap 1" (code index, find_string id 57352787392; licence unknown), the fenced lines
  /// as written (the second half indented 15 blanks): the author left LaunchServices' numbers out with `...`.
  /// Before: app `application.com.kerf.editor...`.
  @Test func elidedLabelNumbersStillNameTheBundle() throws {
    let text = """
      ```
      runningboardd: [app<application.com.kerf.editor...>:9614]
                     termination reported by launchd (0, 0, 0)
      ```

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.bundleID == "com.kerf.editor")
    #expect(app.events.map(\.kind) == [.exited])
    #expect(app.events.first?.pid == 9614)
    typealias R = TimelineEventRecognizer
    // The filter's byte path agrees; a label of dots only, or four dots, is kept as written.
    for label in [
      "application.com.kerf.editor...", "application...", "application.com.x....", "application.com.x.1...",
    ] {
      let bytes = Array(label.utf8)
      let onBytes = bytes.withUnsafeBufferPointer { buffer in
        TimelineRecordFilter.labelBundle(buffer).map { String(decoding: $0, as: UTF8.self) } ?? label
      }
      #expect(onBytes == R.appBundle(label[...]), "\(label)")
    }
    #expect(R.appBundle("application.com.kerf.editor..."[...]) == "com.kerf.editor")
    #expect(R.appBundle("application.com.x...."[...]) == "application.com.x....")
  }
}
