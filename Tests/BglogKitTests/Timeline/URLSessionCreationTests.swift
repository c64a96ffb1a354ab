import BglogTestSupport
import Testing

@testable import BglogKit

/// CFNetwork's lines about a background session that could not make a task (issue 13, the
/// session-creation family). The sources' licences are not known, so the texts are built here from the
/// recognisers' real examples (`URLSessionCreationRecognizers`), in their sources' order: synthetic.
@Suite struct URLSessionCreationTests {
  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  /// sebug/MauiBackgroundURLSession README: the Simulator's background session has no remote session, so
  /// the download task is not created and then finishes with error -1. Synthetic (its two records).
  @Test func remoteSessionUnavailableThenTheTaskFails() throws {
    let text = """
      2024-01-09 17:20:50.631776+0100 MauiBackgroundURLSession[3465:41761] BackgroundSession <A70D22E7-FD9F-4FD9-89DF-221FC3A41EC2> failed to create a background NSURLSessionDownloadTask, as remote session is unavailable
      2024-01-09 17:20:50.638298+0100 MauiBackgroundURLSession[3465:41793] Task <1FCAE53C-7756-4408-8809-3AC3E7D45587>.<1> finished with error [-1] Error Domain=NSURLErrorDomain Code=-1 "unknown error" UserInfo={NSLocalizedDescription=unknown error}

      """
    let result = Self.timeline(text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.processName == "MauiBackgroundURLSession")
    #expect(app.events.map(\.kind) == [.urlSessionEvent, .urlTaskCompleted])
    #expect(app.events[0].pid == 3465)
    #expect(app.events[0].line == 1)
    #expect(
      app.events[0].detail
        == "background session <A70D22E7-FD9F-4FD9-89DF-221FC3A41EC2> could not create a background "
        + "NSURLSessionDownloadTask: its remote session in nsurlsessiond is unavailable")
    // Not a kill or an exit: the process is not ended by it.
    #expect(app.processes.first?.endedBy == nil)
    #expect(app.findings.isEmpty)
  }

  /// kesha-antonov/react-native-background-downloader #157: the plug-in's own lines, then CFNetwork's
  /// refusal to create a task in an invalidated session; no header, the session id elided by the user.
  @Test func taskInAnInvalidatedSessionWithoutHeader() throws {
    let text = """
      executeDownloadWithRequest: creating download task
      BackgroundSession <...> attempted to create a NSURLSessionDownloadTask in a session that has been invalidated

      """
    let result = Self.timeline(text)
    let app = try #require(result.apps.first)
    #expect(result.apps.count == 1)
    #expect(app.name == AppSubject.unnamedAppName)
    #expect(app.events.map(\.kind) == [.urlSessionEvent])
    #expect(app.events[0].clock == nil)
    #expect(
      app.events[0].detail
        == "background session <...> could not create a NSURLSessionDownloadTask: the session has been invalidated")
  }

  /// The app's exception text for the same misuse names no session and is not read; neither is a
  /// session line that only quotes the words without `BackgroundSession <…>`.
  @Test func exceptionAndProseAreNotRead() {
    let text = """
      [ERROR] [Downloads] NSException creating download task (video)
        Details: Download failed: CFNetwork exception: Task created in a session that has been invalidated
      the docs say a background task fails to create a background NSURLSessionDownloadTask, as remote session is unavailable

      """
    #expect(Self.timeline(text).apps.allSatisfy { $0.events.isEmpty })
  }
}
