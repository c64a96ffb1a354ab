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

  /// Synthetic, in the shape of transistorsoft/react-native-background-geolocation #2593 (frames
  /// printed without addresses under a FRONTBOARD scene-update watchdog).
  static let addressless = """
    Exception Type:  EXC_CRASH (SIGKILL)
    Termination Reason: FRONTBOARD 2343432205
      domain:10 code:0x8BADF00D
      explanation: scene-update watchdog transgression: ...is stuck (deadlock)
    Thread 0 name:   Dispatch queue: com.apple.main-thread  (TRIGGERED)
    Thread 0 Crashed:
    0   libsystem_kernel.dylib       __ulock_wait + 8
    1   libdispatch.dylib            _dlock_wait + 56
    2   libdispatch.dylib            _dispatch_once_wait + 60
    3   ExampleApp                   +[ExampleService sharedInstance] + 132
    4   ExampleApp                   -[ExampleTracker start:] + 1444

    """

  @Test func framesWithoutAddressesAreRead() throws {
    let (report, diagnosis) = try Self.diagnose(Self.addressless)
    let main = try #require(report.mainThread)
    #expect(main.frames.count == 5)
    #expect(main.frames[0].symbol == "__ulock_wait")
    #expect(main.frames[0].symbolOffset == 8)
    #expect(main.frames[3].image == "ExampleApp")
    #expect(main.frames[3].symbol == "+[ExampleService sharedInstance]")
    #expect(main.frames[3].index == 3)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains(Fact("main-thread", "waiting on a lock")))
    #expect(!diagnosis.facts.contains { $0.value.contains("main-thread's backtrace") })
  }

  @Test(arguments: [
    ("0   libsystem_kernel.dylib       __ulock_wait + 8", "libsystem_kernel.dylib", "__ulock_wait", UInt64?(8)),
    ("0  libsystem_kernel    __ulock_wait", "libsystem_kernel", "__ulock_wait", nil),
    ("20 Movely              main", "Movely", "main", nil),
    ("4\tMy App\t-[A b:] + 12", "My App", "-[A b:]", 12),
  ])
  func addresslessShapes(line: String, image: String, symbol: String, offset: UInt64?) throws {
    let frame = try #require(AddresslessFrameLine.parse(Substring(line), line: 1))
    #expect(frame.image == image)
    #expect(frame.symbol == symbol)
    #expect(frame.symbolOffset == offset)
    #expect(frame.address == nil)
  }

  @Test(arguments: [
    "0   libsystem_kernel.dylib       the kernel was waiting here",  // prose, not a symbol column
    "0   libsystem_kernel.dylib",  // no symbol column
    "0   libsystem_kernel.dylib       __ulock_wait + 8   extra",  // a fourth column
    "0   libsystem_kernel.dylib       __ulock_wait + 0x8",  // hex offsets belong to address forms
    "x   libsystem_kernel.dylib       __ulock_wait + 8",  // no frame number
    "0   0x1000       __ulock_wait + 8",  // an address where the image goes
    "0   Binary Images:       x",
  ])
  func ambiguousLinesAreNotFrames(line: String) {
    #expect(AddresslessFrameLine.parse(Substring(line), line: 1) == nil, "\(line)")
  }

  /// #2593's paste puts `Process:` and the times after the termination: they continue the headerless
  /// exception block instead of opening a second report that would take the main thread away from it.
  @Test func aHeaderAfterAHeaderlessExceptionBlockContinuesIt() throws {
    var lines = Self.addressless.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert(contentsOf: ["Process: ExampleApp [16722]", "Launch Time:  2026-05-21 17:55:07.1536"], at: 4)
    let text = lines.joined(separator: "\n")
    let reports = try CrashReportReader.read(SourceText(text: text))
    #expect(reports.count == 1)
    let diagnosis = CrashClassifier().diagnose(try #require(reports.first))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains { $0.key == "first-app-frame" && $0.value.contains("sharedInstance") })
  }

  /// Two reports pasted one after the other still split at the second one's header.
  @Test func aHeaderAfterAReportWithAHeaderStillStartsAnother() throws {
    let one =
      "Process: A [1]\nException Type:  EXC_CRASH (SIGKILL)\nTermination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\n"
    let reports = try CrashReportReader.read(
      SourceText(text: one + one.replacingOccurrences(of: "A [1]", with: "B [2]")))
    #expect(reports.count == 2)
  }

  /// Outside a thread block the shape is not read (a numbered prose list stays prose).
  @Test func addresslessLinesNeedAThreadHeading() throws {
    let text = "Exception Type:  EXC_CRASH (SIGKILL)\n1   Step one       do_this\n"
    let report = try #require(try CrashReportReader.read(SourceText(text: text)).first)
    #expect(report.threads.isEmpty)
  }
}
