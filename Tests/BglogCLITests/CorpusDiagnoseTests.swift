import BglogKit
import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `bglog diagnose ../shared/corpus/crash` must agree with the expected reading that
/// `../shared/corpus/README.md` gives for each file. The corpus is read in place (never copied into
/// the project); the test is skipped where it is absent.
@Suite struct CorpusDiagnoseTests {
  static let corpus = Fixtures.sharedPath("corpus/crash")

  /// The corpus README's expected reading for each file, as bglog kind ids.
  static let expected: [String: [String]] = [
    "ios11-springboard-8badf00d-scene-update-xamarin.crash": ["watchdog-hang"],
    "ios10-springboard-dead10cc-onemessenger.crash": ["suspended-with-locked-file"],
    "ios11-springboard-2bad45ec-mobilesms.crash": ["insecure-drawing"],
    "ios10-jetsam-highwater.ips": ["jetsam"],
    "ios9-jetsam-vm-thrashing-elided.txt": ["jetsam"],
    "ios11-cpu-usage-microstackshot-bug206.ips": ["cpu-limit"],
    "ios7-stackshot-baaaaaad.crash": ["stackshot"],
    "ios13-exc-bad-access-pac-thread27.crash": ["bad-access"],
    "ios4-exc-bad-access-sigbus-xbmc.crash": ["bad-access"],
    "ios7-plcrashreporter-style-sigbus.crash": ["bad-access"],
    "ios14-sigabrt-last-exception-backtrace.crash": ["abort"],
    "ios16-dyld-library-missing-testflight.crash": ["dyld-launch-failure"],
    "ios16-bug309-exc-breakpoint.ips": ["trap"],
    "ios16-translated-with-json-header-exc-breakpoint.crash": ["trap"],
    "ios14-bug109-sigabrt-stack-buffer-overflow.ips": ["abort"],
    "ios16-bug151-kernel-panic-forcereset.ips": ["kernel-panic"],
    "macos12-bug309-sleep-sigsegv.ips": ["bad-access"],
    "simulator-macos12-translated-exc-crash-sigsegv.crash": ["bad-access"],
    "simulator-macos15-bug309-exc-breakpoint-thread13.ips": ["trap"],
    "simulator-osx10-11-report11-sigabrt.crash": ["abort"],
    "macos11-rosetta-translated-sigabrt.crash": ["abort"],
    "macos10-8-thirdparty-sigsegv-xcdyoutubekit.crash": ["bad-access"],
    "ios13-truncated-header-only.crash": ["insufficient-data"],
    "ios14-metrickit-payload-two-crashes.json": ["trap", "bad-access"],
    "ios4-kscrash-apple-format-main-thread-deadlock.crash": ["main-thread-deadlock"],
    "ios4-kscrash-json-main-thread-deadlock.json": ["main-thread-deadlock"],
  ]

  static var available: Bool { FileManager.default.fileExists(atPath: corpus) }

  @Test(.enabled(if: available, Comment(rawValue: Fixtures.sharedMissing("corpus/crash"))))
  func directoryRunAgreesWithTheCorpusReadme() throws {
    let result = runBglog(["diagnose", "--format", "json", Self.corpus])
    #expect(result.status == .success, "\(result.err)")
    let document = try JSONDecoder().decode(CorpusOutput.self, from: Data(result.out.utf8))
    var kinds: [String: [String]] = [:]
    for report in document.reports {
      kinds[(report.file as NSString).lastPathComponent, default: []].append(report.kind)
    }
    for (file, expected) in Self.expected {
      #expect(kinds[file] == expected, "\(file)")
    }
    #expect(document.errors.isEmpty)
    // The KSCrash deadlock has no OS code, so it must never be a confident answer.
    #expect(document.reports.filter { $0.kind == "main-thread-deadlock" }.allSatisfy { $0.confidence != "high" })
  }
}

struct CorpusOutput: Decodable {
  struct Report: Decodable {
    var file: String
    var kind: String
    var confidence: String
  }
  struct Failure: Decodable {
    var file: String
  }
  var reports: [Report]
  var errors: [Failure]
}
