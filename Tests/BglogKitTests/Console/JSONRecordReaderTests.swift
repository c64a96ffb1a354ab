import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// The byte-level JSON readers (``JSONStringDecoder``, ``JSONRecordReader``) answer as
/// `JSONSerialization` does, or leave the text to it: each is compared with it on edge cases and on
/// strings and objects made at random (fixed seeds).
@Suite struct JSONRecordReaderTests {
  /// What `JSONSerialization` reads for the fields, or `nil` when it refuses the object.
  static func bySerialization(_ text: String) -> JSONRecordFields? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      return nil
    }
    return JSONRecordFields(
      timestamp: object["timestamp"] as? String, processImagePath: object["processImagePath"] as? String,
      senderImagePath: object["senderImagePath"] as? String, subsystem: object["subsystem"] as? String,
      category: object["category"] as? String, messageType: object["messageType"] as? String,
      eventMessage: object["eventMessage"] as? String, processID: (object["processID"] as? NSNumber)?.intValue)
  }

  /// The reader's answer: fields, or `nil` when it leaves the object to `JSONSerialization`.
  static func byReader(_ text: String) -> JSONRecordFields? {
    var copy = text
    return copy.withUTF8 { bytes in
      switch JSONRecordReader.read(bytes) {
      case .fields(let fields): return fields
      case .unsure: return nil
      }
    }
  }

  /// The string `JSONSerialization` decodes from `contents` put between quotes (`nil`: refused).
  static func decodedBySerialization(_ contents: String) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(("{\"m\":\"" + contents + "\"}").utf8))
    return (object as? [String: Any])?["m"] as? String
  }

  static func decodedByDecoder(_ contents: String) -> String? {
    var copy = contents
    return copy.withUTF8 { JSONStringDecoder.string($0) }
  }

  static let strings: [String] = [
    "", "plain", #"say \"hi\""#, #"a\\b"#, #"\/usr\/libexec"#, #"\b\f\n\r\t"#, #"caf\u00e9 \u00E9"#,
    #"\ud83d\ude00 and \uD83D\uDE00"#, #"\u0000"#, #"\uFFFF\uFEFF"#, #"e\u0301"#, "é raw", "\u{1F600} raw",
    // Refused by both: lone and reversed surrogates, bad and cut-off escapes, control bytes, quotes.
    #"\uD83D"#, #"\uD83Dx"#, #"\uDE00"#, #"\uD83D\u0041"#, #"\ude00\ud83d"#, #"\x"#, #"\u12"#, #"\u12G4"#,
    #"end\"#, "tab\there", "line\nfeed", #"quote " inside"#,
  ]

  @Test func decoderAgreesWithJSONSerializationOnEdgeCases() {
    for contents in Self.strings {
      #expect(Self.decodedByDecoder(contents) == Self.decodedBySerialization(contents), "\(contents)")
    }
  }

  @Test func decoderAgreesWithJSONSerializationOnRandomStrings() {
    var random = SplitMix64(state: 12)
    let pieces = [
      "a", "Z", " ", "é", "\u{1F600}", #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u00e9"#,
      #"\u0041"#, #"\uD83D"#, #"\uDE00"#, #"\ud83d\ude00"#, #"\u"#, #"\x"#, "\\", "\"", "\t",
    ]
    for _ in 0..<2000 {
      let count = Int(random.next() % 6)
      let contents = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      #expect(Self.decodedByDecoder(contents) == Self.decodedBySerialization(contents), "\(contents)")
    }
  }

  /// Longer strings: the decoder passes plain text eight bytes a step, so escapes, quotes and control
  /// bytes fall at every offset of a step and in the bytes after the last whole step.
  @Test func decoderAgreesWithJSONSerializationOnLongRandomStrings() {
    var random = SplitMix64(state: 13)
    let pieces = [
      "a", "plain text", "0123456789abcdef", " ", "é", "\u{1F600}", #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\t"#,
      #"\u00e9"#, #"\ud83d\ude00"#, #"\x"#, "\\", "\"", "\t", "\u{7F}",
    ]
    for _ in 0..<1000 {
      let count = Int(random.next() % 40)
      let contents = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      #expect(Self.decodedByDecoder(contents) == Self.decodedBySerialization(contents), "\(contents)")
    }
  }

  static let objects: [String] = [
    #"{"timestamp":"2021-03-04 05:06:07.500000-0800","processImagePath":"\/usr\/libexec\/runningboardd","processID":33,"senderImagePath":"\/a\/RunningBoard","subsystem":"com.apple.runningboard","category":"assertion","messageType":"Default","eventMessage":"say \"hi\"\n\u00e9"}"#,
    #"{"eventMessage":"x","eventMessage":"y"}"#, #"{"eventMessage":"x","eventMessage":5}"#,
    #"{"eventMessage":"x","processID":-12}"#, #"{"eventMessage":"x","processID":"12"}"#,
    #"{"eventMessage":"x","processID":null}"#, #"{"eventMessage":"x","processID":12.5}"#,
    #"{"eventMessage":"x","processID":true}"#, #"{"eventMessage":"x","processID":[1]}"#,
    #"{"eventMessage":"x","processID":-0}"#, #"{"eventMessage":"x","processID":01}"#,
    #"{"eventMessage":"x","processID":1e3}"#, #"{"eventMessage":"x","processID":123456789012345}"#,
    #"{"eventMessage":"x","subsystem":{"a":[1,2,{"b":null}]},"category":""}"#, #" {"eventMessage":"x"} "#,
    #"{"eventMessage":"x"} x"#, #"{"eventMessage":"x",}"#, #"{"eventMessage":"x""#, #"{}"#, #"[]"#,
    #"{"event\u004dessage":"x"}"#, #"{"eventMessage":"\uD83D"}"#, #"{"eventMessage":"x","s":"\uDE00"}"#,
    "{\"eventMessage\":\"x\",\r\n\t\"timestamp\":\"t\"\n}", #"{"eventMessage":"x","d":[[[[[[[[[[[[]]]]]]]]]]]]}"#,
    #"{"eventMessage":"x","n":-}"#, #"{"eventMessage":"x","n":1.}"#, #"{"eventMessage":"x","t":tru}"#,
    "{\"eventMessage\":\"x\"}\r", "\t{\"eventMessage\":\"x\"}\n ",
  ]

  @Test func readerAgreesWithJSONSerializationOnEdgeCases() {
    for object in Self.objects {
      guard let fields = Self.byReader(object) else { continue }
      #expect(fields == Self.bySerialization(object), "\(object)")
    }
    // The common shapes are read here, not left to `JSONSerialization` (a CRLF file's line ends in CR).
    #expect(Self.byReader("{\"eventMessage\":\"x\"}\r") != nil)
    #expect(Self.byReader(Self.objects[0]) != nil)
    #expect(Self.byReader(#"{"eventMessage":"x","processID":-12}"#)?.processID == -12)
  }

  @Test func readerAgreesWithJSONSerializationOnRandomObjects() {
    var random = SplitMix64(state: 34)
    let keys = [
      "timestamp", "processImagePath", "senderImagePath", "subsystem", "category", "messageType", "eventMessage",
      "processID", "other",
    ]
    let values = [
      #""a""#, #""""#, #""\/a\/b""#, #""\u00e9\n""#, #""\uD83D""#, "1", "-7", "0", "01", "2.5", "1e2", "true",
      "null", "[]", #"{"k":[1,"v"]}"#, "[1,", #""x"#,
    ]
    for _ in 0..<2000 {
      let count = Int(random.next() % 5)
      let members = (0..<count).map { _ in
        "\"\(keys[Int(random.next() % UInt64(keys.count))])\": \(values[Int(random.next() % UInt64(values.count))])"
      }
      let object = "{" + members.joined(separator: ",") + "}"
      guard let fields = Self.byReader(object) else { continue }
      #expect(fields == Self.bySerialization(object), "\(object)")
    }
  }
}
