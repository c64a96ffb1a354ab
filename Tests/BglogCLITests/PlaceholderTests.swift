import Testing

@testable import BglogCLI

@Suite struct BglogCLITests {
  @Test func runs() { #expect(BglogCLI.run(arguments: []) == 0) }
}
