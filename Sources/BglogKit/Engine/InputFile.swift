import Foundation

/// One input to process: a file path, or standard input (`-`).
public struct InputFile: Sendable, Hashable, Comparable {
  /// The path as the user gave it or as found under a directory; `-` for standard input.
  public var path: String
  /// Whether the file was found by walking a directory (rather than named by the user).
  /// Files found by walking that are not reports are skipped, not errors.
  public var foundInDirectory: Bool

  /// Creates an input.
  public init(path: String, foundInDirectory: Bool = false) {
    self.path = path
    self.foundInDirectory = foundInDirectory
  }

  /// Orders by path.
  public static func < (lhs: InputFile, rhs: InputFile) -> Bool { lhs.path < rhs.path }
}

/// Why an input could not be processed. Holds facts; the CLI words them.
public enum InputError: Error, Sendable, Hashable {
  /// The path does not exist.
  case notFound(path: String)
  /// The file exists but could not be read; the string is the system's reason.
  case unreadable(path: String, reason: String)
  /// The path is not a regular file (a FIFO, a device, a socket).
  case notARegularFile(path: String)
  /// The file is larger than bglog reads for this command.
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The file was read but is not a report (or could not be parsed as one).
  case parse(path: String, ReportParseError)

  /// The path the error is about.
  public var path: String {
    switch self {
    case .notFound(let path), .unreadable(let path, _), .notARegularFile(let path), .tooLarge(let path, _, _),
      .parse(let path, _):
      return path
    }
  }
}

/// Finds the files to process under the paths the user gave.
public enum InputCollector {
  /// Expands directories recursively (not following symbolic links to directories, so loops cannot
  /// trap it) and returns every input sorted by path, plus errors for paths that do not exist.
  ///
  /// - Parameters:
  ///   - paths: files, directories, or `-`.
  ///   - extensions: when walking directories, only files with these extensions (lowercased, no dot);
  ///     `nil` takes every file.
  public static func collect(_ paths: [String], extensions: Set<String>? = nil) -> (
    inputs: [InputFile], errors: [InputError]
  ) {
    var inputs: [InputFile] = []
    var errors: [InputError] = []
    let manager = FileManager.default
    for path in paths {
      if path == "-" {
        inputs.append(InputFile(path: "-"))
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        errors.append(.notFound(path: path))
        continue
      }
      guard isDirectory.boolValue else {
        inputs.append(InputFile(path: path))
        continue
      }
      walk(path, into: &inputs, extensions: extensions, errors: &errors)
    }
    // Keep the user's stdin first; sort the rest so output order never depends on the file system.
    let stdin = inputs.filter { $0.path == "-" }
    let files = inputs.filter { $0.path != "-" }.sorted()
    var seen: Set<String> = []
    return (stdin + files.filter { seen.insert($0.path).inserted }, errors)
  }

  private static func walk(
    _ directory: String, into inputs: inout [InputFile], extensions: Set<String>?, errors: inout [InputError]
  ) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: directory) else {
      errors.append(.unreadable(path: directory, reason: "directory could not be listed"))
      return
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      guard let attributes = try? manager.attributesOfItem(atPath: path),
        let type = attributes[.type] as? FileAttributeType
      else { continue }
      switch type {
      case .typeDirectory:
        walk(path, into: &inputs, extensions: extensions, errors: &errors)
      case .typeRegular:
        let ext = (name as NSString).pathExtension.lowercased()
        if let extensions, !extensions.contains(ext) { continue }
        inputs.append(InputFile(path: path, foundInDirectory: true))
      default:
        // Symbolic links, FIFOs, sockets and devices found while walking are not followed or opened:
        // a FIFO would block and a link could loop.
        continue
      }
    }
  }
}

/// Reads whole files with a size limit, refusing anything that is not a regular file.
public enum InputReader {
  /// Reads a file's bytes, or standard input's when `input.path` is `-`.
  ///
  /// - Parameters:
  ///   - input: what to read.
  ///   - limit: the largest size accepted, in bytes.
  ///   - stdin: supplies standard input's bytes.
  /// - Throws: ``InputError`` when the file is missing, unreadable, not regular or too large.
  public static func read(_ input: InputFile, limit: Int, stdin: () -> [UInt8]) throws(InputError) -> [UInt8] {
    if input.path == "-" { return stdin() }
    let manager = FileManager.default
    guard let attributes = try? manager.attributesOfItem(atPath: input.path) else {
      if manager.fileExists(atPath: input.path) { throw .unreadable(path: input.path, reason: "permission denied") }
      throw .notFound(path: input.path)
    }
    guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
      throw .notARegularFile(path: input.path)
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size <= limit else { throw .tooLarge(path: input.path, bytes: size, limit: limit) }
    guard let handle = FileHandle(forReadingAtPath: input.path) else {
      throw .unreadable(path: input.path, reason: "permission denied")
    }
    defer { try? handle.close() }
    do {
      // Read at most one byte past the limit, in case the file grew after it was measured.
      let data = try handle.read(upToCount: limit + 1) ?? Data()
      guard data.count <= limit else { throw InputError.tooLarge(path: input.path, bytes: data.count, limit: limit) }
      return [UInt8](data)
    } catch let error as InputError {
      throw error
    } catch {
      throw .unreadable(path: input.path, reason: "\(error.localizedDescription)")
    }
  }
}
