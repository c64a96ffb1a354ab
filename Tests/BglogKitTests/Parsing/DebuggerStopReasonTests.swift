import BglogTestSupport
import Testing

@testable import BglogKit

/// The memory-limit exception as the debugger shows it, pasted alone (issue 14): read by `diagnose`
/// as `timeline` reads it. Real pastes are fixtures (`public-exc-resource-memory-*` in
/// `Tests/Fixtures/crash`, sources in its README); the lldb `* thread #…` form is the line
/// Netesh5/image_background_remover issue #8 quotes (the timeline recogniser's example).
@Suite struct DebuggerStopReasonTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { CrashClassifier().diagnose($0, source: source) }
  }

  @Test func theOldLLDBFormAloneIsAMemoryLimitAtMediumConfidence() throws {
    let path = "crash/public-exc-resource-memory-debugger-stop-reason-alone.txt"
    let source = try Fixtures.source(path)
    let reports = try CrashReportReader.read(source)
    #expect(reports.count == 1)
    #expect(reports.first?.resource?.summary == "650 MB")
    let diagnosis = CrashClassifier().diagnose(try #require(reports.first), source: source)
    #expect(diagnosis.kind == .memoryLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("limit", "650 MB")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("fatal") })
    #expect(diagnosis.evidence.map(\.quote) == ["EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 MB, unused=0x0)"])
  }

  @Test func xcodesBannerAndSentenceAreOneReport() throws {
    let path = "crash/public-exc-resource-memory-xcode-banner-thread-3.txt"
    let source = try Fixtures.source(path)
    let reports = try CrashReportReader.read(source)
    #expect(reports.count == 1)
    #expect(reports.first?.endLine == 2)
    let diagnosis = CrashClassifier().diagnose(try #require(reports.first), source: source)
    #expect(diagnosis.kind == .memoryLimit)
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains(Fact("limit", "50 MB")))
    #expect(reports.first?.issues.contains { $0.message.contains("thread 3") } == true)
  }

  @Test func eachFormIsParsed() {
    let old = DebuggerStopReasonReader.parse("EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=14 MB, unused=0x0)")
    #expect(old == .init(limit: "14 MB", thread: nil, description: nil))
    let lldb = DebuggerStopReasonReader.parse(
      "* thread #53, queue = 'com.apple.root.user-initiated-qos', stop reason = EXC_RESOURCE (RESOURCE_TYPE_MEMORY: "
        + "high watermark memory limit exceeded) (limit=1450 MB)")
    #expect(lldb == .init(limit: "1450 MB", thread: 53, description: "high watermark memory limit exceeded"))
    let banner = DebuggerStopReasonReader.parse(
      "Thread 1: EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=3376 MB)")
    #expect(banner?.thread == 1)
    #expect(banner?.limit == "3376 MB")
  }

  @Test func proseOrOtherLinesAroundItAreNotThisReader() throws {
    // Prose before the exception (Expensify/react-native-share-menu issue #283 words it so) is a sentence, not a paste.
    #expect(
      DebuggerStopReasonReader.parse(
        "I got the error EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=120 MB, unused=0x0) when sharing heavy files") == nil)
    // Cut before the limit closes: nothing certain to report.
    #expect(DebuggerStopReasonReader.parse("EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 M") == nil)
    #expect(DebuggerStopReasonReader.parse("EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=, unused=0x0)") == nil)
    // Xcode's sentence alone says nothing of a memory limit.
    let sentence =
      "The operating system stopped the process because the process exceeded a limit on resource consumption, "
      + "like CPU time or memory."
    #expect(DebuggerStopReasonReader.read(SourceText(text: sentence)) == nil)
    // Another line beside the stop reason: not a text made only of stop reasons.
    #expect(
      DebuggerStopReasonReader.read(
        SourceText(text: "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=650 MB, unused=0x0)\nsomething else\n")) == nil)
  }

  @Test func twoStopReasonsAreTwoReports() throws {
    let diagnoses = try Self.diagnose(
      "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=15 MB, unused=0x0)\n\n"
        + "Thread 3: EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=50 MB)\n")
    #expect(diagnoses.map(\.kind) == [.memoryLimit, .memoryLimit])
    #expect(diagnoses.allSatisfy { $0.confidence == .medium })
  }
}
