/// A Console.app copy whose line ends a forum removed, so that its records follow one another on one
/// line: `default 14:29:55.265590-0400 audiomxd message default 14:29:55.265753-0400 dasd message …`
/// (jp.narouhz.com forums thread 759754, a mirror of Apple's developer forums). Split back into records
/// only where the split is unambiguous: the line starts with a record of that shape (a type word, one
/// blank, `HH:MM:SS.ffffff` with the UTC offset against it, one blank, the process), every split point is
/// a blank followed by the same shape with the **same** offset, the times never go back, and there are
/// at least two such points. Anything else is left as one line.
enum FlattenedConsoleCopy {
  /// The records of `line`, or `nil` when it is not such a copy.
  static func records(in line: Substring) -> [Substring]? {
    // Most lines are shorter: not copied.
    guard line.utf8.count >= 80 else { return nil }
    let bytes = Array(line.utf8)
    guard bytes.count >= 80, !bytes.contains(0x09), let first = recordStart(bytes, at: 0) else { return nil }
    var starts = [0]
    var lastTime = first.time
    var index = 1
    while index < bytes.count {
      // A split point is a blank, then a type word's first letter.
      if bytes[index - 1] == 0x20, let record = recordStart(bytes, at: index) {
        guard record.offset == first.offset, record.time >= lastTime else { return nil }
        lastTime = record.time
        starts.append(index)
        index += 28
        continue
      }
      index += 1
    }
    guard starts.count >= 3 else { return nil }
    return pieces(of: line, bytes: bytes, startingAt: starts)
  }

  private static let typeWords: [[UInt8]] = ConsoleLayout.levelWords.sorted().map { Array($0.utf8) }

  /// `word HH:MM:SS.ffffff±HHMM process` at `at`: the time in seconds of the day and the offset as written.
  private static func recordStart(_ bytes: [UInt8], at: Int) -> (time: Int, offset: ArraySlice<UInt8>)? {
    let first = bytes[at]
    guard first >= 0x61, first <= 0x7A else { return nil }
    for word in typeWords where word[0] == first {
      let end = at + word.count
      guard end + 28 < bytes.count, bytes[at..<end].elementsEqual(word), bytes[end] == 0x20 else { continue }
      let t = end + 1
      func digit(_ i: Int) -> Int? {
        let b = bytes[i]
        return b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil
      }
      guard let h1 = digit(t), let h2 = digit(t + 1), bytes[t + 2] == 0x3A, let m1 = digit(t + 3),
        let m2 = digit(t + 4), bytes[t + 5] == 0x3A, let s1 = digit(t + 6), let s2 = digit(t + 7),
        bytes[t + 8] == 0x2E, (t + 9..<t + 15).allSatisfy({ digit($0) != nil }),
        bytes[t + 15] == 0x2B || bytes[t + 15] == 0x2D, (t + 16..<t + 20).allSatisfy({ digit($0) != nil }),
        bytes[t + 20] == 0x20, bytes[t + 21] != 0x20
      else { return nil }
      let hours = h1 * 10 + h2
      let minutes = m1 * 10 + m2
      let seconds = s1 * 10 + s2
      guard hours < 24, minutes < 60, seconds < 61 else { return nil }
      var micros = 0
      for i in t + 9..<t + 15 { micros = micros * 10 + (digit(i) ?? 0) }
      return ((hours * 3600 + minutes * 60 + seconds) * 1_000_000 + micros, bytes[t + 15..<t + 20])
    }
    return nil
  }
}

extension FlattenedConsoleCopy {
  /// An `HH:MM:SS process message` log (``ConsoleLayout/timeProcessMessage``) whose line ends a page
  /// removed, its records following one another on one line, possibly inside one inline code span
  /// (seed 000's console excerpt as a juejin.cn copy of the article shows it: `` ` 18:05:17 assertiond
  /// [BackgroundDemo:12636] Setting up BG permission check timer for 30s 18:05:17 BackgroundDemo hello …
  /// 18:05:48 assertiond [BackgroundDemo:12636] Finished crash reporting. 复制代码` ``). Split back into
  /// records only as the Console.app copy above is: the line (inside its backticks, blanks trimmed)
  /// starts with such a record (`HH:MM:SS`, one blank, a process word, one blank), every split point is a
  /// blank followed by the same shape, the times never go back, and there are at least two such points.
  static func timeProcessMessageRecords(in line: Substring) -> [Substring]? {
    // Most lines are shorter, or do not start with a time (after a backtick and a blank): not copied.
    guard line.utf8.count >= 80 else { return nil }
    var text = line
    if text.utf8.first == 0x60 {
      guard let inner = PasteResidue.insideInlineCode(text) else { return nil }
      text = inner
    } else {
      text = text.drop(while: { $0 == " " })
    }
    guard let head = text.utf8.first, head &- 0x30 < 10 else { return nil }
    let bytes = Array(text.utf8)
    guard !bytes.contains(0x09), let first = clockStart(bytes, at: 0) else { return nil }
    var starts = [0]
    var lastTime = first
    var index = 1
    while index < bytes.count {
      if bytes[index - 1] == 0x20, bytes[index] &- 0x30 < 10, let time = clockStart(bytes, at: index) {
        guard time >= lastTime else { return nil }
        lastTime = time
        starts.append(index)
        index += 11
        continue
      }
      index += 1
    }
    guard starts.count >= 3 else { return nil }
    return pieces(of: text, bytes: bytes, startingAt: starts)
  }

  /// `text` (whose UTF-8 is `bytes`) cut into the records that begin at `starts`, each without the
  /// blanks before the next.
  private static func pieces(of text: Substring, bytes: [UInt8], startingAt starts: [Int]) -> [Substring] {
    let utf8 = text.utf8
    var pieces: [Substring] = []
    for (position, start) in starts.enumerated() {
      let lower = utf8.index(utf8.startIndex, offsetBy: start)
      var end = position + 1 < starts.count ? starts[position + 1] - 1 : bytes.count
      while end > start, bytes[end - 1] == 0x20 { end -= 1 }
      let upper = utf8.index(utf8.startIndex, offsetBy: end)
      pieces.append(Substring(utf8[lower..<upper]))
    }
    return pieces
  }

  /// `HH:MM:SS process ` at `at` (one blank after the time, a process word of at least one character
  /// that is not a blank, then a blank): the time in seconds of the day.
  private static func clockStart(_ bytes: [UInt8], at: Int) -> Int? {
    guard at + 11 < bytes.count else { return nil }
    func digit(_ i: Int) -> Int? {
      let b = bytes[i]
      return b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil
    }
    guard let h1 = digit(at), let h2 = digit(at + 1), bytes[at + 2] == 0x3A, let m1 = digit(at + 3),
      let m2 = digit(at + 4), bytes[at + 5] == 0x3A, let s1 = digit(at + 6), let s2 = digit(at + 7),
      bytes[at + 8] == 0x20, bytes[at + 9] != 0x20
    else { return nil }
    // The process word ends at a blank before the line does.
    guard bytes[(at + 9)...].firstIndex(of: 0x20) != nil else { return nil }
    let hours = h1 * 10 + h2
    let minutes = m1 * 10 + m2
    let seconds = s1 * 10 + s2
    guard hours < 24, minutes < 60, seconds < 61 else { return nil }
    // A time right after a digit and a colon is part of a longer number (`12:18:05:17`).
    if at >= 2, bytes[at - 2] == 0x3A { return nil }
    return hours * 3600 + minutes * 60 + seconds
  }
}
