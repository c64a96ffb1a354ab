/// Word-at-a-time scans for the blanks (space, tab) that separate the fields of a log line header:
/// eight bytes per step instead of one, exact for every byte value.
enum BlankScan {
  /// The high bit of each byte of `word` that is not zero, exactly (no borrow between bytes).
  @inline(__always)
  static func nonZeroBytes(_ word: UInt64) -> UInt64 {
    (((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
  }

  /// The high bit of each byte of `word` that is neither a space nor a tab.
  @inline(__always)
  static func nonBlankBytes(_ word: UInt64) -> UInt64 {
    nonZeroBytes(word ^ 0x2020_2020_2020_2020) & nonZeroBytes(word ^ 0x0909_0909_0909_0909)
  }

  /// The first index in `from..<end` holding a space or a tab; `end` when there is none.
  @inline(__always)
  static func firstBlank(in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
    let raw = UnsafeRawPointer(base)
    var index = from
    while index + 8 <= end {
      let blanks = ~nonBlankBytes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & 0x8080_8080_8080_8080
      // Bytes are loaded little-endian: the lowest flagged byte comes first.
      if blanks != 0 { return index + (UInt64(littleEndian: blanks)).trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end, base[index] != 0x20, base[index] != 0x09 { index += 1 }
    return index
  }

  /// The first index in `from..<end` holding neither a space nor a tab; `end` when there is none.
  @inline(__always)
  static func firstNonBlank(in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
    let raw = UnsafeRawPointer(base)
    var index = from
    while index + 8 <= end {
      let others = nonBlankBytes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      if others != 0 { return index + (UInt64(littleEndian: others)).trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end, base[index] == 0x20 || base[index] == 0x09 { index += 1 }
    return index
  }
}
