/// One family of messages read by their text, whoever wrote them (see docs/timeline.md, "Reading
/// messages first"): literal anchors that a matching message must hold (one of them), writers it is
/// known from (a hint used to break ties, never to refuse), how it reads the message, and the real
/// messages it reads and must not read, with where each was found. `MessageRecognizerTests` runs every
/// example.
struct MessageRecognizer: Sendable {
  /// A short stable name (`legacy-beyond-permitted-time`).
  let id: String
  /// The iOS versions and writer it comes from, as documented.
  let era: String
  /// At least one of these is in every message it reads (≥ `MessageAnchorScanner.stride` + 3 bytes).
  let anchors: [String]
  /// The processes known to write it.
  let writers: [String]
  /// Reads one message with what the header says (process empty: no header).
  let read:
    @Sendable (_ message: Substring, _ header: MessageHeader, _ state: inout MessageRecognizerState) -> [MessageEvent]
  /// Real messages it reads, with the event expected.
  let triggering: [RecognizerExample]
  /// Real messages that hold an anchor but must give no event.
  let nonTriggering: [RecognizerExample]
}

/// What the record's header says, when it has one.
struct MessageHeader: Sendable {
  /// The process column (empty: none).
  var process: String = ""
  var pid: Int? = nil

  /// The writer, when it is an app rather than one of ``TimelineEventRecognizer/systemProcesses``.
  var app: AppSubject? {
    process.isEmpty || TimelineEventRecognizer.systemProcesses.contains(process)
      ? nil : AppSubject(name: process, pid: pid)
  }

  /// The app a line the app writes itself is about: the header's app; without a header, the unnamed
  /// app; a system writer's header gives none.
  var appOrUnnamed: AppSubject? {
    process.isEmpty ? .unnamedApp : app
  }
}

/// What a recogniser read from a message.
struct MessageEvent: Sendable, Hashable {
  var kind: TimelineEvent.Kind
  var subject: AppSubject
  var detail: String
  var assertion: ProcessAssertion? = nil
  var named: [ProcessAssertion] = []
}

/// A real message quoted in a public source.
struct RecognizerExample: Sendable {
  /// The message (the header's process column apart).
  let message: String
  /// The process column when the source had one; empty when quoted without a header.
  let process: String
  /// Where it was found (repository and issue, or page).
  let source: String
  /// The event expected (kind, subject, detail); `nil` for non-triggering examples.
  let expected: MessageEvent?

  /// The header's pid, when the source had one.
  let pid: Int?

  init(_ message: String, process: String = "", pid: Int? = nil, source: String, expected: MessageEvent? = nil) {
    self.message = message
    self.process = process
    self.pid = pid
    self.source = source
    self.expected = expected
  }
}

