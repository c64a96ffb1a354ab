import Foundation

/// Finds which of many literal anchors a message holds, in one pass over its bytes: the prefilter in
/// front of the message-first recognisers (see docs/timeline.md, "Reading messages first").
///
/// Every anchor is at least ``stride`` + 3 bytes long. Each anchor registers the 4-byte windows that
/// start at ``stride`` consecutive offsets of it (see ``windowStart(_:)``) in a 2¹⁶-bit table; the scan probes only every ``stride``-th
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
  /// Every anchor's bytes one after another (`starts[i]..<starts[i + 1]`).
  private let bytes: [UInt8]
  private let starts: [Int]
  /// (hash, anchor, offset) of every registered window, sorted by hash.
  private let windows: [Window]
  /// For each hash, where its windows start in ``windows`` (they end where the next hash's start): a
  /// set bit is looked up with one load (a binary search was most of ``verify``'s time).
  private let firstWindow: [UInt16]

  private struct Window: Sendable {
    let hash: UInt16
    let anchor: Int32
    let offset: Int32
    /// The anchor's first eight bytes (little-endian), compared before the whole anchor: most
    /// candidates differ there, and the comparison is a load, not a call.
    let head: UInt64
  }

  /// Creates a scanner for `anchors`, each with the group bit it selects. Anchors shorter than
  /// `stride + 3` bytes are a programming error.
  init(_ anchors: [(text: String, group: UInt64)]) {
    self.anchors = anchors.map { Array($0.text.utf8) }
    self.groups = anchors.map(\.group)
    var bits = [UInt64](repeating: 0, count: 1024)
    var windows: [Window] = []
    var bytes: [UInt8] = []
    var starts: [Int] = []
    for (index, anchor) in self.anchors.enumerated() {
      precondition(anchor.count >= Self.stride + 3, "anchor too short for the scanner: \(anchors[index].text)")
      starts.append(bytes.count)
      bytes += anchor
      let start = Self.windowStart(anchor)
      for offset in start..<start + Self.stride {
        let word =
          UInt32(anchor[offset]) | UInt32(anchor[offset + 1]) << 8 | UInt32(anchor[offset + 2]) << 16
          | UInt32(anchor[offset + 3]) << 24
        let hash = Self.hash(word)
        bits[Int(hash >> 6)] |= 1 << UInt64(hash & 63)
        let head = anchor[0..<8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        windows.append(Window(hash: hash, anchor: Int32(index), offset: Int32(offset), head: head))
      }
    }
    starts.append(bytes.count)
    self.bits = bits
    self.bytes = bytes
    self.starts = starts
    let sorted = windows.sorted { ($0.hash, $0.anchor, $0.offset) < ($1.hash, $1.anchor, $1.offset) }
    precondition(sorted.count < Int(UInt16.max), "too many anchor windows for the scanner: \(sorted.count)")
    var firstWindow = [UInt16](repeating: UInt16(sorted.count), count: 65537)
    for (index, window) in sorted.enumerated().reversed() { firstWindow[Int(window.hash)] = UInt16(index) }
    // A hash without windows starts where the next one does (so its range is empty).
    for hash in (0...65535).reversed() where firstWindow[hash] > firstWindow[hash + 1] {
      firstWindow[hash] = firstWindow[hash + 1]
    }
    self.windows = sorted
    self.firstWindow = firstWindow
  }

  /// Where the `stride` registered windows of `anchor` start: any run of `stride` consecutive
  /// offsets works, so take the one with the fewest windows of only lowercase letters and spaces
  /// (common in log text, so fewer probes of ordinary messages hit a set bit).
  static func windowStart(_ anchor: [UInt8]) -> Int {
    // The count of plain windows is kept as the run slides (one array per anchor, not one per start:
    // building the scanner took 13.5 M instructions, most of them here, on every run).
    let last = anchor.count - stride - 3
    var plain = [Bool](repeating: false, count: last + stride)
    for offset in plain.indices {
      plain[offset] = anchor[offset..<offset + 4].allSatisfy { $0 == 0x20 || ($0 >= 0x61 && $0 <= 0x7A) }
    }
    var count = 0
    for offset in 0..<stride where plain[offset] { count += 1 }
    var best = 0
    var bestCount = count
    if last >= 1 {
      for start in 1...last {
        if plain[start - 1] { count -= 1 }
        if plain[start + stride - 1] { count += 1 }
        if count < bestCount {
          best = start
          bestCount = count
        }
      }
    }
    return best
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
    return bits.withUnsafeBufferPointer { bits -> UInt64 in
      var found: UInt64 = 0
      var position = 0
      while position + 4 <= count {
        let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self))
        let hash = Self.hash(word)
        if bits[Int(hash >> 6)] & (1 << UInt64(hash & 63)) != 0 {
          found |= verify(hash, at: position, in: base, count: count)
          if firstOnly, found != 0 { return found }
        }
        position += Self.stride
      }
      return found
    }
  }

  /// The groups of the anchors registered under `hash` that occur with that window at `position`.
  private func verify(_ hash: UInt16, at position: Int, in base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    windows.withUnsafeBufferPointer { windows in
      bytes.withUnsafeBufferPointer { bytes in
        var low = Int(firstWindow[Int(hash)])
        let high = Int(firstWindow[Int(hash) + 1])
        var found: UInt64 = 0
        while low < high {
          let anchor = Int(windows[low].anchor)
          let start = position - Int(windows[low].offset)
          let length = starts[anchor + 1] - starts[anchor]
          if start >= 0, start + length <= count,
            UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)) == windows[low].head,
            memcmp(base + start + 8, bytes.baseAddress! + starts[anchor] + 8, length - 8) == 0
          {
            found |= groups[anchor]
          }
          low += 1
        }
        return found
      }
    }
  }

  /// ``groups(in:)`` for a `String`'s message.
  func groups(in text: Substring) -> UInt64 {
    var text = text
    return text.withUTF8 { groups(in: $0) }
  }
}
