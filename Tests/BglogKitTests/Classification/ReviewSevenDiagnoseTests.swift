import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session 7 review (`/work/review-inputs-s7`), `diagnose` side. The pastes here come from pages whose
/// licence is not permissive or not known, so each test quotes only the lines it needs, verbatim, and
/// names its source (the tests are **synthetic** in that the file around the lines is built here).
@Suite struct ReviewSevenDiagnoseTests {
  static func diagnose(_ text: String) throws -> [Diagnosis] {
    try DiagnoseRun.diagnosedReports(in: SourceText(text: text)).map(\.diagnosis)
  }

  // MARK: Defect 6 and 2c: keys glued without blanks, in a saved web page's `<pre><code>` block

  /// Line 1 of a saved juejin.cn article by ByteDance's APM team on watchdog ("卡死崩溃") crashes (search
  /// tool find_string id 34115518060; the author's copyright), verbatim: the report's lines joined with no
  /// blank between a value and the next key, inside the page's code block.
  static let bytedanceLine =
    "<pre><code class=\"copyable\">Exception Type:  EXC_CRASH (SIGKILL)Exception Codes: 0x0000000000000000, "
    + "0x0000000000000000Exception Note:  EXC_CORPSE_NOTIFYTermination Reason: Namespace ASSERTIOND, Code "
    + "0x8badf00dTriggered by Thread:  0"
  /// Line 2 of the same page: the copy button and the closing tags.
  static let bytedanceButton = "<span class=\"copy-code-btn\">复制代码</span></code></pre>"

