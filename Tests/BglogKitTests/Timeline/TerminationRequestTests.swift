import BglogTestSupport
import Testing

@testable import BglogKit

/// runningboardd's `Received termination request from [requester] on <predicate> with context
/// <RBSTerminateContext| …>` (issue 13, the termination-request family). The sources' licences are not
/// known, so the texts are built here from the recogniser's real examples
/// (`RunningBoardTerminationRecognizers`): synthetic.
@Suite struct TerminationRequestTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  /// pakerwreah/Calendr #710 (macOS Console.app): cache_delete asks runningboardd to terminate the app,
  /// then runningboardd executes the request. One `termination-requested` event under the bundle the
  /// predicate names; not an exit (the paste's exit lines are not in this excerpt).
  @Test func cacheDeleteRequestIsNamedNotAnExit() throws {
    let text = """
      default\t14:35:01.561829+0100\trunningboardd\tReceived termination request from [osservice<com.apple.cache_delete(501)>:4120] on <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "br.paker.Calendr">> with context <RBSTerminateContext| code:0xBADDD15C explanation:CacheDeleteAppContainerCaches requesting termination assertion for br.paker.Calendr reportType:None maxTerminationResistance:NonInteractive attrs:[
      \t<RBSPreventLaunchLimitation| <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "br.paker.Calendr">> allow:(null)>
      \t]>
      default\t14:35:01.579494+0100\trunningboardd\tExecuting termination request for: <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "br.paker.Calendr">>

      """
    let result = Self.timeline(text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.bundleID == "br.paker.Calendr")
    #expect(app.events.map(\.kind) == [.terminationRequested])
    #expect(app.events[0].line == 1)
    #expect(app.events[0].lane == "runningboardd")
    #expect(
      app.events[0].detail
        == "termination requested by osservice<com.apple.cache_delete(501)>:4120, code 0xBADDD15C: "
        + "CacheDeleteAppContainerCaches requesting termination assertion for br.paker.Calendr")
    #expect(app.processes.allSatisfy { $0.endedBy == nil })
    #expect(app.findings.isEmpty)
  }

  /// Apple Developer Forums thread 759754 (iOS, its title): dasd's `BG Kill Demo` request, the line
  /// without a header and cut after the bundle by the title. The bundle is read; no pid, no time.
  @Test func dasdRequestWithoutHeader() throws {
    let text =
      "Received termination request from [osservice<com.apple.dasd>:76] on <RBSProcessPredicate "
      + "<RBSProcessHandlePredicateImpl| app<com.myapp.bundleid() with context <RBSTerminateContext| "
      + "explanation:BG Kill Demo\n"
    let result = Self.timeline(text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.bundleID == "com.myapp.bundleid")
    #expect(app.events.map(\.kind) == [.terminationRequested])
    #expect(app.events[0].pid == nil)
    #expect(app.events[0].clock == nil)
    #expect(app.events[0].detail == "termination requested by osservice<com.apple.dasd>:76: BG Kill Demo")
  }

  /// A request whose target the line does not name (the paste cut before `on <…>`) is not read: no app
  /// to file it under.
  @Test func requestWithoutATargetIsNotRead() {
    let text = "Received termination request from [osservice<com.apple.SpringBoard>:32752]\n"
    #expect(Self.timeline(text).apps.allSatisfy { $0.events.isEmpty })
  }
}
