/// Byte-level reading of the pieces console layouts share: clock times, dates, UTC offsets.
///
/// Works on UTF-8 bytes, since every delimiter is ASCII; text between delimiters is handed
/// back as `Substring` slices of the line.
struct ConsoleLineScanner: ConsoleFieldCursor {
  let text: Substring
  let bytes: Substring.UTF8View
  var index: Substring.UTF8View.Index

  init(_ text: Substring) {
    self.text = text
    self.bytes = text.utf8
    self.index = text.utf8.startIndex
  }

  var isAtEnd: Bool { index == bytes.endIndex }
  var peek: UInt8? { isAtEnd ? nil : bytes[index] }
  var rest: Substring { Substring(text.utf8[index...]) }

  mutating func advance() { index = bytes.index(after: index) }
  mutating func utcOffset() -> Int? { genericUtcOffset() }
  mutating func integer() -> Int? { genericInteger() }
  var position: Substring.UTF8View.Index {
    get { index }
    set { index = newValue }
  }

  /// `YYYY-MM-DD HH:MM:SS.ffffff[±ZZZZ]`, the date form of `log show` and Xcode.
  mutating func isoTimestamp() -> LogTimestamp? {
    isoTimestampParts().map { LogTimestamp(secondsOfDay: $0.seconds, date: $0.date, utcOffsetSeconds: $0.offset) }
  }

  /// The largest UTC offset read, in hours (ISO 8601 and every time-zone database stay within ±18).
  static let maximumOffsetHours = 18

  /// Reads up to (not including) the first byte in `stops`, or to the end.
  mutating func token(until stops: Set<UInt8>) -> Substring {
    let start = index
    while let byte = peek, !stops.contains(byte) { advance() }
    return Substring(text.utf8[start..<index])
  }

  /// A run of non-blank bytes.
  mutating func word() -> Substring { token(until: [0x20, 0x09]) }
}

/// A byte cursor over one console line. The field readers every console header shares (clock time,
/// ISO date and timestamp, UTC offset, digits) are written once on it, so the `String` parsers
/// (``ConsoleLineScanner``) and the byte-level header reader read each field by the same rules.
protocol ConsoleFieldCursor {
  associatedtype Position
  /// The byte at the cursor; `nil` at the end of the line.
  var peek: UInt8? { get }
  /// Where the cursor is; readers that fail put it back.
  var position: Position { get set }
  mutating func advance()
  /// `HH:MM:SS` with an optional `.fff…` fraction, as seconds of the day (``genericClockTime()``;
  /// a cursor on raw bytes reads it at fixed offsets instead).
  mutating func clockTime() -> Double?
  /// `YYYY-MM-DD` (``genericIsoDate()``; a cursor on raw bytes reads it at fixed offsets instead).
  mutating func isoDate() -> LogDate?
  /// A UTC offset (``genericUtcOffset()``; a cursor on raw bytes reads it at fixed offsets instead).
  mutating func utcOffset() -> Int?
  /// One or more decimal digits (``genericInteger()``; a cursor on raw bytes reads them on its pointer).
  mutating func integer() -> Int?
}

extension ConsoleFieldCursor {
  /// Skips spaces and tabs; returns how many were skipped.
  @discardableResult
  mutating func skipBlanks() -> Int {
    var count = 0
    while let byte = peek, byte == 0x20 || byte == 0x09 {
      advance()
      count += 1
    }
    return count
  }

  mutating func expect(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    advance()
    return true
  }

  /// Reads exactly `count` decimal digits.
  mutating func digits(_ count: Int) -> Int? {
    var value = 0
    for _ in 0..<count {
      guard let byte = peek, byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
      advance()
    }
    return value
  }

