import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-12c review (`diagnose` on real public pastes, /work/review-inputs-s12c, not in the repository). The
/// pastes' licences are not known, so only the lines a test needs are quoted, verbatim, each with its source; texts
/// put together or changed by hand say so.
@Suite struct ReviewS12cDiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }
}

/// Defect 4: `//` comments after an `.ips` metadata line, and a reading of a body bglog did not read whole.
@Suite struct ReviewS12cJetsamCommentTests {
  /// A blog post in the stored public index ("Unity 应用Crash问题解决方法", 2024-12-28, section "oom", file id
  /// 30231301629, about CrashSight): a JetsamEvent "with much left out" (省略了很多内容的), the author's Chinese `//`
  /// comments after two values, a stray `},`, a placeholder for the app's name. The whole fenced excerpt.
  static let crashSight = """
    ```c#
    {"bug_type":"298","timestamp":"2020-03-19 17:30:28.39 +0800","os_version":"iPhone OS 13.3.1 (17D50)","incident_id":"7F111601-BC7A-4BD7-F468-CE3370053097"}
    {
      "product" : "iPhone12,3",
      "pageSize" : 16384, //每个page占用的字节数
    },
      "largestProcess" : "XXX(App的BundleName)",
      "genCounter" : 0,
      "processes" : [
      {
        "uuid" : "2dd5eb1e-fd31-36c2-99d9-bcbff44efbb9",
        "rpages" : 164, //占用的内存数 rpages * pageSize
      },
    ```
    """

  @Test func theCommentsAreSetAsideAndTheUnreadBodyIsNotDescribed() throws {
    let (report, diagnosis) = try #require(try ReviewS12cDiagnoseTests.read(Self.crashSight).first)
    #expect(report.category == .jetsam)
    #expect(report.issues.contains { $0.message.contains("`//` comments") && $0.message.contains("line 5, 12") })
    // Without the comments the JSON still stops at the stray `},` of line 6: the rest is read line by line.
    #expect(report.jetsam?.lineByLineFrom == 6)
    #expect(report.jetsam?.largestProcess == "XXX(App的BundleName)")
    // Which process was killed is not in what was read: not a medium jetsam reading about unread processes.
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.summary.contains("no process in it carries a kill reason"))
    #expect(diagnosis.summary.contains("not valid JSON from line 6"))
    #expect(diagnosis.facts.contains(Fact("largest-process", "XXX(App的BundleName)")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("line 6") })
    #expect(diagnosis.evidence.contains { $0.location == .line(6) && $0.note.contains("stops parsing") })
  }

  /// The same excerpt with the stray `},` and the trailing commas taken out and the list closed by hand
  /// (SYNTHETIC edit): once the comments are set aside the body is valid JSON, so it is read as JSON (no line by
  /// line reading), and the comment note stays.
  @Test func aBodyValidWithoutItsCommentsIsReadAsJSON() throws {
    let text = """
      {"bug_type":"298","timestamp":"2020-03-19 17:30:28.39 +0800","os_version":"iPhone OS 13.3.1 (17D50)","incident_id":"7F111601-BC7A-4BD7-F468-CE3370053097"}
      {
        "product" : "iPhone12,3",
        "pageSize" : 16384, //每个page占用的字节数
        "largestProcess" : "XXX(App的BundleName)",
        "genCounter" : 0,
        "processes" : [
        {
          "uuid" : "2dd5eb1e-fd31-36c2-99d9-bcbff44efbb9",
          "rpages" : 164 //占用的内存数 rpages * pageSize
        }
        ]
      }
      """
    let (report, _) = try #require(try ReviewS12cDiagnoseTests.read(text).first)
    #expect(report.jetsam?.lineByLineFrom == nil)
    #expect(report.jetsam?.largestProcess == "XXX(App的BundleName)")
    #expect(report.header.hardwareModel == "iPhone12,3")
    #expect(report.issues.contains { $0.message.contains("`//` comments") && $0.message.contains("line 4, 10") })
    #expect(!report.issues.contains { $0.message.hasPrefix("invalid JSON") })
  }
}

