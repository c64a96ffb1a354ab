import BglogTestSupport
import Testing

@testable import BglogKit

/// Console.app columns in the user's order with the message not last, and the other pastes of the
/// review-s4 inputs whose shape the reader now tolerates. The lines are SYNTHETIC: made up in the exact
/// shapes seen (sources named per test; their licences are not known, so they are not fixtures).
@Suite struct ConsoleColumnOrderTests {
  static func read(
    _ text: String, bytes: Bool = false, layout: ConsoleLayout? = nil
  ) -> ([LogEntry], ConsoleLogStatistics, ConsoleLayout?) {
    ParserReading.read(text, bytes: bytes, layout: layout)
  }

  /// The shape of airsdk/Adobe-Runtime-Support #2476: time, category, message, subsystem, library,
  /// type, process (the process last). Before: `Process` (the category) was read as the process.
  static let processLast = """
    23:11:49.104132+0100\tProcess\t[application<com.example.demo>:23793] Setting process visibility to: Unknown\t\
    com.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard
    23:11:49.105010+0100\tProcessWorkspace\t[application<com.example.demo>:23793] Invalidating workspace.\t\
    com.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard

    """

  @Test(arguments: [false, true])
  func processLastIsReadFromItsColumn(bytes: Bool) {
    let (entries, statistics, layout) = Self.read(Self.processLast, bytes: bytes)
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0 && statistics.continuationLines == 0)
    #expect(entries.map(\.process) == ["SpringBoard", "SpringBoard"])
    #expect(entries.map(\.level) == ["default", "default"])
    #expect(entries.map(\.subsystem) == ["com.apple.FrontBoard", "com.apple.FrontBoard"])
    #expect(
      entries.map(\.message) == [
        "[application<com.example.demo>:23793] Setting process visibility to: Unknown",
        "[application<com.example.demo>:23793] Invalidating workspace.",
      ])
    #expect(entries.map(\.timestamp?.timeOfDayText) == ["23:11:49.104132", "23:11:49.105010"])
    #expect(entries[0].timestamp?.utcOffsetSeconds == 3600)
  }

  /// `--input-format console-app` forces the layout: the first record still says the column order
  /// (before, a forced process-last copy was read in the usual order, `Process` taken for the process).
  @Test(arguments: [false, true])
  func aForcedConsoleAppLayoutLearnsTheOrderToo(bytes: Bool) {
    let (entries, statistics, layout) = Self.read(Self.processLast, bytes: bytes, layout: .consoleApp)
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0 && statistics.continuationLines == 0)
    #expect(entries.map(\.process) == ["SpringBoard", "SpringBoard"])
    #expect(entries.first?.message == "[application<com.example.demo>:23793] Setting process visibility to: Unknown")
    // The usual order, forced, is read as before, on the byte path after its first record.
    let usual = "default\t10:00:00.000000+0100\tDemo\tsome text\ndefault\t10:00:01.000000+0100\tDemo\tmore text\n"
    let (forced, _, _) = Self.read(usual, bytes: bytes, layout: .consoleApp)
    let (detected, _, _) = Self.read(usual, bytes: bytes)
    #expect(forced.map(\.process) == ["Demo", "Demo"])
    #expect(forced.map(\.message) == detected.map(\.message))
  }

  @Test func anAmbiguousProcessColumnIsLeftUnreadNotGuessed() {
    // Two one-word columns after the type word, neither a known system process: no process.
    let (entries, statistics, _) = Self.read(
      "10:00:00.000000+0100\tNetwork\tconnection ready now\tdefault\tDemo\tDemoKit\n")
    #expect(statistics.unknownLines == 0)
    #expect(entries.map(\.process) == [""])
    #expect(entries.map(\.message) == ["connection ready now"])
    #expect(entries.map(\.level) == ["default"])
  }

  @Test func oneProcessLikeColumnIsTheProcess() {
    let (entries, _, _) = Self.read(
      "10:00:00.000000+0100\tconnection ready now\tcom.example.net\tdefault\tDemo\n"
        + "10:00:01.000000+0100\tone\ttwo three\tcom.example.net\tdefault\tDemo\n")
    #expect(entries.map(\.process) == ["Demo", "Demo"])
    // A message holding a tab keeps it: the columns after the message are counted from the right.
    #expect(entries.map(\.message) == ["connection ready now", "one\ttwo three"])
  }

  @Test func theUsualOrderWithATabInItsMessageIsNotReordered() {
    let (entries, _, layout) = Self.read("default\t10:00:00.000000+0100\tDemo\tsome text\tmore words\n")
    #expect(layout == .consoleApp)
    #expect(entries.map(\.process) == ["Demo"])
    #expect(entries.map(\.message) == ["some text\tmore words"])
  }

  @Test func spacesForTabsWithTheOffsetAgainstTheTime() {
    // The shape of johnno1962/InjectionIII #380 (a macOS Console copy whose tabs became runs of spaces).
    let (entries, statistics, layout) = Self.read(
      "default 03:19:07.272200-0500    runningboardd   [app<application.com.example.Demo(502)>:39517] "
        + "termination reported by launchd (2, 11, 11)\n"
        + "default 03:19:07.272579-0500    runningboardd   Removing process: [app<application.com.example.Demo(502)>:39517]\n"
    )
    #expect(layout == .consoleApp)
    #expect(statistics.unknownLines == 0)
    #expect(entries.map(\.process) == ["runningboardd", "runningboardd"])
    #expect(entries.map(\.timestamp?.utcOffsetSeconds) == [-18_000, -18_000])
    #expect(entries[1].message == "Removing process: [app<application.com.example.Demo(502)>:39517]")
  }

  @Test func aCapturingToolsTagsBeforeEveryLineAreDropped() {
    // The shape of appium/appium #13503: Appium's tags, then `log stream --style compact`.
    let (entries, statistics, layout) = Self.read(
      """
      [IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.001 Df SpringBoard[11727:2bf52] \
      [com.apple.FrontBoard.workspace:Common] Process exited:  ->  {
      [IOSSimulatorLog] [IOS_SYSLOG_ROW]     stateAtExit = ;
      [IOSSimulatorLog] [IOS_SYSLOG_ROW] }
      [IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.002 Df assertiond[11734:352e4] \
      [com.apple.assertiond:process_info] [demo:15903] Invalidation complete.

      """)
    #expect(layout == .logShowCompact)
    #expect(statistics.unknownLines == 0 && statistics.continuationLines == 2)
    #expect(entries.map(\.process) == ["SpringBoard", "assertiond"])
    #expect(entries.map(\.pid) == [11727, 11734])
    #expect(entries[0].message.hasSuffix("Process exited:  ->  {\n    stateAtExit = ;\n}"))
    #expect(entries[1].message.hasSuffix("[demo:15903] Invalidation complete."))
  }

  @Test func aBracketedMessageAloneIsNotTakenForTags() {
    let (entries, _, layout) = Self.read("[BackgroundTask] Background Task 5 was created over 30 seconds ago.\n")
    #expect(layout == nil)
    #expect(entries.map(\.message) == ["[BackgroundTask] Background Task 5 was created over 30 seconds ago."])
  }

  @Test func anAppsOwnTimedLinesAndTheDebuggersNote() {
    // The shape of deltachat/deltachat-ios #1984: the app's `HH:MM:SS:mmm` lines, then Xcode's note.
    let (entries, statistics, layout) = Self.read(
      "19:29:52:701 💙  ⬅️ remaining background time: 12.034014750039205\n"
        + "19:29:59:068 💙  ⬅️ few background time, 5.666139250039123, done\n"
        + "Message from debugger: Terminated due to signal 9\n")
    #expect(layout == nil)
    #expect(statistics.unknownLines == 0 && statistics.continuationLines == 0)
    #expect(entries.map(\.timestamp?.timeOfDayText) == ["19:29:52.701000", "19:29:59.068000", nil])
    #expect(entries.map(\.process) == ["", "", ""])
    #expect(entries[1].message == "💙  ⬅️ few background time, 5.666139250039123, done")
    #expect(entries[2].message == "Message from debugger: Terminated due to signal 9")
  }

  @Test func theDebuggersNoteIsARecordOfItsOwnAfterAnXcodeLine() {
    let (entries, statistics, layout) = Self.read(
      "2019-11-28 18:12:28.001204+0200 MyApp[886:367181] hello\n"
        + "Message from debugger: Terminated due to signal 9\n")
    #expect(layout == .xcode)
    #expect(statistics.continuationLines == 0)
    #expect(entries.map(\.message) == ["hello", "Message from debugger: Terminated due to signal 9"])
  }

  @Test func anAppLoggersColonMillisecondsLineIsARecordOfItsOwn() throws {
    // real-cordova-background-mode-485 (and mauron85/react-native-background-geolocation #479): the plugin's
    // own logger writes `2019-11-28 18:12:32:176 MyApp[886:367181] …` between Xcode's records. Until session 5
    // it was a continuation of the record before it; it is a record with its process, pid and time (no offset).
    let (entries, statistics, _) = Self.read(
      "2019-11-28 18:12:32.176428+0200 MyApp[886:367441] one\n2019-11-28 18:12:32:176 MyApp[886:367181] two\n")
    #expect(entries.map(\.message) == ["one", "two"])
    #expect(statistics.continuationLines == 0)
    #expect(entries[1].pid == 886)
    #expect(entries[1].timestamp?.utcOffsetSeconds == nil)
    let fixture = try Fixtures.source("console/real-cordova-background-mode-485-xcode-cant-end.log")
    let (real, realStatistics, layout) = Self.read(fixture.text)
    #expect(layout == .xcode)
    #expect(realStatistics.continuationLines == 0)
    #expect(real.count == 4)
    #expect(real[3].line == 4 && real[3].process == "MyApp" && real[3].message == "BgGeo #onAppTerminate.")
  }

  @Test func anLldbStopPastedAloneIsNamed() {
    // The shape of Netesh5/image_background_remover #8 (an lldb stop, then Xcode's notes).
    let text = """
      flutter: datetime 1: 0:00:00.000104
      * thread #53, queue = 'com.apple.root.user-initiated-qos', stop reason = EXC_RESOURCE \
      (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=1450 MB)
          frame #0: 0x00000001a7700430 vImage`vConvert_420Yp8_CbCr8ToARGB8888_vec + 712
      Target 0: (Runner) stopped.
      Lost connection to device.

      """
    // This stop reason is itself a memory-limit line the recognisers read, so the file is a console log
    // with that event; an lldb stop whose reason nothing reads is named when the file is refused.
    #expect(InputAppearance.of(bytes: Array(text.utf8)).kind == .consoleLog)
    let stop = InputAppearance.debuggerStop(in: SourceText(text: text))
    #expect(stop?.line == 2)
    #expect(stop?.reason.hasPrefix("EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark") == true)
    var refused = InputAppearance.of(bytes: Array("just words\n".utf8))
    #expect(refused.debuggerStop == nil)
    refused.debuggerStop = stop
    #expect(refused.description.hasPrefix("an lldb stop, the debugger's view of the app (line 2: stop reason = "))
  }
}
