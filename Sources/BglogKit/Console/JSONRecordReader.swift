import Foundation

/// The fields of one `log show --style json` / `ndjson` object that a record keeps; a field is `nil`
/// when the object lacks it or holds a value of another type there.
struct JSONRecordFields: Equatable {
  var timestamp: String?
  var processImagePath: String?
  var senderImagePath: String?
  var subsystem: String?
  var category: String?
  var messageType: String?
  var eventMessage: String?
  var processID: Int?
}

/// Reads a record's fields from one JSON object on its bytes, without building the object.
///
/// It answers only for objects it reads exactly as `JSONSerialization` does: whitespace-only text
/// around one object; keys without escapes (a repeated key: the last value counts, as in the
/// dictionary `JSONSerialization` builds); strings decoded by ``JSONStringDecoder``; numbers without
/// an exponent of at most 16 characters; `processID` an integer, a string, `null` or absent; nesting
/// at most 32 deep. For anything else (`.unsure`) the caller asks `JSONSerialization`.
enum JSONRecordReader {
  enum Result {
    case fields(JSONRecordFields)
    case unsure
  }

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
    guard let base = bytes.baseAddress else { return .unsure }
    var cursor = Cursor(base: base, count: bytes.count)
    return cursor.object() ?? .unsure
  }

  /// The last value seen for a key read here.
  private enum Value {
    case string(Range<Int>)
    case integer(Int)
    /// `null`, an object, an array or a boolean: not a string; for `processID`, `null`, objects and
    /// arrays are not a number, a boolean is left to `JSONSerialization`.
    case other(isBoolean: Bool)
    /// A number that is not a plain integer.
    case number
  }

  private struct Cursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0

    mutating func object() -> Result? {
      skipSpace()
      guard expect(0x7B) else { return nil }
      // timestamp, processImagePath, senderImagePath, subsystem, category, messageType, eventMessage,
      // processID.
      var values: [Value?] = [nil, nil, nil, nil, nil, nil, nil, nil]
      skipSpace()
      if !expect(0x7D) {
        while true {
          guard let key = string(), !key.contains(where: { base[$0] == 0x5C }) else { return nil }
          skipSpace()
          guard expect(0x3A) else { return nil }
          skipSpace()
          let slot = Self.slot(of: key, base)
          guard let value = value(depth: 1, wanted: slot != nil) else { return nil }
          if let slot { values[slot] = value }
          skipSpace()
          if expect(0x2C) {
            skipSpace()
            continue
          }
          guard expect(0x7D) else { return nil }
          break
        }
      }
      skipSpace()
      guard index == count else { return nil }
      var fields = JSONRecordFields()
      func text(_ slot: Int) -> String?? {
        guard case .string(let range)? = values[slot] else { return .some(nil) }
        guard
          let text = JSONStringDecoder.string(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
        else { return nil }
        return .some(text)
      }
      guard let timestamp = text(0), let path = text(1), let sender = text(2), let subsystem = text(3),
        let category = text(4), let messageType = text(5), let message = text(6)
      else { return nil }
      fields.timestamp = timestamp
      fields.processImagePath = path
      fields.senderImagePath = sender
      fields.subsystem = subsystem
      fields.category = category
      fields.messageType = messageType
      fields.eventMessage = message
      switch values[7] {
      case nil, .string?: fields.processID = nil
      case .integer(let pid)?: fields.processID = pid
      case .other(let isBoolean)?:
        if isBoolean { return nil }
        fields.processID = nil
      case .number?: return nil
      }
      return .fields(fields)
    }

    /// The slot in `object()`'s values of a key read here.
    static func slot(of key: Range<Int>, _ base: UnsafePointer<UInt8>) -> Int? {
      func equals(_ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        let bytes = name.utf8Start
        for offset in 0..<key.count where base[key.lowerBound + offset] != bytes[offset] { return false }
        return true
      }
      switch key.count {
      case 9:
        if equals("timestamp") { return 0 }
        if equals("processID") { return 7 }
        if equals("subsystem") { return 3 }
      case 16:
        if equals("processImagePath") { return 1 }
      case 15:
        if equals("senderImagePath") { return 2 }
      case 11:
        if equals("messageType") { return 5 }
      case 12:
        if equals("eventMessage") { return 6 }
      case 8:
        if equals("category") { return 4 }
      default: break
      }
      return nil
    }

    mutating func skipSpace() {
      while index < count, base[index] == 0x20 || base[index] == 0x09 || base[index] == 0x0A || base[index] == 0x0D {
        index += 1
      }
    }

    var peek: UInt8? { index < count ? base[index] : nil }

    mutating func expect(_ byte: UInt8) -> Bool {
      guard index < count, base[index] == byte else { return false }
      index += 1
      return true
    }

    /// The range between the quotes of the string at `index` (moved past it), its contents checked
    /// by ``JSONStringDecoder``; `nil` when refused.
    mutating func string() -> Range<Int>? {
      guard expect(0x22) else { return nil }
      let start = index
      var escaped = false
      while index < count {
        let byte = base[index]
        if byte == 0x22 {
          index += 1
          let range = start..<(index - 1)
          if escaped {
            guard
              JSONStringDecoder.decode(UnsafeBufferPointer(start: base + start, count: range.count), into: nil) != nil
            else { return nil }
          }
          return range
        }
        if byte < 0x20 { return nil }
        if byte == 0x5C {
          escaped = true
          index += 2
          continue
        }
        index += 1
      }
      return nil
    }

    /// One value; `nil` for anything left to `JSONSerialization`.
    mutating func value(depth: Int, wanted: Bool) -> Value? {
      guard depth < 32, index < count else { return nil }
      switch base[index] {
      case 0x22:
        return string().map { .string($0) }
      case 0x7B, 0x5B:
        let close: UInt8 = base[index] == 0x7B ? 0x7D : 0x5D
        let isObject = close == 0x7D
        index += 1
        skipSpace()
        if expect(close) { return .other(isBoolean: false) }
        while true {
          if isObject {
            guard string() != nil else { return nil }
            skipSpace()
            guard expect(0x3A) else { return nil }
            skipSpace()
          }
          guard value(depth: depth + 1, wanted: false) != nil else { return nil }
          skipSpace()
          if expect(0x2C) {
            skipSpace()
            continue
          }
          return expect(close) ? .other(isBoolean: false) : nil
        }
      case 0x74: return literal("true") ? .other(isBoolean: true) : nil
      case 0x66: return literal("false") ? .other(isBoolean: true) : nil
      case 0x6E: return literal("null") ? .other(isBoolean: false) : nil
      default:
        // `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 16 characters: no exponent.
        let start = index
        let negative = expect(0x2D)
        let digitsStart = index
        var whole = 0
        while index < count, base[index] &- 0x30 < 10 {
          whole = whole &* 10 &+ Int(base[index] &- 0x30)
          index += 1
        }
        let digits = index - digitsStart
        guard digits > 0, digits == 1 || base[digitsStart] != 0x30 else { return nil }
        var plain = true
        if expect(0x2E) {
          let fraction = index
          while index < count, base[index] &- 0x30 < 10 { index += 1 }
          guard index > fraction else { return nil }
          plain = false
        }
        guard index - start <= 16 else { return nil }
        if index < count, base[index] == 0x65 || base[index] == 0x45 { return nil }
        return plain ? .integer(negative ? -whole : whole) : .number
      }
    }

    mutating func literal(_ word: StaticString) -> Bool {
      let bytes = word.utf8Start
      guard index + word.utf8CodeUnitCount <= count else { return false }
      for offset in 0..<word.utf8CodeUnitCount where base[index + offset] != bytes[offset] { return false }
      index += word.utf8CodeUnitCount
      return true
    }
  }
}

