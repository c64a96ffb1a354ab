/// The contents of a JSON string (the bytes between its quotes) decoded on bytes, as
/// `JSONSerialization` decodes them: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and `\uXXXX`
/// (either case of hex digit; a high surrogate followed by `\u` and a low one is one scalar), every
/// other byte as it is.
///
/// Contents `JSONSerialization` refuses are refused here (`nil`): an unknown or cut-off escape, a
/// lone or reversed surrogate, a control byte or a quote. Callers then leave the text to
/// `JSONSerialization`, so what it does with them (an unread object) stays what bglog does.
enum JSONStringDecoder {
  /// Decodes `source` (which must be valid UTF-8 apart from its escapes) into `output`, which must
  /// have room for `source.count` bytes (a decoded string is never longer); with `output` `nil`, only
  /// checks. Returns the decoded length in bytes, or `nil` when the contents are refused.
  static func decode(_ source: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>?) -> Int? {
    guard let base = source.baseAddress else { return 0 }
    let count = source.count
    var index = 0
    var written = 0
    while index < count {
      // Eight bytes a step up to the next `"`, `\` or control byte (most of a message is plain text).
      if index + 8 <= count {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let special = Self.specialBits(word)
        let plain = special == 0 ? 8 : special.trailingZeroBitCount >> 3
        if plain > 0 {
          output.map { ($0 + written).update(from: base + index, count: plain) }
          written += plain
          index += plain
          continue
        }
      }
      let byte = base[index]
      if byte != 0x5C {
        if byte < 0x20 || byte == 0x22 { return nil }
        output?[written] = byte
        written += 1
        index += 1
        continue
      }
      guard index + 1 < count else { return nil }
      let simple: UInt8
      switch base[index + 1] {
      case 0x22: simple = 0x22
      case 0x5C: simple = 0x5C
      case 0x2F: simple = 0x2F
      case 0x62: simple = 0x08
      case 0x66: simple = 0x0C
      case 0x6E: simple = 0x0A
      case 0x72: simple = 0x0D
      case 0x74: simple = 0x09
      case 0x75:
        guard let unit = hex4(base, at: index + 2, count: count) else { return nil }
        index += 6
        var scalar = unit
        if unit >= 0xD800, unit < 0xDC00 {
          guard index + 1 < count, base[index] == 0x5C, base[index + 1] == 0x75,
            let low = hex4(base, at: index + 2, count: count), low >= 0xDC00, low < 0xE000
          else { return nil }
          index += 6
          scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        } else if unit >= 0xDC00, unit < 0xE000 {
          return nil
        }
        written += encode(scalar, into: output.map { $0 + written })
        continue
      default: return nil
      }
      output?[written] = simple
      written += 1
      index += 2
    }
    return written
  }

  /// Not zero when one of the eight bytes of `word` is `"`, `\` or a control byte (below 0x20); the
  /// lowest bit set marks the first of them: the classic test for a zero byte (`(x - 0x01…) & ~x &
  /// 0x80…`) on `word ^ "`, `word ^ \` and, for bytes below 0x20, on `word` less 0x20 in each byte.
  @inline(__always)
  static func specialBits(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ 0x2222_2222_2222_2222
    let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
    let special =
      ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- 0x2020_2020_2020_2020) & ~word)
    return special & 0x8080_8080_8080_8080
  }

  /// The four hex digits at `index` as a number, or `nil`.
  @inline(__always)
  private static func hex4(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> UInt32? {
    guard index + 4 <= count else { return nil }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = base[index + offset]
      let digit: UInt8
      if byte &- 0x30 < 10 {
        digit = byte &- 0x30
      } else if (byte | 0x20) &- 0x61 < 6 {
        digit = (byte | 0x20) &- 0x61 + 10
      } else {
        return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Writes `scalar` (not a surrogate) as UTF-8 when `output` is given; returns its length.
  @inline(__always)
  private static func encode(_ scalar: UInt32, into output: UnsafeMutablePointer<UInt8>?) -> Int {
    switch scalar {
    case ..<0x80:
      output?[0] = UInt8(scalar)
      return 1
    case ..<0x800:
      output?[0] = UInt8(0xC0 | scalar >> 6)
      output?[1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case ..<0x10000:
      output?[0] = UInt8(0xE0 | scalar >> 12)
      output?[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output?[2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      output?[0] = UInt8(0xF0 | scalar >> 18)
      output?[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      output?[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      output?[3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }

  /// The decoded contents as a `String` (`nil` when refused).
  static func string(_ source: UnsafeBufferPointer<UInt8>) -> String? {
    if !source.contains(0x5C) {
      guard decode(source, into: nil) != nil else { return nil }
      return String(decoding: source, as: UTF8.self)
    }
    var failed = false
    let text = String(unsafeUninitializedCapacity: max(source.count, 1)) { buffer in
      guard let length = decode(source, into: buffer.baseAddress) else {
        failed = true
        return 0
      }
      return length
    }
    return failed ? nil : text
  }
}
