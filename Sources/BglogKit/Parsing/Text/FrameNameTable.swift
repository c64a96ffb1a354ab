/// The image and symbol names one report's frames have used so far, so that a name repeated on many
/// frames (the image on every frame, the same symbols on every worker thread) is one shared `String`
/// rather than a new allocation per frame.
///
/// Names of up to 15 bytes are stored inline in a `String` and never come here. The table is a fixed
/// open-addressing hash of 1,024 slots, at most half used; once full, further names are simply
/// created as before. It only changes which equal `String` a frame holds, never its text.
struct FrameNameTable {
  private static let capacity = 1024
  private var slots: [Int32] = []
  private var hashes: [UInt64] = []
  private var names: [String] = []

  /// Creates an empty table; storage is allocated on the first long name.
  init() {}

  /// The name spelled by `bytes` (valid UTF-8), shared with earlier frames when one had it.
  mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    if slots.isEmpty { slots = Array(repeating: -1, count: Self.capacity) }
    let hash = ByteText.hash(bytes, seed: 0)
    var slot = Int(truncatingIfNeeded: hash) & (Self.capacity - 1)
    while true {
      let entry = Int(slots[slot])
      if entry < 0 { break }
      if hashes[entry] == hash, Self.equal(names[entry], bytes) { return names[entry] }
      slot = (slot + 1) & (Self.capacity - 1)
    }
    let string = String(decoding: bytes, as: UTF8.self)
    if names.count < Self.capacity / 2 {
      slots[slot] = Int32(names.count)
      hashes.append(hash)
      names.append(string)
    }
    return string
  }

  private static func equal(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    name.utf8.withContiguousStorageIfAvailable { stored in
      guard stored.count == bytes.count, let left = stored.baseAddress, let right = bytes.baseAddress else {
        return stored.count == bytes.count
      }
      // Eight bytes at a time (the generic `elementsEqual` costs hundreds of instructions per name).
      let count = bytes.count
      var offset = 0
      while offset + 8 <= count {
        let a = UnsafeRawPointer(left).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let b = UnsafeRawPointer(right).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if a != b { return false }
        offset += 8
      }
      while offset < count {
        if left[offset] != right[offset] { return false }
        offset += 1
      }
      return true
    } ?? name.utf8.elementsEqual(bytes)
  }
}
