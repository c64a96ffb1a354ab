import BglogKit

/// The output formats of `bglog check`; each maps to exactly one renderer.
public enum CheckFormat: String, Sendable, CaseIterable {
  /// One line per group, a summary and the result (the default).
  case text
  /// GitHub Actions workflow commands (`::error file=…,line=…,title=…::…`).
  case github
  /// SARIF 2.1.0, for code scanning.
  case sarif
  /// JUnit XML, one test case per input.
  case junit
  /// A Markdown report (also what `github` appends to the step summary).
  case markdown
  /// One versioned JSON document (``CheckOutputV1``).
  case json
  /// One JSON object per input, one per line.
  case ndjson

  /// Renders an evaluation in this format; `style` colours and `width` fits the text format only.
  public func render(
    _ evaluation: CheckEvaluation, version: String, style: TerminalStyle = TerminalStyle(enabled: false),
    width: Int? = nil
  ) -> String {
    switch self {
    case .text: CheckTextRenderer(style: style, width: width).render(evaluation)
    case .github: CheckGitHubRenderer().render(evaluation)
    case .sarif: CheckSARIFRenderer(version: version).render(evaluation)
    case .junit: CheckJUnitRenderer().render(evaluation)
    case .markdown: CheckMarkdownRenderer().render(evaluation)
    case .json: CheckJSONRenderer(version: version).render(evaluation)
    case .ndjson: CheckNDJSONRenderer().render(evaluation)
    }
  }
}
