import Testing

@testable import BglogKit

/// Which parser a document goes to, by its first line.
@Suite struct CrashReportReaderTests {
  /// Console lines that start with a bracketed tag, as WebKit writes them (from a user review: the
  /// Xcode console pasted in swisspol/GCDWebServer #488), are text: before, they were "invalid JSON at
  /// line 1, column 2", an input error that `timeline` described differently.
  @Test(arguments: [
    "[ProcessSuspension]  0x10bafdeb0 - ProcessAssertion() PID 27900 Unable to acquire assertion for process with PID 27900",
    "[assertion] Error acquiring assertion: <NSError: 0x600001ba4300; domain: RBSAssertionErrorDomain; code: 2>",
  ])
  func bracketedTagsAreNotJSON(line: String) {
    #expect(!CrashReportReader.opensJSON(Substring(line)))
    #expect(throws: ReportParseError.self) { try CrashReportReader.read(SourceText(text: line + "\n")) }
    do {
      _ = try CrashReportReader.read(SourceText(text: line + "\n"))
    } catch {
      guard case .notAReport = error else {
        Issue.record("expected notAReport, got \(error)")
        return
      }
    }
  }

  @Test(arguments: [
    "{", "{\"bug_type\":\"309\"}", "[", "[ {", "[{\"a\":1}]", "[\"x\"]", "[]", "[1, 2]", "[-1]", "[true]",
  ])
  func jsonOpeningsStillGoToTheJSONReader(line: String) {
    #expect(CrashReportReader.opensJSON(Substring(line)))
  }
}
