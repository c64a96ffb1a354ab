import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Issue 17, items 2–5: hostile inputs built in code (no timing assertions: each test either bounds
/// the work by something that does not depend on the machine, or uses an input large enough that the
/// old quadratic or value-proportional cost could not finish in the test's time).
@Suite struct HostileRoundTwoTests {
  /// A text crash report with `threads` threads of two frames each.
  static func manyThreadsReport(threads: Int) -> String {
    var text = """
      Incident Identifier: DDF069DB-99FE-4BC7-A21B-AE4D7B0F7EFE
      Hardware Model: iPhone8,1
      Process: Many [64970]
      Identifier: com.example.many
      OS Version: iPhone OS 11.2.1 (15C153)
      Exception Type: EXC_CRASH (SIGKILL)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d
      Triggered by Thread: 0

      """
    text.reserveCapacity(threads * 140)
    for thread in 0..<threads {
      text += thread == 0 ? "Thread 0 Crashed:\n" : "Thread \(thread):\n"
      text += "0   libsystem_kernel.dylib        \t0x000000018249f5a4 semaphore_wait_trap + 8\n"
      text += "1   libdispatch.dylib             \t0x000000018232cf04 _dispatch_sema4_wait + 24\n\n"
    }
    return text
  }

  /// Item 4: every thread heading asked whether a thread of that number already had frames by
  /// scanning all threads read so far (80,000 threads took 5 s, 200,000 about a minute in release).
  /// 60,000 headings would be 1.8 billion thread visits in debug; linear, it is a fraction of a second.
  @Test func aReportWithManyThreadsParsesInLinearTime() throws {
    let threads = 60_000
    let source = SourceText(text: Self.manyThreadsReport(threads: threads))
    let reports = try CrashReportReader.read(source)
    #expect(reports.count == 1)
    #expect(reports.first?.threads.count == threads)
    #expect(reports.first?.threads.last?.frames.count == 2)
  }

  /// A thread number seen before with frames (not the last thread) still starts the next report, as
  /// the scan decided; the first report's threads and a second run of headings make two reports.
  @Test func aThreadNumberSeenWithFramesStillStartsTheNextReport() throws {
    let one = Self.manyThreadsReport(threads: 3)
    let threads = one[one.range(of: "Thread 0 Crashed:")!.lowerBound...]
    let source = SourceText(text: one + threads)
    let reports = try CrashReportReader.read(source)
    #expect(reports.count == 2)
    #expect(reports.map(\.threads.count) == [3, 3])
  }
}
