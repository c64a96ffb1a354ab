import Foundation

/// SpringBoard's last visibility and task state per bundle id, on bytes, as
/// `TimelineEventRecognizer.recognizeSpringBoard` keeps them in its `lastState`, so that
/// `TimelineRecordFilter` can drop state lines that change nothing (the same state again, most of
/// them) before any `String` is made.
///
/// The recognizer sees every line that changes a state, so both always hold the same values; a line
/// that changes nothing neither updates the recognizer's state nor makes an event. It is a class
/// because the parser's filter is a closure; `TimelineBuilder` copies it when a builder is copied.
final class AppStateMemory {
  private struct States {
    var bundle: [UInt8]
    var visibility: [UInt8]?
    var task: [UInt8]?
  }

  /// States by a hash of the bundle id; each keeps its bundle id to rule out collisions.
  private var states: [UInt64: States] = [:]
  /// False once a state line could not be read exactly like the recognizer reads it (text that is
  /// not plain ASCII, a hash collision): from then on every state line goes to the recognizer.
  private(set) var isExact = true

  init() {}

  /// An independent copy.
  func copy() -> AppStateMemory {
    let copy = AppStateMemory()
    copy.states = states
    copy.isExact = isExact
    return copy
  }

  /// Stops judging state lines.
  func giveUp() {
    isExact = false
    states = [:]
  }

  /// Records the state of an `Application process state changed for` line and says whether it
  /// changes anything (a line that does must reach the recognizer). `bundle` is `nil` for a line the
  /// recognizer skips (no `: <`).
  func update(
    bundle: UnsafeBufferPointer<UInt8>, visibility: UnsafeBufferPointer<UInt8>?,
    task: UnsafeBufferPointer<UInt8>?
  ) -> Bool {
    guard visibility != nil || task != nil else { return false }
    let key = ByteText.hash(bundle, seed: 0x6A09_E667_F3BC_C908)
    var entry = states[key] ?? States(bundle: Array(bundle))
    guard Self.same(entry.bundle, bundle) else {
      giveUp()
      return true
    }
    var changed = false
    if let visibility, !(entry.visibility.map { Self.same($0, visibility) } ?? false) {
      entry.visibility = Array(visibility)
      changed = true
    }
    if let task, !(entry.task.map { Self.same($0, task) } ?? false) {
      entry.task = Array(task)
      changed = true
    }
    if changed { states[key] = entry }
    return changed
  }

  /// `elementsEqual`, with `memcmp` (the generic one was a visible cost per state line).
  private static func same(_ kept: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard kept.count == bytes.count else { return false }
    guard let base = bytes.baseAddress, !kept.isEmpty else { return true }
    return kept.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, kept.count) == 0 }
  }
}
