import Testing

@testable import BglogKit

/// The duplicate finder's hashing: the content hash tells apart texts that differ anywhere (every
/// length and position around its sixteen-byte steps and tails), and the hash set with its bit
/// filter answers exactly as a `Set` does.
@Suite struct RecordHashingTests {
  @Test func contentHashTellsApartEveryOneByteChange() {
    for length in 0...48 {
      let text = (0..<length).map { UInt8(0x61 + $0 % 26) }
      var seen: Set<UInt64> = []
      let original = text.withUnsafeBufferPointer { RecordContentHash.hash($0, seed: 7) }
      #expect(original == text.withUnsafeBufferPointer { RecordContentHash.hash($0, seed: 7) })
      seen.insert(original)
      for position in 0..<length {
        for byte: UInt8 in [0x20, 0x41, 0x0A, 0xC3] {
          var changed = text
          guard changed[position] != byte else { continue }
          changed[position] = byte
          let hash = changed.withUnsafeBufferPointer { RecordContentHash.hash($0, seed: 7) }
          #expect(!seen.contains(hash), "length \(length), position \(position)")
          seen.insert(hash)
        }
      }
      // One byte more or less (the same bytes otherwise) is another text too.
      let longer = (text + [0x61]).withUnsafeBufferPointer { RecordContentHash.hash($0, seed: 7) }
      #expect(!seen.contains(longer))
    }
  }

  @Test func hashSetAnswersAsASetDoes() {
    var generator = SystemRandomNumberGenerator()
    var set = RecordHashSet(capacity: 1_000)
    var reference: Set<UInt64> = [0]
    set.insert(0)
    for _ in 0..<1_000 {
      let hash = generator.next() as UInt64
      set.insert(hash)
      reference.insert(hash)
    }
    for hash in reference { #expect(set.contains(hash)) }
    for _ in 0..<20_000 {
      let hash = generator.next() as UInt64
      #expect(set.contains(hash) == reference.contains(hash))
    }
    #expect(set.count == reference.count)
  }
}
