import Testing

@testable import BglogKit

/// Shared frame names change nothing but which equal `String` a frame holds.
@Suite struct FrameNameTableTests {
  @Test func namesComeBackEqualToTheirBytes() {
    var table = FrameNameTable()
    // More distinct names than the table keeps (512), each asked for twice, plus near-misses.
    let names = (0..<700).flatMap { number in
      ["libsystem_kernel_\(number).dylib", "libsystem_kernel_\(number).dylic", "x\(number)_long_symbol_name_here"]
    }
    for _ in 0..<2 {
      for name in names {
        var copy = name
        let result = copy.withUTF8 { table.name($0) }
        #expect(result == name)
      }
    }
  }

  @Test func framesParseTheSameWithAndWithoutTheTable() {
    let lines = [
      "0   libsystem_kernel.dylib        \t0x00000001c0a2e1cc mach_msg_trap + 8",
      "1   libsystem_kernel.dylib        \t0x00000001c0a2e1cc mach_msg2_internal + 80",
      "2   libsystem_kernel.dylib        \t0x00000001c0a2e1cc mach_msg_trap + 8",
      "3   iOSCrashingTest               \t0x0000000102bda2a4 0x102bd4000 + 25252",
      "4   UIKitCore                     \t0x00000001a3fad07c -[UIViewController loadViewIfRequired] + 936",
      "5   libswiftCore.dylib            \t0x00000001ad70564c _assertionFailure+ 169548 (_:_:file:line:flags:) + 32",
      "6   MyApp                         \t0x0000000100a0c1f4 ViewController.viewDidLoad() + 52 (ViewController.swift:20)",
      "7   libsystem_kernel.dylib        \t0x00000001c0a2e1cc",
    ]
    var table = FrameNameTable()
    for _ in 0..<2 {
      for (number, line) in lines.enumerated() {
        let shared = withUnsafeMutablePointer(to: &table) {
          StackFrameLineParser.parseASCII(line[...], line: number + 1, names: $0)
        }
        let plain = StackFrameLineParser.parseASCII(line[...], line: number + 1)
        switch (shared, plain) {
        case (.frame(let left, let leftNote), .frame(let right, let rightNote)):
          #expect(left == right, "\(line)")
          #expect(leftNote == rightNote)
        default:
          Issue.record("not a frame: \(line)")
        }
      }
    }
  }
}
