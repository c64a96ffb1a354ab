import Foundation

/// Known problems accepted by a team: signatures whose findings are reported but do not fail `check`.
///
/// Written by `--write-baseline` and read by `--baseline`; only the fingerprints matter when reading, the
/// kind and signature text are there for people reviewing the file in a pull request.
public struct CheckBaseline: Sendable, Hashable, Codable {
  /// The file's format version.
  public var schemaVersion: Int
  /// The version of the signature rules the fingerprints were made with (``CheckSignature/version``);
  /// absent in files written before signatures were versioned (version 1).
  public var signatureVersion: Int?
  /// The accepted signatures, sorted by fingerprint.
  public var signatures: [Entry]

  /// Creates a baseline with the current signature rules.
  public init(signatures: [Entry]) {
    self.schemaVersion = 1
    self.signatureVersion = CheckSignature.version
    self.signatures = signatures.sorted { $0.fingerprint < $1.fingerprint }
  }

  /// The fingerprints accepted.
  public var fingerprints: Set<String> { Set(signatures.map(\.fingerprint)) }

  /// Entries written by signature rules version 1 that hold only the kind (a report without an app):
  /// version 2 names the killed process or the report in such signatures, so these match nothing now.
  public var kindOnlyEntries: [Entry] {
    guard (signatureVersion ?? 1) < 2 else { return [] }
    return signatures.filter { !$0.signature.contains(" · ") }
  }

  /// One accepted signature.
  public struct Entry: Sendable, Hashable, Codable {
    /// ``CheckSignature/fingerprint``.
    public var fingerprint: String
    /// The kind id.
    public var kind: String
    /// ``CheckSignature/text``, for people.
    public var signature: String
    /// How many findings had it when the baseline was written.
    public var count: Int

    /// Creates an entry.
    public init(fingerprint: String, kind: String, signature: String, count: Int) {
      self.fingerprint = fingerprint
      self.kind = kind
      self.signature = signature
      self.count = count
    }
  }

  /// Reads a baseline file's bytes.
  public static func decode(_ data: Data) throws(CheckBaselineError) -> CheckBaseline {
    let baseline: CheckBaseline
    do {
      baseline = try JSONDecoder().decode(CheckBaseline.self, from: data)
    } catch {
      throw .invalid("not a bglog baseline (expected {\"schemaVersion\": 1, \"signatures\": [...]})")
    }
    guard baseline.schemaVersion == 1 else { throw .invalid("unsupported schemaVersion \(baseline.schemaVersion)") }
    return baseline
  }

  /// The baseline file's text: pretty JSON with sorted keys, ending in a newline, stable across runs.
  public func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// A baseline file that could not be used.
public enum CheckBaselineError: Error, Sendable, Hashable {
  /// The file is not a baseline; the string says why.
  case invalid(String)
}
