import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-12b review (`diagnose` on real public pastes, /work/review-inputs-s12b, not in the repository). The
/// pastes' licences are not known, so only the lines a test needs are quoted, verbatim, each with its source; texts
/// put together or changed by hand say so.
@Suite struct ReviewS12bDiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 2: the process-launch watchdog

  /// https://geek-is-stupid.github.io/2018-10-15-0x8badf00d-ate-bad-food/ (the page's report, header only, no
  /// threads): SpringBoard's launch watchdog, 20 s of wall clock, foreground, the app's CPU 0.000 s.
  static let processLaunch = """
    Exception Type: EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note: EXC_CORPSE_NOTIFY
    Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
    Termination Description: SPRINGBOARD, process-launch watchdog transgression: com.keyholetv.jp.i-keyholetv2 exhausted real (wall clock) time allowance of 20.00 seconds | | ProcessVisibility: Unknown | ProcessState: Running | WatchdogEvent: process-launch | WatchdogVisibility: Foreground | WatchdogCPUStatistics: ( | "Elapsed total CPU time (seconds): 2.910 (user 2.910, system 0.000), 7% CPU", | "Elapsed application CPU time (seconds): 0.000, 0% CPU" | )
    Triggered by Thread: 0
    """

  @Test func aProcessLaunchWatchdogIsABlockedLaunchNotALeak() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.processLaunch).first)
    #expect(diagnosis.kind == .watchdogHang)
    // The event is in the input; what blocked the launch is not (no threads): medium, not high, not low.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("did not finish the process-launch event in time"))
    #expect(diagnosis.summary.contains("barely used the CPU"))
    #expect(diagnosis.explanation.contains("A leaked background task ends in an assertion expiry"))
    #expect(diagnosis.explanation.contains("The app used 0 s of CPU time in its 20 s wall-clock allowance"))
    #expect(diagnosis.explanation.contains("waiting"))
    // The whole device used 2.91 s in 20 s: not busy, so no starvation is suggested.
    #expect(!diagnosis.explanation.contains("starved"))
    #expect(diagnosis.facts.contains(Fact("cpu-reading", "waiting, not computing (0 s of CPU in 20 s)")))
    // No background-task branch in the reading or the fix; the fix is the launch path's.
    #expect(!diagnosis.explanation.contains("idle"))
    #expect(!diagnosis.advice.contains { $0.contains("beginBackgroundTask") || $0.contains("in the background") })
    #expect(diagnosis.advice.contains { $0.contains("application(_:didFinishLaunchingWithOptions:)") })
    #expect(diagnosis.evidence.contains { $0.quote.contains("process-launch watchdog transgression") })
  }

  /// The same report with a header and a background role added by hand (SYNTHETIC: the two lines are not in the
  /// page's report): a background role contradicts a launch deadline the app missed in the foreground, so the
  /// reading drops to low and the fix is the background one, not the foreground launch path's.
  @Test func aBackgroundRoleLowersTheProcessLaunchReading() throws {
    let text = "Incident Identifier: SYNTHETIC\nRole:                Background\n" + Self.processLaunch
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.explanation.contains("the process role was Background"))
    #expect(!diagnosis.advice.contains { $0.contains("after the first frame is shown") })
    #expect(diagnosis.advice.contains { $0.contains("The app was in the background") })
  }

  /// xbmc/Official-Kodi-Remote-iOS #684 (wutschel, 2022-06-12): scene-update in the background; the app used 0.024 s
  /// of CPU while the whole device used 21.93 s in the 10 s span, so the app may have been starved as well as
  /// blocked.
  static let kodiSceneUpdate = """
    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note:  EXC_CORPSE_NOTIFY
    Termination Reason: FRONTBOARD 2343432205 
    <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<it.joethefox.XBMC-Remote>:33891 exhausted real (wall clock) time allowance of 10.00 seconds
    ProcessVisibility: Background
    ProcessState: Running
    WatchdogEvent: scene-update
    WatchdogVisibility: Background
    WatchdogCPUStatistics: (
    "Elapsed total CPU time (seconds): 21.930 (user 21.930, system 0.000), 100% CPU",
    "Elapsed application CPU time (seconds): 0.024, 0% CPU"
    ) reportType:CrashLog maxTerminationResistance:Interactive>
    """

  @Test func aSceneUpdateWithLittleAppCPUIsWaitingOrStarved() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.kodiSceneUpdate).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.explanation.contains("The app used 0.024 s of CPU time in its 10 s wall-clock allowance"))
    #expect(diagnosis.explanation.contains("The device as a whole used 21.93 s of CPU time"))
    #expect(diagnosis.explanation.contains("starved"))
    // In the background: the scene-update advice, not the launch path's.
    #expect(!diagnosis.advice.contains { $0.contains("didFinishLaunchingWithOptions") })
    #expect(diagnosis.advice.contains { $0.contains("The app was in the background") })
  }
}

