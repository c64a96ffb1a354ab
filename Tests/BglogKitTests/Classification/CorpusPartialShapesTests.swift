import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Issue 14's "details lost" shapes on the real reports of the shared corpus (read in place, never
/// copied): the Application Specific Information of an abort, and a Simulator report whose `+`
/// images include runtime libraries that are not the app's code. `CorpusDiagnoseTests` checks only
/// their kinds; these check the details the issue names.
@Suite(.enabled(if: Fixtures.hasShared("corpus/crash"), Comment(rawValue: Fixtures.sharedMissing("corpus/crash"))))
struct CorpusPartialShapesTests {
  static func read(_ name: String) throws -> (CrashReport, Diagnosis) {
    let path = Fixtures.sharedPath("corpus/crash/" + name)
    let source = SourceText(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    let report = try #require(try CrashReportReader.read(source).first)
    return (report, CrashClassifier().diagnose(report, source: source))
  }

  /// iOS 14.5.1 bug_type 109, `EXC_CRASH (SIGABRT)` with `stack buffer overflow` in the Application
  /// Specific Information and no Last Exception Backtrace.
  @Test func anAbortsApplicationSpecificInformationIsInTheSummaryAndTheAdviceFitsTheReport() throws {
    let (report, diagnosis) = try Self.read("ios14-bug109-sigabrt-stack-buffer-overflow.ips")
    #expect(report.lastExceptionBacktrace == nil)
    #expect(diagnosis.kind == .abort)
    #expect(diagnosis.summary.contains("stack buffer overflow"))
    #expect(diagnosis.evidence.contains { $0.quote == "stack buffer overflow" })
    #expect(!diagnosis.advice.contains { $0.contains("first app frame of the Last Exception Backtrace") })
    #expect(diagnosis.advice.contains { $0.contains("no Last Exception Backtrace") })
  }

  /// OS X 10.11 Simulator report: the app, `dyld_sim` and `libShimulator.dylib` are all marked `+`
  /// (not part of the OS) in Binary Images; only the app is app code.
  @Test func simulatorPlusImagesThatAreNotTheAppAreNotAppCode() throws {
    let (report, diagnosis) = try Self.read("simulator-osx10-11-report11-sigabrt.crash")
    #expect(!report.appImageNames.contains("dyld_sim"))
    #expect(!report.appImageNames.contains("libShimulator.dylib"))
    let first = try #require(diagnosis.facts.first { $0.key == "first-app-frame" }?.value)
    #expect(first.contains("TableSearch main"))
  }
}
