/// What bglog concluded about one report: the kind, how sure it is, and the lines that prove it.
public struct Diagnosis: Sendable, Hashable {
  /// The stable kind id.
  public var kind: DiagnosisKind
  /// How sure the classifier is.
  public var confidence: Confidence
  /// One sentence: what happened.
  public var summary: String
  /// Why bglog concluded this, in a few sentences, including what lowered the confidence.
  public var explanation: String
  /// What to change in the code, most likely fix first.
  public var advice: [String]
  /// The report lines (or JSON values) the conclusion rests on, in report order.
  public var evidence: [Evidence]
  /// Extra facts read from the report (termination code, watchdog event, first app frame...).
  public var facts: [Fact]

  /// Creates a diagnosis.
  public init(
    kind: DiagnosisKind,
    confidence: Confidence,
    summary: String,
    explanation: String,
    advice: [String] = [],
    evidence: [Evidence] = [],
    facts: [Fact] = []
  ) {
    self.kind = kind
    self.confidence = confidence
    self.summary = summary
    self.explanation = explanation
    self.advice = advice.isEmpty ? kind.reference.advice : advice
    self.evidence = evidence
    self.facts = facts
  }
}

/// How sure a classification is.
public enum Confidence: String, Sendable, Hashable, CaseIterable, Comparable {
  /// A plausible reading; other explanations remain likely.
  case low
  /// The main signal is present but something that would confirm it is missing.
  case medium
  /// Several independent signals agree.
  case high

  private var rank: Int {
    switch self {
    case .low: 0
    case .medium: 1
    case .high: 2
    }
  }

  /// Orders low < medium < high.
  public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.rank < rhs.rank }
}

/// One quoted piece of a report that a conclusion rests on.
public struct Evidence: Sendable, Hashable {
  /// Where it is.
  public var location: SourceLocation?
  /// The quoted line, or `path = value` for JSON.
  public var quote: String
  /// What it shows.
  public var note: String

  /// Creates a piece of evidence.
  public init(location: SourceLocation?, quote: String, note: String) {
    self.location = location
    self.quote = quote
    self.note = note
  }
}

/// A named fact read from a report, such as `termination-code = 0x8badf00d`.
public struct Fact: Sendable, Hashable {
  /// A stable lowercase key.
  public var key: String
  /// The value as text.
  public var value: String

  /// Creates a fact.
  public init(_ key: String, _ value: String) {
    self.key = key
    self.value = value
  }
}
