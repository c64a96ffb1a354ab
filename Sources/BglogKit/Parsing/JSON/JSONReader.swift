/// A small JSON reader over UTF-8 bytes that records the line of every value.
///
/// Written for crash reports rather than taken from Foundation: evidence must point at a line
/// ("line 37, termination.code"), numbers must stay exact (`3735883980`, 64-bit addresses),
/// and an `.ips` file is a one-line JSON object followed by a second document, so the reader
/// must stop after one value and say where it stopped.
///
/// Containers are tracked on an explicit stack instead of by recursion, and the depth limit is
/// checked before a container is opened, so hostile nesting cannot exhaust the call stack.
struct JSONReader {
  /// The nesting depth accepted by default.
  static let defaultDepthLimit = 512

  /// The bytes being read.
  let bytes: [UInt8]
  /// The deepest nesting of arrays and objects accepted.
  let depthLimit: Int
  /// The offset of the next unread byte.
  private(set) var offset: Int
  /// The 1-based line of the next unread byte.
  private(set) var line: Int
  /// The offset where the current line starts, for 1-based columns.
  private var lineStart: Int

  /// Creates a reader positioned at `offset`, which is on 1-based line `line`.
  init(bytes: [UInt8], offset: Int = 0, line: Int = 1, depthLimit: Int = JSONReader.defaultDepthLimit) {
    self.bytes = bytes
    self.depthLimit = depthLimit
    self.offset = offset
    self.line = line
    self.lineStart = offset
  }

  /// Reads a whole document: one value with nothing but blanks after it.
  ///
  /// - Throws: ``ReportParseError/invalidJSON(line:column:message:)`` or
  ///   ``ReportParseError/nestingTooDeep(line:limit:)``.
  static func parse(
    _ text: String, firstLine: Int = 1, depthLimit: Int = JSONReader.defaultDepthLimit
  ) throws(ReportParseError) -> JSONValue {
    var reader = JSONReader(bytes: Array(text.utf8), line: firstLine, depthLimit: depthLimit)
    let value = try reader.readValue()
    reader.skipWhitespace()
    if !reader.isAtEnd {
      throw reader.error("unexpected text after the JSON value")
    }
    return value
  }

