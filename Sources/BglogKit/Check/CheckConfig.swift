import Foundation

/// The `check` settings kept in a repository, in `.bglog.json`; command-line flags win over them.
///
/// ```json
/// { "failOn": ["leaked-background-task", "watchdog-hang"], "minConfidence": "medium",
///   "onInputError": "fail", "baseline": "ci/bglog-baseline.json", "format": "github" }
/// ```
public struct CheckConfig: Sendable, Hashable {
  /// The file name looked for from the working directory up.
  public static let fileName = ".bglog.json"
  /// The keys a config file may hold.
  public static let keys = ["baseline", "failOn", "format", "minConfidence", "onInputError"]

  /// Where the config was read from.
  public var path: String?
  /// `failOn`: kind ids, `any`, `background` or `none` (a string or an array of strings).
  public var failOn: [String]?
  /// `minConfidence`: `low`, `medium` or `high`.
  public var minimumConfidence: Confidence?
  /// `onInputError`: `error`, `fail` or `ignore`.
  public var inputErrors: CheckPolicy.InputErrorRule?
  /// `baseline`: a baseline file, resolved against the config file's directory.
  public var baseline: String?
  /// `format`: the output format name (checked by the CLI).
  public var format: String?

  /// Creates a config.
  public init(
    path: String? = nil, failOn: [String]? = nil, minimumConfidence: Confidence? = nil,
    inputErrors: CheckPolicy.InputErrorRule? = nil, baseline: String? = nil, format: String? = nil
  ) {
    self.path = path
    self.failOn = failOn
    self.minimumConfidence = minimumConfidence
    self.inputErrors = inputErrors
    self.baseline = baseline
    self.format = format
  }

  /// The nearest `.bglog.json` in `directory` or one of its parents, never above the repository root
  /// (the nearest directory holding `.git`, a directory or a worktree's file) or the home directory,
  /// whichever comes first. Outside both, only `directory` itself is searched: a file in a shared
  /// parent such as `/tmp` or `/` (which any local user may be able to write) is never obeyed.
  ///
  /// - Parameters:
  ///   - directory: where to start (the working directory).
  ///   - home: the home directory (`$HOME`), a boundary of the search; `nil` for none.
  public static func find(from directory: String, home: String?) -> String? {
    searched(from: directory, home: home).first { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
  }

  /// The candidate paths ``find(from:home:)`` looks at, nearest first.
  public static func searched(from directory: String, home: String?) -> [String] {
    let manager = FileManager.default
    let homePath = home.flatMap {
      $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL.path
    }
    var url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    var candidates: [String] = []
    while true {
      candidates.append(url.appendingPathComponent(fileName).path)
      if manager.fileExists(atPath: url.appendingPathComponent(".git").path) || url.path == homePath {
        return candidates
      }
      let parent = url.deletingLastPathComponent()
      // The top was reached without a repository or home directory: only the starting directory counts.
      if parent.path == url.path { return Array(candidates.prefix(1)) }
      url = parent
    }
  }

  /// Reads a config file.
  public static func load(path: String) throws(CheckConfigError) -> CheckConfig {
    guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
    return try decode(data, path: path)
  }

  /// Reads a config file's bytes; `path` names it in errors and anchors a relative `baseline`.
  public static func decode(_ data: Data, path: String) throws(CheckConfigError) -> CheckConfig {
    guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
      throw .invalid(path: path, problem: "not a JSON object")
    }
    if let unknown = root.keys.sorted().first(where: { !keys.contains($0) }) {
      throw .unknownKey(path: path, key: unknown)
    }
    var config = CheckConfig(path: path)
    if let value = root["failOn"] {
      if let word = value as? String {
        config.failOn = [word]
      } else if let words = value as? [String] {
        config.failOn = words
      } else {
        throw .invalid(path: path, problem: "'failOn' must be a string or an array of strings")
      }
    }
    if let value = root["minConfidence"] {
      guard let word = value as? String, let confidence = Confidence(rawValue: word) else {
        throw .invalid(path: path, problem: "'minConfidence' must be one of: low, medium, high")
      }
      config.minimumConfidence = confidence
    }
    if let value = root["onInputError"] {
      guard let word = value as? String, let rule = CheckPolicy.InputErrorRule(rawValue: word) else {
        throw .invalid(path: path, problem: "'onInputError' must be one of: error, fail, ignore")
      }
      config.inputErrors = rule
    }
    if let value = root["baseline"] {
      guard let file = value as? String, !file.isEmpty else {
        throw .invalid(path: path, problem: "'baseline' must be a file path")
      }
      let directory = (path as NSString).deletingLastPathComponent
      config.baseline = file.hasPrefix("/") || directory.isEmpty ? file : directory + "/" + file
    }
    if let value = root["format"] {
      guard let word = value as? String else { throw .invalid(path: path, problem: "'format' must be a string") }
      config.format = word
    }
    return config
  }
}

/// A config file that could not be used.
public enum CheckConfigError: Error, Sendable, Hashable {
  /// The file could not be read.
  case unreadable(path: String)
  /// The file is not valid; the string says what is wrong.
  case invalid(path: String, problem: String)
  /// A key bglog does not know (misspelt, or from a newer version).
  case unknownKey(path: String, key: String)
}
