import BglogKit

/// `check --format ndjson`: one ``CheckFileV1`` object per input, one per line, in sorted path order.
public struct CheckNDJSONRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// Renders the evaluation.
  public func render(_ evaluation: CheckEvaluation) -> String {
    evaluation.files.map { JSONOutput.encode(CheckFileV1($0, evaluation: evaluation), pretty: false) }.joined()
  }
}
