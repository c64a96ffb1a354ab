import Foundation

/// What `TimelineBuilder` should look for.
public struct TimelineOptions: Sendable {
  /// Keep only the app with this bundle id or process name (case-insensitive); `nil` keeps all.
  public var app: String?
  /// The app's own log lines to count, such as `added=hello 添加下载任务`.
  public var markers: [TimelineMarker]
  /// Force a layout instead of detecting it.
  public var layout: ConsoleLayout?
  /// List the most frequent messages of background-relevant processes that gave no event
  /// (``TimelineResult/unread``); costs a template per such record.
  public var listUnread: Bool

  /// Creates options.
  public init(
    app: String? = nil, markers: [TimelineMarker] = [], layout: ConsoleLayout? = nil, listUnread: Bool = false
  ) {
    self.app = app
    self.markers = markers
    self.layout = layout
    self.listUnread = listUnread
  }
}

/// A user-defined marker: a name and a regular expression matched against each record's message.
public struct TimelineMarker: Sendable {
  /// The marker's name, shown in the timeline and counted per wakeup.
  public let name: String
  /// The pattern as given.
  public let pattern: String
  private let expression: NSRegularExpressionBox
  /// The pattern, when it has no regular-expression syntax: matching is then a plain substring
  /// test, which is what the expression does with it.
  let literal: String?

  /// Compiles a marker; throws `TimelineMarker.Error` when the pattern is not a valid regex.
  public init(name: String, pattern: String) throws(TimelineMarker.Error) {
    guard !name.isEmpty else { throw .emptyName(pattern) }
    guard let regex = try? NSRegularExpression(pattern: pattern) else {
      throw .invalidPattern(pattern)
    }
    self.name = name
    self.pattern = pattern
    self.expression = NSRegularExpressionBox(regex)
    self.literal =
      pattern.unicodeScalars.contains(where: { "\\^$.|?*+()[]{}".unicodeScalars.contains($0) }) ? nil : pattern
  }

  /// Reads `NAME=REGEX`, the form of `--mark`.
  public init(argument: String) throws(TimelineMarker.Error) {
    guard let equals = argument.firstIndex(of: "=") else { throw .missingEquals(argument) }
    try self.init(
      name: String(argument[..<equals]), pattern: String(argument[argument.index(after: equals)...])
    )
  }

  /// Whether a message matches.
  public func matches(_ message: String) -> Bool {
    if let literal {
      // Code point by code point, as the expression compares: the same as comparing UTF-8 bytes.
      var message = message
      var literal = literal
      return message.withUTF8 { message in literal.withUTF8 { ByteText.contains(message, $0) } }
    }
    return expression.regex.firstMatch(in: message, range: NSRange(message.startIndex..., in: message))
      != nil
  }

  /// Why a marker could not be made.
  public enum Error: Swift.Error, Sendable, Hashable {
    /// The argument has no `=`.
    case missingEquals(String)
    /// The name before `=` is empty.
    case emptyName(String)
    /// The pattern is not a valid regular expression.
    case invalidPattern(String)
  }
}

/// Carries a compiled expression across concurrency domains; `NSRegularExpression` is immutable
/// and thread-safe for matching.
private final class NSRegularExpressionBox: @unchecked Sendable {
  let regex: NSRegularExpression
  init(_ regex: NSRegularExpression) { self.regex = regex }
}
