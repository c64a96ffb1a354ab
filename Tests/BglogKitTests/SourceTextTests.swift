import Testing

@testable import BglogKit

@Suite struct SourceTextTests {
  @Test func splitsCRLFAndLoneCR() {
    let source = SourceText(text: "a\r\nb\rc\nd")
    #expect(source.lines == ["a", "b", "c", "d"])
  }
}