/// What recognisers remember between messages (bounded).
struct MessageRecognizerState: Sendable {
  /// The assertions last listed as held beyond permitted time, by pid (legacy forced crash reports
  /// name the process only).
  var beyondPermitted: [Int: [ProcessAssertion]] = [:]
  /// The role the last acquired launch assertion granted, by bundle id and assertion name.
  var launchRoles: [String: String] = [:]
  /// The memory limit the kernel last reported exceeded, by pid.
  var exceededLimits: [Int: String] = [:]
  /// The limit of the kernel's last `memorystatus: exceeded mem limit:` line that names no process, until
  /// the next kill line.
  var namelessLimit: String? = nil
  /// The watchdog FrontBoard said it ignores for a pid, and why (`process is being debugged`).
  var ignoredWatchdogs: [Int: (name: String, reason: String)] = [:]
  /// The pids assertiond already found gone (`… No such process`): one event per process.
  var gonePIDs: Set<Int> = []
  /// FrontBoard said a process exited without naming it (`Process exited:  ->  { … }`): the next
  /// assertiond `[Name:pid] Deleted launchd job …` names it.
  var unnamedExitPending = false
  /// The pids whose FrontBoard workspace was invalidated, for the removal line after it.
  var invalidatedWorkspaces: Set<Int> = []
  /// The pid of a process named without one in its `… has active assertions beyond permitted time` line,
  /// read from its assertions' `process: Name[pid]`, by name (the forced crash report after it names the
  /// process only: `Forcing crash report of <app>...`).
  var beyondPermittedNames: [String: Int] = [:]
  /// What limit a process was last found over (`exceeded 15 wakes in 300 sec`), by pid, for the forced
  /// crash report that follows.
  var exceededLimitsByPID: [Int: String] = [:]
  /// The WebKit helper processes already reported ended: one event per process, whatever the number of
  /// lines WebKit writes about it.
  var endedHelperPIDs: Set<Int> = []
  /// UIKit's background task names by identifier, from its `used by background task with identifier 81: …
  /// taskName = X` bookkeeping line, for the `Will invalidate assertion … for task identifier: 81` after it.
  var uikitTaskNames: [Int: String] = [:]
  /// The process state a daemon last reported for a pid (`running-suspended-NotVisible`).
  var reportedStates: [Int: String] = [:]
  /// The app whose own `submitTaskRequest: <BG…Request: ID, …>` line named a BGTaskScheduler identifier, by
  /// identifier: dasd's lines about the activity (`bgProcessing-ID:200A93`) name the identifier only.
  var bgTaskRequesters: [String: AppSubject] = [:]
  /// The apps (bundle in SpringBoard's brackets) whose last push received was content-available, until
  /// SpringBoard's `Request DUET delivers content-available push` line for it.
  var contentAvailablePushes: Set<String> = []
  /// The task (`background task 5 "name"`) of a headerless record that was the first part of UIKit's 30-second
  /// warning hard-wrapped before `was created over 30 seconds ago`, for the next record.
  var wrappedTask: String? = nil
  /// launchd's last word on an app job's end (`Service exited with abnormal code: 1`), by the job's bundle or
  /// name, with its pid: SpringBoard's `Application '…' exited voluntarily.` after it names no pid.
  var launchdJobExits: [String: (pid: Int?, detail: String)] = [:]
  /// The apps (bundle) runningboardd last calculated the state `none (role: None)` for, until their XPC
  /// connection is invalidated (``RunningBoardProcessEndRecognizers``).
  var noneStates: Set<String> = []
  /// The task identifiers of `Simulating launch for task with identifier X` lines, until the `Starting simulated
  /// task: <BG…: X>` of the same launch.
  var simulatedLaunches: Set<String> = []
  /// The last termination request runningboardd received for an app (its detail), by bundle, for its
  /// `terminate_with_reason() success` of the app's process.
  var terminationRequests: [String: String] = [:]
  /// What the lines about an app's failed launch said before its end (launchd: `Program specified by service does
  /// not contain one of the requested architectures`, SpringBoard: `Bootstrapping failed for …`), with the job's
  /// pid, by bundle: SpringBoard's `Application '…' exited for an unknown reason.` after them names no pid.
  var launchFailures: [String: (pid: Int?, notes: [String])] = [:]
  /// The app (bundle or name) SpringBoard's `Application '…' was killed by jetsam.` last reported, until its
  /// either-or `… Pending auto-relaunch of '<FBApplicationProcess…>'` line, which then adds no second kill.
  var springBoardJetsamKill: String? = nil
  /// Who a pid is, from a line that names the process with its pid and gives no event (SpringBoard's
  /// `[anon<testmanagerd>:354] Now flagged as pending exit …`): an event that knows its process by pid only is filed
  /// under it (``TimelineBuilder``). The latest word wins. (A record's header is not read for this: most records
  /// are passed over on bytes before any recogniser sees them.)
  var namedPIDs: [Int: AppSubject] = [:]

