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
    // Scans UTF-8 bytes (String.Index is shared between the views): the markers are ASCII, and
    // Character iteration was most of the timeline's cost on busy logs.
    let utf8 = text.utf8
    var results: [ProcessAssertion] = []
    var cursor = utf8.startIndex
    while let open = utf8[cursor...].firstIndex(of: UInt8(ascii: "<")) {
      let afterOpen = utf8.index(after: open)
      let classEnd =
        utf8[afterOpen...].firstIndex(where: {
          $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: " ")
        }) ?? utf8.endIndex
      guard ByteText.byteRange(of: "Assertion", in: text[afterOpen..<classEnd]) != nil else {
        cursor = afterOpen
        continue
      }
      let className = String(text[afterOpen..<classEnd])
      // The description runs to the matching `>`; the iOS 6-9 forms put their fields after it
      // (`identifier: … process: <BKNewProcess: …> permittedBackgroundDuration: … reason: …`), and the
      // BK forms put `(owner: …)` after it, so take the tail up to the next assertion or line end.
      let close = matchingClose(in: text, from: open)
      let tailEnd = nextAssertionStart(in: text, after: close)
      results.append(parse(text[open..<tailEnd], className: className, location: location))
      cursor = tailEnd
    }
    return results
  }

  /// Where the next `<…Assertion…` description, the `)}` closing a set, or the next line starts
  /// after `index`.
  private static func nextAssertionStart(in text: Substring, after index: Substring.Index) -> Substring.Index {
    let utf8 = text.utf8
    guard index < utf8.endIndex else { return utf8.endIndex }
    var cursor = utf8.index(after: index)
    while cursor < utf8.endIndex {
      let byte = utf8[cursor]
      if byte == 0x0A || byte == 0x0D { return cursor }
      let next = utf8.index(after: cursor)
      if byte == UInt8(ascii: ")"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "}") { return cursor }
      if byte == UInt8(ascii: "<") {
        let nameEnd =
          utf8[next...].firstIndex(where: {
            !(($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F)
          }) ?? utf8.endIndex
        if ByteText.byteRange(of: "Assertion", in: text[next..<nameEnd]) != nil { return cursor }
      }
      cursor = next
    }
    return utf8.endIndex
  }

  private static func matchingClose(in text: Substring, from open: Substring.Index) -> Substring.Index {
    let utf8 = text.utf8
    var depth = 0
    var index = open
    var last = open
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "<") {
        depth += 1
      } else if byte == UInt8(ascii: ">") {
        depth -= 1
        if depth == 0 { return index }
      }
      last = index
      index = utf8.index(after: index)
    }
    return last
  }

  private static func parse(_ body: Substring, className: String, location: SourceLocation?) -> ProcessAssertion {
    var assertion = ProcessAssertion(className: className, text: String(body), location: location)
    // Name: `name: "…"`, `identifier: …`, or the first quoted string.
    if let named = value(after: "name: \"", in: body, until: "\"") {
      assertion.name = named
    } else if let quoted = value(after: "\"", in: body, until: "\"") {
      assertion.name = quoted
    } else if let named = value(after: " name: ", in: body, until: " process:") {
      assertion.name = named
    } else if let identifier = value(after: "identifier: ", in: body, until: " process:") {
      assertion.name = identifier
    }
    // `(finishTask:180s)` after the quoted name.
    if let parenthesised = value(after: "\" (", in: body, until: ")"),
      let colon = parenthesised.lastIndex(of: ":")
    {
      assertion.reason = String(parenthesised[..<colon])
      assertion.duration = AssertionDuration(text: parenthesised[parenthesised.index(after: colon)...])
    }
    if assertion.reason == nil, let reason = value(after: "reason: ", in: body, until: ";") {
      assertion.reason = String(reason.prefix(while: { $0 != " " && $0 != ">" }))
    }
    if assertion.duration == nil {
      if let duration = value(after: "duration: ", in: body, until: ";") {
        assertion.duration = AssertionDuration(text: Substring(duration.prefix(while: { $0 != ">" })))
      } else if let permitted = value(after: "permittedBackgroundDuration: ", in: body, until: " ") {
        assertion.duration = AssertionDuration(text: Substring(permitted))
      }
    }
    if let owner = value(after: "(owner: ", in: body, until: ")") {
      assertion.owner = owner
    } else if let ownerPID = value(after: "owner pid:", in: body, until: " ") {
      assertion.owner = "pid:" + ownerPID
    }
    return assertion
  }

  private static func value(after marker: String, in text: Substring, until terminator: String) -> String? {
    guard let start = ByteText.byteRange(of: marker, in: text)?.upperBound else { return nil }
    let rest = text[start...]
    let end = ByteText.byteRange(of: terminator, in: rest)?.lowerBound ?? rest.endIndex
    let value = ByteText.trimmingBlanks(rest[..<end])
    return value.isEmpty ? nil : String(value)
  }
}