  /// Reads one or more decimal digits; `nil` when there are none or the value does not fit an `Int`
  /// (the digits are still skipped, so a caller that resets on `nil` sees the line as not fitting).
  mutating func genericInteger() -> Int? {
    var value = 0
    var any = false
    var overflow = false
    while let byte = peek, byte >= 0x30, byte <= 0x39 {
      if !overflow {
        let (times, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times.addingReportingOverflow(Int(byte - 0x30))
        overflow = o1 || o2
        value = sum
      }
      advance()
      any = true
    }
    return any && !overflow ? value : nil
  }

  mutating func clockTime() -> Double? { genericClockTime() }

  mutating func isoDate() -> LogDate? { genericIsoDate() }

  /// `HH:MM:SS` with an optional `.fff…` fraction, as seconds of the day.
  mutating func genericClockTime() -> Double? {
    let start = position
    guard let hours = digits(2), expect(0x3A), let minutes = digits(2), expect(0x3A),
      let seconds = digits(2),
      hours < 24, minutes < 60, seconds < 61
    else {
      position = start
      return nil
    }
    var value = Double(hours * 3600 + minutes * 60 + seconds)
    if peek == 0x2E {
      advance()
      // Each digit's scale is 0.1 divided by 10 once per digit before it, as a loop dividing as it
      // goes would make it (the same doubles, so the same sums), taken from a table: the divisions
      // one after another were a tenth of the time a Console.app header took.
      var digit = 0
      while let byte = peek, byte >= 0x30, byte <= 0x39 {
        value += Double(byte - 0x30) * FractionScale.of(digit)
        digit += 1
        advance()
      }
    }
    return value
  }

  /// `YYYY-MM-DD`.
  mutating func genericIsoDate() -> LogDate? {
    let start = position
    guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D),
      let day = digits(2),
      (1...12).contains(month), (1...31).contains(day)
    else {
      position = start
      return nil
    }
    return LogDate(year: year, month: month, day: day)
  }

  /// `±HHMM` (or `±HH:MM`), with optional seconds (`±HHMMSS`, `±HH:MM:SS`), as seconds east of UTC;
  /// `nil` (nothing read) outside ±18:00 or with minutes or seconds past 59, the range of a real UTC
  /// offset. Seconds are written for a local mean time: Console.app stamped records of an iOS 9 device
  /// `+052110` (Madras time, the tz database's offset for Asia/Kolkata before 1941) in
  /// react-native-background-fetch #107.
  mutating func genericUtcOffset() -> Int? {
    let start = position
    guard let sign = peek, sign == 0x2B || sign == 0x2D else { return nil }
    advance()
    guard let hours = digits(2) else {
      position = start
      return nil
    }
    let colon = expect(0x3A)
    guard let minutes = digits(2) else {
      position = start
      return nil
    }
    var seconds = 0
    let beforeSeconds = position
    if !colon || expect(0x3A), let written = digits(2) {
      seconds = written
    } else {
      position = beforeSeconds
    }
    let limit = ConsoleLineScanner.maximumOffsetHours * 3600
    let value = hours * 3600 + minutes * 60 + seconds
    guard hours <= ConsoleLineScanner.maximumOffsetHours, minutes < 60, seconds < 60, value <= limit else {
      position = start
      return nil
    }
    return sign == 0x2D ? -value : value
  }

  /// `YYYY-MM-DD HH:MM:SS.ffffff[±ZZZZ]` (or `T` between date and time), the date form of `log show`,
  /// Xcode and ndjson.
  mutating func isoTimestampParts() -> (seconds: Double, date: LogDate, offset: Int?)? {
    let start = position
    guard let date = isoDate(), expect(0x20) || expect(0x54), let time = clockTime() else {
      position = start
      return nil
    }
    return (time, date, utcOffset())
  }
}

/// `HH:MM:SS` with an optional `.fff…` fraction read at fixed offsets from a pointer, by the rules of
/// ``ConsoleFieldCursor/genericClockTime()``: the byte readers of every layout use it (it runs for
/// every line).
enum FixedClockTime {
  /// The seconds of the day and where the time ends, for `base[0..<count]` (`count` at least 8);
  /// `nil` when it does not start with a clock time.
  @inline(__always)
  static func read(_ base: UnsafePointer<UInt8>, count: Int) -> (seconds: Double, end: Int)? {
    guard let whole = wholeSeconds(base) else { return nil }
    return fraction(base, count: count, wholeSeconds: whole)
  }

  /// The whole seconds of the day of the `HH:MM:SS` in `base[0..<8]`; `nil` when it is none.
  @inline(__always)
  static func wholeSeconds(_ base: UnsafePointer<UInt8>) -> Int? {
    let h1 = base[0] &- 0x30
    let h2 = base[1] &- 0x30
    let m1 = base[3] &- 0x30
    let m2 = base[4] &- 0x30
    let s1 = base[6] &- 0x30
    let s2 = base[7] &- 0x30
    guard base[2] == 0x3A, base[5] == 0x3A, h1 < 10, h2 < 10, m1 < 10, m2 < 10, s1 < 10, s2 < 10 else {
      return nil
    }
    let hours = Int(h1) * 10 + Int(h2)
    let minutes = Int(m1) * 10 + Int(m2)
    let seconds = Int(s1) * 10 + Int(s2)
    guard hours < 24, minutes < 60, seconds < 61 else { return nil }
    return hours * 3600 + minutes * 60 + seconds
  }

