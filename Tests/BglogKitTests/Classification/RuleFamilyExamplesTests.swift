import BglogTestSupport
import Testing

@testable import BglogKit

/// Each rule family (one `CrashClassifier+…` file) on its real examples from `Tests/Fixtures`: the
/// kind, the confidence and the fact or evidence that family is responsible for.
@Suite struct RuleFamilyExamplesTests {
  static func diagnose(_ path: String) throws -> Diagnosis {
    let source = try Fixtures.source(path)
    let report = try #require(try CrashReportReader.read(source).first)
    return CrashClassifier().diagnose(report, source: source)
  }

  static func fact(_ diagnosis: Diagnosis, _ key: String) -> String? {
    diagnosis.facts.first(where: { $0.key == key })?.value
  }

  @Test func watchdog() throws {
    let idle = try Self.diagnose("crash/seed001-8badf00d-assertiond-runloop-leaked-task.crash")
    #expect((idle.kind, idle.confidence) == (.leakedBackgroundTask, .high))
    let semaphore = try Self.diagnose("crash/seed001-8badf00d-assertiond-semaphore.crash")
    #expect((semaphore.kind, semaphore.confidence) == (.watchdogHang, .high))
    #expect(Self.fact(semaphore, "main-thread") == "waiting on a dispatch semaphore")
    let keychain = try Self.diagnose("crash/public-8badf00d-process-exit-background-keychain-xpc.crash")
    #expect(Self.fact(keychain, "main-thread") == "waiting for a synchronous XPC reply")
    let noThreads = try Self.diagnose("crash/public-8badf00d-empty-termination-description-no-threads.crash")
    #expect((noThreads.kind, noThreads.confidence) == (.watchdogHang, .low))
  }

  @Test func terminationCodes() throws {
    let sqlite = try Self.diagnose("crash/public-runningboard-dead10cc-sqlite-journal-write.crash")
    #expect(sqlite.kind == .suspendedWithLockedFile)
    #expect(Self.fact(sqlite, "lock-thread") == "8")
    // `RUNNINGBOARD | Code 0xDEAD10CC`, retyped with a bar (0xCUB3/wBlock #385): the code is still read.
    let bar = try Self.diagnose("crash/public-macos-runningboard-dead10cc-bar-separated-summary.crash")
    #expect((bar.kind, bar.confidence) == (.suspendedWithLockedFile, .high))
    #expect(Self.fact(bar, "termination-code") == "0xdead10cc")
    let overflow = try Self.diagnose("crash/seed001-bada5e47-too-many-tasks.crash")
    #expect(Self.fact(overflow, "variant") == "too many background tasks")
  }

  @Test func namespaces() throws {
    let tcc = try Self.diagnose("crash/public-macos-tcc-privacy-fragment-termination-and-main-thread.crash")
    #expect((tcc.kind, tcc.confidence) == (.privacyViolation, .high))
    #expect(Self.fact(tcc, "missing-key") == "com.apple.security.device.audio-input")
    let guardKill = try Self.diagnose("crash/public-macos14-exc-guard-mach-port.crash")
    #expect((guardKill.kind, guardKill.confidence) == (.guardViolation, .high))
    #expect(Self.fact(guardKill, "guard-type") == "GUARD_TYPE_MACH_PORT")
    let codeSigning = try Self.diagnose("crash/public-ios17-codesigning-invalid-page-testflight.crash")
    #expect(codeSigning.kind == .codeSigning)
    // Hard-wrapped by e-mail (flutter #29022): the wrapped VM region lines neither become keys nor hide
    // the termination line after them.
    let wrapped = try Self.diagnose("crash/public-codesigning-0x2-email-reply-hard-wrapped-vm-region.crash")
    #expect((wrapped.kind, wrapped.confidence) == (.codeSigning, .high))
    #expect(wrapped.evidence.first?.quote == "Termination Reason: Namespace CODESIGNING, Code 0x2")
    #expect(wrapped.evidence.first?.location?.line == 14)
  }

  @Test func exceptions() throws {
    let trap = try Self.diagnose("crash/public-ios13-exc-breakpoint-swift-assert-unsymbolicated.crash")
    #expect(trap.kind == .trap)
    #expect(trap.evidence.contains { $0.note == "top frame of the crashed thread; Swift runtime check" })
    let abort = try Self.diagnose("crash/public-ios4-kscrash-apple-format-sigabrt.crash")
    #expect(abort.kind == .abort)
    #expect(abort.advice.allSatisfy { !$0.hasPrefix("Fix the exception named in the evidence at the first app frame") })
  }

  @Test func resource() throws {
    let warning = try Self.diagnose("ips/public-ios13-bug202-cpu-usage-not-fatal.ips")
    #expect(warning.kind == .cpuLimit)
    #expect(warning.summary.contains("not killed"))
    let killed = try Self.diagnose("crash/public-ios13-cpu-usage-microstackshot-process-killed.crash")
    #expect(killed.summary.contains("killed the process"))
    // A microstackshot body pasted from its `Event:` line, no header (firebase-ios-sdk #6391).
    let headerless = try Self.diagnose("crash/public-ios-wakeups-microstackshot-body-without-header.crash")
    #expect((headerless.kind, headerless.confidence) == (.wakeupsLimit, .high))
    #expect(headerless.summary.contains("not killed"))
    // A console line that merely says "Event:" does not open a report.
    #expect(!TextReportBuilder.opensReport("Event: user_engagement"))
    #expect(TextReportBuilder.opensReport("Event:            cpu usage"))
  }

  @Test func notACrash() throws {
    let sleepWake = try Self.diagnose("crash/public-macos11-sleep-wake-failure-stackshot.crash")
    #expect(sleepWake.kind == .sleepWakeFailure)
  }

  @Test func fragments() throws {
    let assertions = try Self.diagnose("crash/public-ios9-assertions-beyond-permitted-time-fragment.crash")
    #expect((assertions.kind, assertions.confidence) == (.leakedBackgroundTask, .medium))
    let dealloc = try Self.diagnose("crash/public-thread-only-watchkit-refresh-task-dealloc-abort-with-reason.crash")
    #expect((dealloc.kind, dealloc.confidence) == (.backgroundTaskNotCompleted, .medium))
    #expect(Self.fact(dealloc, "task-class") == "WKRefreshBackgroundTask")
    #expect(Self.fact(dealloc, "released-by")?.contains("processBackgroundTaskCallback") == true)
    let threadOnly = try Self.diagnose("crash/public-thread-only-app-name-with-spaces.crash")
    #expect((threadOnly.kind, threadOnly.confidence) == (.insufficientData, .low))
  }
}
