import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-12 defects found by running the tool on new real pastes. The threads' licences are not known, so the
/// pastes are quoted here (the lines a test needs, verbatim), each with its source; none is a fixture.
@Suite struct ReviewS12DiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: 1. Crashlytics "Stack trace" download

  /// OneSignal/OneSignal-iOS-SDK #1409 (description, sebastinto, 2024-04-16), the download's header and the main
  /// thread's frames 0–3 as the issue's `Shell` block opens. The download's `Crashed: OneSignal.OSOperationRepo`
  /// thread comes much later in the paste; this piece ends before it.
  static let oneSignal1409 = """
    ```Shell
    # Crashlytics - Stack trace
    # Application: com.myapp.myapp
    # Platform: apple
    # Version: {redacted}
    # Issue: b080f49da7bb072c4a0cbf850b2189ee
    # Session: 875bd90584a94207830af8a989ec4aea_DNE_0_v2
    # Date: Mon Apr 15 2024 14:36:31 GMT-0600 (Mountain Daylight Time)

    com.apple.main-thread
    0  SwiftUI                        0x4162c __swift_memcpy8_8 + 918
    1  SwiftUI                        0x4958 -[NSAttributedString(SPI) initSwiftUIAttributedStringWithFormat:options:locale:arguments:] + 132
    2  SwiftUI                        0xd69c00 OUTLINED_FUNCTION_4 + 2208
    3  SwiftUI                        0x847c5c OUTLINED_FUNCTION_0 + 4544
    """

  /// The same paste further down: worker threads, then the crashed thread (frames 0–3).
  static let oneSignal1409Crashed = """
    Thread
    0  libsystem_pthread.dylib        0x1718 start_wqthread + 270

    Crashed: OneSignal.OSOperationRepo
    0  libobjc.A.dylib                0x1814 objc_msgSend + 20
    1  Foundation                     0x12284 _encodeObject + 172
    2  OneSignalUser                  0x12a14 __swift_destroy_boxed_opaque_existential_0 + 6928
    3  OneSignalUser                  0x12a74 __swift_destroy_boxed_opaque_existential_0 + 7024
    """

  /// microsoft/clarity-apps #254 (description, bulutoztemur, 2026-03-03), frames 0–4: the download's header over
  /// `Crashed: com.apple.main-thread`.
  static let clarity254 = """
    # Crashlytics - Stack trace
    # Application: com.ebaykleinanzeigen.ebc
    # Platform: apple
    # Version: 2026.10.0 (26.058.16036160)
    # Issue: e89a79d547a514b95470e710194bbaf1
    # Session: 420dce7e36ce4049999294461a97d410_DNE_2_v2
    # Date: Tue Mar 03 2026 13:10:30 GMT+0100 (Central European Standard Time)

    Crashed: com.apple.main-thread
    0  CoreGraphics                   0x524c <deduplicated_symbol> + 28
    1  CoreGraphics                   0x5134 check_clients_buffer + 136
    2  CoreGraphics                   0x5194 CGDataProviderCreateWithData + 48
    3  QuartzCore                     0x1a2504 CA::Render::Image::copy_cgimage() const + 248
    4  QuartzCore                     0x2b17fc -[CALayer _renderForegroundInContext:] + 668
    """

  /// BatchLabs/Batch-iOS-SDK #33 (comment, Jhjk0, 2023-01-18), as the excerpt runs: an operation queue's thread is
  /// named `NSOperationQueue 0x… (QOS: UNSPECIFIED)`, with blanks.
  static let batch33 = """
    Crash : com.batch.userprofile.queue
    EXC_BAD_ACCESS KERN_INVALID_ADDRESS 0x676174204e414353

    com.apple.main-thread
    0  libsystem_kernel.dylib         0xb48 mach_msg2_trap + 8
    1  libsystem_kernel.dylib         0x13008 mach_msg2_internal + 80
    2  libsystem_kernel.dylib         0x13248 mach_msg_overwrite + 388
    3  libsystem_kernel.dylib         0x108c mach_msg + 24
    4  CoreFoundation                 0x7ae00 __CFRunLoopServiceMachPort + 160
    5  CoreFoundation                 0x7c044 __CFRunLoopRun + 1232
    6  CoreFoundation                 0x811e4 CFRunLoopRunSpecific + 612
    7  GraphicsServices               0x1368 GSEventRunModal + 164
    8  UIKitCore                      0x3a2d88 -[UIApplication _run] + 888
    9  UIKitCore                      0x3a29ec UIApplicationMain + 340
    10 MyApp                           0x4dc4 main + 22 (AppDelegate.swift:22)
    11 ???                            0x1d259d948 (Manquant)

    Thread
    0  libsystem_kernel.dylib         0x1050 __workq_kernreturn + 8
    1  libsystem_pthread.dylib        0xe44 _pthread_wqthread + 364
    2  libsystem_pthread.dylib        0xb98 start_wqthread + 8

    NSOperationQueue 0x136a2d5c0 (QOS: UNSPECIFIED)
    0  libsqlite3.dylib               0xb5974 sqlite3_sourceid + 1708
    1  libsqlite3.dylib               0x43094 sqlite3_log + 103700
    2  libsqlite3.dylib               0x4364 sqlite3_vfs_find + 3140
    """

  /// The download cut before its `Crashed:` thread is still the download: read, `insufficient-data` low, naming
  /// the crashed thread as missing (it was refused).
  @Test func stackTraceDownloadWithoutItsCrashedThreadIsReadAsInsufficient() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.oneSignal1409).first)
    #expect(report.format == .crashlytics)
    #expect(report.startLine == 2)
    #expect(report.header.bundleIdentifier == "com.myapp.myapp")
    #expect(report.header.dateTime == "Mon Apr 15 2024 14:36:31 GMT-0600 (Mountain Daylight Time)")
    #expect(report.threads.map(\.name) == ["com.apple.main-thread"])
    #expect(report.threads.first?.frames.count == 4)
    #expect(report.issues.contains { $0.message.contains("stack-trace download") && $0.location?.line == 2 })
    #expect(report.issues.contains { $0.message.contains("`Crashed: <name>` heading) is not in the input") })
    // The header is the download's, not prose set aside.
    #expect(!report.issues.contains { $0.message.contains("prose before") })
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("the crashed thread") })
    #expect(!diagnosis.advice.contains { $0.hasPrefix("Paste the lines from Exception Type") })
    #expect(diagnosis.advice.contains { $0.contains("marked `Crashed: <name>`") })
  }

  @Test func stackTraceDownloadsCrashedThreadIsTheBlamedThread() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.oneSignal1409Crashed).first)
    #expect(report.blamedThread?.name == "OneSignal.OSOperationRepo")
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.evidence.contains { $0.quote.contains("objc_msgSend + 20") })
    #expect(!diagnosis.facts.contains { $0.value.contains("the crashed thread (") })

    let (clarity, reading) = try #require(try Self.read(Self.clarity254).first)
    #expect(clarity.format == .crashlytics)
    #expect(clarity.header.bundleIdentifier == "com.ebaykleinanzeigen.ebc")
    #expect(clarity.header.version == "2026.10.0 (26.058.16036160)")
    #expect(clarity.blamedThread?.name == "com.apple.main-thread")
    #expect(clarity.blamedThread?.frames.count == 5)
    #expect(reading.confidence == .low)
    #expect(!reading.facts.contains { $0.value.contains("the crashed thread (") })
  }

  @Test func operationQueueThreadNameWithBlanksIsRead() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.batch33).first)
    #expect(report.format == .crashlytics)
    #expect(
      report.threads.map(\.name) == ["com.apple.main-thread", nil, "NSOperationQueue 0x136a2d5c0 (QOS: UNSPECIFIED)"])
    #expect(report.threads.last?.frames.count == 3)
    #expect(diagnosis.kind == .badAccess)
    #expect(diagnosis.confidence == .medium)
    // Only Crashlytics' operation-queue form is a name with blanks: a sentence over frames is not.
    let sentence = "It crashes in this queue\n0  libsqlite3.dylib               0xb5974 sqlite3_sourceid + 1708\n"
    #expect(throws: ReportParseError.self) { try Self.read("Crashed: X\n" + sentence) }
  }

  // MARK: 2. A report piece from Kernel Triage on, no exception lines

  /// transistorsoft/react-native-background-geolocation #1704 (turn 10, socheatleang), as its block runs: the last
  /// frames (33–44) of a backtrace whose heading is above the piece, `Kernel Triage:`, the crashed thread's heading.
  /// The frames under the heading are not quoted here (the stored thread text stops at them).
  static let rnbg1704 = """
    ```
    33  FrontBoardServices            \t       0x11f46fbe0 -[FBSSerialQueue _performNextFromRunLoopSource] + 19
    34  CoreFoundation                \t       0x115f42fe5 __CFRUNLOOP_IS_CALLING_OUT_TO_A_SOURCE0_PERFORM_FUNCTION__ + 17
    35  CoreFoundation                \t       0x115f42f24 __CFRunLoopDoSource0 + 157
    36  CoreFoundation                \t       0x115f42721 __CFRunLoopDoSources0 + 212
    37  CoreFoundation                \t       0x115f3ce23 __CFRunLoopRun + 927
    38  CoreFoundation                \t       0x115f3c6a7 CFRunLoopRunSpecific + 560
    39  GraphicsServices              \t       0x11e6d628a GSEventRunModal + 139
    40  UIKitCore                     \t       0x128a60ad3 -[UIApplication _run] + 994
    41  UIKitCore                     \t       0x128a659ef UIApplicationMain + 123
    42  DEFITDEV                      \t       0x104862800 main + 96
    43  dyld_sim                      \t       0x1111b42bf start_sim + 10
    44  dyld                          \t       0x208f2b310 start + 2432

    Kernel Triage:
    VM - pmap_enter retried due to resource shortage
    VM - pmap_enter retried due to resource shortage
    VM - pmap_enter retried due to resource shortage
    VM - pmap_enter retried due to resource shortage
    VM - pmap_enter retried due to resource shortage


    Thread 0 Crashed::  Dispatch queue: com.apple.main-thread
    """

  /// OpenEmu/OpenEmu #4839 (turn 0, mzulauf), frames 0–12: the same piece's shape with the crashed thread's frames
  /// (macOS), a `???` frame over the kill.
  static let openEmu4839 = """
    Kernel Triage:
    VM - pmap_enter failed with resource shortage
    VM - pmap_enter failed with resource shortage
    VM - pmap_enter failed with resource shortage
    VM - pmap_enter failed with resource shortage
    VM - pmap_enter failed with resource shortage

    Thread 0 Crashed::  Dispatch queue: com.apple.main-thread
    0   ???                           \t    0x7ff89532a940 ???
    1   libsystem_kernel.dylib        \t    0x7ff804e5f00e __pthread_kill + 10
    2   libsystem_pthread.dylib       \t    0x7ff804e951ff pthread_kill + 263
    3   libsystem_c.dylib             \t    0x7ff804de0d24 abort + 123
    4   libc++abi.dylib               \t    0x7ff804e51082 abort_message + 241
    5   libc++abi.dylib               \t    0x7ff804e421bd demangling_terminate_handler() + 266
    6   libobjc.A.dylib               \t    0x7ff804d3f00e _objc_terminate() + 96
    7   libc++abi.dylib               \t    0x7ff804e504a7 std::__terminate(void (*)()) + 8
    8   libc++abi.dylib               \t    0x7ff804e50458 std::terminate() + 56
    9   libdispatch.dylib             \t    0x7ff804cde32b _dispatch_client_callout + 28
    10  libdispatch.dylib             \t    0x7ff804ceac78 _dispatch_main_queue_drain + 943
    11  libdispatch.dylib             \t    0x7ff804cea8bb _dispatch_main_queue_callback_4CF + 31
    12  CoreFoundation                \t    0x7ff804f98cfa __CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__ + 9
    """

  /// The piece is read (it was refused): the crashed heading and the Kernel Triage lines are its evidence, the
  /// missing exception lines and frames are named, and the stray frames before it are said to be set aside.
  @Test func kernelTriageAndACrashedHeadingAreReadNotRefused() throws {
    let results = try Self.read(Self.rnbg1704)
    #expect(results.count == 1)
    let (report, diagnosis) = try #require(results.first)
    #expect(report.startLine == 15)
    #expect(report.blamedThread?.index == 0)
    #expect(report.issues.contains { $0.message.hasPrefix("12 frame lines before") && $0.location?.line == 2 })
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.evidence.contains { $0.location?.line == 23 && $0.quote.hasPrefix("Thread 0 Crashed::") })
    #expect(diagnosis.evidence.contains { $0.location?.line == 16 && $0.quote.contains("pmap_enter retried") })
    #expect(diagnosis.facts.contains { $0.key == "kernel-triage" && $0.value.contains("(×5)") })
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("crashed thread's frames") })
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("exception type") })
    #expect(diagnosis.explanation.contains("memory pressure"))
    #expect(diagnosis.advice.contains { $0.hasPrefix("Paste the crashed thread's frames") })
  }

  /// With the crashed thread's frames, the abort through the terminate handler is read at medium; the `???` frame
  /// over `__pthread_kill` does not hide it.
  @Test func kernelTriageOverAnAbortingThreadIsAnUncaughtExceptionAbort() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.openEmu4839).first)
    #expect(report.startLine == 1)
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.contains { $0.location?.line == 12 && $0.quote.contains("abort + 123") })
    #expect(diagnosis.evidence.contains { $0.quote.contains("_objc_terminate()") })
    #expect(diagnosis.facts.contains { $0.key == "kernel-triage" })
  }

  // MARK: 3. Foundation's assertion handler named as the raising call

  /// firebase/firebase-ios-sdk #10971 (description, yasirmturk, 2023-03-20), frames 0–6: Crashlytics names the
  /// assertion handler's frame `_userInfoForFileAndLine`; the failed check is UIKit's, under it.
  static let firebase10971 = """
    ```shell
    Fatal Exception: NSInternalInconsistencyException
    0  CoreFoundation                 0x9e38 __exceptionPreprocess
    1  libobjc.A.dylib                0x178d8 objc_exception_throw
    2  Foundation                     0x5458ec _userInfoForFileAndLine
    3  UIKitCore                      0x79f128 __54-[_UIQueuingScrollView _didScrollWithAnimation:force:]_block_invoke
    4  UIKitCore                      0x79eb78 -[_UIQueuingScrollView _didScrollWithAnimation:force:]
    5  UIKitCore                      0x79bc18 -[_UIQueuingScrollView _scrollViewDidEndDraggingWithDeceleration:]
    6  UIKitCore                      0x2a3558 -[UIScrollView _scrollViewDidEndDraggingForDelegateWithDeceleration:]
    """

  /// firebase/firebase-ios-sdk #12711 (description, SPHthabib, 2024-04-05), frames 0–5: a "Stack trace" download
  /// whose header is its first line alone.
  static let firebase12711 = """
    ```shell
    # Crashlytics - Stack trace

    Fatal Exception: NSInternalInconsistencyException
    0  CoreFoundation                 0xecb28 __exceptionPreprocess
    1  libobjc.A.dylib                0x2af78 objc_exception_throw
    2  Foundation                     0x6ba920 _userInfoForFileAndLine
    3  UIKitCore                      0x7c464 -[UICollectionView _updateLayoutAttributesForExistingVisibleViewsFadingForBoundsChange:]
    4  UIKitCore                      0x7b858 -[UICollectionView _updateVisibleCellsNow:]
    5  UIKitCore                      0x7ab2c -[UICollectionView layoutSubviews]
    """

  /// flutter/flutterfire #5491 (description, MATTYGILO, 2021-03-26), frames 0–15: the handler under its full name, a
  /// misnamed CoreFoundation frame above it, the app's (Flutter engine's) unsymbolicated frames below it.
  static let flutterfire5491 = """
    Fatal Exception: NSInternalInconsistencyException
    0  CoreFoundation                 0x186a7186c __exceptionPreprocess
    1  libobjc.A.dylib                0x19ba8dc50 objc_exception_throw
    2  CoreFoundation                 0x186977000 -[CFPrefsSearchListSource addManagedSourceForIdentifier:user:]
    3  Foundation                     0x187d0b91c -[NSAssertionHandler handleFailureInMethod:object:file:lineNumber:description:]
    4  Flutter                        0x1051f8868 (Missing)
    5  Flutter                        0x1051f560c (Missing)
    6  Flutter                        0x104ef2028 (Missing)
    7  Flutter                        0x10520e540 (Missing)
    8  Flutter                        0x1051aa7a8 (Missing)
    9  Flutter                        0x1051ac608 (Missing)
    10 CoreFoundation                 0x1869edfa0 __CFRUNLOOP_IS_CALLING_OUT_TO_A_TIMER_CALLBACK_FUNCTION__
    11 CoreFoundation                 0x1869edba0 __CFRunLoopDoTimer
    12 CoreFoundation                 0x1869ecffc __CFRunLoopDoTimers
    13 CoreFoundation                 0x1869e6ee4 __CFRunLoopRun
    14 CoreFoundation                 0x1869e621c CFRunLoopRunSpecific
    15 GraphicsServices               0x19e5b3784 GSEventRunModal
    """

  @Test func assertionHandlerIsNotTheRaisingCall() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.firebase10971).first)
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.confidence == .medium)
    #expect(
      diagnosis.summary.contains("a failed assertion in __54-[_UIQueuingScrollView _didScrollWithAnimation:force:]"))
    #expect(diagnosis.evidence.contains { $0.location?.line == 5 && $0.note.contains("assertion handler") })
    #expect(diagnosis.evidence.contains { $0.location?.line == 6 && $0.note == "the call whose assertion failed" })
    #expect(!diagnosis.evidence.contains { $0.location?.line == 5 && $0.note.contains("raised the exception") })
    // No app frame is shown: the advice says so rather than "start at" Foundation.
    #expect(!diagnosis.advice.contains { $0.contains("_userInfoForFileAndLine") })
    #expect(diagnosis.advice.contains { $0.contains("hold no app frame") })

    let (download, reading) = try #require(try Self.read(Self.firebase12711).first)
    #expect(download.format == .crashlytics)
    #expect(download.issues.contains { $0.message.contains("stack-trace download") })
    #expect(reading.facts.contains { $0.key == "failed-assertion-in" && $0.value.hasPrefix("-[UICollectionView") })
  }

  @Test func theAppsCallerUnderTheHandlerIsBlamed() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.flutterfire5491).first)
    #expect(diagnosis.kind == .abort)
    // The frame above the handler is the throw's, not the raising call (it was named so before).
    #expect(!diagnosis.evidence.contains { $0.location?.line == 4 })
    #expect(diagnosis.evidence.contains { $0.location?.line == 6 && $0.note == "the call whose assertion failed" })
    #expect(
      diagnosis.facts.contains { $0.key == "failed-assertion-in" && $0.value == "an unsymbolicated frame of Flutter" })
    #expect(diagnosis.advice.contains { $0.hasPrefix("Start at 4 Flutter") })
  }

  // MARK: 4. Xcode's error details after an author's Markdown heading

  /// Baseflow/flutter_cached_network_image #858 (description, good-good-study, 2023-07-20), the issue's opening to
  /// the analytics event's twelfth line: a Markdown heading repeating the note, then Xcode's error details in a
  /// fence.
  static let cachedNetworkImage858 = """
    ## 🐛 Domain: Message from debugger: Terminated due to memory issue

    ### Expected behavior
    ```
    Details

    The app “Runner” on .sun 的iPhone quit unexpectedly.
    Domain: IDEDebugSessionErrorDomain
    Code: 11
    Failure Reason: Message from debugger: Terminated due to memory issue
    User Info: {
        DVTErrorCreationDateKey = "2023-07-20 00:14:31 +0000";
        IDERunOperationFailingWorker = DBGLLDBLauncher;
    }
    --

    Analytics Event: com.apple.dt.IDERunOperationWorkerFinished : {
        "device_model" = "iPhone14,5";
        "device_osBuild" = "16.4.1 (20E252)";
        "device_platform" = "com.apple.platform.iphoneos";
        "launchSession_schemeCommand" = Run;
        "launchSession_state" = 2;
        "launchSession_targetArch" = arm64;
        "operation_duration_ms" = 45735;
        "operation_errorCode" = 11;
        "operation_errorDomain" = IDEDebugSessionErrorDomain;
        "operation_errorWorker" = DBGLLDBLauncher;
        "operation_name" = IDEiPhoneRunOperationWorkerGroup;
    """

  /// The evidence is Xcode's `Failure Reason:` line, not the author's heading, and the alert's app is named (it was
  /// refused by diagnose, and read by the timeline from the heading).
  @Test func xcodeErrorDetailsAreReadFromTheFailureReasonLine() throws {
    let results = try Self.read(Self.cachedNetworkImage858)
    #expect(results.count == 1)
    let (report, diagnosis) = try #require(results.first)
    #expect(report.startLine == 7)
    #expect(report.header.processName == "Runner")
    #expect(report.header.hardwareModel == "iPhone14,5")
    #expect(report.header.osVersion == "iOS 16.4.1 (20E252)")
    #expect(report.issues.contains { $0.message.contains("lines 1–6") && $0.location?.line == 1 })
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("Runner"))
    #expect(diagnosis.evidence.first?.location?.line == 10)
    #expect(diagnosis.evidence.first?.quote.hasPrefix("Failure Reason:") == true)
    #expect(diagnosis.evidence.contains { $0.location?.line == 7 && $0.quote.contains("“Runner”") })
    #expect(!diagnosis.evidence.contains { $0.location?.line == 1 })
    #expect(diagnosis.facts.contains { $0.key == "process" && $0.value == "Runner" })
    #expect(diagnosis.facts.contains { $0.key == "device" && $0.value == "iPhone14,5" })
    // Without the alert's `Domain:` line the `Failure Reason:` sentence alone in prose is not taken for the details.
    let prose = "I get this:\nFailure Reason: Message from debugger: Terminated due to memory issue\nany idea?\n"
    #expect(throws: ReportParseError.self) { try Self.read(prose) }
  }

  // MARK: 5. A Crashlytics paste inside inline backticks

  /// microsoft/appcenter-sdk-apple #1944 (comment, anilMakhijaEnphase, 2023-11-21), whole: the author's sentence,
  /// then a Mac Catalyst app's crashed thread inside one inline code span.
  static let appCenter1944 = """
    we are still seing some exception crashes for which we do not get exception backtraces, like this one:

    `Crashed: com.apple.main-thread
    0  AppKit                         0x31a728 -[NSApplication _crashOnException:] + 240
    1  AppKit                         0x31a500 -[NSApplication reportException:] + 440
    2  AppKit                         0x2d02c -[NSApplication run] + 640
    3  AppKit                         0x43cc NSApplicationMain + 880
    4  AppKit                         0x25cb78 _NSApplicationMainWithInfoDictionary + 22
    5  UIKitMacHelper                 0x4960 UINSApplicationMain + 988
    6  UIKitCore                      0x38e8 UIApplicationMain + 148
    7  appname                      0x6fd8 main + 32 (main.m:32)
    8  ???                            0x1985a3f28 (Missing)`
    """

  /// Read (it was refused), and the crashed thread in `_crashOnException:` is AppKit's crash on an uncaught
  /// exception, at medium, with the exception named as missing.
  @Test func crashlyticsPasteInInlineBackticksIsRead() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.appCenter1944).first)
    #expect(report.format == .crashlytics)
    #expect(report.startLine == 3 && report.endLine == 12)
    #expect(report.blamedThread?.frames.count == 9)
    #expect(report.blamedThread?.frames.last?.image == "???")
    #expect(report.issues.contains { $0.message.contains("backticks") && $0.message.contains("lines 3 and 12") })
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("_crashOnException:"))
    #expect(diagnosis.evidence.first?.location?.line == 4)
    #expect(diagnosis.evidence.contains { $0.location?.line == 5 && $0.quote.contains("reportException:") })
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("exception's name") })
    // A backtick inside the export (not around it) is no span's mark: still refused.
    let inside = Self.appCenter1944.replacingOccurrences(of: "2  AppKit  ", with: "`2  AppKit  ")
    #expect(throws: ReportParseError.self) { try Self.read(inside) }
  }

  // MARK: 6. Instabug's other thread headings

  /// Instabug/Instabug-React-Native #1357 (turn 0, leonardorib), as the stored excerpt runs: the end of a thread,
  /// then Instabug's headings of two threads that did not crash (`Thread 4 com.facebook.react.runtime.JavaScript:`,
  /// `Thread 5 hades:`), each over a blank line and frames without offsets.
  static let instabug1357 = """
    1    libsystem_pthread.dylib                  0x103782934     _start_wqthread

    Thread 4 com.facebook.react.runtime.JavaScript:

    0    libsystem_kernel.dylib                   0x1037fd390     _mach_msg2_trap
    1    libsystem_kernel.dylib                   0x1038054f4     _mach_msg_overwrite
    2    libsystem_kernel.dylib                   0x1037fd6cc     _mach_msg
    3    CoreFoundation                           0x18041cae0     ___CFRunLoopServiceMachPort
    4    CoreFoundation                           0x180417008     ___CFRunLoopRun
    5    CoreFoundation                           0x180416704     _CFRunLoopRunSpecific
    6    IssueInstabugCrashRepro                  0x10301683c     +[RCTJSThreadManager runRunLoop]
    7    Foundation                               0x180f462d8     ___NSThread__start__
    8    libsystem_pthread.dylib                  0x1037876f8     __pthread_start
    9    libsystem_pthread.dylib                  0x103782940     _thread_start

    Thread 5 hades:

    0    libsystem_kernel.dylib                   0x10380082c     ___psynch_cvwait
    1    libc++.1.dylib                           0x18030529c     __ZNSt3__118condition_variable4waitERNS_11unique_lockINS_5mutexEEE
    """

  @Test func instabugHeadingsOfOtherThreadsOpenThreads() throws {
    // Instabug/Instabug-React-Native #1401 (turn 0, maciejpigulski): `Thread 2 Unknown:`, a thread without a name.
    for (line, index, name) in [
      ("Thread 4 com.facebook.react.runtime.JavaScript:", 4, "com.facebook.react.runtime.JavaScript"),
      ("Thread 5 hades:", 5, "hades"), ("Thread 2 Unknown:", 2, nil),
    ] as [(String, Int, String?)] {
      for parsed in [ThreadHeading.parse(Substring(line)), ThreadHeading.parseGeneral(Substring(line))] {
        guard case .start(let number, let crashed, let thread, let queue, let trailing) = parsed else {
          Issue.record("not a thread start: \(line)")
          continue
        }
        #expect(number == index && !crashed && thread == name && queue == nil && trailing.isEmpty)
      }
      #expect(ThreadHeading.isInstabugForm(Substring(line)))
    }
    // Apple's headings are not Instabug's, and words a sentence puts there open no thread.
    for line in ["Thread 0 Crashed:", "Thread 3:", "Thread 0 name:  Dispatch queue: com.apple.main-thread"] {
      #expect(!ThreadHeading.isInstabugForm(Substring(line)))
    }
    for line in ["Thread 1 crashed:", "Thread 1 was:", "Thread 1 the main thread:"] {
      #expect(ThreadHeading.parse(Substring(line)) == nil)
      #expect(ThreadHeading.parseGeneral(Substring(line)) == nil)
    }

    let (report, diagnosis) = try #require(try Self.read(Self.instabug1357).first)
    #expect(report.threads.map(\.index) == [4, 5])
    #expect(report.threads.map(\.name) == ["com.facebook.react.runtime.JavaScript", "hades"])
    #expect(report.threads.map(\.frames.count) == [10, 2])
    // Instabug's frames have no offsets by layout: only the paste's last line may be cut.
    let cutNotes = report.issues.filter { $0.message.contains("may be cut") }
    #expect(cutNotes.map(\.location?.line) == [19])
    #expect(report.issues.contains { $0.message.hasPrefix("a frame line before") && $0.location?.line == 1 })
    #expect(diagnosis.kind == .insufficientData)
  }

  // MARK: 8. A cut `.ips` body that writes its metadata's facts itself

  /// firebase/firebase-ios-sdk #12129's pretty-printed body (quoted whole in `ReviewS11ProseBeforeJSONTests`) holds
  /// `bug_type`, `procName`, `osVersion` and `incident`: the note says that, not that the metadata line is missing.
  @Test func aCutBodyWithItsOwnBugTypeIsNotToldItsMetadataIsMissing() throws {
    let (report, diagnosis) = try #require(try Self.read(ReviewS11ProseBeforeJSONTests.prettyIPSPaste).first)
    let note = try #require(report.issues.first { $0.message.contains("the JSON body is cut at line 39") })
    #expect(!note.message.contains("metadata line is missing"))
    #expect(note.message.hasPrefix("the .ips body alone, without the one-line metadata object before it"))
    #expect(note.message.contains("`bug_type`, `procName`, `osVersion`, `incident`"))
    #expect(note.location?.line == 4)
    #expect((diagnosis.kind, diagnosis.confidence) == (.insufficientData, .low))
    // A body without `bug_type` is still told its metadata line is missing (the line would give the bug type).
    let plain = try CrashReportReader.read(
      SourceText(text: #"{"procName":"A","exception":{"type":"EXC_BAD_ACCESS"},"termination":{"code":"0xbada5e47"}}"#))
    #expect(plain.first?.issues.map(\.message) == ["the metadata line is missing"])
    // (One line holding `bug_type` is read as a metadata line: the body here spans two.)
    let whole = try CrashReportReader.read(
      SourceText(text: "{\n" + #""bug_type":"309","procName":"A","exception":{"type":"EXC_BAD_ACCESS"}}"#))
    #expect(whole.first?.issues.first?.message.contains("its own members `bug_type`, `procName`") == true)
    // Such a body, whole, is read as the body (its exception kept), not as a metadata line without a body.
    #expect(whole.first?.exception?.type == "EXC_BAD_ACCESS")
    #expect(whole.first?.issues.contains { $0.message.contains("metadata line but no body") } == false)
  }

  /// Instabug/Instabug-iOS #499 (comment, xmollv, 2024-08-27), the paste's opening to the main thread's frame 8:
  /// Instabug's cause line (the signal its handler caught), when it was reported, and the main thread's heading
  /// `Thread 0 Queue 1: com.apple.main-thread (serial):`.
  static let instabug499 = """
    ```
    data:text/text;charset=utf-8,
    # Cause: Crash due to signal: SIGTRAP(TRAP_BRKPT) at 10602f380
    # Reported at: 2024-08-27 04:30:14 UTC

    Thread 0 Queue 1: com.apple.main-thread (serial):

    0    libsystem_kernel.dylib                   0x1f0194808     mach_msg2_trap + 8
    1    libsystem_kernel.dylib                   0x1f0197f20     mach_msg_overwrite + 435
    2    libsystem_kernel.dylib                   0x1f0197d60     mach_msg + 23
    3    CoreFoundation                           0x1a70b4f5c     __CFRunLoopServiceMachPort + 159
    4    CoreFoundation                           0x1a70b4600     __CFRunLoopRun + 1207
    5    CoreFoundation                           0x1a70b3cd8     CFRunLoopRunSpecific + 607
    6    GraphicsServices                         0x1ebf641a8     GSEventRunModal + 163
    7    UIKitCore                                0x1a96ec90c     -[UIApplication _run] + 887
    8    UIKitCore                                0x1a97a09d0     UIApplicationMain + 339
    """

  /// The cause line is the signal (a trap, at medium: Instabug's handler, not Apple's exception lines), and the
  /// queue heading opens the main thread (it was `insufficient-data` with the heading unread).
  @Test func instabugCauseLineAndQueueHeadingAreRead() throws {
    let heading = try #require(ThreadHeading.parse("Thread 0 Queue 1: com.apple.main-thread (serial):"))
    guard case .start(let index, let crashed, let name, let queue, _) = heading else {
      Issue.record("not a thread start: \(heading)")
      return
    }
    #expect(index == 0 && !crashed && name == nil && queue == "com.apple.main-thread")
    #expect(ThreadHeading.parseGeneral("Thread 0 Queue 1: com.apple.main-thread (serial):") != nil)
    let cause = try #require(
      TextReportBuilder.instabugCause("# Cause: Crash due to signal: SIGTRAP(TRAP_BRKPT) at 10602f380"))
    #expect(cause.signal == "SIGTRAP" && cause.detail == "TRAP_BRKPT at 0x10602f380")
    #expect(TextReportBuilder.instabugCause("# Cause: it crashed") == nil)

    let (report, diagnosis) = try #require(try Self.read(Self.instabug499).first)
    #expect(report.startLine == 3)
    #expect(report.exception?.type == "SIGTRAP")
    #expect(report.exception?.subtype == "TRAP_BRKPT at 0x10602f380")
    #expect(report.header.dateTime == "2024-08-27 04:30:14 UTC")
    #expect(report.mainThread?.dispatchQueue == "com.apple.main-thread")
    #expect(report.mainThread?.frames.count == 9)
    #expect(!report.issues.contains { $0.message.contains("unreadable") })
    #expect(!report.issues.contains { $0.message.contains("may be cut") })
    #expect(diagnosis.kind == .trap)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.first?.location?.line == 3)
  }
}
