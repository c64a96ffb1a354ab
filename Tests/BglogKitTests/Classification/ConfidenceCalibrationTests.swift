import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// `high` only when the deciding evidence is in the input. The evidence each kind needs is checked
/// here on the parsed report, independently of the rule that chose the kind, over every fixture and
/// (when present) the shared corpus.
@Suite struct ConfidenceCalibrationTests {
  static let kernelAndRunLoopImages: Set<String> = ["libsystem_kernel.dylib", "CoreFoundation", "???"]
  static let blockingWaits: Set<String> = [
    "semaphore_wait_trap", "__psynch_mutexwait", "__psynch_cvwait", "__ulock_wait", "__ulock_wait2", "__semwait_signal",
    "read", "write", "pread", "pwrite", "fsync", "open", "__open",
  ]

  /// Why a `high` reading of `diagnosis` would not be backed by `report`, or `nil` when it would be.
  static func missingDecidingEvidence(_ report: CrashReport, _ diagnosis: Diagnosis) -> String? {
    let hasCode =
      report.termination?.code != nil
      || (report.exception?.codes ?? "").split(separator: " ").contains { $0.lowercased().hasPrefix("0x") }
    let main = report.mainThread
    // A main-thread stack decides idle vs busy once it goes past the kernel trap and run-loop top.
    // So does a top frame that is a blocking wait or file I/O rather than a Mach message receive (the
    // trap an idle run loop sits in): a main thread in `semaphore_wait_trap` or `write` is not idle.
    let mainDecides =
      main?.frames.contains { !kernelAndRunLoopImages.contains($0.image) } == true
      || main?.frames.first?.symbol.map(blockingWaits.contains) == true
    switch diagnosis.kind {
    case .insufficientData, .unknown:
      return "\(diagnosis.kind.rawValue) is never high"
    case .watchdogHang, .leakedBackgroundTask:
      guard report.termination?.location != nil || report.exception?.codesLocation != nil || hasCode else {
        return "no termination code in the input"
      }
      if report.termination?.code == 0x2182_bad2 { return nil }
      if !report.leakedAssertions.isEmpty { return nil }
      return mainDecides ? nil : "no main-thread frames past the kernel trap and run-loop top"
    case .backgroundSessionCompletionNotCalled, .backgroundFetchTimeout:
      return hasCode || !report.leakedAssertions.isEmpty ? nil : "neither a code nor an assertion list"
    case .badAccess, .abort, .trap, .mainThreadDeadlock:
      return report.exception?.type != nil || report.exception?.signal != nil || report.termination != nil
        ? nil : "no exception type or signal"
    case .cpuLimit, .wakeupsLimit, .diskWritesLimit, .memoryLimit:
      let fatalKnown =
        report.resource?.actionTaken != nil || report.exception?.note != nil
        || (report.exception?.subtype ?? "").contains("FATAL")
        || report.category == .resource
          && report.format == .metricKit
      return fatalKnown || diagnosis.kind == .diskWritesLimit ? nil : "not said whether it was fatal"
    case .privacyViolation, .guardViolation, .osTermination, .codeSigning, .dyldLaunchFailure:
      return report.termination?.namespace != nil || report.exception?.type != nil ? nil : "no namespace"
    case .backgroundTaskNotCompleted:
      return report.exception != nil || report.termination != nil ? nil : "only the crashed thread"
    case .watchBackgroundBudget:
      // watchOS 7's Carousel writes no code but names the transgression in the reason itself.
      let carousel =
        report.termination?.namespace?.uppercased() == "CAROUSEL"
        && report.termination?.reason.contains("watchdog transgression") == true
      return hasCode || carousel ? nil : "neither a termination code nor Carousel's reason"
    case .voipPushNotReported:
      // PushKit's kill is an uncaught exception: its reason or the throwing method in the Last Exception
      // Backtrace decides it as well as 0xbaadca11 does.
      let marker = "never posted an incoming call to the system after receiving a PushKit VoIP push"
      let said =
        report.applicationSpecificInformation.contains { $0.value.contains(marker) }
        || report.exception?.message?.contains(marker) == true
      let thrown = report.lastExceptionBacktrace?.frames.contains {
        $0.symbol?.hasPrefix("-[PKPushRegistry _terminateAppIfThereAreUnhandledVoIPPushes]") == true
      }
      return hasCode || said || thrown == true ? nil : "no termination code, PushKit reason or PushKit frame"
    case .backgroundTaskOverflow, .suspendedWithLockedFile, .thermalKill, .forceQuit, .insecureDrawing,
      .voipResumeLimit, .diskSpaceReclaim, .systemResourceOveruse:
      return hasCode ? nil : "no termination code"
    case .watchBackgroundBudget:
      // watchOS writes this kill in words: `CAROUSEL, … watchdog transgression. Exhausted wall time allowance…`.
      let reason = report.termination?.reason ?? ""
      let carousel =
        report.termination?.namespace == "CAROUSEL" && reason.contains("watchdog transgression")
        && reason.contains("allowance of")
      return hasCode || carousel ? nil : "neither a code nor CAROUSEL's watchdog reason with its allowance"
    case .jetsam, .hangReport, .stackshot, .kernelPanic, .otherReport, .sleepWakeFailure:
      return nil
    }
  }

