import Foundation

/// A process assertion as written by assertiond, SpringBoard or runningboardd.
///
/// Crash reports list the assertions held "beyond permitted time", and console logs print
/// them when they are added; both use the same few shapes:
///
/// - `<BKProcessAssertion: 0x104273920; "Shared Background Assertion 1 for com.x" (finishTask:180s); id:…> (owner: BackgroundDemo:12636)`
/// - `<BKProcessAssertion: 0x1046029b0; id: 94-679E…; name: "com.apple.nsurlsessiond.handlesession com.x.bg"; state: active; reason: backgroundDownload; duration: 30.0s>`
/// - `<SBProcessAssertion: 0x…> identifier: Called by UIKit, from <redacted> process: MyApp[123] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:123 …`
/// - `<RBSAssertionDescriptor| "Shared Background Assertion 0 for com.x" ID:33-1234-5678 target:1234 attributes:[…]>`
public struct ProcessAssertion: Sendable, Hashable {
  /// The class written after `<`: `BKProcessAssertion`, `SBProcessAssertion`, `RBSAssertionDescriptor`...
  public var className: String?
  /// The assertion's name or identifier (`Shared Background Assertion 1 for com.x`).
  public var name: String?
  /// The reason (`finishTask`, `backgroundDownload`, `finishTaskAfterBackgroundDownload`...).
  public var reason: String?
  /// The permitted duration, when written as one a device can write (see ``AssertionDuration``).
  public var duration: AssertionDuration?
  /// The permitted duration in seconds, when written; setting a value outside
  /// ``AssertionDuration`` (negative, not finite, over a day) leaves none.
  public var durationSeconds: Double? {
    get { duration?.seconds }
    set { duration = newValue.flatMap { AssertionDuration(seconds: $0) } }
  }
  /// The owner (`nsurlsessiond:94`, `pid:123`), when written.
  public var owner: String?
  /// The text the assertion was read from.
  public var text: String
  /// Where it was read.
  public var location: SourceLocation?

  /// Creates an assertion record.
  public init(
    className: String? = nil,
    name: String? = nil,
    reason: String? = nil,
    durationSeconds: Double? = nil,
    owner: String? = nil,
    text: String,
    location: SourceLocation? = nil
  ) {
    self.className = className
    self.name = name
    self.reason = reason
    self.duration = durationSeconds.flatMap { AssertionDuration(seconds: $0) }
    self.owner = owner
    self.text = text
    self.location = location
  }

  /// What the assertion was for, judged from its name and reason.
  public var purpose: Purpose {
    let reason = self.reason?.lowercased() ?? ""
    let name = self.name ?? ""
    if name.contains("nsurlsessiond.handlesession") || reason == "backgrounddownload"
      || reason == "backgroundurlsession"
    {
      return .backgroundSessionEvents
    }
    if reason == "backgroundcontentfetching" || name.hasPrefix("Background Content Fetching") {
      return .backgroundFetch
    }
    if reason.hasPrefix("finishtask") || name.hasPrefix("Shared Background Assertion")
      || name.contains("Called by UIKit") || name.hasPrefix("UIKit")
    {
      return .backgroundTask
    }
    return .other
  }

  /// What an assertion was held for.
  public enum Purpose: String, Sendable, Hashable {
    /// A UIKit background task (`beginBackgroundTask`), reason `finishTask`.
    case backgroundTask = "background-task"
    /// The time nsurlsessiond gives the app to handle background session events.
    case backgroundSessionEvents = "background-session-events"
    /// The time a background fetch (`performFetchWithCompletionHandler`) gets to call its completion handler.
    case backgroundFetch = "background-fetch"
    /// Anything else.
    case other
  }

  /// Reads every assertion in a piece of text (one line or several joined).
  ///
  /// - Parameters:
  ///   - text: text that may hold one or more `<…Assertion…>` descriptions.
  ///   - location: where the text came from, copied into each result.
  /// - Returns: the assertions found, in order; empty when there are none.
  public static func all(in text: Substring, location: SourceLocation? = nil) -> [ProcessAssertion] {
    // Scans the UTF-8 bytes with integer offsets: the markers are ASCII, so every offset found is a
    // scalar boundary, and the fields are made from the bytes between them.
    if let found = text.utf8.withContiguousStorageIfAvailable({ all(inBytes: $0, location: location) }) {
      return found
    }
    var copy = String(text)
    return copy.withUTF8 { all(inBytes: $0, location: location) }
  }

