/// ANSI styling for terminal text, or none.
public struct TerminalStyle: Sendable {
  /// Whether escape codes are written.
  public var enabled: Bool

  /// Creates a style.
  public init(enabled: Bool) { self.enabled = enabled }

  /// Bold text.
  public func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dim text.
  public func dim(_ text: String) -> String { wrap(text, "2") }
  /// Red text.
  public func red(_ text: String) -> String { wrap(text, "31") }
  /// Yellow text.
  public func yellow(_ text: String) -> String { wrap(text, "33") }
  /// Green text.
  public func green(_ text: String) -> String { wrap(text, "32") }
  /// Cyan text.
  public func cyan(_ text: String) -> String { wrap(text, "36") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
