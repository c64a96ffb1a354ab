import BglogKit
import Foundation

/// Locates files under `Tests/Fixtures` and `Samples` from the source tree, so tests need no
/// resource bundles.
public enum Fixtures {
  /// The package root, found from this file's path.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // BglogTestSupport
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()

  /// The workplace's shared reference material (`../shared` beside the package root: seeds, the
  /// real corpus, the SARIF schema). It is read in place and never copied into the project.
  public static let shared: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    .standardizedFileURL

  /// The path of a file or folder under `../shared`, given its relative path.
  public static func sharedPath(_ relativePath: String) -> String {
    shared.appendingPathComponent(relativePath).path
  }

  /// Whether `../shared/<relativePath>` exists. Tests that need it use this in an `.enabled(if:)`
  /// trait with `sharedMissing(_:)` as the comment, so a checkout without it shows them as skipped
  /// with the reason instead of passing silently.
  public static func hasShared(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: sharedPath(relativePath))
  }

  /// The skip reason printed when `../shared/<relativePath>` is absent.
  public static func sharedMissing(_ relativePath: String) -> String {
    "\(sharedPath(relativePath)) is not on this machine (the shared reference material beside the package)"
  }

  /// `Tests/Fixtures`.
  public static let root: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

  /// The URL of a fixture, given its path relative to `Tests/Fixtures`.
  public static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The bytes of a fixture.
  public static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(relativePath)))
  }

  /// The decoded text of a fixture.
  public static func source(_ relativePath: String) throws -> SourceText {
    SourceText(bytes: try bytes(relativePath))
  }

  /// The paths (relative to `Tests/Fixtures`) of the files in a fixture folder, sorted,
  /// leaving out `README.md` and files whose extension is not in `extensions` (when given).
  public static func files(in folder: String, extensions: Set<String>? = nil) -> [String] {
    let directory = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().compactMap { name in
      guard name != "README.md", !name.hasPrefix(".") else { return nil }
      if let extensions, !extensions.contains((name as NSString).pathExtension) { return nil }
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
      return isDirectory.boolValue ? nil : folder + "/" + name
    }
  }

  /// Whether golden files should be rewritten (`BGLOG_RECORD=1`).
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment["BGLOG_RECORD"] == "1"
  }
}
