import BglogKit

/// Renders `diagnose` results as text for a terminal.
public struct DiagnoseTextRenderer: Sendable {
  /// The styling to use.
  public var style: TerminalStyle
  /// The columns to fit the text to (a terminal, or `--width`): prose is wrapped there and evidence,
  /// fact and note lines are cut with `…`. `nil` (a pipe): prose is wrapped at 100 columns, as it
  /// always was, and nothing is cut.
  public var width: Int?

  /// Creates a renderer.
  public init(style: TerminalStyle = TerminalStyle(enabled: false), width: Int? = nil) {
    self.style = style
    self.width = width
  }

  /// The wrapping width for prose.
  private var proseWidth: Int { width ?? 100 }

  /// `line` cut to ``width``, when there is one.
  private func fitted(_ line: String) -> String {
    guard let width else { return line }
    return TextWrapping.elide(line, toColumns: width)
  }

  /// Renders every result, then a summary line when there is more than one input.
  public func render(_ results: [FileDiagnosis]) -> String {
    assemble(results.map(renderFile), results: results)
  }

  /// Renders one input's reports (empty for skipped and failed inputs). Independent of the other
  /// inputs, so many can be rendered in parallel and joined with ``assemble(_:results:)``.
  public func renderFile(_ result: FileDiagnosis) -> String {
    guard case .diagnosed(let reports) = result.outcome else { return "" }
    var out = ""
    for (index, item) in reports.enumerated() {
      if index > 0 { out += "\n" }
      out += render(item, path: displayPath(result.input), index: reports.count > 1 ? index + 1 : nil)
    }
    return out
  }

  /// Joins per-input texts from ``renderFile(_:)`` (blank line between reports) and adds the summary.
  public func assemble(_ parts: [String], results: [FileDiagnosis]) -> String {
    var out = parts.filter { !$0.isEmpty }.joined(separator: "\n")
    let summary = Summary(results)
    if results.count > 1 || summary.failed > 0 || summary.skipped > 0 {
      if !out.isEmpty { out += "\n" }
      out += style.dim(summary.line) + "\n"
    }
    return out
  }

  /// Renders one diagnosed report.
  public func render(_ item: DiagnosedReport, path: String, index: Int?) -> String {
    let item = TerminalText.printable(item)
    let diagnosis = item.diagnosis
    let report = item.report
    var out = ""
    var heading = TerminalText.printable(path)
    if let index { heading += " (report \(index), line \(report.startLine))" }
    out += style.bold(heading) + "\n"
    var identity: [String] = []
    if let name = report.header.processName {
      identity.append(name + (report.header.processID.map { " [\($0)]" } ?? ""))
    }
    if let bundle = report.header.bundleIdentifier, bundle != report.header.processName { identity.append(bundle) }
    if let os = report.header.osVersion { identity.append(os) }
    if let date = report.header.dateTime { identity.append(date) }
    if !identity.isEmpty {
      out += "  " + style.dim(String(fitted("  " + identity.joined(separator: " · ")).dropFirst(2))) + "\n"
    }
    out += "  " + kindLabel(diagnosis) + "  " + confidenceLabel(diagnosis.confidence) + "\n"
    out += wrapped(diagnosis.summary, indent: "  ")
    out += "\n"
    if !diagnosis.evidence.isEmpty {
      out += "  " + style.bold("Evidence") + "\n"
      for evidence in diagnosis.evidence {
        // JSON evidence shows its path on a line of its own; text evidence shows the line number in a column.
        if let path = evidence.location?.jsonPath {
          let line = evidence.location?.line.map { "line \($0) " } ?? ""
          out += "    " + style.cyan(String(fitted("    " + line + path).dropFirst(4))) + "\n"
          out += fitted("    " + Self.quoteIndent + evidence.quote) + "\n"
        } else {
          let location = locationText(evidence.location).padding(toLength: 9)
          let line = fitted("    " + location + " " + evidence.quote)
          out += "    " + style.cyan(location) + line.dropFirst(4 + location.count) + "\n"
        }
        let note = fitted("    " + Self.quoteIndent + "↳ " + evidence.note)
        out += "    " + Self.quoteIndent + style.dim(String(note.dropFirst(4 + Self.quoteIndent.count))) + "\n"
      }
    }
    if !diagnosis.facts.isEmpty {
      out += "  " + style.bold("Facts") + "\n"
      for fact in diagnosis.facts {
        out += fitted("    \(fact.key): \(fact.value)") + "\n"
      }
    }
    out += "  " + style.bold("Why") + "\n"
    out += wrapped(diagnosis.explanation, indent: "    ")
    if !diagnosis.advice.isEmpty {
      out += "  " + style.bold("Fix") + "\n"
      for advice in diagnosis.advice {
        out += wrapped(advice, indent: "    - ", continuation: "      ")
      }
    }
    if !report.issues.isEmpty {
      out += "  " + style.bold("Parse notes") + "\n"
      for issue in report.issues.prefix(10) {
        out += fitted("    " + locationText(issue.location).padding(toLength: 9) + " " + issue.message) + "\n"
      }
      if report.issues.count > 10 { out += "    … and \(report.issues.count - 10) more\n" }
    }
    return out
  }

