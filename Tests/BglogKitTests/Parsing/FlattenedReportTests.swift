import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// A report whose line breaks a forum removed is read after putting them back; ordinary lines that
/// mention a key or two are never split.
@Suite struct FlattenedReportTests {
  static let fixture = "crash/public-flattened-one-line-runningboard-dead10cc-packet-tunnel.crash"

  @Test func theOneLineForumReportGetsItsLinesBack() throws {
    let source = try SourceText(bytes: Data(contentsOf: Fixtures.url(Self.fixture)))
    #expect(source.lineCount == 1)
    let restored = try #require(FlattenedReport.restore(source))
    #expect(restored.flattenedLines == [1])
    let lines = (0..<restored.source.lineCount).map { String(restored.source.lineText($0)) }
    #expect(
      lines.prefix(7) == [
        "Exception Type: EXC_CRASH (SIGKILL)",
        "Exception Codes: 0x0000000000000000, 0x0000000000000000",
        "Exception Note: EXC_CORPSE_NOTIFY",
        "Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc",
        "Triggered by Thread: 0",
        "Thread 0 name:",
        "Thread 0 Crashed:",
      ])
    // Frame numbers inside a symbol's offset (`mach_msg_trap + 8 1 libsystem_kernel…`) do not split
    // a frame: only the next frame number followed by an image and an address does.
    #expect(lines[7] == "0 libsystem_kernel.dylib 0x00000001bf38bdd0 mach_msg_trap + 8")
    #expect(lines[8] == "1 libsystem_kernel.dylib 0x00000001bf38b184 mach_msg + 76 (mach_msg.c:103)")
    #expect(lines.last == "11 PlugInKit 0x00000001c1b371a4 +[PKService main] + 576 (PKService.m:115)")
    #expect(lines.count == 7 + 12)
  }

  @Test func theRestoredReportIsDiagnosedWithANoteAboutLineNumbers() throws {
    let reports = try CrashReportReader.read(bytes: Data(contentsOf: Fixtures.url(Self.fixture)))
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(report.termination?.code == 0xdead10cc)
    #expect(report.mainThread?.frames.count == 12)
    #expect(report.issues.first?.message.contains("line breaks were lost") == true)
  }

  @Test func ordinaryLinesAreNotSplit() {
    let text = """
      The app crashes with Exception Type: EXC_CRASH and Termination Reason: Namespace RUNNINGBOARD when it goes to the background.
      0   libsystem_kernel.dylib        \t0x00000001bf38bdd0 mach_msg_trap + 8 Exception Type: Process: Role: Thread 0 Crashed:
      Thread 0 Crashed:
      """
    #expect(FlattenedReport.restore(SourceText(text: text)) == nil)
  }
}

/// The fuzzer's finding (seed 467432): a report with a flattened line after others. The restored report
/// counted more lines than the file has, and `check` marked "lines inside the report" past the file's
/// end: a range with its bounds reversed trapped.
@Suite struct FlattenedReportExtentTests {
  static let fixture = "fuzz/check-flattened-report-lines-past-the-end.bin"

  @Test func aRestoredReportSpansTheFilesOwnLines() throws {
    let bytes = try Array(Data(contentsOf: Fixtures.url(Self.fixture)))
    let source = SourceText(bytes: bytes)
    let reports = try CrashReportReader.read(source)
    #expect(!reports.isEmpty)
    for report in reports {
      #expect(report.startLine >= 1 && report.startLine <= report.endLine, "\(report.startLine)…\(report.endLine)")
      #expect(report.endLine <= source.lineCount + 1)
    }
  }

  @Test func checkReadsItWithoutTrapping() throws {
    let bytes = try Array(Data(contentsOf: Fixtures.url(Self.fixture)))
    let result = CheckRun().check(bytes: bytes, input: InputFile(path: Self.fixture))
    #expect(!result.findings.isEmpty)
  }

  @Test func reportsReachingPastTheEndDoNotTrapTheConsoleReading() {
    let report = CrashReport(format: .text, startLine: 9, endLine: 40)
    let source = SourceText(text: "Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc\nsecond line\n")
    _ = CheckRun.timelineOutside([report], in: source)
  }
}
