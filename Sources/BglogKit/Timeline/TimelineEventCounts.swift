/// How many events `TimelineEventStore` keeps per app, shared with `TimelineRecordFilter`, so that a
/// record whose event the store would drop at the cap (assertiond lines about busy apps, most of a
/// large device log) is counted as dropped on its bytes, without building its `LogEntry` or event.
///
/// A class because the parser's filter is a closure; `TimelineBuilder` copies it when a builder is
/// copied, as it does `AppStateMemory`.
final class TimelineEventCounts {
  /// Kept events per app key (the store's keys; a key goes when the store gives up the whole app).
  private(set) var perApp: [String: Int] = [:]
  /// Kept events in all.
  private(set) var kept = 0
  /// Events the filter counted as dropped without building them.
  var droppedUnbuilt = 0
  /// Whether the filter may judge drops now: not with an event handler (every event is built then),
  /// nor while the parser may judge a record before the one before it has reached the store (a JSON
  /// export line can complete several records); set by the builder before each line.
  var judgesDrops = false

  init() {}

  /// An independent copy.
  func copy() -> TimelineEventCounts {
    let copy = TimelineEventCounts()
    copy.perApp = perApp
    copy.kept = kept
    copy.droppedUnbuilt = droppedUnbuilt
    copy.judgesDrops = judgesDrops
    return copy
  }

  /// Whether an event about the app with this key would be dropped: at the cap, an app that already
  /// has its fair share (the cap divided by the apps kept, this one included) gets no more. A new app
  /// when ``TimelineBuilder/maximumApps`` are kept is never a foreseen drop: the store gives up the
  /// smallest app for it.
  func wouldDrop(key: String) -> Bool {
    guard kept >= TimelineBuilder.maximumEvents else { return false }
    let count = perApp[key]
    if count == nil, perApp.count >= TimelineBuilder.maximumApps { return false }
    let apps = perApp.count + (count == nil ? 1 : 0)
    let fairShare = TimelineBuilder.maximumEvents / max(1, apps)
    return (count ?? 0) >= fairShare || perApp.isEmpty
  }

  /// The app (key) holding the most events; ties go to the key that sorts first.
  func largest() -> String? {
    perApp.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key
  }

  /// How many events the app with this key has.
  func count(of key: String) -> Int { perApp[key] ?? 0 }

  /// One more event kept for `key`.
  func add(_ key: String) {
    perApp[key, default: 0] += 1
    kept += 1
  }

  /// One event of `key` given up.
  func remove(_ key: String) {
    perApp[key, default: 0] -= 1
    kept -= 1
  }

  /// Every event of `key` given up, and the key with them; returns how many there were.
  func removeApp(_ key: String) -> Int {
    let count = perApp.removeValue(forKey: key) ?? 0
    kept -= count
    return count
  }
}