  mutating func bound() {
    if beyondPermitted.count > 1_000 { beyondPermitted.removeAll() }
    if launchRoles.count > 1_000 { launchRoles.removeAll() }
    if exceededLimits.count > 1_000 { exceededLimits.removeAll() }
    if gonePIDs.count > 1_000 { gonePIDs.removeAll() }
    if ignoredWatchdogs.count > 1_000 { ignoredWatchdogs.removeAll() }
    if invalidatedWorkspaces.count > 1_000 { invalidatedWorkspaces.removeAll() }
    if beyondPermittedNames.count > 1_000 { beyondPermittedNames.removeAll() }
    if exceededLimitsByPID.count > 1_000 { exceededLimitsByPID.removeAll() }
    if endedHelperPIDs.count > 1_000 { endedHelperPIDs.removeAll() }
    if uikitTaskNames.count > 1_000 { uikitTaskNames.removeAll() }
    if reportedStates.count > 1_000 { reportedStates.removeAll() }
    if bgTaskRequesters.count > 1_000 { bgTaskRequesters.removeAll() }
    if contentAvailablePushes.count > 1_000 { contentAvailablePushes.removeAll() }
    if launchdJobExits.count > 1_000 { launchdJobExits.removeAll() }
    if noneStates.count > 1_000 { noneStates.removeAll() }
    if simulatedLaunches.count > 1_000 { simulatedLaunches.removeAll() }
    if terminationRequests.count > 1_000 { terminationRequests.removeAll() }
    if launchFailures.count > 1_000 { launchFailures.removeAll() }
    if namedPIDs.count > 4_096 { namedPIDs.removeAll() }
  }
}

/// Every message-first recogniser, by era and writer, and the prefilter over their anchors.
enum MessageRecognizers {
  static let all: [MessageRecognizer] =
    AssertiondLimitRecognizers.all + LegacySpringBoardRecognizers.all + AssertiondRecognizers.all
    + RunningBoardRecognizers.all
    + KernelJetsamRecognizers.all + UIKitBackgroundTaskRecognizers.all + BackgroundTaskSchedulerRecognizers.all
    + URLSessionRecognizers.all + URLSessionCreationRecognizers.all + FrontBoardWatchdogRecognizers.all
    + DasdRecognizers.all
    + XcodeDebuggerRecognizers.all + AssertionRefusalRecognizers.all + ProcessEndRecognizers.all
    + LocationdRecognizers.all
    + WebKitProcessRecognizers.all + ResourceLimitRecognizers.all + DasdActivityRecognizers.all
    + UIKitTaskBookkeepingRecognizers.all + ProcessStateUpdateRecognizers.all + RunningBoardTerminationRecognizers.all
    + PushKitRecognizers.all + LockedFileRecognizers.all + ReportCrashRecognizers.all + SymptomsdRecognizers.all
    + SpringBoardPushRecognizers.all + AnalyticsdRecognizers.all + SpringBoardAudioRecognizers.all
    + UncaughtExceptionRecognizers.all + RunningBoardProcessEndRecognizers.all + ProcessIdentityRecognizers.all
    + SpringBoardExitHandlerRecognizers.all + UIKitMemoryWarningRecognizers.all

  /// One scanner per 64 recognisers (a group mask holds 64 bits): scanner `k` holds the anchors of
  /// recognisers `64k..<64k + 64`, the group bit of an anchor being its recogniser's index less `64k`.
  /// Only the records the filter keeps are scanned here, so a second scanner costs little.
  static let scanners = scanners(forAnchorsOf: all.map(\.anchors))

  /// The scanners for recognisers with these anchors (see ``scanners``).
  static func scanners(forAnchorsOf recognizers: [[String]]) -> [MessageAnchorScanner] {
    stride(from: 0, to: recognizers.count, by: 64).map { first in
      var anchors: [(text: String, group: UInt64)] = []
      for index in first..<min(first + 64, recognizers.count) {
        for anchor in recognizers[index] { anchors.append((anchor, 1 << UInt64(index - first))) }
      }
      return MessageAnchorScanner(anchors)
    }
  }

  /// The recognisers whose anchor `message` holds, by index in ``all``, in order.
  static func selected(in message: Substring, scanners: [MessageAnchorScanner] = scanners) -> [Int] {
    var indices: [Int] = []
    for (chunk, scanner) in scanners.enumerated() {
      var selected = scanner.groups(in: message)
      while selected != 0 {
        indices.append(chunk * 64 + selected.trailingZeroBitCount)
        selected &= selected - 1
      }
    }
    return indices
  }

  /// The record filter's scan: every recogniser's anchors and the words of the writers
  /// ``TimelineEventRecognizer`` reads by process, so a record with any of them is built whatever its
  /// process column says.
  static let filterScanner: MessageAnchorScanner = {
    var anchors: [(text: String, group: UInt64)] = []
    for recognizer in all { for anchor in recognizer.anchors { anchors.append((anchor, 1)) } }
    for anchor in TimelineEventRecognizer.writerAnchors { anchors.append((anchor, 2)) }
    return MessageAnchorScanner(anchors)
  }()

