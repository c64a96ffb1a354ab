/// The console log layouts bglog reads; one is detected per file.
public enum ConsoleLayout: String, Sendable, Hashable, CaseIterable {
  /// `HH:MM:SS    process  message`, as quoted in articles (seed 000).
  case timeProcessMessage = "time-process-message"
  /// Console.app copies: `type<TAB>HH:MM:SS.ffffff±ZZZZ<TAB>process[<TAB>library]<TAB>message`,
  /// also without the type column.
  case consoleApp = "console-app"
  /// `idevicesyslog`: `Mon DD HH:MM:SS device process(library)[pid] <Level>: message`.
  case idevicesyslog
  /// `log show` default style: `YYYY-MM-DD HH:MM:SS.ffffff-ZZZZ 0xTID Type 0xACT PID TTL process: …`.
  case logShow = "log-show"
  /// `log show --style compact`: `YYYY-MM-DD HH:MM:SS.fff Ty process[pid:tid] …`.
  case logShowCompact = "log-show-compact"
  /// `log show --style syslog`: `YYYY-MM-DD HH:MM:SS.ffffff-ZZZZ  host process[pid]: (library) …`.
  case logShowSyslog = "log-show-syslog"
  /// `log show --style ndjson`: one JSON object per line.
  case logShowNDJSON = "log-show-ndjson"
  /// `log show --style json`: one JSON array, each object spread over many lines; streamed.
  case logShowJSON = "log-show-json"
  /// Xcode's debug console: `YYYY-MM-DD HH:MM:SS.ffffff+ZZZZ Process[pid:tid] message`.
  case xcode
  /// Xcode 15+'s console copied with metadata: the message line(s), then
  /// `Type: Error | Timestamp: YYYY-MM-DD HH:MM:SS.ffffff±ZZ:ZZ | Process: … | Library: … | Subsystem: … |
  /// Category: … | TID: 0x…` (``XcodeMetadataCopy``).
  case xcodeMetadata = "xcode-metadata"
}

extension ConsoleLayout {
  /// `log show` and `log stream` print each record of the log store once, so two records a few
  /// microseconds apart that say the same thing are two records: the kernel writes such repeats
  /// (`zone_map_exhaustion: Nothing to do for the largest zone [kalloc.128]` twice 62 µs apart in
  /// objective-see/BlockBlock #12). Copies of one record (``RecentRecords/copyWindow``) were measured in
  /// Console.app exports, which merge several streams; they are looked for in the other layouts.
  ///
  /// Xcode's console copied with metadata shows the debugged process's records once each: SwiftUI's
  /// `No symbol named '' found in system symbol set` fault four times in 0.9 ms, two of them 49 µs apart
  /// (a `UR-002` request in the code index), is four lookups, not copies.
  var printsEachRecordOnce: Bool {
    switch self {
    case .logShow, .logShowCompact, .logShowSyslog, .logShowNDJSON, .logShowJSON, .xcodeMetadata: return true
    case .timeProcessMessage, .consoleApp, .idevicesyslog, .xcode: return false
    }
  }
}
