import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Session-9 review (`diagnose` on real public pastes, /work/review-inputs-s9, not in the repository). The
/// pastes' licences are not known (a documentation mirror, a machine-translated Q&A site, an issue thread),
/// so only the lines a test needs are quoted, each with its source.
@Suite struct ReviewS9DiagnoseTests {
  static func read(_ text: String) throws -> [(CrashReport, Diagnosis)] {
    let source = SourceText(text: text)
    return try CrashReportReader.read(source).map { ($0, CrashClassifier().diagnose($0, source: source)) }
  }

  // MARK: Defect 2: a known termination code glued to the next sentence

  /// apple-docs.everest.mt/docs/xcode/sigkill (a mirror of Apple's "EXC_CRASH (SIGKILL)" article): the doc's
  /// example block, whose code runs into the sentence after it, and the first entry of the list that follows.
  static let everestGluedCode = """
    Exception Type: EXC_CRASH (SIGKILL)
    Exception Codes: 0x0000000000000000, 0x0000000000000000
    Exception Note: EXC_CORPSE_NOTIFY
    Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10ccThe Termination Reason code is one of the following values:
    0x2182bad2(562215634)The operating system terminated the app due to a background task failing to complete in time.
    """

  @Test func aKnownCodeGluedToTheNextSentenceIsReadAtMediumWithANote() throws {
    let (report, diagnosis) = try #require(try Self.read(Self.everestGluedCode).first)
    #expect(report.termination?.namespace == "RUNNINGBOARD")
    #expect(report.termination?.code == 0xdead_10cc)
    #expect(report.isGluedTerminationCode)
    #expect(
      report.issues.contains {
        $0.message.hasPrefix(TerminationReasonParser.gluedCodeNote) && $0.message.contains("0xdead10ccThe")
          && $0.location == .line(4)
      })
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    // The glue is page damage: never high.
    #expect(diagnosis.confidence == .medium)
    #expect(diagnosis.facts.contains { $0.key == "termination-code" && $0.value == "0xdead10cc" })
    #expect(diagnosis.evidence.first?.location == .line(4))
    #expect(diagnosis.explanation.contains("glued to the text after it"))
  }

  @Test func theSameBlockWithItsBlankIsStillHigh() throws {
    let intact = Self.everestGluedCode.replacingOccurrences(of: "0xdead10ccThe", with: "0xdead10cc The")
    let (report, diagnosis) = try #require(try Self.read(intact).first)
    #expect(!report.isGluedTerminationCode)
    #expect(diagnosis.kind == .suspendedWithLockedFile)
    #expect(diagnosis.confidence == .high)
  }

  @Test func onlyAKnownCodeFollowedByALetterThatCannotContinueItIsReadAsGlued() {
    // The known code, then a letter that is no hex digit.
    #expect(TerminationReasonParser.gluedKnownCode("0xdead10ccThe") == 0xdead_10cc)
    #expect(TerminationReasonParser.gluedKnownCode("0x8badf00dTriggered") == 0x8bad_f00d)
    #expect(TerminationReasonParser.gluedKnownCode("0xDEAD10CCThe") == 0xdead_10cc)
    #expect(TerminationReasonParser.gluedKnownCode("0xc00010ffwhen") == 0xc000_10ff)
    #expect(TerminationReasonParser.gluedKnownCode("0xdead10cc的") == 0xdead_10cc)
    // A capital after lower-case digits, in a word no hex number holds.
    #expect(TerminationReasonParser.gluedKnownCode("0xbada5e47Because") == 0xbada_5e47)
    // `0xdead10cce` is a longer hex number, not a glued code; so are upper-case runs that stay hex.
    #expect(TerminationReasonParser.gluedKnownCode("0xdead10cce") == nil)
    #expect(TerminationReasonParser.gluedKnownCode("0xbada5e47Be") == nil)
    #expect(TerminationReasonParser.gluedKnownCode("0xDEAD10CCAnd") == nil)
    #expect(TerminationReasonParser.gluedKnownCode("0xbada5e47because") == nil)
    // Not a letter after the code, an unknown code, or the code alone: nothing glued.
    #expect(TerminationReasonParser.gluedKnownCode("0xdead10cc(3735883980)") == nil)
    #expect(TerminationReasonParser.gluedKnownCode("0x12345678The") == nil)
    #expect(TerminationReasonParser.gluedKnownCode("0xdead10cc") == nil)
    #expect(TerminationReasonParser.gluedKnownCode("0xdeadThe") == nil)

    let head = TerminationReasonParser.head("Namespace RUNNINGBOARD, Code 0xdead10ccThe Termination Reason code is")
    #expect(head.code == 0xdead_10cc)
    #expect(head.codeGluedToText)
    // iOS 16+'s form without `Namespace`, glued the same way.
    let modern = TerminationReasonParser.head("RUNNINGBOARD 0xdead10ccThe Termination Reason code is")
    #expect(modern.namespace == "RUNNINGBOARD")
    #expect(modern.code == 0xdead_10cc)
    #expect(modern.codeGluedToText)
    // The intact forms are read as before, without the flag.
    let intact = TerminationReasonParser.head("Namespace RUNNINGBOARD, Code 0xdead10cc")
    #expect(intact.code == 0xdead_10cc)
    #expect(!intact.codeGluedToText)
    #expect(TerminationReasonParser.head("Namespace SPRINGBOARD, Code 0xdead10cce").code == 0xd_ead1_0cce)
    #expect(!TerminationReasonParser.head("Namespace SPRINGBOARD, Code 0xdead10cce").codeGluedToText)
  }
}

