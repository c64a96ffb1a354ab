import Foundation

/// Decides from a record's process and message bytes, before any `String` is made, whether
/// `TimelineEventRecognizer` could make an event of it that `TimelineBuilder` would keep.
///
/// It may say yes to records that turn out to be nothing (the recognizer decides), never no to one
/// that is something: each test is a byte-level superset of the recognizer's own (`hasPrefix` and
/// `contains` on ASCII patterns), and records it cannot judge (a regular-expression marker, text
/// that is not ASCII where it matters) pass.
///
/// A class, though it never changes: the builder hands it to the parser's hot path unretained.
final class TimelineRecordFilter {
  /// Marker patterns that are plain text, as UTF-8; `nil` when a marker needs its regular expression
  /// (every record then passes).
  private let literalMarkers: [[UInt8]]?
  /// Whether every literal marker is ASCII.
  private let asciiMarkers: Bool
  /// The literal markers that are ASCII: the only ones an ASCII message can hold.
  private let asciiLiteralMarkers: [[UInt8]]
  /// `--app`, lowercased, as UTF-8.
  private let wantedApp: [UInt8]?
  /// ``MessageRecognizers/filterScanner``, held here so the hot path does not reach a global.
  private let scanner = MessageRecognizers.filterScanner

  init(options: TimelineOptions) {
    let literals = options.markers.map(\.literal)
    literalMarkers = literals.contains(where: { $0 == nil }) ? nil : literals.compactMap { $0.map { Array($0.utf8) } }
    wantedApp = options.app.map { Array($0.lowercased().utf8) }
    asciiMarkers = literalMarkers?.allSatisfy { $0.allSatisfy { $0 < 0x80 } } ?? true
    asciiLiteralMarkers = literalMarkers?.filter { $0.allSatisfy { $0 < 0x80 } } ?? []
  }

  /// Whether the record may yield a kept event, or change the state the recognizer keeps.
  /// `plain`: both are known to be ASCII without a carriage return (`false`: not known).
  /// `states` is SpringBoard's state per app so far, updated here; `counts` the store's kept events,
  /// where an event the store would drop is counted instead (see ``assertiondEventIsDropped``).
  func mayMatter(
    process: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>, plain: Bool = false,
    states: AppStateMemory, counts: TimelineEventCounts? = nil, anchors: Bool? = nil
  ) -> Bool {
    let kind = Self.processKind(process, ascii: plain)
    // A state line updates the memory whatever else makes the record wanted, as in the recognizer.
    let stateLine = kind == .springBoard ? stateLineMatters(message, plain: plain, states: states) : nil
    // Markers and the app's own (UIKit) lines are about the writing process.
    let writerWanted = mayBeWanted(process, ascii: plain)
    if writerWanted, markerMayMatch(message, ascii: plain) { return true }
    if let stateLine { return stateLine }
    // A state line SpringBoard did not write (no header): only the recognizer can follow it now.
    if kind != .springBoard, ByteText.hasPrefix(message, "Application process state changed for ") {
      states.giveUp()
      return true
    }
    var anchored = anchors
    switch writerSays(
      kind, process: process, message: message, plain: plain, writerWanted: writerWanted, counts: counts,
      anchored: &anchored)
    {
    case true?: return true
    case nil: return false
    case false?: break
    }
    // Message first: any recogniser's anchor, or another writer's words, whatever the process column
    // (`anchors`: the same test, done ahead on the reader thread).
    return anchored ?? scanner.containsAny(message)
  }

  /// Whether `message` holds an anchor of ``MessageRecognizers/filterScanner``: `anchored` when known,
  /// else worked out and kept there. Every pattern a system writer's branch of ``writerSays`` looks for
  /// is one of ``TimelineEventRecognizer/writerAnchors`` or holds one, so a message without an anchor
  /// skips those searches (runningboardd's four substring searches were most of its lines' cost).
  @inline(__always)
  private func holdsAnchor(_ message: UnsafeBufferPointer<UInt8>, _ anchored: inout Bool?) -> Bool {
    if let anchored { return anchored }
    let found = scanner.containsAny(message)
    anchored = found
    return found
  }

