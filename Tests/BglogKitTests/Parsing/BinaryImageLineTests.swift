import Testing

@testable import BglogKit

/// `BinaryImageLineParser` finds the UUID's brackets on bytes in ASCII lines and by `Character`s
/// otherwise; both must read a line the way the `Character` search does.
struct BinaryImageLineTests {
  @Test func asciiLineReadsEveryPart() throws {
    let line: Substring =
      "0x1b5ae0000 - 0x1b5b1ffff libsystem_kernel.dylib arm64e  <d2e9e5b4a1b03c5ea5e7d0d9a6f4e0c1> /usr/lib/system/libsystem_kernel.dylib"
    let image = try #require(BinaryImageLineParser.parse(line))
    #expect(image.name == "libsystem_kernel.dylib")
    #expect(image.base == 0x1b5ae0000)
    #expect(image.end == 0x1b5b1ffff)
    #expect(image.architecture == "arm64e")
    #expect(image.uuid == "d2e9e5b4a1b03c5ea5e7d0d9a6f4e0c1")
    #expect(image.path == "/usr/lib/system/libsystem_kernel.dylib")
  }

  @Test func bracketJoinedToACombiningMarkIsNotAnOpeningBracket() throws {
    // `<` + U+0338 is one Character (≮), which is not `<`: no UUID, the path is found by ` /`.
    let line: Substring = "0x1000 - 0x1fff Foo arm64  <\u{338}abc> /usr/lib/Foo"
    let image = try #require(BinaryImageLineParser.parse(line))
    #expect(image.uuid == nil)
    #expect(image.path == "/usr/lib/Foo")
    #expect(image.name == "Foo arm64  <\u{338}abc>")
  }

  @Test func nonASCIINameStillFindsTheUUID() throws {
    let line: Substring = "0x1000 - 0x1fff Caf\u{E9} App arm64  <0123abcd> /private/var/Caf\u{E9}"
    let image = try #require(BinaryImageLineParser.parse(line))
    #expect(image.name == "Caf\u{E9} App")
    #expect(image.uuid == "0123abcd")
    #expect(image.path == "/private/var/Caf\u{E9}")
  }
}