/// Defect 1: a report key glued after other words.
@Suite struct ReviewS9GluedKeyTests {
  /// web-dev-qa-db-ja.com/ja/iphone/8badf00dの意味？/957995946 (a Japanese machine translation of Stack
  /// Overflow's "8badf00d meaning?"): an answer's two lines, the second glued to `および` ("and").
  static let webdevqaGluedKey = """
    Exception Type: 00000020
    およびException Codes: 0x8badf00d
    """

  @Test func aKeyGluedAfterJapaneseProseIsReadAndTheWatchdogCodeDecidesAtLow() throws {
    let (report, diagnosis) = try #require(try ReviewS9DiagnoseTests.read(Self.webdevqaGluedKey).first)
    #expect(report.exception?.type == "00000020")
    #expect(report.exception?.codes == "0x8badf00d")
    #expect(report.exception?.codesLocation == .line(2))
    #expect(report.gluedKeyLines == [2])
    #expect(report.issues.contains { $0.message.hasPrefix(GluedReportKey.notePrefix) && $0.message.contains("および") })
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.evidence.first?.quote == "およびException Codes: 0x8badf00d")
    #expect(diagnosis.explanation.contains("glued to the words before it"))
  }

  @Test func theIPhoneOS3ExceptionTypeWithTheWatchdogCodeIsNotUnknown() throws {
    // The same two lines as the iPhone OS 2–3 report writes them (the answer's text with the glue removed).
    let intact = Self.webdevqaGluedKey.replacingOccurrences(of: "および", with: "")
    let (report, diagnosis) = try #require(try ReviewS9DiagnoseTests.read(intact).first)
    #expect(report.gluedKeyLines.isEmpty)
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.kind != .unknown)
    // No main thread in the paste: low, as before.
    #expect(diagnosis.confidence == .low)
    // Glued or not, the type alone still says nothing known.
    let (_, typeOnly) = try #require(try ReviewS9DiagnoseTests.read("Exception Type: 00000020").first)
    #expect(typeOnly.kind == .unknown)
  }

  @Test func aGluedKeyAloneOpensAReport() throws {
    let (report, diagnosis) = try #require(try ReviewS9DiagnoseTests.read("およびException Codes: 0x8badf00d").first)
    #expect(report.exception?.codes == "0x8badf00d")
    #expect(diagnosis.kind == .watchdogHang)
    #expect(diagnosis.confidence == .low)
  }

  @Test func onlyAKeyGluedToALetterWithAnASCIIValueIsSplit() {
    #expect(GluedReportKey.split("およびException Codes: 0x8badf00d")?.before == "および")
    #expect(GluedReportKey.split("andException Codes: 0x8badf00d")?.before == "and")
    #expect(GluedReportKey.split("和Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc")?.before == "和")
    // Quoted or after punctuation: a quotation, not damage.
    #expect(GluedReportKey.split("「Exception Codes: 0x8badf00d」") == nil)
    #expect(GluedReportKey.split("`Exception Codes: 0x8badf00d`") == nil)
    #expect(GluedReportKey.split("(Exception Codes: 0x8badf00d)") == nil)
    // A capital before the key is a longer word (`NSException`), and prose naming the key has no ASCII value.
    #expect(GluedReportKey.split("NSException Type: EXC_CRASH") == nil)
    #expect(GluedReportKey.split("このException Type:フィールドは例外の種類です") == nil)
    // `iOS Version:` ends in a key bglog does not split here.
    #expect(GluedReportKey.split("iOS Version: 17.2 (21C62)") == nil)
  }
}

