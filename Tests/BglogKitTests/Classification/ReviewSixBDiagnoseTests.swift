import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session 6, second review (`/work/review-inputs-s6b`). Pastes from repositories with a permissive licence
/// are fixtures (their README rows name them); the others are built here in code (**synthetic**), quoting at
/// most single lines of the source each test names.
@Suite struct ReviewSixBDiagnoseTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    try DiagnoseRun.diagnosedReports(in: SourceText(text: text)).map(\.diagnosis)
  }

  // MARK: Defect 1: a flattened line that opens with a key

  /// Line 1 of the report in Apple Developer Forums thread 746742, as the forum flattened it (quoted).
  static let forumLine =
    "Exception Type: EXC_CRASH (SIGKILL) Exception Codes: 0x0000000000000000, 0x0000000000000000 Termination Reason: "
    + "FRONTBOARD 2343432205 <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog "
    + "transgression: app<com.cisco.secureclient.zta(B7AB7300-8A17-4C71-88BC-BA3D55AF6666)>:1261 exhausted real (wall "
    + "clock) time allowance of 10.00 seconds ProcessVisibility: Background ProcessState: Running WatchdogEvent: "
    + "scene-update WatchdogVisibility: Background WatchdogCPUStatistics: ( \"Elapsed total CPU time (seconds): 13.500 "
    + "(user 10.890, system 2.610), 21% CPU\", \"Elapsed application CPU time (seconds): 2.119, 3% CPU\" ) "
    + "reportType:CrashLog maxTerminationResistance:Interactive>"

  @Test func aLineOpeningWithAKeyIsSplitWhenItsKeysFollowReportOrder() throws {
    let restored = try #require(FlattenedReport.restore(SourceText(text: Self.forumLine)))
    let lines = (0..<restored.source.lineCount).map { String(restored.source.lineText($0)) }
    #expect(lines.count == 3)
    #expect(lines[0] == "Exception Type: EXC_CRASH (SIGKILL)")
    #expect(lines[1] == "Exception Codes: 0x0000000000000000, 0x0000000000000000")
    #expect(lines[2].hasPrefix("Termination Reason: FRONTBOARD 2343432205 <RBSTerminateContext|"))
    // `ProcessVisibility: Background` and the other context fields stay inside the reason.
    #expect(lines[2].hasSuffix("maxTerminationResistance:Interactive>"))
  }

  /// The line, then the thread lines as the rest of the paste has them: the evidence quotes the restored
  /// line 3 (the Termination Reason), not the file's own line 3.
  @Test func theForumReportIsAWatchdogHangQuotingTheRestoredLines() throws {
    let text = Self.forumLine + "\n\nTriggered by Thread: 0\n"
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "scene-update")))
    let termination = try #require(diagnosis.evidence.first { $0.note.contains("the OS termination reason") })
    #expect(termination.location?.line == 3)
    #expect(termination.quote.hasPrefix("Termination Reason: FRONTBOARD 2343432205"))
  }

  /// `check` points its annotation at the file's own line (1), not at the restored line 3.
  @Test func checkPointsAtTheFilesOwnLine() {
    let text = Self.forumLine + "\n\nTriggered by Thread: 0\n"
    let result = CheckRun().check(bytes: Array(text.utf8), input: InputFile(path: "forum.crash"))
    #expect(result.findings.map(\.kind) == ["watchdog-hang"])
    #expect(result.findings.first?.line == 1)
  }

  @Test func keysQuotedOutOfReportOrderOrTooFewAreNotSplit() {
    let lookAlikes = [
      // An exception reason naming header keys: they come before `Exception Reason:` in a report.
      "Exception Reason: *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: "
        + "'bad record Path: /var/mobile/x Identifier: com.example.app'",
      // A termination reason then exception keys: the wrong way round.
      "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d Exception Type: EXC_CRASH (SIGKILL) "
        + "Exception Codes: 0x0000000000000000, 0x0000000000000000",
      // One key after the first: not enough to call the line flattened.
      "Exception Type: EXC_CRASH (SIGKILL) and the forum post then says Termination Reason: unknown to me, sorry",
      // The same key again is not a later one.
      "Exception Type: EXC_CRASH (SIGKILL) Exception Type: EXC_CRASH (SIGKILL) Exception Type: EXC_CRASH (SIGKILL)",
    ]
    for line in lookAlikes {
      #expect(FlattenedReport.restore(SourceText(text: line)) == nil, "\(line)")
    }
  }

  // MARK: Defect 2: an .ips whose metadata line is cut at its start

  static let cutIPS = "ips/public-netnewswire-4403-ips-metadata-line-cut-at-start.ips"

  @Test func anIPSWithItsMetadataCutAtTheStartIsACutReport() throws {
    let bytes = try [UInt8](Data(contentsOf: Fixtures.url(Self.cutIPS)))
    let reports = try CrashReportReader.read(bytes: bytes)
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(report.format == .ips)
    #expect(report.header.processName == "NetNewsWire")
    #expect(report.header.role == "Foreground")
    #expect(report.issues.contains { $0.message.hasPrefix("the .ips metadata line is cut at its start") })
    let diagnosis = CrashClassifier().diagnose(report, source: SourceText(bytes: bytes))
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    // It is a crash report (diagnose reads it), not only the console log a `log show` JSON reader saw.
    let appearance = InputAppearance.of(bytes: bytes)
    #expect(appearance.crashReports == 1)
  }

  /// Synthetic: the same shape with a JetsamEvent's `bug_type`, or a body with no member of a crash body,
  /// is not read as a cut crash report.
  @Test func aCutMetadataLineNeedsACrashBody() {
    let jetsam = "_type\":\"298\",\"name\":\"Demo\"}\n{\n  \"bug_type\" : \"298\",\n  \"procName\" : \"Demo\"\n}\n"
    #expect(
      CrashReportReader.cutMetadataReport(Substring(jetsam.split(separator: "\n")[0]), in: SourceText(text: jetsam))
        == nil)
    let other = "level\":\"info\",\"msg\":\"done\"}\n{\n  \"level\" : \"info\",\n  \"msg\" : \"next\"\n}\n"
    #expect(
      CrashReportReader.cutMetadataReport(Substring(other.split(separator: "\n")[0]), in: SourceText(text: other))
        == nil)
  }

  // MARK: Defect 3: a CPU-time allowance is CPU-bound work

  /// The Termination Description of WordPress-iOS #12554 (comment by koke, GPL-2.0 repository: quoted).
  static let cpuDescription =
    "Termination Description: SPRINGBOARD, scene-create watchdog transgression: org.wordpress exhausted CPU time "
    + "allowance of 4.41 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: scene-create "
    + "| WatchdogVisibility: Background | WatchdogCPUStatistics: ( | \"Elapsed total CPU time (seconds): 20.310 (user "
    + "20.310, system 0.000), 43% CPU\", | \"Elapsed application CPU time (seconds): 5.221, 11% CPU\" | )"

  @Test func anExhaustedCPUTimeAllowanceIsReadAsCPUBoundWork() throws {
    let text = ">Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\n" + Self.cpuDescription + "\n"
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("time-allowance", "4.41 s of CPU time")))
    #expect(diagnosis.summary.contains("CPU-time allowance"))
    #expect(diagnosis.explanation.contains("CPU-bound"))
    #expect(!diagnosis.explanation.contains("which is a hang"))
    #expect(diagnosis.advice.allSatisfy { !$0.contains("locks, semaphores") })
    #expect(diagnosis.advice.contains { $0.contains("Time Profiler") })
  }

  /// The wall-clock allowance (react-native-background-geolocation #778's description, quoted) keeps the
  /// blocked-main-thread advice.
  @Test func aWallClockAllowanceKeepsTheBlockingAdvice() throws {
    let text =
      "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\n"
      + "Termination Description: SPRINGBOARD, scene-create watchdog transgression: "
      + "com.transistorsoft.backgroundgeolocation.react exhausted real (wall clock) time allowance of 19.54 seconds | "
      + "ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: scene-create | WatchdogVisibility: "
      + "Foreground | WatchdogCPUStatistics: ( | \"Elapsed total CPU time (seconds): 0.870 (user 0.870, system "
      + "0.000), 36% CPU\", | \"Elapsed application CPU time (seconds): 0.001, 0% CPU\" | )\n"
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.facts.contains(Fact("time-allowance", "19.54 s")))
    #expect(diagnosis.advice.contains { $0.contains("locks, semaphores") })
  }

  // MARK: Defect 4: a termination line quoted in inline code

  @Test func aTerminationLineQuotedInProseIsReadAtMedium() throws {
    let diagnoses = try Self.diagnose(
      "The `Termination Reason: FRONTBOARD 0xbaadca11` indicates it was done by the system.\n")
    let diagnosis = try #require(diagnoses.first)
    #expect(diagnoses.count == 1)
    #expect(diagnosis.kind == .voipPushNotReported)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.first?.location?.line == 1)
  }

  @Test func aLineThatIsOneInlineCodeSpanLosesItsClosingBacktick() throws {
    let diagnosis = try #require(try Self.diagnose("`Termination Reason: FRONTBOARD 0xbaadca11`\n").first)
    #expect(diagnosis.kind == .voipPushNotReported)
    #expect(diagnosis.facts.contains(Fact("termination-code", "0xbaadca11")))
  }

  /// A fixture README's table rows quote termination lines to describe reports: not read as reports.
  @Test func tableRowsAndDocumentsFullOfQuotesAreNotReports() {
    let row = "| a.crash | repo #1 | MIT | `Termination Reason: CODESIGNING 2 Invalid Page` | code-signing |\n"
    #expect(QuotedTerminationLineReader.read(SourceText(text: row)) == nil)
    let many = String(repeating: "See `Termination Reason: FRONTBOARD 0xbaadca11` here.\n", count: 4)
    #expect(QuotedTerminationLineReader.read(SourceText(text: many)) == nil)
    let three = String(repeating: "See `Termination Reason: FRONTBOARD 0xbaadca11` here.\n", count: 3)
    #expect(QuotedTerminationLineReader.read(SourceText(text: three))?.count == 3)
  }

  @Test func proseNamingTheKeyWithoutACodeIsNotAReport() {
    #expect(throws: ReportParseError.self) {
      try CrashReportReader.read(SourceText(text: "Look at the `Termination Reason:` line of the report.\n"))
    }
  }

  // MARK: Defect 5: a thread-only paste blocked in an expiration handler

  /// Synthetic thread in the shape of neevaco/neeva-ios #4173 (licence not checked): the two UIKit frame
  /// lines are quoted from it; the app frame is made up.
  static func expirationThread(handlerFrames: Bool) -> String {
    var lines = [
      "Thread 0 Crashed:",
      "0   libsystem_kernel.dylib        \t0x00000001e5ea3080 kevent_id + 8",
      "1   libdispatch.dylib             \t0x00000001a53474cc _dispatch_sync_f_slow + 144 (queue.c:1769)",
      "2   Demo                          \t0x00000001027c78d0 closure #1 in Worker.expire() + 176 (Worker.swift:10)",
    ]
    if handlerFrames {
      lines += [
        "3   UIKitCore                     \t0x00000001a3476160 -[_UIBackgroundTaskInfo fireExpirationHandler] + 72 (UIApplication.m:1399)",
        "4   UIKitCore                     \t0x00000001a347ef30 _fireBackgroundExpirationHandlers + 576 (UIApplication.m:15293)",
      ]
    } else {
      lines.append(
        "3   libdispatch.dylib             \t0x00000001a53380fc _dispatch_client_callout + 20 (object.m:560)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aThreadBlockedInAnExpirationHandlerIsNamedWithoutAKind() throws {
    let diagnosis = try #require(try Self.diagnose(Self.expirationThread(handlerFrames: true)).first)
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.summary.contains("expiration handler"))
    #expect(diagnosis.evidence.contains { $0.quote.contains("fireExpirationHandler") })
    #expect(diagnosis.evidence.contains { $0.quote.contains("Worker.expire()") })
    #expect(diagnosis.advice.first?.contains("endBackgroundTask") == true)
  }

  @Test func theSameWaitOutsideAnExpirationHandlerSaysNothingMore() throws {
    let diagnosis = try #require(try Self.diagnose(Self.expirationThread(handlerFrames: false)).first)
    #expect(diagnosis.kind == .insufficientData)
    #expect(!diagnosis.summary.contains("expiration handler"))
  }

  // MARK: Defect 6: app frames without Binary Images, and with them

  static let rnFixture = "crash/public-rnbggeo-778-scene-create-packager-check-no-binary-images.crash"

  @Test func withoutBinaryImagesAnUnknownImageIsNotCalledSystemCode() throws {
    let text = try String(contentsOf: Fixtures.url(Self.rnFixture), encoding: .utf8)
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    let frame = try #require(diagnosis.evidence.first { $0.quote.contains("BGGeolocation") })
    #expect(!frame.note.contains("system code"))
    #expect(frame.note.contains("packager check"))
    #expect(diagnosis.facts.contains { $0.key == "debug-build" })
  }

  /// Synthetic: the same main thread with Binary Images placing `BGGeolocation` in the app's bundle (a
  /// framework under `…/Bundle/Application/…/X.app/Frameworks/`): its frame is the first app frame.
  @Test func anImageInTheAppBundlesFrameworksIsAnAppFrame() throws {
    let text = """
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Triggered by Thread:  0

      Thread 0 name:  Dispatch queue: com.apple.main-thread
      Thread 0 Crashed:
      0   libsystem_kernel.dylib        \t0x000000019483c130 semaphore_wait_trap + 8
      1   libdispatch.dylib             \t0x000000019468b7a0 _dispatch_sema4_wait$VARIANT$mp + 24
      2   libdispatch.dylib             \t0x000000019468c220 _dispatch_semaphore_wait_slow + 140
      3   BGGeolocation                 \t0x00000001002b0fd4 -[Demo waitForIt:] + 88

      Binary Images:
      0x100280000 - 0x1002fffff BGGeolocation arm64  <0e89aabbddd33bfd90e2f2da54d3da23> /private/var/containers/Bundle/Application/012CABCB-BD5B-4881-AE44-3215BF57D1CD/Demo.app/Frameworks/BGGeolocation.framework/BGGeolocation
      """
    let diagnosis = try #require(try Self.diagnose(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.facts.contains { $0.key == "first-app-frame" && $0.value.contains("BGGeolocation") })
    #expect(!diagnosis.facts.contains { $0.key == "waiting-in" })
  }

  @Test func aKnownSystemFrameworkStaysSystemCodeWithoutBinaryImages() {
    #expect(ClassifierContext.isKnownSystemImage("Foundation"))
    #expect(ClassifierContext.isKnownSystemImage("libxpc.dylib"))
    #expect(!ClassifierContext.isKnownSystemImage("BGGeolocation"))
  }
}
