/// A report key glued after words that are not a key, with no blank between (a machine-translated Q&A page
/// that kept the report's keys in English inside Japanese prose, web-dev-qa-db-ja.com's copy of Stack Overflow's
/// "8badf00d meaning?"):
///
///     Exception Type: 00000020
///     およびException Codes: 0x8badf00d
///
/// The second line opens with `および` ("and"), so it is no `Key: Value` line, and the code that decides the kill
/// was lost. A key is read from such a line when it is one of ``keys`` (keys of more than one word, which prose
/// does not end in by chance), it is glued to the line's first word, that word is letters only and ends in a
/// letter that cannot start the key (a letter of another script, or a lower-case ASCII letter:
/// `andException Codes:`), and its value starts with an ASCII character (a report's values are ASCII;
/// `Exception Type:フィールド` is prose naming the key). A key after a backtick, quote, bracket or other
/// punctuation is a quotation, and one further into the line (a Markdown table's cell, a sentence) is prose
/// about a report: neither is read here.
enum GluedReportKey {
  /// The start of the parse note on a key read from such a line; the classifier keeps a reading whose evidence is
  /// on that line at low (``CrashReport/gluedKeyLines``).
  static let notePrefix = "a report key is glued to the text before it"

  /// The parse note for `key` glued after `before`.
  static func note(before: Substring, key: Substring) -> String {
    notePrefix + " (`\(before.suffix(12))` + `\(key):`): the page lost the line break or blank between them, so "
      + "bglog read the key from there"
  }

  /// Keys of more than one word that a report's reading depends on; none is the end of an ordinary word.
  /// (`OS Version:` is left out: `iOS Version:` ends in it.)
  static let keys: [[UInt8]] = [
    "Incident Identifier:", "Hardware Model:", "Exception Type:", "Exception Codes:", "Exception Subtype:",
    "Exception Note:", "Exception Reason:", "Exception Message:", "Termination Reason:", "Termination Description:",
    "Triggered by Thread:", "Crashed Thread:",
  ].map { Array($0.utf8) }

  /// Whether a byte is the first byte of one of ``keys`` (indexed by the byte).
  private static let isFirstByte: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for key in keys { table[Int(key[0])] = true }
    return table
  }()

  /// The text before the glued key, and the line from the key on (to read with ``TextScanning/keyValue(_:)``),
  /// or nil when the line holds no glued key.
  static func split(_ text: Substring) -> (before: Substring, rest: Substring)? {
    let utf8 = text.utf8
    guard utf8.count > 12 else { return nil }
    let isFirstByte = Self.isFirstByte
    var index = utf8.index(after: utf8.startIndex)
    var previous = utf8[utf8.startIndex]
    while index < utf8.endIndex {
      let byte = utf8[index]
      // Only the line's first word can hide a key: after a blank the words are prose or a table's cells.
      if TextScanning.isBlankByte(byte) { return nil }
      defer {
        previous = byte
        index = utf8.index(after: index)
      }
      guard isFirstByte[Int(byte)], previous >= 0x80 || (previous >= 0x61 && previous <= 0x7A),
        let key = keys.first(where: { starts(utf8[index...], with: $0) })
      else { continue }
      let before = text[..<index]
      // Letters only before the key (`および`, `and`): a backtick, bracket or other mark there quotes the key.
      guard before.allSatisfy(\.isLetter) else { return nil }
      // A byte of a multi-byte character: the whole character decides.
      if previous >= 0x80, before.last?.isASCII != false { continue }
      let rest = text[index...]
      let valueStart = utf8.index(index, offsetBy: key.count)
      let value = TextScanning.trimmedLeading(text[valueStart...])
      guard let first = value.utf8.first, first < 0x80 else { continue }
      return (before, rest)
    }
    return nil
  }

  private static func starts(_ bytes: Substring.UTF8View.SubSequence, with prefix: [UInt8]) -> Bool {
    var iterator = bytes.makeIterator()
    for byte in prefix {
      guard let next = iterator.next(), next == byte else { return false }
    }
    return true
  }
}

extension CrashReport {
  /// The lines where a report key was read after the text glued before it (``GluedReportKey``).
  var gluedKeyLines: [Int] {
    issues.compactMap { $0.message.hasPrefix(GluedReportKey.notePrefix) ? $0.location?.line : nil }
  }
}
