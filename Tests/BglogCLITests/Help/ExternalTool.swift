import Foundation

/// Runs a program found on `PATH` (bash, zsh, fish, groff) for checks that need the real tool; tests that
/// use one are enabled only when it is installed.
enum ExternalTool {
  /// The program's path, when it is on `PATH`.
  static func path(_ name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Whether the program is installed.
  static func has(_ name: String) -> Bool { path(name) != nil }

  /// Runs it to completion and returns its exit status and output.
  static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path(name) ?? "/usr/bin/\(name)")
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting: a full pipe would otherwise block the child forever.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
    )
  }

  /// Writes `text` to a new temporary file and returns its path.
  static func temporaryFile(_ text: String, name: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
