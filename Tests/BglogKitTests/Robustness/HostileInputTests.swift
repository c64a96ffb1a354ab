import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Damaged inputs must never crash, hang or vanish: every one ends as reports or a parse error.
/// The mutations are deterministic (a fixed-seed generator), so a failure reproduces.
@Suite struct HostileInputTests {
  static let fixtures: [String] =
    Fixtures.files(in: "crash") + Fixtures.files(in: "ips") + Fixtures.files(in: "console")
    + Fixtures.files(in: "fuzz")

  /// Reads and classifies; the result must be reports (each classified) or a typed error.
  static func exercise(_ bytes: [UInt8]) {
    let source = SourceText(bytes: bytes)
    do {
      let reports = try CrashReportReader.read(source)
      for report in reports { _ = CrashClassifier().diagnose(report, source: source) }
    } catch {
      _ = error  // A typed ReportParseError is a valid outcome.
    }
    _ = TimelineBuilder().build(from: source)
  }

  @Test(arguments: fixtures)
  func truncatedAtManyPointsNeverCrashes(fixture: String) throws {
    let bytes = try Fixtures.bytes(fixture)
    let step = max(1, bytes.count / 40)
    for end in stride(from: 0, through: bytes.count, by: step) {
      Self.exercise(Array(bytes[..<end]))
    }
  }

