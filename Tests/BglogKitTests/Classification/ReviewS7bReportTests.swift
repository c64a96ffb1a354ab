import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Second session-7 review (`diagnose` on pasted reports and pieces). The pastes' licences are not known
/// (site copies, unchecked issue threads), so only the lines a test needs are quoted, each with its source.
@Suite struct ReviewS7bReportTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 6: assertion lines damaged by page copies; the process from the list's header

  /// yf9968.com/mobile/ios/3919 (a machine-translated copy of a Stack Overflow question, author's
  /// copyright): lines 3–12, with the blank the copy put after `<`.
  static let translatedIOS7 = """
    Hardware Model: iPhone5,2
    Exception Type: 00000020
    Exception Codes: 0x000000008badf00d
    Highlighted Thread: 3

    Application Specific Information:
    MyApp[1369] has active assertions beyond permitted time:
    {(
    < BKProcessAssertion: 0x175ca7d0> identifier: Called by MyApp, from -[AppDelegate applicationDidEnterBackground:] \
    process: MyApp[1369] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:1369 preventSuspend \
    preventIdleSleep preventSuspendOnSleep
    )}
    """

  @Test func aBlankAfterTheOpeningBracketStillReadsTheAssertionList() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.translatedIOS7).first)
    #expect(report.leakedAssertions.count == 1)
    #expect(report.leakedAssertions.first?.reason == "finishTask")
    #expect(
      report.leakedAssertions.first?.name == "Called by MyApp, from -[AppDelegate applicationDidEnterBackground:]")
    #expect(diagnosis.kind == .leakedBackgroundTask)
    // 0x8badf00d and a finishTask assertion held past its time are both in the input.
    #expect(diagnosis.confidence == .high)
    #expect(diagnosis.evidence.contains { $0.location == .line(9) })
    // The report's own header is cut: the list's header line names the process.
    #expect(report.header.processName == "MyApp")
    #expect(report.header.processID == 1369)
    #expect(diagnosis.facts.contains(Fact("process", "MyApp")))
  }

  @Test func theBracketedProcessHeaderGivesBundleAndPid() {
    let line: Substring =
      "<BKNewProcess: 0x17e74840; com.app.app; pid: 560; hostpid: -1> has active assertions beyond permitted time:"
    let named = AssertionListHeader.read(line)
    #expect(named?.name == nil)
    #expect(named?.bundleID == "com.app.app")
    #expect(named?.pid == 560)
    #expect(AssertionListHeader.read("MyApp[1369] has active assertions beyond permitted time:")?.pid == 1369)
    // Prose that mentions the marker names nothing.
    #expect(AssertionListHeader.read("the app has active assertions beyond permitted time: why?") == nil)
  }

  @Test func aLessThanFollowedByABlankAndNoAssertionIsNotOne() {
    #expect(ProcessAssertion.all(in: "if a < b> then identifier: x reason: finishTask").isEmpty)
    #expect(
      ProcessAssertion.all(in: "< BKProcessAssertion: 0x1> identifier: x process: A[1] reason: finishTask").count == 1)
  }

  // MARK: Defect 5: a termination reason glued into a sentence

  /// groue/GRDB.swift #957 (description, MIT repository), its first line verbatim.
  static let grdbSentence =
    "I am using GRDB in my app to store and read data. I do so also right after the app starts. Now I've "
    + "noticed some crashes in my app that users are having and found the termination reason: Namespace "
    + "RUNNINGBOARD, Code 0xdead10cc.\n\nSo basically... it means that this happens, when my app is holding a "
    + "lock while being suspended, right?\n"

  @Test func aReasonInASentenceIsReadBelowHigh() throws {
    let read = try Self.read(Self.grdbSentence)
    let (report, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(report.termination?.namespace == "RUNNINGBOARD")
    #expect(report.termination?.code == 0xdead_10cc)
    #expect(report.isQuotedInProse)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence != .high)
    #expect(diagnosis.evidence.first?.location == .line(1))
  }

  @Test func aSentenceWithoutANamespaceAndCodeIsNotAReport() {
    #expect(throws: ReportParseError.self) {
      try CrashReportReader.read(SourceText(text: "We looked at the termination reason: it was killed. Code 5\n"))
    }
    // The key opening the line is a report's line, not a sentence.
    #expect(QuotedTerminationLineReader.reasonInSentence(in: "Termination Reason: RUNNINGBOARD 0xdead10cc") == nil)
    // bglog's own output quotes the report's line after its number (a sample's expected.txt).
    #expect(
      QuotedTerminationLineReader.reasonInSentence(
        in: "    line 20   Termination Reason: Namespace ASSERTIOND, Code 0xbada5e47") == nil)
    // `Namespace foo` in prose is not a namespace.
    #expect(throws: ReportParseError.self) {
      try CrashReportReader.read(SourceText(text: "the termination reason: Namespace foo, Code 5\n"))
    }
  }

  // MARK: Defects 3 and 9: a cut .ips / JetsamEvent body without its metadata line

  /// jundot/omlx #702 (description; licence not checked, so quoted here and not a fixture): the whole
  /// paste, 11 lines with its runs of trailing spaces, cut inside `memoryPages`.
  static let omlxJetsamBody = #"""
      {                                                                                                                                                      
        "bug_type": "298",                                            
        "timestamp": "2026-04-10 05:05:26.00 -0500",                                                                                                         
        "os_version": "macOS 26.3.1 (25D2128)",                                                                                                              
        "largestProcess": "Python",
        "memoryStatus": {                                                                                                                                    
          "compressorSize": 7365318,                                  
          "zoneMapCap": 34359738368,                                                                                                                         
          "pageSize": 16384,                                                                                                                                 
          "memoryPages": {                                                                                                                                   
            "active":     4483329,
    """#

  @Test func aCutJetsamBodyNamesItsLargestProcessAndTheMissingEntry() throws {
    let text = Self.omlxJetsamBody + "\n"
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.category == .jetsam)
    #expect(report.jetsam?.largestProcess == "Python")
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.facts.contains(Fact("largest-process", "Python")))
    #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("killed process") })
    // The cut is at line 11, the file's last: never past the end.
    #expect(report.issues.contains { $0.message.contains("cut at line 11") })
    #expect(diagnosis.evidence.last?.location == .line(11))
  }

  /// The JSON reader's error at the end of the input names the last line with text, and says it is cut.
  @Test func anErrorAtTheEndOfTheInputNamesItsLastLine() {
    #expect(
      throws: ReportParseError.invalidJSON(
        line: 2, column: 10, message: "unexpected end of input, expected a string key (the input ends there: it is cut)"
      )
    ) {
      _ = try JSONReader.parse("{\n  \"a\": 1,\n\n   \n")
    }
  }

  /// qnblackcat/uYouPlus #1255 (a comment; licence not checked, so lines quoted here): the prose line, the
  /// fence glued to the brace, and the body's members up to `isLocked` with the middle ones left out (a
  /// cut paste keeps any run of whole members).
  static let uYouPlusBody = """
    Crash log
    ```{
      "uptime" : 6800,
      "procRole" : "Foreground",
      "version" : 2,
      "bug_type" : "309",
      "procName" : "YouTube",
      "parentProc" : "launchd",
      "parentPid" : 1,
      "crashReporterKey" : "87c97b782134e4d65db9778c5d80689b5805af1f",
      "wasUnlockedSinceBoot" : 1,
      "isLocked" : 0,
    """

  @Test func aFencedCutCrashBodyWithoutMetadataIsInsufficientData() throws {
    let read = try Self.read(Self.uYouPlusBody + "\n")
    let (report, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(report.format == .ips)
    #expect(report.header.processName == "YouTube")
    #expect(diagnosis.kind == .insufficientData)
    #expect(diagnosis.confidence == .low)
    #expect(report.issues.contains { $0.message.hasPrefix("a Markdown fence glued") && $0.location == .line(2) })
    // The body writes `bug_type` and `procName` itself: it is said to be the body alone, not to miss its metadata.
    #expect(
      report.issues.contains {
        $0.message.hasPrefix("the .ips body alone") && $0.message.contains("the JSON body is cut at line 12")
      })
    // Without the fence and prose the body reads the same.
    let bare = Self.uYouPlusBody.split(separator: "\n").dropFirst().joined(separator: "\n").replacingOccurrences(
      of: "```", with: "")
    #expect(try Self.read(bare + "\n").first?.1.kind == .insufficientData)
  }

  /// Prose that is not followed by a glued fence, and a complete JSON object that is not a report, are
  /// still refused.
  @Test func otherCutJSONIsStillRefused() {
    #expect(throws: ReportParseError.self) { try CrashReportReader.read(SourceText(text: "{\n  \"name\" : \"x\",\n")) }
    #expect(throws: ReportParseError.self) {
      try CrashReportReader.read(SourceText(text: "Here is my config\n```{\n  \"name\" : \"x\"\n}\n```\n"))
    }
  }

  // MARK: Defect 11: a frame numbered `3.`

  /// example-a.com/answer/44365935 (a copy of a Stack Overflow question, author's copyright), line 39.
  @Test func aFrameNumberWithATrailingDotIsThatFrame() throws {
    let ascii = try #require(
      StackFrameLineParser.parse("3. CoreFoundation 0x1d655533 CFRunLoopRunSpecific + 487", line: 39))
    #expect(ascii.frames.first?.index == 3)
    #expect(ascii.frames.first?.image == "CoreFoundation")
    // The same line with a non-ASCII symbol goes through the slower reader: the same frame number.
    let other = try #require(StackFrameLineParser.parse("3. CoreFoundation 0x1d655533 Caf\u{e9}Loop + 487", line: 39))
    #expect(other.frames.first?.index == 3)
    #expect(other.frames.first?.image == "CoreFoundation")
    // In a thread, no "frames have no numbers" note.
    let text = """
      Exception Codes: 0x000000008badf00d
      Thread 0 Crashed:
      0 libsystem_kernel.dylib 0x1cedf84c mach_msg_trap + 20
      1 CoreFoundation 0x1d7082f9 __CFRunLoopServiceMachPort + 137
      2 CoreFoundation 0x1d7065f7 __CFRunLoopRun + 1015
      3. CoreFoundation 0x1d655533 CFRunLoopRunSpecific + 487
      4 CoreFoundation 0x1d655341 CFRunLoopRunInMode + 105
      """
    let (report, _) = try #require(try Self.read(text + "\n").first)
    #expect(report.threads.first?.frames.map(\.index) == [0, 1, 2, 3, 4])
    #expect(!report.issues.contains { $0.message.contains("frames have no numbers") })
    // A dot alone is no number.
    #expect(
      StackFrameLineParser.parse(". CoreFoundation 0x1d655533 CFRunLoopRunSpecific + 487", line: 1)?.frames.first?.index
        == nil)
  }

  // MARK: Defect 8: Cr4shed's reason sentence alone

  /// Muirey03/Cr4shed #63 (description; licence not checked, so quoted): the prose line, the fenced
  /// sentence, and the prose line after it.
  static let cr4shedSentence = """
    After the update that fixed the renamed classes for iOS 14, I'm getting tons of jetsam logs:

    ```
    The process was terminated for exceeding jetsam memory limits
    ```

    These shouldn't appear in Cr4shed, they're useless and just clutter the app
    """

  @Test func cr4shedsSentenceAloneIsALowMemoryLimitKillOfAnUnnamedProcess() throws {
    for text in [Self.cr4shedSentence, "The process was terminated for exceeding jetsam memory limits"] {
      let (report, diagnosis) = try #require(try Self.read(text + "\n").first)
      #expect(report.header.processName == nil)
      #expect(diagnosis.kind == .jetsam)
      #expect(diagnosis.confidence == .low)
      #expect(diagnosis.summary.contains("not named"))
      #expect(diagnosis.facts.contains { $0.key == "missing-evidence" && $0.value.contains("Cr4shed report") })
    }
    // The sentence in running prose, not fenced, is not read.
    #expect(throws: ReportParseError.self) {
      try CrashReportReader.read(
        SourceText(text: "Why does it say\nThe process was terminated for exceeding jetsam memory limits\nhere?\n"))
    }
  }
}
