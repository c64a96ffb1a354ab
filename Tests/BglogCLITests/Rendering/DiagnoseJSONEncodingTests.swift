import BglogKit
import BglogTestSupport
import Testing

@testable import BglogRendering

/// The reports-on-all-cores JSON encoding writes the same bytes as encoding the whole document.
@Suite struct DiagnoseJSONEncodingTests {
  private func results(_ folders: [String]) -> [FileDiagnosis] {
    let inputs = folders.flatMap { folder in
      Fixtures.files(in: folder).map { InputFile(path: Fixtures.url($0).path, foundInDirectory: true) }
    }
    return DiagnoseRun().run(inputs, stdin: { [] })
  }

  @Test func parallelEncodingMatchesTheWholeDocument() {
    for folders in [["crash"], ["ips"], ["crash", "ips", "fuzz"]] {
      let document = DiagnoseOutputV1(results(folders), version: "test")
      #expect(document.reports.count > 5)
      for jobs in [nil, 1] {
        #expect(document.encoded(jobs: jobs) == JSONOutput.encode(document), "\(folders)")
      }
    }
  }

  @Test func emptyRunsAndEmptyArraysMatch() {
    let empty = DiagnoseOutputV1([], version: "test")
    #expect(empty.encoded() == JSONOutput.encode(empty))
    var document = DiagnoseOutputV1(results(["crash"]), version: "test")
    document.reports = Array(document.reports.prefix(3))
    for index in document.reports.indices {
      document.reports[index].advice = []
      document.reports[index].facts = [:]
      document.reports[index].summary = "line\nbreak \"quoted\" \\ / é \u{1}"
    }
    #expect(document.encoded() == JSONOutput.encode(document))
  }

  @Test func indentingLeavesBlankLinesBlank() {
    #expect(
      DiagnoseOutputV1.indented("{\n  \"a\" : [\n\n  ]\n}\n", by: "    ") == "    {\n      \"a\" : [\n\n      ]\n    }")
  }
}
