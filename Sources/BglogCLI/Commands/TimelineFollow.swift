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
  /// An event that can complete a finding arrived since the findings were last judged.
  private var findingsDue = false
  private let style: TerminalStyle
  private let width: Int?
  /// The apps events were seen for (lowercased): once there are two, every line names its app.
  private var appsSeen: Set<String> = []
  /// The app of each pid, learned from events that name both, for events that name only the pid.
  private var appOfPID: [Int: String] = [:]
  /// The name used for an app, by `b:<bundle id>` and `n:<process name>` (lowercased).
  private var representative: [String: String] = [:]

  /// What the follower knows about one app's state.
  struct AppState {
    var state = "unknown"
    /// When the current stretch in the background began: entering the background, or the current
    /// wake (resume or background relaunch).
    var backgroundSince: Double?
  }

  init(
    options: TimelineOptions, io: CommandIO, style: TerminalStyle = TerminalStyle(enabled: false), width: Int? = nil
  ) {
    self.builder = TimelineBuilder(options: options)
    self.io = io
    self.style = style
    self.width = width
    self.wantedApp = options.app?.lowercased()
    builder.eventHandler = { [unowned self] event, app in self.pending.append((event, app)) }
  }

  /// Follows `input` until it ends or the process is interrupted.
  ///
  /// - Parameter handlesInterrupt: install a SIGINT handler that prints the summary and exits (the
  ///   real process); tests leave it off.
  func run(_ input: InputFile, handlesInterrupt: Bool) -> ExitStatus {
    let name = input.path == "-" ? "standard input" : input.path
    let opening =
      "Following \(TerminalText.printable(name)); events appear as they arrive. Ctrl-C prints the summary so far."
    io.writeOut((width.map { TextWrapping.wrap(opening, indent: "", width: $0) } ?? opening + "\n") + "\n")
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
      try LineStream.forEachLine(
        input, stdin: input.path == "-" ? io.stdinHandle() : nil, live: true,
        afterChunk: { [self] in lock.withLock { judgeFindings() } }
      ) { line in
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
    if decisive { findingsDue = true }
  }

  /// Findings are judged on the events so far once the lines that have arrived are read, and only
  /// when an event that can complete one came with them: the analysis runs over every event, so
  /// running it at each such event made a burst of them (a file already written, a flood from a
  /// pipe) quadratic (16 s for the 1,125 lines of `synthetic-timeline-filler-apps.log`, each an
  /// expiry warning). Caller holds the lock.
  private func judgeFindings() {
    guard findingsDue, !done else { return }
    findingsDue = false
    printNewFindings(of: snapshot())
  }

  private func matches(_ app: String?) -> Bool {
    guard let wantedApp else { return true }
    guard let app = app?.lowercased() else { return true }
    return app == wantedApp || app.hasSuffix("." + wantedApp) || wantedApp.hasSuffix("." + app)
  }

  private func snapshot() -> TimelineResult { builder.snapshot() }

  /// The app an event is about, by one name per app: lines name an app by bundle id or process name
  /// (`com.x.backgrounddemo`, `BackgroundDemo`), or only by pid. A process name equal to the last
  /// part of a bundle id, or a name seen with the same pid, is the same app (as the builder groups them).
  private func appName(of event: TimelineEvent, app named: String?) -> String? {
    let pidApp = event.pid.flatMap { appOfPID[$0] }
    guard let named else { return pidApp }
    let lower = named.lowercased()
    let ownKey: String
    var keys: [String]
    if lower.contains("."), let last = lower.split(separator: ".").last {
      ownKey = "b:" + lower
      keys = [ownKey, "n:" + last]
    } else {
      ownKey = "n:" + lower
      keys = [ownKey]
    }
    let app = representative[ownKey] ?? pidApp ?? keys.lazy.compactMap { self.representative[$0] }.first ?? named
    for key in keys where representative[key] == nil { representative[key] = app }
    if let pid = event.pid { appOfPID[pid] = app }
    return app
  }

  private func describe(_ event: TimelineEvent, app named: String?) -> String {
    // Log text goes to the terminal: escaped value by value (one line each, no controls).
    let event = TerminalText.printable(event)
    let app = appName(of: event, app: named.map(TerminalText.printable))
    if let app { appsSeen.insert(app.lowercased()) }
    // State is kept per process (pid), since a relaunch is a new process of the same app.
    let name = app ?? event.lane
    let key = event.pid.map { "\(name)[\($0)]" } ?? name
    var state = states[key] ?? AppState()
    switch event.kind {
    case .enteredBackground:
      // Counted from entering the background, unless already there (a second line saying so).
      if !state.state.hasPrefix("background") { state.backgroundSince = event.clock }
      state.state = "background"
    case .suspended:
      state.state = "suspended"
      state.backgroundSince = nil
    case .resumed, .relaunchedInBackground:
      // A wake: counted from now, not from the first time the app went to the background.
      if state.state != "background (woken)" { state.backgroundSince = event.clock }
      state.state = "background (woken)"
    case .launched:
      // A launch or resume whose line says the app is in the foreground (symptomsd's ForegroundRunning,
      // runningboardd's UserInteractiveFocal role, SpringBoard's visibility) reads as such; a launch that
      // does not say where the app is (the debugger's, a resume with another role) stays "running".
      state.state = event.detail.contains("foreground") ? "foreground" : "running"
      state.backgroundSince = nil
    case .killed:
      state.state = "killed"
      state.backgroundSince = nil
    case .crashed:
      // A forced crash report is the system ending the process (it stays "killed"); any other crash
      // (ReportCrash's corpse report, a signal exit) says crashed, not more than its line says.
      state.state = event.detail.hasPrefix("forced crash report") ? "killed" : "crashed"
      state.backgroundSince = nil
    case .exited:
      state.state = "not running"
      state.backgroundSince = nil
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
    } else if appsSeen.count > 1 {
      // Several apps in the stream: say whose event this is even when its state is not known.
      status = "  [\(key)]"
    }
    let time = (event.timestamp?.timeOfDayText ?? "").column(15)
    let lane = TerminalText.printable(event.lane).column(15)
    let kind = event.kind.rawValue.column(25)
    let prefix = time + lane
    let detail = TerminalText.printable(event.detail) + TerminalText.printable(status)
    var line = prefix + kind + detail
    if let width { line = TextWrapping.elide(line, toColumns: width) }
    // Colour the kind after cutting, so escape codes do not count as columns.
    let columns = TextWrapping.columns(prefix)
    guard style.enabled, TextWrapping.columns(line) > columns else { return line }
    let rest = String(line.dropFirst(columns))
    let kindText = String(rest.prefix(event.kind.rawValue.count))
    return prefix + kindStyle(event.kind)(kindText) + rest.dropFirst(kindText.count)
  }

  private func kindStyle(_ kind: TimelineEvent.Kind) -> (String) -> String {
    switch kind {
    case .killed, .crashed, .exited: return { self.style.red($0) }
    case .expiryWarning, .completionHandlerWarning, .transferCancelled: return { self.style.yellow($0) }
    case .enteredBackground, .suspended, .resumed, .relaunchedInBackground, .launched: return { self.style.cyan($0) }
    default: return { $0 }
    }
  }

  private func printNewFindings(of result: TimelineResult) {
    let severalApps = result.apps.count > 1 || appsSeen.count > 1
    for app in result.apps {
      for finding in app.findings {
        // A finding is identified by its kind and where its evidence starts (not by its app, whose
        // name can change as more lines join it), so a finding whose wording grows is printed once.
        let id = "\(finding.kind.rawValue)|\(finding.evidence.map(\.line).min() ?? 0)"
        guard printedFindings.insert(id).inserted else { continue }
        let owner = severalApps ? " for \(TerminalText.printable(app.name))" : ""
        let label = "[\(finding.confidence.rawValue)] \(finding.kind.rawValue):"
        let head = "  ▶ finding\(owner) "
        let text = "▶ finding\(owner) " + label + " " + TerminalText.printable(finding.summary)
        var lines =
          width.map { TextWrapping.wrap(text, indent: "  ", continuation: "    ", width: $0) } ?? "  " + text + "\n"
        if style.enabled, lines.hasPrefix(head + label) {
          lines = head + style.bold(label) + lines.dropFirst(head.count + label.count)
        }
        io.writeOut(lines)
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
      io.writeOut(TimelineTextRenderer(style: style, width: width).render(result))
    }
  }
}
