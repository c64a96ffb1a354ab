import Testing

@testable import BglogKit

/// The byte paths of the assertiond recogniser (``TimelineEventRecognizer/bracketSubject(_:)``,
/// ``ProcessAssertion/all(in:location:)``, ``TimelineEventRecognizer/describe(_:)-(ProcessAssertion?)``)
/// read what the `Character` code they replaced read, next to combining marks and CR LF too.
@Suite struct AssertionBytePathTests {
  /// The `Character` reading `bracketSubject` had before its byte path (kept there for non-ASCII text).
  private static func characterBracketSubject(_ message: Substring) -> (AppSubject, Substring)? {
    guard message.hasPrefix("["), let close = message.firstIndex(of: "]") else { return nil }
    let inside = message[message.index(after: message.startIndex)..<close]
    guard let colon = inside.lastIndex(of: ":"), let pid = Int(inside[inside.index(after: colon)...]) else {
      return nil
    }
    let identity = inside[..<colon]
    var subject = AppSubject(pid: pid)
    if identity.contains("<") {
      subject.bundle = TimelineEventRecognizer.bundle(fromIdentity: identity)
    } else {
      subject.name = String(identity)
    }
    return (subject, message[message.index(after: close)...].drop(while: { $0 == " " }))
  }

  private static let pieces: [String] = [
    "[", "]", ":", "1", "7", "0", "-", "+", " ", " ", "a", "B", "é", "e\u{301}", "\u{301}", "<", ">", "\r", "\n",
    "\r\n", "\t", "😀", "app<com.x>", "99999999999999999999",
  ]

  @Test func bracketSubjectMatchesTheCharacterReading() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var subjects = 0
    for round in 0..<4_000 {
      // Mostly `[…:…] …` shapes, so that most strings reach the pid and body.
      var text = round % 4 == 0 ? "" : "["
      for _ in 0..<(1 + next(10)) { text += Self.pieces[next(Self.pieces.count)] }
      if round % 2 == 0 { text += ":" + String(next(100_000)) + "]" }
      for _ in 0..<next(4) { text += Self.pieces[next(Self.pieces.count)] }
      text += "Add assertion"
      let message = Substring(text)
      let expected = Self.characterBracketSubject(message)
      let found = TimelineEventRecognizer.bracketSubject(message)
      #expect(found?.0 == expected?.0, "\(Array(text.unicodeScalars))")
      #expect(found.map { Array($0.1.utf8) } == expected.map { Array($0.1.utf8) }, "\(Array(text.unicodeScalars))")
      if expected != nil { subjects += 1 }
    }
    // The generator must reach both readings often.
    #expect(subjects > 500)
    #expect(subjects < 3_500)
  }

  @Test func integerMatchesIntOfText() {
    for text in [
      "", "+", "-", "0", "-0", "+0", "12", "+12", "-12", "007", "1 ", " 1", "1a", "--1", "+-1",
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
      "99999999999999999999",
    ] {
      var copy = text
      let found = copy.withUTF8 { TimelineEventRecognizer.integer($0) }
      #expect(found == Int(text), "\(text)")
    }
  }

  @Test func nonASCIIValuesKeepTheCharacterReading() {
    // A space joined to a combining mark is not a space: the reason runs past it.
    let text: Substring = "<BKProcessAssertion: 0x1; name: \"q\"; reason: a \u{301}b c; duration: 7\u{301}>"
    let assertion = ProcessAssertion.all(in: text).first
    #expect(assertion?.name == "q")
    #expect(Array(assertion?.reason?.unicodeScalars ?? "".unicodeScalars) == Array("a \u{301}b".unicodeScalars))
    #expect(assertion?.duration == nil)
    // `(reason:duration)` split at the last `:` `Character`; a `:` joined to a combining mark is not one.
    let parenthesised: Substring = "<BKProcessAssertion: 0x1; \"n\" (finish:Task:\u{301}180s)> (owner: Bee:7)"
    let split = ProcessAssertion.all(in: parenthesised).first
    #expect(split?.reason == "finish")
    #expect(split?.duration == nil)
    #expect(split?.owner == "Bee:7")
  }

  @Test func assertionsSplitOnBytes() {
    let text: Substring =
      "{( <BKProcessAssertion: 0x1; \"A é\" (finishTask:180s); id: 1> (owner: Bee:7), "
      + "<BKProcessAssertion: 0x2; name: \"B\"; reason: audio ; duration: 5.5s> )}\r\nnext <XAssertion: 0x3>"
    let assertions = ProcessAssertion.all(in: text, location: .line(3))
    #expect(assertions.map(\.name) == ["A é", "B", nil])
    #expect(assertions.map(\.reason) == ["finishTask", "audio", nil])
    #expect(assertions.map(\.durationSeconds) == [180, 5.5, nil])
    #expect(assertions.map(\.className) == ["BKProcessAssertion", "BKProcessAssertion", "XAssertion"])
    #expect(assertions[0].text == "<BKProcessAssertion: 0x1; \"A é\" (finishTask:180s); id: 1> (owner: Bee:7), ")
    #expect(assertions[1].text == "<BKProcessAssertion: 0x2; name: \"B\"; reason: audio ; duration: 5.5s> ")
    #expect(assertions[2].text == "<XAssertion: 0x3>")
    #expect(assertions.allSatisfy { $0.location == .line(3) })
  }

  @Test func describeJoinsEveryPartEvenAnEmptyOne() {
    #expect(TimelineEventRecognizer.describe(ProcessAssertion?.none) == "assertion")
    #expect(TimelineEventRecognizer.describe(ProcessAssertion(text: "")) == "assertion")
    #expect(TimelineEventRecognizer.describe(ProcessAssertion(reason: "", text: "")) == "")
    #expect(TimelineEventRecognizer.describe(ProcessAssertion(name: "n", reason: "", text: "")) == "\"n\" ")
    #expect(
      TimelineEventRecognizer.describe(ProcessAssertion(name: "n", reason: "r", durationSeconds: 2.5, text: ""))
        == "\"n\" r 2.5 s")
    #expect(TimelineEventRecognizer.describe(ProcessAssertion(durationSeconds: 180, text: "")) == "180 s")
  }

  @Test func durationTextDropsOneSecondsSign() {
    #expect(AssertionDuration(text: "30.0s")?.seconds == 30)
    #expect(AssertionDuration(text: " 180s\t")?.seconds == 180)
    #expect(AssertionDuration(text: "180.000000")?.seconds == 180)
    #expect(AssertionDuration(text: "12ss") == nil)
    #expect(AssertionDuration(text: "s") == nil)
    #expect(AssertionDuration(text: "7s\r\n") == nil)
    // Non-ASCII keeps the `Character` test: `s` with a combining mark is not `s`.
    #expect(AssertionDuration(text: "7s\u{301}") == nil)
    #expect(AssertionDuration(text: "7\u{301}s") == nil)
  }
}