  /// The tests of the branch of `TimelineEventRecognizer.recognize` the process takes; `nil` for an
  /// event the store would drop, counted here (refused whatever else it holds).
  private func writerSays(
    _ kind: ProcessKind, process: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>, plain: Bool,
    writerWanted: Bool, counts: TimelineEventCounts?, anchored: inout Bool?
  ) -> Bool? {
    switch kind {
    case .assertiond:
      guard ByteText.hasPrefix(message, "[") else { return false }
      if plain || ByteText.isPlain(message), let base = message.baseAddress,
        let close = ByteText.firstIndex(of: 0x5D, in: base, from: 0, to: message.count)
      {
        // `[name:pid]` about another app than `--app` makes no event (a `<` identity: not judged).
        let inside = UnsafeBufferPointer(rebasing: message[1..<close])
        if wantedApp != nil, let colon = inside.lastIndex(of: 0x3A),
          !inside[..<colon].contains(0x3C), !mayBeWanted(UnsafeBufferPointer(rebasing: inside[..<colon]))
        {
          return false
        }
        // Plain text: the body after `[app:pid] ` is what `recognizeAssertiond` tests.
        var start = close + 1
        while start < message.count, message[start] == 0x20 { start += 1 }
        let body = UnsafeBufferPointer(rebasing: message[start...])
        let isEvent =
          ByteText.hasPrefix(body, "Remove assertion:") || ByteText.hasPrefix(body, "Add assertion:")
          || ByteText.hasPrefix(body, "Deactivate assertion:")
          || ByteText.hasPrefix(body, "Mutating assertion reason from ") || ByteText.hasPrefix(body, "Process exited")
          || ByteText.contains(body, "Setting up BG permission check timer")
          || ByteText.contains(body, "background permission expiration warning")
          || ByteText.contains(body, "Forcing crash report")
        guard isEvent else { return false }
        if let counts, counts.judgesDrops, counts.kept >= TimelineBuilder.maximumEvents,
          assertiondEventIsDropped(UnsafeBufferPointer(rebasing: message[1..<close]), counts: counts)
        {
          // Counted as dropped: the message-first scan must not let it through.
          return nil
        }
        return true
      }
      return holdsAnchor(message, &anchored)
        && (ByteText.contains(message, "Setting up BG permission check timer")
          || ByteText.contains(message, "background permission expiration warning")
          || ByteText.contains(message, "Forcing crash report") || ByteText.contains(message, "Add assertion:")
          || ByteText.contains(message, "Deactivate assertion:") || ByteText.contains(message, "Remove assertion:")
          || ByteText.contains(message, "Mutating assertion reason from ")
          || ByteText.contains(message, "Process exited"))
    case .runningboardd:
      return ByteText.hasPrefix(message, "Acquiring assertion targeting ")
        || ByteText.hasPrefix(message, "Invalidating assertion ")
        || ByteText.hasPrefix(message, "Calculated state for ")
        || (holdsAnchor(message, &anchored)
          && (ByteText.contains(message, "will expire soon") || ByteText.contains(message, "] Suspending task")
            || ByteText.contains(message, "] Resuming task")
            || ByteText.contains(message, "termination reported by launchd")))
    case .springBoard:
      // State lines it could not judge (and others) as before.
      return ByteText.hasPrefix(message, "Application process state changed for ")
        || (holdsAnchor(message, &anchored)
          && (ByteText.contains(message, "Bootstrapping ")
            || ByteText.contains(message, "Received request to open \"")
            || ByteText.contains(message, "Process exited: ")))
    case .nsurlsessiond:
      return ByteText.hasPrefix(message, "[C") && ByteText.contains(message, "bundle id: ")
    case .otherSystem:
      return false
    case .app:
      return writerWanted
        && (ByteText.hasPrefix(message, "Created background task ")
          || ByteText.hasPrefix(message, "Ending background task with UIBackgroundTaskIdentifier: ")
          // The four patterns all hold `nd` (`end`, `seconds`, `Background`, `handle`): one scan
          // rules them out on most lines.
          || (Self.containsND(message)
            && (ByteText.contains(message, "Can't end")
              || ByteText.contains(message, "was created over 30 seconds ago")
              || ByteText.contains(message, "Background task still not ended after expiration handlers were called")
              || ByteText.contains(message, "handleEventsForBackgroundURLSession"))))
    }
  }

