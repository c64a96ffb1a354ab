import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a path is after following symbolic links, from `stat(2)`.
///
/// `FileManager.attributesOfItem` does not follow links, and `/dev/fd/N` (process substitution)
/// links to a pipe that has no path, so only `stat` can say a named input is a readable FIFO.
public enum FileKind: Sendable, Hashable {
  /// A regular file, with its size in bytes.
  case regular(size: Int)
  /// A directory.
  case directory
  /// A FIFO (named pipe or process substitution).
  case fifo
  /// A character or block device.
  case device
  /// A socket.
  case socket
  /// Anything else.
  case other
  /// Missing, a broken or looping link, or not permitted.
  case unavailable

  /// The kind of `path`, following links.
  public static func of(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .unavailable }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(size: Int(info.st_size))
    case S_IFDIR: return .directory
    case S_IFIFO: return .fifo
    case S_IFCHR, S_IFBLK: return .device
    case S_IFSOCK: return .socket
    default: return .other
    }
  }

  /// The kind of an input bglog is about to open, or the error that says why it will not: regular
  /// files are read; FIFOs only when named on the command line (never found while walking a
  /// directory); everything else is refused with the reason.
  ///
  /// - Throws: ``InputError`` naming the path.
  public static func openable(_ input: InputFile) throws(InputError) -> FileKind {
    let kind = FileKind.of(input.path)
    switch kind {
    case .regular:
      return kind
    case .fifo where !input.foundInDirectory:
      return kind
    case .unavailable:
      if FileManager.default.fileExists(atPath: input.path) {
        throw .unreadable(path: input.path, reason: "permission denied")
      }
      let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: input.path)) != nil
      throw isLink
        ? .unreadable(path: input.path, reason: "broken or looping symbolic link") : .notFound(path: input.path)
    default:
      throw .notARegularFile(path: input.path)
    }
  }
}
