import Foundation

/// Hands out one `String` per distinct image or symbol name of a report's frame lines.
///
/// A report names the same few images (and often the same symbols) on hundreds of frame lines. A
/// name longer than 15 bytes needs a heap allocation per `String`, and another free when the
/// frames are dropped; here an equal name read before is handed out again instead. The strings are
/// equal to a fresh `String(decoding:as:)` of the same bytes, so nothing downstream can tell.
/// Not thread-safe: one cache belongs to one report's parse.
final class FrameStringCache {
  /// Names of up to 15 UTF-8 bytes are stored inline in a `String`: nothing to save.
  private static let inlineLimit = 15
  private static let slotCount = 256
  @exclusivity(unchecked) private var slots: [String?] = Array(repeating: nil, count: FrameStringCache.slotCount)

  /// The string for `bytes` (valid UTF-8; the frame parser passes ASCII only).
  func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count > Self.inlineLimit else { return String(decoding: bytes, as: UTF8.self) }
    // The length and the first and last eight bytes pick the slot (cheap, and names of one report
    // differ there); a collision only replaces the slot's string, equality is checked in full.
    let base = UnsafeRawPointer(bytes.baseAddress!)
    let head = base.loadUnaligned(as: UInt64.self)
    let tail = base.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
    var hash = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(bytes.count)) &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 32
    let slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
    if var cached = slots[slot], cached.utf8.count == bytes.count {
      let same = cached.withUTF8 { stored in memcmp(stored.baseAddress!, base, bytes.count) == 0 }
      if same { return cached }
    }
    let fresh = String(decoding: bytes, as: UTF8.self)
    slots[slot] = fresh
    return fresh
  }
}
