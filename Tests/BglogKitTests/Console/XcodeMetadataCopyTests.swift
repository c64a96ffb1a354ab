import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Defect 5 of the session-9 fresh-eyes review (`/work/review-inputs-s9/FINDINGS.md`): Xcode 15+'s console
/// copied "with metadata", each record's message line(s) followed by its `Type: … | Timestamp: … | Process: …`
/// line, was refused ("no line in a layout bglog knows"). The real copies are files of the code index whose
/// repository and licence the index does not give, so their lines are quoted here (not fixtures), each with
/// its find_string / read_file id; texts marked DERIVED are real lines put together as they say.
@Suite struct XcodeMetadataCopyTests {
  /// Reads `text` line by line, on the `String` path or, as `timeline` reads a file, as bytes.
  static func read(_ text: String, bytes: Bool = false, layout: ConsoleLayout? = nil) -> (
    [LogEntry], ConsoleLogStatistics, ConsoleLayout?
  ) {
    ParserReading.read(text, bytes: bytes, layout: layout)
  }

  /// A `UR-002` user-request markdown (code index, read_file id 56216500007; the review's
  /// `xcode15-metadata-ur002-…log`), whole: a macOS app's launch errors, blank lines between the records,
  /// inside a code fence with prose before and after.
  static let ur002 = """
    Runtime errors observed when launching the freshly-built `SystemAudioRecorder.app`:

    ```
    Cannot index window tabs due to missing main bundle identifier
    Type: Error | Timestamp: 2026-05-10 08:34:35.900052+10:00 | Process: SystemAudioRecorder | Library: AppKit | Subsystem: com.apple.AppKit | Category: WindowTab | TID: 0x3937c4d

    No symbol named '' found in system symbol set
    Type: Fault | Timestamp: 2026-05-10 08:34:38.786132+10:00 | Process: SystemAudioRecorder | Library: SwiftUICore | Subsystem: com.apple.SwiftUI | Category: Invalid Configuration | TID: 0x3937c4d

    No symbol named '' found in system symbol set
    Type: Fault | Timestamp: 2026-05-10 08:34:38.786627+10:00 | Process: SystemAudioRecorder | Library: SwiftUICore | Subsystem: com.apple.SwiftUI | Category: Invalid Configuration | TID: 0x3937c4d

    No symbol named '' found in system symbol set
    Type: Fault | Timestamp: 2026-05-10 08:34:38.786993+10:00 | Process: SystemAudioRecorder | Library: SwiftUICore | Subsystem: com.apple.SwiftUI | Category: Invalid Configuration | TID: 0x3937c4d

    No symbol named '' found in system symbol set
    Type: Fault | Timestamp: 2026-05-10 08:34:38.787042+10:00 | Process: SystemAudioRecorder | Library: SwiftUICore | Subsystem: com.apple.SwiftUI | Category: Invalid Configuration | TID: 0x3937c4d

    Unable to obtain a task name port right for pid 391: (os/kern) failure (0x5)
    Type: Error | Timestamp: 2026-05-10 08:34:39.580461+10:00 | Process: SystemAudioRecorder | Library: BaseBoard | Subsystem: com.apple.BaseBoard | Category: Common | TID: 0x3937fa1

    cannot open file at line 51043 of [f0ca7bba1c]
    Type: Error | Timestamp: 2026-05-10 08:34:40.007177+10:00 | Process: SystemAudioRecorder | Library: libsqlite3.dylib | Subsystem: com.apple.libsqlite3 | Category: logging-persist | TID: 0x3937c4d

    os_unix.c:51043: (2) open(/private/var/db/DetachedSignatures) - No such file or directory
    Type: Error | Timestamp: 2026-05-10 08:34:40.007192+10:00 | Process: SystemAudioRecorder | Library: libsqlite3.dylib | Subsystem: com.apple.libsqlite3 | Category: logging-persist | TID: 0x3937c4d
    ```

    Observed after the UR-001 build completed and the user launched the app for the first time.

    """

