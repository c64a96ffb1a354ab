/// A text report whose line breaks were lost: a forum or issue tracker that joined a paste into one
/// line, keeping single spaces between what were lines. Real example (Apple Developer Forums thread
/// 663128, a packet tunnel extension's 0xdead10cc report, all on one line):
///
///     Exception Type: EXC_CRASH (SIGKILL) Exception Codes: 0x0000000000000000, 0x0000000000000000
///     Exception Note: EXC_CORPSE_NOTIFY Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc
///     Triggered by Thread: 0 Thread 0 name: Thread 0 Crashed: 0 libsystem_kernel.dylib
///     0x00000001bf38bdd0 mach_msg_trap + 8 1 libsystem_kernel.dylib 0x00000001bf38b184 mach_msg + 76 …
///
/// The line breaks are put back before each report key (`Exception Codes:`, `Termination Reason:`…),
/// each thread heading (`Thread 0 name:`, `Thread 0 Crashed:`) and each frame, a frame being the
/// next frame number of its thread followed by an image name and an address. A line is split only when
/// it holds at least ``minimumBreaks`` such starts, so ordinary lines (a frame whose symbol mentions a
/// key) are never touched; a line that itself opens with a key counts its own start when its keys come
/// in a report's order (``startsInReportOrder(_:_:)``).
enum FlattenedReport {
  /// What a restored document says about itself.
  struct Restored {
    /// The text with its line breaks put back.
    var source: SourceText
    /// The 1-based numbers of the original lines that were split.
    var flattenedLines: [Int]
    /// For each restored line (index = its number − 1), the number of the original line it came from.
    var originalLine: [Int]

    /// The original line a restored line number came from (numbers past the end map to the last line).
    func original(_ restored: Int) -> Int {
      guard !originalLine.isEmpty else { return restored }
      return originalLine[min(max(restored, 1), originalLine.count) - 1]
    }
  }

  /// The fewest line starts a line must hold to be taken for a flattened report.
  static let minimumBreaks = 3

  /// Keys that start a line of a text report, in Apple's spelling. Longer keys that end with a shorter
  /// one (`Parent Process:`, `OS Version:`) are matched first, so the shorter one inside is not split.
  private static let keys: [[UInt8]] = [
    "Incident Identifier:", "CrashReporter Key:", "Hardware Model:", "Parent Process:", "Terminating Process:",
    "Process:", "Path:", "Identifier:", "Baseband Version:", "Report Version:", "OS Version:", "Version:",
    "Code Type:", "Role:", "Coalition:", "Date/Time:", "Launch Time:", "Release Type:", "Exception Type:",
    "Exception Codes:", "Exception Subtype:", "Exception Note:", "Exception Reason:", "Exception Message:",
    "Termination Reason:", "Termination Description:", "Termination Signal:", "Triggered by Thread:",
    "Crashed Thread:", "Application Specific Information:", "Last Exception Backtrace:", "Binary Images:",
  ].map { Array($0.utf8) }.sorted { $0.count > $1.count }

  /// The document with the line breaks of its flattened lines put back; `nil` when no line is flattened.
  static func restore(_ source: SourceText) -> Restored? {
    var restoredLines: [Substring] = []
    var flattened: [Int] = []
    var originalLine: [Int] = []
    for index in 0..<source.lineCount {
      let line = source.lineText(index)
      // Frames, images and indented lines are the long lines of an intact report: not looked at.
      let first = line.utf8.first ?? 0
      let candidate =
        line.utf8.count >= 80 && first > 0x20 && !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
      let bytes = candidate ? Array(line.utf8) : []
      let breaks = candidate ? breakOffsets(bytes) : []
      guard breaks.count >= minimumBreaks || (breaks.count == minimumBreaks - 1 && startsInReportOrder(bytes, breaks))
      else {
        restoredLines.append(line)
        originalLine.append(index + 1)
        continue
      }
      flattened.append(index + 1)
      var start = line.utf8.startIndex
      for offset in breaks {
        let end = line.utf8.index(line.utf8.startIndex, offsetBy: offset)
        restoredLines.append(trimmedTrailingSpace(line[start..<end]))
        originalLine.append(index + 1)
        start = end
      }
      restoredLines.append(line[start...])
      originalLine.append(index + 1)
    }
    guard !flattened.isEmpty else { return nil }
    let text = restoredLines.joined(separator: "\n")
    return Restored(source: SourceText(text: text), flattenedLines: flattened, originalLine: originalLine)
  }

