import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-10 second review (`diagnose` on real public pastes, /work/review-inputs-s10b, not in the repository),
/// defects 1–3. Two pastes are fixtures (their rows in `Tests/Fixtures/*/README.md` give the sources); the others'
/// licences are not checked, so only the lines a test needs are quoted, verbatim, each with its source.
@Suite struct ReviewS10bDiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    try read(SourceText(text: text))
  }

  static func read(_ source: SourceText) throws -> [(CrashReport, Diagnosis)] {
    try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  static func fact(_ diagnosis: Diagnosis, _ key: String) -> String? {
    diagnosis.facts.first(where: { $0.key == key })?.value
  }

  // MARK: Defect 1: prose before an `.ips` metadata line

  static let copilot = "ips/public-copilotforxcode-fork-readme-prose-then-ips-runningboard-dead10cc.ips"

  @Test func theReadmeTailIsReadAsItsReport() throws {
    let source = try Fixtures.source(Self.copilot)
    let results = try Self.read(source)
    #expect(results.count == 1)
    let (report, diagnosis) = try #require(results.first)
    #expect(report.format == .ips)
    #expect(report.header.processName == "ShareExtension")
    #expect((diagnosis.kind, diagnosis.confidence) == (.suspendedWithLockedFile, .high))
    // The file's own line numbers: the metadata line is line 7, `termination` is line 55.
    #expect(report.startLine == 7)
    #expect(diagnosis.evidence.first?.location?.line == 55)
    #expect(
      report.issues.first
        == ParseIssue("4 lines of prose or Markdown before the .ips metadata line were set aside", at: .line(7)))
  }

  /// The same report behind one prose line, behind a fence, and twice in one file after prose.
  @Test func oneProseLineOrAFenceIsSetAsideAndTwoReportsStayTwo() throws {
    let text = try Fixtures.source(Self.copilot).text
    let ips = text.components(separatedBy: "\n").dropFirst(6).joined(separator: "\n")
    for prefix in ["[Credits.rtf](./Copilot%20for%20Xcode/Credits.rtf).\n", "Here is the crash:\n\n```\n", "```json\n"]
    {
      let results = try Self.read(prefix + ips + "\n```\n")
      #expect(results.map(\.1.kind) == [.suspendedWithLockedFile], "\(prefix)")
    }
    let twice = try Self.read("Two reports:\n" + ips + "\n" + ips)
    #expect(twice.map(\.1.kind) == [.suspendedWithLockedFile, .suspendedWithLockedFile])
    #expect(try Self.read(ips + "\n" + ips).count == 2)
  }

  @Test func onlyAMetadataLineWithABodyOpensTheReport() throws {
    let metadata = #"{"app_name":"ShareExtension","bug_type":"309","name":"ShareExtension"}"#
    // A metadata line whose next line is prose: no body, no report from this rule.
    #expect(ProseBeforeIPS.unprefixed(SourceText(text: "Crash:\n\(metadata)\nthanks\n")) == nil)
    // More prose lines than a paste puts before a report.
    let long = Array(repeating: "a line of prose", count: 13).joined(separator: "\n")
    #expect(ProseBeforeIPS.unprefixed(SourceText(text: long + "\n\(metadata)\n{\n}\n")) == nil)
    // JSON first (a console export or ndjson): never this rule's.
    let ndjson = #"{"timestamp":"2024-01-01 10:00:00.000000+0000","eventMessage":"hello"}"#
    #expect(ProseBeforeIPS.unprefixed(SourceText(text: "\(ndjson)\n\(metadata)\n{\n}\n")) == nil)
    // The real `log show --style json` fixture is not read as reports.
    let logShow = try Fixtures.source("console/synthetic-seed000-log-show.json")
    #expect(ProseBeforeIPS.unprefixed(logShow) == nil)
    #expect((try? CrashReportReader.read(logShow)) == nil)
  }

  // MARK: Defect 2: the main thread in a third-party SQLite build

  static let fmdb = "crash/public-fmdb-841-frontboard-process-exit-main-thread-sqlcipher-btreenext.crash"

  @Test func sqlCipherIsSQLiteAndTheAppFrameBelowItIsTheCaller() throws {
    let (_, diagnosis) = try #require(try Self.read(Fixtures.source(Self.fmdb)).first)
    #expect((diagnosis.kind, diagnosis.confidence) == (.watchdogHang, .high))
    #expect(Self.fact(diagnosis, "waiting-in") == nil)
    #expect(
      Self.fact(diagnosis, "main-thread") == "busy in SQLite's own code (SQLCipher via FMDB): running, not waiting")
    #expect(
      Self.fact(diagnosis, "called-from")?.hasPrefix(
        "5 SecMail -[UUSMCompanyContactService dc_getDBArrayWithdbArray:] + 595 (UUSMCompanyContactService.m:68)")
        == true)
    #expect(!diagnosis.evidence.contains { $0.note.contains("the code that called it") })
    // Frame 0 (SQLCipher's btreeNext) is SQLite, on line 22; frame 5 is the caller, on line 27.
    let sqlite = try #require(diagnosis.evidence.first { $0.location?.line == 22 })
    #expect(sqlite.note.hasPrefix("main thread busy in SQLite's own code"))
    let caller = try #require(diagnosis.evidence.first { $0.location?.line == 27 })
    #expect(caller.note.hasPrefix("the code that ran the query"))
  }

  @Test func processExitSaysTheAppWasAskedToQuit() throws {
    let (_, diagnosis) = try #require(try Self.read(Fixtures.source(Self.fmdb)).first)
    #expect(diagnosis.summary.hasPrefix("The system asked the app to quit (process-exit)"))
    #expect(diagnosis.summary.contains("within 5 s"))
    #expect(diagnosis.summary.contains("-[UUSMCompanyContactService dc_getDBArrayWithdbArray:]"))
    #expect(diagnosis.explanation.contains("not waiting on a lock"))
    #expect(diagnosis.advice.first?.contains("especially not while the app is quitting") == true)
    #expect(Self.fact(diagnosis, "time-allowance") == "5 s")
  }

  @Test func withoutProcessExitTheSQLiteReadingIsTheHangOfItsEvent() throws {
    // fmdb #841's main thread under a scene-update account (synthetic: the lines are fmdb #841's, the event is not).
    let text = try Fixtures.source(Self.fmdb).text.replacingOccurrences(
      of: "WatchdogEvent: process-exit", with: "WatchdogEvent: scene-update")
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect((diagnosis.kind, diagnosis.confidence) == (.watchdogHang, .high))
    #expect(diagnosis.summary.contains("busy reading an SQLite database (SQLCipher via FMDB)"))
    #expect(diagnosis.summary.contains("during scene-update"))
    #expect(!diagnosis.summary.contains("asked the app to quit"))
  }

  @Test func sqliteLinkedIntoTheAppStopsAtTheAppsOwnCode() throws {
    // Synthetic: fmdb #841 with SQLCipher and FMDB linked into SecMail (the same lines, the image names changed).
    let text = try Fixtures.source(Self.fmdb).text
      .replacingOccurrences(of: "SQLCipher  ", with: "SecMail    ")
      .replacingOccurrences(of: "FMDB     ", with: "SecMail  ")
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect((diagnosis.kind, diagnosis.confidence) == (.watchdogHang, .high))
    #expect(
      Self.fact(diagnosis, "main-thread") == "busy in SQLite's own code (SQLite in SecMail): running, not waiting")
    #expect(Self.fact(diagnosis, "sqlite-image") == nil)
    #expect(Self.fact(diagnosis, "called-from")?.hasPrefix("4 SecMail -[FMResultSet nextWithError:] + 40") == true)
  }

  @Test func aBuildOfSQLiteIsToldByItsSymbols() {
    #expect(ClassifierContext.isSQLiteEngineSymbol("btreeNext"))
    #expect(ClassifierContext.isSQLiteEngineSymbol("sqlite3VdbeExec"))
    #expect(ClassifierContext.isSQLiteEngineSymbol("sqlite3_step"))
    #expect(!ClassifierContext.isSQLiteEngineSymbol("-[FMResultSet nextWithError:]"))
    #expect(!ClassifierContext.isSQLiteEngineSymbol("mach_msg2_trap"))
  }

  // MARK: Defect 3: a lock taken twice inside BGTask's dealloc

  /// transistorsoft/transistor-background-fetch #15 (cip123, 2024-03-22): the fenced crashed thread, verbatim up to
  /// frame 10 (the stored excerpt ends at `11  CoreFoundation`).
  static let transistor = """
    Thread 6 name:
    Thread 6 Crashed:
    0   libsystem_platform.dylib        0x00000001e0928f18 _os_unfair_lock_recursive_abort + 36 (lock.c:508)
    1   libsystem_platform.dylib        0x00000001e09281ac _os_unfair_lock_lock_slow + 280
    2   BackgroundTasks                 0x00000001fbcad66c -[BGTask dealloc] + 36 (BGTask.m:96)
    3   libsystem_blocks.dylib          0x00000001e09b5074 _Block_object_dispose + 220 (runtime.cpp:1234)
    4   libsystem_blocks.dylib          0x00000001e09b56cc _call_dispose_helpers_excp + 44 (generic_helpers.c:30)
    5   libsystem_blocks.dylib          0x00000001e09b535c _Block_release + 300 (runtime.cpp:1006)
    6   BackgroundTasks                 0x00000001fbcad400 -[BGTask _unsafe_setTaskCompletedWithSuccess:afterDelay:] + 52 (BGTask.m:55)
    7   BackgroundTasks                 0x00000001fbcad60c -[BGTask _setTaskCompletedWithSuccess:actionsIfNotAlreadyCompleted:] + 104 (BGTask.m:88)
    8   MyApp                     0x0000000101459a28 -[TSBackgroundFetch finish:] + 556
    9   MyApp                     0x0000000100f513ac -[RNBackgroundFetch finish:] + 60 (RNBackgroundFetch.m:118)
    10  CoreFoundation                  0x0000000195c7df40 __invoking___ + 144 (:-1)
    """

  @Test func thePastedThreadIsALockTakenTwiceInsideTheTasksCompletion() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.transistor).first)
    #expect((diagnosis.kind, diagnosis.confidence) == (.trap, .medium))
    #expect(diagnosis.kind != .backgroundTaskNotCompleted)
    #expect(Self.fact(diagnosis, "lock") == "an os_unfair_lock taken twice on the same thread")
    #expect(Self.fact(diagnosis, "task-class") == "BGTask")
    #expect(
      Self.fact(diagnosis, "released-in")
        == "6 BackgroundTasks -[BGTask _unsafe_setTaskCompletedWithSuccess:afterDelay:] + 52")
    #expect(Self.fact(diagnosis, "completed-by") == "8 MyApp -[TSBackgroundFetch finish:] + 556")
    #expect(Self.fact(diagnosis, "missing-evidence")?.hasPrefix("the exception type and termination reason") == true)
    #expect(diagnosis.evidence.map { $0.location?.line } == [3, 5, 9, 11])
    #expect(diagnosis.summary.contains("inside setTaskCompleted"))
    #expect(diagnosis.explanation.contains("not a task left uncompleted"))
  }

  /// transistorsoft/react-native-background-fetch #488 (cip123, 2025-01-04): the full report's exception lines and
  /// the same thread, unsymbolicated offsets (verbatim, cut after frame 9).
  @Test func theFullReportOfTheSameCrashIsATrapAtHigh() throws {
    let text = """
      OS Version: iOS 18.1.1 (22B91)
      Report Version: 104

      Exception Type: EXC_BREAKPOINT (SIGTRAP)
      Exception Codes: 0 at 0x0000000211e260c8
      Crashed Thread: 3

      Application Specific Information:
      Exception 6, Code 1, Subcode 8889983176

      Thread 3 Crashed:
      0   libsystem_platform.dylib        0x41cf890c8         _os_unfair_lock_recursive_abort
      1   libsystem_platform.dylib        0x41cf862d4         _os_unfair_lock_lock_slow
      2   BackgroundTasks                 0x43b04b5ac         -[BGTask dealloc]
      3   libsystem_blocks.dylib          0x41d303e24         _Block_object_dispose
      4   libsystem_blocks.dylib          0x41d304014         _call_dispose_helpers_excp
      5   libsystem_blocks.dylib          0x41d303fc8         _Block_release
      6   BackgroundTasks                 0x43b04b2c4         -[BGTask _unsafe_setTaskCompletedWithSuccess:afterDelay:]
      7   BackgroundTasks                 0x43b04b534         -[BGTask _setTaskCompletedWithSuccess:actionsIfNotAlreadyCompleted:]
      8   MyApp                     0x2037cf558         -[TSBackgroundFetch finish:]
      9   MyApp                     0x202ff2dd8         -[RNBackgroundFetch finish:]
      """
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect((diagnosis.kind, diagnosis.confidence) == (.trap, .high))
    #expect(Self.fact(diagnosis, "task-class") == "BGTask")
    #expect(Self.fact(diagnosis, "missing-evidence") == nil)
    #expect(!diagnosis.summary.contains("only the crashed thread"))
  }

  @Test func aRecursiveLockOutsideBGTaskNamesWhoTookTheLock() throws {
    // Synthetic, in the shape of firebase/firebase-ios-sdk #9377's Crashlytics thread: the lock taken again by
    // the ObjC runtime's side table.
    let text = """
      Thread 0 Crashed:
      0   libsystem_platform.dylib        0x00000001e0928f18 _os_unfair_lock_recursive_abort + 23
      1   libsystem_platform.dylib        0x00000001e09281ac _os_unfair_lock_lock_slow + 256
      2   libobjc.A.dylib                 0x00000001e0a00d77 objc_object::sidetable_retain() + 81
      3   FirebaseCore                    0x00000001010088af -[FIRComponentContainer instanceForProtocol:] + 30
      """
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect((diagnosis.kind, diagnosis.confidence) == (.trap, .medium))
    #expect(Self.fact(diagnosis, "task-class") == nil)
    #expect(Self.fact(diagnosis, "locked-by") == "2 libobjc.A.dylib objc_object::sidetable_retain() + 81")
  }
}
