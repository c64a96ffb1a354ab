import BglogTestSupport
import Testing

@testable import BglogKit

/// Timeline defects of the session-12b fresh-eyes review (`/work/review-inputs-s12b/FINDINGS.md`). The pastes'
/// licences are not known, so their lines are quoted here with their sources, not added as fixtures; texts marked
/// SYNTHETIC are built from real lines and say how.
@Suite struct SessionTwelveBReviewTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  // MARK: Defect 1: runningboardd's `(15, 3135099228, 9)`

  /// github.com/Ranchero-Software/NetNewsWire/issues/4045 (turn 0, tungol; macOS Console.app rows): the first two
  /// rows of the paste as the review saved it (`17-netnewswire4045-macos-launchd-15-baddd15c.log`).
  static let netNewsWire4045 = """
    default	17:01:03.263457-0700	runningboardd	[app<application.com.ranchero.NetNewsWire-Evergreen.37800008.37800023(501)>:78630] termination reported by launchd (15, 3135099228, 9)
    default	17:01:03.263498-0700	runningboardd	Removing process: [app<application.com.ranchero.NetNewsWire-Evergreen.37800008.37800023(501)>:78630]

    """

  /// Namespace 15 is RUNNINGBOARD, 3135099228 is 0xbaddd15c (disk-space-reclaim) and the wait status 9 SIGKILL: said
  /// as launchd's own `exited with exit reason (namespace: 15 code: 0xbaddd15c)` line is, with a high finding.
  /// Before: `killed: exit reason namespace 15 3135099228`, no finding.
  @Test func runningboardNamespace15IsDecodedAsLaunchdsLineIs() throws {
    let app = try #require(Self.timeline(Self.netNewsWire4045).apps.first)
    #expect(app.bundleID == "com.ranchero.NetNewsWire-Evergreen")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events.first?.pid == 78630)
    #expect(
      app.events.first?.detail
        == "killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: killed to reclaim disk space); SIGKILL(9) "
        + "(launchd 15, 3135099228, 9)")
    #expect(app.findings.map(\.kind) == [.diskSpaceReclaim])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .high)
    #expect(finding.summary.contains("0xbaddd15c"))
    #expect(finding.summary.contains("reclaim disk space"))
    #expect(finding.evidence.map(\.line) == [1])
  }

  /// The decimal code and the wait status alone; another RunningBoard code that names no kind keeps its hex; a wait
  /// status with no signal adds none.
  @Test func runningboardNamespace15Numbers() {
    #expect(
      LaunchdTermination.read("(15, 3135099228, 9)")?.detail
        == "killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: killed to reclaim disk space); SIGKILL(9) "
        + "(launchd 15, 3135099228, 9)")
    #expect(LaunchdTermination.read("(15, 3135099228, 9)")?.kind == .killed)
    #expect(LaunchdTermination.read("(15, 0, 0)")?.detail == "killed: RUNNINGBOARD 0x0 (launchd 15, 0, 0)")
    // Namespaces other than 0, 1, 2 and 15 keep the exit context's words (`(11, 0, 6)` then `domain:tcc(11)`).
    #expect(LaunchdTermination.read("(11, 0, 6)")?.detail == "killed: tcc 0")
  }

  /// bitsplitting.org/?p=1387 (Daniel Jalkut, MarsEdit; macOS `launchd.log`): launchd's own line for the same kind of
  /// kill gives the same finding (before: no finding for either).
  @Test func launchdsExitReasonLineGivesTheSameFinding() throws {
    let text =
      "2022-05-03 09:15:22.088718 (gui/501/application.com.red-sweater.marsedit4.384452971.384452977 [13840]): "
      + "exited with exit reason (namespace: 15 code: 0xbaddd15c) - OS_REASON_RUNNINGBOARD | <RBSTerminateContext| "
      + "code:0xBADDD15C\n"
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.first?.detail.hasPrefix("killed: RUNNINGBOARD 0xbaddd15c (disk-space-reclaim: ") == true)
    #expect(app.findings.map(\.kind) == [.diskSpaceReclaim])
    #expect(app.findings.first?.confidence == .high)
  }

  /// A RunningBoard kill whose code names no kind (sweetpad's `code: 0x0`) gives no disk-space finding: the kind
  /// comes from the code, not from the namespace.
  @Test func anotherRunningBoardCodeGivesNoDiskSpaceFinding() {
    let text = Self.netNewsWire4045.replacingOccurrences(of: "(15, 3135099228, 9)", with: "(15, 0, 9)")
    let app = Self.timeline(text).apps.first
    #expect(app?.events.first?.detail == "killed: RUNNINGBOARD 0x0; SIGKILL(9) (launchd 15, 0, 9)")
    #expect(app?.findings.isEmpty == true)
  }
}

