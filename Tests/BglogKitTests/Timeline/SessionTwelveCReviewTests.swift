import BglogTestSupport
import Testing

@testable import BglogKit

/// Timeline and input-appearance defects of the session-12c review (`/work/review-inputs-s12c/FINDINGS.md`). The
/// pastes' licences are not known, so their lines are quoted here with their sources, not added as fixtures; texts
/// marked SYNTHETIC are built from real lines and say how.
@Suite struct SessionTwelveCReviewTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: Defect 5: BGTaskScheduler's error in NSError's localized form

  /// github.com/Expensify/App/issues/85986 (description, m-natarajan, 2026-03-20; React Native's console error, the
  /// "Actual Result" line as the review saved it: `03-expensify85986-bgtask-error1-localized.log`).
  static let expensify85986 = """
    A console error appears: Uncaught (in promise, id: 0): "Error: The operation couldn't be completed. (BGTaskSchedulerErrorDomain error 1.)"

    """

  /// Read as the `Code=1` form is: a refused submit (unavailable) and its finding, medium (the line names no app);
  /// the text is a console log for `InputAppearance` (exit 0), not "neither a crash report nor a console log" after
  /// "No app background activity recognised." (exit 2).
  @Test func localizedErrorOneIsARefusedSubmit() throws {
    let app = try #require(Self.timeline(Self.expensify85986).apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskSubmitFailed])
    #expect(
      app.events.first?.detail.hasPrefix("request refused: BGTaskSchedulerErrorDomain Code=1 (unavailable") == true)
    #expect(app.findings.map(\.kind) == [.bgTaskRequestNotScheduled])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("Code 1 is unavailable"))
    #expect(finding.summary.contains("does not name the app"))
    #expect(finding.evidence.map(\.line) == [1])
    let appearance = InputAppearance.of(bytes: Array(Self.expensify85986.utf8))
    #expect(appearance.kind == .consoleLog)
    #expect(appearance.readBy == "bglog timeline")
  }

  /// The same code in both forms is one finding with both lines: transistorsoft/react-native-background-fetch #230
  /// (comment, balwinder4264, 2020-05-26: the two lines as pasted, curly apostrophe) after bhaval-patel/BackgroundTask
  /// #2's `Code=1` line (SYNTHETIC: the two pastes joined).
  @Test func bothFormsOfOneCodeAreOneFinding() throws {
    let text = """
      Could not schedule app refresh: Error Domain=BGTaskSchedulerErrorDomain Code=1 "(null)"
       Possible Unhandled Promise Rejection (id: 0):
      "The operation couldn’t be completed. (BGTaskSchedulerErrorDomain error 1.)"

      """
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskSubmitFailed, .bgTaskSubmitFailed])
    #expect(app.findings.map(\.kind) == [.bgTaskRequestNotScheduled])
    #expect(app.findings.first?.summary.contains("2 times") == true)
    #expect(app.findings.first?.evidence.map(\.line) == [1, 3])
  }

  /// Error 3 (notPermitted) names both of its causes: a WeDaApp setup guide quoting its console before the fix (code
  /// index file id 4893308494). And a note that wrapped the error before its parenthesis (code index file id
  /// 71225025404, "Couldn't schedule refresh: The operation couldn’t be completed." then the line below).
  @Test func localizedErrorThreeAndAWrappedOne() throws {
    let three =
      "❌ Failed to schedule background refresh: The operation couldn't be completed. (BGTaskSchedulerErrorDomain "
      + "error 3.)\n"
    let finding = try #require(Self.timeline(three).apps.first?.findings.first)
    #expect(finding.kind == .bgTaskRequestNotScheduled)
    #expect(finding.summary.contains("Code 3 is notPermitted"))
    #expect(finding.summary.contains("BGTaskSchedulerPermittedIdentifiers"))
    let wrapped =
      "Couldn't schedule refresh: The operation couldn’t be completed.\n(BGTaskSchedulerErrorDomain error 1.)\n"
    let app = try #require(Self.timeline(wrapped).apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskSubmitFailed])
    #expect(app.events.first?.line == 2)
  }

  /// Text naming the domain and a number that is no error the app got gives no event: flutter_workmanager's fixed hint
  /// printed after any scheduling error (its SwiftWorkmanagerPlugin.swift, code index file id 46235278927), a
  /// guide's list of codes with wrong meanings (code index file id 12672300049), and (SYNTHETIC, from the WeDaApp
  /// guide's `**Error Code**: … (error 3)` line with the domain written in) the parenthesis without the closing `.)`.
  @Test func hintsAndListsAreNoRefusal() {
    for text in [
      "On BGTaskSchedulerErrorDomain error 1 - please run on real device\n",
      "- `BGTaskSchedulerErrorDomain error 3`: Insufficient permissions (missing entitlements)\n",
      "**Error Code**: `BGTaskSchedulerErrorCodeNotPermitted` (BGTaskSchedulerErrorDomain error 3)\n",
    ] {
      #expect(Self.timeline(text).apps.isEmpty, "\(text)")
    }
    #expect(BackgroundTaskSchedulerRecognizers.schedulerErrorCode(in: "(BGTaskSchedulerErrorDomain error 12.)") == "12")
    #expect(BackgroundTaskSchedulerRecognizers.schedulerErrorCode(in: "(BGTaskSchedulerErrorDomain error .)") == nil)
  }
}

