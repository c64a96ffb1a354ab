import Testing

@testable import BglogKit

/// Rules tested on reports built in code, so each rule is checked on exactly the signal it reads.
/// Fixture-based tests (real reports end to end) live in `DiagnoseFixtureTests`.
@Suite struct CrashClassifierTests {
  static func frame(_ index: Int, _ image: String, _ symbol: String?, line: Int? = nil) -> StackFrame {
    StackFrame(index: index, image: image, symbol: symbol, location: line.map { .line($0) })
  }

  /// The idle main-thread stack quoted in seed 001 (iOS 11).
  static let idleMainThread = ThreadBacktrace(
    index: 0, crashed: true,
    frames: [
      frame(0, "libsystem_kernel.dylib", "mach_msg_trap"),
      frame(1, "libsystem_kernel.dylib", "mach_msg"),
      frame(2, "CoreFoundation", "__CFRunLoopServiceMachPort"),
      frame(3, "CoreFoundation", "__CFRunLoopRun"),
      frame(4, "CoreFoundation", "CFRunLoopRunSpecific"),
      frame(5, "GraphicsServices", "GSEventRunModal"),
      frame(6, "UIKit", "UIApplicationMain"),
      frame(7, "OOMTestProjcet", nil),
      frame(8, "libdyld.dylib", "start"),
    ])

  static func report(
    namespace: String? = "SPRINGBOARD", code: UInt64? = 0x8bad_f00d, exception: String = "EXC_CRASH",
    signal: String = "SIGKILL", threads: [ThreadBacktrace] = [idleMainThread]
  ) -> CrashReport {
    var report = CrashReport(format: .text)
    report.header.processName = "OOMTestProjcet"
    report.exception = ExceptionInfo(type: exception, signal: signal, location: .line(14))
    if let code {
      report.termination = TerminationInfo(
        namespace: namespace, code: code, reason: "Namespace \(namespace ?? "?"), Code 0x\(String(code, radix: 16))",
        location: .line(17))
    }
    report.threads = threads
    return report
  }

