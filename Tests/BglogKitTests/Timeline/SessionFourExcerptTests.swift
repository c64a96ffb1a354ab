import BglogTestSupport
import Testing

@testable import BglogKit

/// Real pastes from the user review (issue 13, session 4): nsurlsessiond task and session lines,
/// BGTaskScheduler's simulated launch of an unscheduled identifier, a runningboardd invalidation
/// whose acquisition is before the excerpt, the kernel's EXC_RESOURCE memory-limit line alone, and a
/// launch under the debugger. Sources and licences: `Tests/Fixtures/console/README.md`.
@Suite struct SessionFourExcerptTests {
  static func timeline(_ name: String) throws -> (TimelineResult, AppTimeline) {
    let result = TimelineBuilder().build(from: try Fixtures.source("console/" + name))
    return (result, try #require(result.apps.first))
  }

  @Test func nsurlsessiondTaskCompletionAndAcknowledgement() throws {
    let (result, app) = try Self.timeline("real-aws-4594-console-app-nsurlsessiond-task.log")
    #expect(result.layout == .consoleApp)
    #expect(result.apps.count == 1)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.urlTaskCompleted, .urlSessionEvent])
    #expect(app.events.map(\.line) == [5, 9])
    #expect(app.events[0].detail == "task <F93B5A7F-053E-4F51-9E18-4B792F631CF1>.<1539> completed without error")
    #expect(app.events.allSatisfy { $0.lane == "nsurlsessiond" })
    #expect(app.findings.isEmpty)
  }

  @Test func ndsessionClientActiveDisconnectedRemoved() throws {
    let (_, app) = try Self.timeline("real-background-downloader-300-console-app-ndsession.log")
    #expect(app.bundleID == "chat.glib.groupchat.stage")
    #expect(app.events.map(\.kind) == [.urlSessionEvent, .urlSessionEvent, .urlSessionEvent])
    #expect(app.events.map(\.line) == [2, 4, 5])
    #expect(app.events[1].detail.hasPrefix("background session client disconnected"))
    #expect(app.events[2].detail == "background session com.bbflight.background_downloader.Downloader removed")
    #expect(app.findings.isEmpty)
  }

  @Test func urlsessiondTaskResumedAndNeverHeardOfAgain() throws {
    let (result, app) = try Self.timeline("real-home-assistant-936-message-only-urlsessiond.log")
    #expect(result.layout == nil)
    #expect(app.name == AppSubject.unnamedAppName)
    // nsurlsessiond's `enqueueing` (line 3) and `will begin` (line 9) are read since session 4 (issue 13).
    #expect(app.events.map(\.kind) == [.urlTaskCreated, .urlSessionEvent, .urlTaskResumed, .urlSessionEvent])
    #expect(app.events.map(\.line) == [1, 3, 4, 9])
    #expect(app.events.allSatisfy { $0.timestamp == nil })
    #expect(app.findings.map(\.kind) == [.urlTaskNotCompleted])
    #expect(app.findings[0].confidence == .low)
    #expect(
      app.findings[0].summary.contains(
        "<B22D34D2-4EEB-475E-B233-AC2F67086EC4>.<489> was resumed (line 4), then will begin"))
    #expect(app.findings[0].summary.contains("its lines have no times"))
    #expect(app.findings[0].evidence.map(\.line) == [1, 4, 9])
  }

  /// The same completion the task's resume is followed by: no finding.
  @Test func aCompletedTaskIsNotReportedWaiting() {
    let text = """
      Task <B22D34D2-4EEB-475E-B233-AC2F67086EC4>.<489> resumeTaskWithIdentifier, props <private>
      Task <B22D34D2-4EEB-475E-B233-AC2F67086EC4>.<489> completed with error (null) [0]

      """
    let result = TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
    let app = result.apps.first
    #expect(app?.events.map(\.kind) == [.urlTaskResumed, .urlTaskCompleted])
    #expect(app?.findings.isEmpty == true)
  }

  @Test func simulatedLaunchWithNoScheduledRequest() throws {
    let (result, app) = try Self.timeline("real-rnbgfetch-219-xcode-no-task-request.log")
    #expect(result.layout == .xcode)
    #expect(app.processName == "ReLearn")
    #expect(app.events.map(\.kind) == [.bgTaskSimulatedLaunch, .bgTaskNotScheduled])
    #expect(app.events.allSatisfy { $0.pid == 1163 })
    #expect(app.findings.map(\.kind) == [.bgTaskRequestNotScheduled])
    #expect(app.findings[0].confidence == .high)
    #expect(app.findings[0].evidence.map(\.line) == [2, 3])
    #expect(app.findings[0].summary.contains("BGTaskSchedulerPermittedIdentifiers"))
    // Not a wakeup: the debugger's simulation is not the system launching the app.
    #expect(app.wakeups.isEmpty)
  }

