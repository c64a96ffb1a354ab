import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-8 review (`diagnose` on pasted reports and pieces, /work/review-inputs-s8 FINDINGS.md defects 2, 3, 4,
/// 5 and 11). The pastes' licences are unknown or copyleft (GPL-3.0, MPL-2.0, unchecked issue threads, site
/// copies), so only the lines a test needs are quoted, each with its source.
@Suite struct ReviewS8DiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  static func fact(_ diagnosis: Diagnosis, _ key: String) -> String? {
    diagnosis.facts.first { $0.key == key }?.value
  }

  // MARK: Defect 2: the "suspended with locked system files" sentence without the code

  /// mozilla-mobile/firefox-ios #4790 (description, garvankeeley, 2019-04-15; MPL-2.0 repository): the whole
  /// paste, one line.
  static let firefox =
    "Termination Description: SPRINGBOARD, org.mozilla.ios.Firefox was task-suspended with locked system files: | "
    + "/var/mobile/Containers/Shared/AppGroup/FB69296D-9EF6-44EF-AE24-1FC170CB7F7A/profile.profile/logins.db | "
    + "ProcessVisibility: Background | ProcessState: Suspended\n"

  @Test func aTaskSuspendedDescriptionAloneIsALockedFileKillAtMedium() throws {
    let read = try Self.read(Self.firefox)
    let (_, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    // The code is not in the input: never high, and said to be missing.
    #expect(diagnosis.confidence == .medium)
    #expect(Self.fact(diagnosis, "missing-evidence")?.contains("the Termination Reason line with the code") == true)
    #expect(Self.fact(diagnosis, "termination-code")?.hasPrefix("0xdead10cc (inferred") == true)
    // The path after the `|` separator, not the separator.
    #expect(
      Self.fact(diagnosis, "locked-file")
        == "/var/mobile/Containers/Shared/AppGroup/FB69296D-9EF6-44EF-AE24-1FC170CB7F7A/profile.profile/logins.db")
    #expect(Self.fact(diagnosis, "visibility") == "Background")
    #expect(Self.fact(diagnosis, "bundle-id") == "org.mozilla.ios.Firefox")
    #expect(diagnosis.evidence.contains { $0.location == .line(1) })
  }

  /// Adobe-Marketing-Cloud/mobile-services #116 (description, pbeyer08, 2015-11-18; repository licence not
  /// found in the index): the paste's lines 3–8, prose kept.
  static let adobe = """
    The crash log indicates the following:

    <BKNewProcess: 0x16d390c0; <BUNDLE-ID> pid: 291; hostpid: 101> was suspended with locked system files:
    /private/var/mobile/Containers/Data/PluginKitPlugin/CEBDBC1F-91CB-4DB1-B565-358BE385E77D/Library/Caches/ADBMobileDataCache.sqlite

    We haven't been able to define any concrete steps to reproduce the issue, but when it occurs, it will \
    continuously crash the app until the watch is rebooted (uninstalling/reinstalling does not resolve the issue).
    """

  @Test func theSentenceInProseIsReadWithThePathOnTheNextLine() throws {
    let read = try Self.read(Self.adobe)
    let (report, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(report.header.processID == 291)
    // `<BUNDLE-ID>` is the author's redaction, not a bundle identifier.
    #expect(report.header.bundleIdentifier == nil)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .medium)
    #expect(Self.fact(diagnosis, "locked-file")?.hasSuffix("/Library/Caches/ADBMobileDataCache.sqlite") == true)
    #expect(Self.fact(diagnosis, "missing-evidence")?.contains("the threads' backtraces") == true)
    #expect(diagnosis.evidence.map(\.location) == [.line(3), .line(4)])
    #expect(report.issues.contains { $0.message.hasPrefix(LockedFilesSentenceReader.note) })
  }

  /// Apple's TN2151 listing 3 as a Chinese translation quotes it (find_string id 21617789149, author's
  /// copyright): the Application Specific Information of a 0xdead10cc report, with a blank line before the path.
  @Test func theTechnoteFormWithAPidAndABlankLineBeforeThePath() throws {
    let text = """
      MyApp[134] was suspended with locked system files: 

      /private/var/mobile/Library/AddressBook/AddressBook.sqlitedb
      """
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.header.processName == "MyApp")
    #expect(report.header.processID == 134)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .medium)
    #expect(Self.fact(diagnosis, "locked-file") == "/private/var/mobile/Library/AddressBook/AddressBook.sqlitedb")
  }

  /// The same listing with its heading, as the technote prints it (blank lines between heading, sentence and
  /// path): the report parser's Application Specific Information, with the path on its own entry.
  @Test func theTechnoteListingUnderItsHeadingIsReadAlike() throws {
    let text = """
      Application Specific Information:

      MyApp[134] was suspended with locked system files: 

      /private/var/mobile/Library/AddressBook/AddressBook.sqlitedb
      """
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .medium)
    #expect(Self.fact(diagnosis, "locked-file") == "/private/var/mobile/Library/AddressBook/AddressBook.sqlitedb")
    #expect(diagnosis.evidence.map(\.location) == [.line(3), .line(5)])
  }

  /// runningboardd's own console line (groue/GRDB.swift #643, MIT) has no `was`: it stays the timeline's, and a
  /// console line whose sentence follows a time and process (SpringBoard's `Forcing crash report of …
  /// description: <FBApplicationProcess: …> was suspended …`, SQLCipher notes, find_string id 47281489141) is
  /// not a report either.
  @Test func consoleLinesWithTheSentenceAreNotReports() {
    let runningboard = SourceText(
      text: "error\t14:03:13.187505 +0000\trunningboardd\t[xpcservice<com.companyname.app.AppNameShare>:740] "
        + "suspended with locked system files:\n")
    #expect(LockedFilesSentenceReader.read(runningboard) == nil)
    let springboard = SourceText(
      text: "default    16:08:57.000000 -0500    SpringBoard     Forcing crash report of <FBApplicationProcess: "
        + "0x1394b57d0; SQLCipherVsShar; pid: 4146> (reason: 4, description: <FBApplicationProcess: 0x1394b57d0; "
        + "SQLCipherVsShar; pid: 4146> was suspended with locked system files:\n"
        + "/var/mobile/Containers/Shared/AppGroup/FCC1D74E-36AD-439C-B2AD-9E6D5B407DED/Database-Filename-51898.sqlite)\n"
    )
    #expect(LockedFilesSentenceReader.read(springboard) == nil)
  }

  @Test func theSentencesSubjectNamesTheProcess() {
    #expect(
      LockedFilesSentence.named(subject: "<BKNewProcess: 0x17e74840; com.app.app; pid: 560; hostpid: -1>")
        == .init(processName: nil, bundleIdentifier: "com.app.app", processID: 560))
    #expect(
      LockedFilesSentence.named(subject: "[app<com.x.notes(F677A907-A383-4644-A57B-FE090F814517)>:812]")
        == .init(processName: nil, bundleIdentifier: "com.x.notes", processID: 812))
    #expect(
      LockedFilesSentence.named(subject: "SPRINGBOARD, org.mozilla.ios.Firefox")
        == .init(processName: nil, bundleIdentifier: "org.mozilla.ios.Firefox", processID: nil))
    #expect(LockedFilesSentence.named(subject: "the app") == nil)
    #expect(LockedFilesSentence.named(subject: "It") == nil)
    #expect(
      LockedFilesSentenceReader.read(SourceText(text: "It was suspended with locked system files: /a/b.sqlite\n"))
        == nil)
    #expect(LockedFilesSentence.firstPath(in: " | /a/b.db | ProcessVisibility: Background") == "/a/b.db")
    #expect(LockedFilesSentence.firstPath(in: " | ProcessVisibility: Background") == nil)
  }

  // MARK: Defect 5: a sleep called from the app, without Binary Images

  /// Chinese notes on watchdog kills ("笔者测相应场景导出的 ips 日志"), find_string id 35497119823, licence
  /// unknown: the fenced report as the page has it (every line indented 5 blanks), lines 3–33 of the paste.
  static let cnblog2 = """
    ```objc
         Exception Type:  EXC_CRASH (SIGKILL)
         Exception Codes: 0x0000000000000000, 0x0000000000000000
         Termination Reason: FRONTBOARD 2343432205
         <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: \
    app<com.baidu.TBDebugClient(F677A907-A383-4644-A57B-FE090F814517)>:2286 exhausted real (wall clock) time \
    allowance of 19.93 seconds
         ProcessVisibility: Foreground
         ProcessState: Running
         WatchdogEvent: scene-create
         WatchdogVisibility: Foreground
         WatchdogCPUStatistics: (
         "Elapsed total CPU time (seconds): 3.330 (user 3.330, system 0.000), 3% CPU",
         "Elapsed application CPU time (seconds): 0.006, 0% CPU"
         ) reportType:CrashLog maxTerminationResistance:Interactive>

         Triggered by Thread:  0

         Thread 0 name:   Dispatch queue: com.apple.main-thread
         Thread 0 Crashed:
         0   libsystem_kernel.dylib                   0x1dc38c9d8 __semwait_signal + 8
         1   libsystem_c.dylib                        0x19ce89f20 nanosleep + 220
         2   libsystem_c.dylib                        0x19ce981dc sleep + 52
         3   Demo                                     0x100a7ee5c -[AppDelegate application:didFinishLaunchingWithOptions:] + 84
         4   UIKitCore                                0x1972b50e0 -[UIApplication _handleDelegateCallbacksWithOptions:isSuspended:restoreState:] + 320
         5   UIKitCore                                0x1972b4248 -[UIApplication _callInitializationDelegatesWithActions:forCanvas:payload:fromOriginatingProcess:] + 2856
         6   UIKitCore                                0x1972b322c -[UIApplication _runWithMainScene:transitionContext:completion:] + 856
         7   UIKitCore                                0x1972b2ea4 -[_UISceneLifecycleMultiplexer completeApplicationLaunchWithFBSScene:transitionContext:] + 176
         8   UIKitCore                                0x1972b2dd4 -[UIApplication _compellApplicationLaunchToCompleteUnconditionally] + 48
         9   UIKitCore                                0x1972d0290 -[UIApplication _run] + 852
         10  UIKitCore                                0x1972cf8f0 UIApplicationMain + 340
         11  Demo                                     0x100a7f914 main + 120
         12  dyld                                     0x1b7906dcc start + 2240v
    ```
    """

  @Test func aSleepCalledFromTheAppDelegateIsNamedAndTheAppImageIsTheOneHoldingMain() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.cnblog2).first)
    #expect(report.binaryImages.isEmpty)
    #expect(report.header.processName == nil)
    #expect(diagnosis.kind == .watchdogHang)
    // The code, the event and a symbolicated sleep with its caller are all in the input.
    #expect(diagnosis.confidence == .high)
    #expect(
      Self.fact(diagnosis, "main-thread")
        == "sleeping in sleep() called from -[AppDelegate application:didFinishLaunchingWithOptions:]")
    #expect(
      Self.fact(diagnosis, "first-app-frame")?.contains("-[AppDelegate application:didFinishLaunchingWithOptions:]")
        == true)
    // How the app's image was decided is said.
    #expect(Self.fact(diagnosis, "app-image")?.hasPrefix("Demo (the image holding main()") == true)
    #expect(!diagnosis.summary.contains("system code"))
    #expect(!diagnosis.summary.contains("no app frame"))
    #expect(diagnosis.advice.first?.contains("Do not sleep on the main thread") == true)
  }

  /// The same paste cut before `main` (frames 0–3 only): the caller's image is no longer placed, the sleep still
  /// decides the wait, and the frame that called it is never called system code.
  @Test func cutBeforeMainTheCallerIsNotCalledSystemCode() throws {
    let lines = Self.cnblog2.split(separator: "\n", omittingEmptySubsequences: false)
    let cut = lines.prefix(while: { !$0.contains("4   UIKitCore") }).joined(separator: "\n")
    let (_, diagnosis) = try #require(try Self.read(cut).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(Self.fact(diagnosis, "app-image") == nil)
    #expect(Self.fact(diagnosis, "main-thread") == "sleeping in sleep()")
    #expect(Self.fact(diagnosis, "waiting-in")?.contains("no Binary Images") == true)
    #expect(!diagnosis.summary.contains("system code"))
  }

  /// A main thread running code in an image the input does not place (no Binary Images, no `main`): busy,
  /// medium, and never "busy in system code" (built from the cnblog2 frames with the sleep calls removed:
  /// synthetic).
  @Test func busyInAnUnplacedImageIsMediumAndNotSystemCode() throws {
    let text = Self.cnblog2.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("libsystem_") && !$0.contains(" main + ") }.joined(separator: "\n")
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    // The report's own figures say the app used 0.006 s of CPU (0%): stopped in Demo's code, not busy (review s12c
    // defect 2: the wording agrees with the CPU figures).
    #expect(diagnosis.summary.contains("stopped in code in Demo"))
    #expect(diagnosis.summary.contains("not busy"))
    #expect(!diagnosis.summary.contains("system code"))
    #expect(
      Self.fact(diagnosis, "running-in")?.contains("-[AppDelegate application:didFinishLaunchingWithOptions:]") == true)
  }

  // MARK: Defect 11: a report cut inside its Exception Type line

  /// nextcloud/ios #101 (comment, mr-manuel, 2017-03-01; GPL-3.0 repository): the whole paste as the stored copy
  /// has it, the backtick before the metadata line and the cut last line kept.
  static let nextcloud = #"""
    Nextcloud-2017-03-01-170316.ips.beta

    `{"app_name":"Nextcloud","app_cohort":"2|date=1488360600000&sf=143450&tid=190529eb827e50d5a697870721162e061bd55f520add3eb881cb7ced29d0eced&ttype=e","app_version":"2.17","timestamp":"2017-03-01 17:03:16.20 +0100","slice_uuid":"9ec7d7ab-2159-3a8f-9fae-ede937062090","adam_id":1125420102,"build_version":"00021","bundleID":"it.twsweb.Nextcloud","share_with_app_devs":false,"is_first_party":false,"bug_type":"109","os_version":"iPhone OS 10.2.1 (14D27)","incident_id":"09524AD6-BA95-47DC-AFBD-016626E36D62","is_beta":true,"name":"Nextcloud"}
    Incident Identifier: 09524AD6-BA95-47DC-AFBD-016626E36D62
    Beta Identifier:     9C1C3109-652E-4881-B645-054F58BE74DE
    Hardware Model:      iPad5,3
    Process:             Nextcloud [421]
    Path:                /private/var/containers/Bundle/Application/42FBE083-C022-4FE8-B2EF-EAB4E0F46C62/Nextcloud.app/Nextcloud
    Identifier:          it.twsweb.Nextcloud
    Version:             00021 (2.17)
    Beta:                YES
    Code Type:           ARM-64 (Native)
    Role:                Non UI
    Parent Process:      launchd [1]
    Coalition:           it.twsweb.Nextcloud [461]

    Date/Time:           2017-03-01 17:03:16.1249 +0100
    Launch Time:         2017-03-01 16:13:52.4826 +0100
    OS Version:          iPhone OS 10.2.1 (14D27)
    Report Version:      104

    Exception Type:  EXC_CRASH (SIGK
    """#

  @Test func aReportCutInsideItsExceptionTypeIsInsufficientDataAndSaysWhere() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.nextcloud).first)
    #expect(report.header.role == "Non UI")
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.summary.contains("stops inside its Exception Type line"))
    #expect(diagnosis.evidence.map(\.location) == [.line(22)])
    #expect(Self.fact(diagnosis, "role") == "Non UI")
    #expect(diagnosis.explanation.contains("role is Non UI"))
    #expect(Self.fact(diagnosis, "missing-evidence")?.contains("termination reason") == true)
  }

  /// The same report with the line whole (`EXC_CRASH (SIGKILL)`) is not cut: it keeps its reading (synthetic
  /// edit of the paste above, for the contrast).
  @Test func aWholeExceptionTypeLineIsNotCalledCut() throws {
    let whole = Self.nextcloud.replacingOccurrences(of: "EXC_CRASH (SIGK", with: "EXC_CRASH (SIGKILL)")
    let (_, diagnosis) = try #require(try Self.read(whole).first)
    #expect(!diagnosis.summary.contains("stops inside"))
  }

  // MARK: Defect 4: thread headings and frames each in one inline code span

  /// "PICXIO crash log" (markdown, find_string id 23668510377, licence unknown): lines 45–99 of the page, from
  /// `Exception Type:` to thread 0's frame 6, every line in its own inline code span with a blank line between.
  static let pixio = #"""
    `Exception Type:  EXC_CRASH (SIGKILL)`

    `Exception Codes: 0x0000000000000000, 0x0000000000000000`

    `Termination Reason: FRONTBOARD 2343432205`

    `<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<site.pixio.pixio>:64385 exhausted real (wall clock) time allowance of 10.00 seconds`

    `ProcessVisibility: Background`

    `ProcessState: Running`

    `WatchdogEvent: scene-update`

    `WatchdogVisibility: Background`

    `WatchdogCPUStatistics: (`

    `"Elapsed total CPU time (seconds): 20.190 (user 20.190, system 0.000), 34% CPU",`

    `"Elapsed application CPU time (seconds): 0.286, 0% CPU"`

    `) reportType:CrashLog maxTerminationResistance:Interactive>`

    `Triggered by Thread:  0`

    `Kernel Triage:`

    `VM - pmap_enter retried due to resource shortage`

    `VM - pmap_enter retried due to resource shortage`

    `VM - pmap_enter retried due to resource shortage`

    `VM - pmap_enter retried due to resource shortage`

    `VM - pmap_enter retried due to resource shortage`

    `Thread 0 name:   Dispatch queue: com.apple.main-thread`

    `Thread 0 Crashed:`

    `0   libsystem_kernel.dylib                   0x202ed241c __psynch_cvwait + 8`

    `1   libsystem_pthread.dylib                  0x21333b06c _pthread_cond_wait + 1232`

    `2   QuartzCore                               0x1c7a1d7bc -[CADisplayLink invalidate] + 92`

    `3   SceneKit                                 0x211835da0 -[SCNDisplayLink invalidate] + 64`

    `4   SceneKit                                 0x211865c18 -[SCNView dealloc] + 116`

    `5   Pixio                                    0x102a470cc 0x1027dc000 + 2535628`

    `6   SwiftUI                                  0x1c9cd6adc 0x1c9c6b000 + 441052`
    """#

  @Test func framesAndHeadingsInInlineCodeAreReadAsTheMainThread() throws {
    // The page's line 13 (`Process:`) before the excerpt names the app's image.
    let (report, diagnosis) = try #require(try Self.read("`Process:             Pixio [64385]`\n\n" + Self.pixio).first)
    let main = try #require(report.mainThread)
    #expect(main.index == 0)
    #expect(main.crashed)
    #expect(main.frames.count == 7)
    #expect(main.frames.first?.symbol == "__psynch_cvwait")
    #expect(!report.issues.contains { $0.message.contains("without a thread heading") })
    #expect(diagnosis.kind == .watchdogHang)
    // The code, the scene-update event and a symbolicated wait on the main thread are all in the input.
    #expect(diagnosis.confidence == .high)
    #expect(Self.fact(diagnosis, "missing-evidence") == nil)
    #expect(Self.fact(diagnosis, "main-thread") == "waiting on a condition variable")
    #expect(Self.fact(diagnosis, "waiting-in") == "2 QuartzCore -[CADisplayLink invalidate] + 92")
    #expect(Self.fact(diagnosis, "first-app-frame")?.hasPrefix("5 Pixio") == true)
    #expect(Self.fact(diagnosis, "watchdog-event") == "scene-update")
    // `ProcessVisibility: Background` stands after a blank line, cut off from the context it belongs to.
    #expect(Self.fact(diagnosis, "visibility") == "Background")
    #expect(!diagnosis.explanation.contains("no main-thread backtrace"))
  }

  /// Frames read under no heading (the same paste with its `Thread 0` lines removed, synthetic): the backtrace
  /// is not the main thread's as far as bglog knows, but it is never called missing.
  @Test func framesWithoutAHeadingAreNeverCalledAMissingBacktrace() throws {
    let text = Self.pixio.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("`Thread 0") }.joined(separator: "\n")
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.mainThread == nil)
    #expect(report.threads.contains { !$0.frames.isEmpty })
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence != .high)
    #expect(Self.fact(diagnosis, "missing-evidence")?.contains("thread heading") == true)
    #expect(!diagnosis.explanation.contains("has no main-thread backtrace"))
    #expect(!diagnosis.summary.contains("has no main-thread backtrace"))
  }

  @Test func oneInlineSpanAroundALineIsDroppedAndNothingElse() {
    #expect(TextReportBuilder.droppingInlineCodeSpan("`Thread 0 Crashed:`") == "Thread 0 Crashed:")
    #expect(TextReportBuilder.droppingInlineCodeSpan("```") == "```")
    #expect(TextReportBuilder.droppingInlineCodeSpan("```objc") == "```objc")
    #expect(TextReportBuilder.droppingInlineCodeSpan("``") == "``")
    #expect(TextReportBuilder.droppingInlineCodeSpan("` `") == "` `")
    #expect(TextReportBuilder.droppingInlineCodeSpan("`a` and `b`") == "`a` and `b`")
    #expect(TextReportBuilder.droppingInlineCodeSpan("Thread 0 Crashed:") == "Thread 0 Crashed:")
  }

  /// The excerpt alone (no `Process:` line, no Binary Images): `Pixio` is not known as the app's, but is not
  /// Apple's either, so the reading never says there is no app frame.
  @Test func withoutTheHeaderTheUnplacedImageIsNamedNotCalledSystem() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.pixio).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(Self.fact(diagnosis, "waiting-in") == "2 QuartzCore -[CADisplayLink invalidate] + 92")
    #expect(Self.fact(diagnosis, "called-from")?.hasPrefix("5 Pixio") == true)
    #expect(!diagnosis.facts.contains { $0.value.contains("no app frame") })
  }

  // MARK: Defect 3: a watchdog termination retyped as a summary

  /// nightscout/Trio #1109 (description, j-ktz, 2026-04-23; repository licence not checked): lines 18–30 of the
  /// issue, the "Crash summary" section with its fence.
  static let trio = """
    ### Crash summary

    All three crashes share the same termination code and namespace:

    ```
    EXC_CRASH (SIGKILL)
    FRONTBOARD domain:10 code:0x8BADF00D
    WatchdogEvent: scene-update
    ProcessVisibility: Background
    WatchdogVisibility: Background
    ```

    #### Crash 1 — 2026-04-21 14:28:28 (45s allowance exhausted)
    """

  @Test func aSummaryOfTheTerminationLinesIsAWatchdogHangAtLow() throws {
    let read = try Self.read(Self.trio)
    let (report, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(report.termination?.namespace == "FRONTBOARD")
    #expect(report.termination?.code == 0x8bad_f00d)
    #expect(report.exception?.signal == "SIGKILL")
    #expect(diagnosis.kind == .watchdogHang)
    // Someone's summary of three reports: the code decides the kind, nothing else can be checked.
    #expect(diagnosis.confidence == .low)
    #expect(Self.fact(diagnosis, "watchdog-event") == "scene-update")
    #expect(Self.fact(diagnosis, "visibility") == "Background")
    #expect(Self.fact(diagnosis, "missing-evidence") == "the main thread's backtrace")
    #expect(diagnosis.evidence.first?.location == .line(7))
  }

  @Test func onlyTheCodeLineAloneIsASummary() {
    #expect(TerminationSummaryReader.codeLine("FRONTBOARD domain:10 code:0x8BADF00D") != nil)
    // In a sentence, or a context line with more fields, it is not the summary's line.
    #expect(TerminationSummaryReader.codeLine("the FRONTBOARD domain:10 code:0x8BADF00D kill") == nil)
    #expect(TerminationSummaryReader.codeLine("<RBSTerminateContext| domain:10 code:0x8BADF00D") == nil)
    #expect(TerminationSummaryReader.codeLine("frontboard domain:10 code:0x8BADF00D") == nil)
    #expect(
      TerminationSummaryReader.read(SourceText(text: "We saw 0x8BADF00D (scene-update) in the background.\n")) == nil)
  }

  /// The sleep calls StackAnalysis names (frames built in code: synthetic).
  @Test func sleepCallsAreWaitsNamedByTheOutermostCall() {
    func thread(_ symbols: [(String, String)]) -> ThreadBacktrace {
      ThreadBacktrace(
        index: 0, crashed: true,
        frames: symbols.enumerated().map { CrashClassifierTests.frame($0.offset, $0.element.0, $0.element.1) })
    }
    let usleep = thread([
      ("libsystem_kernel.dylib", "__semwait_signal"), ("libsystem_c.dylib", "nanosleep"),
      ("libsystem_c.dylib", "usleep"), ("MyApp", "-[Poller poll]"),
    ])
    #expect(StackAnalysis.blockingReason(usleep)?.reason == "sleeping in usleep()")
    #expect(StackAnalysis.blockingReason(usleep)?.frame.symbol == "usleep")
    let foundation = thread([
      ("libsystem_kernel.dylib", "__semwait_signal"), ("libsystem_c.dylib", "nanosleep"),
      ("Foundation", "+[NSThread sleepForTimeInterval:]"), ("MyApp", "main"),
    ])
    #expect(StackAnalysis.blockingReason(foundation)?.reason == "sleeping in +[NSThread sleepForTimeInterval:]")
    let alone = thread([("libsystem_kernel.dylib", "__semwait_signal_nocancel")])
    #expect(StackAnalysis.blockingReason(alone)?.reason.hasPrefix("in a timed wait") == true)
    // A sleep below other work is not the thread's state.
    let below = thread([("MyApp", "-[Worker run]"), ("libsystem_c.dylib", "sleep")])
    #expect(StackAnalysis.blockingReason(below) == nil)
  }
}
