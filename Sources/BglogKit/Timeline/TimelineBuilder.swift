/// Builds per-app background timelines from a console log, streaming.
///
/// Feed lines with `consume(line:)` and call `finish()`, or call `build(from:)` with a whole text.
/// Only recognised events are kept (up to `maximumEvents`), never every record, so memory stays
/// bounded whatever the log's size.
public struct TimelineBuilder {
  /// The options in use.
  public let options: TimelineOptions
  private var parser: ConsoleLogParser
  private var recognizer: TimelineEventRecognizer
  private var store: TimelineEventStore
  private let filter: TimelineRecordFilter
  /// The filter's copy of SpringBoard's app states; the parser's filter holds it unowned, so a
  /// builder that is the only one holding it owns it (see `ownStates()`).
  private var states = AppStateMemory()
  /// With `listUnread`: the messages that gave no event (shared by copies: the result lists them).
  private let unread: UnreadMessages?

  /// Every kept event in arrival order.
  private var events: [(TimelineEvent, AppSubject)] { store.events }

  /// Called with every event as it is recognised (also past ``maximumEvents``) and the app it is
  /// about (bundle id or process name, when the line says), for live output (`timeline --follow`).
  public var eventHandler: ((TimelineEvent, _ app: String?) -> Void)? {
    get { store.eventHandler }
    set { store.eventHandler = newValue }
  }

  /// The most events kept, shared fairly between apps; others are counted in `TimelineResult.droppedEvents`.
  /// A real background story has hundreds of events; the cap only bounds memory (each event keeps
  /// its evidence line, up to 400 characters) on pathological input.
  public static let maximumEvents = 12_000

  /// The most apps kept. A new app past it takes the place of the app with the fewest events (the
  /// one seen least recently among those), so a flood of one-line apps churns among itself and
  /// cannot crowd out an app with a story; with this many apps, the fair share of
  /// ``maximumEvents`` never falls below 12 events. Apps given up count in `TimelineResult.droppedEvents`.
  public static let maximumApps = 1_000

  /// Creates a builder.
  public init(options: TimelineOptions = TimelineOptions()) {
    self.options = options
    self.parser = ConsoleLogParser(layout: options.layout)
    self.recognizer = TimelineEventRecognizer(markers: options.markers)
    self.store = TimelineEventStore(app: options.app)
    // Most lines of a device log can never be an event: decided on bytes, they are never built.
    self.filter = TimelineRecordFilter(options: options)
    self.unread = options.listUnread ? UnreadMessages() : nil
    installFilter()
  }

  private mutating func installFilter() {
    // Unretained: the builder holds both for as long as its parser (see `ownStates()`); a retain and
    // release of each per record was a visible cost.
    let states = Unmanaged.passUnretained(states)
    let counts = Unmanaged.passUnretained(store.counts)
    parser.recordFilter = { [filter, unread] process, message, plain in
      let wanted = states._withUnsafeGuaranteedRef { states in
        counts._withUnsafeGuaranteedRef { counts in
          filter.mayMatter(process: process, message: message, plain: plain, states: states, counts: counts)
        }
      }
      if !wanted, let unread { unread.note(process: process, message: message) }
      return wanted
    }
  }

  /// A copied builder (`build(from:)`, a caller's copy) must not share the states and counts it
  /// updates. Also says whether the filter may count drops for the next line (see
  /// ``TimelineEventCounts/judgesDrops``).
  private mutating func ownStates() {
    let sharedStates = !isKnownUniquelyReferenced(&states)
    if sharedStates { states = states.copy() }
    let sharedCounts = store.ownCounts()
    if sharedStates || sharedCounts { installFilter() }
    store.counts.judgesDrops =
      store.eventHandler == nil && parser.layout != nil && parser.layout != .logShowJSON
  }

  /// Builds the timelines of a whole text.
  public func build(from source: SourceText) -> TimelineResult {
    var builder = self
    for line in source.lines { builder.consume(line: line) }
    return builder.finish()
  }

  /// Reads the next line of the log.
  public mutating func consume(line: Substring) {
    ownStates()
    var completed: [LogEntry] = []
    parser.consume(line) { completed.append($0) }
    for entry in completed { take(entry) }
  }

  /// ``consume(line:)`` for a line given as UTF-8 bytes (see ``LineStream/forEachLineBytes(_:stdin:_:)``).
  public mutating func consume(lineBytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    consume(lineBytes: lineBytes, isASCII: isASCII, prepared: nil)
  }