  /// Checks every report of `source`; returns how many were read (0 when the text holds no report).
  @discardableResult
  static func check(_ path: String, _ source: SourceText) -> Int {
    guard let reports = try? CrashReportReader.read(source) else { return 0 }
    for report in reports {
      let diagnosis = CrashClassifier().diagnose(report, source: source)
      guard diagnosis.confidence == .high else { continue }
      let missing = missingDecidingEvidence(report, diagnosis)
      #expect(
        missing == nil, "\(path) line \(report.startLine): \(diagnosis.kind.rawValue) is high but \(missing ?? "")")
    }
    return reports.count
  }

  /// Every fixture of both folders (text reports, fragments, `.ips`, JSON): each must be read (a
  /// fixture that stopped being read would otherwise drop out of this check silently).
  @Test func noFixtureIsHighWithoutItsDecidingEvidence() throws {
    let paths = Fixtures.files(in: "crash") + Fixtures.files(in: "ips")
    let kinds = DiagnosisKind.allCases.map(\.rawValue)
    #expect(
      paths.count == FixtureCatalog.rows(in: "crash", knownKinds: kinds).count
        + FixtureCatalog.rows(in: "ips", knownKinds: kinds).count)
    for path in paths {
      #expect(Self.check(path, try Fixtures.source(path)) > 0, "\(path) gave no report to check")
    }
  }

  /// Every fixture cut after each of its lines (the way pastes and forum copies stop): a cut removes
  /// evidence, so no prefix may be `high` without the evidence its kind needs.
  @Test func noCutFixtureIsHighWithoutItsDecidingEvidence() throws {
    var checked = 0
    for path in Fixtures.files(in: "crash") + Fixtures.files(in: "ips") {
      let source = try Fixtures.source(path)
      let lines = (0..<source.lineCount).map { String(source.lineText($0)) }
      for count in stride(from: 1, to: lines.count, by: max(1, lines.count / 60)) {
        checked += Self.check(
          "\(path) cut after line \(count)", SourceText(text: lines.prefix(count).joined(separator: "\n")))
      }
    }
    #expect(checked > 500)
  }

  @Test(
    .enabled(if: Fixtures.hasShared("corpus/crash"), Comment(rawValue: Fixtures.sharedMissing("corpus/crash"))))
  func noSharedCorpusReportIsHighWithoutItsDecidingEvidence() throws {
    let folder = Fixtures.sharedPath("corpus/crash")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where !name.hasPrefix(".") {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
      Self.check(name, SourceText(bytes: bytes))
    }
  }

  /// The case from issue 14: a header and the first two main-thread frames under ASSERTIOND
  /// 0x8badf00d, role Non UI, was called a hang, "busy running code", high, with a system frame as
  /// the first app frame. (Built in code to vary the namespace and role; the real report, michaelnisi/podest
  /// #17, is the fixture `public-assertiond-8badf00d-non-ui-main-thread-cut-after-mach-msg.crash`, checked
  /// in `PastedPiecesTests`.)
  @Test func aMainThreadCutAfterMachMsgIsLowAndSaysSo() {
    let cut = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        CrashClassifierTests.frame(0, "libsystem_kernel.dylib", "mach_msg_trap"),
        CrashClassifierTests.frame(1, "libsystem_kernel.dylib", "mach_msg"),
      ])
    var report = CrashClassifierTests.report(namespace: "ASSERTIOND", threads: [cut])
    report.header.role = "Non UI"
    let diagnosis = CrashClassifier().diagnose(report)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(!diagnosis.facts.contains { $0.key == "first-app-frame" })
    #expect(!diagnosis.summary.contains("busy"))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
    #expect(diagnosis.explanation.contains("cut") || diagnosis.summary.contains("cut"))

    // The same cut stack under SPRINGBOARD in the foreground proves nothing either way: a low hang.
    var foreground = CrashClassifierTests.report(namespace: "SPRINGBOARD", threads: [cut])
    foreground.header.role = "Foreground"
    let hang = CrashClassifier().diagnose(foreground)
    #expect(hang.kind == .watchdogHang)
    #expect(hang.confidence == .low)
  }

  /// A user review (Instabug-iOS #305 against podest #17): an ASSERTIOND 0x8badf00d with no thread at
  /// all was a low hang while the same kill with a cut stack was a low leak; the signs of a background
  /// kill count the same whether the main thread is cut or missing.
  @Test func aMissingMainThreadReadsLikeACutOne() {
    let assertiond = CrashClassifier().diagnose(CrashClassifierTests.report(namespace: "ASSERTIOND", threads: []))
    #expect(assertiond.kind == .leakedBackgroundTask)
    #expect(assertiond.confidence == .low)
    #expect(assertiond.facts.contains { $0.key == "missing-evidence" && $0.value == "the main thread's backtrace" })
    #expect(assertiond.explanation.contains("enforces background time"))

    var foreground = CrashClassifierTests.report(namespace: "SPRINGBOARD", threads: [])
    foreground.header.role = "Foreground"
    let hang = CrashClassifier().diagnose(foreground)
    #expect(hang.kind == .watchdogHang)
    #expect(hang.confidence == .low)
  }

  /// A user review (AppsFlyer #60): a scene-create hang on a semaphore inside CFNetwork's background
  /// session setup, the paste cut before any app frame. The code that waits is named, never as an app frame.
  @Test func aBlockedMainThreadWithoutAppFramesNamesTheSystemCodeThatWaits() {
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        CrashClassifierTests.frame(0, "libsystem_kernel.dylib", "semaphore_wait_trap"),
        CrashClassifierTests.frame(1, "libdispatch.dylib", "_dispatch_semaphore_wait_slow"),
        CrashClassifierTests.frame(2, "CFNetwork", "-[__NSURLBackgroundSession setupBackgroundSession]"),
      ])
    let diagnosis = CrashClassifier().diagnose(CrashClassifierTests.report(threads: [thread]))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(!diagnosis.facts.contains { $0.key == "first-app-frame" })
    let waiting = diagnosis.facts.first { $0.key == "waiting-in" }?.value ?? ""
    #expect(waiting.contains("setupBackgroundSession"))
    #expect(waiting.contains("no app frame"))
  }

  @Test func aSystemFrameIsNeverTheFirstAppFrame() {
    // A complete stack with no app frame on it: busy in system code, not "first app frame: libsystem…".
    let thread = ThreadBacktrace(
      index: 0, crashed: true,
      frames: [
        CrashClassifierTests.frame(0, "libsystem_c.dylib", "qsort"),
        CrashClassifierTests.frame(1, "CoreFoundation", "CFArraySortValues"),
        CrashClassifierTests.frame(2, "libdyld.dylib", "start"),
      ])
    let diagnosis = CrashClassifier().diagnose(CrashClassifierTests.report(threads: [thread]))
    #expect(diagnosis.kind == .watchdogHang)
    #expect(!diagnosis.facts.contains { $0.key == "first-app-frame" })
    #expect(diagnosis.confidence == .medium)
  }

  @Test func runningboardCorroboratesAnIdleMainThreadLikeAssertiond() {
    let diagnosis = CrashClassifier().diagnose(CrashClassifierTests.report(namespace: "RUNNINGBOARD"))
    #expect(diagnosis.kind == .leakedBackgroundTask)
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.explanation.contains("runningboardd"))
  }

  @Test func insufficientDataIsNeverHigh() throws {
    for text in ["Incident Identifier: 1\nHardware Model: iPhone9,3\nProcess: App [1]\nOS Version: iOS 13\n"] {
      let source = SourceText(text: text)
      for report in try CrashReportReader.read(source) {
        let diagnosis = CrashClassifier().diagnose(report, source: source)
        #expect(diagnosis.kind == .insufficientData)
        #expect(diagnosis.confidence == .low)
        #expect(diagnosis.facts.contains { $0.key == "missing-evidence" })
      }
    }
  }

  @Test func noFixtureQuotesTheSameLineTwice() throws {
    for path in Fixtures.files(in: "crash") + Fixtures.files(in: "ips") {
      let source = try Fixtures.source(path)
      for report in try CrashReportReader.read(source) {
        let evidence = CrashClassifier().diagnose(report, source: source).evidence
        let keys = evidence.map { "\(String(describing: $0.location))|\($0.quote)" }
        #expect(Set(keys).count == keys.count, "\(path): \(keys)")
      }
    }
  }
}
