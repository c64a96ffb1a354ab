import BglogKit
import BglogRendering
import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `bglog timeline --follow`: prints each recognised event as the log arrives, with the app's running
/// state, and each finding the moment the events make it certain; Ctrl-C (or the end of the input)
/// prints the summary so far.
///
/// Memory stays flat: the builder keeps at most `TimelineBuilder.maximumEvents` events, and this
/// class keeps one state line per app and the ids of the findings already printed.
final class TimelineFollow: @unchecked Sendable {
  private let lock = NSLock()
  private var builder: TimelineBuilder
  private let io: CommandIO
  private let wantedApp: String?
  private var pending: [(TimelineEvent, String?)] = []
  private var states: [String: AppState] = [:]
  private var printedFindings: Set<String> = []
  private var done = false

  /// What the follower knows about one app's state.
  struct AppState {
    var state = "unknown"
    var backgroundSince: Double?
  }

  init(options: TimelineOptions, io: CommandIO) {
    self.builder = TimelineBuilder(options: options)
    self.io = io
    self.wantedApp = options.app?.lowercased()
    builder.eventHandler = { [unowned self] event, app in self.pending.append((event, app)) }
  }

  /// Follows `input` until it ends or the process is interrupted.
  ///
  /// - Parameter handlesInterrupt: install a SIGINT handler that prints the summary and exits (the
  ///   real process); tests leave it off.
  func run(_ input: InputFile, handlesInterrupt: Bool) -> ExitStatus {
    let name = input.path == "-" ? "standard input" : input.path
    io.writeOut(
      "Following \(TerminalText.printable(name)); events appear as they arrive. Ctrl-C prints the summary so far.\n\n")
    var interrupt: DispatchSourceSignal?
    if handlesInterrupt {
      signal(SIGINT, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
      source.setEventHandler { [self] in
        self.finish(interrupted: true)
        exit(0)
      }
      source.resume()
      interrupt = source
    }
    defer { interrupt?.cancel() }
    do {
      try LineStream.forEachLine(input, stdin: input.path == "-" ? io.stdinHandle() : nil, live: true) { line in
        lock.withLock { consume(line) }
        return true
      }
    } catch {
      io.error(error)
      return .inputError
    }
    finish(interrupted: false)
    return .success
  }

  /// Feeds one line; prints the events it completed and any finding that became certain. Caller holds the lock.
  private func consume(_ line: Substring) {
    builder.consume(line: line)
    guard !pending.isEmpty else { return }
    let events = pending
    pending.removeAll(keepingCapacity: true)
    var decisive = false
    for (event, app) in events where matches(app) {
      io.writeOut(describe(event, app: app) + "\n")
      switch event.kind {
      case .killed, .crashed, .exited, .expiryWarning, .relaunchedInBackground, .resumed, .transferCancelled,
        .completionHandlerWarning:
        decisive = true
      default:
        break
      }
    }
    // Findings are judged on the events so far, only when an event that can complete one arrives,
    // so the analysis does not run on every line.
    if decisive { printNewFindings(of: snapshot()) }
  }

  private func matches(_ app: String?) -> Bool {
    guard let wantedApp else { return true }
    guard let app = app?.lowercased() else { return true }
    return app == wantedApp || app.hasSuffix("." + wantedApp) || wantedApp.hasSuffix("." + app)
  }

  private func snapshot() -> TimelineResult { builder.snapshot() }

  private func describe(_ event: TimelineEvent, app: String?) -> String {
    // Log text goes to the terminal: escaped value by value (one line each, no controls).
    let event = TerminalText.printable(event)
    let app = app.map(TerminalText.printable)
    // State is kept per process (pid), since a relaunch is a new process of the same app.
    let key = event.pid.map { "\(app ?? event.lane)[\($0)]" } ?? app ?? event.lane
    var state = states[key] ?? AppState()
    switch event.kind {
    case .enteredBackground:
      state.state = "background"
      state.backgroundSince = state.backgroundSince ?? event.clock
    case .suspended: state.state = "suspended"
    case .resumed, .relaunchedInBackground:
      state.state = "background (woken)"
      state.backgroundSince = state.backgroundSince ?? event.clock
    case .launched: state.state = "running"
    case .killed, .crashed: state.state = "killed"
    case .exited: state.state = "not running"
    default: break
    }
    states[key] = state
    var status = ""
    if state.state != "unknown" {
      status = state.state
      if let since = state.backgroundSince, let now = event.clock, state.state.hasPrefix("background") {
        status += " for \(Int(saturating: (now - since).rounded())) s"
      }
      status = "  [\(key): \(status)]"
    }
    let time = (event.timestamp?.timeOfDayText ?? "").column(15)
    let lane = event.lane.column(15)
    let kind = event.kind.rawValue.column(25)
    return "\(time)\(lane)\(kind)\(event.detail)\(status)"
  }

  private func printNewFindings(of result: TimelineResult) {
    for app in result.apps {
      for finding in app.findings {
        // A finding is identified by its kind and where its evidence starts (not by its app, whose
        // name can change as more lines join it), so a finding whose wording grows is printed once.
        let id = "\(finding.kind.rawValue)|\(finding.evidence.map(\.line).min() ?? 0)"
        guard printedFindings.insert(id).inserted else { continue }
        io.writeOut(
          "  ▶ finding [\(finding.confidence.rawValue)] \(finding.kind.rawValue): \(TerminalText.printable(finding.summary))\n"
        )
      }
    }
  }

  /// Prints the findings not yet shown and the summary. Safe to call from the interrupt handler.
  private func finish(interrupted: Bool) {
    lock.withLock {
      guard !done else { return }
      done = true
      // The last record is complete only now; print its events before the findings.
      let result = builder.finish()
      for (event, app) in pending where matches(app) { io.writeOut(describe(event, app: app) + "\n") }
      pending.removeAll()
      printNewFindings(of: result)
      io.writeOut(interrupted ? "\nInterrupted: the summary so far.\n\n" : "\nEnd of input: the summary.\n\n")
      io.writeOut(TimelineTextRenderer().render(result))
    }
  }
}
