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
  /// The permitted duration in seconds, when written.
  public var durationSeconds: Double?
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
    self.durationSeconds = durationSeconds
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
    var results: [ProcessAssertion] = []
    var rest = text[...]
    while let open = rest.firstIndex(of: "<") {
      let afterOpen = rest.index(after: open)
      let classEnd =
        rest[afterOpen...].firstIndex(where: { $0 == ":" || $0 == ";" || $0 == "|" || $0 == ">" || $0 == " " })
        ?? rest.endIndex
      let className = String(rest[afterOpen..<classEnd])
      guard className.contains("Assertion") else {
        rest = rest[afterOpen...]
        continue
      }
      // The description runs to the matching `>`; SBProcessAssertion puts its fields after it,
      // and the BK forms put `(owner: …)` after it, so take the tail up to the next assertion.
      // The tail may itself hold `<BKNewProcess: …>` (iOS 8 `process:`), which is not a new one.
      let close = matchingClose(in: rest, from: open)
      let tailEnd = nextAssertionStart(in: rest[close...].dropFirst()) ?? rest.endIndex
      let body = rest[open..<tailEnd]
      results.append(parse(body, className: className, location: location))
      rest = rest[tailEnd...]
    }
    return results
  }

  /// Where the next `<…Assertion…` description or the `)}` closing a set begins.
  private static func nextAssertionStart(in text: Substring) -> Substring.Index? {
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == ")", text[index...].hasPrefix(")}") { return index }
      if character == "<" {
        let afterOpen = text.index(after: index)
        let name = text[afterOpen...].prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
        if name.contains("Assertion") { return index }
      }
      index = text.index(after: index)
    }
    return nil
  }

  private static func matchingClose(in text: Substring, from open: Substring.Index) -> Substring.Index {
    var depth = 0
    var index = open
    while index < text.endIndex {
      let character = text[index]
      if character == "<" {
        depth += 1
      } else if character == ">" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = text.index(after: index)
    }
    return text.index(before: text.endIndex)
  }

  private static func parse(_ body: Substring, className: String, location: SourceLocation?) -> ProcessAssertion {
    var assertion = ProcessAssertion(className: className, text: String(body), location: location)
    // Name: `name: "…"`, `identifier: …`, or the first quoted string.
    if let named = value(after: "name: \"", in: body, until: "\"") {
      assertion.name = named
    } else if let quoted = value(after: "\"", in: body, until: "\"") {
      assertion.name = quoted
    } else if let identifier = value(after: "identifier: ", in: body, until: " process:") {
      assertion.name = identifier
    } else if let named = value(after: "name: ", in: body, until: " process:") {
      // iOS 8: `name: Background Content Fetching (1065) process: <BKNewProcess…>`.
      assertion.name = named
    }
    // `(finishTask:180s)` after the quoted name.
    if let parenthesised = value(after: "\" (", in: body, until: ")"),
      let colon = parenthesised.lastIndex(of: ":")
    {
      assertion.reason = String(parenthesised[..<colon])
      assertion.durationSeconds = seconds(parenthesised[parenthesised.index(after: colon)...])
    }
    if assertion.reason == nil, let reason = value(after: "reason: ", in: body, until: ";") {
      assertion.reason = String(reason.prefix(while: { $0 != " " && $0 != ">" }))
    }
    if assertion.durationSeconds == nil {
      if let duration = value(after: "duration: ", in: body, until: ";") {
        assertion.durationSeconds = seconds(Substring(duration.prefix(while: { $0 != ">" })))
      } else if let permitted = value(after: "permittedBackgroundDuration: ", in: body, until: " ") {
        assertion.durationSeconds = Double(permitted)
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
    guard let start = text.range(of: marker)?.upperBound else { return nil }
    let rest = text[start...]
    let end = rest.range(of: terminator)?.lowerBound ?? rest.endIndex
    let value = rest[..<end].trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }

  private static func seconds(_ text: Substring) -> Double? {
    var digits = text.trimmingCharacters(in: .whitespaces)
    if digits.hasSuffix("s") { digits.removeLast() }
    return Double(digits)
  }
}
