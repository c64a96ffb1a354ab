/// Kills by RunningBoard with code 0xbaddd15c, which `bglog explain` calls disk-space-reclaim (Apple, "EXC_CRASH
/// (SIGKILL)": the system ended the app to delete caches and reclaim disk space). Two lines say it: launchd's `exited
/// with exit reason (namespace: 15 code: 0xbaddd15c) - OS_REASON_RUNNINGBOARD` (MarsEdit, bitsplitting.org/?p=1387,
/// whose developer found no crash report for these ends) and runningboardd's `termination reported by launchd (15,
/// 3135099228, 9)` (NetNewsWire #4045), both read into the same words (``LaunchdTermination/reasonKill(_:code:)``).
/// The code decides the reason and is in the line: high. macOS runningboardd's `terminate_with_reason() success` kill
/// after cache_delete's termination request with `code:0xBADDD15C` (sw33tLie/macshot #132) names the request's code
/// in its detail: the same kind. One finding for all the app's kills of that kind.
extension TimelineAnalyzer {
  /// The mark a kill's detail carries when its code is disk-space-reclaim's.
  static let diskSpaceReclaimMark = "(\(DiagnosisKind.diskSpaceReclaim.rawValue): "

  func diskSpaceReclaimKills() -> [TimelineFinding] {
    func requestCode(_ event: TimelineEvent) -> Bool { event.detail.lowercased().contains("code 0xbaddd15c") }
    let positions = events.indices.filter {
      events[$0].kind == .killed && (events[$0].detail.contains(Self.diskSpaceReclaimMark) || requestCode(events[$0]))
    }
    guard !positions.isEmpty else { return [] }
    let kills = positions.map { events[$0] }
    // The termination request a kill names (its code in the kill's detail): the last one before it.
    let requests = positions.compactMap { position in
      requestCode(events[position])
        ? events[..<position].last { $0.kind == .terminationRequested && requestCode($0) } : nil
    }
    let times = kills.map(time)
    let summary =
      "RunningBoard killed the app "
      + (kills.count == 1 ? "at \(times[0])" : "\(kills.count) times (\(times.joined(separator: ", ")))")
      + " with code 0xbaddd15c (disk-space-reclaim): the system ended it to delete caches and reclaim disk space. "
      + "Not a crash in the app's code and not a limit on its background time or memory."
    return [
      TimelineFinding(
        kind: .diskSpaceReclaim, confidence: .high, summary: summary,
        advice:
          "Bound the app's caches, logs and downloaded assets and evict what it no longer needs, so it holds less "
          + "of what the system reclaims; when it happens again and again, check how much free storage the device "
          + "(or Mac) has.",
        evidence: evidence(requests + kills))
    ]
  }
}
