import BglogKit
import BglogTestSupport
import Foundation
import Testing

/// Runs the JSON parsers over the shared corpus of real reports, read in place at test time.
///
/// The corpus is reference material outside the project (several files carry no reuse
/// licence), so it is never copied here; when it is absent these tests skip.
@Suite(.enabled(if: Fixtures.hasShared("corpus/crash"), Comment(rawValue: Fixtures.sharedMissing("corpus/crash"))))
struct IPSCorpusTests {
  static let corpus = Fixtures.shared.appendingPathComponent("corpus/crash")

  private func parse(_ name: String) throws -> [CrashReport]? {
    let url = Self.corpus.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let source = SourceText(bytes: [UInt8](try Data(contentsOf: url)))
    return try IPSReportParser().parseDocument(source)
  }

  @Test func bug309BreakpointReadsExceptionTerminationAndResolvedFrames() throws {
    guard let reports = try parse("ios16-bug309-exc-breakpoint.ips") else { return }
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(report.format == .ips)
    #expect(report.category == .crash)
    #expect(report.bugType == "309")
    #expect(report.exception?.type == "EXC_BREAKPOINT")
    #expect(report.exception?.signal == "SIGTRAP")
    #expect(report.exception?.location?.line == 34)
    #expect(report.termination?.namespace == "SIGNAL")
    #expect(report.termination?.code == 5)
    #expect(report.termination?.byProcess == "exc handler")
    #expect(report.termination?.location == .json("termination.code", line: 35))
    #expect(report.header.processName == "iOSCrashingTest")
    #expect(report.header.processID == 455)
    #expect(report.header.version == "1.0 (1)")
    #expect(report.header.osVersion == "iPhone OS 16.0 (20A362)")
    #expect(report.header.hardwareModel == "iPhone14,2")
    #expect(report.header.role == "Foreground")
    #expect(report.crashedThread?.value == 0)
    let thread = try #require(report.blamedThread)
    #expect(thread.crashed)
    #expect(thread.dispatchQueue == "com.apple.main-thread")
    #expect(thread.frames[0].image == "libswiftCore.dylib")
    #expect(thread.frames[0].symbol == "_assertionFailure(_:_:file:line:flags:)")
    #expect(thread.frames[0].address == 0x18a9_8520c)  // the translated text shows the same address
    #expect(thread.frames[2].image == "iOSCrashingTest")
    #expect(thread.frames[2].address == 0x1_022_364bc)
    #expect(thread.frames.allSatisfy { $0.image != "???" })
    #expect(report.issues.isEmpty)
  }

  @Test func macOSBadAccessKeepsSubtypeAndRegionInfo() throws {
    guard let reports = try parse("macos12-bug309-sleep-sigsegv.ips") else { return }
    let report = try #require(reports.first)
    #expect(report.exception?.type == "EXC_BAD_ACCESS")
    #expect(report.exception?.signal == "SIGSEGV")
    #expect(report.exception?.subtype == "KERN_INVALID_ADDRESS at 0x0000000000000000")
    #expect(report.termination?.code == 11)
    #expect(report.header.field("vmRegionInfo")?.value.hasPrefix("0 is not in any region.") == true)
  }

  @Test func simulatorReportBlamesThreadThirteen() throws {
    guard let reports = try parse("simulator-macos15-bug309-exc-breakpoint-thread13.ips") else { return }
    let report = try #require(reports.first)
    #expect(report.crashedThread?.value == 13)
    #expect(report.blamedThread?.index == 13)
    #expect(report.blamedThread?.crashed == true)
    #expect(report.exception?.type == "EXC_BREAKPOINT")
  }

  @Test func metricKitPayloadGivesTwoCrashes() throws {
    guard let reports = try parse("ios14-metrickit-payload-two-crashes.json") else { return }
    #expect(reports.count == 2)
    #expect(reports.map(\.format) == [.metricKit, .metricKit])
    #expect(reports.map { $0.exception?.signal } == ["SIGTRAP", "SIGSEGV"])
    #expect(reports.map { $0.exception?.type } == ["EXC_BREAKPOINT", "EXC_BAD_ACCESS"])
    #expect(reports.map { $0.termination?.namespace } == ["SIGNAL", "SIGNAL"])
    #expect(reports.map { $0.termination?.code } == [5, 11])
    #expect(reports[0].blamedThread?.frames.first?.image == "libswiftCore.dylib")
    #expect(reports[0].blamedThread?.frames.count == 32)
    #expect(reports[1].blamedThread?.frames.first?.image == "MetricKitTest")
    #expect(reports[1].header.field("virtualMemoryRegionInfo") != nil)
    #expect(reports[0].header.osVersion == "iPhone OS 14.0.1 (18A393)")
  }