/// Defect 5: a JetsamEvent body pasted from inside its object.
@Suite struct ReviewS12bJetsamPieceTests {
  /// manaflow-ai/cmux #4214 (description, jimmyliao, 2026-05-15): the "key fields" of a macOS 15.5 JetsamEvent, the
  /// author's `//` comments inside the JSON, cut inside `memoryPages`. The whole paste.
  static let cmux = """
    "largestProcess": "node",
    "memoryStatus": {
      "compressorSize": 541951,
      "compressions": 6805550,
      "decompressions": 353243,
      "memoryPages": {
        "free": 4275,          // ~70 MB free on 8 GB box
        "anonymous": 225891,   // ~3.5 GB anonymous
        "active": 179186
    """

  @Test func aJetsamBodyPieceNamesTheLargestProcessAndNotTheKilledOne() throws {
    let (report, diagnosis) = try #require(try ReviewS12bDiagnoseTests.read(Self.cmux + "\n").first)
    #expect(report.category == .jetsam)
    #expect(report.jetsam?.largestProcess == "node")
    #expect(report.jetsam?.processes.isEmpty == true)
    // The reading of the cut JetsamEvent body (omlx #702): unsure of the killed process, low.
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.facts.contains(Fact("largest-process", "node")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("killed process") })
    #expect(diagnosis.evidence.first?.quote == "\"largestProcess\": \"node\",")
    #expect(diagnosis.evidence.first?.location == .line(1))
    #expect(diagnosis.evidence.last?.location == .line(9))
    #expect(report.issues.contains { $0.message.contains("from inside its object") })
    #expect(report.issues.contains { $0.message.contains("`//` comments") && $0.message.contains("line 7, 8") })
  }

  /// The same paste with the author's comments taken out by hand (SYNTHETIC edit): the same reading, no comment note.
  @Test func theSamePieceWithoutCommentsIsReadTheSame() throws {
    let text = Self.cmux.replacingOccurrences(of: "          // ~70 MB free on 8 GB box", with: "")
      .replacingOccurrences(of: "   // ~3.5 GB anonymous", with: "")
    let (report, diagnosis) = try #require(try ReviewS12bDiagnoseTests.read(text).first)
    #expect(report.jetsam?.largestProcess == "node")
    #expect(diagnosis.kind == .insufficientData)
    #expect(!report.issues.contains { $0.message.contains("comments") })
  }

  /// Members that name no JetsamEvent key stay refused: the reader does not take any run of JSON members.
  @Test func membersWithoutAJetsamKeyAreNotAJetsamPiece() {
    let text = "\"compressorSize\": 541951,\n\"compressions\": 6805550,\n"
    #expect(JetsamBodyPieceReader.read(SourceText(text: text)) == nil)
    // A prose line among the members: not a piece of JSON.
    #expect(JetsamBodyPieceReader.read(SourceText(text: "\"largestProcess\": \"node\",\nthe app died\n")) == nil)
  }
}

/// Defect 6: the jetsam fix assumed the background when the input does not say where the app was.
@Suite struct ReviewS12bJetsamAdviceTests {
  /// LoopKit/Loop #1785 (description, darkcharl, 2022-09-06): Xcode's alert details, cut after the analytics
  /// event's first key. Nothing in it says background or foreground (the issue says it happens while clicking
  /// around in the app).
  static let loopAlert = """
    The app “Loop” on L4z iPhone quit unexpectedly.
    Domain: IDEDebugSessionErrorDomain
    Code: 10
    Failure Reason: Message from debugger: Terminated due to memory issue
    User Info: {
        DVTErrorCreationDateKey = "2022-09-06 06:03:12 +0000";
        IDERunOperationFailingWorker = DBGLLDBLauncher;
    }
    --

    Analytics Event: com.apple.dt.IDERunOperationWorkerFinished : {
        "device_
    """

  @Test func anXcodeMemoryAlertGetsAdviceForEitherState() throws {
    let (_, diagnosis) = try #require(try ReviewS12bDiagnoseTests.read(Self.loopAlert).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.confidence == .medium)
    #expect(!diagnosis.advice.isEmpty)
    // No advice says the app was in the background; the background is only a condition.
    #expect(!diagnosis.advice.contains { $0.contains("footprint in the background") })
    #expect(diagnosis.advice.contains { $0.contains("if the app was in the background") })
  }

  /// KSCrash #278's entry (the fixture public-kscrash-278-jetsam-process-entry-fragment.json) shows the killed app
  /// `frontmost`: the advice is not the background one.
  @Test func aFrontmostKilledEntryGetsNoBackgroundAdvice() throws {
    let source = try Fixtures.source("ips/public-kscrash-278-jetsam-process-entry-fragment.json")
    let (_, diagnosis) = try #require(try ReviewS12bDiagnoseTests.read(source.text).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(!diagnosis.advice.contains { $0.contains("footprint in the background") })
  }

  /// The same entry with its state changed by hand to `suspended` (SYNTHETIC edit: no real JetsamEvent with a
  /// killed suspended app was found for this session): the input shows the background, so the advice says so.
  @Test func aSuspendedKilledEntryKeepsTheBackgroundAdvice() throws {
    let text = try Fixtures.source("ips/public-kscrash-278-jetsam-process-entry-fragment.json").text
      .replacingOccurrences(of: "\"frontmost\"", with: "\"suspended\"")
    let (_, diagnosis) = try #require(try ReviewS12bDiagnoseTests.read(text).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.advice.contains { $0.hasPrefix("Lower the memory footprint in the background") })
  }
}
