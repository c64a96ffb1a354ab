import Testing

@testable import BglogKit

/// Findings that need only the order of the lines, on events built without times (records without a
/// header come from the header reader of issue 12; here the events are made directly). The messages
/// are the recognisers' real examples.
@Suite struct OrderOnlyFindingTests {
  /// Runs real messages, without headers unless given, through the recogniser as untimed records.
  static func timeline(_ records: [(process: String, pid: Int?, message: String)]) -> AppTimeline? {
    var recognizer = TimelineEventRecognizer(markers: [])
    var store = TimelineEventStore(app: nil)
    for (index, record) in records.enumerated() {
      let entry = LogEntry(line: index + 1, process: record.process, pid: record.pid, message: record.message)
      recognizer.recognize(entry, into: &store)
    }
    let events = store.events.map(\.0)
    guard !events.isEmpty else { return nil }
    let name = store.events.compactMap(\.1.name).first
    return TimelineAnalyzer(events: events, bundle: nil, name: name, logEnd: nil).timeline()
  }

  @Test func beyondPermittedTimeThenForcedCrashWithoutTimes() throws {
    let beyond = LegacySpringBoardRecognizers.beyondPermittedTime.triggering[0].message
    let crash = LegacySpringBoardRecognizers.forcingCrashReportOf.triggering[0].message
    let app = try #require(Self.timeline([("backboardd", 19608, beyond), ("backboardd", 19608, crash)]))
    #expect(app.events.allSatisfy { $0.clock == nil && $0.timestamp == nil })
    #expect(app.findings.map(\.kind) == [.leakedBackgroundTask])
    let finding = try #require(app.findings.first)
    // The crash line itself names the assertion held too long: the deciding evidence is in the input.
    #expect(finding.confidence == .high)
    #expect(finding.summary.contains("assertions listed as held beyond permitted time at line 1"))
    #expect(finding.summary.contains("forced crash report at line 2"))
    #expect(finding.summary.contains("rests on their order"))
    #expect(finding.evidence.map(\.line) == [1, 2])
  }

  @Test func forcedCrashReportFirstThenListIsNotJoined() {
    // In the other order the crash cannot name what was listed after it.
    let beyond = LegacySpringBoardRecognizers.beyondPermittedTime.triggering[0].message
    let crash = LegacySpringBoardRecognizers.forcingCrashReportOf.triggering[0].message
    let app = Self.timeline([("backboardd", 19608, crash), ("backboardd", 19608, beyond)])
    #expect(app?.events.first?.detail == "forced crash report")
    #expect(app?.findings.isEmpty == true)
  }

  @Test func sameCallSiteNewTaskEachTimeNeverEnded() throws {
    let message = UIKitBackgroundTaskRecognizers.backgroundTask.triggering[2].message
    let second = message.replacingOccurrences(of: "Background Task 37 ", with: "Background Task 38 ")
    let app = try #require(Self.timeline([("", nil, message), ("", nil, second)]))
    // `Called by Runner` names the binary that began the task, not the app (review s6 #7).
    #expect(app.processName == AppSubject.unnamedApp.name)
    let finding = try #require(app.findings.first)
    #expect(finding.kind == .leakedBackgroundTask)
    #expect(finding.confidence == .medium)
    #expect(
      finding.summary.hasPrefix(
        "2 background tasks named \"Called by Runner, from -[BackgroundTaskManager createBackgroundTask]\" (ids 37, 38)"
      ))
    #expect(finding.summary.contains("rests on their order"))
  }

  /// One task warned about (twice), or two with one ended: not the same-call-site finding; the task the log
  /// shows no end of is the single warning's low finding (review s6 #7).
  @Test func sameCallSiteOnceOrEndedIsOnlyTheSingleWarning() throws {
    let message = UIKitBackgroundTaskRecognizers.backgroundTask.triggering[2].message
    let once = try #require(Self.timeline([("", nil, message), ("", nil, message)]))
    #expect(once.findings.map(\.kind) == [.leakedBackgroundTask])
    #expect(once.findings.first?.confidence == .low)
    #expect(once.findings.first?.summary.hasPrefix("UIKit warned (line 1) that background task 37 ") == true)
    let second = message.replacingOccurrences(of: "Background Task 37 ", with: "Background Task 38 ")
    let app = try #require(
      Self.timeline([
        ("Runner", 1, message), ("Runner", 1, second),
        ("Runner", 1, "Ending background task with UIBackgroundTaskIdentifier: 38"),
      ]))
    #expect(app.findings.map(\.confidence) == [.low])
    #expect(app.findings.first?.summary.contains("background task 37 ") == true)
    #expect(app.findings.first?.evidence.map(\.line) == [1])
    // Both ended: no finding.
    let ended = Self.timeline([
      ("Runner", 1, message), ("Runner", 1, second),
      ("Runner", 1, "Ending background task with UIBackgroundTaskIdentifier: 38"),
      ("Runner", 1, "Ending background task with UIBackgroundTaskIdentifier: 37"),
    ])
    #expect(ended?.findings.isEmpty == true)
  }
}