  /// Keys in the order a report writes them, for a line that opens with a key: its own start counts as
  /// one of the ``minimumBreaks`` line starts only when every start on it is a key and the keys follow
  /// this order (Apple Developer Forums thread 746742: `Exception Type: … Exception Codes: … Termination
  /// Reason: FRONTBOARD …` on one line). A value that quotes keys out of order (an exception reason
  /// naming `Path:` and `Identifier:`) is not split.
  private static let reportOrder: [[UInt8]] = [
    "Incident Identifier:", "CrashReporter Key:", "Hardware Model:", "Process:", "Path:", "Identifier:", "Version:",
    "Code Type:", "Role:", "Parent Process:", "Coalition:", "Date/Time:", "Launch Time:", "OS Version:",
    "Release Type:", "Baseband Version:", "Report Version:", "Exception Type:", "Exception Codes:",
    "Exception Subtype:", "Exception Note:", "Exception Reason:", "Exception Message:", "Termination Reason:",
    "Termination Description:", "Termination Signal:", "Terminating Process:", "Triggered by Thread:",
    "Crashed Thread:", "Application Specific Information:", "Last Exception Backtrace:", "Binary Images:",
  ].map { Array($0.utf8) }

  /// Whether `bytes` opens with a report key and each of `breaks` starts a later key in ``reportOrder``.
  static func startsInReportOrder(_ bytes: [UInt8], _ breaks: [Int]) -> Bool {
    func rank(at index: Int) -> Int? {
      // The longest key wins (`Parent Process:` over `Process:` cannot clash here: a key starts at `index`).
      guard let key = keys.first(where: { starts(bytes, at: index, with: $0) }) else { return nil }
      return reportOrder.firstIndex(of: key)
    }
    guard var previous = rank(at: 0) else { return false }
    for offset in breaks {
      guard let next = rank(at: offset), next > previous else { return false }
      previous = next
    }
    return true
  }

  /// Keys of more than one word, which a page that dropped the line breaks without leaving a blank can
  /// glue to the previous value (a saved juejin.cn article by ByteDance's APM team: `Exception Type:
  /// EXC_CRASH (SIGKILL)Exception Codes: 0x…, 0x0000000000000000Exception Note:  EXC_CORPSE_NOTIFYTermination
  /// Reason: Namespace ASSERTIOND, Code 0x8badf00dTriggered by Thread:  0`). One-word keys (`Process:`,
  /// `Version:`, `Path:`) end ordinary words (`BundleVersion:`), so they are never split without a blank.
  private static let gluableKeys: [[UInt8]] = keys.filter { $0.contains(UInt8(ascii: " ")) }

  /// Each key's place in ``reportOrder`` (indexed as ``keys``), and each of ``gluableKeys``'s.
  private static let keyRanks: [Int] = keys.map { reportOrder.firstIndex(of: $0) ?? 0 }
  private static let gluableKeyRanks: [Int] = gluableKeys.map { reportOrder.firstIndex(of: $0) ?? 0 }

  /// The indices in ``gluableKeys`` of the keys that start with each byte (indexed by the byte): only
  /// these are compared where no blank precedes, and most bytes start none.
  private static let gluableKeysByFirstByte: [[Int]] = {
    var table = [[Int]](repeating: [], count: 256)
    for (index, key) in gluableKeys.enumerated() { table[Int(key[0])].append(index) }
    return table
  }()

