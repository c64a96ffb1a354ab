import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-8 review (`diagnose` on pasted reports and pieces, /work/review-inputs-s8 FINDINGS.md defects 2, 3, 4,
/// 5 and 11). The pastes' licences are unknown or copyleft (GPL-3.0, MPL-2.0, unchecked issue threads, site
/// copies), so only the lines a test needs are quoted, each with its source.
@Suite struct ReviewS8DiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  static func fact(_ diagnosis: Diagnosis, _ key: String) -> String? {
    diagnosis.facts.first { $0.key == key }?.value
  }

  // MARK: Defect 2: the "suspended with locked system files" sentence without the code

  /// mozilla-mobile/firefox-ios #4790 (description, garvankeeley, 2019-04-15; MPL-2.0 repository): the whole
  /// paste, one line.
  static let firefox =
    "Termination Description: SPRINGBOARD, org.mozilla.ios.Firefox was task-suspended with locked system files: | "
    + "/var/mobile/Containers/Shared/AppGroup/FB69296D-9EF6-44EF-AE24-1FC170CB7F7A/profile.profile/logins.db | "
    + "ProcessVisibility: Background | ProcessState: Suspended\n"

  @Test func aTaskSuspendedDescriptionAloneIsALockedFileKillAtMedium() throws {
    let read = try Self.read(Self.firefox)
    let (_, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    // The code is not in the input: never high, and said to be missing.
    #expect(diagnosis.confidence == .medium)
    #expect(Self.fact(diagnosis, "missing-evidence")?.contains("the Termination Reason line with the code") == true)
    #expect(Self.fact(diagnosis, "termination-code")?.hasPrefix("0xdead10cc (inferred") == true)
    // The path after the `|` separator, not the separator.
    #expect(
      Self.fact(diagnosis, "locked-file")
        == "/var/mobile/Containers/Shared/AppGroup/FB69296D-9EF6-44EF-AE24-1FC170CB7F7A/profile.profile/logins.db")
    #expect(Self.fact(diagnosis, "visibility") == "Background")
    #expect(Self.fact(diagnosis, "bundle-id") == "org.mozilla.ios.Firefox")
    #expect(diagnosis.evidence.contains { $0.location == .line(1) })
  }

  /// Adobe-Marketing-Cloud/mobile-services #116 (description, pbeyer08, 2015-11-18; repository licence not
  /// found in the index): the paste's lines 3–8, prose kept.
  static let adobe = """
    The crash log indicates the following:

    <BKNewProcess: 0x16d390c0; <BUNDLE-ID> pid: 291; hostpid: 101> was suspended with locked system files:
    /private/var/mobile/Containers/Data/PluginKitPlugin/CEBDBC1F-91CB-4DB1-B565-358BE385E77D/Library/Caches/ADBMobileDataCache.sqlite

    We haven't been able to define any concrete steps to reproduce the issue, but when it occurs, it will \
    continuously crash the app until the watch is rebooted (uninstalling/reinstalling does not resolve the issue).
    """

  @Test func theSentenceInProseIsReadWithThePathOnTheNextLine() throws {
    let read = try Self.read(Self.adobe)
    let (report, diagnosis) = try #require(read.first)
    #expect(read.count == 1)
    #expect(report.header.processID == 291)
    // `<BUNDLE-ID>` is the author's redaction, not a bundle identifier.
    #expect(report.header.bundleIdentifier == nil)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .medium)
    #expect(Self.fact(diagnosis, "locked-file")?.hasSuffix("/Library/Caches/ADBMobileDataCache.sqlite") == true)
    #expect(Self.fact(diagnosis, "missing-evidence")?.contains("the threads' backtraces") == true)
    #expect(diagnosis.evidence.map(\.location) == [.line(3), .line(4)])
    #expect(report.issues.contains { $0.message.hasPrefix(LockedFilesSentenceReader.note) })
  }

  /// Apple's TN2151 listing 3 as a Chinese translation quotes it (find_string id 21617789149, author's
  /// copyright): the Application Specific Information of a 0xdead10cc report, with a blank line before the path.
  @Test func theTechnoteFormWithAPidAndABlankLineBeforeThePath() throws {
    let text = """
      MyApp[134] was suspended with locked system files: 

      /private/var/mobile/Library/AddressBook/AddressBook.sqlitedb
      """
    let (report, diagnosis) = try #require(try Self.read(text).first)
    #expect(report.header.processName == "MyApp")
    #expect(report.header.processID == 134)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .medium)
    #expect(Self.fact(diagnosis, "locked-file") == "/private/var/mobile/Library/AddressBook/AddressBook.sqlitedb")
  }

  /// runningboardd's own console line (groue/GRDB.swift #643, MIT) has no `was`: it stays the timeline's, and a
  /// console line whose sentence follows a time and process (SpringBoard's `Forcing crash report of …
  /// description: <FBApplicationProcess: …> was suspended …`, SQLCipher notes, find_string id 47281489141) is
  /// not a report either.
  @Test func consoleLinesWithTheSentenceAreNotReports() {
    let runningboard = SourceText(
      text: "error\t14:03:13.187505 +0000\trunningboardd\t[xpcservice<com.companyname.app.AppNameShare>:740] "
        + "suspended with locked system files:\n")
    #expect(LockedFilesSentenceReader.read(runningboard) == nil)
    let springboard = SourceText(
      text: "default    16:08:57.000000 -0500    SpringBoard     Forcing crash report of <FBApplicationProcess: "
        + "0x1394b57d0; SQLCipherVsShar; pid: 4146> (reason: 4, description: <FBApplicationProcess: 0x1394b57d0; "
        + "SQLCipherVsShar; pid: 4146> was suspended with locked system files:\n"
        + "/var/mobile/Containers/Shared/AppGroup/FCC1D74E-36AD-439C-B2AD-9E6D5B407DED/Database-Filename-51898.sqlite)\n"
    )
    #expect(LockedFilesSentenceReader.read(springboard) == nil)
  }

  @Test func theSentencesSubjectNamesTheProcess() {
    #expect(
      LockedFilesSentence.named(subject: "<BKNewProcess: 0x17e74840; com.app.app; pid: 560; hostpid: -1>")
        == .init(processName: nil, bundleIdentifier: "com.app.app", processID: 560))
    #expect(
      LockedFilesSentence.named(subject: "[app<com.x.notes(F677A907-A383-4644-A57B-FE090F814517)>:812]")
        == .init(processName: nil, bundleIdentifier: "com.x.notes", processID: 812))
    #expect(
      LockedFilesSentence.named(subject: "SPRINGBOARD, org.mozilla.ios.Firefox")
        == .init(processName: nil, bundleIdentifier: "org.mozilla.ios.Firefox", processID: nil))
    #expect(LockedFilesSentence.named(subject: "the app") == nil)
    #expect(LockedFilesSentence.firstPath(in: " | /a/b.db | ProcessVisibility: Background") == "/a/b.db")
    #expect(LockedFilesSentence.firstPath(in: " | ProcessVisibility: Background") == nil)
  }
}
