import BglogTestSupport
import Foundation
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

  // MARK: A pid known only by number is filed under the process a line names with it

  /// appium/appium #15122 (iOS 14.4, Console.app, quoted with `> ` by mykola-mokhnach): the lines as quoted. The
  /// reading: WebDriverAgentRunner (462) exited (status 74), and pid 354, whose exit handlers SpringBoard fires with
  /// SIGSEGV, is testmanagerd, as the next line's `[anon<testmanagerd>:354]` says: testmanagerd crashed. Before:
  /// the crash was filed under an unnamed app (`unknown app`).
  static let appium15122 = """
    > default	12:19:39.143136-0500	runningboardd	393E5156-BD7F-4F92-A099-40ABB1EF44A7 monitor: got an update with state 4
    > default	12:19:39.143198-0500	runningboardd	[application<com.facebook.WebDriverAgentRunner.xctrunner>:462] termination reported by launchd (0, 0, 18944)
    > default	12:19:39.143249-0500	runningboardd	Calculated state for application<com.facebook.WebDriverAgentRunner.xctrunner>: running-active (role: NonUserInteractive)
    > default	12:19:39.143338-0500	SpringBoard	Firing exit handlers for 354 with context <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGSEGV(11)>>
    > default	12:19:39.143409-0500	SpringBoard	[anon<testmanagerd>:354] Now flagged as pending exit for reason: launch failed
    > default	12:19:39.143461-0500	powerd	Process runningboardd.32 Released SystemIsActive "application<com.facebook.WebDriverAgentRunner.xctrunner>32-354-476:Developer testing(BackgroundUI)" age:00:00:31  id:51539646299 [System: PrevIdle SysAct]
    > default	12:19:39.143651-0500	runningboardd	Removing process: [application<com.facebook.WebDriverAgentRunner.xctrunner>:462]
    > default	12:19:39.143872-0500	runningboardd	Released power assertion with ID 38747

    """

  @Test func aPidNamedByAPendingExitLineIsThatProcess() throws {
    let result = Self.timeline(Self.appium15122)
    #expect(result.apps.count == 2)
    let daemon = try #require(result.apps.first { $0.processName == "testmanagerd" })
    #expect(daemon.events.map(\.kind) == [.crashed])
    #expect(daemon.events[0].pid == 354)
    #expect(daemon.events[0].detail == "exited: signal SIGSEGV(11)")
    let runner = try #require(result.apps.first { $0.bundleID == "com.facebook.WebDriverAgentRunner.xctrunner" })
    #expect(runner.events.map(\.kind) == [.exited])
    #expect(runner.events[0].pid == 462)
    #expect(!result.apps.contains { $0.bundleID == nil && $0.processName == nil })
  }

  /// The identities a bracket names, and what it does not read.
  @Test func bracketIdentities() {
    let identity = ProcessIdentityRecognizers.identity
    #expect(identity("[anon<testmanagerd>:354] Now") == AppSubject(name: "testmanagerd", pid: 354))
    #expect(identity("[application<com.AppCo.MyApp>:432] x") == AppSubject(bundle: "com.AppCo.MyApp", pid: 432))
    #expect(
      identity("[app<com.company.appname(C7B12899-70D1-4743-A415-EA7D0E1155AE)>:9522] x")
        == AppSubject(bundle: "com.company.appname", pid: 9522))
    #expect(identity("[xpcservice<com.apple.WebKit.WebContent([app<com.x>:9522])>:9525:9525] x") == nil)
    #expect(identity("[Runner:1114] x") == nil)
    #expect(identity("[anon<testmanagerd>:0] x") == nil)
  }

  // MARK: One crash said by the process's end and by a record of its crash report

  /// microsoftconnect/ms-intune-app-sdk-ios #137 (ianbby, iOS 14.5 beta, Console.app with the category column): the
  /// lines about MyApp's end as pasted (two copies of each: the copy merged the stream twice). The reading:
  /// launchd reported pid 432's end by SIGBUS (2, 10, 10); analyticsd's `com.apple.stability.crash` record 0.39 s
  /// later is the crash report of that same end (same app, same signal: namespace SIGNAL, code 0xa), naming its
  /// incident. Before: two `crashed` events, the second with no pid.
  static let intune137 = """
    default	08:00:54.679702-0600	kernel	kernel	MyApp[432] Corpse allowed 1 of 5
    default	08:00:54.679725-0600	kernel	kernel	MyApp[432] Corpse allowed 1 of 5
    default	08:00:54.684199-0600	SpringBoard	FrontBoard	[application<com.AppCo.MyApp>:432] Workspace connection invalidated.
    default	08:00:54.684140-0600	SpringBoard	FrontBoard	[application<com.AppCo.MyApp>:432] Workspace connection invalidated.
    default	08:00:54.700689-0600	runningboardd	RunningBoard	[application<com.AppCo.MyApp>:432] termination reported by launchd (2, 10, 10)
    default	08:00:54.702044-0600	runningboardd	RunningBoard	Removing process: [application<com.AppCo.MyApp>:432]
    default	08:00:54.701992-0600	runningboardd	RunningBoard	Removing process: [application<com.AppCo.MyApp>:432]
    default	08:00:55.092828-0600	analyticsd	analyticsd	Aggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {"appVersion":"20.12.1","bundleID":"com.AppCo.MyApp","exceptionCodes":"KERN_PROTECTION_FAILURE at 0x000000020863b1a0","incidentID":"3368B380-8E23-4AEB-B80B-C57AA31D43B6","logwritten":1,"process":"MyApp","terminationReasonExceptionCode":"0xa","terminationReasonNamespace":"SIGNAL","timestamp":1612274455090144}
    default	08:00:55.092873-0600	analyticsd	analyticsd	Aggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {"appVersion":"20.12.1","bundleID":"com.AppCo.MyApp","exceptionCodes":"KERN_PROTECTION_FAILURE at 0x000000020863b1a0","incidentID":"3368B380-8E23-4AEB-B80B-C57AA31D43B6","logwritten":1,"process":"MyApp","terminationReasonExceptionCode":"0xa","terminationReasonNamespace":"SIGNAL","timestamp":1612274455090144}
    default	08:00:55.425777-0600	SpringBoard	FrontBoard	[application<com.AppCo.MyApp>:432] Dropping launch assertion.

    """

  @Test func analyticsdRecordOfTheSameCrashIsOneEvent() throws {
    let result = Self.timeline(Self.intune137)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.AppCo.MyApp")
    #expect(app.events.map(\.kind) == [.crashed])
    let crash = app.events[0]
    #expect(crash.pid == 432)
    #expect(crash.line == 5)
    #expect(
      crash.detail.hasPrefix("exited: signal SIGBUS(10); analyticsd's record of the crash report (namespace SIGNAL"))
    #expect(crash.detail.contains("incident 3368B380-8E23-4AEB-B80B-C57AA31D43B6"))
    #expect(crash.detail.hasSuffix("(one crash: lines 5 and 8)"))
    #expect(crash.alsoShownBy.map(\.line) == [8])
    #expect(app.processes.map(\.endedBy) == [.crashed])
  }

  /// SYNTHETIC (intune #137's lines with the launchd status changed to SIGSEGV, 2, 11, 11): another signal is
  /// another end, so the record stays its own event.
  @Test func analyticsdRecordOfAnotherSignalStaysApart() throws {
    let text = Self.intune137.replacingOccurrences(of: "(2, 10, 10)", with: "(2, 11, 11)")
    let app = try #require(Self.timeline(text).apps.first)
    #expect(app.events.map(\.kind) == [.crashed, .crashed])
    #expect(app.events.map(\.pid) == [432, nil])
  }

  /// SYNTHETIC (intune #137's analyticsd line alone, then its launchd line 30 s later): too far apart to be
  /// known as one end.
  @Test func analyticsdRecordFarFromTheEndStaysApart() throws {
    let lines = Self.intune137.split(separator: "\n")
    let text = lines[7] + "\n" + lines[4].replacingOccurrences(of: "08:00:54.700689", with: "08:01:25.700689") + "\n"
    let app = try #require(Self.timeline(String(text)).apps.first)
    #expect(app.events.count == 2)
  }

  // MARK: runningboardd's launchd report with its identity left out

  /// wzh4869/AppPorts, `User_docs/gitbook/en/macos-27.md` (and its translations): a write-up's quote of a re-signed
  /// WeChat quitting at launch on macOS 27, the lines as fenced there. The reading: some process exited by itself
  /// with exit status 255 (65280 = 255 << 8, no signal); the runningboardd line leaves out which (sandboxd's line
  /// before it names WeChat as refused its container, not as the process that ended). Before: no event, and the
  /// text was refused as "no line in a layout bglog knows" (exit 2).
  static let appPorts = """
    sandboxd rejected approval request from WeChat for kTCCServiceSystemPolicyAppData
      (/Users/<user>/Library/Containers/com.tencent.xinWeChat/Data/Documents/xwechat_files): denied
    runningboardd: termination reported by launchd (0, 0, 65280)

    """

  @Test func aBareLaunchdReportIsAnExitOfAnUnnamedProcess() throws {
    let result = Self.timeline(Self.appPorts)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.processName == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.exited])
    #expect(app.events[0].line == 3)
    #expect(app.events[0].pid == nil)
    #expect(
      app.events[0].detail
        == "exited with no exit reason, exit status 255 (launchd 0, 0, 65280); the line does not name the process")
  }

  /// SYNTHETIC (the AppPorts line with other words before it, or codes that are not three numbers): not read, since
  /// the words before may name the process in a form not known.
  @Test func otherWordsBeforeABareLaunchdReportAreNotRead() {
    #expect(Self.timeline("WeChat termination reported by launchd (0, 0, 65280)\n").apps.isEmpty)
    #expect(Self.timeline("runningboardd: termination reported by launchd (0, 0)\n").apps.isEmpty)
  }

  // MARK: macOS launchd: an app's job labelled with its bundle id and a number

  /// pock/pock #86 (chrischen, macOS system.log, 2019): the lines as pasted, one host renamed mid-paste. The
  /// reading: `com.pigigaldi.pock.4300` is the job LaunchServices made for the Pock app (its bundle id and a number,
  /// macOS 10.14–10.15), and each line is one launch of it crashing: SIGILL sent by the process's own exception
  /// handler (`exc handler[1868]` has the job's own pid), a crash at launch, seven times. The launch-at-login
  /// helper's `Could not import service` line is not an end. Before: records, no event.
  static let pock86 = """
    Jun 21 15:48:29 mcbook-pro com.apple.xpc.launchd[1] (com.pigigaldi.pock.4300[1868]): Service exited due to SIGILL | sent by exc handler[1868]
    Jun 21 15:51:00 mcbook-pro com.apple.xpc.launchd[1] (com.pigigaldi.pock.4300[1924]): Service exited due to SIGILL | sent by exc handler[1924]
    Jun 21 15:51:05 mcbook-pro com.apple.xpc.launchd[1] (com.pigigaldi.pock.4300[1925]): Service exited due to SIGILL | sent by exc handler[1925]
    Jun 21 15:51:06 mcbook-pro com.apple.xpc.launchd[1] (com.pigigaldi.pock.4300[1926]): Service exited due to SIGILL | sent by exc handler[1926]
    Jun 21 15:51:20 mcbook-pro com.apple.xpc.launchd[1] (com.pigigaldi.pock.4300[1927]): Service exited due to SIGILL | sent by exc handler[1927]
    Jun 21 15:51:47 mcbook-pro com.apple.xpc.launchd[1] (com.pigigaldi.pock.4300[1944]): Service exited due to SIGILL | sent by exc handler[1944]
    Jun 21 16:01:05 mcbook-pro-2 com.apple.xpc.launchd[1] (com.apple.xpc.launchd.user.domain.501.100008.Aqua): Could not import service from caller: caller = otherbsd.317, service = com.pigigaldi.pock-LaunchAtLoginHelper, error = 119: Service is disabled
    Jun 21 16:36:16 mcbook-pro-2 com.apple.xpc.launchd[1] (com.pigigaldi.pock.4300[746]): Service exited due to SIGILL | sent by exc handler[746]

    """

  @Test func anAppsNumberedLaunchdJobCrashingIsTheAppsEnd() throws {
    let result = Self.timeline(Self.pock86)
    #expect(result.apps.count == 1)
    let app = try #require(result.apps.first)
    #expect(app.bundleID == "com.pigigaldi.pock")
    #expect(app.events.map(\.kind) == Array(repeating: .crashed, count: 7))
    #expect(app.events.map(\.pid) == [1868, 1924, 1925, 1926, 1927, 1944, 746])
    #expect(
      app.events[0].detail
        == "exited: signal SIGILL, sent by exc handler[1868] (its own exception) (launchd: Service exited due to SIGILL)"
    )
    #expect(app.processes.allSatisfy { $0.endedBy == .crashed })
  }

  /// What the numbered label is read as, and what it is not: Apple's labels, a UUID, a label whose last name part is
  /// a number too, too few parts.
  @Test func numberedAppLabels() {
    let read = LaunchdServiceExit.numberedAppBundle
    #expect(read("com.pigigaldi.pock.4300") == "com.pigigaldi.pock")
    #expect(read("org.p0deje.Maccy.24604") == "org.p0deje.Maccy")
    #expect(read("com.apple.Safari.4300") == nil)
    #expect(read("com.apple.xpc.launchd.user.domain.501.100008.Aqua") == nil)
    #expect(read("com.example.daemon.06000000-0100-0000-0000-000000000000") == nil)
    #expect(read("com.example.501.100008") == nil)
    #expect(read("pock.4300") == nil)
    #expect(read("com.example.app.42") == nil)
  }
}