/// Defect 2: a scene-create watchdog read as busy while the report says the app used 1% CPU.
@Suite struct ReviewS12cWatchdogCPUTests {
  /// firebase/firebase-ios-sdk #15282 (description, songzhiming, 2025-09-03): the issue template's description, a
  /// background scene-create watchdog, app CPU 0.435 s (1%) in 5.96 s while the device used 24.96 s (67%), thermal
  /// state serious; then the template's `### …` fields and a ```` ```shell ```` fence around the crashed thread, cut
  /// inside its first frame's symbol. The lines between (the template's SDK, Xcode and product fields) are left out.
  static let firebase15282 = """
    ### Description

    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Termination Reason: FRONTBOARD 2343432205 
    <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<***>:525 exhausted real (wall clock) time allowance of 5.96 seconds
    ProcessVisibility: Background
    ProcessState: Running
    WatchdogEvent: scene-create
    WatchdogVisibility: Background
    WatchdogCPUStatistics: (
    "Elapsed total CPU time (seconds): 24.960 (user 15.620, system 9.340), 67% CPU",
    "Elapsed application CPU time (seconds): 0.435, 1% CPU"
    )
    ThermalInfo: (
    "Thermal Level:   6",
    "Thermal State:   serious"
    ) reportType:CrashLog maxTerminationResistance:Interactive>

    Triggered by Thread:  0

    ### Relevant Log Output

    ```shell
    Thread 0 Crashed:
    0   libswiftCore.dylib            	       0x194749554 swift_conformsToProtocolMaybeInstantiateSuperclasses(swift::TargetMetadata<swift::InProcess> const*, swift::TargetProtocolDescriptor<swift::InProcess> const*, bool)::$_1::operator()((anonymous namespace)::ConformanceSection const&) const::'lambd
    """

  @Test func littleAppCPUIsWaitingOrStarvedNotBusy() throws {
    let (report, diagnosis) = try #require(try ReviewS12cDiagnoseTests.read(Self.firebase15282).first)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    // The wording agrees with the report's own CPU figures.
    #expect(!diagnosis.summary.contains("was busy"))
    #expect(diagnosis.summary.contains("waiting or starved of CPU, not busy"))
    #expect(diagnosis.facts.contains(Fact("application-cpu", "0.435 s, 1% CPU")))
    #expect(diagnosis.facts.contains(Fact("cpu-reading", "waiting, not computing (0.435 s of CPU in 5.96 s)")))
    // The device's CPU and its thermal state are named as what may have starved it.
    #expect(diagnosis.explanation.contains("The device as a whole used 24.96 s of CPU time"))
    #expect(diagnosis.facts.contains(Fact("thermal-state", "serious")))
    #expect(diagnosis.explanation.contains("thermal state was serious"))
    #expect(diagnosis.evidence.contains { $0.note.contains("protocol conformance") })
    // The fence with a language is markup, not an unreadable line.
    #expect(!report.issues.contains { $0.message.contains("unreadable line") })
  }

  /// The same report with the app's CPU figure changed by hand to most of the allowance (SYNTHETIC edit): the app
  /// computed, so the main thread is busy again, and a nominal thermal state is not named.
  @Test func muchAppCPUStaysBusy() throws {
    let text = Self.firebase15282
      .replacingOccurrences(of: "(seconds): 0.435, 1% CPU", with: "(seconds): 5.435, 91% CPU")
      .replacingOccurrences(of: "\"Thermal State:   serious\"", with: "\"Thermal State:   nominal\"")
    let (_, diagnosis) = try #require(try ReviewS12cDiagnoseTests.read(text).first)
    #expect(diagnosis.summary.contains("was busy in system code"))
    #expect(!diagnosis.explanation.contains("thermal state"))
    #expect(!diagnosis.facts.contains { $0.key == "cpu-reading" })
  }
}

