import Testing

@testable import BglogKit

/// The frame-name cache hands out strings equal to a fresh decoding of the same bytes, whatever
/// shares a slot.
@Suite struct FrameStringCacheTests {
  private func cached(_ cache: FrameStringCache, _ text: String) -> String {
    Array(text.utf8).withUnsafeBufferPointer { cache.string($0) }
  }

  @Test func everyNameComesBackEqualToItsBytes() {
    let cache = FrameStringCache()
    var names = ["a", "short", "exactly15bytes!", "sixteen bytes!!!", "libsystem_kernel.dylib", "UIKitCore"]
    // Same length, same first and last eight bytes: the same slot, different text.
    names += ["-[UIApplication _run]", "-[UIApplication _xyz]", "-[UIApplicationX_run]", "-[UIApplication  _run]"]
    for index in 0..<600 { names.append("Module\(index)Padding.framework/Symbol\(index % 7)") }
    for round in 0..<3 {
      for name in round == 1 ? names.reversed() : names {
        #expect(cached(cache, name) == name)
      }
    }
  }

  @Test func framesParsedWithTheCacheMatchFramesParsedWithout() {
    let lines = [
      "0   libsystem_kernel.dylib        \t0x00000001c1b2c1d4 mach_msg_trap + 8",
      "1   libsystem_kernel.dylib        \t0x00000001c1b2c1d4 0x1c1b28000 + 16852",
      "2   MyApp                         \t0x0000000100e3c0a8 closure #1 in Store.save() (Store.swift:42)",
      "3   CoreFoundation                \t0x00000001a3b4c5d6 __CFRunLoopServiceMachPort + 160 (CFRunLoop.c:2624)",
      "4   MyApp                         \t0x0000000100e3c0a8 main (in MyApp) (main.m:16)",
    ]
    let cache = FrameStringCache()
    for _ in 0..<2 {
      for (index, line) in lines.enumerated() {
        let text = Substring(line)
        guard case .frame(let plain, let plainNote) = StackFrameLineParser.parseASCII(text, line: index + 1),
          case .frame(let shared, let sharedNote) = StackFrameLineParser.parseASCII(text, line: index + 1, names: cache)
        else {
          Issue.record("not read as a frame: \(line)")
          continue
        }
        #expect(plain == shared)
        #expect(plainNote == sharedNote)
      }
    }
  }
}
