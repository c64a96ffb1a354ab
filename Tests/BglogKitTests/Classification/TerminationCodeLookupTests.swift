import Testing

@testable import BglogKit

/// `DiagnosisKind.forTerminationCode` reads a table built once; it must give what a search of the kinds'
/// references in `allCases` order gives (the first kind listing the code), for every listed code and
/// for codes no kind lists.
@Suite struct TerminationCodeLookupTests {
  @Test func theTableGivesTheFirstKindThatListsTheCode() {
    let listed = DiagnosisKind.allCases.flatMap(\.reference.codes)
    #expect(!listed.isEmpty)
    var generator = SystemRandomNumberGenerator()
    let others = (0..<500).map { _ in UInt64.random(in: 0...UInt64(UInt32.max), using: &generator) }
    for code in listed + others + [0, 0x8bad_f00d, 0xdead_10cc, 0xbada_5e47, UInt64.max] {
      let searched = DiagnosisKind.allCases.first(where: { $0.reference.codes.contains(code) })
      #expect(DiagnosisKind.forTerminationCode(code) == searched, "\(String(code, radix: 16))")
    }
  }
}