  /// The seconds of the day and where the time ends, for a time whose `HH:MM:SS` in `base[0..<8]`
  /// reads as `wholeSeconds` (``wholeSeconds(_:)``), with the fraction after it, if any.
  @inline(__always)
  static func fraction(_ base: UnsafePointer<UInt8>, count: Int, wholeSeconds: Int) -> (seconds: Double, end: Int) {
    var value = Double(wholeSeconds)
    var index = 8
    if index < count, base[index] == 0x2E {
      index += 1
      // Microseconds (`log show`, Xcode, ndjson, most Console.app copies): the six digits without the
      // loop's bookkeeping, the same products added in the same order (so the same double).
      if index + 6 < count, case let f = base + index, f[6] &- 0x30 >= 10 {
        let d0 = f[0] &- 0x30
        let d1 = f[1] &- 0x30
        let d2 = f[2] &- 0x30
        let d3 = f[3] &- 0x30
        let d4 = f[4] &- 0x30
        let d5 = f[5] &- 0x30
        if d0 < 10, d1 < 10, d2 < 10, d3 < 10, d4 < 10, d5 < 10 {
          value += Double(d0) * FractionScale.of(0)
          value += Double(d1) * FractionScale.of(1)
          value += Double(d2) * FractionScale.of(2)
          value += Double(d3) * FractionScale.of(3)
          value += Double(d4) * FractionScale.of(4)
          value += Double(d5) * FractionScale.of(5)
          return (value, index + 6)
        }
      }
      let first = index
      while index < count, base[index] &- 0x30 < 10 {
        value += Double(base[index] &- 0x30) * FractionScale.of(index - first)
        index += 1
      }
    }
    return (value, index)
  }
}

/// The scales of the digits of a clock time's fraction: 0.1, then each the one before divided by 10.
/// Constants (the bit patterns of that division chain, checked by `ByteScanTests`), not a table:
/// a global table is reached through a once-check on every digit of every line's time.
enum FractionScale {
  /// The scale of the fraction's digit at `index` (0: tenths).
  @inline(__always)
  static func of(_ index: Int) -> Double {
    switch index {
    case 0: return Double(bitPattern: 0x3FB9_9999_9999_999A)
    case 1: return Double(bitPattern: 0x3F84_7AE1_47AE_147B)
    case 2: return Double(bitPattern: 0x3F50_624D_D2F1_A9FC)
    case 3: return Double(bitPattern: 0x3F1A_36E2_EB1C_432D)
    case 4: return Double(bitPattern: 0x3EE4_F8B5_88E3_68F1)
    case 5: return Double(bitPattern: 0x3EB0_C6F7_A0B5_ED8E)
    case 6: return Double(bitPattern: 0x3E7A_D7F2_9ABC_AF4A)
    case 7: return Double(bitPattern: 0x3E45_798E_E230_8C3B)
    case 8: return Double(bitPattern: 0x3E11_2E0B_E826_D696)
    case 9: return Double(bitPattern: 0x3DDB_7CDF_D9D7_BDBD)
    case 10: return Double(bitPattern: 0x3DA5_FD7F_E179_6497)
    case 11: return Double(bitPattern: 0x3D71_9799_812D_EA12)
    case 12: return Double(bitPattern: 0x3D3C_25C2_6849_7683)
    case 13: return Double(bitPattern: 0x3D06_849B_86A1_2B9C)
    case 14: return Double(bitPattern: 0x3CD2_03AF_9EE7_5616)
    case 15: return Double(bitPattern: 0x3C9C_D2B2_97D8_89BD)
    case 16: return Double(bitPattern: 0x3C67_0EF5_4646_D497)
    case 17: return Double(bitPattern: 0x3C32_725D_D1D2_43AC)
    case 18: return Double(bitPattern: 0x3BFD_83C9_4FB6_D2AD)
    case 19: return Double(bitPattern: 0x3BC7_9CA1_0C92_4224)
    case 20: return Double(bitPattern: 0x3B92_E3B4_0A0E_9B50)
    case 21: return Double(bitPattern: 0x3B5E_3920_1017_5EE6)
    case 22: return Double(bitPattern: 0x3B28_2DB3_4012_B252)
    case 23: return Double(bitPattern: 0x3AF3_57C2_99A8_8EA8)
    default:
      var scale = Double(bitPattern: 0x3AF3_57C2_99A8_8EA8)
      for _ in 23..<index { scale /= 10 }
      return scale
    }
  }
}
