import BglogCLI
import Foundation

/// Captures what a command writes, for in-process CLI tests.
final class CapturedIO: @unchecked Sendable {
  private let lock = NSLock()
  private var outText = ""
  private var errText = ""
  let stdin: [UInt8]
  let environment: [String: String]
  let terminal: Bool

  init(stdin: [UInt8] = [], environment: [String: String] = [:], terminal: Bool = false) {
    self.stdin = stdin
    self.environment = environment
    self.terminal = terminal
  }

  var out: String { lock.withLock { outText } }

  /// Standard input as a pipe, written from another thread so large inputs cannot fill the pipe and block.
  func pipeOfStdin() -> FileHandle {
    let pipe = Pipe()
    let bytes = stdin
    let writer = pipe.fileHandleForWriting
    Thread.detachNewThread {
      writer.write(Data(bytes))
      try? writer.close()
    }
    return pipe.fileHandleForReading
  }
  var err: String { lock.withLock { errText } }

  var io: CommandIO {
    CommandIO(
      writeOut: { text in self.lock.withLock { self.outText += text } },
      writeErr: { text in self.lock.withLock { self.errText += text } },
      readStdin: { self.stdin },
      stdinHandle: { self.pipeOfStdin() },
      environment: environment,
      stdoutIsTerminal: terminal)
  }
}

/// Runs bglog in-process.
func runBglog(
  _ arguments: [String], stdin: String = "", environment: [String: String] = [:], terminal: Bool = false
) -> (status: ExitStatus, out: String, err: String) {
  let captured = CapturedIO(stdin: Array(stdin.utf8), environment: environment, terminal: terminal)
  let status = BglogCLI.run(arguments: arguments, io: captured.io)
  return (status, captured.out, captured.err)
}
