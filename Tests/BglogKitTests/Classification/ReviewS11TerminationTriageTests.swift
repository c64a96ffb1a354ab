import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-11 review (`diagnose` on real public pastes, /work/review-inputs-s11, not in the repository), defects 2
/// and 5: a Termination Reason retyped over lines, and a SIGKILL report with no Termination Reason and a Kernel
/// Triage block. The pastes' licences are not known, so only the lines a test needs are quoted, verbatim, each
/// with its source; texts put together or changed by hand say so.
@Suite struct ReviewS11TerminationTriageTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 2: `Termination Reason:` / `Namespace RUNNINGBOARD` / `Code 3735883980`

  /// TelegramMessenger/Telegram-iOS #2294 (rytekHL, 2026-08-21): a macOS report retyped in a fence, the reason over
  /// three lines, prose, then the report's header in a second fence (cut after `Role:`).
  static let swiftgram = """
    The macOS crash report indicates that this is not a regular application exception. Swiftgram is terminated by RunningBoard with:

    ```text
    Exception Type:    EXC_CRASH (SIGKILL)

    Termination Reason:
    Namespace RUNNINGBOARD
    Code 3735883980
    ```

    `3735883980` corresponds to `0xDEAD10CC`.

    ### Expected Behavior
    Swiftgram should remain running normally in the background and resume when brought back to the foreground.

    ### Actual Behavior
    Swiftgram is occasionally terminated by macOS while it is in the background.

    In the attached crash report:

    ```text
    Process:             Swiftgram [26319]
    Identifier:          app.swiftgram.ios
    Version:             12.9.2 (281)
    Role:                Background
    """

  @Test func aReasonRetypedOverThreeLinesIsTheLockedFileKill() throws {
    let reports = try Self.read(Self.swiftgram)
    #expect(reports.count == 1)
    let (report, diagnosis) = try #require(reports.first)
    let termination = try #require(report.termination)
    #expect(termination.namespace == "RUNNINGBOARD")
    #expect(termination.code == 0xdead_10cc)
    // The closing fence ends the reason: it is not glued into the text.
    #expect(termination.reason == "Namespace RUNNINGBOARD Code 3735883980")
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .high)
    let quotes = diagnosis.evidence.map(\.quote)
    #expect(quotes.contains("Namespace RUNNINGBOARD"))
    #expect(quotes.contains("Code 3735883980"))
    #expect(diagnosis.evidence.first { $0.quote == "Code 3735883980" }?.location?.line == 8)
    // The author's sentence after the fence is not the report's (no KSCrash-style reason line read from it).
    #expect(report.applicationSpecificInformation.isEmpty)
    #expect(!report.issues.contains { $0.message.hasPrefix("unreadable line") })
  }

  @Test func theHeaderPastedLaterInItsOwnFenceIsTheReportsHeader() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.swiftgram).first)
    #expect(report.header.processName == "Swiftgram")
    #expect(report.header.processID == 26319)
    #expect(report.header.bundleIdentifier == "app.swiftgram.ios")
    #expect(report.header.role == "Background")
    #expect(diagnosis.facts.contains(Fact("process", "Swiftgram")))
    #expect(diagnosis.facts.contains(Fact("role", "Background")))
    let note = try #require(report.issues.first { $0.message.hasPrefix("the report's header (lines 22–25)") })
    #expect(note.location?.line == 22)
  }

  @Test func theNamespaceAndCodeReadWithoutTheComma() {
    // The reason's words from Telegram-iOS #2294 joined on one line, as the reviewer's probe wrote them; the hex
    // form and a cut word (`SPRINGBO`, airsdk/Adobe-Runtime-Support #942) beside them.
    let blank = TerminationReasonParser.head("Namespace RUNNINGBOARD Code 3735883980")
    #expect(blank.namespace == "RUNNINGBOARD")
    #expect(blank.code == 0xdead_10cc)
    let hex = TerminationReasonParser.head("Namespace RUNNINGBOARD Code 0xdead10cc")
    #expect(hex.namespace == "RUNNINGBOARD")
    #expect(hex.code == 0xdead_10cc)
    let comma = TerminationReasonParser.head("Namespace RUNNINGBOARD, Code 3735883980")
    #expect(comma.namespace == "RUNNINGBOARD")
    #expect(comma.code == 0xdead_10cc)
    let cut = TerminationReasonParser.head("Namespace SPRINGBO")
    #expect(cut.namespace == "SPRINGBO")
    #expect(cut.code == nil)
  }

  @Test func aCodeOnTheLineAfterTheNamespaceGoesOnAndProseAfterItDoesNot() throws {
    // Changed by hand from Telegram-iOS #2294: the namespace on the key's line, the code on the next, then the
    // author's sentence with no blank line between.
    let text = """
      Exception Type:    EXC_CRASH (SIGKILL)
      Termination Reason: Namespace RUNNINGBOARD
      Code 3735883980
      `3735883980` corresponds to `0xDEAD10CC`.
      """
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.termination?.code == 0xdead_10cc)
    #expect(report.termination?.reason == "Namespace RUNNINGBOARD Code 3735883980")
    #expect(diagnosis.kind == .suspendedWithLockedFile)
  }

  @Test func aTildeFenceEndsTheReasonToo() throws {
    // Synthetic: Telegram-iOS #2294's block with its closing fence written `~~~` (the other Markdown fence).
    let text = """
      ~~~
      Exception Type:    EXC_CRASH (SIGKILL)

      Termination Reason:
      Namespace RUNNINGBOARD
      Code 3735883980
      ~~~
      """
    let (report, _) = try #require(try Self.read(text).first)
    #expect(report.termination?.reason == "Namespace RUNNINGBOARD Code 3735883980")
    #expect(report.termination?.details == ["Namespace RUNNINGBOARD", "Code 3735883980"])
  }

  @Test func aClosingFenceEndsADescriptionAndAnApplicationSpecificBlock() throws {
    // react/react-native #29088 (danwhite-ipc, 2020-06-08): the fence closes right after the description.
    let text = """
      ```
      Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
      Termination Description: SPRINGBOARD, scene-create watchdog transgression: application<****>:7778 exhausted real (wall clock) time allowance of 19.56 seconds
      ```

      I am using `react-native-splash-screen` to manage the splash screen.
      """
    let (report, diagnosis) = try #require(try Self.read(text).first)
    let description = try #require(report.termination?.description)
    #expect(!description.contains("```"))
    #expect(description.hasSuffix("allowance of 19.56 seconds"))
    #expect(diagnosis.kind == .watchdogHang)
    // Changed by hand: the same fence after an Application Specific Information line (leveldb #265's, session 10).
    let asi = """
      ```
      Exception Type:  00000020
      Exception Codes: 0x00000000dead10cc
      Application Specific Information:
      /private/var/mobile/Library/Process/Library/$dbname/LOCK
      ```
      """
    let (asiReport, _) = try #require(try Self.read(asi).first)
    #expect(
      asiReport.applicationSpecificInformation.map(\.value) == [
        "/private/var/mobile/Library/Process/Library/$dbname/LOCK"
      ])
  }

  @Test func aLaterHeaderIsNotTakenByABlockThatNamesItsProcess() throws {
    // Changed by hand from Telegram-iOS #2294: the exception block names its own process, so the later header
    // block (another process here) is no part of it and is no report on its own.
    let text = Self.swiftgram.replacingOccurrences(
      of: "```text\nException Type:", with: "```text\nProcess:             Telegram [1]\nException Type:")
    let reports = try Self.read(text)
    #expect(reports.count == 1)
    let (report, _) = try #require(reports.first)
    #expect(report.header.processName == "Telegram")
    #expect(report.header.role == nil)
    #expect(!report.issues.contains { $0.message.hasPrefix("the report's header") })
  }

  @Test func aLaterBlockWithAThreadIsAReportOfItsOwn() throws {
    // Changed by hand from Telegram-iOS #2294: a thread under the later header, so that block is a report itself.
    let text =
      Self.swiftgram
      + "\n\nThread 0 Crashed:\n0   libsystem_kernel.dylib        \t       0x1ea5c4808 mach_msg2_trap + 8\n"
    let reports = try Self.read(text)
    #expect(reports.count == 2)
    #expect(reports.first?.0.header.processName == nil)
    #expect(reports.last?.0.header.processName == "Swiftgram")
  }

  // MARK: Defect 5: SIGKILL, no Termination Reason, Kernel Triage

  /// NativeScript/NativeScript #9638 (DarkRanger66666, 2021-11-03): an unfenced iOS 15.0.2 TestFlight report, cut
  /// mid-word in its Kernel Triage.
  static let nativescript = """
    Incident Identifier: D86E6CB9-9125-47CC-BCAA-D9E8C58D6F0A
    Hardware Model:      iPhone9,3
    Process:             pestiugyvedapp [77162]
    Path:                /private/var/containers/Bundle/Application/408A1206-1F2E-40B2-8E0C-052D5B329377/pestiugyvedapp.app/pestiugyvedapp
    Identifier:          com.bpbar.pestiugyved
    Version:             1.0 (1.0.8)
    AppStoreTools:       13A1030d
    AppVariant:          1:iPhone9,3:15
    Beta:                YES
    Code Type:           ARM-64 (Native)
    Role:                Non UI
    Parent Process:      launchd [1]
    Coalition:           com.bpbar.pestiugyved [5564]

    Date/Time:           2021-11-03 04:40:03.3418 +0100
    Launch Time:         2021-11-03 04:39:44.4713 +0100
    OS Version:          iPhone OS 15.0.2 (19A404)
    Release Type:        User
    Baseband Version:    6.00.00
    Report Version:      104

    Exception Type:  EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note:  EXC_CORPSE_NOTIFY
    Triggered by Thread:  0

    Kernel Triage:
    VM - Compressor failed a blocki
    """

  @Test func aReportWithoutATerminationReasonIsNotSaidToStopBeforeIt() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.nativescript).first)
    #expect(report.termination == nil)
    #expect(diagnosis.kind == .unknown)
    #expect(diagnosis.confidence == .low)
    #expect(!diagnosis.explanation.contains("The input stops after the exception lines"))
    #expect(
      diagnosis.explanation.contains(
        "The report goes on past its exception lines (to `Triggered by Thread`, `Kernel Triage`) and has no "
          + "Termination Reason"))
    #expect(diagnosis.explanation.contains("The process role was Non UI"))
    let missing = try #require(diagnosis.facts.first { $0.key == "missing-evidence" })
    #expect(missing.value.hasPrefix("the Termination Reason line (the report has none"))
  }

  @Test func theKernelTriageLineIsQuotedAndRead() throws {
    let (_, diagnosis) = try #require(try Self.read(Self.nativescript).first)
    #expect(diagnosis.facts.contains(Fact("kernel-triage", "VM - Compressor failed a blocki")))
    let triage = try #require(diagnosis.evidence.first { $0.quote == "VM - Compressor failed a blocki" })
    #expect(triage.location?.line == 28)
    #expect(diagnosis.explanation.contains("the line is cut"))
    #expect(diagnosis.explanation.contains("could not page the app's compressed memory back in"))
    #expect(diagnosis.explanation.contains("the kill came with memory pressure"))
    #expect(diagnosis.explanation.contains("a circumstance, not a rule the app broke"))
  }

  @Test func aPasteThatEndsAtTheExceptionLinesStillSaysSo() throws {
    // NativeScript #9638's exception lines alone, as far as `Exception Note:` (cut by hand there).
    let text = """
      Exception Type:  EXC_CRASH (SIGKILL)
      Exception Codes: 0x0000000000000000, 0x0000000000000000
      Exception Note:  EXC_CORPSE_NOTIFY
      """
    let (_, diagnosis) = try #require(try Self.read(text).first)
    #expect(diagnosis.kind == .unknown)
    #expect(diagnosis.explanation.contains("The input stops after the exception lines, before the Termination Reason"))
  }

  @Test func kernelTriageLinesOfPublicReportsAreRead() throws {
    // `VM - Compressor failed a blocking pager_get`: ramboxapp/community-edition #3238 (`ktriageinfo`);
    // `VM - (arg = 0x0) pmap_enter retried due to resource shortage`: the shared corpus's
    // ios16-dyld-library-missing-testflight report; `VM - pmap_enter failed with resource shortage`: realm/realm-swift
    // #7863 (a 0xdead10cc kill); `VM - (arg = 0x3) mach_vm_allocate_kernel failed within call to vm_map_enter`: an
    // Ableton Live plug-in's macOS report, and `CL - (arg = 0x0) cluster_pagein past EOF`, `VM - (arg =
    // 0x1900000016) Filesystem pagein returned an error in vnode_pagein` and `VM - (arg = 0x0) Page has error bit
    // set`: one monerod macOS report, both files found by text search in public repositories whose names the index
    // did not give. The texts are XNU's (apple-oss-distributions/xnu, bsd/kern/kdebug_triage.c).
    let whole = try #require(KernelTriage.reading(of: "VM - Compressor failed a blocking pager_get"))
    #expect(!whole.cut)
    #expect(whole.memoryShortage)
    let cut = try #require(KernelTriage.reading(of: "VM - Compressor failed a blocki"))
    #expect(cut.cut)
    #expect(cut.text == "Compressor failed a blocking pager_get")
    let pmap = try #require(KernelTriage.reading(of: "VM - (arg = 0x0) pmap_enter retried due to resource shortage"))
    #expect(pmap.memoryShortage)
    let pmapFailed = try #require(KernelTriage.reading(of: "VM - pmap_enter failed with resource shortage"))
    #expect(pmapFailed.memoryShortage)
    #expect(!pmapFailed.cut)
    let allocate = try #require(
      KernelTriage.reading(of: "VM - (arg = 0x3) mach_vm_allocate_kernel failed within call to vm_map_enter"))
    #expect(allocate.memoryShortage)
    let pageIn = try #require(
      KernelTriage.reading(of: "VM - (arg = 0x1900000016) Filesystem pagein returned an error in vnode_pagein"))
    #expect(!pageIn.memoryShortage)
    let pastEOF = try #require(KernelTriage.reading(of: "CL - (arg = 0x0) cluster_pagein past EOF"))
    #expect(!pastEOF.memoryShortage)
    #expect(KernelTriage.message(of: "VM - (arg = 0x0) Page has error bit set") == "Page has error bit set")
    #expect(KernelTriage.reading(of: "VM - (arg = 0x0) Page has error bit set") == nil)
    // Too little of a text to tell which it is.
    #expect(KernelTriage.reading(of: "VM - Compressor") == nil)
  }

  @Test func repeatedTriageLinesAreOneFactWithACount() throws {
    // The shared corpus's ios16-dyld-library-missing-testflight report writes the same line three times.
    let line = "VM - (arg = 0x0) pmap_enter retried due to resource shortage"
    var report = CrashReport(format: .text)
    report.header.fields.append(
      HeaderField(name: "Kernel Triage", value: [line, line, line].joined(separator: "\n"), location: .line(10)))
    let lines = KernelTriage.lines(in: report, source: nil)
    #expect(lines.map(\.location.line) == [11, 12, 13])
    #expect(KernelTriage.fact(lines) == Fact("kernel-triage", line + " (×3)"))
    // An `.ips` body's `ktriageinfo` (ramboxapp/community-edition #3238): its lines are where the key is.
    var ips = CrashReport(format: .ips)
    ips.header.fields.append(
      HeaderField(
        name: "ktriageinfo",
        value: "VM - Compressor failed a blocking pager_get\nVM - Compressor failed a blocking pager_get\n",
        location: .json("ktriageinfo", line: 40)))
    let ipsLines = KernelTriage.lines(in: ips, source: nil)
    #expect(ipsLines.count == 2)
    #expect(KernelTriage.fact(ipsLines) == Fact("kernel-triage", "VM - Compressor failed a blocking pager_get (×2)"))
  }
}