  /// Consumes `byte` when it is the next unread byte; says whether it did.
  mutating func skip(_ byte: UInt8) -> Bool {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { offset >= bytes.count }

  /// The next unread byte, if any.
  var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// Skips spaces, tabs and line ends, counting lines (`\n`, `\r\n` and a lone `\r`).
  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        offset += 1
      case UInt8(ascii: "\n"):
        offset += 1
        newLine()
      case UInt8(ascii: "\r"):
        offset += 1
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
        newLine()
      default:
        return
      }
    }
  }

  /// Reads one value (skipping blanks before it) and stops right after it.
  ///
  /// Only what `selection` asks for is built into the tree; the members it leaves out are checked
  /// and skipped on the bytes, so a value reads with the same errors at the same places either way.
  ///
  /// `depth` is the number of containers already open around the value (for the depth limit).
  ///
  /// - Throws: ``ReportParseError/invalidJSON(line:column:message:)`` or
  ///   ``ReportParseError/nestingTooDeep(line:limit:)``.
  mutating func readValue(
    selecting selection: JSONSelection = .all, depth: Int = 0
  ) throws(ReportParseError) -> JSONValue {
    var stack: [OpenContainer] = []
    var current = selection
    while true {
      skipWhitespace()
      guard let byte = peek else { throw error("unexpected end of input, expected a value") }
      let valueLine = line
      var value: JSONValue
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if depth + stack.count >= depthLimit {
          throw .nestingTooDeep(line: line, limit: depthLimit)
        }
        if byte == UInt8(ascii: "["), case .frames = current {
          value = JSONValue(.frames(try readFrames(depth: depth + stack.count + 1)), line: valueLine)
          break
        }
        let isObject = byte == UInt8(ascii: "{")
        offset += 1
        skipWhitespace()
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if peek == close {
          offset += 1
          value = JSONValue(isObject ? .object([]) : .array([]), line: valueLine)
        } else {
          var container = OpenContainer(isObject: isObject, line: valueLine, selection: current)
          if isObject {
            guard try readSelectedKey(into: &container, depth: depth + stack.count + 1) else {
              value = container.finished()
              break
            }
            current = container.pendingSelection
          } else {
            current = current.element
          }
          stack.append(container)
          continue
        }
      case UInt8(ascii: "\""):
        value = JSONValue(.string(try readString()), line: valueLine)
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        value = JSONValue(.bool(true), line: valueLine)
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        value = JSONValue(.bool(false), line: valueLine)
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        value = JSONValue(.null, line: valueLine)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = JSONValue(.number(try readNumber()), line: valueLine)
      default:
        throw error("unexpected character \(describe(byte)), expected a value")
      }
      // Attach the finished value to its container; close containers as their ends arrive.
      while true {
        guard var top = stack.popLast() else { return value }
        top.append(value)
        skipWhitespace()
        guard let next = peek else {
          throw error("unexpected end of input inside \(top.isObject ? "an object" : "an array")")
        }
        if next == UInt8(ascii: ",") {
          offset += 1
          if top.isObject {
            guard try readSelectedKey(into: &top, depth: depth + stack.count + 1) else {
              value = top.finished()
              continue
            }
            current = top.pendingSelection
          } else {
            current = top.selection.element
          }
          stack.append(top)
          break
        }
        if next == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          offset += 1
          value = top.finished()
          continue
        }
        throw error(
          "unexpected character \(describe(next)), expected ',' or '\(top.isObject ? "}" : "]")'")
      }
    }
  }

  /// Reads the next key of `container` (an object whose `{` or `,` was just read), skipping the
  /// members its selection leaves out. Returns `true` with the key pending when a kept member's
  /// value is next; `false` when the object ended (its `}` read) after skipped members only.
  /// `depth` is the number of open containers, this one included.
  private mutating func readSelectedKey(
    into container: inout OpenContainer, depth: Int
  ) throws(ReportParseError) -> Bool {
    guard case .members(let keys) = container.selection else {
      container.pendingKey = try readKey()
      container.pendingSelection = .all
      return true
    }
    while true {
      if let entry = try readKey(in: keys) {
        container.pendingKey = entry.key
        container.pendingSelection = entry.selection
        return true
      }
      try skipValue(depth: depth)
      skipWhitespace()
      guard let next = peek else { throw error("unexpected end of input inside an object") }
      if next == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      if next == UInt8(ascii: "}") {
        offset += 1
        return false
      }
      throw error("unexpected character \(describe(next)), expected ',' or '}'")
    }
  }

  /// Reads `"key"` and the `:` after it like ``readKey()``, and returns the entry of `keys` it
  /// names, or `nil` for a key not kept. An escape-free key is matched on its bytes.
  private mutating func readKey(in keys: JSONKeySet) throws(ReportParseError) -> JSONKeySet.Entry? {
    try readKey(matching: { keys.entry($0) }, decoded: { keys.entry(decoded: $0) })
  }

  /// Reads `"key"` and the `:` after it like ``readKey()``, and returns what `match` says of an
  /// escape-free key's bytes, or `decoded` of a key written with escapes.
  private mutating func readKey<Match>(
    matching match: (UnsafeBufferPointer<UInt8>) -> Match?, decoded: (String) -> Match?
  ) throws(ReportParseError) -> Match? {
    skipWhitespace()
    guard peek == UInt8(ascii: "\"") else {
      if let byte = peek { throw error("unexpected character \(describe(byte)), expected a string key") }
      throw error("unexpected end of input, expected a string key")
    }
    let start = offset + 1
    // The plain case: the closing quote comes before any backslash or control byte.
    let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
      var index = start
      while index < buffer.count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "\"") { return index }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        index += 1
      }
      return nil
    }
    guard let end else {
      let key = try readKey()
      return decoded(key)
    }
    let entry = bytes.withUnsafeBufferPointer { match(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    offset = end + 1
    skipWhitespace()
    guard peek == UInt8(ascii: ":") else {
      throw error("expected ':' after object key \"\(String(decoding: bytes[start..<end], as: UTF8.self))\"")
    }
    offset += 1
    return entry
  }

  /// Reads an array of stack frames (at its `[`) the way ``readValue(selecting:depth:)`` reads it with
  /// `.elements(.members(frame keys))`, with the same errors at the same places, into
  /// ``JSONFrame``s: of an object element the first member of each frame key, converted at once;
  /// every other member, later duplicates and elements that are not objects are checked and
  /// skipped. `depth` is the number of open containers, this array included.
  private mutating func readFrames(depth: Int) throws(ReportParseError) -> [JSONFrame] {
    offset += 1  // '['
    skipWhitespace()
    var frames: [JSONFrame] = []
    if peek == UInt8(ascii: "]") {
      offset += 1
      return frames
    }
    while true {
      skipWhitespace()
      guard let byte = peek else { throw error("unexpected end of input, expected a value") }
      if byte == UInt8(ascii: "{") {
        frames.append(try readFrame(depth: depth))
      } else {
        let elementLine = line
        try skipValue(depth: depth)
        frames.append(JSONFrame(line: elementLine))
      }
      skipWhitespace()
      guard let next = peek else { throw error("unexpected end of input inside an array") }
      if next == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      if next == UInt8(ascii: "]") {
        offset += 1
        return frames
      }
      throw error("unexpected character \(describe(next)), expected ',' or ']'")
    }
  }

  /// Reads one frame object (at its `{`) for ``readFrames(depth:)``; `depth` is the number of
  /// containers open around it.
  private mutating func readFrame(depth: Int) throws(ReportParseError) -> JSONFrame {
    if depth >= depthLimit {
      throw .nestingTooDeep(line: line, limit: depthLimit)
    }
    var frame = JSONFrame(line: line)
    offset += 1  // '{'
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      offset += 1
      return frame
    }
    var seen: UInt8 = 0
    while true {
      let slot = try readKey(matching: JSONFrame.slot, decoded: JSONFrame.slot(decoded:))
      if let slot, seen & (1 << slot) == 0 {
        seen |= 1 << slot
        try readFrameMember(slot, into: &frame, depth: depth + 1)
      } else {
        try skipValue(depth: depth + 1)
      }
      skipWhitespace()
      guard let next = peek else { throw error("unexpected end of input inside an object") }
      if next == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      if next == UInt8(ascii: "}") {
        offset += 1
        return frame
      }
      throw error("unexpected character \(describe(next)), expected ',' or '}'")
    }
  }

  /// Reads the value of frame member `slot` like ``readValue(selecting:depth:)`` (same errors) into
  /// `frame`: a string without a `JSONValue` around it, a number of at most 18 decimal digits (the
  /// usual offsets and indexes) converted on its bytes; anything else through `readValue`.
  private mutating func readFrameMember(_ slot: Int, into frame: inout JSONFrame, depth: Int) throws(ReportParseError) {
    skipWhitespace()
    guard let byte = peek else { throw error("unexpected end of input, expected a value") }
    if byte == UInt8(ascii: "\"") {
      frame.set(slot, JSONValue(.string(try readString()), line: line))
      return
    }
    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
      frame.set(slot, try readValue(depth: depth))
      return
    }
    let start = try scanNumber()
    if offset - start <= 18 {
      let value: UInt64? = bytes.withUnsafeBufferPointer { buffer in
        var value: UInt64 = 0
        for index in start..<offset {
          let digit = buffer[index] &- UInt8(ascii: "0")
          guard digit < 10 else { return nil }
          value = value &* 10 &+ UInt64(digit)
        }
        return value
      }
      if let value {
        frame.setInteger(slot, value)
        return
      }
    }
    let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
    frame.set(slot, JSONValue(.number(JSONNumber(literal: literal)), line: line))
  }

  /// Checks one value (skipping blanks before it) the way ``readValue(selecting:)`` reads it, with
  /// the same errors, and stops right after it without building anything. `depth` is the number of
  /// containers already open around it.
  mutating func skipValue(depth: Int) throws(ReportParseError) {
    var open: [Bool] = []  // isObject, per container opened here
    while true {
      skipWhitespace()
      guard let byte = peek else { throw error("unexpected end of input, expected a value") }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if depth + open.count >= depthLimit {
          throw .nestingTooDeep(line: line, limit: depthLimit)
        }
        let isObject = byte == UInt8(ascii: "{")
        offset += 1
        skipWhitespace()
        if peek == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          offset += 1
        } else {
          if isObject { try skipKey() }
          open.append(isObject)
          continue
        }
      case UInt8(ascii: "\""):
        try skipString()
      case UInt8(ascii: "t"):
        try expectLiteral("true")
      case UInt8(ascii: "f"):
        try expectLiteral("false")
      case UInt8(ascii: "n"):
        try expectLiteral("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try scanNumber()
      default:
        throw error("unexpected character \(describe(byte)), expected a value")
      }
      while true {
        guard let isObject = open.last else { return }
        skipWhitespace()
        guard let next = peek else {
          throw error("unexpected end of input inside \(isObject ? "an object" : "an array")")
        }
        if next == UInt8(ascii: ",") {
          offset += 1
          if isObject { try skipKey() }
          break
        }
        if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          offset += 1
          open.removeLast()
          continue
        }
        throw error("unexpected character \(describe(next)), expected ',' or '\(isObject ? "}" : "]")'")
      }
    }
  }

  /// The end of an error's message when the input ends inside the JSON: it is cut.
  static let cutSuffix = " (the input ends there: it is cut)"

  /// An `invalidJSON` error at the current position.
  func error(_ message: String) -> ReportParseError {
    guard isAtEnd else { return .invalidJSON(line: line, column: offset - lineStart + 1, message: message) }
    return cutError(message, end: bytes.count, endLine: line)
  }

  /// An error saying the input is cut at `end` (the offset where the text stops, on line `endLine`): the
  /// position is the end of the last non-blank text before it.
  private func cutError(_ message: String, end textEnd: Int, endLine lineAtEnd: Int) -> ReportParseError {
    // At the end of the input the next unread byte is past the text (line 12 of an 11-line file, omlx #702):
    // the position is the end of the last non-blank text, and the message says the input is cut there.
    var end = textEnd
    var endLine = lineAtEnd
    while end > 0, let blank = Optional(bytes[end - 1]),
      blank == 0x20 || blank == 0x09 || blank == 0x0A || blank == 0x0D
    {
      // `\r\n` and lone `\r` or `\n` each end one line, as `skipWhitespace` counts them.
      if blank == 0x0A || (blank == 0x0D && (end == bytes.count || bytes[end] != 0x0A)) { endLine -= 1 }
      end -= 1
    }
    var start = end
    while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
    return .invalidJSON(line: max(endLine, 1), column: end - start + 1, message: message + Self.cutSuffix)
  }

  /// The error for a control byte inside a string at the current offset: a line break with nothing but
  /// blanks after it, or a closing Markdown fence alone (firebase-ios-sdk #12129 stops at `"deviceIde` and a
  /// line break), is the input ending inside the string, cut; anything else is an unescaped control character.
  private func controlCharacterError() -> ReportParseError {
    let byte = bytes[offset]
    guard byte == 0x0A || byte == 0x0D else { return error("unescaped control character in string") }
    var index = offset
    var backticks = 0
    var afterFence = false
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D:
        if backticks > 0 { afterFence = true }
      case UInt8(ascii: "`") where !afterFence:
        backticks += 1
      default:
        return error("unescaped control character in string")
      }
      index += 1
    }
    guard backticks == 0 || backticks >= 3 else { return error("unescaped control character in string") }
    // The cut is at the end of the string's line.
    return cutError("unexpected end of input inside a string", end: offset, endLine: line)
  }

  // MARK: - Pieces

  private mutating func newLine() {
    line += 1
    lineStart = offset
  }

  /// Reads `"key"` and the `:` after it.
  private mutating func readKey() throws(ReportParseError) -> String {
    skipWhitespace()
    guard peek == UInt8(ascii: "\"") else {
      if let byte = peek { throw error("unexpected character \(describe(byte)), expected a string key") }
      throw error("unexpected end of input, expected a string key")
    }
    let key = try readString()
    skipWhitespace()
    guard peek == UInt8(ascii: ":") else { throw error("expected ':' after object key \"\(key)\"") }
    offset += 1
    return key
  }

  /// Checks `"key"` and the `:` after it like ``readKey()``, without keeping the key.
  private mutating func skipKey() throws(ReportParseError) {
    skipWhitespace()
    guard peek == UInt8(ascii: "\"") else {
      if let byte = peek { throw error("unexpected character \(describe(byte)), expected a string key") }
      throw error("unexpected end of input, expected a string key")
    }
    let keyStart = offset
    try skipString()
    skipWhitespace()
    guard peek == UInt8(ascii: ":") else {
      // The message names the key: decode it (it was read without error), then report here.
      let (stop, stopLine, stopLineStart) = (offset, line, lineStart)
      offset = keyStart
      let key = try readString()
      (offset, line, lineStart) = (stop, stopLine, stopLineStart)
      throw error("expected ':' after object key \"\(key)\"")
    }
    offset += 1
  }

  private mutating func expectLiteral(_ literal: String) throws(ReportParseError) {
    let expected = literal.utf8
    let count = expected.count
    guard offset + count <= bytes.count, bytes[offset..<offset + count].elementsEqual(expected) else {
      throw error("invalid literal, expected '\(literal)'")
    }
    offset += count
  }

  /// Reads a number and checks it against the JSON grammar, keeping its text.
  private mutating func readNumber() throws(ReportParseError) -> JSONNumber {
    let start = try scanNumber()
    return JSONNumber(literal: String(decoding: bytes[start..<offset], as: UTF8.self))
  }

  /// Checks a number against the JSON grammar and moves past it; returns where it started.
  private mutating func scanNumber() throws(ReportParseError) -> Int {
    let start = offset
    if peek == UInt8(ascii: "-") { offset += 1 }
    guard let first = peek, isDigit(first) else { throw error("invalid number: expected a digit") }
    if first == UInt8(ascii: "0") {
      offset += 1
      if let next = peek, isDigit(next) { throw error("invalid number: leading zero") }
    } else {
      skipDigits()
    }
    if peek == UInt8(ascii: ".") {
      offset += 1
      guard let next = peek, isDigit(next) else { throw error("invalid number: expected a digit after '.'") }
      skipDigits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      offset += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
      guard let next = peek, isDigit(next) else { throw error("invalid number: expected a digit in the exponent") }
      skipDigits()
    }
    return start
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func skipDigits() {
    while let byte = peek, isDigit(byte) { offset += 1 }
  }

  /// Reads a string starting at its opening quote, decoding every escape.
  private mutating func readString() throws(ReportParseError) -> String {
    offset += 1  // opening quote
    let start = offset
    // Fast path: most strings in reports have no escapes. One pass over the buffer finds the first
    // quote, backslash or control byte; the text before a quote becomes the string directly.
    let (stop, fast) = bytes.withUnsafeBufferPointer { buffer -> (Int, String?) in
      var index = start
      while index < buffer.count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "\"") {
          return (index, String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self))
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return (index, nil) }
        index += 1
      }
      return (index, nil)
    }
    offset = stop
    if let fast {
      offset += 1
      return fast
    }
    if offset < bytes.count, bytes[offset] < 0x20 { throw controlCharacterError() }
    var buffer = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return String(decoding: buffer, as: UTF8.self)
      }
      if byte < 0x20 { throw controlCharacterError() }
      if byte != UInt8(ascii: "\\") {
        buffer.append(byte)
        offset += 1
        continue
      }
      offset += 1
      guard let escape = peek else { break }
      offset += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"): appendUTF8(of: try readUnicodeEscape(), to: &buffer)
      default:
        offset -= 1
        throw error("invalid escape \\\(describe(escape).dropFirst().dropLast()) in string")
      }
    }
    throw error("unexpected end of input inside a string")
  }

  /// Checks a string starting at its opening quote like ``readString()`` (every escape included)
  /// and moves past it without building it.
  private mutating func skipString() throws(ReportParseError) {
    offset += 1  // opening quote
    let start = offset
    offset = bytes.withUnsafeBufferPointer { buffer -> Int in
      var index = start
      while index < buffer.count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
        index += 1
      }
      return index
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return
      }
      if byte < 0x20 { throw controlCharacterError() }
      offset += 1
      if byte != UInt8(ascii: "\\") { continue }
      guard let escape = peek else { break }
      offset += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        break
      case UInt8(ascii: "u"): _ = try readUnicodeEscape()
      default:
        offset -= 1
        throw error("invalid escape \\\(describe(escape).dropFirst().dropLast()) in string")
      }
    }
    throw error("unexpected end of input inside a string")
  }

  /// Reads the hex digits after `\u` (and a following low surrogate when the first is a high
  /// one). Lone surrogates become U+FFFD rather than failing the whole report.
  private mutating func readUnicodeEscape() throws(ReportParseError) -> Unicode.Scalar {
    let first = try readHex4()
    if (0xD800...0xDBFF).contains(first) {
      if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
        let saved = offset
        offset += 2
        let second = try readHex4()
        if (0xDC00...0xDFFF).contains(second) {
          let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
          return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        offset = saved  // not a pair: read the second escape on its own next time
      }
      return "\u{FFFD}"
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  private mutating func readHex4() throws(ReportParseError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw error("unexpected end of input in \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit \(describe(byte)) in \\u escape")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  private func appendUTF8(of scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
    UTF8.encode(scalar) { buffer.append($0) }
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16)
  }
}

/// An array or object whose closing bracket has not been read yet.
private struct OpenContainer {
  var isObject: Bool
  var line: Int
  var elements: [JSONValue] = []
  var members: [JSONMember] = []
  var pendingKey = ""
  /// What to keep of this container's elements or members.
  var selection: JSONSelection
  /// What to keep of the pending member's value.
  var pendingSelection: JSONSelection = .all

  init(isObject: Bool, line: Int, selection: JSONSelection) {
    self.isObject = isObject
    self.line = line
    self.selection = selection
  }

  mutating func append(_ value: JSONValue) {
    if isObject {
      // Most objects in reports (frames, images) have four to ten members: one allocation, not three.
      if members.isEmpty { members.reserveCapacity(4) }
      members.append(JSONMember(key: pendingKey, value: value))
    } else {
      elements.append(value)
    }
  }

  func finished() -> JSONValue {
    JSONValue(isObject ? .object(members) : .array(elements), line: line)
  }
}