/// Defect 6: Instabug's plain `Thread 0:` heading.
@Suite struct ReviewS12cInstabugThreadTests {
  /// Instabug/Instabug-iOS #405 (description, dazziest, 2021-02-16): Instabug's crash text, its only thread under
  /// the plain heading `Thread 0:` (no `[Crashed]`), every named frame the SDK's, from a timer. The whole paste.
  static let instabug405 = """
    data:text/text;charset=utf-8,
    # Cause: Crash due to signal: SIGTRAP(TRAP_BRKPT) at 19288dcb4
    # Reported at: 2021-01-12 21:11:54 UTC

    Thread 0:

    0    Instabug                                 0x1014bd8f4     _hidden#34369_ (__hidden#34603_:80)
    1    Instabug                                 0x1012a3a90     _hidden#6680_ (__hidden#6827_:115) -[IBGPickerCollectionViewCell timerLabel] (in Instabug) + 52
    2    Instabug                                 0x10132c0d0     _hidden#12975_ (__hidden#13024_:140) -[IBGVisualUserStepsLogger purgeAllLogs] (in Instabug) + 12
    3    Foundation                               0x190000b20     _NSFireTimer + 6
    """

  @Test func theOnlyThreadIsTheCrashedOneAndTheTrapIsInTheSDK() throws {
    let (report, diagnosis) = try #require(try ReviewS12cDiagnoseTests.read(Self.instabug405).first)
    #expect(report.threads.count == 1)
    #expect(report.threads.first?.crashed == true)
    #expect(report.issues.contains { $0.message.contains("holds one thread, with no [Crashed] mark") })
    #expect(diagnosis.kind == .trap)
    // Instabug's report has no Apple exception type: medium, as before.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("inside the Instabug SDK (-[IBGVisualUserStepsLogger purgeAllLogs])"))
    #expect(diagnosis.summary.contains("from a timer"))
    #expect(diagnosis.evidence.contains { $0.location == .line(9) && $0.note.contains("IBGVisualUserStepsLogger") })
    #expect(diagnosis.evidence.contains { $0.location == .line(10) && $0.note.contains("timer") })
    #expect(diagnosis.facts.contains { $0.key == "trapped-in" && $0.value.contains("Instabug SDK") })
    #expect(diagnosis.advice.first?.contains("update the SDK") == true)
    #expect(!diagnosis.advice.contains { $0.contains("symbolicate the report") })
  }

  /// The same paste with the thread's frames moved into the app's image by hand (SYNTHETIC edit, `Instabug` →
  /// `MyApp`): the thread is still the crashed one, but the SDK is not named and the symbolicate advice stays.
  @Test func aTrapOutsideTheSDKIsNotBlamedOnIt() throws {
    let text = Self.instabug405.replacingOccurrences(of: "    Instabug      ", with: "    MyApp         ")
    let (report, diagnosis) = try #require(try ReviewS12cDiagnoseTests.read(text).first)
    #expect(report.threads.first?.crashed == true)
    #expect(diagnosis.kind == .trap)
    #expect(!diagnosis.summary.contains("Instabug SDK"))
    #expect(!diagnosis.facts.contains { $0.key == "trapped-in" })
  }
}

