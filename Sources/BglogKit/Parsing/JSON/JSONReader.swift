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
  /// - Throws: ``ReportParseError/invalidJSON(line:column:message:)`` or
  ///   ``ReportParseError/nestingTooDeep(line:limit:)``.
  mutating func readValue() throws(ReportParseError) -> JSONValue {
    var stack: [OpenContainer] = []
    while true {
      skipWhitespace()
      guard let byte = peek else { throw error("unexpected end of input, expected a value") }
      let valueLine = line
      var value: JSONValue
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if stack.count >= depthLimit {
          throw .nestingTooDeep(line: line, limit: depthLimit)
        }
        let isObject = byte == UInt8(ascii: "{")
        offset += 1
        skipWhitespace()
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if peek == close {
          offset += 1
          value = JSONValue(isObject ? .object([]) : .array([]), line: valueLine)
        } else {
          var container = OpenContainer(isObject: isObject, line: valueLine)
          if isObject { container.pendingKey = try readKey() }
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
          if top.isObject { top.pendingKey = try readKey() }
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

  /// An `invalidJSON` error at the current position.
  func error(_ message: String) -> ReportParseError {
    .invalidJSON(line: line, column: offset - lineStart + 1, message: message)
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
    return JSONNumber(literal: String(decoding: bytes[start..<offset], as: UTF8.self))
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
    if offset < bytes.count, bytes[offset] < 0x20 { throw error("unescaped control character in string") }
    var buffer = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return String(decoding: buffer, as: UTF8.self)
      }
      if byte < 0x20 { throw error("unescaped control character in string") }
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

  init(isObject: Bool, line: Int) {
    self.isObject = isObject
    self.line = line
  }

  mutating func append(_ value: JSONValue) {
    if isObject {
      members.append(JSONMember(key: pendingKey, value: value))
    } else {
      elements.append(value)
    }
  }

  func finished() -> JSONValue {
    JSONValue(isObject ? .object(members) : .array(elements), line: line)
  }
}
