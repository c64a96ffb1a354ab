import Testing

@testable import BglogKit

/// Each shape is one seen in real output; the comment says where.
@Suite struct ProcessAssertionTests {
  @Test func assertiondConsoleForm() {
    // Seed 000, assertiond "Forcing crash report" line (iOS 12).
    let text: Substring =
      "BackgroundDemo:12636 has active assertions beyond permitted time: <BKProcessAssertion: 0x104273920; "
      + "\"com.apple.nsurlsessiond.handlesession com.mycompany.backgrounddemo.background1\" (backgroundDownload:30s); "
      + "id:…AEB425907B3C> (owner: nsurlsessiond:94)"
    let assertions = ProcessAssertion.all(in: text, location: .line(7))
    #expect(assertions.count == 1)
    let assertion = assertions[0]
    #expect(assertion.className == "BKProcessAssertion")
    #expect(assertion.name == "com.apple.nsurlsessiond.handlesession com.mycompany.backgrounddemo.background1")
    #expect(assertion.reason == "backgroundDownload")
    #expect(assertion.durationSeconds == 30)
    #expect(assertion.owner == "nsurlsessiond:94")
    #expect(assertion.purpose == .backgroundSessionEvents)
    #expect(assertion.location == .line(7))
  }

  @Test func addAssertionForm() {
    // Seed 000, assertiond "Add assertion" line.
    let text: Substring =
      "[BackgroundDemo:12648] Add assertion: <BKProcessAssertion: 0x1042246a0; id: "
      + "12648-B0511F94-D84E-479C-AD8F-CA13B7CA55F6; name: \"Shared Background Assertion 1 for "
      + "com.mycompany.backgrounddemo\"; state: active; reason: finishTaskAfterBackgroundDownload; duration: 40.0s> "
    let assertion = ProcessAssertion.all(in: text).first
    #expect(assertion?.name == "Shared Background Assertion 1 for com.mycompany.backgrounddemo")
    #expect(assertion?.reason == "finishTaskAfterBackgroundDownload")
    #expect(assertion?.durationSeconds == 40)
    #expect(assertion?.purpose == .backgroundTask)
  }

  @Test func iOS6IdentifierForm() {
    // The iOS 6 Application Specific Information form (seen in a public iOS 6.1.3 report).
    let text: Substring =
      "    <BKProcessAssertion: 0x1dd52880> identifier: UIKitBackgroundCompletionTask process: iArchive-Lite[408] "
      + "permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:408 preventSuspend  preventIdleSleep "
    let assertion = ProcessAssertion.all(in: text).first
    #expect(assertion?.name == "UIKitBackgroundCompletionTask")
    #expect(assertion?.reason == "finishTask")
    #expect(assertion?.durationSeconds == 600)
    #expect(assertion?.owner == "pid:408")
    #expect(assertion?.purpose == .backgroundTask)
  }

  @Test func iOS8NameFormWithNestedProcess() {
    // The iOS 8 form: an unquoted name and a nested <BKNewProcess …> before the duration.
    let text: Substring =
      "    <BKProcessAssertion: 0x12dd36310> id: 7899-78F88300-DBEB-4A82-A9A4-C34702F64B09 name: Background Content "
      + "Fetching (1065) process: <BKNewProcess: 0x12de5ce60; com.facebook.Facebook; pid: 13362; hostpid: -1> "
      + "permittedBackgroundDuration: 30.000000 reason: backgroundContentFetching owner pid:7899 preventSuspend"
    let assertions = ProcessAssertion.all(in: text)
    #expect(assertions.count == 1)
    #expect(assertions.first?.name == "Background Content Fetching (1065)")
    #expect(assertions.first?.durationSeconds == 30)
    #expect(assertions.first?.reason == "backgroundContentFetching")
    #expect(assertions.first?.purpose == .backgroundFetch)
  }

  @Test func textWithoutAssertionsGivesNone() {
    #expect(ProcessAssertion.all(in: "<BKNewProcess: 0x12de5ce60; com.x; pid: 1> has active assertions").isEmpty)
    #expect(ProcessAssertion.all(in: "no angle brackets at all").isEmpty)
    #expect(ProcessAssertion.all(in: "<unterminated BKProcessAssertion").count == 0)
  }
}
