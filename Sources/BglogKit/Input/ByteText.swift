/// Byte-level text tests for the console hot path: prefix, substring and ASCII checks on UTF-8 bytes,
/// and a fast hash, without building `String`s or iterating `Character`s.
///
/// Byte tests on ASCII patterns find every match the `Character`-based and Foundation searches find
/// (and a few more, next to combining marks), so they serve as prefilters in front of the exact code.
enum ByteText {
  /// Whether `text` starts with `prefix`.
  static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard text.count >= count, let base = text.baseAddress else { return false }
    let start = prefix.utf8Start
    for offset in 0..<count where base[offset] != start[offset] { return false }
    return true
  }

  /// Whether `text` is exactly `word`.
  static func equals(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    text.count == word.utf8CodeUnitCount && hasPrefix(text, word)
  }

  /// Whether `text` contains `pattern`.
  static func contains(_ text: UnsafeBufferPointer<UInt8>, _ pattern: StaticString) -> Bool {
    contains(text, UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount))
  }

  /// Whether `text` contains `pattern`; an empty pattern is found everywhere.
  static func contains(_ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
    firstIndex(of: pattern, in: text) != nil
  }

  /// Whether `text` is ASCII without a carriage return: there a `Character` is one byte, and string
  /// searches and prefix tests are byte comparisons.
  static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    return isASCII(text) && firstIndex(of: 0x0D, in: base, from: 0, to: text.count) == nil
  }

  /// Where `pattern` first starts in `text`; an empty pattern at 0.
  ///
  /// Scans eight bytes at a time for one byte of the pattern (the first that is not a lowercase
  /// letter or a space: rarer in log text), then compares the whole pattern there.
  static func firstIndex(of pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let needle = pattern.baseAddress, !pattern.isEmpty else { return 0 }
    guard let base = text.baseAddress, text.count >= pattern.count else { return nil }
    let count = pattern.count
    var anchor = 0
    while anchor < count, needle[anchor] == 0x20 || (needle[anchor] >= 0x61 && needle[anchor] <= 0x7A) {
      anchor += 1
    }
    if anchor == count { anchor = 0 }
    let anchorByte = needle[anchor]
    let end = text.count - count + anchor + 1
    var from = anchor
    while let found = firstIndex(of: anchorByte, in: base, from: from, to: end) {
      let start = found - anchor
      var offset = 0
      while offset < count, base[start + offset] == needle[offset] { offset += 1 }
      if offset == count { return start }
      from = found + 1
    }
    return nil
  }

  /// The first index of `byte` in `base[from..<end]`, eight bytes at a time.
  static func firstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
    let raw = UnsafeRawPointer(base)
    let spread = UInt64(byte) &* 0x0101_0101_0101_0101
    var index = from
    while index + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ spread
      // A zero byte in `word` is a match; the lowest flagged byte is always a true one.
      let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
      if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end {
      if base[index] == byte { return index }
      index += 1
    }
    return nil
  }

  /// The first index of a line end (LF or CR) in `base[from..<end]`, eight bytes at a time.
  @inline(__always)
  static func firstLineEnd(in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
    var unused: UInt64 = 0
    return firstLineEnd(in: base, from: from, to: end, bits: &unused)
  }

  /// ``firstLineEnd(in:from:to:)`` that also ORs the bytes before the line end into `bits` (a byte
  /// with its high bit set there means the line is not ASCII).
  @inline(__always)
  static func firstLineEnd(in base: UnsafePointer<UInt8>, from: Int, to end: Int, bits: inout UInt64) -> Int? {
    let raw = UnsafeRawPointer(base)
    var index = from
    while index + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let lf = word ^ 0x0A0A_0A0A_0A0A_0A0A
      let cr = word ^ 0x0D0D_0D0D_0D0D_0D0D
      // A zero byte in `lf` or `cr` is a line end; the lowest flagged byte is always a true one.
      let zeros =
        ((lf &- 0x0101_0101_0101_0101) & ~lf | (cr &- 0x0101_0101_0101_0101) & ~cr) & 0x8080_8080_8080_8080
      if zeros != 0 {
        let offset = zeros.trailingZeroBitCount / 8
        if offset > 0 { bits |= word & (UInt64.max >> (64 - 8 * offset)) }
        return index + offset
      }
      bits |= word
      index += 8
    }
    while index < end {
      let byte = base[index]
      if byte == 0x0A || byte == 0x0D { return index }
      bits |= UInt64(byte)
      index += 1
    }
    return nil
  }

  /// Whether every byte is below 0x80.
  static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    var bits: UInt64 = 0
    while index + 8 <= text.count {
      bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < text.count {
      bits |= UInt64(base[index])
      index += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// A 64-bit hash of `text` continuing from `seed` (a multiply-fold per 8 bytes); equal bytes give
  /// equal hashes, different bytes collide with negligible probability.
  static func hash(_ text: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    var state = seed ^ (UInt64(text.count) &* 0x9E37_79B9_7F4A_7C15)
    guard let base = text.baseAddress else { return mix(state, 0x2D35_8DCC_AA6C_78A5) }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= text.count {
      state = mix(state ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), 0xA076_1D64_78BD_642F)
      index += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < text.count {
      tail |= UInt64(base[index]) << shift
      shift += 8
      index += 1
    }
    return mix(state ^ tail, 0xE703_7ED1_A0B4_28DB)
  }

  /// Folds two words through a full-width multiply (the wyhash mixer).
  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = (a ^ 0x8EBC_6AF0_9C88_C6E3).multipliedFullWidth(by: b)
    return product.high ^ product.low
  }
}