  /// For a SpringBoard `Application process state changed for` line read exactly like the
  /// recognizer reads it: whether it matters (it changes a state of an app `--app` may want). `nil`:
  /// not such a line, or not judged here.
  private func stateLineMatters(
    _ message: UnsafeBufferPointer<UInt8>, plain: Bool, states: AppStateMemory
  ) -> Bool? {
    let prefix: StaticString = "Application process state changed for "
    guard ByteText.hasPrefix(message, prefix), states.isExact else { return nil }
    guard plain || ByteText.isPlain(message) else {
      // `Character` and Foundation rules apply: the recognizer alone can read it, from now on.
      states.giveUp()
      return nil
    }
    // The recognizer reads `Bootstrapping ` lines first.
    if ByteText.contains(message, "Bootstrapping ") { return nil }
    let rest = UnsafeBufferPointer(rebasing: message[prefix.utf8CodeUnitCount...])
    guard let colon = Self.find(": <", anchor: 2, in: rest) else { return false }
    let bundle = Self.bundle(fromIdentity: UnsafeBufferPointer(rebasing: rest[..<colon]))
    let changed = states.update(
      bundle: bundle ?? UnsafeBufferPointer(start: rest.baseAddress, count: 0),
      visibility: Self.value(after: "visibility: ", anchor: 9, in: rest),
      task: Self.value(after: "taskState: ", anchor: 3, in: rest))
    guard changed else { return false }
    // With `--app`, events about another bundle are never kept, and its state is only its own (an
    // empty bundle id shares its state with lines that name none, which may be about the app).
    if wantedApp != nil, let bundle, !bundle.isEmpty, !bundleMayBeWanted(bundle) { return false }
    return true
  }