  private static func all(inBytes bytes: UnsafeBufferPointer<UInt8>, location: SourceLocation?) -> [ProcessAssertion] {
    guard let base = bytes.baseAddress else { return [] }
    let count = bytes.count
    var results: [ProcessAssertion] = []
    var cursor = 0
    while let open = ByteText.firstIndex(of: UInt8(ascii: "<"), in: base, from: cursor, to: count) {
      // A page copy can put a blank after `<` (`< BKProcessAssertion: 0x175ca7d0> identifier: …`, a
      // translated copy of a Stack Overflow question): the class name is read after it.
      let afterOpen = blankAfterOpen(base, count: count, open) ? open + 2 : open + 1
      var classEnd = afterOpen
      while classEnd < count {
        let byte = base[classEnd]
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "|")
          || byte == UInt8(ascii: ">") || byte == UInt8(ascii: " ")
        {
          break
        }
        classEnd += 1
      }
      guard find("Assertion", in: base, from: afterOpen, to: classEnd) != nil else {
        cursor = afterOpen
        continue
      }
      let className = string(base, afterOpen, classEnd)
      // The description runs to the matching `>`; the iOS 6-9 forms put their fields after it
      // (`identifier: … process: <BKNewProcess: …> permittedBackgroundDuration: … reason: …`), and the
      // BK forms put `(owner: …)` after it, so take the tail up to the next assertion or line end.
      let close = matchingClose(in: base, count: count, from: open)
      let tailEnd = nextAssertionStart(in: base, count: count, after: close)
      results.append(parse(base, open, tailEnd, className: className, location: location))
      cursor = tailEnd
    }
    return results
  }

  /// Where the next `<…Assertion…` description, the `)}` closing a set, or the next line starts
  /// after `index`.
  private static func nextAssertionStart(in base: UnsafePointer<UInt8>, count: Int, after index: Int) -> Int {
    guard index < count else { return count }
    var cursor = index + 1
    while cursor < count {
      let byte = base[cursor]
      if byte == 0x0A || byte == 0x0D { return cursor }
      let next = cursor + 1
      if byte == UInt8(ascii: ")"), next < count, base[next] == UInt8(ascii: "}") { return cursor }
      if byte == UInt8(ascii: "<") {
        let nameStart = blankAfterOpen(base, count: count, cursor) ? next + 1 : next
        var nameEnd = nameStart
        while nameEnd < count {
          let c = base[nameEnd]
          guard (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
          else { break }
          nameEnd += 1
        }
        if find("Assertion", in: base, from: nameStart, to: nameEnd) != nil { return cursor }
      }
      cursor = next
    }
    return count
  }

  /// Whether the `<` at `open` is followed by one blank and then a letter (`< BKProcessAssertion`).
  private static func blankAfterOpen(_ base: UnsafePointer<UInt8>, count: Int, _ open: Int) -> Bool {
    guard open + 2 < count, base[open + 1] == UInt8(ascii: " ") else { return false }
    let letter = base[open + 2] | 0x20
    return letter >= 0x61 && letter <= 0x7A
  }

  /// The `>` closing the `<` at `open`, or the last byte when it is never closed.
  private static func matchingClose(in base: UnsafePointer<UInt8>, count: Int, from open: Int) -> Int {
    var depth = 0
    var index = open
    var last = open
    while index < count {
      let byte = base[index]
      if byte == UInt8(ascii: "<") {
        depth += 1
      } else if byte == UInt8(ascii: ">") {
        depth -= 1
        if depth == 0 { return index }
      }
      last = index
      index += 1
    }
    return last
  }

  private static func parse(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, className: String, location: SourceLocation?
  ) -> ProcessAssertion {
    var assertion = ProcessAssertion(className: className, text: string(base, start, end), location: location)
    func value(_ marker: StaticString, _ terminator: StaticString) -> Range<Int>? {
      ProcessAssertion.value(after: marker, in: base, start, end, until: terminator)
    }
    // Name: `name: "…"`, `identifier: …`, or the first quoted string. An unquoted `name: X` ends at
    // ` process:` (iOS 8–9: `name: Called by UIKit, from <redacted> process: <BKNewProcess: …; …>`) or at the
    // `;` before the next field (iOS 11: `id: 59-…; name: com.apple.UIKit.KeyboardManagement.message; state:
    // active; …`), whichever comes first.
    var unquoted = value(" name: ", " process:")
    if let bySemicolon = value(" name: ", ";"), bySemicolon.upperBound < (unquoted?.upperBound ?? Int.max) {
      unquoted = bySemicolon
    }
    if let named = value("name: \"", "\"") ?? value("\"", "\"") ?? unquoted
      ?? value("identifier: ", " process:")
    {
      assertion.name = string(base, named.lowerBound, named.upperBound)
    }
    // `(finishTask:180s)` after the quoted name.
    if let range = value("\" (", ")") {
      let parenthesised = string(base, range.lowerBound, range.upperBound)
      if let colon = parenthesised.lastIndex(of: ":") {
        assertion.reason = String(parenthesised[..<colon])
        assertion.duration = AssertionDuration(text: parenthesised[parenthesised.index(after: colon)...])
      }
    }
    if assertion.reason == nil, let reason = value("reason: ", ";") {
      assertion.reason = prefix(base, reason, stoppingAt: UInt8(ascii: " "), UInt8(ascii: ">"))
    }
    if assertion.duration == nil {
      if let duration = value("duration: ", ";") {
        assertion.duration = AssertionDuration(
          text: Substring(prefix(base, duration, stoppingAt: UInt8(ascii: ">"), UInt8(ascii: ">"))))
      } else if let permitted = value("permittedBackgroundDuration: ", " ") {
        assertion.duration = AssertionDuration(
          text: Substring(string(base, permitted.lowerBound, permitted.upperBound)))
      }
    }
    if let owner = value("(owner: ", ")") {
      assertion.owner = string(base, owner.lowerBound, owner.upperBound)
    } else if let ownerPID = value("owner pid:", " ") {
      assertion.owner = "pid:" + string(base, ownerPID.lowerBound, ownerPID.upperBound)
    }
    return assertion
  }

  /// The text after the first `marker` in `base[start..<end]`, up to the first `terminator` after it or
  /// the end, without blanks around it; `nil` when there is no marker or the value is empty.
  private static func value(
    after marker: StaticString, in base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, until terminator: StaticString
  ) -> Range<Int>? {
    guard let found = find(marker, in: base, from: start, to: end) else { return nil }
    var lower = found + marker.utf8CodeUnitCount
    var upper = find(terminator, in: base, from: lower, to: end) ?? end
    while lower < upper, base[lower] == 0x20 || base[lower] == 0x09 { lower += 1 }
    while upper > lower, base[upper - 1] == 0x20 || base[upper - 1] == 0x09 { upper -= 1 }
    return lower < upper ? lower..<upper : nil
  }

  /// `String(value.prefix(while: { $0 != first && $0 != second }))` of the value's text: on bytes
  /// when it is ASCII (there a `Character` that is not CR LF is one byte, and CR LF stops neither).
  private static func prefix(
    _ base: UnsafePointer<UInt8>, _ range: Range<Int>, stoppingAt first: UInt8, _ second: UInt8
  ) -> String {
    var isASCII = true
    for index in range where base[index] >= 0x80 {
      isASCII = false
      break
    }
    guard isASCII else {
      let text = string(base, range.lowerBound, range.upperBound)
      let firstCharacter = Character(Unicode.Scalar(first))
      let secondCharacter = Character(Unicode.Scalar(second))
      return String(text.prefix(while: { $0 != firstCharacter && $0 != secondCharacter }))
    }
    var stop = range.lowerBound
    while stop < range.upperBound, base[stop] != first, base[stop] != second { stop += 1 }
    return string(base, range.lowerBound, stop)
  }

  /// Where `pattern` first starts in `base[from..<to]`.
  private static func find(_ pattern: StaticString, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
    guard from <= to else { return nil }
    let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
    return ByteText.firstIndex(of: needle, in: UnsafeBufferPointer(start: base + from, count: to - from)).map {
      $0 + from
    }
  }

  /// The text of `base[from..<to]`, whose ends are scalar boundaries.
  private static func string(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: base + from, count: to - from), as: UTF8.self)
  }
}
