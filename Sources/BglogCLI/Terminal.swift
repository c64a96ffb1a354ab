import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The real process's standard streams, for `main.swift`.
public enum Terminal {
  /// I/O bound to the process's stdin, stdout and stderr.
  ///
  /// A closed pipe on stdout (`bglog … | head`) ends the process quietly with status 0, like other
  /// Unix tools, instead of dying from SIGPIPE.
  public static func processIO() -> CommandIO {
    signal(SIGPIPE, SIG_IGN)
    let isTerminal = isatty(STDOUT_FILENO) == 1
    var io = CommandIO(
      writeOut: { text in write(text, to: STDOUT_FILENO, quietOnBrokenPipe: true) },
      writeErr: { text in write(text, to: STDERR_FILENO, quietOnBrokenPipe: false) },
      // A closed or unreadable standard input (`<&-`, a directory) reads as empty, which commands
      // report as an error naming <stdin>, instead of trapping in readDataToEndOfFile().
      readStdin: { [UInt8]((try? FileHandle.standardInput.readToEnd()) ?? Data()) },
      stdinHandle: { FileHandle.standardInput },
      environment: ProcessInfo.processInfo.environment,
      stdoutIsTerminal: isTerminal,
      terminalColumns: isTerminal ? columns(of: STDOUT_FILENO) : nil)
    io.handlesInterrupt = true
    return io
  }

  /// The width in columns of the terminal on `descriptor`, or `nil` when it does not say.
  static func columns(of descriptor: Int32) -> Int? {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
      var size = winsize()
      guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
      return Int(size.ws_col)
    #else
      return nil
    #endif
  }

  private static func write(_ text: String, to descriptor: Int32, quietOnBrokenPipe: Bool) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        #if canImport(Darwin)
          Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE && quietOnBrokenPipe { exit(0) }
        return
      }
      offset += written
    }
  }
}
