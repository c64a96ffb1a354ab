import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Runs the long Console.app exports in the shared corpus (read at test time, never copied).
@Suite(
  .enabled(if: Fixtures.hasShared("corpus/syslog"), Comment(rawValue: Fixtures.sharedMissing("corpus/syslog"))))
struct CorpusTimelineTests {
  static let folder = Fixtures.shared.appendingPathComponent("corpus/syslog")

  static func build(_ name: String) throws -> TimelineResult? {
    let url = folder.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return TimelineBuilder().build(from: SourceText(bytes: [UInt8](try Data(contentsOf: url))))
  }

  @Test func juniperFullLaunchShowsBackgroundTasksAndTermination() throws {
    guard let result = try Self.build("juniper-console-ios26-full-launch-bgtask-crash.log") else {
      return
    }
    #expect(result.layout == .consoleApp)
    #expect(result.statistics.unknownLines == 0)
    #expect(result.statistics.continuationLines == 266)
    let app = try #require(result.apps.first)
    #expect(app.processName == "MobileJarvisNative")
    #expect(app.bundleID == "com.hightowerai.MobileJarvisNative")
    #expect(app.events.contains { $0.kind == .launched })
    #expect(app.events.contains { $0.kind == .backgroundTaskStarted })
    #expect(app.events.contains { $0.kind == .backgroundTaskEnded && $0.line == 442 })
    // The app's own `*** Terminating app due to uncaught exception 'RCTFatalException: …'` (line 1194, session 9),
    // then runningboardd's SIGABRT exit of pid 26683.
    let crashes = app.events.filter { $0.kind == .crashed }
    #expect(crashes.map(\.line) == [1194, 1252])
    #expect(crashes.first?.detail.hasPrefix("terminated by an uncaught exception RCTFatalException, reason: ") == true)
    #expect(crashes.last?.detail.contains("SIGABRT") == true)
    #expect(app.processes.first { $0.pid == 26683 }?.endedBy == .crashed)
  }

  @Test func juniperTCCExitIsAKill() throws {
    guard let result = try Self.build("juniper-console-ios26-process-exit-tcc.log") else { return }
    #expect(result.statistics.unknownLines == 0)
    let app = try #require(
      result.apps.first { $0.bundleID == "com.hightowerai.MobileJarvisNative" })
    #expect(app.events.contains { $0.kind == .killed && $0.detail.contains("tcc") })
  }

  /// Issue 16 item 9: the app created two background tasks 33 ms apart (lines 274 and 333, both
  /// `Created background task <private>.`); they were one event, so the picture drew one unnamed
  /// task held to the end of the log.
  @Test func juniperTwoBackgroundTasksWithTheSameTextAreTwoEvents() throws {
    guard let result = try Self.build("juniper-console-ios26-full-launch-bgtask-crash.log") else {
      return
    }
    let app = try #require(result.apps.first)
    let started = app.events.filter { $0.kind == .backgroundTaskStarted }
    #expect(started.map(\.line) == [274, 333])
    // The crash SpringBoard reports on two lines stays one event (the other crashed event is the app's own
    // uncaught-exception line, read since session 9).
    #expect(app.events.filter { $0.kind == .crashed && $0.detail.contains("SIGABRT") }.count == 1)
    #expect(app.events.filter { $0.kind == .crashed }.count == 2)
  }

  /// Issue 16 item 9: in a stream merged three times, each copy set is one record, but the app wrote
  /// `Not push traits update to screen …` seven times (each copied three times, some 139 µs apart):
  /// seven records, not the two or three a millisecond window leaves.
  @Test func bizlevelTriplicatedStreamKeepsRecordsThatRepeatTheirText() throws {
    let url = Self.folder.appendingPathComponent("bizlevel-console-ios26-uikit-bgtask-triplicated.log")
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    let (entries, _) = ConsoleLogParser.entries(in: SourceText(bytes: [UInt8](try Data(contentsOf: url))))
    let repeated = entries.filter { $0.message.hasPrefix("Not push traits update to screen for new style 1") }
    #expect(repeated.count == 7)
    // Every record of the excerpt has two or three copies: the copies are gone.
    #expect(entries.filter { $0.message.hasPrefix("Created background task") }.count == 4)
  }

  @Test func bizlevelTriplicatedStreamIsDeduplicated() throws {
    guard let result = try Self.build("bizlevel-console-ios26-uikit-bgtask-triplicated.log") else {
      return
    }
    #expect(result.statistics.unknownLines == 0)
    #expect(result.statistics.nearDuplicates > 0)
    let app = try #require(result.apps.first)
    #expect(app.processName == "Runner")
    let started = app.events.filter { $0.kind == .backgroundTaskStarted }
    let ended = app.events.filter { $0.kind == .backgroundTaskEnded }
    #expect(!started.isEmpty)
    #expect(!ended.isEmpty)
    #expect(started.contains { $0.detail.contains("GDTCCTUploader-upload") })
    // Three copies of each record must not become three events.
    #expect(Set(started.map(\.detail)).count == started.count)
  }
}
