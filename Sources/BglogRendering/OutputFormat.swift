/// The output formats of `bglog diagnose`; each maps to one renderer.
public enum DiagnoseFormat: String, Sendable, CaseIterable {
  /// Human-readable text for a terminal.
  case text
  /// One versioned JSON document (``DiagnoseOutputV1``).
  case json
}
