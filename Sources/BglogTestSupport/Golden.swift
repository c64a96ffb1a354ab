import Foundation
import Testing

/// Golden-file comparison with a record switch (`BGLOG_RECORD=1`).
public enum Golden {
  /// Compares `output` with the file at `url`; when recording, rewrites it and records an issue so a
  /// recording run never passes by accident.
  public static func assertMatches(
    _ output: String, file url: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let name = url.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "")
    if Fixtures.isRecording {
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try output.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded new baseline \(name); run again without BGLOG_RECORD", sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("missing golden file \(name); record it with BGLOG_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    if output != expected {
      let difference = firstDifference(output, expected)
      Issue.record(
        "output differs from \(name); re-record with BGLOG_RECORD=1 if intended\n\(difference)",
        sourceLocation: sourceLocation)
    }
  }

  /// The first differing line of two texts, for readable failures.
  static func firstDifference(_ actual: String, _ expected: String) -> String {
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, e.count) {
      let left = index < a.count ? String(a[index]) : "<end>"
      let right = index < e.count ? String(e[index]) : "<end>"
      if left != right { return "line \(index + 1):\n  actual:   \(left)\n  expected: \(right)" }
    }
    return ""
  }

  /// Makes the package root the working directory, so relative paths in outputs are stable.
  public static func useRelativePaths() {
    _ = FileManager.default.changeCurrentDirectoryPath(Fixtures.packageRoot.path)
  }
}
