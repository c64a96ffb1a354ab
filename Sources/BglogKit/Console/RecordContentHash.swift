/// The 64-bit hash of record text used to find duplicate records: sixteen bytes per multiply (two
/// words folded into one full-width product, as wyhash does), where ``ByteText/hash(_:seed:)`` takes
/// eight; it runs on the process and message of every record of a log.
enum RecordContentHash {
  /// A hash of `text`, started from `seed`.
  static func hash(_ text: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    let count = text.count
    var state = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
    guard let base = text.baseAddress, count > 0 else { return ByteText.mix(state, 0x2D35_8DCC_AA6C_78A5) }
    let raw = UnsafeRawPointer(base)
    @inline(__always) func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    var index = 0
    // A product is lost only when a factor is zero: `word ^ 0xA076…` cannot be (those eight bytes,
    // `2F 64 BD 78…`, are not valid UTF-8, and lines are), and `word ^ state` only by a 2⁻⁶⁴ chance.
    while index + 16 <= count {
      state = fold(word(index) ^ state, word(index + 8) ^ 0xA076_1D64_78BD_642F)
      index += 16
    }
    // The last 1 to 15 bytes: as whole words where the text is long enough (overlapping bytes
    // already hashed; the length in the state tells texts apart), else byte by byte.
    let left = count - index
    guard left > 0 else { return ByteText.mix(state, 0xE703_7ED1_A0B4_28DB) }
    var low: UInt64 = 0
    var high: UInt64 = 0
    if count >= 16 {
      low = word(count - 16)
      high = word(count - 8)
    } else if left >= 8 {
      low = word(index)
      high = word(count - 8)
    } else {
      for offset in 0..<left { low |= UInt64(base[index + offset]) << (8 * UInt64(offset)) }
    }
    return ByteText.mix(fold(low ^ state, high ^ 0xE703_7ED1_A0B4_28DB), 0x8BB8_4B93_962E_ACC9)
  }

  /// Folds two words through one full-width multiply.
  @inline(__always)
  private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = (a ^ 0x8EBC_6AF0_9C88_C6E3).multipliedFullWidth(by: b)
    return product.high ^ product.low
  }
}
