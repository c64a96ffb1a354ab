import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Runs the parser over the shared corpus of real public reports, read in place.
///
/// The corpus lives outside the project (`/work/shared/corpus/crash`) and must not be copied in
/// (several files carry no reuse licence); when it is absent these tests skip.
@Suite(.enabled(if: Fixtures.hasShared("corpus/crash"), Comment(rawValue: Fixtures.sharedMissing("corpus/crash"))))
struct LegacyCorpusTests {
  private static let folder = Fixtures.sharedPath("corpus/crash")

  private static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder) }

  /// Files whose body is text: no JSON at all, or a one-line JSON header followed by text.
  private static func textFiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().filter { name in
      guard let source = try? load(name) else { return false }
      let lines = source.lines.filter { !TextScanning.isBlankLine($0) }
      guard let first = lines.first else { return false }
      if !TextScanning.trimmed(first).hasPrefix("{") { return true }
      return lines.count > 1 && TextScanning.trimmed(lines[1]).first?.isLetter == true
    }
  }

  private static func load(_ name: String) throws -> SourceText {
    SourceText(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
  }

  private func report(_ name: String) throws -> CrashReport {
    let reports = LegacyCrashReportParser().parseDocument(try Self.load(name))
    try #require(reports.count == 1, "\(name): \(reports.count) reports")
    return reports[0]
  }

  @Test(.enabled(if: isAvailable)) func readsEveryTextReportInTheCorpus() throws {
    let files = Self.textFiles()
    #expect(files.count >= 18)
    for name in files {
      let reports = LegacyCrashReportParser().parseDocument(try Self.load(name))
      #expect(reports.count == 1, "\(name)")
      for report in reports {
        #expect(report.header.fields.count >= 5, "\(name)")
        let hasContent =
          report.exception != nil || !report.threads.isEmpty || report.resource != nil
          || report.otherDescription != nil || report.header.incidentIdentifier != nil
        #expect(hasContent, "\(name)")
        #expect(report.issues.isEmpty, "\(name): \(report.issues.map(\.message))")
      }
    }
  }

  @Test(.enabled(if: isAvailable)) func readsTheDead10ccReport() throws {
    let report = try report("ios10-springboard-dead10cc-onemessenger.crash")
    #expect(report.termination?.namespace == "SPRINGBOARD")
    #expect(report.termination?.code == 0xdead10cc)
    #expect(report.header.role == "Non UI")
    #expect(report.crashedThread?.value == 0)
    let main = try #require(report.mainThread)
    #expect(main.frames[7].symbol == "main")
    #expect(main.frames[7].sourceFile == "main.m")
    #expect(main.frames[7].sourceLine == 16)
    #expect(report.threads.count == 17)
  }

  @Test(.enabled(if: isAvailable)) func readsTheDyldLaunchFailure() throws {
    let report = try report("ios16-dyld-library-missing-testflight.crash")
    let termination = try #require(report.termination)
    #expect(termination.namespace == "DYLD")
    #expect(termination.code == 1)
    #expect(termination.details.count == 4)
    #expect(termination.details.first == "Library not loaded: @rpath/FBSDKCoreKit.framework/FBSDKCoreKit")
    #expect(termination.details.last == "(terminated at launch; ignore backtrace)")
    #expect(report.header.field("Beta")?.value == "YES")
    #expect(report.header.field("AppStoreTools")?.location.line == 7)
    #expect(report.threads.first?.frames.first?.sourceFile == nil)
    #expect(report.binaryImages.count == 2)
  }

  @Test(.enabled(if: isAvailable)) func readsTheOldestHeaderLayout() throws {
    let report = try report("ios4-exc-bad-access-sigbus-xbmc.crash")
    #expect(report.crashedThread?.value == 4)
    #expect(report.exception?.type == "EXC_BAD_ACCESS")
    #expect(report.exception?.signal == "SIGBUS")
    #expect(report.exception?.codes == "0x00000032, 0x047001b0")
    #expect(report.header.processName == "XBMC")
    #expect(report.blamedThread?.index == 4)
    #expect(report.mainThread?.frames[29].symbol == "main")
    #expect(report.mainThread?.frames[29].sourceLine == 100)
  }

  @Test(.enabled(if: isAvailable)) func readsTheTriggeringThread() throws {
    let report = try report("ios13-exc-bad-access-pac-thread27.crash")
    #expect(report.crashedThread?.value == 27)
    #expect(report.blamedThread?.crashed == true)
    #expect(report.exception?.subtype?.contains("possible pointer authentication failure") == true)
  }

  @Test(.enabled(if: isAvailable)) func readsTheTranslatedReportWithAJSONHeader() throws {
    let report = try report("ios16-translated-with-json-header-exc-breakpoint.crash")
    #expect(report.bugType == "309")
    #expect(report.startLine == 2)
    #expect(report.termination?.namespace == "SIGNAL")
    #expect(report.termination?.code == 5)
    #expect(report.termination?.byProcess == "exc handler [455]")
    let frame = try #require(report.threads.first?.frames.first)
    #expect(frame.address == 0x18a98520c)
    #expect(frame.symbol == "_assertionFailure(_:_:file:line:flags:)")
    #expect(report.binaryImages.first?.name == "libswiftCore.dylib")
    #expect(report.binaryImages.first?.architecture == "arm64e")
  }

  @Test(.enabled(if: isAvailable)) func readsTheCPUMicrostackshot() throws {
    let report = try report("ios11-cpu-usage-microstackshot-bug206.ips")
    #expect(report.category == .resource)
    #expect(report.bugType == "206")
    let resource = try #require(report.resource)
    #expect(resource.event == "cpu usage")
    #expect(resource.isFatal)
    #expect(resource.summary?.hasPrefix("48 seconds cpu time over 54 seconds") == true)
    #expect(report.header.processName == "MapMyRun")
    #expect(report.header.processID == 2489)
  }

  @Test(.enabled(if: isAvailable)) func readsTheStackshot() throws {
    let report = try report("ios7-stackshot-baaaaaad.crash")
    #expect(report.category == .stackshot)
    #expect(report.exception?.codes == "0xbaaaaaad")
    #expect(report.otherDescription?.value == "Manually triggered stackshot via backboardd")
    #expect(report.threads.isEmpty)
  }

  @Test(.enabled(if: isAvailable)) func readsCommentedSymbolFramesAndDpkgImages() throws {
    let report = try report("ios11-springboard-2bad45ec-mobilesms.crash")
    #expect(report.termination?.code == 0x2bad45ec)
    let frame = try #require(report.threads.first?.frames.first)
    #expect(frame.imageBase == 0x189622000)
    #expect(frame.imageOffset == 0x77354)
    #expect(frame.symbol?.hasPrefix("-[CUICatalog _resolvedRenditionKeyFromThemeRef:") == true)
    #expect(report.binaryImages.first?.name == "TweakInject.dylib")
    #expect(report.binaryImages.first?.path == "/usr/lib/TweakInject.dylib")
    #expect(report.binaryImages.contains { $0.name == "MobileSMS" })
  }

  @Test(.enabled(if: isAvailable)) func readsTheLastExceptionBacktrace() throws {
    let report = try report("ios14-sigabrt-last-exception-backtrace.crash")
    let backtrace = try #require(report.lastExceptionBacktrace)
    #expect(backtrace.frames[2].symbol == "-[NSObject+ 183052 (NSObject) doesNotRecognizeSelector:]")
    #expect(backtrace.frames[2].symbolOffset == 143)
    #expect(backtrace.frames[6].sourceFile == "AppDelegate.m")
    #expect(report.applicationSpecificInformation.map(\.value) == ["abort() called"])
  }

  @Test(.enabled(if: isAvailable)) func readsThirdPartyTextReports() throws {
    let plcrash = try report("ios7-plcrashreporter-style-sigbus.crash")
    #expect(plcrash.exception?.type == "SIGBUS")
    #expect(plcrash.exception?.signal == nil)
    #expect(plcrash.exception?.codes == "BUS_ADRALN at 0xcd0b1c")
    #expect(plcrash.binaryImages.first?.name == "MyJablotron_dev")
    let mac = try report("macos10-8-thirdparty-sigsegv-xcdyoutubekit.crash")
    #expect(mac.threads.count == 18)
    #expect(mac.threads[0].frames[0].image == "com.apple.JavaScriptCore")
    #expect(mac.binaryImages.first?.name == "com.AlphaSoft.iTubeDownloader")
    #expect(mac.binaryImages.first?.architecture == "x86_64")
    let kscrash = try report("ios4-kscrash-apple-format-main-thread-deadlock.crash")
    #expect(kscrash.exception?.type == "0")
    #expect(kscrash.applicationSpecificInformation.first?.value == "Application main thread deadlocked")
    #expect(kscrash.threads[0].frames[0].symbol == "semaphore_wait_signal_trap")
    #expect(kscrash.threads[0].frames[0].symbolOffset == 8)
    #expect(kscrash.threads[0].frames[0].imageOffset == 64604)
  }

  @Test(.enabled(if: isAvailable)) func readsMacOSLayouts() throws {
    let simulator = try report("simulator-macos12-translated-exc-crash-sigsegv.crash")
    #expect(simulator.crashedThread?.value == 0)
    #expect(simulator.threads[0].dispatchQueue == "com.apple.main-thread")
    #expect(simulator.threads[1].name == "com.apple.uikit.eventfetch-thread")
    let truncated = try report("ios13-truncated-header-only.crash")
    #expect(truncated.threads.isEmpty)
    #expect(truncated.header.osVersion == "iPhone OS 13.3.1 (17D50)")
  }
}
