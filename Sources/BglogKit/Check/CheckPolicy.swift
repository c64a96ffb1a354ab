import Foundation

/// What makes `check` fail: the kinds that fail, the lowest confidence that counts, and what an
/// unreadable input does to the exit status.
public struct CheckPolicy: Sendable, Hashable {
  /// The kinds that fail the check.
  public var failOn: Selection
  /// Findings less sure than this are reported but never fail.
  public var minimumConfidence: Confidence
  /// What an input that could not be read does.
  public var inputErrors: InputErrorRule

  /// Creates a policy; the defaults fail on the background terminations, at any confidence.
  public init(
    failOn: Selection = .background, minimumConfidence: Confidence = .low, inputErrors: InputErrorRule = .error
  ) {
    self.failOn = failOn
    self.minimumConfidence = minimumConfidence
    self.inputErrors = inputErrors
  }

  /// Why a finding does or does not fail the check.
  public func verdict(_ finding: CheckFinding) -> CheckFindingStatus {
    guard failOn.contains(finding.kind) else { return .notSelected }
    guard finding.confidence >= minimumConfidence else { return .belowConfidence }
    return .fails
  }

  /// A set of kinds, written `any`, `background`, `none` or kind ids separated by commas.
  public enum Selection: Sendable, Hashable {
    /// Every kind that is a problem (all but ``CheckPolicy/informationalKinds``).
    case any
    /// The background terminations: the kinds bglog exists for.
    case background
    /// These kind ids (which may be empty: report only, never fail).
    case kinds(Set<String>)

    /// Whether a kind is selected.
    public func contains(_ kind: String) -> Bool {
      switch self {
      case .any: !CheckPolicy.informationalKinds.contains(kind)
      case .background: CheckPolicy.backgroundKinds.contains(kind)
      case .kinds(let kinds): kinds.contains(kind)
      }
    }

    /// The words as written on the command line.
    public var description: String {
      switch self {
      case .any: "any"
      case .background: "background"
      case .kinds(let kinds): kinds.isEmpty ? "none" : kinds.sorted().joined(separator: ",")
      }
    }

    /// Parses `any`, `background`, `none` or kind ids; throws the first word that is none of these.
    public init(words: [String]) throws(CheckPolicyError) {
      var kinds: Set<String> = []
      var any = false
      var background = false
      for word in words.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) {
        switch word {
        case "any": any = true
        case "background": background = true
        case "none", "": continue
        default:
          guard CheckPolicy.knownKinds.contains(word) else { throw .unknownKind(word) }
          kinds.insert(word)
        }
      }
      if any {
        self = .any
      } else if background {
        self = kinds.isEmpty ? .background : .kinds(kinds.union(CheckPolicy.backgroundKinds))
      } else {
        self = .kinds(kinds)
      }
    }
  }

  /// What an input that could not be read does to the result.
  public enum InputErrorRule: String, Sendable, Hashable, CaseIterable {
    /// Exit 2 when the policy otherwise passes (the default).
    case error
    /// Counts as a policy failure: exit 1.
    case fail
    /// Reported, but the exit status ignores it.
    case ignore
  }

  /// Every kind id `check` can report: crash-report kinds and console-log finding kinds.
  public static let knownKinds: Set<String> = Set(DiagnosisKind.allCases.map(\.rawValue))
    .union(TimelineFinding.Kind.allCases.map(\.rawValue))

  /// Kinds that say what a report is rather than that something went wrong; `any` leaves them out.
  public static let informationalKinds: Set<String> = [
    DiagnosisKind.stackshot.rawValue, DiagnosisKind.otherReport.rawValue, DiagnosisKind.insufficientData.rawValue,
  ]

  /// The kinds `background` (the default) selects.
  public static let backgroundKinds: Set<String> = Set(
    DiagnosisKind.allCases.filter(\.isBackgroundTermination).map(\.rawValue))
}

/// Why a finding does or does not fail the check, from most to least serious.
public enum CheckFindingStatus: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Its kind is selected, it is sure enough, and it is not in the baseline.
  case fails
  /// It would fail, but the baseline accepts it.
  case baselined
  /// Its kind is selected but it is less sure than the minimum confidence.
  case belowConfidence = "below-confidence"
  /// Its kind is not selected by `--fail-on`.
  case notSelected = "not-selected"

  /// Orders `fails` first.
  public static func < (lhs: CheckFindingStatus, rhs: CheckFindingStatus) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// A policy word that is not valid.
public enum CheckPolicyError: Error, Sendable, Hashable {
  /// Not a kind id, `any`, `background` or `none`.
  case unknownKind(String)
}
