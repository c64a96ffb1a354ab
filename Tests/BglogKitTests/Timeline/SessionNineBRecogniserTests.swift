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

  // MARK: #7 iOS 9 simulator: launch failure, SpringBoard's unknown reason, launchd_sim's trampoline kill

  /// A Chinese blog post on ios-sim (code index, read_file id 30381128586; licence unknown), the simulator syslog
  /// lines of WeChat's failed launch as printed (lines 3–9 of the review's cut). Before: "no app background events".
  @Test func simulatorLaunchFailureIsTheAppsEnd() throws {
    let text = """
      Aug 18 16:29:17 YDZdeMacBook-Pro nsurlsessiond[19213]: Task 1 for client <CFString 0x7fa810c047d0 [0x1073daa40]>{contents = "com.apple.mobileassetd"} completed with error - code: -999
      Aug 18 16:29:17 YDZdeMacBook-Pro com.apple.CoreSimulator.SimDevice.D6BD3967-9BC4-4A8D-9AD0-23176B22B12A.launchd_sim[19096] (UIKitApplication:com.tencent.xin[0xdf6d][19774]): Program specified by service does not contain one of the requested architectures:
      Aug 18 16:29:17 YDZdeMacBook-Pro SpringBoard[19181]: Unable to get pid for 'UIKitApplication:com.tencent.xin[0xdf6d]': No such process (err 3)
      Aug 18 16:29:17 YDZdeMacBook-Pro SpringBoard[19181]: Bootstrapping failed for <FBApplicationProcess: 0x7fa83cd91840; com.tencent.xin; pid: -1>
      Aug 18 16:29:17 YDZdeMacBook-Pro SpringBoard[19181]: Unable to delete job with label UIKitApplication:com.tencent.xin[0xdf6d]. Error: Operation now in progress
      Aug 18 16:29:17 YDZdeMacBook-Pro SpringBoard[19181]: Application 'UIKitApplication:com.tencent.xin[0xdf6d]' exited for an unknown reason.
      Aug 18 16:29:17 YDZdeMacBook-Pro com.apple.CoreSimulator.SimDevice.D6BD3967-9BC4-4A8D-9AD0-23176B22B12A.launchd_sim[19096] (UIKitApplication:com.tencent.xin[0xdf6d][19774]): Trampoline was terminated before jumping to service: Killed: 9
      Aug 18 16:29:18 YDZdeMacBook-Pro fileproviderd[19169]: (Note ) FileProvider: /Applications/Xcode.app/Contents/Developer/Platforms/iPhoneSimulator.platform/Developer/SDKs/iPhoneSimulator.sdk/System/Library/PrivateFrameworks/FileProvider.framework/Support/fileproviderd starting.

      """
    let result = Self.timeline(text: text)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.tencent.xin")
    #expect(app.events.map(\.kind) == [.exited, .killed])
    #expect(app.events.map(\.line) == [6, 7])
    #expect(app.events.map(\.pid) == [19774, 19774])
    #expect(
      app.events[0].detail
        == "exited for an unknown reason (SpringBoard: it does not say why); launchd: the program does not contain one "
        + "of the requested architectures; SpringBoard: bootstrapping failed")
    #expect(
      app.events[1].detail
        == "killed by SIGKILL before the app started (launchd: Trampoline was terminated before jumping to service: "
        + "Killed: 9)")
    let seconds = try #require(app.events[1].timestamp?.secondsOfDay)
    #expect(abs(seconds - (16 * 3600 + 29 * 60 + 17)) < 0.001)
  }

  /// SYNTHETIC (the ydz trampoline line with another signal's words, `Terminated: 15`): not read, as no such line
  /// was seen; and the SpringBoard sentence inside prose is not read.
  @Test func otherTrampolineWordsAndProseGiveNoEvent() {
    let text = """
      Aug 18 16:29:17 YDZdeMacBook-Pro com.apple.CoreSimulator.SimDevice.D6BD3967-9BC4-4A8D-9AD0-23176B22B12A.launchd_sim[19096] (UIKitApplication:com.tencent.xin[0xdf6d][19774]): Trampoline was terminated before jumping to service: Terminated: 15
      the console said Application 'UIKitApplication:com.tencent.xin[0xdf6d]' exited for an unknown reason. after that

      """
    #expect(Self.timeline(text: text).apps.flatMap(\.events).isEmpty)
  }

  // MARK: #9 nsurlsessiond `Error linking upload file`

  /// An Objective-C source's block comment above an NSURLSessionUploadTask (code index, find_string id
  /// 42558341694; licence unknown): the device syslog line after its `     *  ` comment prefix (stripping that
  /// prefix is the reader's defect 3, not this test's). Before: no event.
  @Test func errorLinkingUploadFileIsAnUploadThatCannotBeSent() throws {
    let text = """
      Aug 22 17:37:34 BryPhone-5 nsurlsessiond[101] <Error>: Error linking upload file: Error Domain=NSCocoaErrorDomain Code=257 "The operation couldn’t be completed. (Cocoa error 257.)" UserInfo=0x145bc9f0 {NSFilePath=/private/var/mobile/Containers/Shared/AppGroup/DAC0CE53-E97B-40D8-B636-18F85460DC2B/requestBody.txt, NSUnderlyingError=0x145c38e0 "The operation couldn’t be completed. Operation not permitted"}

      """
    let result = Self.timeline(text: text)
    let events = result.apps.flatMap(\.events)
    #expect(events.map(\.kind) == [.urlSessionEvent])
    #expect(events.first?.line == 1)
    #expect(
      events.first?.detail
        == "nsurlsessiond could not link a background upload's body file into its container (NSCocoaErrorDomain "
        + "Code=257: The operation couldn’t be completed. Operation not permitted), so it cannot send that upload "
        + "(the line names no task)")
    // The app is not named: nsurlsessiond's line is filed under the unnamed app.
    #expect(result.apps.first?.bundleID == nil)
  }
}
