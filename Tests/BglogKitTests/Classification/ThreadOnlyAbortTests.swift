import BglogTestSupport
import Testing

@testable import BglogKit

/// Issue 14's thread-only pastes whose frames name the cause: a crashed thread that aborts
/// (`__pthread_kill` ← `pthread_kill` ← `abort`) is `abort`, medium, not `insufficient-data`.
@Suite struct ThreadOnlyAbortTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { CrashClassifier().diagnose($0, source: source) }
  }

  /// streamcloudapp/StreamCloud #100: a macOS main thread whose uncaught-exception handler aborts
  /// (`**pthread_kill`: Markdown mangled `__pthread_kill`).
  @Test func theRealMacOSThreadIsAnUncaughtExceptionAbort() throws {
    let source = try Fixtures.source("crash/public-macos-thread-only-abort-uncaught-exception-handler.crash")
    let report = try #require(try CrashReportReader.read(source).first)
    let diagnosis = CrashClassifier().diagnose(report, source: source)
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.evidence.map { $0.location?.line } == [4, 7])
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("exception type") })
    #expect(diagnosis.summary.contains("uncaught exception"))
  }

  /// Built in code, in the shape of the iOS report quoted in jp.narouhz.com forum thread 767076 (no
  /// licence; single-spaced columns as the forum keeps them): Thread 3 on a background queue aborts
  /// from `std::terminate` under `_dispatch_client_callout`.
  @Test func aSingleSpacedBackgroundThreadAbortIsReadToo() throws {
    let text = """
      Thread 3 name: Dispatch queue: com.apple.root.background-qos
      Thread 3 Crashed:
      0 libsystem_kernel.dylib 0x00000001f0000000 __pthread_kill + 8
      1 libsystem_pthread.dylib 0x00000001f0001000 pthread_kill$VARIANT$mp + 380
      2 libsystem_c.dylib 0x00000001f0002000 abort + 140
      3 libc++abi.dylib 0x00000001f0003000 __cxa_bad_cast + 0
      4 libobjc.A.dylib 0x00000001f0004000 _objc_terminate() + 124
      5 libc++abi.dylib 0x00000001f0005000 std::terminate() + 84
      6 libdispatch.dylib 0x00000001f0006000 _dispatch_client_callout + 36
      """
    let diagnoses = try Self.diagnose(text)
    #expect(diagnoses.map(\.kind) == [.abort])
    #expect(diagnoses.first?.confidence == .medium)
    #expect(diagnoses.first?.facts.contains(Fact("crashed-thread", "3")) == true)
  }

  @Test func otherThreadOnlyPastesAreNotCalledAnAbort() throws {
    // App code between the kill and the abort: not the abort sequence.
    let appBetween = """
      Thread 0 Crashed:
      0 libsystem_kernel.dylib 0x00000001f0000000 __pthread_kill + 8
      1 MyApp 0x0000000100001000 helper + 12
      2 libsystem_c.dylib 0x00000001f0002000 abort + 140
      """
    #expect(try Self.diagnose(appBetween).map(\.kind) == [.insufficientData])
    // No crashed-thread marker: nothing says this thread died.
    let unmarked = """
      Thread 0:
      0 libsystem_kernel.dylib 0x00000001f0000000 __pthread_kill + 8
      1 libsystem_c.dylib 0x00000001f0002000 abort + 140
      """
    #expect(try Self.diagnose(unmarked).map(\.kind) == [.insufficientData])
    // The idle run loop of seed 000 stays insufficient-data.
    let seed = try Fixtures.source("crash/seed000-main-thread-runloop.crash")
    let report = try #require(try CrashReportReader.read(seed).first)
    #expect(CrashClassifier().diagnose(report, source: seed).kind == .insufficientData)
  }
}