  /// Before: no layout, every line a record without a time (`timeline` and `diagnose` exit 2).
  @Test(arguments: [false, true])
  func eachMetadataLineIsTheHeaderOfTheMessageBeforeIt(bytes: Bool) throws {
    let (entries, statistics, layout) = Self.read(Self.ur002, bytes: bytes)
    #expect(layout == .xcodeMetadata)
    // The prose before and after the copy: records without a header; the two fences: unknown.
    #expect(entries.count == 10)
    #expect(statistics.unknownLines == 2)
    #expect(entries.first?.message.hasPrefix("Runtime errors observed") == true && entries.first?.timestamp == nil)
    #expect(
      entries.last?.message.hasPrefix("Observed after the UR-001 build") == true && entries.last?.timestamp == nil)
    let records = Array(entries.dropFirst().dropLast())
    // File order, each record numbered by its message's line.
    #expect(records.map(\.line) == [4, 7, 10, 13, 16, 19, 22, 25])
    #expect(records.allSatisfy { $0.process == "SystemAudioRecorder" && $0.pid == nil })
    #expect(records.map { $0.level ?? "" } == ["Error", "Fault", "Fault", "Fault", "Fault", "Error", "Error", "Error"])
    let first = try #require(records.first)
    #expect(first.message == "Cannot index window tabs due to missing main bundle identifier")
    #expect(first.timestamp?.date == LogDate(year: 2026, month: 5, day: 10))
    #expect(first.timestamp?.timeOfDayText == "08:34:35.900052")
    #expect(first.timestamp?.utcOffsetSeconds == 36_000)
    #expect(first.library == "AppKit" && first.subsystem == "com.apple.AppKit" && first.category == "WindowTab")
    #expect(first.firstLine == "Cannot index window tabs due to missing main bundle identifier")
    #expect(records[1].category == "Invalid Configuration")
    #expect(
      records[7].message == "os_unix.c:51043: (2) open(/private/var/db/DetachedSignatures) - No such file or directory")
    // SwiftUI's fault four times in 0.9 ms (two of them 49 µs apart): four records, not copies.
    #expect(records[1...4].allSatisfy { $0.message == "No symbol named '' found in system symbol set" })
    #expect(statistics.nearDuplicates == 0 && statistics.duplicates == 0)
    // The clock runs on: dates and offsets are read.
    let clocks = records.compactMap(\.clock)
    #expect(clocks.count == 8 && clocks == clocks.sorted())
  }

  /// A macOS menu-bar agent's copy (code index, read_file id 67342112536), its first 21 lines and its
  /// AX lookup record cut to two frames (DERIVED: frames 2–10 left out): `Type: stdio` after the app's own
  /// printed lines, `Category:` empty, a `Notice` without subsystem or category, a tab-indented stack.
  static let agent = """
    Publishing changes from background threads is not allowed; make sure to publish values from the main thread (via operators like receive(on:)) on model updates.
    Type: Fault | Timestamp: 2025-08-22 10:41:12.881714+09:00 | Process: BobCamAgent | Library: SwiftUICore | Subsystem: com.apple.runtime-issues | Category: SwiftUI | TID: 0xf900
    Frame dropped
    Frame dropped
    Frame dropped
    Frame dropped
    Frame dropped
    Frame dropped
    Frame dropped
    Type: stdio
    App is being debugged, do not track this hang
    Type: Error | Timestamp: 2025-08-22 10:41:13.994158+09:00 | Process: BobCamAgent | Library: HangTracer | Subsystem: com.apple.hangtracer | Category:  | TID: 0xf700
    Hang detected: 0.77s (debugger attached, not reporting)
    Type: Error | Timestamp: 2025-08-22 10:41:13.994268+09:00 | Process: BobCamAgent | Library: HangTracer | Subsystem: com.apple.hangtracer | Category:  | TID: 0xf700
    Frame dropped
    Frame dropped
    Frame dropped
    Frame dropped
    Type: stdio
    App is being debugged, do not track this hang
    Type: Error | Timestamp: 2025-08-22 10:41:14.396762+09:00 | Process: BobCamAgent | Library: HangTracer | Subsystem: com.apple.hangtracer | Category:  | TID: 0xf700
    void * _Nullable NSMapGet(NSMapTable * _Nonnull, const void * _Nullable): map table argument is NULL
    Type: Notice | Timestamp: 2025-08-22 10:41:14.594221+09:00 | Process: BobCamAgent | Library: Foundation | TID: 0xf700
    AX Lookup problem - errorCode:1100 error:Permission denied portName:'com.apple.iphone.axserver' PID:875 (
    \t0   AXRuntime                           0x00000001ca7c60ac _AXGetPortFromCache + 796
    \t1   AXRuntime                           0x00000001ca7cab70 AXUIElementPerformFencedActionWithValue + 700
    )
    Type: Error | Timestamp: 2025-08-22 10:41:25.286418+09:00 | Process: BobCamAgent | Library: AXRuntime | Subsystem: com.apple.Accessibility | Category: AXRuntimeCommon | TID: 0xf8fa

    """

  @Test(arguments: [false, true])
  func stdioRecordsAndMissingFieldsAreRead(bytes: Bool) throws {
    let (entries, statistics, layout) = Self.read(Self.agent, bytes: bytes)
    #expect(layout == .xcodeMetadata)
    #expect(statistics.unknownLines == 0)
    // Nothing follows the last metadata line: no record without a header at the end.
    #expect(entries.count == 8)
    #expect(
      entries.map { $0.level ?? "" } == ["Fault", "stdio", "Error", "Error", "stdio", "Error", "Notice", "Error"])
    // The app's printed lines: one record, untimed, the debugged process's (the only one Xcode's console shows).
    let printed = entries[1]
    #expect(printed.timestamp == nil && printed.clock == nil)
    #expect(printed.process == "BobCamAgent")
    #expect(printed.line == 3 && printed.lineCount == 8)
    #expect(printed.message == Array(repeating: "Frame dropped", count: 7).joined(separator: "\n"))
    #expect(entries[2].message == "App is being debugged, do not track this hang")
    #expect(entries[2].category == nil && entries[2].subsystem == "com.apple.hangtracer")
    #expect(entries[6].library == "Foundation" && entries[6].subsystem == nil && entries[6].category == nil)
    #expect(entries[6].timestamp?.utcOffsetSeconds == 32_400)
    // The stack's lines and its closing `)` are the AX record's message.
    let stack = entries[7]
    #expect(stack.line == 24 && stack.message.hasPrefix("AX Lookup problem") && stack.message.hasSuffix("\n)"))
    #expect(stack.message.split(separator: "\n").count == 4)
  }

  /// An iOS 27 copy without `Process` (code index, read_file id 71057685293: a session memory quoting it
  /// between `USER:` and `---`), the offset written `+0500`.
  static let noProcess = """
    USER:
    -[UIApplication statusBarStyle] API has been deprecated and is a no-op on 27.0 and later.
    Type: Error | Timestamp: 2026-09-27 15:35:50.995178+0500 | Library: UIKitCore | Subsystem: com.apple.UIKit | Category: Assert | TID: 0x1693770

    ---

    """

  @Test func aRecordWithoutProcessNamesNone() throws {
    let (entries, _, layout) = Self.read(Self.noProcess)
    #expect(layout == .xcodeMetadata)
    #expect(entries.count == 3)
    #expect(entries[0].message == "USER:" && entries[0].timestamp == nil)
    let record = entries[1]
    #expect(record.line == 2 && record.process.isEmpty && record.pid == nil)
    #expect(
      record.message == "-[UIApplication statusBarStyle] API has been deprecated and is a no-op on 27.0 and later.")
    #expect(record.timestamp?.utcOffsetSeconds == 18_000)
    #expect(record.library == "UIKitCore" && record.category == "Assert")
    #expect(entries[2].message == "---")
  }

  /// A visionOS app's copy in a handoff note (code index, read_file id 62340080180), lines 1–3, 9–12 and
  /// one IOSurface record (DERIVED: the lines between left out; the note's `IOSurface … properties: {` record
  /// whole): printed lines under one `Type: stdio`, a `{ … }` dump, `Library` with no subsystem or category.
  static let surface = """
    ## Previous console errors (from the run before this handoff)
    ```
    nw_socket_copy_info [C1:2] getsockopt TCP_INFO failed [102: Operation not supported on socket]
    Type: Error | Timestamp: 2026-01-12 21:27:56.482798-05:00 | Process: ElementalWarrior | Library: Network | Subsystem: com.apple.network | Category: connection | TID: 0xb1f10
    Fireball template created programmatically
    Explosion template created programmatically
    Flamethrower template created programmatically
    Combined flamethrower template created programmatically
    [Thunderdome] Detected user height: 1.13 m (start Y: -0.13)
    Type: stdio
    IOSurface creation failed: e00002c2 parentID: 00000000 properties: {
        IOSurfaceAddress = 14071720064;
        IOSurfaceAllocSize = 10748540;
        IOSurfaceCacheMode = 0;
        IOSurfaceMapCacheAttribute = 1;
        IOSurfaceName = CMPhoto;
        IOSurfacePixelFormat = 1246774599;
    }
    Type: Error | Timestamp: 2026-01-12 21:28:18.622449-05:00 | Process: ElementalWarrior | Library: IOSurface | TID: 0xb1ecd
    ```

    """

  @Test func aDumpOfManyLinesIsOneMessage() throws {
    let (entries, statistics, layout) = Self.read(Self.surface)
    #expect(layout == .xcodeMetadata)
    #expect(statistics.unknownLines == 2)
    #expect(entries.count == 4)
    #expect(entries[0].message.hasPrefix("## Previous console errors"))
    #expect(entries[1].process == "ElementalWarrior" && entries[1].category == "connection")
    #expect(entries[1].timestamp?.utcOffsetSeconds == -18_000)
    #expect(entries[2].level == "stdio" && entries[2].process == "ElementalWarrior" && entries[2].line == 5)
    #expect(entries[2].message.split(separator: "\n").count == 5)
    let dump = entries[3]
    #expect(dump.line == 11 && dump.lineCount == 9)
    #expect(dump.message.hasPrefix("IOSurface creation failed") && dump.message.hasSuffix("\n}"))
    #expect(dump.library == "IOSurface" && dump.subsystem == nil && dump.category == nil)
  }

  /// What is not a metadata line stays a message: an indented one (a code comment quoting it, read_file id
  /// 56624526786), a placeholder for the time (read_file id 37443952466: `Timestamp: [timestamp]`), a type
  /// other than `stdio` alone.
  @Test func onlyWholeMetadataLinesAreRead() {
    #expect(XcodeMetadataCopy.fields("Type: stdio") == XcodeMetadataCopy.Fields(level: "stdio"))
    #expect(XcodeMetadataCopy.fields("Type: Error") == nil)
    #expect(
      XcodeMetadataCopy.fields(
        "Type: Error | Timestamp: [timestamp] | Process: UseYourTools | Library: UIKitCore | Subsystem: com.apple.UIKit"
          + " | Category: TrackingElementWindowController") == nil)
    #expect(
      XcodeMetadataCopy.fields(
        "    // Type: Error | Timestamp: 2026-07-04 22:05:17.678179+0900 | Library: LinkServices | Subsystem:"
          + " com.apple.appintents | Category: Vocabulary | TID: 0xb443") == nil)
    // Cut after `Process:` (read_file id 476080858): the fields written are read.
    let cut = XcodeMetadataCopy.fields(
      "Type: Fault | Timestamp: 2026-01-24 22:05:56.575416-06:00 | Process: CraigOTerminator")
    #expect(cut?.process == "CraigOTerminator" && cut?.level == "Fault" && cut?.library == nil)
  }

  /// DERIVED (the pairing is ours): UIKit's real warning as an iOS 26 session pasted it without its metadata
  /// (code index, read_file id 18163985682), followed by the real metadata line of a UIKitCore record of the
  /// same session and app (same id). The recognisers read the message with the record's time and process.
  static let uikitWarning = """
    Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x1541f8ac0>: taskID = 1, taskName = Launch Background Task for Coalescing, creationTime = 196503 (elapsed = 0). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.
    Type: Error | Timestamp: 2026-02-10 12:32:52.813407+11:00 | Process: GestureFlow | Library: UIKitCore | Subsystem: com.apple.UIKit | Category: Assert | TID: 0x16fb73

    """

  @Test func theRecognisersReadTheMessageWithItsTimeAndProcess() throws {
    let result = TimelineBuilder().build(from: SourceText(bytes: Array(Self.uikitWarning.utf8)))
    #expect(result.layout == .xcodeMetadata)
    let app = try #require(result.apps.first)
    #expect(app.processName == "GestureFlow")
    let event = try #require(app.events.first)
    #expect(event.kind == .expiryWarning)
    #expect(event.line == 1)
    #expect(event.timestamp?.timeOfDayText == "12:32:52.813407")
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
  }

  /// The review's paste was refused by `timeline` and `diagnose` as text in no layout; it is a console log now.
  @Test func theCopyIsAConsoleLog() {
    let appearance = InputAppearance.of(bytes: Array(Self.ur002.utf8))
    #expect(appearance.kind == .consoleLog)
    #expect(appearance.consoleLayout == .xcodeMetadata)
  }

  /// Forced, the layout reads the same records; other layouts never take a metadata line as a header.
  @Test func forcedLayoutReadsTheSame() {
    let (detected, _, _) = Self.read(Self.agent)
    let (forced, _, layout) = Self.read(Self.agent, layout: .xcodeMetadata)
    #expect(layout == .xcodeMetadata)
    #expect(forced == detected)
    // The Xcode line: the review's fbgeo-1205 paste, line 3, its message cut.
    let (xcode, _, xcodeLayout) = Self.read(
      "2023-06-28 11:45:29.751489+0200 Runner[49390:28644861] *** Terminating app due to uncaught exception\n"
        + Self.noProcess)
    #expect(xcodeLayout == .xcode)
    #expect(xcode.count == 1)
  }
}
