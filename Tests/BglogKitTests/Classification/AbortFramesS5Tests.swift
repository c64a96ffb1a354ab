import BglogTestSupport
import Testing

@testable import BglogKit

/// A crashed thread pasted alone that runs `abort` from the runtime's terminate handler (synthetic, in
/// the shape of the thread jp.narouhz.com thread 767076 quotes from Apple forums thread 767076, whose
/// licence is not stated).
@Suite struct AbortFramesS5Tests {
  static func thread(crashed: Bool = true, terminate: String = "std::terminate()") -> String {
    """
    Thread 3 name: Dispatch queue: com.apple.root.background-qos
    Thread 3\(crashed ? " Crashed" : ""):
    0 libsystem_kernel.dylib 0x00000001f68ee0dc __pthread_kill + 8
    1 libsystem_pthread.dylib 0x00000001f6967094 pthread_kill$VARIANT$mp + 380
    2 libsystem_c.dylib 0x00000001f6846ea8 abort + 140
    3 libc++abi.dylib 0x00000001f5f13788 __cxa_bad_cast + 0
    4 libobjc.A.dylib 0x00000001f5f2ae00 _objc_terminate() + 124
    5 libc++abi.dylib 0x00000001f5f1f8c4 \(terminate) + 84
    6 libdispatch.dylib 0x00000001f67907e8 _dispatch_client_callout + 36
    7 libdispatch.dylib 0x00000001f6741164 _dispatch_root_queue_drain + 680

    """
  }

  static func diagnose(_ text: String) throws -> Diagnosis {
    let source = SourceText(text: text)
    return CrashClassifier().diagnose(try #require(try CrashReportReader.read(source).first), source: source)
  }

  @Test func aCrashedThreadAbortingFromTerminateIsAnAbort() throws {
    let diagnosis = try Self.diagnose(Self.thread())
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.summary.contains("uncaught exception") || diagnosis.summary.contains("exception nobody caught"))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
  }

  /// A thread not marked crashed decides nothing: it may be any thread of the report.
  @Test func aThreadNotMarkedCrashedStaysInsufficientData() throws {
    #expect(try Self.diagnose(Self.thread(crashed: false)).kind == .insufficientData)
  }

  /// abort without the terminate handler (an assertion, a precondition) is not read as an uncaught exception:
  /// it is still an abort (``ClassifierContext/crashedThreadAbort()``), without the exception's wording.
  @Test func abortWithoutTerminateIsNotThisRule() throws {
    let text = Self.thread().split(separator: "\n").filter { !$0.contains("terminate") }.joined(separator: "\n")
    let diagnosis = try Self.diagnose(text)
    #expect(diagnosis.kind == .abort)
    #expect(!diagnosis.summary.contains("exception nobody caught"))
  }
}
