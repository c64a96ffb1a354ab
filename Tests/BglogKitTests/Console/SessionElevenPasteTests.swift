import BglogTestSupport
import Foundation
import Testing

@testable import BglogKit

/// Reader defects 10 and 11 of the session-10 second fresh-eyes review of real pastes
/// (`/work/review-inputs-s10b/FINDINGS.md`): a code comment's `//` followed by several blanks, and `flutter run -v`'s
/// elapsed time and `[DEVICE LOG]` tag before every device line. The real lines are quoted with their sources (no
/// fixtures: the noa file's licence is not checked); texts marked DERIVED are real lines changed as they say.
@Suite struct SessionElevenPasteTests {
  static func read(_ text: String, bytes: Bool = false) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ParserReading.read(text, bytes: bytes)
  }

  static func timeline(_ text: String) -> TimelineResult {
    TimelineBuilder().build(from: SourceText(bytes: Array(text.utf8)))
  }

  static func milliseconds(_ entry: LogEntry) -> Double? {
    entry.timestamp.map { ($0.secondsOfDay * 1000).rounded() }
  }

  // MARK: Defect 10: `//` and a run of blanks before every line

  /// The header comment of `Whisper.swift` in the "Noa" project (Bart Trzynadlowski, 2023-05-24; code index id
  /// 66667327840, licence not checked), lines 21–55 as the review stored them: the author's prose after `//  `, the
  /// app's own log and one Xcode record after `//    ` (four blanks), the record's process name holding blanks.
  /// Long lines are split here with `\` (the text is the file's, byte for byte).
  static let noaWhisper = """
    //  Errors appear to occur when there is some sort of a delay. For example, this log shows that
    //  a ChatGPT request did not complete before another kicked off. This does not happen when the
    //  app is in foreground. Somehow, multiple background requests are problematic and possibly
    //  being slow-walked.
    //
    //    *** START 21:52:26
    //    [Whisper] URLSession received challenge
    //    [Whisper] URLSessionDataTask received response headers
    //    [Whisper] URLSessionDataTask received response code 200
    //    [Whisper] Response payload: {"text":"How fast is the CPU in my iPhone?"}
    //    [Whisper] URLSessionDataTask finished
    //    [ChatGPT] URLSession received challenge
    //    [BluetoothManager] Received TX value!
    //    [BluetoothManager] TX value UTF-8 from Monocle: f
    //
    //
    //    *** START 21:52:41
    //    [Whisper] URLSession received challenge
    //    [Whisper] URLSessionDataTask received response headers
    //    [Whisper] URLSessionDataTask received response code 200
    //    [Whisper] Response payload: {"text":"Where do lizards sleep at night?"}
    //    [Whisper] URLSessionDataTask finished
    //    2023-05-24 21:52:42.937529-0700 ChatGPT for Monocle[9390:1683226] Task <107143F9-1572-4564-86F\
    0-92A731E9BF91>.<3> finished with error [-997] Error Domain=NSURLErrorDomain Code=-997 "Lost connect\
    ion to background transfer service" UserInfo={NSErrorFailingURLStringKey=https://api.openai.com/v1/c\
    hat/completions, NSErrorFailingURLKey=https://api.openai.com/v1/chat/completions, _NSURLErrorRelated\
    URLSessionTaskErrorKey=(
    //        "BackgroundDataTask <107143F9-1572-4564-86F0-92A731E9BF91>.<3>",
    //        "LocalDataTask <107143F9-1572-4564-86F0-92A731E9BF91>.<3>"
    //    ), _NSURLErrorFailingURLSessionTaskErrorKey=BackgroundDataTask <107143F9-1572-4564-86F0-92A731\
    E9BF91>.<3>, NSLocalizedDescription=Lost connection to background transfer service}
    //    [ChatGPT] URLSessionDataTask failed to complete: Lost connection to background transfer servic\
    e
    //    *** END 21:52:42
    //    [ChatGPT] URLSession received challenge
    //    [ChatGPT] URLSessionDataTask received response headers
    //    [ChatGPT] URLSessionDataTask received response code 200
    //    [ChatGPT] Response payload: {"id":"chatcmpl-7JxFrgKumSD9JIW7p3dH5zKgAgLYX","object":"chat.comp\
    letion","created":1684990363,"model":"gpt-3.5-turbo-0301","usage":{"prompt_tokens":89,"completion_to\
    kens":24,"total_tokens":113},"choices":[{"message":{"role":"assistant","content":"A Cadbury cream eg\
    g contains approximately 150 calories, 6 grams of fat, and 20 grams of sugar."},"finish_reason":"sto\
    p","index":0}]}
    //
    //    *** END 21:52:47
    //

    """

  /// DERIVED: the same paste with `//` and the four blanks after it dropped where a line has them (the review's
  /// probe, read as `xcode`: `ChatGPT for Monocle`, pid 9390, 21:52:42.937).
  static var noaWhisperWithoutMarks: String {
    noaWhisper.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix("//    ")
        ? String(line.dropFirst(6)) : line.hasPrefix("//") ? String(line.dropFirst(2)) : String(line)
    }.joined(separator: "\n")
  }

  /// Before: `no known layout`, 30 records without a time, the app not named.
  @Test(arguments: [false, true]) func aCommentMarkWithSeveralBlanksIsLearned(bytes: Bool) throws {
    let (entries, _, layout) = Self.read(Self.noaWhisper, bytes: bytes)
    #expect(layout == .xcode)
    let record = try #require(entries.first { $0.line == 23 })
    #expect(record.process == "ChatGPT for Monocle")
    #expect(record.pid == 9390)
    #expect(record.timestamp?.date == LogDate(year: 2023, month: 5, day: 24))
    #expect(Self.milliseconds(record) == 78_762_938)  // 21:52:42.937529
    #expect(record.timestamp?.utcOffsetSeconds == -7 * 3600)
    #expect(record.message.hasPrefix("Task <107143F9-1572-4564-86F0-92A731E9BF91>.<3> finished with error [-997]"))
    // The lines indented deeper inside the comment continue the record, their own indent kept; the marks go.
    #expect(record.message.contains("\n    \"BackgroundDataTask <107143F9-1572-4564-86F0-92A731E9BF91>.<3>\","))
    #expect(record.message.contains("\n[ChatGPT] URLSessionDataTask failed to complete: Lost connection"))
    #expect(!record.message.contains("\n//"))
    // From the record on, the paste reads as it does without its marks.
    let (plain, _, plainLayout) = Self.read(Self.noaWhisperWithoutMarks, bytes: bytes)
    #expect(plainLayout == .xcode)
    #expect(entries.filter { $0.line >= 23 } == plain.filter { $0.line >= 23 })
  }

  @Test func theCommentedPasteNamesTheAppAndTheTime() throws {
    let result = Self.timeline(Self.noaWhisper)
    #expect(result.layout == .xcode)
    let app = try #require(result.apps.first { $0.name == "ChatGPT for Monocle" })
    let event = try #require(app.events.first)
    #expect(event.kind == .urlTaskCompleted)
    #expect(event.line == 23)
    #expect(event.pid == 9390)
    #expect(event.timestamp != nil)
  }

  /// DERIVED (the noa comment's lines, reordered): once `//` and four blanks are learned, a line of the comment
  /// with fewer blanks after `//` is the author's prose, a record of its own without a time (never part of the
  /// record before it); a `//` alone is an empty line of the record; a line with more blanks continues it.
  @Test func proseWithFewerBlanksIsANoteOfItsOwn() throws {
    let text = """
      //    2023-05-24 21:52:42.937529-0700 ChatGPT for Monocle[9390:1683226] Task <107143F9-1572-4564-86F0-92A731E9BF91>.<3> finished with error [-997]
      //        "BackgroundDataTask <107143F9-1572-4564-86F0-92A731E9BF91>.<3>",
      //
      //  Errors appear to occur when there is some sort of a delay. For example, this log shows that
      //    [ChatGPT] URLSessionDataTask failed to complete: Lost connection to background transfer service
      //    2023-05-24 21:52:42.937529-0700 ChatGPT for Monocle[9390:1683226] Task <107143F9-1572-4564-86F0-92A731E9BF91>.<3> finished
      """
    let (entries, statistics, layout) = Self.read(text)
    #expect(layout == .xcode)
    #expect(entries.map(\.line) == [1, 4, 6])
    #expect(
      entries[0].message.hasSuffix("[-997]\n    \"BackgroundDataTask <107143F9-1572-4564-86F0-92A731E9BF91>.<3>\",\n"))
    #expect(entries[1].process.isEmpty && entries[1].timestamp == nil)
    #expect(
      entries[1].message
        == "Errors appear to occur when there is some sort of a delay. For example, this log shows that\n"
        + "[ChatGPT] URLSessionDataTask failed to complete: Lost connection to background transfer service")
    #expect(entries[2].process == "ChatGPT for Monocle")
    #expect(statistics.unknownLines == 0)
  }

  /// The mark is the one learned: a comment learned with one blank (the Zazo app's `// Feb 18 20:34:28 …`) still
  /// drops one blank only, so lines indented deeper inside it stay continuation lines with their indent.
  @Test func aMarkLearnedWithOneBlankDropsOneBlank() {
    #expect(PasteResidue.droppingComment("            // Feb 18 20:34:28 x")?.blanks == 1)
    #expect(PasteResidue.droppingComment("//    2023-05-24 21:52:42")?.blanks == 4)
    #expect(PasteResidue.droppingComment("//2023-05-24 21:52:42") == nil)
    #expect(PasteResidue.droppingComment("//    ") == nil)
    let deeper = PasteResidue.droppingCommentMark("            //            {(", blanks: 1)
    #expect(deeper?.rest == "           {(" && deeper?.prose == false)
    let prose = PasteResidue.droppingCommentMark("//  Errors appear", blanks: 4)
    #expect(prose?.rest == "Errors appear" && prose?.prose == true)
    let empty = PasteResidue.droppingCommentMark("//", blanks: 4)
    #expect(empty?.rest == "" && empty?.prose == false)
    #expect(PasteResidue.droppingCommentMark("///  note", blanks: 4) == nil)
  }

  // MARK: Defect 11: `flutter run -v`'s `[   +1 ms] [DEVICE LOG] `

  /// flutter/flutter issue #43410 (https://github.com/flutter/flutter/issues/43410), comment by TahaTesser
  /// (2020-03-20), as the review stored it (BSD-3-Clause, the repository's): `flutter run -v` on a simulator, every
  /// device line behind the tool's elapsed time and `[DEVICE LOG]`, each record's message wrapped onto the next
  /// lines. It starts inside a record and ends mid-word. Long lines are split here with `\`.
  static let flutter43410 = """
    ```
    state to 0 (foregroundActivities: 0, backgroundActivities: 0)
    [   +1 ms] [DEVICE LOG] 2020-03-20 14:30:19.245881+0530  localhost Runner[11452]: (WebKit)
    [com.apple.WebKit:ProcessSuspension] 0x122df7780 - ProcessAssertion::setState(0) previousState: 1
    [        ] [DEVICE LOG] 2020-03-20 14:30:19.247287+0530  localhost Runner[11452]: (WebKit)
    [com.apple.WebKit:ProcessSuspension] 0x122ddd380 - WebProcessProxy::didSetAssertionState(Suspended\
    ) release all
    assertions for network process
    [   +1 ms] [DEVICE LOG] 2020-03-20 14:30:19.247367+0530  localhost Runner[11452]: (WebKit)
    [com.apple.WebKit:ProcessSuspension] 0x7ff3c2c04b10 - ProcessThrottler::updateAssertion() sending Pr\
    epareToSuspend IPC
    [   +1 ms] [DEVICE LOG] 2020-03-20 14:30:19.247544+0530  localhost Runner[11452]: (WebKit)
    [com.apple.WebKit:ProcessSuspension] 0x122ddd228 - ProcessThrottler::updateAssertionNow() updating p\
    rocess assertion
    state to 0 (foregroundActivities: 0, backgroundActivities: 0)
    [        ] [DEVICE LOG] 2020-03-20 14:30:19.247607+0530  localhost Runner[11452]: (WebKit)
    [com.apple.WebKit:ProcessSuspension] 0x122df7720 - ProcessAssertion::setState(0) previousState: 1
    [        ] [DEVICE LOG] 2020-03-20 14:30:19.251348+0530  localhost Runner[11452]: (WebKit)
    [com.apple.WebKit:ProcessSu
    """

  /// DERIVED: the same paste without the elapsed time and the tag (the review's probe: `log-show-syslog`).
  static var flutter43410WithoutPrefix: String {
    flutter43410.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      PasteResidue.droppingFlutterDeviceLog(line).map(String.init) ?? String(line)
    }.joined(separator: "\n")
  }

  /// Before: exit 2, "no line in a layout bglog knows".
  @Test(arguments: [false, true]) func theFlutterToolPrefixIsLearned(bytes: Bool) throws {
    let (entries, statistics, layout) = Self.read(Self.flutter43410, bytes: bytes)
    #expect(layout == .logShowSyslog)
    // Line 2 is the tail of a record cut by the excerpt: a message alone, before the prefix is learned.
    #expect(entries.map(\.line) == [2, 3, 5, 8, 10, 13, 15])
    let records = entries.dropFirst()
    #expect(records.allSatisfy { $0.process == "Runner" && $0.pid == 11452 })
    let first = try #require(records.first)
    #expect(Self.milliseconds(first) == 52_219_246)  // 14:30:19.245881
    #expect(first.timestamp?.utcOffsetSeconds == 19_800)
    // The wrapped lines join the record they were cut from, as any line without a header does.
    #expect(
      first.message.hasSuffix(
        "\n[com.apple.WebKit:ProcessSuspension] 0x122df7780 - ProcessAssertion::setState(0) previousState: 1"))
    let second = records[records.index(after: records.startIndex)]
    #expect(second.message.hasSuffix("release all\nassertions for network process"))
    #expect(!first.firstLine.contains("DEVICE LOG"))
    #expect(statistics.unknownLines == 1)  // the fence
    let (plain, plainStatistics, plainLayout) = Self.read(Self.flutter43410WithoutPrefix, bytes: bytes)
    #expect(plainLayout == layout)
    #expect(plain == entries)
    #expect(plainStatistics == statistics)
  }

  @Test func theFlutterPasteIsAConsoleLog() {
    let appearance = InputAppearance.of(bytes: Array(Self.flutter43410.utf8))
    #expect(appearance.kind == .consoleLog)
    #expect(appearance.consoleLayout == .logShowSyslog)
  }

  /// `flutter run -v` on an iOS 11.4 simulator (2018-06-24, Flutter's tool writing `log stream --style syslog`
  /// lines; code index id 36229775551, repository and licence unknown, so quoted here): the tool's own lines
  /// (`com.example…: 54805`, `Waiting for observatory port…`, `Observatory URL on device: …`) between the device's,
  /// and the elapsed-time forms `[ +286 ms]`, `[   +8 ms]`, `[        ]`, `[ +114 ms]`, `[  +12 ms]`.
  static let flutterSimulator2018 = """
    [ +209 ms] com.example.inspectColumnButtonIssue: 54805
    [        ] Waiting for observatory port to be available...
    [ +286 ms] [DEVICE LOG] 2018-06-24 09:33:49.236541-0500  localhost Runner[54805]: (Runner) Created Activity ID: 0x97511, Description: Loading Preferences From System CFPrefsD For Search List
    [   +8 ms] [DEVICE LOG] 2018-06-24 09:33:49.247567-0500  localhost Runner[54805]: (libAccessibility.dylib) [com.apple.Accessibility:AccessibilitySupport] Retrieving resting unlock: 0
    [        ] [DEVICE LOG] 2018-06-24 09:33:49.247735-0500  localhost Runner[54805]: (Runner) Created Activity ID: 0x97512, Description: Loading Preferences From System CFPrefsD For Search List
    [ +114 ms] [DEVICE LOG] 2018-06-24 09:33:49.362379-0500  localhost Runner[54805]: (QuartzCore) [com.apple.coreanimation:WindowServer] display_timer_callback: unexpected state (now:213e2ed1a56a < expected:213e2fcf7449)
    [  +12 ms] [DEVICE LOG] 2018-06-24 09:33:49.592734-0500  localhost Runner[54805]: (Flutter) flutter: Observatory listening on http://127.0.0.1:8100/
    [   +2 ms] Observatory URL on device: http://127.0.0.1:8100/
    [   +3 ms] Connecting to service protocol: http://127.0.0.1:8100/
    [ +171 ms] Successfully connected to service protocol: http://127.0.0.1:8100/
    """

  @Test(arguments: [false, true]) func theToolsOwnLinesAreNeverTheDevicesRecords(bytes: Bool) throws {
    let (entries, statistics, layout) = Self.read(Self.flutterSimulator2018, bytes: bytes)
    #expect(layout == .logShowSyslog)
    // Lines 1 and 2 come before the prefix is learned: messages alone, as before.
    #expect(entries.map(\.line) == [1, 2, 3, 4, 5, 6, 7])
    let records = entries.dropFirst(2)
    #expect(records.allSatisfy { $0.process == "Runner" && $0.pid == 54805 })
    let last = try #require(records.last)
    #expect(!last.message.contains("\n"))
    #expect(last.message.hasSuffix("Observatory listening on http://127.0.0.1:8100/"))
    #expect(Self.milliseconds(last) == 34_429_593)  // 09:33:49.592734
    #expect(statistics.unknownLines == 3 && statistics.continuationLines == 0)
  }

  /// DERIVED: a device line of #43410, then the tool's own line wrapped by the tool at the terminal's width (as
  /// flutter/flutter #66324 shows it: `[ +134 ms] executing: [/Users/zhengkaijie/development/flutter/] git -c` then
  /// `log.showSignature=false log -n 1 --pretty=format:%H`), then a device line and its wrapped message: the wrapped
  /// tool line is the tool's, the wrapped device line the record's.
  @Test func aWrappedToolLineIsTheTools() {
    let text = """
      [   +1 ms] [DEVICE LOG] 2020-03-20 14:30:19.245881+0530  localhost Runner[11452]: (WebKit)
      [ +134 ms] executing: [/Users/zhengkaijie/development/flutter/] git -c
      log.showSignature=false log -n 1 --pretty=format:%H
      [        ] [DEVICE LOG] 2020-03-20 14:30:19.247287+0530  localhost Runner[11452]: (WebKit)
      [com.apple.WebKit:ProcessSuspension] 0x122ddd380 - WebProcessProxy::didSetAssertionState(Suspended) release all
      """
    let (entries, statistics, _) = Self.read(text)
    #expect(entries.map(\.line) == [1, 4])
    #expect(!entries[0].message.contains("\n"))
    #expect(
      entries[1].message.hasSuffix(
        "\n[com.apple.WebKit:ProcessSuspension] 0x122ddd380 - WebProcessProxy::didSetAssertionState(Suspended) release all"
      ))
    #expect(statistics.unknownLines == 2 && statistics.continuationLines == 1)
  }

  /// Only the elapsed-time forms seen: `[` and eight blanks, or blanks, `+`, digits and ` ms`, then `]` and a blank.
  @Test func theElapsedTimeFormsSeen() {
    for seen in ["[        ] x", "[   +1 ms] x", "[  +12 ms] x", "[ +286 ms] x", "[+1564 ms] x", "[+5481 ms] x"] {
      #expect(PasteResidue.flutterElapsedLength(Substring(seen)) == 11, "\(seen)")
    }
    for other in ["[       ] x", "[   +1ms] x", "[   +1 ms]x", "[IOS_SYSLOG_ROW ] x", "[ +1 s] x", "[   -1 ms] x", "["]
    {
      #expect(PasteResidue.flutterElapsedLength(Substring(other)) == nil, "\(other)")
    }
    #expect(PasteResidue.droppingFlutterDeviceLog("[        ] [DEVICE LOG] ") == nil)
    #expect(PasteResidue.droppingFlutterDeviceLog("[        ] [DEVICE LOG] Timestamp") == "Timestamp")
    #expect(PasteResidue.droppingFlutterDeviceLog("[        ] [device log] Timestamp") == nil)
  }
}
