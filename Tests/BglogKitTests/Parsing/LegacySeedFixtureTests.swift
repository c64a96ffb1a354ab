import BglogTestSupport
import Testing

@testable import BglogKit

/// Parses the crash reports quoted in the seed articles and checks concrete values.
@Suite struct LegacySeedFixtureTests {
  private func parse(_ name: String) throws -> [CrashReport] {
    LegacyCrashReportParser().parseDocument(try Fixtures.source("crash/" + name))
  }

  @Test func readsTheBada5e47ReportWithSingleSpacedColumns() throws {
    let reports = try parse("seed001-bada5e47-too-many-tasks.crash")
    try #require(reports.count == 1)
    let report = reports[0]
    #expect(report.header.incidentIdentifier == "58790B23-E0E9-4650-AC5E-4023A662C7BE")
    #expect(report.header.processName == "OOMTestProjcet")
    #expect(report.header.processID == 63403)
    #expect(report.header.bundleIdentifier == "wmm.OOMTestProjcet")
    #expect(report.header.role == "Foreground")
    #expect(report.header.osVersion == "iPhone OS 11.2.1 (15C153)")
    #expect(report.header.field("Baseband Version")?.value == "4.30.02")
    #expect(report.header.field("Coalition")?.location.line == 11)
    #expect(report.header.field("Hardware Model")?.location.line == 3)
    #expect(report.exception?.type == "EXC_CRASH")
    #expect(report.exception?.signal == "SIGKILL")
    #expect(report.exception?.note == "EXC_CORPSE_NOTIFY")
    #expect(report.termination?.namespace == "ASSERTIOND")
    #expect(report.termination?.code == 0xbada5e47)
    #expect(report.termination?.location?.line == 20)
    #expect(report.crashedThread?.value == 0)
    #expect(report.crashedThread?.location.line == 21)
    let thread = try #require(report.threads.first)
    #expect(report.threads.count == 1)
    #expect(thread.crashed)
    #expect(thread.dispatchQueue == "com.apple.main-thread")
    #expect(thread.frames.count == 14)
    #expect(thread.frames[0].image == "libsystem_kernel.dylib")
    #expect(thread.frames[0].address == 0x00000001824c17c4)
    #expect(thread.frames[0].symbol == "kevent_id")
    #expect(thread.frames[0].symbolOffset == 8)
    #expect(thread.frames[6].symbol == "-[UIApplication _endBackgroundTask:]")
    #expect(thread.frames[13].index == 13)
    #expect(thread.frames[13].location?.line == 39)
    #expect(report.issues.isEmpty)
  }

  @Test func readsTheSemaphoreReportAndFlagsTheCutLastFrame() throws {
    let report = try #require(try parse("seed001-8badf00d-assertiond-semaphore.crash").first)
    #expect(report.termination?.namespace == "ASSERTIOND")
    #expect(report.termination?.code == 0x8badf00d)
    let frames = try #require(report.threads.first?.frames)
    #expect(frames.count == 16)
    #expect(frames[0].symbol == "semaphore_wait_trap")
    #expect(frames[3].image == "OOMTestProjcet")
    #expect(frames[3].symbol == nil)
    #expect(frames[3].imageBase == 0x1029a0000)
    #expect(frames[3].imageOffset == 21568)
    #expect(frames[15].symbol == "__CFRunLoop")
    #expect(frames[15].symbolOffset == nil)
    #expect(report.issues.contains { $0.location?.line == 41 && $0.message.contains("cut") })
  }

  @Test func readsTheExpirationHandlerWrite() throws {
    let report = try #require(try parse("seed001-8badf00d-assertiond-write-expiration.crash").first)
    let frames = try #require(report.threads.first?.frames)
    #expect(frames.count == 15)
    #expect(frames[3].symbol == "-[NSData+ 141412 (NSData) enumerateByteRangesUsingBlock:]")
    #expect(frames[3].symbolOffset == 88)
    #expect(frames[8].symbol == "-[UIApplication workspaceNoteAssertionExpirationImminent:]")
    #expect(report.endLine == 40)
  }

