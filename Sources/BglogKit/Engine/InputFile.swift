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
  /// A console log read in part: recognised events were left out to bound memory (more apps or
  /// events than the timeline keeps), so findings may be missing.
  case incomplete(path: String, droppedEvents: Int)

  /// Whether the input was read, but only in part (``incomplete(path:droppedEvents:)``).
  public var isReadInPart: Bool {
    if case .incomplete = self { return true }
    return false
  }

  /// The path the error is about.
  public var path: String {
    switch self {
    case .notFound(let path), .unreadable(let path, _), .notARegularFile(let path), .tooLarge(let path, _, _),
      .parse(let path, _), .incomplete(let path, _):
      return path
    }
  }
}

/// Finds the files to process under the paths the user gave.
public enum InputCollector {
  /// What ``collectAll(_:extensions:)`` found.
  public struct Collection: Sendable, Hashable {
    /// The inputs to process, sorted by path (standard input first).
    public var inputs: [InputFile]
    /// Paths that do not exist or could not be listed.
    public var errors: [InputError]
    /// Entries met while walking directories that are not read, with the reason (hidden entries, links
    /// to directories, FIFOs, sockets, devices, broken links, names that are not UTF-8, paths over the
    /// system's limit).
    public var skipped: [(path: String, reason: String)]

    /// Compares inputs, errors and skipped paths.
    public static func == (lhs: Collection, rhs: Collection) -> Bool {
      lhs.inputs == rhs.inputs && lhs.errors == rhs.errors
        && lhs.skipped.map(\.path) == rhs.skipped.map(\.path)
    }

    /// Hashes the inputs and errors.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(inputs)
      hasher.combine(errors)
    }
  }

  /// Expands directories recursively and returns every input sorted by path, plus errors for paths
  /// that do not exist.
  ///
  /// - Parameters:
  ///   - paths: files, directories, or `-`.
  ///   - extensions: when walking directories, only files with these extensions (lowercased, no dot);
  ///     `nil` takes every file.
  public static func collect(_ paths: [String], extensions: Set<String>? = nil) -> (
    inputs: [InputFile], errors: [InputError]
  ) {
    let all = collectAll(paths, extensions: extensions)
    return (all.inputs, all.errors)
  }

  /// Like ``collect(_:extensions:)``, and also lists what was skipped while walking, so nothing
  /// disappears silently. Symbolic links to regular files are followed and read; links to directories
  /// are not (a link loop cannot trap the walk); FIFOs, sockets and devices are never opened while
  /// walking; hidden entries (names starting with `.`, such as `.git` or `.DS_Store`) are not read
  /// or walked. Each of these is in ``Collection/skipped`` with its reason.
  public static func collectAll(_ paths: [String], extensions: Set<String>? = nil) -> Collection {
    var inputs: [InputFile] = []
    var errors: [InputError] = []
    var skipped: [(path: String, reason: String)] = []
    let manager = FileManager.default
    for path in paths {
      if path == "-" {
        inputs.append(InputFile(path: "-"))
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        let isLink = (try? manager.destinationOfSymbolicLink(atPath: path)) != nil
        errors.append(
          isLink ? .unreadable(path: path, reason: "broken or looping symbolic link") : .notFound(path: path))
        continue
      }
      guard isDirectory.boolValue else {
        inputs.append(InputFile(path: path))
        continue
      }
      walk(path, into: &inputs, extensions: extensions, errors: &errors, skipped: &skipped)
    }
    // Keep the user's stdin first; sort the rest so output order never depends on the file system.
    let stdin = inputs.filter { $0.path == "-" }
    let files = inputs.filter { $0.path != "-" }.sorted()
    var seen: Set<String> = []
    return Collection(
      inputs: stdin + files.filter { seen.insert($0.path).inserted }, errors: errors,
      skipped: skipped.sorted { $0.path < $1.path })
  }

  /// The type of a directory entry, not following a final symbolic link; nil when it cannot be examined.
  ///
  /// `attributesOfItem` answers this too, but it also looks up the owner's and group's names for every
  /// file (tens of thousands of instructions each, on one thread before any work starts); only a
  /// symbolic link needs it here, and a `readlink` finds those.
  private static func entryType(_ path: String, manager: FileManager) -> FileAttributeType? {
    if (try? manager.destinationOfSymbolicLink(atPath: path)) != nil {
      return (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }
    // Not a link, so following links changes nothing: `stat` gives the same type as `lstat`.
    switch FileKind.of(path) {
    case .regular: return .typeRegular
    case .directory: return .typeDirectory
    case .fifo, .device, .socket, .other: return .typeUnknown
    case .unavailable: return nil
    }
  }

  /// Why an entry listed in a directory could not be examined.
  private static func unexaminedReason(name: String, path: String) -> String {
    if path.utf8.count >= pathLimit {
      return "the path is longer than the system's limit (\(pathLimit) bytes); not read"
    }
    // Foundation lists a name that is not UTF-8 with U+FFFD in place of its bytes, so it cannot be opened.
    if name.contains("\u{FFFD}") { return "the name is not valid UTF-8; not read" }
    return "could not be examined; not read"
  }

  /// The longest path the system opens (`PATH_MAX`).
  static let pathLimit: Int = {
    #if canImport(Darwin)
      return Int(PATH_MAX)
    #else
      return 4096
    #endif
  }()

  private static func walk(
    _ directory: String, into inputs: inout [InputFile], extensions: Set<String>?, errors: inout [InputError],
    skipped: inout [(path: String, reason: String)]
  ) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: directory) else {
      errors.append(.unreadable(path: directory, reason: "directory could not be listed"))
      return
    }
    for name in names.sorted() {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      if name.hasPrefix(".") {
        skipped.append((path, "hidden (the name starts with '.'); not read"))
        continue
      }
      guard var type = entryType(path, manager: manager) else {
        skipped.append((path, unexaminedReason(name: name, path: path)))
        continue
      }
      if type == .typeSymbolicLink {
        // Follow links to regular files only; a link to a directory could loop.
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
          let target = try? manager.attributesOfItem(atPath: (path as NSString).resolvingSymlinksInPath),
          (target[.type] as? FileAttributeType) == .typeRegular
        {
          type = .typeRegular
        } else {
          skipped.append((path, "symbolic link to a directory, a special file, or nothing; not followed"))
          continue
        }
      }
      switch type {
      case .typeDirectory:
        walk(path, into: &inputs, extensions: extensions, errors: &errors, skipped: &skipped)
      case .typeRegular:
        if let extensions, !extensions.contains((name as NSString).pathExtension.lowercased()) { continue }
        inputs.append(InputFile(path: path, foundInDirectory: true))
      default:
        // A FIFO would block and a device may never end: never opened while walking.
        skipped.append((path, "not a regular file (FIFO, socket or device); not read"))
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
    // A FIFO named on the command line (`bglog diagnose <(…)`) is read like stdin, up to the limit.
    if case .regular(let size) = try FileKind.openable(input), size > limit {
      throw .tooLarge(path: input.path, bytes: size, limit: limit)
    }
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
