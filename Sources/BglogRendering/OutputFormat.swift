import BglogKit

/// The output formats of `bglog diagnose`.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// Human-readable text for a terminal.
  case text
  /// One versioned JSON document.
  case json
}
