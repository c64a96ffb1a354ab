import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// `CrashReport.isPlainAppPath` (the byte path of `appImageNames`) answers as the `PlainSearch`
/// tests do, on every image path of the fixtures and the shared corpus and on edge paths.
@Suite struct AppImagePathTests {
  /// The test `appImageNames` applies to a path that is not plain.
  private func isAppPath(_ path: String) -> Bool {
    guard !CrashReport.isSystemRuntimePath(path) else { return false }
    return PlainSearch.contains("/Bundle/Application/", in: path)
      || PlainSearch.contains(".app/", in: path) && !path.hasPrefix("/System")
  }

  @Test func bytePathAnswersAsTheSearches() throws {
    var paths = [
      "", "/System/Applications/Foo.app/Foo", "/Applications/Foo.app/Foo",
      "/private/var/containers/Bundle/Application/X/A",
      "/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS.simruntime/Contents/Resources/RuntimeRoot/usr/lib/libobjc.A.dylib",
      "/Library/Developer/CoreSimulator/Volumes/iOS_21A/Library/A.app/A", "/usr/lib/dyld", ".app/", "/System.app/x",
      "/Users/me/Library/Developer/Xcode/DerivedData/App/Build/Products/Debug-iphonesimulator/App.app/App.debug.dylib",
    ]
    var files = (Fixtures.files(in: "crash") + Fixtures.files(in: "ips")).map { Fixtures.url($0).path }
    if Fixtures.hasShared("corpus/crash") {
      let folder = Fixtures.sharedPath("corpus/crash")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      files += names.sorted().filter { !$0.hasSuffix(".md") }.map { folder + "/" + $0 }
    }
    for file in files {
      guard let data = FileManager.default.contents(atPath: file),
        let reports = try? CrashReportReader.read(bytes: Array(data))
      else { continue }
      paths += reports.flatMap { $0.binaryImages.compactMap(\.path) }
    }
    var decided = 0
    for path in paths {
      guard let plain = CrashReport.isPlainAppPath(path) else { continue }
      decided += 1
      #expect(plain == isAppPath(path), "\(path)")
    }
    // The fixtures alone hold a few dozen plain paths; the shared corpus adds hundreds when present.
    #expect(decided > (Fixtures.hasShared("corpus/crash") ? 500 : 20))
    #expect(paths.contains { isAppPath($0) })
  }
}