  /// ``consume(lineBytes:isASCII:)`` with what was worked out about the line ahead (on another thread),
  /// which must be ``PreparedLine/init(_:isASCII:)`` of these bytes.
  public mutating func consume(lineBytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, prepared: PreparedLine?) {
    ownStates()
    // The filter the parser holds, passed down unretained (see `installFilter()`): the builder holds
    // all three while the parser runs.
    let filter = Unmanaged.passUnretained(filter)
    let states = Unmanaged.passUnretained(states)
    let counts = Unmanaged.passUnretained(store.counts)
    var completed: [LogEntry] = []
    let unread = self.unread
    parser.consume(
      bytes: lineBytes, isASCII: isASCII, prepared: prepared,
      filter: { process, message, plain, anchors in
        let wanted = filter._withUnsafeGuaranteedRef { filter in
          states._withUnsafeGuaranteedRef { states in
            counts._withUnsafeGuaranteedRef { counts in
              filter.mayMatter(
                process: process, message: message, plain: plain, states: states, counts: counts, anchors: anchors)
            }
          }
        }
        if !wanted, let unread { unread.note(process: process, message: message) }
        return wanted
      }
    ) { completed.append($0) }
    for entry in completed { take(entry) }
  }

  /// Whether a line given as bytes stays valid after the call that hands it in, until
  /// ``ownLines()`` is called: a record's first line is then read where it lies instead of being
  /// copied. Set it only when every line is kept until ``ownLines()`` (the `linesEnd` of
  /// ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:readerThread:layoutHint:readerShare:linesEnd:_:)``).
  public var borrowsLines: Bool {
    get { parser.borrowsLines }
    set { parser.borrowsLines = newValue }
  }

  /// The lines handed in so far are about to be reused: what is still read from them is copied.
  public mutating func ownLines() {
    parser.ownLines()
  }

  /// The layout lines are read in, once detected or forced: lines prepared for it ahead
  /// (``PreparedLine``) are read faster.
  public var layout: ConsoleLayout? { parser.layout }

  /// The timelines of the events recognised so far, without ending the input: a record still being
  /// read (its continuation lines may follow) is not included. For live output.
  public func snapshot() -> TimelineResult {
    var copy = self
    copy.eventHandler = nil
    return copy.analyze()
  }

  /// Ends the input and builds the timelines.
  public mutating func finish() -> TimelineResult {
    ownStates()
    if let entry = parser.finish() { take(entry) }
    return analyze()
  }

  private func analyze() -> TimelineResult {
    var apps = group().map {
      TimelineAnalyzer(events: $0.events, bundle: $0.bundle, name: $0.name, logEnd: parser.latestClock)
        .timeline()
    }
    if let wanted = options.app?.lowercased() {
      apps = apps.filter {
        $0.bundleID?.lowercased() == wanted || $0.processName?.lowercased() == wanted
      }
    }
    apps.sort { ($0.events.count, $1.name) > ($1.events.count, $0.name) }
    var result = TimelineResult(
      layout: parser.layout, statistics: parser.statistics, apps: apps, droppedEvents: store.droppedEvents
    )
    if let unread { result.unread = unread.top(20) }
    return result
  }

  private mutating func take(_ entry: LogEntry) {
    let offered = store.offered
    recognizer.recognize(entry, into: &store)
    if let unread, store.offered == offered { unread.note(process: entry.process, message: entry.message) }
  }

