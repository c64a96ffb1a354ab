/// Every finding with one signature: a thousand copies of one problem are one line.
public struct CheckGroup: Sendable, Hashable {
  /// What the findings share.
  public var signature: CheckSignature
  /// The most serious status among the findings.
  public var status: CheckFindingStatus
  /// The highest confidence among the findings.
  public var confidence: Confidence
  /// How many findings.
  public var count: Int
  /// The files they are in, sorted, each once.
  public var files: [String]
  /// The first finding in path order: where annotations point.
  public var first: Occurrence

  /// Creates a group.
  public init(
    signature: CheckSignature, status: CheckFindingStatus, confidence: Confidence, count: Int, files: [String],
    first: Occurrence
  ) {
    self.signature = signature
    self.status = status
    self.confidence = confidence
    self.count = count
    self.files = files
    self.first = first
  }

  /// The kind id.
  public var kind: String { signature.kind }

  /// One finding and its file.
  public struct Occurrence: Sendable, Hashable {
    /// The file as given or found.
    public var file: String
    /// The finding.
    public var finding: CheckFinding

    /// Creates an occurrence.
    public init(file: String, finding: CheckFinding) {
      self.file = file
      self.finding = finding
    }
  }
}
