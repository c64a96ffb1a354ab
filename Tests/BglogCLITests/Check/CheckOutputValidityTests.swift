import BglogRendering
import BglogTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The outputs are what their readers accept: SARIF against the official 2.1.0 schema (with Python's
/// jsonschema, when this machine has it), well-formed JUnit XML, GitHub's escaping rules.
@Suite(.serialized) struct CheckOutputValidityTests {
  static let schemaPath = Fixtures.sharedPath("data/sarif-schema-2.1.0.json")

  /// Whether `python3 -c "import jsonschema"` works and the schema file exists.
  static let validatorAvailable: Bool = {
    guard FileManager.default.fileExists(atPath: schemaPath) else { return false }
    return (try? python(["-c", "import jsonschema"]).status) == 0
  }()

  static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test(.enabled(if: validatorAvailable, "python3 with jsonschema and the SARIF schema are needed"))
  func sarifIsValidAgainstTheOfficialSchema() throws {
    Golden.useRelativePaths()
    let inputs = CheckGoldenTests.mixedInputs + ["Tests/Fixtures/check/no-such-file.crash"]
    let sarif = runBglog(["check", "--no-config", "--format", "sarif"] + inputs).out
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-\(UUID().uuidString).sarif")
    try sarif.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      log = json.load(open(sys.argv[2]))
      errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.path))
      for e in errors[:5]: print(list(e.path), e.message)
      print("results", len(log["runs"][0]["results"]))
      sys.exit(1 if errors else 0)
      """
    let result = try Self.python(["-c", script, Self.schemaPath, file.path])
    #expect(result.status == 0, "\(result.output)")
    // One result per finding: the count grows with the fixture folders, but never drops to zero.
    #expect(result.output.contains("results ") && !result.output.contains("results 0\n"))
  }

  @Test func sarifHasOneRulePerKindWithAdviceAndFingerprints() throws {
    Golden.useRelativePaths()
    let sarif = runBglog(["check", "--no-config", "--format", "sarif"] + CheckGoldenTests.mixedInputs).out
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let rules = try #require(
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    #expect(ids == Array(Set(ids)).sorted())
    #expect(ids.contains("leaked-background-task") && ids.contains("rate-limiter"))
    let leaked = try #require(rules.first { $0["id"] as? String == "leaked-background-task" })
    let help = try #require((leaked["help"] as? [String: Any])?["text"] as? String)
    #expect(help.contains("endBackgroundTask"))
    let results = try #require(run["results"] as? [[String: Any]])
    let first = try #require(results.first)
    #expect((first["partialFingerprints"] as? [String: String])?["bglogSignature/v1"]?.count == 16)
  }

  @Test func junitIsWellFormedXMLWithOneTestCasePerInput() throws {
    Golden.useRelativePaths()
    let xml = runBglog(["check", "--no-config", "--format", "junit"] + CheckGoldenTests.mixedInputs).out
    let parser = XMLParser(data: Data(xml.utf8))
    let counter = TestCaseCounter()
    parser.delegate = counter
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    let ndjson = runBglog(["check", "--no-config", "--format", "ndjson"] + CheckGoldenTests.mixedInputs).out
    #expect(counter.testCases == ndjson.split(separator: "\n").count)
    #expect(counter.testCases >= 20)
    #expect(counter.failures >= 6)
  }

  @Test func githubCommandsEscapeDataAndProperties() {
    // A value's own line break stays inside the value (⏎); the message's line breaks are %0A.
    #expect(Escaper.escape("50% done\r\nnext: a,b", for: .githubMessage) == "50%25 done\u{23CE}next: a,b")
    #expect(Escaper.escape("dir: a,b/50%.crash", for: .githubProperty) == "dir%3A a%2Cb/50%25.crash")
    #expect(
      CheckGitHubRenderer.command("error", file: "a,b.crash", line: 3, title: "bglog: x", message: "1\n2")
        == "::error file=a%2Cb.crash,line=3,title=bglog%3A x::1%0A2\n")
    #expect(
      CheckGitHubRenderer.command("warning", file: "-", line: 3, title: "t", message: "m") == "::warning title=t::m\n")
  }
}

/// Counts `<testcase>` and `<failure>` elements.
final class TestCaseCounter: NSObject, XMLParserDelegate {
  var testCases = 0
  var failures = 0

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if elementName == "testcase" { testCases += 1 }
    if elementName == "failure" { failures += 1 }
  }
}
