import Testing

@testable import BglogKit

@Suite struct JSONReaderTests {
  private func parse(_ text: String, depthLimit: Int = JSONReader.defaultDepthLimit) throws -> JSONValue {
    try JSONReader.parse(text, depthLimit: depthLimit)
  }

  private func failure(_ text: String, depthLimit: Int = JSONReader.defaultDepthLimit) -> ReportParseError? {
    do {
      _ = try JSONReader.parse(text, depthLimit: depthLimit)
      return nil
    } catch {
      return error
    }
  }

  @Test func valuesKnowTheLineTheyStartOn() throws {
    let value = try parse("{\n  \"a\" : 1,\n  \"b\" : [\n    true,\n    {\"c\": null}\n  ]\n}")
    #expect(value.line == 1)
    #expect(value["a"]?.line == 2)
    #expect(value["b"]?.line == 3)
    #expect(value["b"]?[0]?.line == 4)
    #expect(value["b"]?[1]?["c"]?.line == 5)
    #expect(value["b"]?[1]?["c"]?.isNull == true)
  }

  @Test func crlfAndLoneCRCountAsOneLineEach() throws {
    let value = try parse("[\r\n1,\r2,\n3]")
    #expect(value.elements?.map(\.line) == [2, 3, 4])
  }

  @Test func objectsKeepKeyOrderAndFirstDuplicateWins() throws {
    let value = try parse(#"{"z": 1, "a": 2, "z": 3}"#)
    #expect(value.members?.map(\.key) == ["z", "a", "z"])
    #expect(value["z"]?.int == 1)
  }

  @Test func largeIntegersStayExact() throws {
    let value = try parse(#"{"code": 3735883980, "max": 18446744073709551615, "neg": -9223372036854775808}"#)
    #expect(value["code"]?.uint64 == 0xdead_10cc)
    #expect(value["max"]?.uint64 == UInt64.max)
    #expect(value["max"]?.number?.int64 == nil)
    #expect(value["neg"]?.number?.int64 == Int64.min)
    #expect(value["neg"]?.uint64 == nil)
  }

  @Test func fractionsAndExponentsKeepTheirLiteral() throws {
    let value = try parse("[4.619693, 1e3, -0.5E-2, 0]")
    #expect(value[0]?.number?.literal == "4.619693")
    #expect(value[0]?.number?.double == 4.619693)
    #expect(value[0]?.number?.isInteger == false)
    #expect(value[1]?.number?.double == 1000)
    #expect(value[2]?.number?.double == -0.005)
    #expect(value[3]?.number?.isInteger == true)
  }

  @Test func hexStringsReadAsIntegers() throws {
    let value = try parse(#"["0x8badf00d", "2343432205", "x"]"#)
    #expect(value[0]?.uint64 == 0x8bad_f00d)
    #expect(value[1]?.uint64 == 0x8bad_f00d)
    #expect(value[2]?.uint64 == nil)
  }

  @Test func stringEscapesAreDecoded() throws {
    let value = try parse(#"["a\"b\\c\/d", "\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "\ud800x"]"#)
    #expect(value[0]?.string == "a\"b\\c/d")
    #expect(value[1]?.string == "\u{08}\u{0C}\n\r\t")
    #expect(value[2]?.string == "é中")
    #expect(value[3]?.string == "😀")
    #expect(value[4]?.string == "\u{FFFD}x")
  }

  @Test func rawUTF8PassesThrough() throws {
    #expect(try parse(#""日本語 ✓""#).string == "日本語 ✓")
  }

  @Test func malformedInputReportsLineAndColumn() {
    #expect(
      failure("{\n  \"a\": 1,\n  \"b\" 2\n}")
        == .invalidJSON(line: 3, column: 7, message: "expected ':' after object key \"b\""))
    #expect(
      failure("[1, 2")
        == .invalidJSON(
          line: 1, column: 6, message: "unexpected end of input inside an array (the input ends there: it is cut)"))
    #expect(failure("[1,]") == .invalidJSON(line: 1, column: 4, message: "unexpected character ']', expected a value"))
    #expect(failure("{\"a\": tru}") == .invalidJSON(line: 1, column: 7, message: "invalid literal, expected 'true'"))
  }

  @Test func malformedInputIsRejected() {
    let bad = [
      "", "{", "{\"a\"}", "{a: 1}", "[01]", "[1.]", "[-]", "[1e]", "\"abc", "\"a\nb\"", #""\x""#, #""\u12G4""#,
      "[1] 2", "{\"a\": 1,}", "[1 2]", "...",
    ]
    for text in bad {
      guard case .invalidJSON = failure(text) else {
        Issue.record("accepted \(text.debugDescription)")
        continue
      }
    }
  }

  @Test func deepNestingStopsAtTheLimitBeforeDescending() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(failure(deep) == .nestingTooDeep(line: 1, limit: 512))
    let nested = String(repeating: "{\"a\":\n", count: 5) + "1" + String(repeating: "}", count: 5)
    #expect(failure(nested, depthLimit: 4) == .nestingTooDeep(line: 5, limit: 4))
    #expect((try? parse(nested, depthLimit: 5))?["a"]?["a"]?["a"]?["a"]?["a"]?.int == 1)
  }

  @Test func readValueStopsAfterOneValueForIPSFiles() throws {
    let text = "{\"bug_type\":\"309\"}\n{\n  \"pid\" : 7\n}\n"
    var reader = JSONReader(bytes: Array(text.utf8))
    let metadata = try reader.readValue()
    #expect(metadata["bug_type"]?.string == "309")
    #expect(reader.line == 1)
    reader.skipWhitespace()
    #expect(reader.line == 2)
    let body = try reader.readValue()
    #expect(body["pid"]?.line == 3)
    reader.skipWhitespace()
    #expect(reader.isAtEnd)
  }
}