  /// Without a header the line is still BackgroundTasks' (written only in an app's log): the unnamed
  /// app, and the finding says the app is not named.
  @Test func noTaskRequestWithoutAHeaderIsMedium() {
    let text = "No task request with identifier com.transistorsoft.fetch has been scheduled\n"
    let app = TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8))).apps.first
    #expect(app?.name == AppSubject.unnamedAppName)
    #expect(app?.findings.map(\.confidence) == [.medium])
    #expect(app?.findings.first?.summary.contains("does not name the app") == true)
  }

  @Test func runningboardInvalidationWithoutItsAcquisition() throws {
    let (_, app) = try Self.timeline("real-brave-4793-console-app-invalidating-assertion.log")
    #expect(app.bundleID == "com.brave.ios.browser")
    #expect(app.events.map(\.kind) == [.assertionInvalidated, .assertionAcquired])
    #expect(app.events[0].detail == "assertion 34-24240-546989 (its acquisition is not in the log)")
    #expect(app.events.allSatisfy { $0.pid == 24240 })
  }

  /// An assertion acquired in the log but not kept (not background-relevant) gives no invalidation
  /// either: only ids never seen are said.
  @Test func invalidationOfAnAssertionSeenButNotKeptGivesNothing() {
    let text = """
      default\t22:37:33.746994-0800\trunningboardd\tAcquiring assertion targeting [application<com.brave.ios.browser>:24240] from originator [application<com.brave.ios.browser>:24240] with description <RBSAssertionDescriptor| "Web content visibility" ID:34-24240-1 target:24240 attributes:[
      \t<RBSAcquisitionCompletionAttribute| policy:AfterValidation>
      \t]>
      default\t22:37:34.746325-0800\trunningboardd\tInvalidating assertion 34-24240-1 (target:[application<com.brave.ios.browser>:24240]) from originator [application<com.brave.ios.browser>:24240]

      """
    #expect(TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8))).apps.isEmpty)
  }

  @Test func excResourceMemoryLimitLineAloneIsAKill() throws {
    let (_, app) = try Self.timeline("real-talk-ios-1223-message-only-exc-resource.log")
    #expect(app.processName == "NotificationServiceExtension")
    #expect(app.events.map(\.kind) == [.killed])
    #expect(app.events[0].pid == 478)
    #expect(app.events[0].detail == "killed for exceeding its memory limit (EXC_RESOURCE): ActiveHard 24 MB (fatal)")
    #expect(app.processes.first?.endedBy == .killed)
    // ActiveHard is the active limit: a memory-limit kill, never called a background one.
    #expect(app.findings.map(\.kind) == [.memoryLimitKill])
    #expect(app.findings[0].confidence == .high)
    #expect(app.findings[0].summary.contains("ActiveHard 24 MB"))
    #expect(app.findings[0].summary.contains("not a background kill"))
  }

  @Test func debugserverOpenIsALaunchNotAWakeup() throws {
    let (_, app) = try Self.timeline("real-flutter-68558-console-app-debugserver-launch.log")
    #expect(app.bundleID == "com.example.helloFlutter")
    #expect(app.events.map(\.kind) == [.launched, .watchdogViolation])
    #expect(app.events[0].detail == "launched by the debugger (open requested by debugserver:1461)")
    #expect(app.wakeups.isEmpty)
    // FrontBoard's process-launch watchdog, violated but not enforced under the debugger: no kill.
    #expect(app.events[1].line == 8)
    #expect(
      app.events[1].detail
        == "watchdog process-launch provision violated (realTime 20.0s: wall-clock time); not enforced: process is being debugged"
    )
    #expect(app.processes.first?.endedBy == nil)
    #expect(app.findings.isEmpty)
  }

  @Test func dasdMustNotProceedNamesThePolicies() throws {
    let (result, app) = try Self.timeline("real-cocoa-644-console-app-dasd-must-not-proceed.log")
    #expect(result.statistics.continuationLines == 7)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.bgTaskDeferred, .bgTaskDeferred, .bgTaskDeferred])
    #expect(app.events.map(\.line) == [1, 4, 8])
    #expect(
      app.events[1].detail
        == "bgProcessing-jp.go.mhlw.covid19radar.eventlog-submission:B5B340 must not proceed (CPUUsagePolicy, DeviceActivityPolicy)"
    )
    #expect(app.findings.isEmpty)
  }
}