  /// The error lines for failed inputs, one per input, for standard error.
  public func renderErrors(_ results: [FileDiagnosis]) -> String {
    var out = ""
    for result in results {
      if case .failed(let error) = result.outcome {
        out += "bglog: error: " + ErrorDescription.located(error, for: .terminal) + "\n"
      }
    }
    return out
  }

  private func kindLabel(_ diagnosis: Diagnosis) -> String {
    let text = diagnosis.kind.rawValue
    switch diagnosis.kind {
    case .unknown, .insufficientData: return style.bold(style.yellow(text))
    case .stackshot, .kernelPanic, .otherReport, .forceQuit: return style.bold(text)
    default: return style.bold(style.red(text))
    }
  }

  private func confidenceLabel(_ confidence: Confidence) -> String {
    let text = "confidence: \(confidence.rawValue)"
    switch confidence {
    case .high: return style.green(text)
    case .medium: return style.yellow(text)
    case .low: return style.red(text)
    }
  }

  /// The blank column under an evidence location, and the space after it.
  private static let quoteIndent = String(repeating: " ", count: 10)

  private func displayPath(_ input: InputFile) -> String { input.path == "-" ? "<stdin>" : input.path }

  private func locationText(_ location: SourceLocation?) -> String {
    guard let location else { return "" }
    switch (location.line, location.jsonPath) {
    case (let line?, nil): return "line \(line)"
    case (let line?, let path?): return "line \(line) \(path)"
    case (nil, let path?): return path
    case (nil, nil): return ""
    }
  }

  /// Wraps text at ``width`` (100 columns without one).
  func wrapped(_ text: String, indent: String, continuation: String? = nil) -> String {
    TextWrapping.wrap(text, indent: indent, continuation: continuation, width: proseWidth)
  }

}

extension String {
  func padding(toLength length: Int) -> String {
    // An ASCII string without a carriage return has one `Character` per byte: no need to count them.
    let count = TextWrapping.isOneColumnPerByte(self) ? utf8.count : count
    return count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}

/// Counts of a `diagnose` run.
public struct Summary: Sendable, Hashable {
  /// Inputs given or found.
  public var inputs: Int
  /// Reports diagnosed.
  public var reports: Int
  /// Inputs skipped while walking a directory: not reports, or not read (hidden, special files, links to
  /// directories, unusable names); `--list-skipped` names them.
  public var skipped: Int
  /// Inputs that could not be read or parsed.
  public var failed: Int
  /// Reports per kind.
  public var kinds: [DiagnosisKind: Int]

  /// Counts a run's results.
  public init(_ results: [FileDiagnosis]) {
    inputs = results.count
    reports = 0
    skipped = 0
    failed = 0
    kinds = [:]
    for result in results {
      switch result.outcome {
      case .diagnosed(let items):
        reports += items.count
        for item in items { kinds[item.diagnosis.kind, default: 0] += 1 }
      case .skipped: skipped += 1
      case .failed: failed += 1
      }
    }
  }

  /// `3 inputs: 4 reports (2 leaked-background-task, ...), 1 skipped, 1 failed`.
  public var line: String {
    var text = "\(inputs) input\(inputs == 1 ? "" : "s"): \(reports) report\(reports == 1 ? "" : "s")"
    if !kinds.isEmpty {
      let parts = kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
        .map { "\($0.value) \($0.key.rawValue)" }
      text += " (" + parts.joined(separator: ", ") + ")"
    }
    if skipped > 0 { text += ", \(skipped) skipped" }
    if failed > 0 { text += ", \(failed) failed" }
    return text
  }
}
