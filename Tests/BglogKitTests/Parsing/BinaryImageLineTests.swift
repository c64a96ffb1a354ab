import BglogTestSupport
import Foundation
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

  /// The byte path reads every plain line the way the `Character` path does: every line of the
  /// text fixtures and the shared corpus, hand-made edge lines, and mutated copies of image lines.
  @Test func bytePathMatchesTheCharacterPath() throws {
    var paths = (Fixtures.files(in: "crash") + Fixtures.files(in: "ips") + Fixtures.files(in: "fuzz"))
      .map { Fixtures.url($0).path }
    if Fixtures.hasShared("corpus/crash") {
      let folder = Fixtures.sharedPath("corpus/crash")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      paths += names.sorted().filter { !$0.hasSuffix(".md") }.map { folder + "/" + $0 }
    }
    var lines: [Substring] = [
      "0x1000 - 0x1fff +Foo arm64 <abc> /a", "0x1000 - ??? Foo <abc> /a {\"install_date\":1}", "0x1000 - 0x1fff",
      "0x1000 - 0x1fff com.apple.AppKit (6.9 - 1138.51) <abc> /S", "0x1000 - 0x1fff Foo (arm64) /p q",
      "0x1000 - 0x1fff Foo \t(x86_64)\t<>", "0x1000 - 0x1fff + ", "0X10 - 0x1f a b", "0x+1f - 0x-2 a b",
      "0x1000 - 0x1fff a ( )", "0x1000 - 0x1fff >a< b /c", "0x1000 - zz a b", "0x1000 -- 0x2 a b",
      // Hex read on the bytes up to 16 digits, and by `TextScanning.hex` beyond (leading zeros, signs, overflow).
      "0x00000000000000001 - 0x000000000000000002 a b", "0xffffffffffffffff - 0xFFFFFFFFFFFFFFFF a b",
      "0x1ffffffffffffffff - 0x2 a b", "0x - 0x a b", "0x1 - 0X1aBc a b", "0x1 - 1abc a b", "0x1 - 0xg a b",
      "0x1 - 0x1 + a arm64", "0x1 - 0x1 a arm64 arm64", "0x1 - 0x1 arm64", "0x1 - 0x1 a b (arm64e)",
      "0x1 - 0x1 a b (arm64e", "0x1 - 0x1 a b arm64e)", "0x1 - 0x1 a b ARM64", "0x1 - 0x1 a  b   c x86_64h <u> /p",
    ]
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      lines += text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
    var generator = SplitMix64(state: 1515)
    let alphabet = Array(" \t<>(){}/+-?x0aZ".utf8)
    let imageLines = lines.filter { $0.hasPrefix("0x") || $0.hasPrefix(" ") }
    for line in imageLines.prefix(2_000) {
      var bytes = Array(line.utf8)
      guard !bytes.isEmpty else { continue }
      for _ in 0..<3 {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[index] = alphabet.randomElement(using: &generator)!
      }
      lines.append(Substring(String(decoding: bytes, as: UTF8.self)))
    }
    var decided = 0
    for line in lines {
      let trimmedLine = TextScanning.trimmed(line)
      for candidate in [line, trimmedLine] {
        guard let plain = BinaryImageLineParser.parsePlain(candidate) else { continue }
        decided += 1
        #expect(plain == BinaryImageLineParser.parseByCharacters(candidate), "\(candidate)")
      }
    }
    #expect(decided > 1_000)
  }
}
