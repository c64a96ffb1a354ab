import BglogTestSupport
import Testing

@testable import BglogKit

/// Main-thread shapes found by the session 5 review of real pastes (issue 14). The pastes' sources
/// (Apple Developer Forums thread 88529; transistorsoft/react-native-background-geolocation #2593)
/// are imitated here in code: synthetic, built in their shape, not copied.
@Suite struct MainThreadFormsS5Tests {
  static func diagnose(_ text: String) throws -> (CrashReport, Diagnosis) {
    let report = try #require(try CrashReportReader.read(SourceText(text: text)).first)
    return (report, CrashClassifier().diagnose(report, source: SourceText(text: text)))
  }

  /// Synthetic, in the shape of Apple forums thread 88529: unsymbolicated libsystem_kernel ×2 →
  /// CoreFoundation ×3 → GraphicsServices, then the paste stops (no UIKit frame).
  static func cutIdle(namespace: String) -> String {
    """
    Exception Type: EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note: EXC_CORPSE_NOTIFY
    Termination Reason: Namespace \(namespace), Code 0x8badf00d
    Triggered by Thread: 0

    Thread 0 name:  Dispatch queue: com.apple.main-thread
    Thread 0 Crashed:
    0   libsystem_kernel.dylib         0x0000000180008bc4 0x180008000 + 3012
    1   libsystem_kernel.dylib         0x0000000180008a3c 0x180008000 + 2620
    2   CoreFoundation                 0x00000001806b9c4c 0x1805d0000 + 957516
    3   CoreFoundation                 0x00000001806b7818 0x1805d0000 + 948248
    4   CoreFoundation                 0x00000001805d7e78 0x1805d0000 + 32376
    5   GraphicsServices               0x000000018246cf84 0x182462000 + 44932

    """
  }

  @Test func anUnsymbolicatedRunLoopCutAfterGraphicsServicesIsNotAHang() throws {
    let (_, diagnosis) = try Self.diagnose(Self.cutIdle(namespace: "<0xF>"))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.explanation.contains("real hang"))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("GraphicsServices") })
  }

  /// The same cut stack under ASSERTIOND would be `high` with the whole idle run loop: cut, it is medium.
  @Test func aCutIdleRunLoopIsNeverHigh() throws {
    let (_, diagnosis) = try Self.diagnose(Self.cutIdle(namespace: "ASSERTIOND"))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .medium)
  }

  /// One CoreFoundation frame is too little for the idle shape: undecided, not "waiting in a system call".
  @Test func aShorterCutStackIsUndecided() throws {
    let text = Self.cutIdle(namespace: "SPRINGBOARD").split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("3 ") && !$0.hasPrefix("4 ") }.joined(separator: "\n")
    let (_, diagnosis) = try Self.diagnose(text)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.explanation.contains("real hang"))
    #expect(diagnosis.facts.contains { $0.key == "main-thread" && $0.value.hasPrefix("cut after") })
  }

  /// A hang read from an unsymbolicated wait is not called "a real hang".
  @Test func anUnsymbolicatedWaitIsALikelyHangNotAProvenOne() throws {
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        StackFrame(index: 0, image: "libsystem_kernel.dylib", address: 0x1000, imageBase: 0x1000, imageOffset: 4),
        StackFrame(index: 1, image: "OOMTestProjcet", address: 0x2000, imageBase: 0x2000, imageOffset: 8),
        StackFrame(index: 2, image: "UIKitCore", address: 0x3000, imageBase: 0x3000, imageOffset: 8),
      ])
    let diagnosis = CrashClassifier().diagnose(CrashClassifierTests.report(threads: [thread]))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .medium)
    #expect(!diagnosis.explanation.contains("real hang"))
    #expect(diagnosis.explanation.contains("points to a hang"))
  }
}
