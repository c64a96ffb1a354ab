import BglogTestSupport
import Testing

@testable import BglogKit

/// Session 6 review, defect 1: Xcode's `Message from debugger: Terminated due to memory issue` (iCepa #2) was
/// refused by both commands while the signal-9 note was read. Real fixture: RMGallery #10 (Apache-2.0).
@Suite struct ReviewSixMemoryNoteTimelineTests {
  @Test func xcodesMemoryNoteIsAKillForMemory() throws {
    let source = try Fixtures.source("console/real-rmgallery-10-xcode-terminated-memory-issue.log")
    let result = TimelineBuilder().build(from: source)
    let events = result.apps.flatMap(\.events)
    // The app's `Received memory warning.` before it is an event too (review s12b defect 7).
    #expect(Set(events.map(\.kind)) == [.killed, .memoryWarning])
    let kill = events.first { $0.kind == .killed }
    #expect(kill?.line == 2)
    #expect(kill?.detail.hasPrefix("killed for memory (jetsam") == true)
    #expect(kill?.detail.contains("names neither the limit nor the footprint") == true)
  }

  /// The record before the note is `NSLog`'s line as Xcode showed it before iOS 10 (no UTC offset): it
  /// is read as Xcode's layout, and the note on the end of the debugged process is filed under that
  /// process, the one Xcode's console holds.
  @Test func theNoteIsTheDebuggedProcesssEnd() throws {
    let source = try Fixtures.source("console/real-rmgallery-10-xcode-terminated-memory-issue.log")
    let result = TimelineBuilder().build(from: source)
    #expect(result.layout == .xcode)
    #expect(result.statistics.unknownLines == 0)
    #expect(result.apps.map(\.name) == ["RMGalleryDemo"])
    let kill = result.apps.first?.events.first { $0.kind == .killed }
    #expect(kill?.pid == 3438)
    #expect(kill?.timestamp == nil)
  }

  /// Without a record before it, or in another layout, the note names no process.
  @Test func aNoteWithoutTheDebuggedProcessNamesNone() throws {
    for text in [
      "Message from debugger: Terminated due to memory issue",
      "17:00:00    Demo  hello\nMessage from debugger: Terminated due to memory issue",
    ] {
      let result = TimelineBuilder().build(from: SourceText(text: text))
      #expect(result.apps.flatMap(\.events).allSatisfy { $0.pid == nil }, "\(text)")
    }
  }

  /// The note among other lines is the timeline's: `diagnose` does not read it as a report.
  @Test func diagnoseLeavesTheNoteInALogToTimeline() throws {
    let source = try Fixtures.source("console/real-rmgallery-10-xcode-terminated-memory-issue.log")
    #expect(throws: ReportParseError.self) { try CrashReportReader.read(source) }
    #expect(InputAppearance.of(bytes: Array(source.text.utf8)).kind == .consoleLog)
  }
}
