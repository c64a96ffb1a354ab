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

/// The entry of the killed process pasted alone from a JetsamEvent, with the comma of the list it came
/// from (from a user review: kstenerud/KSCrash issue #278, where it was pasted; trailing spaces as there).
@Suite struct JetsamEntryFragmentTests {
  static let entry = """
        {  
            "uuid" : "14350be0-e8a2-3419-b7fa-42ae204997e5",  
            "states" : [  
                "frontmost"  
            ],  
            "killDelta" : 13593,  
            "rpages" : 960,  
            "reason" : "per-process-limit",  
            "pid" : 4624,  
            "name" : "RebornTunnel",  
            "cpuTime" : 1223.5413490000001  
        },  

    """

  @Test func oneEntryIsAJetsamReportThatSaysWhatIsMissing() throws {
    let reports = try CrashReportReader.read(SourceText(text: Self.entry))
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(report.category == .jetsam)
    #expect(report.jetsam?.processes.map(\.name) == ["RebornTunnel"])
    #expect(report.jetsam?.processes.first?.reason == "per-process-limit")
    #expect(report.issues.first?.message.contains("no metadata line") == true)
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.kind == .jetsam)
  }

  @Test func twoEntriesAreOneReport() throws {
    let reports = try CrashReportReader.read(
      SourceText(text: Self.entry + Self.entry.replacingOccurrences(of: "4624", with: "4625")))
    #expect(reports.count == 1)
    #expect(reports.first?.jetsam?.processes.count == 2)
  }

  @Test func anObjectWithoutJetsamFieldsIsStillNotAReport() {
    #expect(throws: ReportParseError.self) {
      try CrashReportReader.read(SourceText(text: "{\"name\": \"x\", \"pid\": 1},\n"))
    }
  }
}
