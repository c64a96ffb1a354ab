/// The events `TimelineBuilder` keeps: those about the app asked for (all apps by default), within
/// ``TimelineBuilder/maximumEvents``, shared fairly between at most ``TimelineBuilder/maximumApps``
/// apps. Events it would drop are counted without being built; every event given up is counted.
struct TimelineEventStore {
  /// `--app`, lowercased.
  private let wanted: String?
  /// Kept events per app key (bundle id or process name), each with its arrival number.
  private var eventsByApp: [String: [(sequence: Int, event: TimelineEvent, subject: AppSubject)]] = [:]
  private var sequence = 0
  /// The arrival number of each kept app's latest event.
  private var lastSeen: [String: Int] = [:]
  /// The apps by (events kept, latest event), smallest first, to find the app to give up; entries
  /// left behind by later changes are skipped when they surface (see ``smallestApp()``).
  private var smallest = AppHeap()
  /// Kept events per app, shared with the record filter, which counts drops it can foresee.
  private(set) var counts = TimelineEventCounts()
  private var droppedHere = 0
  /// Recognised events left out to bound memory.
  var droppedEvents: Int { droppedHere + counts.droppedUnbuilt }
  /// See ``TimelineBuilder/eventHandler``; with one set, every wanted event is built.
  var eventHandler: ((TimelineEvent, _ app: String?) -> Void)?

  init(app: String?) {
    wanted = app?.lowercased()
  }

  /// Every kept event in arrival order.
  var events: [(TimelineEvent, AppSubject)] {
    // Sorts (arrival number, app, position) triples, not the events themselves (arrival numbers are
    // unique, so the order is the same).
    let buckets = Array(eventsByApp.values)
    var order: [(sequence: Int, bucket: Int, position: Int)] = []
    order.reserveCapacity(buckets.reduce(0) { $0 + $1.count })
    for (bucket, list) in buckets.enumerated() {
      for position in list.indices { order.append((list[position].sequence, bucket, position)) }
    }
    order.sort { $0.sequence < $1.sequence }
    return order.map { (buckets[$0.bucket][$0.position].event, buckets[$0.bucket][$0.position].subject) }
  }

  /// Takes a recognised event about `subject`; `make` builds it, only when it is kept or handed to
  /// the event handler.
  /// How many events were offered (kept or not): whether a record gave any.
  private(set) var offered = 0

  mutating func offer(_ subject: AppSubject, _ make: () -> TimelineEvent) {
    offered += 1
    guard mayBeWantedApp(subject) else { return }
    if eventHandler == nil, counts.wouldDrop(key: Self.key(subject)) {
      droppedHere += 1
      return
    }
    let event = make()
    eventHandler?(event, subject.bundle ?? subject.name)
    keep(event, subject)
  }

  /// Whether a subject can be the app asked for with `--app`: a different bundle id or process name
  /// is not; a subject known only by pid may be.
  private func mayBeWantedApp(_ subject: AppSubject) -> Bool {
    guard let wanted else { return true }
    let bundle = subject.bundle?.lowercased()
    let name = subject.name?.lowercased()
    if bundle == nil && name == nil { return true }
    if bundle == wanted || name == wanted { return true }
    // A process name matches the last part of a bundle id (`BackgroundDemo`, `com.x.backgrounddemo`).
    if let bundle, bundle.hasSuffix("." + wanted) { return true }
    if let name, wanted.hasSuffix("." + name) { return true }
    return false
  }

  /// The app key of a subject: its bundle id, else its process name, lowercased.
  static func key(_ subject: AppSubject) -> String {
    subject.bundle?.lowercased() ?? subject.name?.lowercased() ?? ""
  }

  /// Makes the counts this store's own (after the store was copied); `true` when they were shared.
  mutating func ownCounts() -> Bool {
    guard !isKnownUniquelyReferenced(&counts) else { return false }
    counts = counts.copy()
    return true
  }

  /// Keeps an event within the caps.
  ///
  /// A new app when ``TimelineBuilder/maximumApps`` are kept takes the place of the app with the fewest
  /// events, the least recently seen of those: a flood of one-line apps gives up its own members, never
  /// the events of an app with more to tell. At the event cap, an app below its fair share (the cap
  /// divided by the apps kept) takes the place of the newest event of the app holding the most, so a
  /// device log full of other apps' lines cannot crowd out the app that matters, and memory stays flat.
  private mutating func keep(_ event: TimelineEvent, _ subject: AppSubject) {
    let key = Self.key(subject)
    sequence += 1
    if counts.perApp[key] == nil, counts.perApp.count >= TimelineBuilder.maximumApps, let victim = smallestApp() {
      eventsByApp.removeValue(forKey: victim)
      lastSeen.removeValue(forKey: victim)
      droppedHere += counts.removeApp(victim)
    }
    // `counts` holds the number of events of each key of `eventsByApp`.
    if counts.kept >= TimelineBuilder.maximumEvents {
      let apps = counts.perApp.count + (counts.perApp[key] == nil ? 1 : 0)
      let fairShare = TimelineBuilder.maximumEvents / max(1, apps)
      guard counts.count(of: key) < fairShare,
        // Ties go to the app whose key sorts first: dictionary order changes from run to run.
        let largest = counts.largest()
      else {
        droppedHere += 1
        return
      }
      eventsByApp[largest]?.removeLast()
      counts.remove(largest)
      droppedHere += 1
      smallest.push(count: counts.count(of: largest), seen: lastSeen[largest] ?? 0, key: largest)
    }
    eventsByApp[key, default: []].append((sequence, event, subject))
    counts.add(key)
    lastSeen[key] = sequence
    smallest.push(count: counts.count(of: key), seen: sequence, key: key)
    if smallest.count > 4 * counts.perApp.count + 64 { rebuildHeap() }
  }

  /// The kept app with the fewest events, the least recently seen among them; nil when none is kept.
  private mutating func smallestApp() -> String? {
    while let top = smallest.popMinimum() {
      // An entry is current when the app still has that count and that latest event.
      if counts.perApp[top.key] == top.count, lastSeen[top.key] == top.seen { return top.key }
    }
    return nil
  }

  /// Drops the entries later changes left behind, so the heap stays a small multiple of the apps.
  private mutating func rebuildHeap() {
    var heap = AppHeap()
    for (key, count) in counts.perApp {
      heap.push(count: count, seen: lastSeen[key] ?? 0, key: key)
    }
    smallest = heap
  }
}

/// A binary min-heap of apps by (events kept, latest event's arrival number, key).
struct AppHeap {
  struct Entry {
    var count: Int
    var seen: Int
    var key: String

    func precedes(_ other: Entry) -> Bool {
      (count, seen, key) < (other.count, other.seen, other.key)
    }
  }

  private var entries: [Entry] = []

  var count: Int { entries.count }

  mutating func push(count: Int, seen: Int, key: String) {
    entries.append(Entry(count: count, seen: seen, key: key))
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].precedes(entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popMinimum() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let top = entries.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < entries.count, entries[left].precedes(entries[first]) { first = left }
      if right < entries.count, entries[right].precedes(entries[first]) { first = right }
      if first == parent { break }
      entries.swapAt(parent, first)
      parent = first
    }
    return top
  }
}