  /// The byte offsets where a line of the report started: after a space, or glued to the previous value
  /// (no blank) for a key of ``gluableKeys`` that follows an earlier key of the line in ``reportOrder``.
  static func breakOffsets(_ bytes: [UInt8]) -> [Int] {
    var breaks: [Int] = []
    var expectedFrame: Int?  // the next frame number once a thread heading was seen
    // The report-order rank of the line's last key: a glued key must come later in a report.
    var lastKeyRank: Int? = keys.firstIndex(where: { starts(bytes, at: 0, with: $0) }).map { keyRanks[$0] }
    let gluableByFirstByte = gluableKeysByFirstByte
    var index = 1
    while index < bytes.count {
      if bytes[index - 1] != UInt8(ascii: " "), case let candidates = gluableByFirstByte[Int(bytes[index])],
        !candidates.isEmpty, let found = candidates.first(where: { starts(bytes, at: index, with: gluableKeys[$0]) })
      {
        // The first key of a line that does not open with one (`<pre><code …>Exception Type:`) only sets
        // the order; it is not split from what is before it. A key out of order is part of a value.
        // Only the end of a value glues (`…(SIGKILL)Exception`, `…0x8badf00dTriggered`): a key after a
        // backtick, quote or bracket is quoted in prose (`` from `Exception Type:` ``), never split.
        let rank = gluableKeyRanks[found]
        if let last = lastKeyRank {
          if rank > last, endsAValue(bytes[index - 1]) {
            breaks.append(index)
            lastKeyRank = rank
          }
        } else {
          lastKeyRank = rank
        }
        index += gluableKeys[found].count
        continue
      }
      guard bytes[index - 1] == UInt8(ascii: " "), bytes[index] != UInt8(ascii: " ") else {
        index += 1
        continue
      }
      if let found = keys.firstIndex(where: { starts(bytes, at: index, with: $0) }) {
        breaks.append(index)
        lastKeyRank = keyRanks[found]
        index += keys[found].count
        continue
      }
      if let headingEnd = threadHeadingEnd(bytes, at: index) {
        breaks.append(index)
        expectedFrame = 0
        index = headingEnd
        continue
      }
      if let expected = expectedFrame, let frameStart = frameNumberEnd(bytes, at: index, expected: expected) {
        breaks.append(index)
        expectedFrame = expected + 1
        index = frameStart
        continue
      }
      index += 1
    }
    return breaks.filter { $0 > 0 }
  }

  /// Whether a byte can end a report value that a key was glued to: an ASCII letter or digit, `)` or `]`.
  private static func endsAValue(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ")")
      || byte == UInt8(ascii: "]")
  }

  /// The end of `Thread N name:`, `Thread N Crashed:` or `Thread N:` starting at `index`.
  private static func threadHeadingEnd(_ bytes: [UInt8], at index: Int) -> Int? {
    let thread = Array("Thread ".utf8)
    guard starts(bytes, at: index, with: thread) else { return nil }
    var cursor = index + thread.count
    let digitsStart = cursor
    while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") { cursor += 1 }
    guard cursor > digitsStart else { return nil }
    for tail in [":", " name:", " Crashed:"] where starts(bytes, at: cursor, with: Array(tail.utf8)) {
      return cursor + tail.utf8.count
    }
    return nil
  }

  /// The end of the frame number when a frame starts at `index`: the number `expected`, a space, an
  /// image name of one to three words, and an address (`0x` and at least eight hex digits).
  private static func frameNumberEnd(_ bytes: [UInt8], at index: Int, expected: Int) -> Int? {
    let number = Array(String(expected).utf8)
    guard starts(bytes, at: index, with: number + [UInt8(ascii: " ")]) else { return nil }
    var cursor = index + number.count + 1
    var words = 0
    while words < 4 {
      let wordStart = cursor
      while cursor < bytes.count, bytes[cursor] != UInt8(ascii: " ") { cursor += 1 }
      guard cursor > wordStart else { return nil }
      if isAddress(bytes[wordStart..<cursor]) { return words >= 1 ? index + number.count : nil }
      words += 1
      while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
      if cursor >= bytes.count { return nil }
    }
    return nil
  }

  private static func isAddress(_ word: ArraySlice<UInt8>) -> Bool {
    guard word.count >= 10, word.first == UInt8(ascii: "0"), word[word.startIndex + 1] == UInt8(ascii: "x") else {
      return false
    }
    return word.dropFirst(2).allSatisfy { byte in
      (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
  }

  private static func starts(_ bytes: [UInt8], at index: Int, with prefix: [UInt8]) -> Bool {
    guard index + prefix.count <= bytes.count else { return false }
    for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return false }
    return true
  }

  private static func trimmedTrailingSpace(_ text: Substring) -> Substring {
    var text = text
    while text.last == " " { text = text.dropLast() }
    return text
  }
}
