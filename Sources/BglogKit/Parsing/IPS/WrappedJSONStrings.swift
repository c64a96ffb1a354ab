/// Line breaks inside JSON strings: a hard-wrapped paste of an `.ips` (a book's JetsamEvent, iOS 14.2, wrapped at
/// its page width: `{"bug_type":"298","timestamp":"2020-10-15 17:29:58.79` / ` +0100","os_version":"iPhone OS 14.2` /
/// ` (18B5061e)","incident_id":…`). JSON has no raw line break in a string, so valid JSON never has one; a break
/// whose string closes on the next line is the wrap's, and is taken out of the string.
///
/// The text keeps its line count: each break is moved to just after the string's closing quote (where JSON allows
/// whitespace), so every value stays on the line it was written on and evidence quotes the input's own lines.
enum WrappedJSONStrings {
  /// The text with its wrapped strings joined and the 1-based lines where a string was broken, or nil when no
  /// string holds a break, or when one does that does not close on the next line (a cut, not a wrap).
  static func join(_ source: SourceText) -> (SourceText, lines: [Int])? {
    let bytes = Array(source.text.utf8)
    // Most documents have no break inside a string: find the first one before copying anything.
    guard firstBreakInString(bytes) != nil else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var walk = JSONStringWalk()
    var pending = 0
    var line = 1
    var joined: [Int] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let isBreak = byte == 0x0A || byte == 0x0D
      let width = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
      switch walk.step(byte) {
      case .closesString:
        out.append(byte)
        out.append(contentsOf: Array(repeating: 0x0A, count: pending))
        pending = 0
        index += 1
        continue
      case .inString where isBreak:
        guard closesOnLine(bytes, from: index + width) else { return nil }
        joined.append(line)
        line += 1
        pending += 1
        index += width
        continue
      case .inString, .escaped:
        out.append(byte)
        index += 1
        continue
      case .outside, .opensString: break
      }
      if isBreak {
        line += 1
        out.append(0x0A)
        index += width
        continue
      }
      out.append(byte)
      index += 1
    }
    out.append(contentsOf: Array(repeating: 0x0A, count: pending))
    guard !joined.isEmpty else { return nil }
    return (SourceText(text: String(decoding: out, as: UTF8.self)), joined)
  }

  /// The parse note for the joined lines.
  static func note(_ lines: [Int]) -> String {
    "line breaks inside JSON strings (a hard-wrapped paste) were joined (line "
      + lines.map(String.init).joined(separator: ", ") + ")"
  }

  /// The offset of the first raw line break inside a string, if any.
  private static func firstBreakInString(_ bytes: [UInt8]) -> Int? {
    var walk = JSONStringWalk()
    for (offset, byte) in bytes.enumerated() where walk.step(byte) == .inString && (byte == 0x0A || byte == 0x0D) {
      return offset
    }
    return nil
  }

  /// Whether an unescaped quote comes before the end of the line starting at `start`.
  private static func closesOnLine(_ bytes: [UInt8], from start: Int) -> Bool {
    var walk = JSONStringWalk(inString: true)
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D { return false }
      if walk.step(byte) == .closesString { return true }
      index += 1
    }
    return false
  }
}
