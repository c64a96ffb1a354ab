/// Decides from a record's process and message bytes, before any `String` is made, whether
/// `TimelineEventRecognizer` could make an event of it that `TimelineBuilder` would keep.
///
/// It may say yes to records that turn out to be nothing (the recognizer decides), never no to one
/// that is something: each test is a byte-level superset of the recognizer's own (`hasPrefix` and
/// `contains` on ASCII patterns), and records it cannot judge (a regular-expression marker, text
/// that is not ASCII where it matters) pass.
struct TimelineRecordFilter {
  /// Marker patterns that are plain text, as UTF-8; `nil` when a marker needs its regular expression
  /// (every record then passes).
  private let literalMarkers: [[UInt8]]?
  /// Whether every literal marker is ASCII.
  private let asciiMarkers: Bool
  /// `--app`, lowercased, as UTF-8.
  private let wantedApp: [UInt8]?

  init(options: TimelineOptions) {
    let literals = options.markers.map(\.literal)
    literalMarkers = literals.contains(where: { $0 == nil }) ? nil : literals.compactMap { $0.map { Array($0.utf8) } }
    wantedApp = options.app.map { Array($0.lowercased().utf8) }
    asciiMarkers = literalMarkers?.allSatisfy { $0.allSatisfy { $0 < 0x80 } } ?? true
  }

  /// Whether the record may yield a kept event.
  func mayMatter(process: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>) -> Bool {
    // Markers and the app's own (UIKit) lines are about the writing process.
    let writerWanted = mayBeWanted(process)
    if writerWanted, markerMayMatch(message) { return true }
    switch Self.processKind(process) {
    case .assertiond:
      guard ByteText.hasPrefix(message, "[") else { return false }
      if ByteText.isPlain(message), let base = message.baseAddress,
        let close = ByteText.firstIndex(of: 0x5D, in: base, from: 0, to: message.count)
      {
        // Plain text: the body after `[app:pid] ` is what `recognizeAssertiond` tests.
        var start = close + 1
        while start < message.count, message[start] == 0x20 { start += 1 }
        let body = UnsafeBufferPointer(rebasing: message[start...])
        return ByteText.hasPrefix(body, "Remove assertion:") || ByteText.hasPrefix(body, "Add assertion:")
          || ByteText.hasPrefix(body, "Deactivate assertion:")
          || ByteText.hasPrefix(body, "Mutating assertion reason from ") || ByteText.hasPrefix(body, "Process exited")
          || ByteText.contains(body, "Setting up BG permission check timer")
          || ByteText.contains(body, "background permission expiration warning")
          || ByteText.contains(body, "Forcing crash report")
      }
      return ByteText.contains(message, "Setting up BG permission check timer")
        || ByteText.contains(message, "background permission expiration warning")
        || ByteText.contains(message, "Forcing crash report") || ByteText.contains(message, "Add assertion:")
        || ByteText.contains(message, "Deactivate assertion:") || ByteText.contains(message, "Remove assertion:")
        || ByteText.contains(message, "Mutating assertion reason from ")
        || ByteText.contains(message, "Process exited")
    case .runningboardd:
      return ByteText.hasPrefix(message, "Acquiring assertion targeting ")
        || ByteText.hasPrefix(message, "Invalidating assertion ")
        || ByteText.hasPrefix(message, "Calculated state for ")
        || ByteText.contains(message, "will expire soon") || ByteText.contains(message, "] Suspending task")
        || ByteText.contains(message, "] Resuming task")
        || ByteText.contains(message, "termination reported by launchd")
    case .springBoard:
      return ByteText.hasPrefix(message, "Application process state changed for ")
        || ByteText.contains(message, "Bootstrapping ")
        || ByteText.contains(message, "Received request to open \"") || ByteText.contains(message, "Process exited: ")
    case .nsurlsessiond:
      return ByteText.hasPrefix(message, "[C") && ByteText.contains(message, "bundle id: ")
    case .otherSystem:
      return false
    case .app:
      return writerWanted
        && (ByteText.hasPrefix(message, "Created background task ")
          || ByteText.hasPrefix(message, "Ending background task with UIBackgroundTaskIdentifier: ")
          || ByteText.contains(message, "Can't end") || ByteText.contains(message, "was created over 30 seconds ago")
          || ByteText.contains(message, "Background task still not ended after expiration handlers were called")
          || ByteText.contains(message, "handleEventsForBackgroundURLSession"))
    }
  }

  private func markerMayMatch(_ message: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let literalMarkers else { return true }
    // A pattern with non-ASCII text cannot be in an ASCII message (most lines of a device log).
    if !asciiMarkers, ByteText.isASCII(message) {
      return literalMarkers.contains { marker in
        marker.allSatisfy { $0 < 0x80 } && marker.withUnsafeBufferPointer { ByteText.contains(message, $0) }
      }
    }
    for marker in literalMarkers {
      let found = marker.withUnsafeBufferPointer { ByteText.contains(message, $0) }
      if found { return true }
    }
    return false
  }

  /// `TimelineBuilder.mayBeWantedApp` for a subject named after the writing process: with `--app`,
  /// the process must be the app (or the last part of its bundle id). Not ASCII: not judged here.
  private func mayBeWanted(_ process: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let wantedApp else { return true }
    // Outside ASCII, lowercasing and `hasSuffix` work on characters; left to the exact code.
    guard ByteText.isASCII(process), wantedApp.allSatisfy({ $0 < 0x80 }) else { return true }
    let name = process.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    if name.elementsEqual(wantedApp) { return true }
    return wantedApp.count > name.count && wantedApp[wantedApp.count - name.count - 1] == 0x2E
      && wantedApp.suffix(name.count).elementsEqual(name)
  }

  private enum ProcessKind { case assertiond, runningboardd, springBoard, nsurlsessiond, otherSystem, app }

  /// The branch of `TimelineEventRecognizer.recognize` a process takes.
  private static func processKind(_ process: UnsafeBufferPointer<UInt8>) -> ProcessKind {
    if ByteText.equals(process, "assertiond") { return .assertiond }
    if ByteText.equals(process, "runningboardd") { return .runningboardd }
    if ByteText.equals(process, "SpringBoard") || ByteText.equals(process, "FrontBoard") { return .springBoard }
    if ByteText.equals(process, "nsurlsessiond") { return .nsurlsessiond }
    guard ByteText.isASCII(process) else { return .app }
    // The other names of `TimelineEventRecognizer.systemProcesses` write nothing the recognizer reads.
    for name in TimelineEventRecognizer.systemProcessBytes where name.elementsEqual(process) { return .otherSystem }
    return .app
  }
}
