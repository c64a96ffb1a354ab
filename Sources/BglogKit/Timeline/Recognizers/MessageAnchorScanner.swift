import Foundation

/// Finds which of many literal anchors a message holds, in one pass over its bytes: the prefilter in
/// front of the message-first recognisers (see docs/timeline.md, "Reading messages first").
///
/// Every anchor is at least ``stride`` + 3 bytes long. Each anchor registers the 4-byte windows that
/// start at its first ``stride`` offsets in a 2¹⁶-bit table; the scan probes only every ``stride``-th
/// position of the message, so any occurrence of an anchor has exactly one probed window among the
/// ones it registered. A probe whose bit is set is checked against the anchors registered under that
/// hash by comparing the whole anchor. Most messages cost about `length / stride` table lookups.
final class MessageAnchorScanner: Sendable {
  /// The distance between probes; anchors are at least `stride + 3` bytes long.
  static let stride = 8
  /// The anchors, as UTF-8.
  let anchors: [[UInt8]]
  /// For each anchor, the bit of the group it selects (a recogniser, or a family of them).
  let groups: [UInt64]
  private let bits: [UInt64]
  private let candidates: [UInt16: [Candidate]]

  private struct Candidate: Sendable {
    let anchor: Int
    let offset: Int
  }

  /// Creates a scanner for `anchors`, each with the group bit it selects. Anchors shorter than
  /// `stride + 3` bytes are a programming error.
  init(_ anchors: [(text: String, group: UInt64)]) {
    self.anchors = anchors.map { Array($0.text.utf8) }
    self.groups = anchors.map(\.group)
    var bits = [UInt64](repeating: 0, count: 1024)
    var candidates: [UInt16: [Candidate]] = [:]
    for (index, anchor) in self.anchors.enumerated() {
      precondition(anchor.count >= Self.stride + 3, "anchor too short for the scanner: \(anchors[index].text)")
      for offset in 0..<Self.stride {
        let word =
          UInt32(anchor[offset]) | UInt32(anchor[offset + 1]) << 8 | UInt32(anchor[offset + 2]) << 16
          | UInt32(anchor[offset + 3]) << 24
        let hash = Self.hash(word)
        bits[Int(hash >> 6)] |= 1 << UInt64(hash & 63)
        candidates[hash, default: []].append(Candidate(anchor: index, offset: offset))
      }
    }
    self.bits = bits
    self.candidates = candidates
  }

  @inline(__always) private static func hash(_ word: UInt32) -> UInt16 {
    UInt16(truncatingIfNeeded: (word &* 0x9E37_79B1) >> 16)
  }

  /// The union of the group bits of the anchors found in `text` (0: none).
  func groups(in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    scan(text, firstOnly: false)
  }

  /// Whether `text` holds any anchor.
  func containsAny(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    scan(text, firstOnly: true) != 0
  }

  private func scan(_ text: UnsafeBufferPointer<UInt8>, firstOnly: Bool) -> UInt64 {
    guard let base = text.baseAddress, text.count >= Self.stride + 3 else { return 0 }
    let raw = UnsafeRawPointer(base)
    let count = text.count
    var found: UInt64 = 0
    var position = 0
    bits.withUnsafeBufferPointer { bits in
      while position + 4 <= count {
        let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self))
        let hash = Self.hash(word)
        if bits[Int(hash >> 6)] & (1 << UInt64(hash & 63)) != 0, let list = candidates[hash] {
          for candidate in list {
            let start = position - candidate.offset
            let anchor = anchors[candidate.anchor]
            guard start >= 0, start + anchor.count <= count,
              found & groups[candidate.anchor] != groups[candidate.anchor]
            else { continue }
            let equal = anchor.withUnsafeBufferPointer { memcmp(base + start, $0.baseAddress!, anchor.count) == 0 }
            if equal {
              found |= groups[candidate.anchor]
              if firstOnly { return }
            }
          }
        }
        position += Self.stride
      }
    }
    return found
  }

  /// ``groups(in:)`` for a `String`'s message.
  func groups(in text: Substring) -> UInt64 {
    var text = text
    return text.withUTF8 { groups(in: $0) }
  }
}
