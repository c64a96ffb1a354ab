/// The subset of SARIF 2.1.0 that `check --format sarif` writes, as Codable wire types.
public struct SARIFLogV210: Codable, Sendable, Hashable {
  /// The schema URI.
  public var schema = "https://json.schemastore.org/sarif-2.1.0.json"
  /// Always `2.1.0`.
  public var version = "2.1.0"
  /// One run.
  public var runs: [Run]

  enum CodingKeys: String, CodingKey {
    case schema = "$schema"
    case version, runs
  }

  /// One run of the tool.
  public struct Run: Codable, Sendable, Hashable {
    /// The tool and its rules.
    public var tool: Tool
    /// The invocation, carrying input errors as notifications.
    public var invocations: [Invocation]
    /// The results.
    public var results: [Result]
  }

  /// `tool`.
  public struct Tool: Codable, Sendable, Hashable {
    /// `driver`.
    public var driver: Driver
  }

  /// `toolComponent`.
  public struct Driver: Codable, Sendable, Hashable {
    /// `bglog`.
    public var name: String
    /// The version.
    public var version: String
    /// The semantic version.
    public var semanticVersion: String
    /// One rule per kind that has results.
    public var rules: [Rule]
  }

  /// `reportingDescriptor`.
  public struct Rule: Codable, Sendable, Hashable {
    /// The kind id.
    public var id: String
    /// A PascalCase name.
    public var name: String
    /// The title.
    public var shortDescription: Message
    /// The meaning.
    public var fullDescription: Message
    /// How to confirm and what to change.
    public var help: Message
    /// The default level.
    public var defaultConfiguration: Configuration
    /// Tags.
    public var properties: RuleProperties
  }

  /// `reportingConfiguration`.
  public struct Configuration: Codable, Sendable, Hashable {
    /// `error`, `warning` or `note`.
    public var level: String
  }

  /// Rule property bag.
  public struct RuleProperties: Codable, Sendable, Hashable {
    /// Tags shown by code scanning.
    public var tags: [String]
  }

  /// `message` / `multiformatMessageString`.
  public struct Message: Codable, Sendable, Hashable {
    /// Plain text.
    public var text: String
    /// Markdown, when given.
    public var markdown: String?
  }

  /// `result`.
  public struct Result: Codable, Sendable, Hashable {
    /// The kind id.
    public var ruleId: String
    /// The rule's index in `rules`.
    public var ruleIndex: Int
    /// `error`, `warning` or `note`.
    public var level: String
    /// The summary.
    public var message: Message
    /// The report file and evidence line.
    public var locations: [Location]?
    /// `bglogSignature/v1`: the signature fingerprint.
    public var partialFingerprints: [String: String]
    /// `new` or `unchanged`, when a baseline was given.
    public var baselineState: String?
    /// bglog's own fields.
    public var properties: ResultProperties
  }

  /// Result property bag.
  public struct ResultProperties: Codable, Sendable, Hashable {
    /// The confidence.
    public var confidence: String
    /// The check status.
    public var status: String
    /// The signature text.
    public var signature: String
  }

  /// `location`.
  public struct Location: Codable, Sendable, Hashable {
    /// `physicalLocation`.
    public var physicalLocation: PhysicalLocation
  }

  /// `physicalLocation`.
  public struct PhysicalLocation: Codable, Sendable, Hashable {
    /// The file.
    public var artifactLocation: ArtifactLocation
    /// The line, when known.
    public var region: Region?
  }

  /// `artifactLocation`.
  public struct ArtifactLocation: Codable, Sendable, Hashable {
    /// A relative URI reference (percent-encoded path).
    public var uri: String
  }

  /// `region`.
  public struct Region: Codable, Sendable, Hashable {
    /// The 1-based line.
    public var startLine: Int
    /// The evidence line quoted.
    public var snippet: Snippet?
  }

  /// `artifactContent`.
  public struct Snippet: Codable, Sendable, Hashable {
    /// The text.
    public var text: String
  }

  /// `invocation`.
  public struct Invocation: Codable, Sendable, Hashable {
    /// False when an input could not be read.
    public var executionSuccessful: Bool
    /// One per input error.
    public var toolExecutionNotifications: [Notification]
  }

  /// `notification`.
  public struct Notification: Codable, Sendable, Hashable {
    /// `error` or `warning`.
    public var level: String
    /// The message.
    public var message: Message
    /// The input.
    public var locations: [Location]?
  }
}