/// Review s12b defect 3: a refused BGTaskScheduler submission.
@Suite struct SessionTwelveBRefusedSubmitTests {
  /// github.com/transistorsoft/flutter_background_fetch/issues/312 (comment, junaidirshad098, 2023-09-18): the Xcode
  /// console as pasted (`10-fbf312-bgtaskscheduler-code3.log`), no headers.
  static let fbf312 = """
    [TSBackgroundFetch scheduleBGAppRefresh] com.transistorsoft.fetch
    flutter: [BackgroundFetch] configure success: 2
    [TSBackgroundFetch scheduleProcessingTask] <TSBGTask identifier=com.transistorsoft.customtask, delay=10, periodic=0 requiresNetworkConnectivity=0 requiresExternalPower=0, enabled=1>
    Could not schedule app refresh: Error Domain=BGTaskSchedulerErrorDomain Code=3 "(null)"

    """

  /// Code=3 (notPermitted) is a finding: the request was refused, so the task never runs. Both of Apple's causes are
  /// named (the identifier not permitted, or the background mode missing: fetch for app refresh, processing for
  /// processing). Medium: the line does not name the app. Before: the event alone, naming one cause.
  @Test func notPermittedIsAFindingNamingBothCauses() throws {
    let app = try #require(SessionTwelveBReviewTests.timeline(Self.fbf312).apps.first)
    #expect(app.events.map(\.kind) == [.bgTaskSubmitFailed])
    let detail = try #require(app.events.first?.detail)
    #expect(detail.contains("BGTaskSchedulerPermittedIdentifiers"))
    #expect(detail.contains("fetch for an app refresh request, processing for a processing request"))
    #expect(app.findings.map(\.kind) == [.bgTaskRequestNotScheduled])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("Code=3"))
    #expect(finding.summary.contains("never runs"))
    #expect(finding.summary.contains("not in BGTaskSchedulerPermittedIdentifiers"))
    #expect(finding.summary.contains("fetch for an app refresh request"))
    #expect(finding.summary.contains("does not name the app"))
    #expect(finding.advice?.contains("`processing`") == true)
    #expect(finding.evidence.map(\.line) == [4])
  }

  /// SYNTHETIC: the same line under an Xcode header naming the app (`2016-07-22 14:28:08.601 Runner[5563:503393] `,
  /// the header of pokemongo-webspoof #178's line with flutter's process name): high, and the line said twice is one
  /// finding with both lines.
  @Test func aNamedRefusalIsHighAndOnePerCode() throws {
    let line = "Could not schedule app refresh: Error Domain=BGTaskSchedulerErrorDomain Code=3 \"(null)\""
    let text =
      "2016-07-22 14:28:08.601 Runner[5563:503393] \(line)\n2016-07-22 14:28:09.601 Runner[5563:503393] \(line)\n"
    let app = try #require(SessionTwelveBReviewTests.timeline(text).apps.first)
    #expect(app.findings.map(\.kind) == [.bgTaskRequestNotScheduled])
    #expect(app.findings.first?.confidence == .high)
    #expect(app.findings.first?.summary.contains("2 times") == true)
    #expect(app.findings.first?.evidence.map(\.line) == [1, 2])
  }