  /// The events every recogniser whose anchor `message` holds reads from it.
  static func read(_ message: Substring, header: MessageHeader, state: inout MessageRecognizerState) -> [MessageEvent] {
    let selected = selected(in: message)
    guard !selected.isEmpty else { return [] }
    var events: [MessageEvent] = []
    for index in selected { events += all[index].read(message, header, &state) }
    state.bound()
    return events
  }
}

// MARK: - Finding the subject in the message

enum MessageSubject {
  /// `Name[pid]` at `range`'s start, e.g. `BG[21017] has active …` → (name BG, pid 21017).
  static func namePID(_ text: Substring) -> AppSubject? {
    guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return nil }
    let name = text[..<open]
    guard !name.isEmpty, !name.contains(" "), let pid = Int(text[text.index(after: open)..<close]) else {
      return nil
    }
    return AppSubject(name: String(name), pid: pid)
  }

  /// `<BKNewProcess: 0x…; com.x; pid: 3445; …>` / `<BKProcess: 0x…; name; com.x; pid: 867; …>`: the
  /// bundle id (the field with a dot), the name (a field without one, after the address) and the pid.
  static func bkProcess(_ text: Substring) -> AppSubject? {
    guard let start = TimelineEventRecognizer.range(of: "Process: 0x", in: text)?.upperBound else { return nil }
    let rest = text[start...]
    let end = rest.firstIndex(of: ">") ?? rest.endIndex
    var subject = AppSubject()
    for field in rest[..<end].split(separator: ";").dropFirst() {
      let value = TimelineEventRecognizer.trimmingBlanks(field)
      if value.hasPrefix("pid: ") {
        subject.pid = Int(value.dropFirst(5))
      } else if value.contains(":") || value.isEmpty || value.hasPrefix("<") {
        continue
      } else if value.contains(".") {
        if subject.bundle == nil { subject.bundle = String(value) }
      } else if subject.name == nil {
        subject.name = String(value)
      }
    }
    return subject.isEmpty ? nil : subject
  }

  /// Whether `text` is a BSD syslog header left before a message when no layout was found (a paste's `**` or `>`
  /// in front: layerhq/Atlas-iOS #1195): an optional device word, the sender `name[pid]` (a library in
  /// parentheses allowed) and, with `colon`, ` <Level>:` or `:` after it. Prose (more words, a backtick) is not.
  static func isSyslogHead(_ text: Substring, colon: Bool) -> Bool {
    var words = text.split(separator: " ").map { Substring($0) }
    if let first = words.first {
      let bare = first.drop(while: { $0 == "*" || $0 == ">" })
      if bare.isEmpty { words.removeFirst() } else { words[0] = bare }
    }
    if colon {
      guard let last = words.last else { return false }
      if last.hasPrefix("<"), last.hasSuffix(">:"), last.count <= 14 {
        words.removeLast()
      } else if last.hasSuffix("]:") {
        words[words.count - 1] = last.dropLast()
      } else {
        return false
      }
    }
    guard (1...2).contains(words.count), let sender = words.last, sender.hasSuffix("]"),
      let open = sender.lastIndex(of: "["), open > sender.startIndex
    else { return false }
    let digits = sender[sender.index(after: open)..<sender.index(before: sender.endIndex)]
    func plain(_ character: Character) -> Bool {
      character.isASCII && (character.isLetter || character.isNumber || "._-()".contains(character))
    }
    return !digits.isEmpty && digits.count <= 10 && digits.allSatisfy { $0.isASCII && $0.isNumber }
      && sender[..<open].allSatisfy(plain) && words.dropLast().allSatisfy { $0.allSatisfy(plain) }
  }

  /// UIKit's task names `Called by X, from -[…]`: the binary whose code began the task (the app's own,
  /// or a framework's such as an SDK's), so never taken for the app; `UIKit` gives nil.
  static func calledBy(_ text: Substring) -> String? {
    guard let name = TimelineEventRecognizer.text(after: "Called by ", in: text, until: [",", "\"", "\n"]) else {
      return nil
    }
    return name == "UIKit" ? nil : name
  }
}