extension ConsoleLayout {
  /// One object of `log show --style json` or `ndjson`: `timestamp`, `processImagePath`,
  /// `processID`, `senderImagePath`, `subsystem`, `category`, `messageType`, `eventMessage`.
  /// Objects without `eventMessage` (activity and signpost events) are not records.
  static func parseJSONObject(_ bytes: [UInt8], number: Int) -> LogEntry? {
    bytes.withUnsafeBufferPointer { parseJSONObject($0, number: number) }
  }

  /// ``parseJSONObject(_:number:)`` on bytes: read by ``JSONRecordReader`` when it can, else by
  /// `JSONSerialization`; either way the record is built from the same fields.
  static func parseJSONObject(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) -> LogEntry? {
    switch JSONRecordReader.read(bytes) {
    case .fields(let fields): return entry(from: fields, number: number)
    case .unsure: break
    }
    guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: bytes)) as? [String: Any] else {
      return nil
    }
    return entry(
      from: JSONRecordFields(
        timestamp: object["timestamp"] as? String, processImagePath: object["processImagePath"] as? String,
        senderImagePath: object["senderImagePath"] as? String, subsystem: object["subsystem"] as? String,
        category: object["category"] as? String, messageType: object["messageType"] as? String,
        eventMessage: object["eventMessage"] as? String, processID: (object["processID"] as? NSNumber)?.intValue),
      number: number)
  }

  private static func entry(from fields: JSONRecordFields, number: Int) -> LogEntry? {
    guard let message = fields.eventMessage else { return nil }
    var timestamp: LogTimestamp?
    if let text = fields.timestamp {
      var scanner = ConsoleLineScanner(Substring(text))
      timestamp = scanner.isoTimestamp()
    }
    let process = lastPathComponent(fields.processImagePath ?? "") ?? "?"
    let sender = fields.senderImagePath.flatMap(lastPathComponent)
    func text(_ value: String?) -> String? {
      guard let value, !value.isEmpty else { return nil }
      return value
    }
    let pid = fields.processID
    // Evidence shows a record's first line; a JSON record's is `{`, so show it as `log show` would.
    let shown = "\(fields.timestamp ?? "")  \(process)[\(pid.map(String.init) ?? "?")]: " + firstLine(of: message)
    return LogEntry(
      line: number, timestamp: timestamp, process: process, pid: pid,
      library: sender, subsystem: text(fields.subsystem), category: text(fields.category),
      level: text(fields.messageType), message: message, firstLine: prefix(shown, characters: 400))
  }

  // ASCII text is read on its bytes below: there a `Character` is one byte, except CR LF, which is
  // one `Character` of two bytes. Other text keeps the `Character` reading (a combining mark after
  // `/` or a line break joins it).

  /// `path.split(separator: "/").last.map(String.init)`.
  static func lastPathComponent(_ path: String) -> String? {
    var path = path
    let onBytes: String?? = path.withUTF8 { bytes in
      guard ByteText.isASCII(bytes) else { return .none }
      var end = bytes.count
      while end > 0, bytes[end - 1] == 0x2F { end -= 1 }
      guard end > 0 else { return .some(nil) }
      var start = end
      while start > 0, bytes[start - 1] != 0x2F { start -= 1 }
      return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }
    if let onBytes { return onBytes }
    return path.split(separator: "/").last.map(String.init)
  }

  /// `message.prefix(while: { $0 != "\n" })`: up to the first line feed that is not part of a CR LF.
  static func firstLine(of message: String) -> String {
    var message = message
    let onBytes: String? = message.withUTF8 { bytes in
      guard ByteText.isASCII(bytes) else { return nil }
      var end = 0
      while end < bytes.count, !(bytes[end] == 0x0A && (end == 0 || bytes[end - 1] != 0x0D)) { end += 1 }
      return end == bytes.count ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }
    if let onBytes { return onBytes }
    if message.utf8.allSatisfy({ $0 != 0x0A }) { return message }
    return String(message.prefix(while: { $0 != "\n" }))
  }

  /// `String(text.prefix(count))`.
  static func prefix(_ text: String, characters count: Int) -> String {
    var text = text
    // `.some(nil)`: the whole text.
    let onBytes: String?? = text.withUTF8 { bytes in
      guard ByteText.isASCII(bytes), !bytes.contains(0x0D) else { return .none }
      guard bytes.count > count else { return .some(nil) }
      return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self))
    }
    if let onBytes { return onBytes ?? text }
    return String(text.prefix(count))
  }
}
