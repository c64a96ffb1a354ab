import BglogTestSupport
import Testing

@testable import BglogKit

/// Every recogniser's real examples (SwiftLint-style triggering / non-triggering), run through the
/// prefilter and the recognisers as the timeline runs them. Examples are replayed in registry order
/// with one state, so a line that completes an earlier one (a launch request after its assertion, a
/// forced crash report after the assertions it names) is read as in a log.
@Suite struct MessageRecognizerTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let recognizer: String
    let index: Int
    let example: RecognizerExample
    var testDescription: String {
      "\(recognizer) \(example.expected == nil ? "non-triggering" : "triggering"): \(example.source)"
    }
  }

  static let cases: [Case] = MessageRecognizers.all.flatMap { recognizer in
    (recognizer.nonTriggering + recognizer.triggering).map { ($0, recognizer.id) }
  }.enumerated().map { Case(recognizer: $0.element.1, index: $0.offset, example: $0.element.0) }

  static func read(_ example: RecognizerExample, state: inout MessageRecognizerState) -> [MessageEvent] {
    MessageRecognizers.read(
      example.message[...], header: MessageHeader(process: example.process, pid: example.pid), state: &state)
  }

  @Test(arguments: cases)
  func example(_ testCase: Case) {
    var state = MessageRecognizerState()
    for earlier in Self.cases[..<testCase.index] { _ = Self.read(earlier.example, state: &state) }
    let events = Self.read(testCase.example, state: &state)
    guard let expected = testCase.example.expected else {
      #expect(events.isEmpty, "\(events)")
      return
    }
    #expect(events.count == 1, "\(events)")
    guard let event = events.first else { return }
    #expect(event.kind == expected.kind)
    #expect(event.subject == expected.subject)
    #expect(event.detail == expected.detail)
  }

  /// Each triggering example holds one of its recogniser's anchors (the prefilter selects it), and each
  /// anchor is long enough for the scanner.
  @Test func anchorsSelectTheirExamples() {
    for (index, recognizer) in MessageRecognizers.all.enumerated() {
      for anchor in recognizer.anchors { #expect(anchor.utf8.count >= MessageAnchorScanner.stride + 3, "\(anchor)") }
      for example in recognizer.triggering + recognizer.nonTriggering {
        #expect(
          MessageRecognizers.selected(in: example.message[...]).contains(index), "\(recognizer.id): \(example.source)")
        #expect(MessageRecognizers.filterScanner.groups(in: example.message[...]) != 0)
      }
    }
  }

  /// Recognisers past the 64th are scanned by a second scanner: 130 made-up recognisers with one
  /// anchor each are all found, by their own index, in order.
  @Test func moreThanSixtyFourRecognisersAreEachSelected() {
    let anchors = (0..<130).map { "anchor-number-\(1000 + $0) here" }
    let scanners = MessageRecognizers.scanners(forAnchorsOf: anchors.map { [$0] })
    #expect(scanners.count == 3)
    for (index, anchor) in anchors.enumerated() {
      #expect(MessageRecognizers.selected(in: ("x " + anchor + " y")[...], scanners: scanners) == [index])
    }
    let two = "x " + anchors[129] + " " + anchors[3] + " " + anchors[70]
    #expect(MessageRecognizers.selected(in: two[...], scanners: scanners) == [3, 70, 129])
    #expect(MessageRecognizers.scanners.count == (MessageRecognizers.all.count + 63) / 64)
  }

  /// The sampled scan finds exactly what a plain substring search finds, at every offset and in
  /// lines of every length around the anchors.
  @Test func scannerAgreesWithSubstringSearch() {
    let anchors = ["Forcing crash report of ", "killing_specific_process pid ", "Running task: <BG"]
    let scanner = MessageAnchorScanner(anchors.enumerated().map { ($0.element, UInt64(1) << UInt64($0.offset)) })
    var generator = SplitMix64(state: 13)
    let alphabet = Array("abc Forcing crash report of killing_specific_process pid Running task: <BG[]:".utf8)
    for _ in 0..<3_000 {
      var bytes: [UInt8] = (0..<Int(generator.next() % 90)).map { _ in
        alphabet[Int(generator.next() % UInt64(alphabet.count))]
      }
      if generator.next() % 2 == 0 {
        let anchor = Array(anchors[Int(generator.next() % 3)].utf8)
        let at = Int(generator.next() % UInt64(bytes.count + 1))
        bytes.insert(contentsOf: anchor, at: at)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      var expected: UInt64 = 0
      for (index, anchor) in anchors.enumerated() where text.contains(anchor) { expected |= 1 << UInt64(index) }
      #expect(scanner.groups(in: text[...]) == expected, "\(text)")
    }
  }

  /// The same with every registered anchor at once (many windows share a hash there): each
  /// recogniser example, and each with its first anchor cut by one byte, finds exactly the anchors a
  /// substring search finds.
  @Test func scannerOfEveryAnchorAgreesWithSubstringSearch() {
    let anchors = Array(Set(MessageRecognizers.all.flatMap(\.anchors))).sorted().prefix(64)
    let scanner = MessageAnchorScanner(anchors.enumerated().map { ($0.element, UInt64(1) << UInt64($0.offset)) })
    var texts: [String] = []
    for recognizer in MessageRecognizers.all {
      for example in recognizer.triggering + recognizer.nonTriggering {
        texts.append(example.message)
        if let anchor = recognizer.anchors.first, let range = example.message.range(of: anchor) {
          var cut = example.message
          cut.remove(at: cut.index(before: range.upperBound))
          texts.append(cut)
        }
      }
    }
    for text in texts {
      var expected: UInt64 = 0
      for (index, anchor) in anchors.enumerated() where text.contains(anchor) { expected |= 1 << UInt64(index) }
      #expect(scanner.groups(in: text[...]) == expected, "\(text)")
    }
  }

  /// `windowStart` slides its count of plain windows; the reference counts every run from scratch (the
  /// first run with the fewest windows of only lowercase letters and spaces), on every registered anchor
  /// and 2,000 generated ones.
  @Test func windowStartMatchesTheCountFromScratch() {
    func reference(_ anchor: [UInt8]) -> Int {
      let stride = MessageAnchorScanner.stride
      func plain(_ offset: Int) -> Bool {
        anchor[offset..<offset + 4].allSatisfy { $0 == 0x20 || ($0 >= 0x61 && $0 <= 0x7A) }
      }
      var best = 0
      var bestCount = Int.max
      for start in 0...(anchor.count - stride - 3) {
        let count = (start..<start + stride).filter(plain).count
        if count < bestCount {
          best = start
          bestCount = count
        }
      }
      return best
    }
    var anchors = MessageRecognizers.all.flatMap(\.anchors).map { Array($0.utf8) }
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("ab z:AB[]0.".utf8)
    for _ in 0..<2_000 {
      let length = Int.random(in: (MessageAnchorScanner.stride + 3)...40, using: &generator)
      anchors.append((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }
    for anchor in anchors {
      #expect(
        MessageAnchorScanner.windowStart(anchor) == reference(anchor), "\(String(decoding: anchor, as: UTF8.self))")
    }
  }
}
