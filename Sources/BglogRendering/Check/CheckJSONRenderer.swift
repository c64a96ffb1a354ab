import BglogKit

/// `check --format json`: ``CheckOutputV1``, pretty-printed with sorted keys.
public struct CheckJSONRenderer: Sendable {
  /// The version written into the output.
  public var version: String

  /// Creates a renderer.
  public init(version: String) { self.version = version }

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    JSONOutput.encode(CheckOutputV1(evaluation, version: version))
  }
}
