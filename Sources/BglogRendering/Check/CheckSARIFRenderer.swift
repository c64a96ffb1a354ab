import BglogKit
import Foundation

/// `check --format sarif`: SARIF 2.1.0, one rule per kind found, one result per finding, located at the
/// report file and evidence line, with the signature fingerprint as a partial fingerprint.
public struct CheckSARIFRenderer: Sendable {
  /// The version written into the output.
  public var version: String

  /// Creates a renderer.
  public init(version: String) { self.version = version }

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    JSONOutput.encode(log(evaluation))
  }

  /// The SARIF log.
  public func log(_ evaluation: CheckEvaluation) -> SARIFLogV210 {
    let kinds = Set(evaluation.files.flatMap { $0.findings.map(\.kind) }).sorted()
    let rules = kinds.map(rule)
    var results: [SARIFLogV210.Result] = []
    for file in evaluation.files {
      for finding in file.findings {
        let status = evaluation.status(of: finding)
        var result = SARIFLogV210.Result(
          ruleId: finding.kind, ruleIndex: kinds.firstIndex(of: finding.kind) ?? 0,
          level: level(status, kind: finding.kind),
          message: SARIFLogV210.Message(text: finding.summary),
          locations: location(file.input.path, line: finding.line, quote: finding.quote).map { [$0] },
          partialFingerprints: ["bglogSignature/v1": finding.signature.fingerprint],
          properties: SARIFLogV210.ResultProperties(
            confidence: finding.confidence.rawValue, status: status.rawValue, signature: finding.signature.text))
        if evaluation.baseline != nil { result.baselineState = status == .baselined ? "unchanged" : "new" }
        results.append(result)
      }
    }
    let notifications = evaluation.files.compactMap(\.error).map { error in
      SARIFLogV210.Notification(
        level: evaluation.policy.inputErrors == .ignore ? "warning" : "error",
        message: SARIFLogV210.Message(text: ErrorDescription.message(error, for: .json)),
        locations: location(error.path, line: ErrorDescription.line(error), quote: nil).map { [$0] })
    }
    let driver = SARIFLogV210.Driver(name: "bglog", version: version, semanticVersion: version, rules: rules)
    let run = SARIFLogV210.Run(
      tool: SARIFLogV210.Tool(driver: driver),
      invocations: [
        SARIFLogV210.Invocation(executionSuccessful: notifications.isEmpty, toolExecutionNotifications: notifications)
      ],
      results: results)
    return SARIFLogV210(runs: [run])
  }

  private func level(_ status: CheckFindingStatus, kind: String) -> String {
    if CheckPolicy.informationalKinds.contains(kind) { return "note" }
    switch status {
    case .fails: return "error"
    case .baselined, .belowConfidence: return "warning"
    case .notSelected: return "note"
    }
  }

  private func rule(_ kind: String) -> SARIFLogV210.Rule {
    let info = CheckKindInfo.of(kind)
    let name = kind.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    var text = info.meaning
    var markdown = info.meaning
    if let confirm = info.howToConfirm {
      text += "\n\nHow bglog decides: " + confirm
      markdown += "\n\n**How bglog decides:** " + confirm
    }
    if !info.advice.isEmpty {
      text += "\n\nWhat to change:\n" + info.advice.map { "- " + $0 }.joined(separator: "\n")
      markdown += "\n\n**What to change:**\n\n" + info.advice.map { "- " + $0 }.joined(separator: "\n")
    }
    text += "\n\nMore: bglog explain \(kind)"
    markdown += "\n\nMore: `bglog explain \(kind)`"
    let informational = CheckPolicy.informationalKinds.contains(kind)
    var tags = ["bglog"]
    if CheckPolicy.backgroundKinds.contains(kind) { tags.append("background-termination") }
    return SARIFLogV210.Rule(
      id: kind, name: name, shortDescription: SARIFLogV210.Message(text: info.title),
      fullDescription: SARIFLogV210.Message(text: info.meaning),
      help: SARIFLogV210.Message(text: text, markdown: markdown),
      defaultConfiguration: SARIFLogV210.Configuration(level: informational ? "note" : "error"),
      properties: SARIFLogV210.RuleProperties(tags: tags))
  }

  private func location(_ path: String, line: Int?, quote: String?) -> SARIFLogV210.Location? {
    guard path != "-" else { return nil }
    // A relative URI reference: each path segment percent-encoded, so spaces and `#` stay part of the name.
    let uri =
      path.split(separator: "/", omittingEmptySubsequences: false).map {
        String($0).addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? String($0)
      }.joined(separator: "/")
    let region = line.flatMap {
      $0 >= 1 ? SARIFLogV210.Region(startLine: $0, snippet: quote.map(SARIFLogV210.Snippet.init)) : nil
    }
    return SARIFLogV210.Location(
      physicalLocation: SARIFLogV210.PhysicalLocation(
        artifactLocation: SARIFLogV210.ArtifactLocation(uri: uri), region: region))
  }

  private static let segmentCharacters: CharacterSet = {
    var set = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
    set.insert(charactersIn: "-._~!$&'()*+,;=:@")
    return set
  }()
}