/// Review s12c defect 7: a `//`-commented post-mortem of a crash report was "neither a crash report nor a console
/// log". It is notes about a report: the message says so and names the command that reads the report itself; the
/// text stays refused (nothing is read from it).
@Suite struct SessionTwelveCReportNotesTests {
  /// An iOS tweak's source, its comment on `wxkb-2026-09-28-224927.ips` (code index file id 70225767075; the review's
  /// `13-wxkb-process-launch-code-comment.txt`, its first nine lines).
  static let wxkb = """
    // ===========================================================================
    // WHY v0.2.0 CRASHED THE APP  (wxkb-2026-09-28-224927.ips)
    // ===========================================================================
    //   exception : EXC_CRASH / SIGKILL
    //   termination: FRONTBOARD 0x8BADF00D "process-launch watchdog transgression"
    //                "exhausted real (wall clock) time allowance of 20.00 seconds"
    //   "Elapsed total CPU time (seconds): 33.850"
    //   main thread : dispatch_once_wait  <- waits on _UIApplicationConfigurationLoader
    //   other thread: dlopen_from -> _os_unfair_lock_lock_slow   <- blocked on dyld

    """

  @Test func notesAboutAReportAreNamedAsSuch() {
    let appearance = InputAppearance.of(bytes: Array(Self.wxkb.utf8))
    #expect(appearance.kind == .plainText)
    #expect(appearance.readBy == nil)
    #expect(
      appearance.reportWords.map { "\($0.text)@\($0.line)" } == [
        "EXC_CRASH@4", "0x8BADF00D@5", "watchdog transgression@5", "Elapsed total CPU time@7",
      ])
    #expect(
      appearance.advice
        == "it looks like notes about a crash report or an excerpt of one, not the report itself (it names EXC_CRASH "
        + "at line 4, 0x8BADF00D at line 5, watchdog transgression at line 5), and not a console log; bglog diagnose "
        + "reads the report itself: give it the whole .ips or .crash file")
    #expect(!appearance.advice.contains("neither"))
  }

  /// SYNTHETIC: one kind of a report's words in prose is a passing mention (a code in a sentence, the code twice in
  /// two forms): the text stays "neither …". The sentence is the review's own wording about the paste.
  @Test func oneKindOfWordInProseStaysNeither() {
    for text in [
      "The deciding facts are present: FRONTBOARD 0x8BADF00D, process-launch, 20 s.\nPaste the report.\n",
      "It died with 0x8badf00d.\nOr was it 0xdead10cc?\n",
    ] {
      let appearance = InputAppearance.of(bytes: Array(text.utf8))
      #expect(appearance.kind == .plainText)
      #expect(appearance.reportWords.isEmpty)
      #expect(appearance.advice.contains("neither a crash report nor a console log"))
    }
  }
}

/// Review s12c defect 8: Xcode's untimed memory kill after the app's timed memory warning was sorted before it, so the
/// process span read backwards (`--:--:-- → 00:02:55.189`).
@Suite struct SessionTwelveCUntimedOrderTests {
  /// github.com/iam4x/pokemongo-webspoof/issues/148 (description, jhoye88, 2016-07-21; Xcode console), the paste as
  /// the review saved it (`08-webspoof148-memory-warning-terminated.log`).
  static let webspoof148 = """
    2016-07-22 00:02:55.189 pokemon-webspoof[40083:16152817] Received memory warning.
    Message from debugger: Terminated due to memory issue

    """

  /// The kill stays after the warning: events in input order, the first event (the anchor) is the warning, and the
  /// process starts at the warning's time and ends at the kill, whose time the log does not give. The finding is
  /// unchanged (jetsam, medium, both lines).
  @Test func anUntimedKillAfterATimedWarningStaysAfterIt() throws {
    let app = try #require(SessionTwelveCReviewTests.timeline(Self.webspoof148).apps.first)
    #expect(app.events.map(\.kind) == [.memoryWarning, .killed])
    #expect(app.events.map(\.line) == [1, 2])
    #expect(app.anchor?.line == 1)
    let process = try #require(app.processes.first)
    #expect(process.pid == 40083)
    #expect(process.firstLine == 1)
    #expect(process.start != nil)
    #expect(process.end == nil)
    #expect(process.endedBy == .killed)
    #expect(app.findings.map(\.kind) == [.jetsam])
    #expect(app.findings.first?.confidence == .medium)
    #expect(app.findings.first?.evidence.map(\.line) == [1, 2])
  }

  /// SYNTHETIC: webspoof148's two lines, then its warning line again a second later: the untimed kill sorts between
  /// the two timed lines, at the first one's time (its line order), not first.
  @Test func anUntimedEventBetweenTimedOnesStaysBetweenThem() throws {
    let second = "2016-07-22 00:02:56.189 pokemon-webspoof[40083:16152817] Received memory warning.\n"
    let app = try #require(SessionTwelveCReviewTests.timeline(Self.webspoof148 + second).apps.first)
    #expect(app.events.map(\.line) == [1, 2, 3])
    #expect(app.events.map(\.kind) == [.memoryWarning, .killed, .memoryWarning])
  }
}
