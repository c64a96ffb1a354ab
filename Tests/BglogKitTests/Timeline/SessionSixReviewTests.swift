import BglogTestSupport
import Testing

@testable import BglogKit

/// Defects #6, #7, #8 and #10 of the session-6 fresh-eyes review (`/work/review-inputs-s6/FINDINGS.md`).
/// The real lines are the recognisers' examples (their sources named there) or the fixture
/// `real-rnfirebase-253-idevicesyslog-foreground.log`; texts marked SYNTHETIC are built from those real
/// lines and say how.
@Suite struct SessionSixReviewTests {
  static func timeline(text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: #6 ReportCrash's corpse report

  /// iMast #138: the line as the Console.app copy has it, with its Japanese level name (`デフォルト`):
  /// the share extension's process ended and a crash report is being written.
  @Test func reportCrashCorpseIsACrashNamingTheReport() throws {
    let text = "デフォルト\t19:43:58.249245 +0900\tReportCrash\tFormulating report for corpse[6113] iMastShare\n"
    let result = Self.timeline(text: text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "iMastShare")
    #expect(app.events.map(\.kind) == [.crashed])
    #expect(app.events[0].pid == 6113)
    #expect(app.events[0].lane == "ReportCrash")
    #expect(app.events[0].detail.hasPrefix("crash report being written (ReportCrash: corpse[6113])"))
    #expect(app.events[0].detail.contains("iMastShare-….ips"))
    #expect(app.processes.first?.endedBy == .crashed)
    #expect(app.findings.isEmpty)
  }

  /// SYNTHETIC: the same line with the English level word (the review checked this form too).
  @Test func reportCrashCorpseWithTheEnglishLevel() throws {
    let text = "default\t19:43:58.249245 +0900\tReportCrash\tFormulating report for corpse[6113] iMastShare\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.crashed])
    #expect(app.events.first?.pid == 6113)
  }

  /// SYNTHETIC (BackgroundRunner #1's two backboardd lines, then the corpse line of iMast #138 given the
  /// same process): the forced crash report says why the process ended; the corpse line after it is the
  /// same end (session 12: folded into it, its line kept as evidence, the report named), and the leaked-task
  /// finding stands.
  @Test func aForcedCrashReportStaysTheEndBeforeTheCorpseReport() throws {
    let beyond = LegacySpringBoardRecognizers.beyondPermittedTime.triggering[0].message
    let crash = LegacySpringBoardRecognizers.forcingCrashReportOf.triggering[0].message
    let text = """
      Mar  3 10:11:20 iPhone backboardd[28] <Warning>: \(beyond)
      Mar  3 10:11:21 iPhone backboardd[28] <Warning>: \(crash)
      Mar  3 10:11:22 iPhone ReportCrash[4242] <Notice>: Formulating report for corpse[21017] BG

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.expiryWarning, .crashed])
    #expect(app.events[1].alsoShownBy.map(\.line) == [6])
    #expect(app.events[1].detail.hasSuffix("read BG-….ips with bglog diagnose (one crash: lines 5 and 6)"))
    let process = try #require(app.processes.first { $0.pid == 21017 })
    #expect(process.endedBy == .crashed)
    #expect(process.endDetail?.hasPrefix("forced crash report") == true)
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
  }

  @Test func aCorpseLineWithoutPidOrNameIsNoEvent() {
    var state = MessageRecognizerState()
    let read = ReportCrashRecognizers.formulatingCorpseReport.read
    #expect(read("Formulating report for corpse[] iMastShare", MessageHeader(process: "ReportCrash"), &state).isEmpty)
    #expect(read("Formulating report for corpse[6113]", MessageHeader(process: "ReportCrash"), &state).isEmpty)
    #expect(read("Formulating report for corpse[6113] ", MessageHeader(process: "ReportCrash"), &state).isEmpty)
    // Prose quoting the line (the review's own FINDINGS.md) keeps the name only.
    let quoted = read(
      "`ReportCrash Formulating report for corpse[6113] iMastShare` says the extension process died, and it gives",
      MessageHeader(), &state)
    #expect(quoted.map(\.subject) == [AppSubject(name: "iMastShare", pid: 6113)])
  }

  // MARK: #7 `Called by X` names the caller, not the app

  /// OneSignal #1047, pasted alone: the OneSignal SDK began task 25; the app is not named.
  @Test func calledByAnSDKIsNotTheApp() throws {
    let message = try #require(
      UIKitBackgroundTaskRecognizers.backgroundTask.triggering.first { $0.source.contains("#1047") }?.message)
    let result = Self.timeline(text: message + "\n")
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.expiryWarning])
    #expect(app.events[0].detail.contains("Called by OneSignal, from +[OneSignalLocation beginTask]"))
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    let finding = app.findings[0]
    #expect(finding.confidence == .low)
    #expect(finding.summary.contains("begun by code in OneSignal"))
    #expect(finding.summary.contains("risk of termination"))
    #expect(finding.summary.contains("rests on their order"))
    #expect(finding.evidence.map(\.line) == [1])
  }

  /// SYNTHETIC (the #1047 message under react-native-background-timer #373's Xcode header): with a
  /// header the app is the header's process, whatever the task name says.
  @Test func theHeaderNamesTheAppNotTheCaller() throws {
    let message = try #require(
      UIKitBackgroundTaskRecognizers.backgroundTask.triggering.first { $0.source.contains("#1047") }?.message)
    let text = "2020-01-21 16:53:05.633394+0100 Driver[3314:1180436] \(message)\n"
    let result = Self.timeline(text: text)
    #expect(result.apps.map(\.processName) == ["Driver"])
    let app = try #require(result.apps.first)
    #expect(app.events.first?.pid == 3314)
    #expect(app.findings.first?.confidence == .low)
    #expect(app.findings.first?.summary.contains("line 1") == false)
  }

  /// SYNTHETIC (the #1047 message, then deltachat-ios #1984's debugger note, both pasted alone): the
  /// process ended after the warning with the task not ended: medium.
  @Test func aWarningThenTheEndIsMedium() throws {
    let message = try #require(
      UIKitBackgroundTaskRecognizers.backgroundTask.triggering.first { $0.source.contains("#1047") }?.message)
    let text = message + "\nMessage from debugger: Terminated due to signal 9\n"
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.expiryWarning, .killed])
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(app.findings[0].confidence == .medium)
    #expect(app.findings[0].summary.contains("The process then ended (killed, line 2)"))
    #expect(app.findings[0].evidence.map(\.line) == [1, 2])
  }

  // MARK: #10 foreground transitions

  /// react-native-firebase #253: symptomsd's `ForegroundRunning` for pid 488 is the app in the
  /// foreground; dasd's `Foreground app changed—<private>` names no app.
  @Test func symptomsdForegroundRunningIsTheAppInTheForeground() throws {
    let result = TimelineBuilder().build(
      from: try Fixtures.source("console/real-rnfirebase-253-idevicesyslog-foreground.log"))
    #expect(result.layout == .idevicesyslog)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "dk.bitfabrikken.appname")
    #expect(app.events.map(\.kind) == [.launched])
    #expect(app.events[0].line == 3)
    #expect(app.events[0].pid == 488)
    #expect(app.events[0].lane == "symptomsd")
    #expect(app.events[0].detail == "in the foreground (symptomsd: ForegroundRunning)")
    #expect(app.findings.isEmpty)
  }

  /// SYNTHETIC (narouhz 759754's dasd line and the rnfirebase #253 symptomsd form, given one pid, in
  /// Console.app's layout): suspended, then in the foreground (once, though said twice), then suspended
  /// again.
  @Test func foregroundAfterASuspensionEndsTheBackgroundSpan() throws {
    let suspended =
      "Received state update for 2933 (app<com.myapp.bundleid(AD9F24FF-321B-48U6-895F-723CDA943372)>, running-suspended-NotVisible"
    let foreground = "2933 com.myapp.bundleid: ForegroundRunning (most elevated: ForegroundRunning)"
    let text = """
      default\t14:29:55.265753-0400\tdasd\t\(suspended)
      default\t14:31:02.100000-0400\tsymptomsd\t\(foreground)
      default\t14:31:02.200000-0400\tsymptomsd\t\(foreground)
      default\t14:35:10.000000-0400\tdasd\t\(suspended)

      """
    let app = try #require(Self.timeline(text: text).apps.first)
    #expect(app.events.map(\.kind) == [.suspended, .launched, .suspended])
    #expect(app.events.map(\.line) == [1, 2, 4])
    #expect(app.events.allSatisfy { $0.pid == 2933 })
  }

  @Test func otherSymptomsdStatesAreNotRead() {
    var state = MessageRecognizerState()
    let read = SymptomsdRecognizers.applicationState.read
    let header = MessageHeader(process: "symptomsd")
    // No state but ForegroundRunning was found in real text: none is guessed.
    #expect(read("488 x.y: BackgroundRunning (most elevated: BackgroundRunning)", header, &state).isEmpty)
    #expect(read("x.y: ForegroundRunning (most elevated: ForegroundRunning)", header, &state).isEmpty)
    #expect(read("488 a b: ForegroundRunning (most elevated: ForegroundRunning)", header, &state).isEmpty)
  }
}