  /// For a plain assertiond record that makes exactly one event (any branch of
  /// `recognizeAssertiond`) about `[inside]`, and no marker event: whether the store would drop that
  /// event, which is then counted here, so the record is never built. `false` when not judged here (an
  /// identity with `<`, a pid `Int(_:)` might read differently, a non-ASCII `--app`).
  private func assertiondEventIsDropped(_ inside: UnsafeBufferPointer<UInt8>, counts: TimelineEventCounts) -> Bool {
    // `bracketSubject`: `[name:pid]` gives a subject named `name` (as written) with a pid.
    guard let colon = inside.lastIndex(of: 0x3A) else { return false }
    let identity = UnsafeBufferPointer(rebasing: inside[..<colon])
    let pid = UnsafeBufferPointer(rebasing: inside[(colon + 1)...])
    guard !identity.contains(0x3C), !pid.isEmpty, pid.count <= 18, pid.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return false }
    // `--app`: the store offers nothing about a name that is not the app (already refused above).
    if let wantedApp, !wantedApp.allSatisfy({ $0 < 0x80 }) || !mayBeWanted(identity) { return false }
    // The store's key: the name, lowercased (ASCII here).
    let key = String(unsafeUninitializedCapacity: identity.count) { buffer in
      for (index, byte) in identity.enumerated() {
        buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      }
      return identity.count
    }
    guard counts.wouldDrop(key: key) else { return false }
    counts.droppedUnbuilt += 1
    return true
  }

  /// `TimelineEventStore.mayBeWantedApp` for a subject with this bundle id and no name.
  private func bundleMayBeWanted(_ bundle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let wantedApp, wantedApp.allSatisfy({ $0 < 0x80 }) else { return true }
    func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
    if bundle.count == wantedApp.count, zip(bundle, wantedApp).allSatisfy({ lower($0) == $1 }) { return true }
    guard bundle.count > wantedApp.count, bundle[bundle.count - wantedApp.count - 1] == 0x2E else { return false }
    return zip(bundle.suffix(wantedApp.count), wantedApp).allSatisfy { lower($0) == $1 }
  }

  /// Where `pattern` first starts in `text` at or after `from`.
  private static func find(_ pattern: StaticString, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
    return ByteText.firstIndex(of: needle, in: UnsafeBufferPointer(rebasing: text[from...])).map { $0 + from }
  }

  /// Where `pattern` first starts in `text`, found by scanning for its byte at `anchor` (one that is
  /// rare in state lines: `ByteText` scans for `:`, which they hold five times) and comparing the
  /// whole pattern there. Anchors are tried in order, so the first match is the first start.
  private static func find(_ pattern: StaticString, anchor: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = pattern.utf8CodeUnitCount
    guard let base = text.baseAddress, text.count >= count else { return nil }
    let needle = pattern.utf8Start
    let end = text.count - count + anchor + 1
    var position = anchor
    while let found = ByteText.firstIndex(of: needle[anchor], in: base, from: position, to: end) {
      if memcmp(base + found - anchor, needle, count) == 0 { return found - anchor }
      position = found + 1
    }
    return nil
  }

  /// `TimelineEventRecognizer.text(after:in:until: [";", ">"])` on plain bytes.
  private static func value(after marker: StaticString, anchor: Int, in text: UnsafeBufferPointer<UInt8>)
    -> UnsafeBufferPointer<UInt8>?
  {
    guard let found = find(marker, anchor: anchor, in: text) else { return nil }
    let start = found + marker.utf8CodeUnitCount
    var end = start
    while end < text.count, text[end] != 0x3B, text[end] != 0x3E { end += 1 }
    return end > start ? UnsafeBufferPointer(rebasing: text[start..<end]) : nil
  }

  /// `TimelineEventRecognizer.bundle(fromIdentity:)` on plain bytes.
  private static func bundle(fromIdentity identity: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    var start = 0
    var end = identity.count
    while start < end, identity[start] == 0x20 || identity[start] == 0x09 { start += 1 }
    while end > start, identity[end - 1] == 0x20 || identity[end - 1] == 0x09 { end -= 1 }
    let trimmed = UnsafeBufferPointer(rebasing: identity[start..<end])
    guard trimmed.contains(0x3C) else { return trimmed.isEmpty ? nil : trimmed }
    // `appSubject(in:)`: the first `application<`, else the first `app<`, up to `(` or `>`.
    guard
      let found = find("application<", in: trimmed, from: 0).map({ $0 + 12 })
        ?? find("app<", in: trimmed, from: 0).map({ $0 + 4 })
    else { return nil }
    var bundleEnd = found
    while bundleEnd < trimmed.count, trimmed[bundleEnd] != 0x28, trimmed[bundleEnd] != 0x3E { bundleEnd += 1 }
    let bundle = UnsafeBufferPointer(rebasing: trimmed[found..<bundleEnd])
    return labelBundle(bundle) ?? bundle
  }

  /// `LaunchdExitReason.bundle(ofLabel:)` for an `application.<bundle>.<n>.<n>[.<UUID>]` label on plain
  /// bytes (`TimelineEventRecognizer.appBundle`): the bundle's bytes, nil when the label is not of that form.
  static func labelBundle(_ label: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    guard ByteText.hasPrefix(label, "application.") else { return nil }
    let start = 12
    // `application.<bundle>...`: the numbers left out with `...` (not `....`).
    let count = label.count
    let elided =
      count >= 4 && label[count - 1] == 0x2E && label[count - 2] == 0x2E && label[count - 3] == 0x2E
      && label[count - 4] != 0x2E
    let end = elided ? count - 3 : count
    guard end >= start else { return nil }
    var parts: [Range<Int>] = []
    var partStart = start
    for index in start...end where index == end || label[index] == 0x2E {
      parts.append(partStart..<index)
      partStart = index + 1
    }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) }
    if let last = parts.last, last.count == 36, last.allSatisfy({ isHex(label[$0]) || label[$0] == 0x2D }) {
      parts.removeLast()
    }
    var numbers = elided ? 1 : 0
    while let last = parts.last, !last.isEmpty, last.allSatisfy({ isDigit(label[$0]) }) {
      parts.removeLast()
      numbers += 1
    }
    guard numbers > 0, let first = parts.first, let last = parts.last, !parts.contains(where: \.isEmpty) else {
      return nil
    }
    return UnsafeBufferPointer(rebasing: label[first.lowerBound..<last.upperBound])
  }

  private func markerMayMatch(_ message: UnsafeBufferPointer<UInt8>, ascii: Bool) -> Bool {
    guard let literalMarkers else { return true }
    // A pattern with non-ASCII text cannot be in an ASCII message (most lines of a device log).
    if !asciiMarkers, ascii || ByteText.isASCII(message) {
      for marker in asciiLiteralMarkers {
        let found = marker.withUnsafeBufferPointer { ByteText.contains(message, $0) }
        if found { return true }
      }
      return false
    }
    for marker in literalMarkers {
      let found = marker.withUnsafeBufferPointer { ByteText.contains(message, $0) }
      if found { return true }
    }
    return false
  }

  /// `TimelineBuilder.mayBeWantedApp` for a subject named after the writing process: with `--app`,
  /// the process must be the app (or the last part of its bundle id). Not ASCII: not judged here.
  private func mayBeWanted(_ process: UnsafeBufferPointer<UInt8>, ascii: Bool = false) -> Bool {
    guard let wantedApp else { return true }
    // Outside ASCII, lowercasing and `hasSuffix` work on characters; left to the exact code.
    guard ascii || ByteText.isASCII(process), wantedApp.allSatisfy({ $0 < 0x80 }) else { return true }
    func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
    if process.count == wantedApp.count, zip(process, wantedApp).allSatisfy({ lower($0) == $1 }) { return true }
    return wantedApp.count > process.count && wantedApp[wantedApp.count - process.count - 1] == 0x2E
      && zip(process, wantedApp.suffix(process.count)).allSatisfy { lower($0) == $1 }
  }

  /// Whether `text` holds the bytes `nd`.
  static func containsND(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress, text.count >= 2 else { return false }
    var from = 0
    while let found = ByteText.firstIndex(of: 0x6E, in: base, from: from, to: text.count - 1) {
      if base[found + 1] == 0x64 { return true }
      from = found + 1
    }
    return false
  }

  private enum ProcessKind { case assertiond, runningboardd, springBoard, nsurlsessiond, otherSystem, app }

  /// The branch of `TimelineEventRecognizer.recognize` a process takes.
  private static func processKind(_ process: UnsafeBufferPointer<UInt8>, ascii: Bool) -> ProcessKind {
    if ByteText.equals(process, "assertiond") { return .assertiond }
    if ByteText.equals(process, "runningboardd") { return .runningboardd }
    if ByteText.equals(process, "SpringBoard") || ByteText.equals(process, "FrontBoard") { return .springBoard }
    if ByteText.equals(process, "nsurlsessiond") { return .nsurlsessiond }
    guard ascii || ByteText.isASCII(process) else { return .app }
    // The other names of `TimelineEventRecognizer.systemProcesses` write nothing the recognizer reads.
    let count = process.count
    guard count < Self.systemNamesByLength.count, let base = process.baseAddress else { return .app }
    let isSystem = Self.systemNamesByLength[count].withUnsafeBufferPointer { names in
      var index = 0
      while index < names.count {
        if memcmp(names.baseAddress! + index, base, count) == 0 { return true }
        index += count
      }
      return false
    }
    return isSystem ? .otherSystem : .app
  }

  /// `TimelineEventRecognizer.systemProcesses` by length in bytes: the names of each length one
  /// after another, so a process name is compared only with the names of its length.
  private static let systemNamesByLength: [[UInt8]] = {
    let names = TimelineEventRecognizer.systemProcessBytes
    var byLength = [[UInt8]](repeating: [], count: (names.map(\.count).max() ?? 0) + 1)
    for name in names { byLength[name.count] += name }
    return byLength
  }()
}