/// Defect 1: a JetsamEvent hard-wrapped inside its JSON strings.
@Suite struct ReviewS12cWrappedJetsamTests {
  /// A Chinese translation of the book "iOS Crash Dump Analysis", its jetsam chapter (stored public index file id
  /// 14413753131): an iOS 14.2 JetsamEvent wrapped at the page's width (inside the metadata's `timestamp` and
  /// `os_version` and the body's `kernel`), the processes list elided with `.` lines; the one `reason` is
  /// `highwater`, for the daemon wifianalyticsd. The whole paste.
  static let book = #"""
    {"bug_type":"298","timestamp":"2020-10-15 17:29:58.79
     +0100","os_version":"iPhone OS 14.2
     (18B5061e)","incident_id":"B04A36B1-19EC-4895-B203-6AE21BE52B02"
    }
    {
      "crashReporterKey" :
     "d3e622273dd1296e8599964c99f70e07d25c8ddc",
      "kernel" : "Darwin Kernel Version 20.1.0: Mon Sep 21 00:09:01
     PDT 2020; root:xnu-7195.40.113.0.2~22\/RELEASE_ARM64_T8030",
      "product" : "iPhone12,1",
      "incident" : "B04A36B1-19EC-4895-B203-6AE21BE52B02",
      "date" : "2020-10-15 17:29:58.79 +0100",
      "build" : "iPhone OS 14.2 (18B5061e)",
      "timeDelta" : 7,
      "memoryStatus" : {
      "compressorSize" : 96635,
      "compressions" : 3009015,
      "decompressions" : 2533158,
      "zoneMapCap" : 1472872448,
      "largestZone" : "APFS_4K_OBJS",
      "largestZoneSize" : 41271296,
      "pageSize" : 16384,
      "uncompressed" : 257255,
      "zoneMapSize" : 193200128,
      "memoryPages" : {
        "active" : 45459,
        "throttled" : 0,
        "fileBacked" : 34023,
        "wired" : 49236,
        "anonymous" : 55900,
        "purgeable" : 12,
        "inactive" : 40671,
        "free" : 5142,
        "speculative" : 3793
      }
    },
      "largestProcess" : "AppStore",
      "genCounter" : 1,
      "processes" : [
      {
        "uuid" : "7607487f-d2b1-3251-a2a6-562c8c4be18c",
        "states" : [
          "daemon",
          "idle"
        ],
        "age" : 3724485992920,
        "purgeable" : 0,
        "fds" : 25,
        "coalition" : 68,
        "rpages" : 229,
        "priority" : 0,
        "physicalPages" : {
          "internal" : [
            6,
            183
          ]
        },
        "pid" : 350,
        "cpuTime" : 0.066796999999999995,
        "name" : "SBRendererService",
        "lifetimeMax" : 976
      },
    .
    .
    {
      "uuid" : "f71f1e2b-a7ca-332d-bf87-42193c153ef8",
      "states" : [
        "daemon",
        "idle"
      ],
      "lifetimeMax" : 385,
      "killDelta" : 13595,
      "age" : 94337735133,
      "purgeable" : 0,
      "fds" : 50,
      "genCount" : 0,
      "coalition" : 320,
      "rpages" : 382,
      "priority" : 1,
      "reason" : "highwater",
      "physicalPages" : {
        "internal" : [
          327,
          41
        ]
      },
      "pid" : 2527,
      "idleDelta" : 41601646,
      "name" : "wifianalyticsd",
      "cpuTime" : 0.634077
    },
    .
    .
    """#

  @Test func theWrapsAreJoinedAndTheDaemonKillGetsNoAppAdvice() throws {
    let (report, diagnosis) = try #require(try ReviewS12cDiagnoseTests.read(Self.book).first)
    #expect(report.category == .jetsam)
    #expect(report.header.osVersion == "iPhone OS 14.2 (18B5061e)")
    #expect(report.issues.first?.message.contains("line breaks inside JSON strings") == true)
    #expect(report.issues.first?.message.contains("line 1, 2, 8") == true)
    // The `.` elision still stops the JSON body: the rest is read line by line.
    #expect(report.jetsam?.lineByLineFrom == 63)
    #expect(diagnosis.kind == .jetsam)
    // The list is elided: another killed entry may be in the part left out, so not high.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("wifianalyticsd (highwater), a system process, not an app"))
    #expect(diagnosis.evidence.first?.location == .line(80))
    #expect(diagnosis.advice.count == 1)
    #expect(diagnosis.advice.first?.hasPrefix("Nothing to change in your app") == true)
    #expect(!diagnosis.advice.contains { $0.contains("Measure the memory footprint") })
  }

  /// A string that breaks and does not close on the next line is a cut, not a wrap: nothing is joined (the
  /// metadata line of the same paste, cut by hand after its first break: SYNTHETIC edit).
  @Test func aBreakWhoseStringDoesNotCloseIsNotJoined() {
    let text = "{\"bug_type\":\"298\",\"timestamp\":\"2020-10-15 17:29:58.79\n +0100\n"
    #expect(WrappedJSONStrings.join(SourceText(text: text)) == nil)
    // Valid JSON has no break inside a string: nothing to join.
    #expect(WrappedJSONStrings.join(SourceText(text: "{\"a\": \"b\"}\n")) == nil)
  }
}