/// `timeline --verbose`: the messages of background-relevant processes that gave no event.
@Suite struct UnreadMessagesTests {
  @Test func templatesReplaceNumbersHexAndIdentifiers() {
    var message =
      "Received state update for 4249 (app<com.x(6F9619FF-8B86-D011-B42D-00C04FC964FF)>, ptr 0x86f0c4f00, v2\nmore"
    let template = message.withUTF8 { UnreadMessages.template($0) }
    #expect(template == "Received state update for # (app<com.x(<id>)>, ptr 0x#, v#")
  }

  @Test func countsUnreadRecordsOfSystemProcessesOnly() throws {
    let text = """
      18:05:17    SpringBoard Received state update for 12 (app<com.x>)
      18:05:18    SpringBoard Received state update for 13 (app<com.x>)
      18:05:19    BackgroundDemo hello 12
      18:05:20    assertiond  [BackgroundDemo:12636] Setting up BG permission check timer for 30s
      """
    let result = TimelineBuilder(options: TimelineOptions(listUnread: true)).build(from: SourceText(text: text))
    #expect(
      result.unread == [.init(process: "SpringBoard", template: "Received state update for # (app<com.x>)", count: 2)])
    #expect(TimelineBuilder().build(from: SourceText(text: text)).unread.isEmpty)
  }
}

/// Records without a header (or under another process name) give the events their words say: the
/// messages of the real fixtures, read once with their process and once without.
@Suite struct HeaderlessRecognitionTests {
  static func kinds(_ process: String, _ message: String) -> [(TimelineEvent.Kind, AppSubject)] {
    var recognizer = TimelineEventRecognizer(markers: [])
    var store = TimelineEventStore(app: nil)
    recognizer.recognize(LogEntry(line: 1, process: process, message: message), into: &store)
    return store.events.map { ($0.0.kind, $0.1) }
  }

  static let messages: [(process: String, message: String)] = [
    // immich #54
    (
      "SpringBoard",
      "[application<app.alextran.immich>:8295] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:jetsam(1) code:per-process-limit(7)>>."
    ),
    // react-native-background-geolocation #1860
    ("runningboardd", "Assertions for process will expire soon: [application<com.wridz.app>:5560]"),
    // seed 000
    ("assertiond", "[BackgroundDemo:12636] Setting up BG permission check timer for 30s"),
    // dotnet/macios #10086
    (
      "SpringBoard",
      "[application<com.REDACTED>:796] Process exited: <FBProcessExitContext; watchdog (\"watchdog provision violated\")>."
    ),
  ]

  @Test(arguments: 0..<messages.count)
  func sameEventsWithoutHeader(_ index: Int) {
    let (process, message) = Self.messages[index]
    let withHeader = Self.kinds(process, message)
    #expect(withHeader.count == 1)
    for other in ["", "RunningBoard", "SpringBoard(FrontBoard)"] where other != process {
      let without = Self.kinds(other, message)
      #expect(without.map(\.0) == withHeader.map(\.0), "process '\(other)'")
      #expect(without.map(\.1) == withHeader.map(\.1), "process '\(other)'")
    }
  }
}
