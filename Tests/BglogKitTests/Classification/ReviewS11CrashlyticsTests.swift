import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-11 review, defect 4: Firebase Crashlytics console exports pasted into issue threads. The threads'
/// licences are not known, so the pastes are quoted here (the lines a test needs), each with its source; none is
/// a fixture.
@Suite struct ReviewS11CrashlyticsTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  /// Appboy/appboy-ios-sdk #165 (turn 0, matheda), as pasted: a worker thread's frames, the summary
  /// (`Crashed: WatchDog` / `EXC_BREAKPOINT 0x…`), the crashed thread, a `Thread #1` label, and Crashlytics' own
  /// exception-server thread, cut after its frame 1's image.
  static let appboy165 = """
    Thread
    0  libsystem_kernel.dylib         0x1b2e41b9c __workq_kernreturn + 8
    1  libsystem_pthread.dylib        0x1b2ec6114 _pthread_wqthread + 348
    2  libsystem_pthread.dylib        0x1b2ec8d00 start_wqthread + 4
    Crashed: WatchDog
    EXC_BREAKPOINT 0x0000000106512480

    Crashed: WatchDog
    0  libswiftCore.dylib             0x106512480 _stdlib_destroyTLS + 207848
    1  libswiftCore.dylib             0x10637a10c (Missing)
    2  AllTrails                      0x1048b81dc closure #1 in WatchdogService.start() (WatchdogService.swift:22)
    3  Watchdog                       0x106298c50 PingThread.main() (Watchdog.swift:76)
    4  Watchdog                       0x106298d0c @objc PingThread.main() (<compiler-generated>)
    5  Foundation                     0x1b3d5b3b0 __NSThread__start__ + 1040
    6  libsystem_pthread.dylib        0x1b2ec52fc _pthread_body + 128
    7  libsystem_pthread.dylib        0x1b2ec525c _pthread_start + 48
    8  libsystem_pthread.dylib        0x1b2ec8d08 thread_start + 4
    Thread #1

    Thread
    0  libsystem_kernel.dylib         0x1b2e41b9c __workq_kernreturn + 8
    1  libsystem_pthread.dylib        0x1b2ec6114 _pthread_wqthread + 348
    2  libsystem_pthread.dylib        0x1b2ec8d00 start_wqthread + 4
    com.twitter.crashlytics.ios.MachExceptionServer

    com.twitter.crashlytics.ios.MachExceptionServer
    0  AllTrails                      0x104a6feb8 CLSProcessRecordAllThreads (CLSProcess.c:376)
    1  AllTrails
    """

  /// at-internet/atinternet-apple-sdk #69 (description, TICKME, 2019-10-31): the summary then the crashed thread.
  static let atInternet69 = """
    Crashed: com.apple.main-thread
    EXC_BAD_ACCESS KERN_INVALID_ADDRESS 0x0000000000000000

    Crashed: com.apple.main-thread
    0  Tracker                        0x104f57a9c $s7Tracker9LifeCycleC25sessionBackgroundDurationySiSDyS2SGFZTf4nd_n + 32
    1  Tracker                        0x104f590ac $s7Tracker9LifeCycleC17applicationActiveyySDyS2SGFZTf4nd_n + 148
    2  Tracker                        0x104fbb400 $s7TrackerAAC17applicationActiveyyFTo + 132
    """

  /// transistorsoft/capacitor-background-fetch #26 (description, GoethelHB, 2024-05-29), frames 0–10: the crashed
  /// thread `bridge`, with Markdown bold markers typed into frame 8 (`0xb3988**`).
  static let capacitor26 = """
    Crashed: bridge
    0  libsystem_platform.dylib       0x61cc _os_unfair_lock_recursive_abort + 36
    1  libsystem_platform.dylib       0x2f2c _os_unfair_lock_lock_slow + 320
    2  BackgroundTasks                0x20fc -[BGTask dealloc] + 40
    3  libsystem_blocks.dylib         0x292c _Block_object_dispose + 256
    4  libsystem_blocks.dylib         0x2438 _call_dispose_helpers_excp + 48
    5  libsystem_blocks.dylib         0x23ec _Block_release + 252
    6  BackgroundTasks                0x1e14 -[BGTask _unsafe_setTaskCompletedWithSuccess:afterDelay:] + 56
    7  BackgroundTasks                0x2084 -[BGTask _setTaskCompletedWithSuccess:actionsIfNotAlreadyCompleted:] + 112
    8  App                                      0xb3988** -[TSBackgroundFetch finish:] + 56528
    9  App                                      0xfebe0 -[BackgroundFetchModule finish:] + 95 (BackgroundFetchModule.m:95)
    10 Capacitor                      0xd39c $s9Capacitor0A6BridgeC12handleJSCall4callyAA0D0V_tFyyYbcfU0_ + 544
    """

  /// flutter/flutter #112846 (description, siddew201, 2022-10-04), frames 0–7: the crashed thread only, Swift frames
  /// with `+ line (File.swift:line)`, system frames without an offset.
  static let flutter112846 = """
    Crashed: com.apple.main-thread
    0  TCPApp                         0xe12608 NeuFlutterEngine.setup() + 41 (NeuFlutterEngine.swift:41)
    1  TCPApp                         0x6b6d84 NeuEngineCache.getEngine(identifier:) + 18 (NeuEngineCache.swift:18)
    2  TCPApp                         0x55e7b4 partial apply for closure #1 in FlutterAnalyticsProvider.eventTracker(eventType:payload:funcName:) + 27 (FlutterAnalyticsProvider.swift:27)
    3  TCPApp                         0x8f10 thunk for @escaping @callee_guaranteed () -> () (<compiler-generated>)
    4  libdispatch.dylib              0x63094 _dispatch_call_block_and_release
    5  libdispatch.dylib              0x64094 _dispatch_client_callout
    6  libdispatch.dylib              0x10d40 _dispatch_main_queue_drain
    7  libdispatch.dylib              0x10990 _dispatch_main_queue_callback_4CF$VARIANT$mp
    """

  /// flutter/flutter #114586 (turn 0, haoqiangyu), frames 0–8: `Fatal Exception:` over the exception's frames,
  /// one frame unsymbolicated in the console's Chinese (`(缺少 UUID …)`, "missing UUID").
  static let flutter114586 = """
    Fatal Exception: NSInternalInconsistencyException
    0  CoreFoundation                 0x99288 __exceptionPreprocess
    1  libobjc.A.dylib                0x16744 objc_exception_throw
    2  CoreAutoLayout                 0x57ac -[NSISEngine withAutomaticOptimizationDisabled:]
    3  CoreAutoLayout                 0xaa6c -[NSISEngine _optimizeWithoutRebuilding]
    4  CoreAutoLayout                 0xcb78 -[NSISEngine optimize]
    5  CoreAutoLayout                 0x50fc -[NSISEngine performPendingChangeNotifications]
    6  UIKitCore                      0x350b84 -[UIView(Hierarchy) layoutSubviews]
    7  QMUIKit                        0xa24b8 (缺少 UUID df552730b5883f0aaee67d28e1621851)
    8  UIKitCore                      0x18c17c -[UIView(CALayerDelegate) layoutSublayersOfLayer:]
    """

  /// transistorsoft/react-native-background-fetch #527 (description, fivecar, 2024-09-25), frames 0–6: Instabug's
  /// heading of the crashed thread (`Thread 27 Queue 305: … (serial) [Crashed]:`), a blank line, then the frames.
  static let rn527 = """
    Thread 27 Queue 305: com.facebook.react.RNBackgroundFetchQueue (serial) [Crashed]:

    0    libsystem_platform.dylib                 0x1f97e01c4     _os_unfair_lock_recursive_abort + 36
    1    libsystem_platform.dylib                 0x1f97dd55c     _os_unfair_lock_lock_slow + 319
    2    BackgroundTasks                          0x219172034     -[BGTask dealloc] + 39
    3    libsystem_blocks.dylib                   0x1f988cfc4     _Block_object_dispose + 255
    4    libsystem_blocks.dylib                   0x1f988d1b0     _call_dispose_helpers_excp + 47
    5    libsystem_blocks.dylib                   0x1f988d164     _Block_release + 251
    6    BackgroundTasks                          0x219171d4c     -[BGTask _unsafe_setTaskCompletedWithSuccess:afterDelay:] + 55
    """

  @Test func instabugCrashedHeadingOpensTheCrashedThread() throws {
    let heading = try #require(
      ThreadHeading.parse("Thread 27 Queue 305: com.facebook.react.RNBackgroundFetchQueue (serial) [Crashed]:"))
    guard case .start(let index, let crashed, let name, let queue, _) = heading else {
      Issue.record("not a thread start: \(heading)")
      return
    }
    #expect(index == 27 && crashed && name == nil)
    #expect(queue == "com.facebook.react.RNBackgroundFetchQueue")
    // Without the `[Crashed]:` ending the line is no heading (Instabug's other threads are not read here).
    #expect(ThreadHeading.parse("Thread 27 Queue 305: com.facebook.react.RNBackgroundFetchQueue (serial)") == nil)
    let (report, diagnosis) = try #require(try Self.read(Self.rn527).first)
    #expect(report.blamedThread?.index == 27)
    #expect(report.blamedThread?.frames.count == 7)
    #expect(diagnosis.kind == .trap)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("BGTask"))
  }

  @Test func appboyWatchdogThreadTrapIsTheAppsHangDetectorAtMedium() throws {
    let results = try Self.read(Self.appboy165)
    #expect(results.count == 1)
    let (report, diagnosis) = try #require(results.first)
    #expect(report.format == .crashlytics)
    #expect(report.exception?.type == "EXC_BREAKPOINT")
    #expect(report.exception?.codes == "0x0000000106512480")
    #expect(report.threads.map(\.name) == [nil, "WatchDog", nil, "com.twitter.crashlytics.ios.MachExceptionServer"])
    let crashed = try #require(report.blamedThread)
    #expect(crashed.name == "WatchDog")
    #expect(crashed.frames.count == 9)
    #expect(crashed.frames[2].image == "AllTrails")
    #expect(crashed.frames[2].sourceFile == "WatchdogService.swift")
    #expect(report.issues.contains { $0.message.contains("cut after its image") && $0.location?.line == 28 })
    #expect(!report.issues.contains { $0.message.contains("may be cut") })
    #expect(diagnosis.kind == .trap)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("hang-detector thread WatchDog"))
    #expect(diagnosis.summary.contains("WatchdogService.start() (WatchdogService.swift:22)"))
    #expect(diagnosis.summary.contains("not iOS's 0x8badf00d"))
    #expect(diagnosis.evidence.contains { $0.location?.line == 6 && $0.quote.hasPrefix("EXC_BREAKPOINT") })
    #expect(diagnosis.evidence.contains { $0.location?.line == 11 && $0.quote.contains("WatchdogService.start()") })
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("termination reason") })
    // The frames are symbolicated: no advice to symbolicate them; the main thread is not in this paste.
    #expect(!diagnosis.advice.contains { $0.contains("symbolicate") })
    #expect(diagnosis.advice.contains { $0.contains("does not hold the main thread") })
  }

  @Test func atInternetBadAccessSummaryIsReadAtMedium() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.atInternet69).first)
    #expect(report.format == .crashlytics)
    #expect(report.exception?.type == "EXC_BAD_ACCESS")
    #expect(report.exception?.subtype == "KERN_INVALID_ADDRESS 0x0000000000000000")
    #expect(report.blamedThread?.name == "com.apple.main-thread")
    #expect(report.blamedThread?.frames.count == 3)
    #expect(diagnosis.kind == .badAccess)
    #expect(diagnosis.confidence == .medium)
  }

  /// facebook/react-native #39573 (a comment of 2024-02-08): the summary's exception line over `Crashed: <thread>`
  /// and its frames, after the author's sentence (the first lines of the paste, verbatim).
  static let reactNative39573 = """
    @marcoizzo @lucaswitch I have this same error
    EXC_BAD_ACCESS KERN_INVALID_ADDRESS 0x0000000000000020
    Crashed: com.apple.main-thread
    0  libobjc.A.dylib                0x3d68 objc_release + 16
    1  SafariServices                 0x65d38 <redacted> + 40
    2  UIKitCore                      0x2ff978 <redacted> + 2176
    """

  @Test func anExceptionLineOverTheCrashedThreadIsTheExportsFirstLine() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.reactNative39573).first)
    #expect(report.format == .crashlytics)
    #expect(report.startLine == 2)
    #expect(report.exception?.type == "EXC_BAD_ACCESS")
    #expect(report.exception?.location?.line == 2)
    #expect(report.blamedThread?.name == "com.apple.main-thread")
    #expect(report.blamedThread?.frames.count == 3)
    #expect(diagnosis.kind == .badAccess)
    #expect(diagnosis.confidence == .medium)
  }

  /// The same paste as the thread shows it: the question under it (at-internet #69's own sentence); a greeting and a
  /// fence before it stand for how such pastes open.
  @Test func proseAroundTheExportIsSetAside() throws {
    let text =
      "Hi, we see this in Crashlytics:\n\n```\n" + Self.atInternet69
      + "\n```\n\nWe got this Error - cannot reproduce it ? Any Idea?\n"
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.format == .crashlytics)
    #expect(report.startLine == 4)
    #expect(report.issues.contains { $0.message.contains("prose before the export") && $0.location?.line == 1 })
    #expect(report.issues.contains { $0.message.contains("prose after the export") && $0.location?.line == 13 })
    #expect(diagnosis.kind == .badAccess)
    #expect(diagnosis.confidence == .medium)
  }

  @Test func capacitorBridgeThreadIsTheLockRecursionReading() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.capacitor26).first)
    #expect(report.format == .crashlytics)
    #expect(report.blamedThread?.name == "bridge")
    #expect(report.blamedThread?.frames.count == 11)
    #expect(report.blamedThread?.frames[8].symbol == "-[TSBackgroundFetch finish:]")
    #expect(report.issues.contains { $0.message.contains("Markdown bold") && $0.location?.line == 10 })
    #expect(diagnosis.kind == .trap)
    #expect(diagnosis.confidence == .medium)
  }

  @Test func flutterCrashedThreadAloneIsReadWithoutCutNotes() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.flutter112846).first)
    #expect(report.format == .crashlytics)
    #expect(report.blamedThread?.name == "com.apple.main-thread")
    #expect(report.blamedThread?.frames.count == 8)
    #expect(!report.issues.contains { $0.message.contains("may be cut") })
    #expect(diagnosis.confidence != .high)
  }

  @Test func fatalExceptionIsAnUncaughtExceptionAbortAtMedium() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.flutter114586).first)
    #expect(report.format == .crashlytics)
    #expect(report.lastExceptionBacktrace?.frames.count == 9)
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("NSInternalInconsistencyException"))
    #expect(diagnosis.evidence.contains { $0.location?.line == 1 })
    #expect(diagnosis.evidence.contains { $0.quote.contains("withAutomaticOptimizationDisabled") })
  }

  /// Only the forms seen are read: a thread with frames but no crashed thread's name or exception line (the middle
  /// of a paste), and a sentence over frames, stay refused.
  @Test func notACrashlyticsExportStaysRefused() {
    let workerOnly = """
      Thread
      0  libsystem_kernel.dylib         0x1b2e41b9c __workq_kernreturn + 8
      1  libsystem_pthread.dylib        0x1b2ec6114 _pthread_wqthread + 348
      """
    let prose = """
      Crashed: WatchDog
      EXC_BREAKPOINT 0x0000000106512480
      It crashes here every time
      0  libswiftCore.dylib             0x106512480 _stdlib_destroyTLS + 207848
      """
    let unseenException = """
      Crashed: WatchDog
      EXC_BREAKPOINT at some address
      """
    for text in [workerOnly, prose, unseenException] {
      #expect(throws: ReportParseError.self) { try Self.read(text) }
    }
  }
}
