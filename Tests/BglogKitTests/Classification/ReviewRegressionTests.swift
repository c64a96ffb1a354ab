import Testing

@testable import BglogKit

/// Regressions from the first review: each test is a wrong answer bglog once gave.
@Suite struct ReviewRegressionTests {
  typealias Base = CrashClassifierTests

  @Test func dispatchSyncIsNotCalledALockWait() {
    // The iOS 14+ shape: the kernel wait is a lock primitive, the frames above say dispatch_sync.
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        Base.frame(0, "libsystem_kernel.dylib", "__ulock_wait"),
        Base.frame(1, "libdispatch.dylib", "_dlock_wait"),
        Base.frame(2, "libdispatch.dylib", "_dispatch_thread_event_wait_slow"),
        Base.frame(3, "libdispatch.dylib", "__DISPATCH_WAIT_FOR_QUEUE__"),
        Base.frame(4, "libdispatch.dylib", "_dispatch_sync_f_slow"),
        Base.frame(5, "OOMTestProjcet", "-[Store load]"),
      ])
    let diagnosis = CrashClassifier().diagnose(Base.report(threads: [thread]))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.facts.contains(Fact("main-thread", "waiting in dispatch_sync for another queue")))
  }

  @Test func oldestLaunchTimeoutWithBusyCPUIsNotALeak() {
    var report = Base.report(namespace: nil, code: nil, exception: "00000020", signal: "")
    report.exception?.codes = "0x8badf00d"
    report.exception?.codesLocation = .line(15)
    report.applicationSpecificInformation = [
      Located("com.example.app failed to launch in time", at: .line(18)),
      Located("Elapsed total CPU time (seconds): 20.780 (user 20.780, system 0.000), 52% CPU", at: .line(20)),
      Located("Elapsed application CPU time (seconds): 19.975, 97% CPU", at: .line(21)),
    ]
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
  }

  @Test func aRunLoopNestedUnderSynchronousNetworkingIsNotIdle() {
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        Base.frame(0, "libsystem_kernel.dylib", "mach_msg_trap"),
        Base.frame(1, "CoreFoundation", "__CFRunLoopServiceMachPort"),
        Base.frame(2, "CoreFoundation", "__CFRunLoopRun"),
        Base.frame(3, "CFNetwork", "CFURLConnectionSendSynchronousRequest"),
        Base.frame(4, "Foundation", "+[NSURLConnection sendSynchronousRequest:returningResponse:error:]"),
        Base.frame(5, "OOMTestProjcet", "-[Sync fetch]"),
        Base.frame(6, "GraphicsServices", "GSEventRunModal"),
        Base.frame(7, "UIKit", "UIApplicationMain"),
      ])
    let diagnosis = CrashClassifier().diagnose(Base.report(threads: [thread]))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.facts.contains(Fact("main-thread", "doing synchronous networking")))
  }

  @Test func openingTheAppIsNotABackgroundWakeup() {
    // SpringBoard state lines (the shape of seed 000's): the user opens the app four times.
    var lines: [String] = []
    for (index, minute) in [0, 3, 9, 24].enumerated() {
      let time = String(format: "18:%02d:00", 10 + minute)
      let later = String(format: "18:%02d:30", 10 + minute)
      let state = "SpringBoard Application process state changed for com.x.app: <SBApplicationProcessState: 0x1; pid: 7"
      lines.append("\(time)    \(state); taskState: Running; visibility: Foreground>")
      lines.append("\(time)    App  hello added task \(index)")
      lines.append("\(later)    \(state); taskState: Suspended; visibility: Background>")
    }
    let options = TimelineOptions(markers: [try! TimelineMarker(argument: "added=hello added task")])
    let result = TimelineBuilder(options: options).build(from: SourceText(text: lines.joined(separator: "\n")))
    let app = result.apps.first { $0.bundleID == "com.x.app" }
    #expect(app?.wakeups.isEmpty == true)
    #expect(app?.findings.contains { $0.kind == .rateLimiter } == false)
  }
}