  @Test func watchdogWithIdleMainThreadIsLeakedBackgroundTask() {
    let diagnosis = CrashClassifier().diagnose(Self.report())
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.contains { $0.location == .line(17) })
    #expect(diagnosis.evidence.filter { $0.note.contains("idle") }.count == 7)
  }

  @Test func assertiondNamespaceCorroboratesTheLeak() {
    let diagnosis = CrashClassifier().diagnose(Self.report(namespace: "ASSERTIOND"))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .high)
  }

  @Test func unsymbolicatedIdleRunLoopIsRecognisedFromImages() {
    // The damaged, unsymbolicated stack from seed 001: images only.
    let images = [
      "libsystem_kernel.dylib", "libsystem_kernel.dylib", "CoreFoundation", "CoreFoundation", "CoreFoundation",
      "GraphicsServices", "UIKit", "Messenger", "libdyld.dylib",
    ]
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: images.enumerated().map {
        StackFrame(index: $0.offset, image: $0.element, imageBase: 0x1000, imageOffset: 42)
      })
    let diagnosis = CrashClassifier().diagnose(Self.report(threads: [thread]))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(
      diagnosis.facts.contains(Fact("main-thread", "idle in its run loop (from the image sequence; unsymbolicated)")))
  }

  /// Built in code (images as quoted, addresses made up): the iOS 11 report of Apple Developer Forums
  /// thread 88529, `Namespace <0xF>, Code 0x8badf00d`, whose unsymbolicated main thread is pasted up to
  /// GraphicsServices and cut before UIKit. Only the main run loop runs GraphicsServices' event loop, so
  /// this is the idle run loop; it was read as "waiting in a system call", a hang.
  @Test func unsymbolicatedIdleRunLoopCutAfterGraphicsServicesIsStillIdle() {
    let images = [
      "libsystem_kernel.dylib", "libsystem_kernel.dylib", "CoreFoundation", "CoreFoundation", "CoreFoundation",
      "GraphicsServices",
    ]
    let frames = images.enumerated().map {
      StackFrame(index: $0.offset, image: $0.element, imageBase: 0x1000, imageOffset: 42)
    }
    let cut = ThreadBacktrace(index: 0, crashed: true, frames: frames)
    let diagnosis = CrashClassifier().diagnose(Self.report(namespace: "<0xF>", threads: [cut]))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence != .high)
    #expect(!diagnosis.summary.contains("real hang"))
    // Something other than UIKit after GraphicsServices is not this sequence.
    let other = ThreadBacktrace(
      index: 0, crashed: true,
      frames: frames + [StackFrame(index: 6, image: "Messenger", imageBase: 0x1000, imageOffset: 42)])
    #expect(StackAnalysis.idleRunLoopFrames(other) == nil)
    // Cut before GraphicsServices, the frames prove nothing.
    #expect(
      StackAnalysis.idleRunLoopFrames(ThreadBacktrace(index: 0, crashed: true, frames: Array(frames.prefix(5)))) == nil)
  }

  @Test func idleMainThreadWithCrashOnAnotherThreadStaysACrash() {
    var background = ThreadBacktrace(
      index: 3, crashed: true, frames: [Self.frame(0, "OOMTestProjcet", "-[Worker run]")])
    background.crashed = true
    var main = Self.idleMainThread
    main.crashed = false
    var report = Self.report(
      namespace: nil, code: nil, exception: "EXC_BAD_ACCESS", signal: "SIGSEGV", threads: [main, background])
    report.crashedThread = Located(3, at: .line(18))
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .badAccess)
    #expect(diagnosis.summary.contains("thread 3"))
  }

  @Test func semaphoreWaitOnMainThreadIsAHang() {
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        Self.frame(0, "libsystem_kernel.dylib", "semaphore_wait_trap", line: 30),
        Self.frame(1, "libdispatch.dylib", "_dispatch_sema4_wait$VARIANT$mp"),
        Self.frame(2, "libdispatch.dylib", "_dispatch_semaphore_wait_slow"),
        StackFrame(index: 3, image: "OOMTestProjcet", imageBase: 0x1029a0000, imageOffset: 21568, location: .line(33)),
        Self.frame(4, "UIKit", "-[UIApplication sendAction:to:from:forEvent:]"),
      ])
    let diagnosis = CrashClassifier().diagnose(Self.report(namespace: "ASSERTIOND", threads: [thread]))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.facts.contains(Fact("main-thread", "waiting on a dispatch semaphore")))
    #expect(diagnosis.evidence.contains { $0.location == .line(33) && $0.note.contains("first app frame") })
  }

  @Test func sceneUpdateDescriptionGivesEventAllowanceAndCPU() {
    var report = Self.report(threads: [
      ThreadBacktrace(index: 0, crashed: true, frames: [Self.frame(0, "libsystem_kernel.dylib", "write")])
    ])
    report.termination?.description =
      "SPRINGBOARD, scene-update watchdog transgression: wmm.CPUTestTwo exhausted real (wall clock) time allowance of "
      + "10.00 seconds | | ProcessVisibility: Foreground | ProcessState: Running | WatchdogEvent: scene-update | "
      + "WatchdogVisibility: Foreground | WatchdogCPUStatistics: ( | \"Elapsed total CPU time (seconds): 1.870 (user "
      + "1.870, system 0.000), 22% CPU\", | \"Elapsed application CPU time (seconds): 1.284, 15% CPU\" | )"
    report.termination?.descriptionLocation = .line(18)
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.facts.contains(Fact("watchdog-event", "scene-update")))
    #expect(diagnosis.facts.contains(Fact("time-allowance", "10 s")))
    #expect(diagnosis.facts.contains(Fact("application-cpu", "1.284 s, 15% CPU")))
    #expect(diagnosis.facts.contains(Fact("main-thread", "doing file I/O")))
  }

  @Test func handlesessionAssertionMeansCompletionHandlerNotCalled() {
    var report = Self.report()
    report.leakedAssertions = ProcessAssertion.all(
      in: "<BKProcessAssertion: 0x104273920; \"com.apple.nsurlsessiond.handlesession com.mycompany.backgrounddemo"
        + ".background1\" (backgroundDownload:30s); id:…AEB425907B3C> (owner: nsurlsessiond:94)",
      location: .line(20))
    #expect(report.leakedAssertions.first?.reason == "backgroundDownload")
    #expect(report.leakedAssertions.first?.durationSeconds == 30)
    #expect(report.leakedAssertions.first?.owner == "nsurlsessiond:94")
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .backgroundSessionCompletionNotCalled)
    #expect(diagnosis.confidence == .high)
  }

  @Test func finishTaskAssertionMeansLeakedTaskEvenWithBusyMainThread() {
    var report = Self.report(threads: [
      ThreadBacktrace(index: 0, crashed: true, frames: [Self.frame(0, "libsystem_kernel.dylib", "semaphore_wait_trap")])
    ])
    report.leakedAssertions = ProcessAssertion.all(
      in: "<BKProcessAssertion: 0x1; \"Shared Background Assertion 1 for com.x\" (finishTask:180s); id:…> (owner: X:1)")
    #expect(CrashClassifier().diagnose(report).kind == .leakedBackgroundTask)
  }

  @Test(arguments: [
    (UInt64(0x2182_bad2), DiagnosisKind.leakedBackgroundTask),
    (0x2182_bad3, .backgroundSessionCompletionNotCalled),
    (0x2182_bad4, .backgroundFetchTimeout),
    (0xc000_10ff, .thermalKill),
    (0xdead_fa11, .forceQuit),
    (0x2bad_45ec, .insecureDrawing),
    (0xbaad_ca11, .voipPushNotReported),
    (0xbadd_d15c, .diskSpaceReclaim),
  ])
  func codesNameTheirKind(code: UInt64, kind: DiagnosisKind) {
    let diagnosis = CrashClassifier().diagnose(Self.report(namespace: "RUNNINGBOARD", code: code))
    #expect(diagnosis.kind == kind)
    #expect(diagnosis.confidence == .high)
  }

  @Test func decimalCodeFromIPSIsTheSameKill() {
    // .ips files write 0xdead10cc as 3735883980.
    let diagnosis = CrashClassifier().diagnose(Self.report(namespace: "RUNNINGBOARD", code: 3_735_883_980))
    #expect(diagnosis.kind == .suspendedWithLockedFile)
  }

  @Test func signalNamespaceCodeIsASignalNotAKillCode() {
    let thread = ThreadBacktrace(
      index: 0, crashed: true, frames: [Self.frame(0, "libswiftCore.dylib", "_assertionFailure(_:_:file:line:flags:)")])
    let diagnosis = CrashClassifier().diagnose(
      Self.report(namespace: "SIGNAL", code: 5, exception: "EXC_BREAKPOINT", signal: "SIGTRAP", threads: [thread]))
    #expect(diagnosis.kind == .trap)
  }

  @Test func overflowWithExpirationHandlerFramesIsASlowHandler() {
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        Self.frame(0, "libsystem_kernel.dylib", "write"),
        Self.frame(1, "UIKit", "-[UIApplication workspaceNoteAssertionExpirationImminent:]"),
      ])
    let diagnosis = CrashClassifier().diagnose(
      Self.report(namespace: "ASSERTIOND", code: 0xbada_5e47, threads: [thread]))
    #expect(diagnosis.kind == .backgroundTaskOverflow)
    #expect(diagnosis.facts.contains(Fact("variant", "slow expiration handler")))
  }

  @Test func lockedFileNamesTheSQLiteFrame() {
    let worker = ThreadBacktrace(index: 4, frames: [Self.frame(0, "libsqlite3.dylib", "sqlite3_step")])
    let diagnosis = CrashClassifier().diagnose(
      Self.report(namespace: "RUNNINGBOARD", code: 0xdead_10cc, threads: [Self.idleMainThread, worker]))
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.facts.contains { $0.key == "lock-frame" && $0.value.contains("sqlite3_step") })
  }

  @Test func watchdogWithoutBacktraceIsLowConfidence() {
    let diagnosis = CrashClassifier().diagnose(Self.report(threads: []))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
  }

  @Test func headerOnlyReportIsInsufficient() {
    var report = CrashReport(format: .text)
    report.header.fields = [HeaderField(name: "OS Version", value: "iPhone OS 13.3.1 (17D50)", location: .line(9))]
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .insufficientData)
  }

  @Test func sigkillWithoutCodeIsUnknownNotAGuess() {
    let diagnosis = CrashClassifier().diagnose(Self.report(namespace: nil, code: nil))
    #expect(diagnosis.kind == .unknown)
    #expect(diagnosis.confidence == .low)
  }

  @Test func oldestWatchdogFormReadsTheCodeFromExceptionCodes() {
    var report = Self.report(namespace: nil, code: nil, exception: "00000020", signal: "")
    report.exception?.codes = "0x8badf00d"
    report.exception?.codesLocation = .line(15)
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.evidence.first?.location == .line(15))
  }
}
