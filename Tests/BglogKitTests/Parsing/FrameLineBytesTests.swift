import Testing

@testable import BglogKit

/// The byte-level frame reader's address and image-offset shortcuts agree with the `Substring` helpers.
@Suite struct FrameLineBytesTests {
  private func frame(_ line: String) -> StackFrame? {
    guard case .frame(let frame, _) = StackFrameLineParser.parseASCII(line[...], line: 1) else { return nil }
    return frame
  }

  @Test func addressesReadAsTextScanningReadsThem() {
    let tokens = [
      "0x00000001c0a2e1cc", "0xABCDEFabcdef0123", "0X1f", "000000000000000000", "12345678901234567890",
      "00000000000000000000000123", "99999999",
    ]
    for token in tokens {
      let parsed = frame("7   MyApp   \(token) main + 4")
      #expect(parsed?.address == TextScanning.hex(token[...]), "\(token)")
      #expect(parsed?.image == "MyApp", "\(token)")
    }
  }

  @Test func wordsThatAreNoAddressStayInTheImageName() {
    // `0xG1` has a non-hex digit, `1234567` is too short, `0x` has no digits: all image words.
    let parsed = frame("2   My App 0xG1 1234567 0x   0x1000 0x1000 + 16")
    #expect(parsed?.image == "My App 0xG1 1234567 0x")
    #expect(parsed?.address == 0x1000)
    #expect(parsed?.imageBase == 0x1000)
    #expect(parsed?.imageOffset == 16)
  }

  @Test func imageOffsetsNeedADigitFirst() {
    let decimal = frame("4   MyApp   0x1000 4096 + 0x10")
    #expect(decimal?.imageBase == 4096)
    #expect(decimal?.imageOffset == 16)
    #expect(decimal?.symbol == nil)
    // Words that look like `BASE + OFFSET` but whose base is not a number are a symbol and its offset.
    for base in ["7abc", "+5", "x10", "-3"] {
      let parsed = frame("4   MyApp   0x1000 \(base) + 3")
      #expect(parsed?.imageBase == nil, "\(base)")
      #expect(parsed?.symbol == base, "\(base)")
      #expect(parsed?.symbolOffset == 3, "\(base)")
    }
  }

  @Test func asciiCheckCoversEveryByte() {
    for count in 0..<20 {
      var bytes = [UInt8](repeating: 0x41, count: count)
      #expect(bytes.withUnsafeBufferPointer { ByteText.isASCII($0) })
      for position in 0..<count {
        bytes[position] = 0xC3
        #expect(!bytes.withUnsafeBufferPointer { ByteText.isASCII($0) })
        bytes[position] = 0x41
      }
    }
  }
}