  @Test func kscrashDeadlockIsVisibleToTheClassifier() throws {
    guard let reports = try parse("ios4-kscrash-json-main-thread-deadlock.json") else { return }
    let report = try #require(reports.first)
    #expect(report.format == .kscrash)
    #expect(report.exception?.type == "deadlock")
    #expect(report.applicationSpecificInformation.map(\.value).contains("main thread deadlock detected by KSCrash"))
    #expect(report.crashedThread?.value == 0)
    let main = try #require(report.mainThread)
    #expect(main.frames.first?.symbol == "semaphore_wait_signal_trap")
    #expect(main.frames.first?.image == "libsystem_kernel.dylib")
    #expect(main.frames[2].symbol == "-[NSLock lock]")
    #expect(report.header.bundleIdentifier == "org.stenerud.Crash-Tester")
  }

  @Test func jetsamHighwaterKillsSpringBoard() throws {
    guard let reports = try parse("ios10-jetsam-highwater.ips") else { return }
    let report = try #require(reports.first)
    #expect(report.category == .jetsam)
    #expect(report.bugType == "298")
    let killed = try #require(report.jetsam?.killed)
    #expect(killed.map(\.name) == ["SpringBoard"])
    #expect(killed.first?.reason == "highwater")
    #expect(killed.first?.location?.line == 2015)
    #expect(report.header.osVersion == "iPhone OS 10.1.1 (14B100)")
  }

  @Test func elidedJetsamIsScannedTolerantly() throws {
    guard let reports = try parse("ios9-jetsam-vm-thrashing-elided.txt") else { return }
    let report = try #require(reports.first)
    #expect(report.category == .jetsam)
    #expect(report.jetsam?.largestProcess == "Facebook")
    let killed = try #require(report.jetsam?.killed.first)
    #expect(killed.name == "KodiMusicRemoteP")
    #expect(killed.reason == "vm-thrashing")
    #expect(killed.pid == 1518)
    #expect(killed.states == ["frontmost", "resume"])
    #expect(killed.location?.line == 40)
    #expect(report.issues.contains { $0.message.hasPrefix("invalid JSON at line 31") })
  }

  @Test func panicIsNotAnAppCrash() throws {
    guard let reports = try parse("ios16-bug151-kernel-panic-forcereset.ips") else { return }
    let report = try #require(reports.first)
    #expect(report.category == .panic)
    #expect(report.otherDescription?.value.hasPrefix("panic(cpu 1 caller") == true)
    #expect(report.otherDescription?.value.hasSuffix("btn_rst") == true)
  }

  @Test func microstackshotIsAFatalCPUResourceEvent() throws {
    guard let reports = try parse("ios11-cpu-usage-microstackshot-bug206.ips") else { return }
    let report = try #require(reports.first)
    #expect(report.format == .ipsText)
    #expect(report.category == .resource)
    #expect(report.resource?.event == "cpu usage")
    #expect(report.resource?.isFatal == true)
    #expect(report.header.bundleIdentifier == "com.mapmyfitness.MapMyRun")
  }

  @Test func textBodiesKeepTheMetadataLine() throws {
    let cases: [(String, String, String)] = [
      ("ios14-bug109-sigabrt-stack-buffer-overflow.ips", "109", "2416C26A-72A8-4687-AFAA-7FCEB9D77458"),
      ("ios16-translated-with-json-header-exc-breakpoint.crash", "309", "356753AC-2172-45DC-977A-11F2328980D0"),
      ("ios11-springboard-2bad45ec-mobilesms.crash", "109", "B076D47C-165E-4515-8E24-2C00CD307E2E"),
    ]
    for (name, bugType, incident) in cases {
      guard let reports = try parse(name) else { continue }
      let report = try #require(reports.first)
      #expect(reports.count == 1)
      #expect(report.format == .ipsText, "\(name)")
      #expect(report.category == .crash, "\(name)")
      #expect(report.bugType == bugType, "\(name)")
      #expect(report.header.incidentIdentifier == incident, "\(name)")
      #expect(report.header.field("bug_type")?.location.line == 1, "\(name)")
    }
  }

  @Test func stackshotIsNotACrash() throws {
    guard let reports = try parse("ios7-stackshot-baaaaaad.crash") else { return }
    let report = try #require(reports.first)
    #expect(report.format == .ipsText)
    #expect(report.category == .stackshot)
    #expect(report.bugType == "188")
    #expect(report.otherDescription?.value.lowercased().contains("stackshot") == true)
  }
}
