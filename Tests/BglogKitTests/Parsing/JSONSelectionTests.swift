import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// A value read with a selection is the full tree with the unselected members left out, and a
/// document that fails fails with the same error either way (the skipped parts are checked on the
/// bytes by their own code): on every `.ips` and JSON fixture and the shared corpus, and on
/// mutated copies of them.
@Suite struct JSONSelectionTests {
  private static let selections: [(String, JSONSelection)] = [
    ("crash body", IPSCrashBodyReader.selection),
    ("nested", .members(["a": .elements(.members(["b": .all])), "frames": .elements(.members(["symbol": .all]))])),
  ]

  /// The full tree cut down the way `selection` cuts it.
  private func pruned(_ value: JSONValue, _ selection: JSONSelection) -> JSONValue {
    switch (selection, value.kind) {
    case (.members(let keys), .object(let members)):
      let kept = members.compactMap { member -> JSONMember? in
        guard let entry = keys.entry(decoded: member.key) else { return nil }
        return JSONMember(key: member.key, value: pruned(member.value, entry.selection))
      }
      return JSONValue(.object(kept), line: value.line)
    case (.elements(let element), .array(let elements)):
      return JSONValue(.array(elements.map { pruned($0, element) }), line: value.line)
    case (.frames, .array(let elements)):
      return JSONValue(.frames(elements.map(JSONFrame.init)), line: value.line)
    default:
      return value
    }
  }

  private struct Outcome: Equatable {
    var value: JSONValue?
    var error: ReportParseError?
    var offset: Int
    var line: Int
  }

  private func read(
    _ bytes: [UInt8], at start: Int, line: Int, _ selection: JSONSelection?, depthLimit: Int = 40
  ) -> Outcome {
    var reader = JSONReader(bytes: bytes, offset: start, line: line, depthLimit: depthLimit)
    do {
      let value = try reader.readValue(selecting: selection ?? .all)
      return Outcome(value: value, error: nil, offset: reader.offset, line: reader.line)
    } catch {
      return Outcome(value: nil, error: error, offset: reader.offset, line: reader.line)
    }
  }

  /// Checks one input from the body (after the first line when there is one) and from the start.
  private func check(_ bytes: [UInt8], name: String) {
    var starts = [(0, 1)]
    if let newline = bytes.firstIndex(of: 0x0A) { starts.append((newline + 1, 2)) }
    for (start, line) in starts {
      let full = read(bytes, at: start, line: line, nil)
      for (label, selection) in Self.selections {
        var expected = full
        expected.value = full.value.map { pruned($0, selection) }
        let selected = read(bytes, at: start, line: line, selection)
        if full.error != nil {
          // Where a failing read stops is not part of its result; its error is.
          #expect(selected.error == full.error, "\(name) from byte \(start), \(label)")
        } else {
          #expect(selected == expected, "\(name) from byte \(start), \(label)")
        }
      }
    }
  }

  private static var inputs: [String] {
    var paths = (Fixtures.files(in: "ips") + Fixtures.files(in: "crash") + Fixtures.files(in: "fuzz"))
      .map { Fixtures.url($0).path }
    if Fixtures.hasShared("corpus/crash") {
      let folder = Fixtures.sharedPath("corpus/crash")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      paths += names.sorted().filter { !$0.hasSuffix(".md") }.map { folder + "/" + $0 }
    }
    return paths
  }

  @Test func selectedReadsAreThePrunedFullTree() throws {
    var checked = 0
    for path in Self.inputs {
      guard let data = FileManager.default.contents(atPath: path), data.first(where: { $0 > 0x20 }) == 0x7B
      else { continue }
      check(Array(data), name: path)
      checked += 1
    }
    #expect(checked >= 5)
  }

