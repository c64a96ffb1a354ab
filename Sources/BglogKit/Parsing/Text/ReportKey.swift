/// A text report key the parser acts on, named by its lowercased spelling.
///
/// ``of(_:)`` finds the key from its bytes (length, then an ASCII case-folded compare) instead of
/// lowercasing it into a `String` and comparing strings; a non-ASCII key goes through `lowercased()`.
enum ReportKey: String, CaseIterable {
  case incidentIdentifier = "incident identifier"
  case crashReporterKey = "crashreporter key"
  case hardwareModel = "hardware model"
  case process = "process"
  case command = "command"
  case pid = "pid"
  case path = "path"
  case identifier = "identifier"
  case version = "version"
  case codeType = "code type"
  case architecture = "architecture"
  case role = "role"
  case parentProcess = "parent process"
  case coalition = "coalition"
  case dateTime = "date/time"
  case date = "date"
  case launchTime = "launch time"
  case osVersion = "os version"
  case reportVersion = "report version"
  case exceptionType = "exception type"
  case exceptionCodes = "exception codes"
  case exceptionCode = "exception code"
  case exceptionSubtype = "exception subtype"
  case exceptionNote = "exception note"
  case exceptionMessage = "exception message"
  case exceptionReason = "exception reason"
  case terminationReason = "termination reason"
  case terminationDescription = "termination description"
  case terminatingProcess = "terminating process"
  case terminationSignal = "termination signal"
  case triggeredByThread = "triggered by thread"
  case crashedThread = "crashed thread"
  case highlightedThread = "highlighted thread"
  case filteredSyslog = "filtered syslog"
  case kernelTriage = "kernel triage"
  case applicationSpecificInformation = "application specific information"
  case lastExceptionBacktrace = "last exception backtrace"
  case binaryImages = "binary images"
  case vmRegionInfo = "vm region info"
  case event = "event"
  case actionTaken = "action taken"
  case cpu = "cpu"
  case wakeups = "wakeups"
  /// A disk-writes microstackshot's figure line (`Writes: 1073.75 MB of file backed memory dirtied over …`).
  case writes = "writes"
  case reason = "reason"
  case powerstatsFor = "powerstats for"

  /// Whether the key ends a termination reason's or description's continuation lines (and is a
  /// field even without a value).
  var isReportKey: Bool {
    switch self {
    case .command, .pid, .architecture, .date, .event, .actionTaken, .cpu, .wakeups, .writes, .reason,
      .powerstatsFor:
      return false
    default:
      return true
    }
  }

  /// Whether the key may open a report when no report is open.
  var opensReport: Bool {
    switch self {
    case .incidentIdentifier, .crashReporterKey, .hardwareModel, .process, .dateTime, .exceptionType,
      .exceptionCodes, .terminationReason, .terminationDescription, .triggeredByThread, .crashedThread,
      // A report pasted from its `Kernel Triage:` block on (transistorsoft/react-native-background-geolocation
      // #1704, OpenEmu/OpenEmu #4839): only crash reports write that heading.
      .kernelTriage:
      return true
    default:
      return false
    }
  }

  /// The longest raw value's length in UTF-8 bytes.
  private static let longest = allCases.map { $0.rawValue.utf8.count }.max() ?? 0

  /// The keys by raw value length: `byLength[n]` holds every key whose raw value has `n` bytes.
  private static let byLength: [[(bytes: [UInt8], key: ReportKey)]] = {
    var table = [[(bytes: [UInt8], key: ReportKey)]](repeating: [], count: longest + 1)
    for key in allCases { table[key.rawValue.utf8.count].append((Array(key.rawValue.utf8), key)) }
    return table
  }()

  /// The key `name` spells, compared as `name.lowercased()` would be; nil for any other name.
  static func of(_ name: Substring) -> ReportKey? {
    // Decided: the name is ASCII, so byte-wise lowercasing is `lowercased()` and equality is byte equality.
    let found = name.utf8.withContiguousStorageIfAvailable { bytes -> (decided: Bool, key: ReportKey?) in
      for byte in bytes where byte >= 0x80 { return (false, nil) }
      guard bytes.count <= longest else { return (true, nil) }
      for (candidate, key) in byLength[bytes.count] where matches(bytes, lowercased: candidate) {
        return (true, key)
      }
      return (true, nil)
    }
    if let found, found.decided { return found.key }
    return ReportKey(rawValue: name.lowercased())
  }

  /// Whether ASCII `bytes`, lowercased, equal `lowercased` (as long as `bytes`).
  private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, lowercased: [UInt8]) -> Bool {
    for index in 0..<bytes.count {
      var byte = bytes[index]
      if byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
      if byte != lowercased[index] { return false }
    }
    return true
  }
}