  @Test func keysGluedToThePreviousValueAreSplitInReportOrder() throws {
    let line = String(Self.bytedanceLine.dropFirst("<pre><code class=\"copyable\">".count))
    let restored = try #require(FlattenedReport.restore(SourceText(text: line)))
    let lines = (0..<restored.source.lineCount).map { String(restored.source.lineText($0)) }
    #expect(
      lines == [
        "Exception Type:  EXC_CRASH (SIGKILL)",
        "Exception Codes: 0x0000000000000000, 0x0000000000000000",
        "Exception Note:  EXC_CORPSE_NOTIFY",
        "Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d",
        "Triggered by Thread:  0",
      ])
  }

  /// The first key after the page's tags is not split from them (it sets the order only); the tags are
  /// dropped where the key is read.
  @Test func theHTMLCodeBlockIsReadAsTheASSERTIONDWatchdogKill() throws {
    let text = Self.bytedanceLine + "\n" + Self.bytedanceButton + "\n"
    let restored = try #require(FlattenedReport.restore(SourceText(text: text)))
    #expect(restored.source.lineText(0) == "<pre><code class=\"copyable\">Exception Type:  EXC_CRASH (SIGKILL)")
    let reports = try CrashReportReader.read(SourceText(text: text))
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(report.exception?.type == "EXC_CRASH")
    #expect(report.termination?.code == 0x8bad_f00d)
    #expect(report.termination?.namespace == "ASSERTIOND")
    let diagnosis = try #require(try Self.diagnose(text).first)
    // The same reading as the intact header-only paste (HonchWong's blog, review file honchwong-…): the
    // namespace points to a leaked task, the missing main thread keeps it low.
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.facts.contains(Fact("exception", "EXC_CRASH (SIGKILL)")))
    #expect(diagnosis.facts.contains(Fact("missing-evidence", "the main thread's backtrace")))
  }

  /// Without the glued-key split the same line gave `unknown` from the exception type alone.
  @Test func theGluedLineWithoutTagsIsNotUnknown() throws {
    let line = String(Self.bytedanceLine.dropFirst("<pre><code class=\"copyable\">".count))
    let diagnosis = try #require(try Self.diagnose(line).first)
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.facts.contains(Fact("termination-code", "0x8badf00d")))
  }

  @Test func gluedKeysInsideWordsOrOutOfOrderAreNotSplit() {
    let lookAlikes = [
      // One-word keys end ordinary words: never split without a blank.
      "Exception Type: EXC_CRASH (SIGKILL) and then the BundleVersion: 12 of MyProcess: Foo at somePath: /x and "
        + "theIdentifier: com.example",
      // Keys glued out of report order (a value naming keys that come before its own).
      "Triggered by Thread: 0 see fooException Type: and barException Codes: and bazTermination Reason: in the docs",
      // Keys in backticks in prose (a fixture README's row): a backtick is not the end of a value.
      "| EXCERPT, 30 lines: the pasted report from `Exception Type:` on, with `Exception Subtype:` cut and "
        + "`Termination Reason:` then `Triggered by Thread:` quoted |",
      // A glued key with no key before it on the line only sets the order.
      "The text quotes xException Type: EXC_CRASH, which is not a report at all, and nothing else follows here.",
    ]
    for line in lookAlikes {
      #expect(FlattenedReport.restore(SourceText(text: line)) == nil, "\(line)")
    }
  }

  /// A `<pre><code>` block over several lines (the page kept the line breaks): the tags before the first
  /// key and after the last value are not part of the report's text. Synthetic, built from the lines above.
  @Test func codeBlockTagsAroundAnIntactHeaderAreDropped() throws {
    let text = """
      <p>日志如下：</p>
      <pre><code class="copyable">Exception Type:  EXC_CRASH (SIGKILL)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc
      Triggered by Thread:  0</code></pre>
      """
    let report = try #require(try CrashReportReader.read(SourceText(text: text)).first)
    #expect(report.exception?.type == "EXC_CRASH")
    #expect(report.termination?.code == 0xdead_10cc)
    #expect(report.startLine == 2)
    #expect(TextScanning.keyValue("<pre><code>Triggered by Thread:  0</code></pre>")?.value == "0")
    // Any other tag is not a code block's: the line stays prose.
    #expect(TextScanning.keyValue("<span>Exception Type: EXC_CRASH</span>") == nil)
    #expect(TextScanning.keyValue("<pre") == nil)
  }

  // MARK: Defect 10: 0xdead10cc with no thread pasted

  /// deltachat/deltachat-ios #1202 (description, r10s, 2021-05-11; GPL-3.0, so quoted, not copied in):
  /// the exception block only, `Triggered by Thread:  0` and nothing after.
  static let deltachatBlock = """
    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note:  EXC_CORPSE_NOTIFY
    Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc
    Triggered by Thread:  0
    """

  @Test func aLockedFileKillWithoutThreadsSaysTheThreadsWereNotPasted() throws {
    let diagnosis = try #require(try Self.diagnose(Self.deltachatBlock).first)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    // The code decides the kind and is in the input (ConfidenceCalibrationTests): high.
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.facts.contains(Fact("missing-evidence", "the threads' backtraces")))
    #expect(diagnosis.explanation.contains("threads were not pasted"))
    #expect(!diagnosis.explanation.contains("No thread shows"))
    #expect(diagnosis.advice.first?.hasPrefix("Get the report's backtraces") == true)
  }

  /// Thread 0 alone, idle (the same Loop #1356 paste): the other threads, where the lock holder would be, were
  /// not pasted, so they are named as missing rather than read as "no thread shows locking" (review s8b
  /// defect 5; with every thread pasted the old sentence stays, ReviewS8bReportTests).
  @Test func aLockedFileKillWithOnlyThreadZeroNamesTheOtherThreadsAsMissing() throws {
    let source = try Fixtures.source("crash/public-runningboard-dead10cc-idle-main-thread-loop.crash")
    let diagnosis = try #require(try DiagnoseRun.diagnosedReports(in: source).first?.diagnosis)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.facts.contains(Fact("missing-evidence", "the other threads' backtraces")))
    #expect(!diagnosis.explanation.contains("No thread shows"))
  }
}
