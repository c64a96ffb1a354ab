import BglogKit

/// `check --format junit`: JUnit XML, one test case per input; a policy hit is a `<failure>`, an unreadable
/// input an `<error>` (a `<failure>` with `--on-input-error fail`), a skipped file `<skipped>`.
public struct CheckJUnitRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    var cases = ""
    var failures = 0
    var errors = 0
    var skipped = 0
    for file in evaluation.files {
      cases += "    <testcase classname=\"bglog.check\" name=\"\(escape(CheckWording.path(file.input.path)))\""
      var body = ""
      switch file.outcome {
      case .skipped(let reason):
        skipped += 1
        body = "      <skipped message=\"\(escape(reason))\"/>\n"
      case .failed(let error):
        let message = ErrorDescription.located(error, for: .markup)
        switch evaluation.policy.inputErrors {
        case .fail:
          failures += 1
          body = "      <failure message=\"\(message)\" type=\"input-error\">\(message)</failure>\n"
        case .error:
          errors += 1
          body = "      <error message=\"\(message)\" type=\"input-error\">\(message)</error>\n"
        case .ignore:
          skipped += 1
          body = "      <skipped message=\"\(message)\"/>\n"
        }
      case .crashReports, .consoleLog:
        let lines = file.findings.map { finding in
          let status = CheckWording.status(evaluation.status(of: finding))
          return "[\(status)] \(finding.kind) (\(finding.confidence.rawValue)) at "
            + CheckWording.location(file.input.path, line: finding.line) + ": \(finding.summary)"
        }
        if let failing = file.findings.first(where: { evaluation.status(of: $0) == .fails }) {
          failures += 1
          let lines = lines + (file.error.map { ["[input-error] " + ErrorDescription.located($0)] } ?? [])
          body = "      <failure message=\"\(escape(failing.kind + ": " + failing.summary))\" type=\"\(failing.kind)\">"
          body += escape(lines.joined(separator: "\n")) + "</failure>\n"
        } else if let error = file.error {
          // Read in part: an input problem, as for an unreadable input.
          let message = escape(ErrorDescription.located(error))
          let out = lines.isEmpty ? "" : "      <system-out>\(escape(lines.joined(separator: "\n")))</system-out>\n"
          switch evaluation.policy.inputErrors {
          case .fail:
            failures += 1
            body = "      <failure message=\"\(message)\" type=\"input-error\">\(message)</failure>\n" + out
          case .error:
            errors += 1
            body = "      <error message=\"\(message)\" type=\"input-error\">\(message)</error>\n" + out
          case .ignore:
            body = out
          }
        } else if !lines.isEmpty {
          body = "      <system-out>\(escape(lines.joined(separator: "\n")))</system-out>\n"
        }
      }
      cases += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
    }
    let counts =
      "tests=\"\(evaluation.files.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"bglog check\" \(counts)>\n"
    out += "  <testsuite name=\"bglog check\" \(counts)>\n"
    out += cases
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  /// Text for an XML attribute or element: the markup sink.
  func escape(_ text: String) -> String { Escaper.escape(text, for: .markup) }
}