  @Test(arguments: fixtures)
  func flippedBytesNeverCrash(fixture: String) throws {
    let original = try Fixtures.bytes(fixture)
    var generator = SplitMix64(state: UInt64(truncatingIfNeeded: fixture.hashValue & 0) &+ 42)
    for _ in 0..<20 {
      var bytes = original
      for _ in 0..<max(1, bytes.count / 200) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[index] = UInt8.random(in: 0...255, using: &generator)
      }
      Self.exercise(bytes)
    }
  }

  @Test func randomBytesNeverCrash() {
    var generator = SplitMix64(state: 7)
    for length in [0, 1, 2, 3, 17, 512, 4096, 65_536] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      Self.exercise(bytes)
    }
  }

  @Test func emptyAndBlankInputsAreEmptyErrors() {
    for text in ["", "\n\n", "   \t\n", "\u{FEFF}"] {
      #expect(throws: ReportParseError.empty) { try CrashReportReader.read(SourceText(text: text)) }
    }
  }

  @Test func deeplyNestedJSONIsAnErrorNotAStackOverflow() {
    let deep = "{\"bug_type\":\"309\"}\n{\"threads\":" + String(repeating: "[", count: 100_000)
    let outcome = Result { try CrashReportReader.read(SourceText(text: deep)) }
    switch outcome {
    case .success(let reports):
      // A usable metadata line may still give a report, but the depth problem must be reported.
      #expect(reports.flatMap(\.issues).contains { $0.message.contains("nested") || $0.message.contains("deep") })
    case .failure(let error):
      #expect(error is ReportParseError)
    }
    let deepObjects = String(repeating: "{\"a\":", count: 50_000)
    #expect(throws: ReportParseError.self) { try CrashReportReader.read(SourceText(text: deepObjects)) }
  }

  @Test func nulBytesAndCROnlyLineEndsStillParse() throws {
    let text = "Exception Type:  EXC_CRASH (SIGKILL)\rTermination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\r"
    let reports = try CrashReportReader.read(SourceText(text: text))
    #expect(reports.first?.termination?.code == 0x8bad_f00d)
    var withNUL = Array(text.utf8)
    withNUL.insert(0, at: 10)
    Self.exercise(withNUL)
  }

  @Test func utf16WithAndWithoutBOMDecodesToTheSameReport() throws {
    let text = "Exception Type:  EXC_CRASH (SIGKILL)\nTermination Reason: Namespace ASSERTIOND, Code 0xbada5e47\n"
    let utf16LE = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    for bytes in [[0xFF, 0xFE] + utf16LE, utf16LE] {
      let source = SourceText(bytes: bytes)
      #expect(source.encoding == .utf16LittleEndian)
      let reports = try CrashReportReader.read(source)
      #expect(reports.first?.termination?.code == 0xbada_5e47)
    }
  }

  @Test func veryLongLinesAndSymbolsDoNotBlowUp() {
    let symbol = String(repeating: "A", count: 200_000)
    let text =
      "Exception Type:  EXC_BAD_ACCESS (SIGSEGV)\nThread 0 Crashed:\n0   MyApp   0x0000000100000000 \(symbol) + 8\n"
    let reports = try? CrashReportReader.read(SourceText(text: text))
    #expect(reports?.first?.threads.first?.frames.first?.symbol?.count ?? 0 >= 200_000)
  }

  @Test func outOfRangeNumbersAreNotTraps() {
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Termination Reason: Namespace SPRINGBOARD, Code 0xffffffffffffffffffffffff
      Triggered by Thread: 99999999999999999999999
      Thread 0 Crashed:
      0   MyApp   0xffffffffffffffffffff 0xffffffffffffffff + 99999999999999999999999
      """
    Self.exercise(Array(text.utf8))
    let json =
      "{\"bug_type\":\"309\"}\n{\"termination\":{\"code\":1e400,\"namespace\":\"X\"},\"faultingThread\":-5,"
      + "\"threads\":[{\"frames\":[{\"imageIndex\":99999999999999999999,\"imageOffset\":-1}]}]}"
    Self.exercise(Array(json.utf8))
  }
}

@Suite struct FuzzRegressionTests {
  /// Each fuzzer finding, as it was found, must now read without trapping.
  @Test(arguments: Fixtures.files(in: "fuzz"))
  func fuzzerFindingNoLongerCrashes(file: String) throws {
    HostileInputTests.exercise(try Fixtures.bytes(file))
  }

  @Test func absurdAssertionDurationsAreNotDurations() {
    let line: Substring = "<BKProcessAssertion: 0x1; \"x\" (finishTask:infs); id:1> (owner: a:1)"
    #expect(ProcessAssertion.all(in: line).first?.durationSeconds == nil)
    #expect(Int(saturating: .infinity) == .max)
    #expect(Int(saturating: -.infinity) == .min)
    #expect(Int(saturating: .nan) == 0)
    #expect(Int(saturating: 1.8e21) == .max)
    #expect(Int(saturating: -2.5) == -2)
  }
}

@Suite struct LongLineTests {
  /// A line longer than any real report line is noted and skipped; the rest of the report still reads.
  @Test func anOverlongLineIsNotedAndTheReportStillClassifies() throws {
    var text = try Fixtures.source("crash/seed001-8badf00d-assertiond-runloop-leaked-task.crash").text
    text = text.replacingOccurrences(
      of: "Filtered syslog:",
      with: "Application Specific Information:\n" + String(repeating: "X", count: 300_000)
        + "\nFiltered syslog:")
    let reports = try CrashReportReader.read(SourceText(text: text))
    #expect(reports.count == 1)
    #expect(reports[0].issues.contains { $0.message.hasPrefix("unreadable line: `XXXX") })
    #expect(reports[0].applicationSpecificInformation.allSatisfy { $0.value.utf8.count < 1_000 })
    #expect(CrashClassifier().diagnose(reports[0]).kind == .leakedBackgroundTask)
  }
}

@Suite struct EncodingAndHugeLineTests {
  @Test func invalidUTF8IsReplacedAndFlaggedNotFatal() throws {
    var bytes = Array("Exception Type:  EXC_CRASH (SIGKILL)\nTermination Reason: Namespace SPRINGBOARD, Code ".utf8)
    bytes += [0xFF, 0xFE, 0xC3]  // not UTF-8
    bytes += Array("0xdead10cc\n".utf8)
    let source = SourceText(bytes: bytes)
    #expect(source.hadInvalidBytes)
    #expect(source.encoding == .utf8)
    _ = try CrashReportReader.read(source)
  }

  /// A 16 MB line with no line break streams through the timeline in bounded memory: it is cut at
  /// `LineStream.maximumLineLength` and the rest of it is skipped.
  @Test func aHugeSingleLineStreamsThroughTheTimeline() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-huge-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var data = Data("18:05:17    assertiond  ".utf8)
    data.append(Data(repeating: UInt8(ascii: "B"), count: 16 << 20))
    data.append(Data("\n18:05:43    assertiond  [App:1] Sending background permission expiration warning!\n".utf8))
    _ = FileManager.default.createFile(atPath: path, contents: data)
    var builder = TimelineBuilder()
    var longest = 0
    let cut = try LineStream.forEachLine(InputFile(path: path)) { line in
      longest = max(longest, line.utf8.count)
      builder.consume(line: line)
      return true
    }
    #expect(cut == 1)
    #expect(longest <= LineStream.maximumLineLength)
    let result = builder.finish()
    #expect(result.apps.first?.events.contains { $0.kind == .expiryWarning } == true)
  }
}