/// Defect 9: a JetsamEvent processes fragment without a header, cut at both ends.
@Suite struct ReviewS9JetsamFragmentTests {
  /// immich-app/immich #12471 (2600box, the issue's description, as the search index stores it): the fence and
  /// the fragment, which starts inside PowerUIAgent's entry and is cut inside a third entry.
  static let immichFragment = """
    ```
        "purgeable" : 0,
        "rpages" : 257,
        "physicalPages" : {
          "internal" : [
            97,
            142
          ]
        },
        "mem_regions" : 64,
        "uuid" : "22e81edd-1a90-31d7-84b1-048edac27c90",
        "fds" : 25,
        "name" : "PowerUIAgent",
        "priority" : 0,
        "csTrustLevel" : 7,
        "cpuTime" : 0.446994,
        "freeze_skip_reason:" : "out-of-budget",
        "idleDelta" : 796191595,
        "age" : 83091517154,
        "coalition" : 194,
        "csFlags" : 570434305,
        "reason" : "vm-pageshortage",
        "pid" : 8859,
        "lifetimeMax" : 328,
        "killDelta" : 7167906
      },
      {
        "states" : [
          "daemon",
          "idle"
        ],
        "genCount" : 1,
        "purgeable" : 0,
        "rpages" : 387,
        "physicalPages" : {
          "internal" : [
            77,
            308
          ]
        },
        "mem_regions" : 79,
        "uuid" : "cfb42f20-50f4-36fc-82f1-358f703ab114",
        "fds" : 25,
        "name" : "assistant_service",
        "priority" : 0,
        "csTrustLevel" : 7,
        "cpuTime" : 2.635602,
        "freeze_skip_reason:" : "disabled",
        "idleDelta" : 123410660,
        "age" : 297596488941,
        "coalition" : 782,
        "csFlags" : 570434305,
        "reason" : "vm-pageshortage",
        "pid" : 8257,
        "lifetimeMax" : 463,
        "killDelta" : 7348500
      },
      {
        "states" : [
          "daemon",
          "idle"
        ],
        "genCount" : 1,
        "purgeable" : 0,
        "rpages" : 297,
        "physicalPages"
    """

  @Test func theFragmentIsReadAsAJetsamEventPiece() throws {
    let (report, _) = try #require(try ReviewS9DiagnoseTests.read(Self.immichFragment).first)
    #expect(report.category == .jetsam)
    #expect(report.jetsam?.isFragment == true)
    let processes = report.jetsam?.processes ?? []
    // The first entry starts before the excerpt; its nested `physicalPages` object does not end it.
    #expect(processes.map(\.name) == ["PowerUIAgent", "assistant_service"])
    #expect(processes.map(\.pid) == [8859, 8257])
    #expect(processes.map(\.reason) == ["vm-pageshortage", "vm-pageshortage"])
    #expect(processes.map(\.location) == [.line(22), .line(53)])
    #expect(processes[1].states == ["daemon", "idle"])
  }

  @Test func daemonsKilledForPageShortageAreJetsamAtLowAndTheAppIsNotClaimed() throws {
    let (_, diagnosis) = try #require(try ReviewS9DiagnoseTests.read(Self.immichFragment).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.confidence == .low)
    #expect(diagnosis.facts.contains(Fact("killed", "PowerUIAgent (vm-pageshortage)")))
    #expect(diagnosis.facts.contains(Fact("killed", "assistant_service (vm-pageshortage)")))
    #expect(diagnosis.facts.contains { $0.key == "app-in-excerpt" && $0.value.hasPrefix("no") })
    #expect(diagnosis.summary.contains("the app is not in the excerpt"))
    #expect(diagnosis.explanation.contains("the user's app is not in the excerpt"))
    #expect(diagnosis.explanation.contains("system-wide memory pressure"))
    #expect(!diagnosis.summary.contains("app was killed"))
    #expect(!diagnosis.explanation.contains("app was killed"))
    #expect(diagnosis.evidence.map(\.location) == [.line(22), .line(53)])
    #expect(
      diagnosis.evidence.map(\.quote) == ["\"reason\" : \"vm-pageshortage\",", "\"reason\" : \"vm-pageshortage\","])
    #expect(diagnosis.evidence[1].note.contains("assistant_service (pid 8257, a daemon)"))
  }

  @Test func anEntryShownAsAnAppKeepsTheFragmentReading() throws {
    // The same excerpt with an app's state on the killed entry (as KSCrash #278's `frontmost` entry has):
    // the earlier medium reading that names the killed process, not the "app not in the excerpt" one.
    let withApp = Self.immichFragment.replacingOccurrences(of: "\"daemon\",\n      \"idle\"", with: "\"frontmost\"")
    let (_, diagnosis) = try #require(try ReviewS9DiagnoseTests.read(withApp).first)
    #expect(diagnosis.kind == .jetsam)
    #expect(diagnosis.confidence == .medium)
    #expect(!diagnosis.facts.contains { $0.key == "app-in-excerpt" })
  }
}

/// A document about reports quotes glued keys inside sentences and table cells: not read as a report's lines.
@Suite struct ReviewS9GluedKeyInProseTests {
  @Test func aGluedKeyPastTheLineStartIsProse() {
    // /work/review-inputs-s9/FINDINGS.md's row for the webdevqa page (the review's own text, quoting the paste).
    let row =
      "| webdevqa-ja-….txt | Japanese machine translation: answers quote `Exception Type: 00000020` and "
      + "`およびException Codes: 0x8badf00d` | diagnose `unknown`, low |"
    #expect(GluedReportKey.split(row[...]) == nil)
    #expect(GluedReportKey.split("the code `およびException Codes: 0x8badf00d` was glued") == nil)
    #expect(GluedReportKey.split("`およびException Codes: 0x8badf00d`") == nil)
  }
}