  /// bhaval-patel/BackgroundTask #2: Code=1 (unavailable) is refused too; its causes are its own.
  @Test func unavailableIsRefusedForItsOwnCauses() throws {
    let text = "Could not schedule app refresh: Error Domain=BGTaskSchedulerErrorDomain Code=1 \"(null)\"\n"
    let finding = try #require(SessionTwelveBReviewTests.timeline(text).apps.first?.findings.first)
    #expect(finding.kind == .bgTaskRequestNotScheduled)
    #expect(finding.summary.contains("Code 1 is unavailable"))
    #expect(!finding.summary.contains("BGTaskSchedulerPermittedIdentifiers"))
  }
}

/// Review s12b defect 7: UIKit's memory warning before Xcode's memory kill.
@Suite struct SessionTwelveBMemoryWarningTests {
  /// github.com/iam4x/pokemongo-webspoof/issues/178 (description, craigus12, 2016-07-22; Xcode console), the paste as
  /// the review saved it (`19-pokemongowebspoof178-memory-warning-terminated.log`).
  static let pokemon178 = """
    2016-07-22 14:28:08.601 Pokemon WebSpoof[5563:503393] Received memory warning.
    Message from debugger: Terminated due to memory issue

    """

  /// The warning is an event of the app (pid 5563) and the memory-kill finding cites it: the app was warned, then
  /// killed. The finding's kind and confidence stay the kill's (jetsam, medium: background or foreground not shown).
  /// Before: the warning was neither an event nor evidence.
  @Test func theWarningIsAnEventAndTheKillsFindingCitesIt() throws {
    let app = try #require(SessionTwelveBReviewTests.timeline(Self.pokemon178).apps.first)
    #expect(app.processName == "Pokemon WebSpoof")
    #expect(Set(app.events.map(\.kind)) == [.memoryWarning, .killed])
    let warning = try #require(app.events.first { $0.kind == .memoryWarning })
    #expect(warning.pid == 5563)
    #expect(warning.line == 1)
    #expect(app.findings.map(\.kind) == [.jetsam])
    let finding = try #require(app.findings.first)
    #expect(finding.confidence == .medium)
    #expect(finding.summary.contains("received a memory warning shortly before"))
    #expect(finding.evidence.map(\.line) == [1, 2])
  }

  /// github.com/robotmedia/RMGallery/issues/10 (description, raheelahmad786, 2015-10-14; Xcode console): the same two
  /// lines from another app.
  @Test func rmGalleryWarningIsCitedToo() throws {
    let text = """
      2015-10-14 16:16:51.510 RMGalleryDemo[3438:887692] Received memory warning.
      Message from debugger: Terminated due to memory issue

      """
    let app = try #require(SessionTwelveBReviewTests.timeline(text).apps.first)
    #expect(app.findings.first?.evidence.map(\.line) == [1, 2])
  }

  /// SYNTHETIC: the warning alone is an event and no finding (a warning is not a kill); the warning far from the kill
  /// (25 lines of the app's own NSLog lines between, from pokemongo-webspoof #178's header) is not cited.
  @Test func aWarningAloneOrFarBeforeIsNotCited() throws {
    let alone = try #require(
      SessionTwelveBReviewTests.timeline(Self.pokemon178.split(separator: "\n")[0] + "\n").apps.first)
    #expect(alone.events.map(\.kind) == [.memoryWarning])
    #expect(alone.findings.isEmpty)
    let filler = (0..<25).map { "2016-07-22 14:28:08.\(700 + $0) Pokemon WebSpoof[5563:503393] location update" }
    let lines = Self.pokemon178.split(separator: "\n").map(String.init)
    let far = ([lines[0]] + filler + [lines[1]]).joined(separator: "\n") + "\n"
    let app = try #require(SessionTwelveBReviewTests.timeline(far).apps.first)
    #expect(app.findings.map(\.kind) == [.jetsam])
    #expect(app.findings.first?.summary.contains("memory warning") == false)
    #expect(app.findings.first?.evidence.map(\.line) == [27])
  }
}

