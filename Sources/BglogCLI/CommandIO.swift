/// Everything a command may touch outside itself, so tests can run commands in-process.
public struct CommandIO: Sendable {
  /// Writes to standard output.
  public var writeOut: @Sendable (String) -> Void
  /// Writes to standard error.
  public var writeErr: @Sendable (String) -> Void
  /// Reads all of standard input.
  public var readStdin: @Sendable () -> [UInt8]
  /// The environment variables.
  public var environment: [String: String]
  /// Whether standard output is a terminal (for `--color auto`).
  public var stdoutIsTerminal: Bool

  /// Creates an I/O bundle.
  public init(
    writeOut: @escaping @Sendable (String) -> Void,
    writeErr: @escaping @Sendable (String) -> Void,
    readStdin: @escaping @Sendable () -> [UInt8] = { [] },
    environment: [String: String] = [:],
    stdoutIsTerminal: Bool = false
  ) {
    self.writeOut = writeOut
    self.writeErr = writeErr
    self.readStdin = readStdin
    self.environment = environment
    self.stdoutIsTerminal = stdoutIsTerminal
  }
}
