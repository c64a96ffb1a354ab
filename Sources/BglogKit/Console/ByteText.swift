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
    guard let needle = pattern.baseAddress, !pattern.isEmpty else { return true }
    guard let base = text.baseAddress, text.count >= pattern.count else { return false }
    let first = needle[0]
    let count = pattern.count
    var index = 0
    let limit = text.count - count
    while index <= limit {
      if base[index] == first {
        var offset = 1
        while offset < count, base[index + offset] == needle[offset] { offset += 1 }
        if offset == count { return true }
      }
      index += 1
    }
    return false
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
