import BglogKit
import BglogRendering
import Foundation

/// Everything a command may touch outside itself, so tests can run commands in-process.
public struct CommandIO: Sendable {
  /// Writes to standard output.
  public var writeOut: @Sendable (String) -> Void
  /// Writes to standard error.
  public var writeErr: @Sendable (String) -> Void
  /// Reads all of standard input.
  public var readStdin: @Sendable () -> [UInt8]
  /// Standard input as a handle, for commands that stream it (`timeline -`) instead of reading it whole.
  public var stdinHandle: @Sendable () -> FileHandle
  /// The environment variables.
  public var environment: [String: String]
  /// Whether standard output is a terminal (for `--color auto`, and fitting text to its width).
  public var stdoutIsTerminal: Bool
  /// The terminal's width in columns, when standard output is a terminal that says
  /// (`ioctl(TIOCGWINSZ)`); `nil` otherwise, and then `COLUMNS` in ``environment`` or 80 is used.
  public var terminalColumns: Int?
  /// Whether long-running commands may install a SIGINT handler (the real process; not tests).
  public var handlesInterrupt: Bool = false

  /// Creates an I/O bundle.
  public init(
    writeOut: @escaping @Sendable (String) -> Void,
    writeErr: @escaping @Sendable (String) -> Void,
    readStdin: @escaping @Sendable () -> [UInt8] = { [] },
    stdinHandle: @escaping @Sendable () -> FileHandle = { FileHandle.standardInput },
    environment: [String: String] = [:],
    stdoutIsTerminal: Bool = false,
    terminalColumns: Int? = nil
  ) {
    self.writeOut = writeOut
    self.writeErr = writeErr
    self.readStdin = readStdin
    self.stdinHandle = stdinHandle
    self.environment = environment
    self.stdoutIsTerminal = stdoutIsTerminal
    self.terminalColumns = terminalColumns
  }
}

extension CommandIO {
  /// `bglog: error: message` on standard error. Messages quote input (file names, keys, values), so the
  /// whole message is escaped for a terminal here, once: callers pass raw text.
  func error(_ message: String) { diagnostic("error", message) }

  /// `bglog: error: path:line: message` for an input that could not be used.
  func error(_ error: InputError) {
    writeErr("bglog: error: " + ErrorDescription.located(error, for: .terminal) + "\n")
  }

  /// `bglog: warning: message` on standard error (escaped as ``error(_:)-(String)``).
  func warning(_ message: String) { diagnostic("warning", message) }

  /// `bglog: note: message` on standard error (escaped as ``error(_:)-(String)``).
  func note(_ message: String) { diagnostic("note", message) }

  private func diagnostic(_ level: String, _ message: String) {
    writeErr("bglog: \(level): " + Escaper.escape(message, for: .terminal) + "\n")
  }
}