  @Test func readsTheSceneUpdateDescription() throws {
    let report = try #require(try parse("seed001-8badf00d-springboard-scene-update.crash").first)
    let termination = try #require(report.termination)
    #expect(termination.namespace == "SPRINGBOARD")
    #expect(termination.code == 0x8badf00d)
    let description = try #require(termination.description)
    #expect(description.hasPrefix("SPRINGBOARD, scene-update watchdog transgression: wmm.CPUTestTwo exhausted"))
    #expect(description.contains("| WatchdogCPUStatistics: ( | \"Elapsed total CPU time (seconds): 1.870"))
    #expect(termination.descriptionLocation?.line == 21)
    #expect(report.threads.first?.frames.count == 5)
    #expect(report.threads.first?.frames.last?.address == 0x00000001832bdc08)
    #expect(report.issues.contains { $0.location?.line == 31 })
  }

  @Test func repairsTheDamagedLeakedTaskExcerpt() throws {
    let reports = try parse("seed001-8badf00d-damaged-leaked-task.crash")
    try #require(reports.count == 1)
    let report = reports[0]
    #expect(report.exception?.note == "EXC_CORPSE_NOTIFY")
    #expect(report.termination?.namespace == "SPRINGBOARD")
    #expect(report.termination?.code == 0x8badf00d)
    #expect(report.termination?.location?.line == 4)
    #expect(report.issues.contains { $0.location?.line == 3 && $0.message.contains("line break lost") })
    #expect(report.issues.contains { $0.location?.line == 5 && $0.message.contains("thread heading") })
    #expect(report.issues.contains { $0.location?.line == 13 && $0.message.contains("two frames") })
    let thread = try #require(report.threads.first)
    #expect(thread.index == 0)
    #expect(thread.crashed)
    #expect(thread.frames.count == 9)
    #expect(thread.frames.map(\.index) == Array(0...8))
    #expect(thread.frames[0].image == "libsystem_kernel.dylib")
    #expect(thread.frames[0].imageBase == 0x18472b000)
    #expect(thread.frames[0].imageOffset == 35921)
    #expect(thread.frames[7].image == "Messenger")
    #expect(thread.frames[8].image == "libdyld.dylib")
    #expect(thread.frames[8].imageOffset == 4032)
    #expect(thread.frames[8].location?.line == 13)
  }

  @Test func readsTheIdleRunLoopReport() throws {
    let report = try #require(try parse("seed001-8badf00d-assertiond-runloop-leaked-task.crash").first)
    #expect(report.header.processID == 65256)
    #expect(report.termination?.namespace == "ASSERTIOND")
    let frames = try #require(report.mainThread?.frames)
    #expect(
      frames.map { $0.symbol ?? "-" } == [
        "mach_msg_trap", "mach_msg", "__CFRunLoopServiceMachPort", "__CFRunLoopRun", "CFRunLoopRunSpecific",
        "GSEventRunModal", "UIApplicationMain", "-", "start",
      ])
    #expect(report.issues.isEmpty)
  }

  @Test func readsTheUnnamedNamespace() throws {
    let report = try #require(try parse("seed001-8badf00d-namespace-0xf.crash").first)
    #expect(report.header.incidentIdentifier == nil)
    #expect(report.termination?.namespace == "<0xF>")
    #expect(report.termination?.code == 0x8badf00d)
    #expect(report.crashedThread?.value == 0)
    #expect(report.threads.first?.frames.count == 9)
    #expect(report.threads.first?.frames[7].image == "TerminateTest")
  }

  @Test func readsALoneThreadBlock() throws {
    let reports = try parse("seed000-main-thread-runloop.crash")
    try #require(reports.count == 1)
    let report = reports[0]
    #expect(report.exception == nil)
    #expect(report.threads.count == 1)
    #expect(report.threads[0].crashed)
    #expect(report.threads[0].frames.count == 8)
    #expect(report.threads[0].frames[5].image == "UIKitCore")
    #expect(report.threads[0].frames[6].imageOffset == 501188)
  }
}