/// Review s12b defect 4: console text in no known layout with no recognised event was refused as "neither a crash
/// report nor a console log" (exit 2) after its summary had been printed; a known layout gives a note (exit 0).
@Suite struct SessionTwelveBConsoleWithoutLayoutTests {
  /// eclecticlight.co/2019/11/09/how-runningboard-tracks-every-app-and-manages-some/ (macOS 10.15, the article's
  /// lines, times cut to seconds and fraction; `15-eclecticlight2019-silentknight-runningboard.log`, cut as stored).
  static let eclecticLight2019 = """
    00.879032 launchservicesd RunningBoardServices Acquiring assertion: <RBSAssertionDescriptor; foregroundApp:579; ID: 0x0; target: 579>
    00.879165 RunningBoard Received message from [daemon<com.apple.coreservices.launchservicesd>:133] (euid 0): acquireAssertionWithDescriptor:error:
    00.880324 RunningBoard _resolveProcessWithIdentifier sysctl pid 579 is euid 501
    00.880331 RunningBoard Unable to obtain process properties from launchd for pid=579
    00.881358 RunningBoard Resolved pid 579 to [executable<SilentKni

    """

  /// A stored FreshRSS copy of hoakley's "What does RunningBoard do? 4 Assertions" (eclecticlight.co, 2025; macOS
  /// 15.5): the article's prose glued before each line (`20-hoakley2025-macos155-frontboard-runningboard.log`).
  static let hoakley2025 = """
    FrontBoard set the process visibility to Foreground:01.593239 com.apple.FrontBoard [app<application.developer.apple.wwdc-Release.9312198.9312203~>:2946] Setting process visibility to: Foreground
    RunningBoard then announced it was acquiring a new assertion, giving its descriptor and the PID of the target process01.593248 com.apple.runningboard Acquiring assertion: <RBSAssertionDescriptor| "com.apple.frontboard.after-life.subordinate" ID:

    """

  /// Both read as console logs (what `timeline` notes and exits 0 on), with nothing recognised.
  @Test func systemLinesWithoutALayoutAreAConsoleLog() {
    for text in [Self.eclecticLight2019, Self.hoakley2025] {
      let appearance = InputAppearance.of(bytes: Array(text.utf8))
      #expect(appearance.kind == .consoleLog)
      #expect(appearance.readBy == "bglog timeline")
      #expect(SessionTwelveBReviewTests.timeline(text).apps.isEmpty)
    }
  }

  /// SYNTHETIC: prose stays refused. The review's own sentence quoting one of the lines (one line with RunningBoard's
  /// words is a quote), a sentence with a number of seconds, and the first eclecticlight line alone.
  @Test func proseAndOneQuotedLineStayPlainText() {
    let quoted =
      "RunningBoard names the app [app<application.com.ranchero.NetNewsWire-Evergreen.37800008.37800023(501)>:78630] "
      + "in its lines.\nNothing else in this note is a log line.\n"
    #expect(InputAppearance.of(bytes: Array(quoted.utf8)).kind == .plainText)
    let seconds = "It took 12.345678 seconds to launch.\nThen 00.5 more.\n"
    #expect(InputAppearance.of(bytes: Array(seconds.utf8)).kind == .plainText)
    let one = String(Self.eclecticLight2019.split(separator: "\n")[2]) + "\n"
    #expect(InputAppearance.of(bytes: Array(one.utf8)).kind == .plainText)
  }

  @Test func theMarksOfARecord() {
    #expect(InputAppearance.cutTimeRecord("00.879032 launchservicesd RunningBoardServices"))
    #expect(!InputAppearance.cutTimeRecord("00.87903 launchservicesd"))
    #expect(!InputAppearance.cutTimeRecord("00.879032 12 apples"))
    #expect(InputAppearance.systemWords("Resolved [xpcservice<com.apple.WebKit.WebContent>:720:720] x"))
    #expect(!InputAppearance.systemWords("Resolved pid 579 to [executable<SilentKni"))
    #expect(!InputAppearance.systemWords("an [app<…> in prose"))
  }
}