  @Test func mutatedDocumentsFailTheSameWay() throws {
    // Bytes that change JSON's structure, escapes and numbers.
    let alphabet = Array(#"{}[]",:\u0123456789abcdefE.-+ tn/"#.utf8) + [0x0A, 0x0D, 0x09, 0x01, 0xC3, 0xA9]
    var generator = SplitMix64(state: 15)
    for path in Self.inputs {
      guard let data = FileManager.default.contents(atPath: path), data.first(where: { $0 > 0x20 }) == 0x7B,
        data.count < 200_000
      else { continue }
      let original = Array(data)
      for _ in 0..<40 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let index = Int.random(in: 0..<bytes.count, using: &generator)
          switch Int.random(in: 0..<3, using: &generator) {
          case 0: bytes[index] = alphabet.randomElement(using: &generator)!
          case 1: bytes.remove(at: index)
          default: bytes.insert(alphabet.randomElement(using: &generator)!, at: index)
          }
          if bytes.isEmpty { bytes = [0x7B] }
        }
        check(bytes, name: path + " (mutated)")
      }
    }
  }

  /// Frames read with `.frames` keep the first member of each key, convert it like the tree's
  /// accessors and fail like the full read (depth limits included).
  @Test func framesReadLikeTheTree() {
    let selection = JSONSelection.members(["f": .frames, "g": .elements(.members(["f": .frames]))])
    let good = [
      #"{"f": [{"symbol": 1, "symbol": "b", "imageIndex": "0x2", "imageIndex": 3, "sourceLine": 12, "#
        + #""s\u0079mbol": "c", "x": {"symbol": "d"}}, 5, [], {}, "s", null,"#
        + #" {"imageOffset": 18446744073709551615, "symbolLocation": "12", "sourceFile": "a.swift", "#
        + #""sourceLine": -3, "imageIndex": 1.5}], "f": [], "g": [{"f": [{"symbol": "\u00e9"}]}, {"f": 3}]}"#,
      #"{"f": {"symbol": "not an array"}, "g": [{"f": [[{"symbol": 1}]]}]}"#,
      "{\"f\": [\n{\n\"imageOffset\": 12\r\n}\r ,{\"symbolLocation\":\t\"0x10\"}\n]}",
      // Numbers converted on their bytes (at most 18 digits) and through JSONNumber (the rest).
      #"{"f": [{"imageIndex": 0, "imageOffset": 999999999999999999, "symbolLocation": 1000000000000000000, "#
        + #""sourceLine": 9223372036854775808}, {"imageIndex": 9223372036854775807, "imageOffset": 1e3, "#
        + #""symbolLocation": 0.5, "sourceLine": -0, "symbol": 12, "sourceFile": 3}, {"imageOffset": -1, "#
        + #""imageIndex": 123456789012345678901234567890, "symbolLocation": 18446744073709551616}]}"#,
    ]
    for document in good {
      let bytes = Array(document.utf8)
      let full = read(bytes, at: 0, line: 1, nil)
      let selected = read(bytes, at: 0, line: 1, selection)
      #expect(full.error == nil, "\(document)")
      var expected = full
      expected.value = full.value.map { pruned($0, selection) }
      #expect(selected == expected, "\(document)")
    }
    let bad = [
      #"{"f": [{"symbol": "a", "symbol": [1,]}]}"#, #"{"f": [{"symbol" 1}]}"#, #"{"f": [{"s\u0079mbol": 1 "x": 2}]}"#,
      #"{"f": [1 2]}"#, #"{"f": [{"a": 1,}]}"#, #"{"f": [{}, ]}"#, "{\"f\": [{\"symbol\": \"a\u{01}\"}]}",
      #"{"f": [{"imageOffset": 01}]}"#, #"{"f": [{"x": [1}]}"#, #"{"f": [{"symbol": "a"]}"#, #"{"f": [{1: 2}]}"#,
      #"{"f": [{"symbol": "a"}"#, #"{"f": ["#, #"{"f": [{"#, #"{"f": [{"sym\qbol": 1}]}"#,
      #"{"f": [{"symbol": tru}]}"#, #"{"g": [{"f": [{"symbol": [{"a": [1]}]}]}]}"#,
    ]
    // Too deep only under the lower limits.
    let deep = [#"{"f": [{"imageIndex": [[[1]]]}]}"#, #"{"f": [[[1]]]}"#]
    for document in bad + deep {
      let bytes = Array(document.utf8)
      for limit in 1...6 {
        let fullError = read(bytes, at: 0, line: 1, nil, depthLimit: limit).error
        let selectedError = read(bytes, at: 0, line: 1, selection, depthLimit: limit).error
        #expect(fullError != nil || deep.contains(document) && limit > 3, "\(document), depth limit \(limit)")
        #expect(selectedError == fullError, "\(document), depth limit \(limit)")
      }
    }
  }

  @Test func skippedMembersKeepTheirErrors() {
    let selection = JSONSelection.members(["keep": .all])
    let documents = [
      #"{"skip": [1, 2,], "keep": 1}"#, #"{"skip": "a\qb"}"#, #"{"skip": "\uD800\uZZZZ"}"#,
      #"{"skip": {"k" 1}}"#, #"{"skip": 01}"#, #"{"skip": tru}"#, "{\"skip\": \"a\u{01}\"}",
      #"{"skip": [[[[[[1]]]]]]}"#,
      #"{"sk\u0069p": {"a": 1} "keep": 2}"#, #"{"skip": 1 "keep": 2}"#, #"{"skip": -}"#, #"{"skip": 1.e5}"#,
    ]
    for document in documents {
      let bytes = Array(document.utf8)
      let fullError = read(bytes, at: 0, line: 1, nil, depthLimit: 4).error
      let selectedError = read(bytes, at: 0, line: 1, selection, depthLimit: 4).error
      #expect(fullError != nil, "\(document)")
      #expect(selectedError == fullError, "\(document)")
    }
  }
}