  /// Groups events into apps: subjects that share a bundle id, process name or pid are one app,
  /// and a process name equal to the last part of a bundle id (`BackgroundDemo`,
  /// `com.x.backgrounddemo`) belongs to that bundle.
  private func group() -> [(events: [TimelineEvent], bundle: String?, name: String?)] {
    var parent: [String: String] = [:]
    // Which key names a group does not matter (groups are ordered by their first event), so paths
    // are compressed: without it, an app seen under a new pid in every line grows a chain of pids.
    func find(_ key: String) -> String {
      var root = key
      while let next = parent[root], next != root { root = next }
      var key = key
      while let next = parent[key], next != root {
        parent[key] = root
        key = next
      }
      return root
    }
    func union(_ a: String, _ b: String) {
      let rootA = find(a)
      let rootB = find(b)
      if rootA != rootB { parent[rootA] = rootB }
    }
    func keys(_ subject: AppSubject) -> [String] {
      var keys: [String] = []
      if let bundle = subject.bundle { keys.append("b:" + bundle.lowercased()) }
      if let name = subject.name { keys.append("n:" + name.lowercased()) }
      if let pid = subject.pid { keys.append("p:\(pid)") }
      return keys
    }
    let events = self.events
    // Keys, unions and roots are worked out once per distinct subject (a log has a handful, each on
    // thousands of events), in the order subjects first appear: repeating a subject's unions changes
    // no root.
    var subjectIndex: [AppSubject: Int] = [:]
    var subjects: [AppSubject] = []
    var eventSubject: [Int] = []
    eventSubject.reserveCapacity(events.count)
    for (_, subject) in events {
      if let known = subjectIndex[subject] {
        eventSubject.append(known)
        continue
      }
      subjectIndex[subject] = subjects.count
      eventSubject.append(subjects.count)
      subjects.append(subject)
    }
    var bundles = Set<String>()
    var names = Set<String>()
    let subjectKeys = subjects.map(keys)
    for (subject, keys) in zip(subjects, subjectKeys) {
      for key in keys where parent[key] == nil { parent[key] = key }
      for key in keys.dropFirst() { union(keys[0], key) }
      if let bundle = subject.bundle { bundles.insert(bundle.lowercased()) }
      if let name = subject.name { names.insert(name.lowercased()) }
    }
    // A pid that events know by nothing else is filed under the process a line names with it
    // (`[anon<testmanagerd>:354]`): appium #15122's `Firing exit handlers for 354` is testmanagerd's end.
    var pidsWithNames = Set<Int>()
    for subject in subjects where subject.bundle != nil || subject.name != nil {
      if let pid = subject.pid { pidsWithNames.insert(pid) }
    }
    let namedPIDs = recognizer.namedPIDs
    var identified: [Int: AppSubject] = [:]
    for subject in subjects {
      guard subject.bundle == nil, subject.name == nil, let pid = subject.pid, !pidsWithNames.contains(pid),
        identified[pid] == nil, let who = namedPIDs[pid]
      else { continue }
      identified[pid] = who
      let named = keys(AppSubject(bundle: who.bundle, name: who.name))
      for key in named where parent[key] == nil { parent[key] = key }
      for key in named { union("p:\(pid)", key) }
      if let bundle = who.bundle { bundles.insert(bundle.lowercased()) }
      if let name = who.name { names.insert(name.lowercased()) }
    }
    for bundle in bundles {
      guard let last = bundle.split(separator: ".").last, names.contains(String(last)) else {
        continue
      }
      union("b:" + bundle, "n:" + last)
    }
    let subjectRoot = subjectKeys.map { $0.first.map(find) }
    var groupOfRoot: [String: Int] = [:]
    var groups: [(events: [TimelineEvent], subjectCounts: [Int: Int])] = []
    for (index, item) in events.enumerated() {
      let subject = eventSubject[index]
      guard let root = subjectRoot[subject] else { continue }
      let group: Int
      if let known = groupOfRoot[root] {
        group = known
      } else {
        group = groups.count
        groupOfRoot[root] = group
        groups.append(([], [:]))
      }
      groups[group].events.append(item.0)
      groups[group].subjectCounts[subject, default: 0] += 1
    }
    return groups.map { group in
      var bundleCounts: [String: Int] = [:]
      var nameCounts: [String: Int] = [:]
      // In order of first appearance, so a dictionary keeps the spelling the first event used (`String`
      // keys compare canonically), as counting event by event did.
      for subject in group.subjectCounts.keys.sorted() {
        let count = group.subjectCounts[subject] ?? 0
        if let bundle = subjects[subject].bundle { bundleCounts[bundle, default: 0] += count }
        if let name = subjects[subject].name { nameCounts[name, default: 0] += count }
      }
      // A group its events know by pid only is named by the lines that name its pids.
      if bundleCounts.isEmpty && nameCounts.isEmpty {
        for subject in group.subjectCounts.keys.sorted() {
          guard let pid = subjects[subject].pid, let who = identified[pid] else { continue }
          return (group.events, who.bundle, who.name)
        }
      }
      return (group.events, mostCommon(bundleCounts), mostCommon(nameCounts))
    }
  }

  /// The value counted most often; ties go to the value that sorts first.
  private func mostCommon(_ counts: [String: Int]) -> String? {
    counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
  }
}
