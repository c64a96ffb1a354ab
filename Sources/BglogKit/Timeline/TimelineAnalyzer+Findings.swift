extension TimelineAnalyzer {
  /// Every finding the events support, most certain first, in time order within a confidence.
  func findings(_ timeline: AppTimeline) -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    findings += backgroundTimeFindings()
    if let finding = sameCallSiteNeverEnded() { findings.append(finding) }
    findings += backgroundAssertionTimeouts()
    if !findings.contains(where: { $0.kind == .leakedBackgroundTask }) {
      findings += createdOver30SecondsNotEnded()
    }
    if let finding = rateLimiter(timeline.wakeups) { findings.append(finding) }
    if let finding = stoppedWaking(timeline) { findings.append(finding) }
    if let finding = cancelledAtOnce() { findings.append(finding) }
    findings += kills()
    findings += watchdogKills()
    findings += sigpipeEnds()
    findings += diskSpaceReclaimKills()
    findings += cpuLimitTriggers()
    if let finding = forceQuitCancellations() { findings.append(finding) }
    findings += bgTaskRequestsNotScheduled()
    findings += refusedTaskRequests()
    findings += bgTaskRegistrationCrashes()
    if let finding = urlTaskNotCompleted() { findings.append(finding) }
    return findings.enumerated().sorted {
      $0.element.confidence != $1.element.confidence
        ? $0.element.confidence > $1.element.confidence
        : $0.offset < $1.offset
    }.map(\.element)
  }

  func evidence(_ list: [TimelineEvent]) -> [TimelineFinding.Evidence] {
    var seen = Set<Int>()
    let all = list.flatMap { [TimelineFinding.Evidence(line: $0.line, text: $0.text)] + $0.alsoShownBy }
    return all.sorted { $0.line < $1.line }.filter { seen.insert($0.line).inserted }
  }

  func time(_ event: TimelineEvent) -> String {
    event.timestamp?.timeOfDayText ?? "line \(event.line)"
  }

  private func seconds(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? "\(Int(saturating: rounded)) s" : "\(rounded) s"
  }

  /// Forced crash reports and UIKit's "still not ended" warnings: leaked background tasks, or a
  /// handleEvents completion handler that was never called.
  private func backgroundTimeFindings() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    var explainedPIDs = Set<Int>()
    for (index, crash) in events.enumerated()
    where crash.kind == .crashed && crash.detail.hasPrefix("forced crash") {
      let before = events[..<index].filter {
        $0.pid == crash.pid && (crash.clock ?? 0) - ($0.clock ?? 0) <= 600
      }
      let relaunch = events[..<index].last {
        $0.kind == .relaunchedInBackground && $0.pid == crash.pid
      }
      let timer = before.last { $0.kind == .permissionTimer }
      let warnings = before.filter { $0.kind == .expiryWarning }
      let acquired = before.filter { $0.kind == .assertionAcquired || $0.kind == .assertionChanged }
      let listed = before.filter { $0.kind == .expiryWarning }.flatMap(\.namedAssertions)
      let held = crash.namedAssertions + acquired.compactMap(\.assertion) + listed
      let session = held.filter {
        $0.purpose == .backgroundSessionEvents || $0.reason == "finishTaskAfterBackgroundDownload"
      }
      if let pid = crash.pid { explainedPIDs.insert(pid) }
      let pidText = crash.pid.map { "pid \($0)" } ?? "the app"
      if let relaunch, !session.isEmpty {
        let assertions = session.map { TimelineEventRecognizer.describe($0) }.joined(
          separator: " then ")
        var lived = ""
        if let a = relaunch.clock, let b = crash.clock {
          lived = " \(seconds(b - a)) after the relaunch"
        }
        findings.append(
          TimelineFinding(
            kind: .completionHandlerNotCalled, confidence: .high,
            summary:
              "\(pidText) was relaunched in the background at \(time(relaunch)) to handle URL session events, "
              + "held \(assertions), and was killed at \(time(crash))\(lived): the "
              + "handleEventsForBackgroundURLSession completion handler was never called.",
            advice:
              "Keep the completion handler from application(_:handleEventsForBackgroundURLSession:"
              + "completionHandler:) and call it on the main queue from urlSessionDidFinishEvents(forBackgroundURLSession:).",
            evidence: evidence([relaunch] + acquired + warnings + [crash])))
        continue
      }
      guard
        timer != nil || !warnings.isEmpty || held.contains(where: { $0.purpose == .backgroundTask })
      else {
        continue
      }
      var steps: [String] = []
      if let timer { steps.append("permission timer at \(time(timer))") }
      if let warning = warnings.last {
        let what =
          warning.detail.hasPrefix("assertions held beyond permitted time")
          ? "assertions listed as held beyond permitted time" : "expiration warning"
        steps.append("\(what) at \(time(warning))")
      }
      steps.append("forced crash report at \(time(crash))")
      var summary =
        "Background time ran out for \(pidText): " + steps.joined(separator: " → ")
        + " (the crash report should show 0x8badf00d with the main thread idle in its run loop)."
      var confidence = TimelineFinding.Confidence.medium
      var seenNames = Set<String>()
      let suspension = held.filter { $0.reason == "suspend" && seenNames.insert($0.name ?? "").inserted }
      if !suspension.isEmpty, !held.contains(where: { $0.purpose != .other }) {
        // iOS 4–6: the system's own `Suspending process` assertion, not one the app began.
        let named = suspension.map { TimelineEventRecognizer.describe($0) }.joined(separator: ", ")
        let owner = suspension.compactMap(\.owner).first.map { " owned by \($0)" } ?? ""
        findings.append(
          TimelineFinding(
            kind: .suspensionOverrun, confidence: crash.clock == nil ? .medium : .high,
            summary:
              "\(pidText) did not finish suspending in time: " + steps.joined(separator: " → ")
              + ". The assertion held was the system's own suspension assertion \(named)\(owner), not a "
              + "background task the app began: the app was still running when its suspension window ran out."
              + (crash.clock == nil ? Self.orderOnly : ""),
            advice:
              "Return from applicationDidEnterBackground quickly; wrap longer work in beginBackgroundTask / "
              + "endBackgroundTask.",
            evidence: evidence([timer].compactMap { $0 } + warnings + [crash])))
        continue
      }
      if held.contains(where: {
        $0.purpose == .backgroundTask && $0.reason != "finishTaskAfterBackgroundDownload"
      }) {
        // Without times, "before the crash" is the order of the lines: one step less certain.
        confidence = crash.clock == nil && crash.namedAssertions.isEmpty ? .medium : .high
        summary += " A background task was still held."
      } else if let named = crash.namedAssertions.first(where: {
        $0.purpose == .backgroundSessionEvents
      }), !crash.namedAssertions.contains(where: { $0.purpose == .backgroundTask }) {
        // The same rule as `bglog diagnose`: when the only assertion held past its time is
        // nsurlsessiond's, the app never called the handleEvents completion handler.
        findings.append(
          TimelineFinding(
            kind: .completionHandlerNotCalled, confidence: .medium,
            summary:
              "Background time ran out for \(pidText): " + steps.joined(separator: " → ")
              + ". The only assertion still held was \(TimelineEventRecognizer.describe(named))"
              + (named.owner.map { " owned by \($0)" } ?? "")
              + ": nsurlsessiond was waiting for the handleEventsForBackgroundURLSession completion handler, which "
              + "was never called (the crash report should show 0x8badf00d with the main thread idle).",
            advice:
              "Keep the completion handler from application(_:handleEventsForBackgroundURLSession:"
              + "completionHandler:) and call it on the main queue from urlSessionDidFinishEvents(forBackgroundURLSession:).",
            evidence: evidence([timer].compactMap { $0 } + warnings + [crash])))
        continue
      } else if held.isEmpty {
        summary += " The log does not name the assertion that was held."
      } else {
        summary +=
          " The assertions named (" + held.map { TimelineEventRecognizer.describe($0) }.joined(separator: ", ")
          + ") are not background tasks."
      }
      if crash.clock == nil { summary += Self.orderOnly }
      findings.append(
        TimelineFinding(
          kind: .leakedBackgroundTask, confidence: confidence, summary: summary,
          advice:
            "End every beginBackgroundTask with endBackgroundTask, in the expiration handler too; "
            + "if the crash report's main thread is blocked rather than idle, it is a hang instead.",
          evidence: evidence([timer].compactMap { $0 } + warnings + [crash])))
    }
    // UIKit's own complaint, when no forced crash report explained it.
    let complaints = events.filter {
      $0.kind == .expiryWarning && $0.detail.contains("still not ended")
        && !explainedPIDs.contains($0.pid ?? -1)
    }
    let launchNote = UIKitBackgroundTaskRecognizers.uikitLaunchTaskNote
    let appsOwn = complaints.filter { !$0.detail.contains(launchNote) }
    if let first = appsOwn.first {
      findings.append(
        TimelineFinding(
          kind: .leakedBackgroundTask, confidence: .high,
          summary:
            "UIKit reports a background task still not ended after its expiration handler ran "
            + "(\(time(first))): the app will be killed when background time runs out."
            + (first.detail.contains("(0 s after it began")
              ? " Its expiration handler ran less than a second after the task began (`elapsed = 0`): there was no "
                + "background time left when it was begun." : "")
            + (first.clock == nil ? " (The line has no time; the finding does not need one.)" : ""),
          advice: "Call endBackgroundTask in every path, including the expiration handler.",
          evidence: evidence(complaints)))
    } else if let first = complaints.first {
      // Only UIKit's own launch task: no endBackgroundTask of the app's is missing. The kill risk UIKit
      // states stands; what caused it (no background time at launch) is an inference from `elapsed`.
      let atOnce = first.detail.contains("(0 s after it began")
      findings.append(
        TimelineFinding(
          kind: .leakedBackgroundTask, confidence: .medium,
          summary:
            "UIKit reports its own launch task (\"\(UIKitBackgroundTaskRecognizers.uikitLaunchTaskName)\", which "
            + "UIKit begins when the app launches and ends itself; the app never began it) still not ended after "
            + "its expiration handler ran (\(time(first))). UIKit's line says the app will likely be terminated."
            + (atOnce
              ? " `elapsed = 0`: its expiration handler ran less than a second after UIKit began it, so the app had "
                + "no background time left at launch (it was launched in, or sent to, the background without any)."
              : "")
            + (first.clock == nil ? " (The line has no time; the finding does not need one.)" : ""),
          advice:
            "No endBackgroundTask of yours is missing: your code did not begin this task. Find why the app "
            + "launched without background time (a launch in the background, or the app leaving the foreground "
            + "during launch), and keep launch work short and off the main thread so that UIKit can end its launch "
            + "task itself.",
          evidence: evidence(complaints)))
    }
    // UIKit's own word that the handleEvents completion handler was never called, when no forced crash
    // report already gave the finding: the line is the evidence and needs no time. Medium when the line
    // has no time or no header naming the app, as the app and when it happened are then unknown.
    let fetchDetails = UIKitBackgroundTaskRecognizers.fetchDelegateDetails.map(\.detail)
    let handleEvents = events.filter { $0.kind == .completionHandlerWarning && !fetchDetails.contains($0.detail) }
    if !findings.contains(where: { $0.kind == .completionHandlerNotCalled }), let first = handleEvents.first {
      let warnings = handleEvents
      let named = !first.lane.isEmpty
      var summary =
        "UIKit reports that the app delegate received application(_:handleEventsForBackgroundURLSession:"
        + "completionHandler:) but the completion handler was never called (\(time(first)))."
      if first.clock == nil || !named {
        summary +=
          " The line has " + (first.clock == nil ? "no time" : "a time") + " and "
          + (named ? "names the app" : "does not name the app") + "; the finding rests on its words alone."
      }
      findings.append(
        TimelineFinding(
          kind: .completionHandlerNotCalled, confidence: first.clock != nil && named ? .high : .medium,
          summary: summary,
          advice:
            "Keep the completion handler from application(_:handleEventsForBackgroundURLSession:"
            + "completionHandler:) and call it on the main queue from urlSessionDidFinishEvents(forBackgroundURLSession:).",
          evidence: evidence(warnings)))
    }
    if let finding = fetchCompletionNotCalled() { findings.append(finding) }
    return findings
  }

  /// UIKit's word that the `UIBackgroundFetchResult` completion handler of
  /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` or
  /// `application(_:performFetchWithCompletionHandler:)` was never called: the line is the evidence and needs
  /// no time (medium when the line has no time or names no app, as for the handleEvents warning). Says what
  /// Apple's documentation says of the method, not what happened next: the log shows that only when it has
  /// the process's end.
  private func fetchCompletionNotCalled() -> TimelineFinding? {
    let remote = UIKitBackgroundTaskRecognizers.remoteNotificationDetail
    let fetchDetails = UIKitBackgroundTaskRecognizers.fetchDelegateDetails.map(\.detail)
    let warnings = events.filter { $0.kind == .completionHandlerWarning && fetchDetails.contains($0.detail) }
    guard let first = warnings.first else { return nil }
    let named = !first.lane.isEmpty
    var summary: String
    if first.detail == remote {
      summary =
        "UIKit reports that the app delegate received application(_:didReceiveRemoteNotification:"
        + "fetchCompletionHandler:) but the completion handler was never called (\(time(first))). Apple's "
        + "documentation says the app must call it as soon as it finishes processing the notification (it has up "
        + "to 30 seconds) or the app will be terminated, and that apps using significant power to process remote "
        + "notifications may not always be woken early for later ones."
    } else {
      summary =
        "UIKit reports that the app delegate received application(_:performFetchWithCompletionHandler:) (a "
        + "background fetch) but the completion handler was never called (\(time(first))). Apple's documentation "
        + "says the app must call it, and as soon as possible."
    }
    if warnings.contains(where: { $0.detail != first.detail }) {
      summary += " The log has the same warning for the other fetch method too."
    }
    if let index = events.firstIndex(of: first),
      let end = events[(index + 1)...].first(where: {
        ($0.kind == .killed || $0.kind == .crashed) && ($0.pid == nil || first.pid == nil || $0.pid == first.pid)
      })
    {
      summary += " The process then ended (\(end.kind.rawValue), \(time(end)))."
    }
    if first.clock == nil || !named {
      summary +=
        " The line has " + (first.clock == nil ? "no time" : "a time") + " and "
        + (named ? "names the app" : "does not name the app") + "; the finding rests on its words alone."
    }
    return TimelineFinding(
      kind: .fetchCompletionNotCalled, confidence: first.clock != nil && named ? .high : .medium,
      summary: summary,
      advice:
        "Call the completion handler UIKit passed to the delegate method on every path, once, when the work it "
        + "started is done (or has failed), with the UIBackgroundFetchResult that describes it; when a library (a "
        + "push or background-fetch SDK) receives the call, check that it calls the handler.",
      evidence: evidence(warnings))
  }

  /// ≥ 3 wakeups whose gaps grow, with a small constant number of markers each time.
  private func rateLimiter(_ wakeups: [AppTimeline.Wakeup]) -> TimelineFinding? {
    guard wakeups.count >= 3 else { return nil }
    let gaps = wakeups.compactMap(\.gapSeconds)
    guard gaps.count >= 2, let firstGap = gaps.first, let lastGap = gaps.last else { return nil }
    let increases = zip(gaps, gaps.dropFirst()).filter { $1 > $0 }.count
    let growing = lastGap > firstGap && Double(increases) >= Double(gaps.count - 1) * 2 / 3
    guard growing else { return nil }
    var constant: (name: String, count: Int)?
    let names = Set(wakeups.flatMap { $0.markerCounts.map(\.name) })
    for name in names.sorted() {
      let counts = wakeups.map { wakeup in wakeup.markerCounts.first { $0.name == name }?.count ?? 0
      }
      if let low = counts.min(), let high = counts.max(), low >= 1, high <= 16, high - low <= 1 {
        constant = (name, counts.sorted()[counts.count / 2])
        break
      }
    }
    let gapText = gaps.map { seconds($0) }.joined(separator: " → ")
    let wakeupEvents = events.filter { event in wakeups.contains { $0.line == event.line } }
    if let constant {
      return TimelineFinding(
        kind: .rateLimiter, confidence: .high,
        summary:
          "\(wakeups.count) background wakeups with growing gaps (\(gapText)), each adding about "
          + "\(constant.count) '\(constant.name)' markers: the background download rate limiter delays each "
          + "task started from the background a little more at every wakeup.",
        advice:
          "Enqueue all download tasks at once in one background session and cap concurrency with "
          + "HTTPMaximumConnectionsPerHost, instead of adding a few tasks per wakeup.",
        evidence: evidence(wakeupEvents))
    }
    return TimelineFinding(
      kind: .rateLimiter, confidence: names.isEmpty ? .low : .medium,
      summary:
        "\(wakeups.count) background wakeups with growing gaps (\(gapText)); this looks like the background "
        + "download rate limiter, but "
        + (names.isEmpty
          ? "no --mark counts show how many tasks each wakeup added."
          : "the marker counts per wakeup are not constant."),
      advice:
        "Count the tasks the app adds per wakeup with --mark; enqueue them all at once if it is a few each time.",
      evidence: evidence(wakeupEvents))
  }

  /// After ≥ 2 wakeups, the app goes quiet while the log carries on for much longer than the last gap.
  private func stoppedWaking(_ timeline: AppTimeline) -> TimelineFinding? {
    guard timeline.wakeups.count >= 2, let last = events.last, let lastClock = last.clock,
      let logEnd
    else {
      return nil
    }
    let lastGap = timeline.wakeups.last?.gapSeconds ?? 0
    let silence = logEnd - lastClock
    guard silence > max(2 * lastGap, 600) else { return nil }
    var offset = ""
    if let value = timeline.offset(of: last) { offset = " (+\(seconds(value)))" }
    return TimelineFinding(
      kind: .stoppedWaking, confidence: .medium,
      summary:
        "The system stopped waking the app: nothing after \(time(last))\(offset), while the log goes on "
        + "for \(seconds(silence)) more. Either all work was done or the rate limiter gave up; the log alone cannot tell.",
      advice: nil,
      evidence: evidence([last]))
  }

  /// nsurlsessiond connections cancelled within 5 s of starting.
  private func cancelledAtOnce() -> TimelineFinding? {
    var pairs: [(TimelineEvent, TimelineEvent)] = []
    for (index, cancel) in events.enumerated() where cancel.kind == .transferCancelled {
      let connection = cancel.detail.prefix(while: { $0 != " " })
      if let start = events[..<index].last(where: {
        $0.kind == .transferStarted && $0.detail.prefix(while: { $0 != " " }) == connection
      }), let a = start.clock, let b = cancel.clock, b - a <= 5 {
        pairs.append((start, cancel))
      }
    }
    guard let (start, cancel) = pairs.first else { return nil }
    let connection = start.detail.prefix(while: { $0 != " " })
    let gap = (cancel.clock ?? 0) - (start.clock ?? 0)
    let more = pairs.count > 1 ? " (\(pairs.count) connections in all)" : ""
    return TimelineFinding(
      kind: .transferCancelledImmediately, confidence: .medium,
      summary:
        "nsurlsessiond started connection \(connection) at \(time(start)) and cancelled it \(seconds(gap)) "
        + "later\(more); the log does not say why.",
      advice: nil,
      evidence: evidence(pairs.flatMap { [$0.0, $0.1] }))
  }

  /// Jetsam kills in the background and force quits.
  private func kills() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    let background = events.first { $0.kind == .enteredBackground }?.clock
    for kill in events where kill.kind == .killed {
      // RunningBoard's assertion time-out: its own finding (``backgroundAssertionTimeouts()``), whatever its words.
      if kill.detail.contains(RunningBoardExitContext.assertionTimeoutNote) { continue }
      if kill.detail.contains(KernelJetsamRecognizers.daemonNote) {
        // A launchd daemon: its limits are not an app's, and no app lifecycle applies.
        let limit = Self.memoryLimit(kill.detail)
        findings.append(
          TimelineFinding(
            kind: .memoryLimitKill, confidence: .high,
            summary:
              "A daemon, not an app, was killed at \(time(kill)): the kernel killed it at its memory limit"
              + (limit.map { " (\($0.text))" } ?? "") + " and gives its type as daemon (a launchd daemon)."
              + (limit?.inactive == true
                ? " For a daemon the inactive limit is the one it has while idle, not an app's background limit."
                : ""),
            advice:
              "Nothing in an app's lifecycle causes this. A daemon you ship: lower its peak footprint below the "
              + "limit. A system daemon killed again and again: report it to Apple with a sysdiagnose.",
            evidence: evidence([kill])))
      } else if let limit = Self.memoryLimit(kill.detail), !limit.inactive {
        // The limit from a line that names no process is joined by order alone: high only when the kill
        // line's own footprint is at that limit too.
        let nameless = kill.detail.contains(KernelJetsamRecognizers.namelessLimitNote)
        let footprint = kill.detail.contains(KernelJetsamRecognizers.footprintNote)
        let join =
          nameless
          ? " The limit line names no process: it is read with this kill because it is the kernel's line just "
            + "before it" + (footprint ? ", and the kill line's footprint is at or over that limit." : ".")
          : ""
        findings.append(
          citingMemoryWarning(
            TimelineFinding(
              kind: .memoryLimitKill, confidence: limit.active && (!nameless || footprint) ? .high : .medium,
              summary: (limit.active
                ? "Killed at \(time(kill)) for exceeding its memory limit (\(limit.text)): "
                : "Exceeded its memory limit (\(limit.text)) at \(time(kill)): ")
                + (limit.active
                  ? "the limit that applies while the process is active (in the foreground, or an extension at "
                    + "work), so not a background kill."
                  : "the line does not say whether the active or the background limit. Outside the debugger the "
                    + "process is killed for it; under the debugger (Xcode's stop reason) it is stopped there.")
                + join,
              advice:
                "Lower the process's peak footprint below the limit named (extensions have far smaller limits than "
                + "apps).",
              evidence: evidence([kill])), kill))
      } else if kill.detail.contains("jetsam") || Self.memoryLimit(kill.detail)?.inactive == true {
        let inactive = Self.memoryLimit(kill.detail)?.inactive == true
        let inBackground = background.map { (kill.clock ?? 0) >= $0 } ?? false
        guard shownToBeAnApp(kill) else {
          findings.append(jetsamOfAProcessNotShownToBeAnApp(kill, inactive: inactive))
          continue
        }
        guard inBackground || inactive else {
          findings.append(citingMemoryWarning(jetsamNotShownInBackground(kill), kill))
          continue
        }
        findings.append(
          citingMemoryWarning(
            TimelineFinding(
              kind: .jetsamInBackground, confidence: .high,
              summary: "Killed by jetsam at \(time(kill))"
                + (inBackground
                  ? " while in the background."
                  : " at its inactive memory limit, the limit that applies when the process is not active."),
              advice:
                "Lower memory use before suspension (free caches in applicationDidEnterBackground).",
              evidence: evidence([kill])), kill))
      } else if kill.detail.contains("force quit") {
        findings.append(
          TimelineFinding(
            kind: .forceQuit, confidence: .high,
            summary:
              "The user force-quit the app at \(time(kill)); this cancels its background URL session tasks.",
            advice: "Test background relaunch with exit() instead of force-quitting.",
            evidence: evidence([kill])))
      }
    }
    return findings
  }

  /// The kinds of event only an app's life gives (UIKit's background tasks, the background and launch
  /// transitions, assertiond's background permission timer): with one of them a process is an app.
  static let appOnlyKinds: Set<TimelineEvent.Kind> = [
    .enteredBackground, .backgroundTaskStarted, .backgroundTaskEnded, .relaunchedInBackground, .launched,
    .permissionTimer, .expiryWarning, .completionHandlerWarning, .bgTaskSubmitted, .bgTaskSimulatedLaunch,
    .memoryWarning,
  ]

  /// Whether the log shows the process `kill` ended to be an app, not a daemon or an agent: its lines give a bundle
  /// id (`UIKitApplication:com.x`, `application<com.x>`, `app<com.x>`, a BKProcess's), it is the app whose own
  /// console the log is (no process named: Xcode's), Xcode's debugger ended it, or it has an event only an app has
  /// (``appOnlyKinds``). The kernel's kill lines name a process `name[pid]` only: `duetexpertd`,
  /// `FamilyControlsAgent` and `amfidebilitate` (review s10b defect 9) are shown by nothing else to be apps, and
  /// were given app advice.
  private func shownToBeAnApp(_ kill: TimelineEvent) -> Bool {
    bundle != nil || name == AppSubject.unnamedAppName
      || kill.detail == XcodeDebuggerRecognizers.memoryIssueDetail
      || events.contains { Self.appOnlyKinds.contains($0.kind) }
  }

  /// A jetsam kill of a process the log does not show to be an app (``shownToBeAnApp(_:)``): `jetsam` at low, in
  /// words that fit a daemon or an agent as well as an app; no background claim and no UIKit advice.
  private func jetsamOfAProcessNotShownToBeAnApp(_ kill: TimelineEvent, inactive: Bool) -> TimelineFinding {
    let who = name ?? "the process"
    let limit = Self.memoryLimit(kill.detail).map { " (\($0.text))" } ?? ""
    let killed =
      inactive
      ? "Killed by jetsam at \(time(kill)) at its inactive memory limit\(limit). "
      : "Killed by jetsam (memory) at \(time(kill)). "
    let notShown =
      "Nothing in the log shows \(who) to be an app (no bundle id, no `UIKitApplication:`, `application<…>` or "
      + "`app<…>` name, no app lifecycle line): it may be a daemon or an agent, "
      + (inactive
        ? "for which the inactive limit is the one it has while idle, not an app's background limit."
        : "whose memory limits are not an app's.")
    return TimelineFinding(
      kind: .jetsam, confidence: .low,
      summary: killed + notShown,
      advice:
        "A daemon or agent you ship: lower its peak footprint below the limit. A system process killed again and "
        + "again: report it to Apple with a sysdiagnose. If it is your app, read the log with its own lines (a "
        + "device console with SpringBoard's or runningboardd's lines about it) to see whether it was in the "
        + "background.",
      evidence: evidence([kill]))
  }

  /// A jetsam kill the log does not show in the background (no entered-background record before it, no
  /// inactive limit named): `jetsam`, the kind `diagnose` gives a memory kill, which claims no background. Medium
  /// when the line says jetsam killed the app; low for SpringBoard's either-or (`Memory level is not normal or
  /// this app was killed by jetsam`), which does not say which.
  private func jetsamNotShownInBackground(_ kill: TimelineEvent) -> TimelineFinding {
    let eitherOr = kill.detail.hasPrefix(LegacySpringBoardRecognizers.pendingRelaunchDetail)
    let notShown =
      "the log does not show whether it was in the background or in the foreground (no entered-background "
      + "record before it, no inactive memory limit named)."
    return TimelineFinding(
      kind: .jetsam, confidence: eitherOr ? .low : .medium,
      summary: eitherOr
        ? "SpringBoard says at \(time(kill)) that memory was not normal or the app was killed by jetsam (it does "
          + "not say which), and that it will relaunch it; " + notShown
        : "Killed by jetsam (memory) at \(time(kill)); " + notShown,
      advice:
        "Measure the app's memory footprint where it peaks and lower it (the device's JetsamEvent report, in "
        + "Analytics Data, names the reason and the largest processes); if it was in the background, free caches "
        + "in applicationDidEnterBackground.",
      evidence: evidence([kill]))
  }

  /// The CPU usage trigger (symptomsd's or the crash reporter's `Received (FATAL) CPU usage trigger:` and
  /// the figures): the process went over its CPU limit. A trigger marked FATAL is the one the system ends
  /// the process for (react-native-webrtc #998 pasted it with the report that followed: `Event: cpu usage`,
  /// `Action taken: Process killed`); the log line itself does not show the end, so the finding is medium,
  /// and high only when the app's own end (not a helper's) is in the log after it. A trigger not marked
  /// FATAL is low: the line alone says the limit was passed, not what the system did.
  private func cpuLimitTriggers() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    for (index, trigger) in events.enumerated()
    where trigger.kind == .watchdogViolation && trigger.detail.hasPrefix(ResourceLimitRecognizers.cpuLimitDetail) {
      let fatal = trigger.detail.hasPrefix(ResourceLimitRecognizers.cpuLimitDetail + " (the trigger is marked FATAL)")
      let figures =
        trigger.detail.split(separator: ":", maxSplits: 1).dropFirst().first.map {
          " (" + $0.trimmingCharacters(in: .whitespaces) + ")"
        } ?? ""
      let who = trigger.pid.map { "pid \($0)" } ?? "The app"
      // symptomsd's `Fatal RESOURCE_NOTIFY trigger for` line right after it says the same limit again.
      let notify = events[(index + 1)...].prefix(8).first {
        $0.kind == .watchdogViolation && $0.detail.hasPrefix(ResourceLimitRecognizers.resourceNotifyDetail)
          && $0.pid == trigger.pid && ($0.clock ?? 0) - (trigger.clock ?? 0) <= 5
      }
      // symptomsd's `Reached limit of 5 RESOURCE_NOTIFY reports for Name. Disallow report.` just after it:
      // no CPU usage report is written for this trigger (the line names the process, not its pid).
      let disallowed = events[(index + 1)...].prefix(8).first {
        $0.kind == .watchdogViolation && $0.detail.hasPrefix(ResourceLimitRecognizers.reportDisallowedDetail)
          && ($0.pid == nil || $0.pid == trigger.pid) && ($0.clock ?? 0) - (trigger.clock ?? 0) <= 5
      }
      let end = events[(index + 1)...].first {
        [.killed, .crashed, .exited].contains($0.kind) && $0.pid != nil && $0.pid == trigger.pid
          && ($0.clock ?? 0) - (trigger.clock ?? 0) <= 60
      }
      let noReport =
        disallowed == nil
        ? ""
        : " symptomsd wrote no CPU usage report for this trigger: it had reached its limit of RESOURCE_NOTIFY "
          + "reports for the app (`Disallow report.`)."
      let summary: String
      if fatal {
        summary =
          "\(who) went over its CPU limit at \(time(trigger))\(figures) and the trigger is marked FATAL"
          + (notify?.detail.contains("marked Fatal") == true
            ? " (symptomsd's RESOURCE_NOTIFY line after it says Fatal too)" : "") + ": the "
          + "system ends a process for a fatal CPU limit (the CPU usage report written for such a trigger says "
          + "`Action taken: Process killed`)"
          + (end.map { "; the log shows the end at \(time($0))." }
            ?? "; the log does not show the end itself.") + noReport
      } else {
        summary =
          "\(who) went over its CPU limit at \(time(trigger))\(figures); the trigger is not marked FATAL, and the "
          + "line does not say what the system did." + noReport
      }
      // With no report written, the advice does not send the reader to one.
      let profileHow =
        disallowed == nil
        ? "(the CPU usage report's heaviest stack, or Instruments' Time Profiler with the app in the background)"
        : "(no CPU usage report was written for this trigger, so profile it: Instruments' Time Profiler with the "
          + "app in the background; reports of the earlier triggers symptomsd counted may still be on the device)"
      findings.append(
        TimelineFinding(
          kind: .cpuLimit, confidence: fatal ? (end == nil ? .medium : .high) : .low, summary: summary,
          advice:
            "Find what keeps the CPU busy \(profileHow) and stop or defer that work in the background: the limit is "
            + "CPU time over a window (the line names both), so spread or pause the work, or move it to a "
            + "BGProcessingTask.",
          evidence: evidence([trigger] + [notify, disallowed, end].compactMap { $0 })))
    }
    return findings
  }

  /// A background task CFNetwork cancelled with `NSURLErrorBackgroundTaskCancelledReasonKey=0`: the user
  /// force-quit the app (Apple's NSURLErrorCancelledReasonUserForceQuitApplication).
  func forceQuitCancellations() -> TimelineFinding? {
    let cancelled = events.filter { $0.kind == .urlTaskCompleted && $0.detail.hasSuffix("the user force-quit the app") }
    guard let first = cancelled.first else { return nil }
    let task = first.detail.split(separator: " ").dropFirst().first.map(String.init) ?? "a task"
    return TimelineFinding(
      kind: .forceQuit, confidence: .high,
      summary:
        "Background session task \(task) was cancelled (\(time(first))) because the user force-quit the app "
        + "(NSURLErrorBackgroundTaskCancelledReasonKey=0): a force quit cancels the app's background transfers.",
      advice: "Test background transfers by leaving the app or with exit(), not by force-quitting it.",
      evidence: evidence(cancelled))
  }

  /// The memory limit a kill's detail names: `exceeded mem limit: ActiveHard 50 MB (fatal)`
  /// (active), `InactiveHard …` (inactive), `EXC_RESOURCE RESOURCE_TYPE_MEMORY, limit=650 MB` (neither
  /// said); nil when it names none.
  static func memoryLimit(_ detail: String) -> (text: String, active: Bool, inactive: Bool)? {
    if let range = detail.range(of: "mem limit: ") ?? detail.range(of: "memory limit (EXC_RESOURCE): ") {
      let text = String(detail[range.upperBound...].prefix(while: { $0 != "," && $0 != ";" }))
      let word = text.prefix(while: { $0 != " " })
      return (text, word.hasPrefix("Active"), word.hasPrefix("Inactive"))
    }
    if let range = detail.range(of: "RESOURCE_TYPE_MEMORY, limit=") {
      return ("limit " + detail[range.upperBound...].prefix(while: { $0 != ")" && $0 != ";" }), false, false)
    }
    return nil
  }

  /// BackgroundTasks' own `No task request with identifier X has been scheduled`: the line says it; the
  /// simulated launch and any submit of the same identifier before it are evidence too. High when the
  /// line names the app (a header); the cause (identifier not permitted, never submitted, submit failed)
  /// is not in the log, so the summary lists what it usually is.
  private func bgTaskRequestsNotScheduled() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    var reported = Set<String>()
    for (index, missing) in events.enumerated() where missing.kind == .bgTaskNotScheduled {
      // `<decode: missing data>`: the log lost the identifier; a simulated launch just before names the
      // one that was tried (bhaval-patel/BackgroundTask #6), said as such.
      let undecoded = missing.detail.contains("could not decode")
      var identifier = undecoded ? "" : String(missing.detail.split(separator: " ").last ?? "")
      guard reported.insert(undecoded ? missing.detail : identifier).inserted else { continue }
      let before = events[..<index]
      let simulated = before.last {
        $0.kind == .bgTaskSimulatedLaunch
          && (undecoded || $0.detail.split(separator: " ").last.map(String.init) == identifier)
      }
      let submitted =
        undecoded
        ? nil
        : before.last {
          $0.kind == .bgTaskSubmitted
            && $0.detail.split(separator: " ").dropFirst().first.map(String.init) == identifier
        }
      if undecoded {
        identifier = "an identifier the log could not decode (<decode: missing data>"
        if let tried = simulated?.detail.split(separator: " ").last {
          identifier += "; the launch simulated just before it was for \(tried)"
        }
        identifier += ")"
      }
      let named = !missing.lane.isEmpty
      var summary = "BGTaskScheduler had no request scheduled for \(identifier) (\(time(missing)))"
      if let simulated { summary += " when a launch of it was simulated from the debugger (\(time(simulated)))" }
      summary += ", so its launch handler does not run."
      if let submitted {
        summary +=
          " A request for it was submitted at \(time(submitted)): it was no longer scheduled (it already ran, or "
          + "the submit failed)."
      } else {
        summary +=
          " The log shows no request submitted for it: usually the identifier is missing from "
          + "BGTaskSchedulerPermittedIdentifiers in Info.plist, or the request was never submitted."
      }
      if !named { summary += " The line does not name the app." }
      findings.append(
        TimelineFinding(
          kind: .bgTaskRequestNotScheduled, confidence: named ? .high : .medium, summary: summary,
          advice:
            "List the identifier under BGTaskSchedulerPermittedIdentifiers, register its handler at launch, submit a "
            + "request for it (log submit's error) and simulate the launch only after the submit succeeded.",
          evidence: evidence([simulated, submitted, missing].compactMap { $0 })))
    }
    return findings
  }

  /// The app's `*** Terminating app due to uncaught exception …` whose reason is one of BGTaskScheduler's own
  /// (``UncaughtExceptionRecognizers/bgTaskProblem(reason:)``): its background-task registration crashed it. High
  /// when the line names the app (the wording is the framework's, and the process ends on it), else medium.
  private func bgTaskRegistrationCrashes() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    for crash in events where crash.kind == .crashed {
      guard let reason = UncaughtExceptionRecognizers.reason(inDetail: crash.detail),
        let problem = UncaughtExceptionRecognizers.bgTaskProblem(reason: reason)
      else { continue }
      let who = crash.pid.map { "pid \($0)" } ?? "The app"
      var summary = "\(who) crashed at \(time(crash)) on BGTaskScheduler's uncaught NSInternalInconsistencyException: "
      let advice: String
      switch problem {
      case .registeredTwice(let identifier):
        summary +=
          "a launch handler for \(identifier) was registered a second time in the same process (often two SDKs, or "
          + "an SDK and the app, registering one identifier, or a registration that runs again)."
        advice =
          "Register each BGTaskScheduler identifier once per process, before application(_:didFinishLaunchingWithOptions:) "
          + "returns; when an SDK registers \(identifier) itself, do not register it again (or give each SDK its own "
          + "identifier)."
      case .noHandler(let identifier):
        summary +=
          "a request for \(identifier) was submitted while no launch handler for it was registered in the process "
          + "(BGTaskScheduler raises this for an identifier listed in BGTaskSchedulerPermittedIdentifiers)."
        advice =
          "Register a launch handler for every identifier in BGTaskSchedulerPermittedIdentifiers (\(identifier) "
          + "included) before application(_:didFinishLaunchingWithOptions:) returns, and before submitting any request "
          + "for it."
      case .registeredAfterLaunch:
        summary += "a launch handler was registered after the app had finished launching."
        advice =
          "Move every BGTaskScheduler.register call into application(_:didFinishLaunchingWithOptions:) (a SwiftUI "
          + "app: the App's init), synchronously, not in a view, a Task or a later callback."
      }
      let named = !crash.lane.isEmpty
      if !named { summary += " The line does not name the app." }
      findings.append(
        TimelineFinding(
          kind: .bgTaskRegistrationCrash, confidence: named ? .high : .medium, summary: summary, advice: advice,
          evidence: evidence([crash])))
    }
    return findings
  }

  /// A background session task nsurlsessiond created or resumed, with no completion of it later in the
  /// app's events. Low: the excerpt may end first; medium when the log runs on for over 10 minutes after
  /// it (the task waited that long at least). The last such task is the evidence.
  private func urlTaskNotCompleted() -> TimelineFinding? {
    func task(_ event: TimelineEvent) -> Substring? {
      event.detail.split(separator: " ").first { $0.hasPrefix("<") && $0.hasSuffix(">") }
    }
    var open: [Substring: [TimelineEvent]] = [:]
    var later: [Substring: TimelineEvent] = [:]
    var order: [Substring] = []
    for event in events {
      // Only URL-session events name a task: other events' details are not split (they are most events).
      switch event.kind {
      case .urlTaskCreated, .urlTaskResumed, .urlTaskCompleted, .urlSessionEvent: break
      default: continue
      }
      guard let name = task(event) else { continue }
      switch event.kind {
      case .urlTaskCreated, .urlTaskResumed:
        if open[name] == nil { order.append(name) }
        open[name, default: []].append(event)
      case .urlTaskCompleted:
        open[name] = nil
      case .urlSessionEvent:
        // nsurlsessiond's later word on an open task (`will begin`): the last thing the log shows of it.
        if open[name] != nil { later[name] = event }
      default:
        break
      }
    }
    let waiting = order.filter { open[$0] != nil }
    guard let name = waiting.last, var lines = open[name], let last = lines.last else { return nil }
    let resumed = lines.contains { $0.kind == .urlTaskResumed }
    var waited: Double?
    if let clock = (lines.last ?? last).clock, let logEnd { waited = logEnd - clock }
    let more = waiting.count > 1 ? " (\(waiting.count) tasks in all)" : ""
    var summary =
      "Background session task \(name) was \(resumed ? "resumed" : "created") (\(time(last))) and the log shows "
      + "nothing more of it: no completion, error or cancel\(more)."
    if let after = later[name], after.line > last.line {
      let said = after.detail.split(separator: " ").dropFirst(2).joined(separator: " ")
      summary =
        "Background session task \(name) was \(resumed ? "resumed" : "created") (\(time(last))), then \(said) "
        + "(\(time(after))), and the log shows no completion, error or cancel of it\(more)."
      lines.append(after)
    }
    if let waited, waited > 600 {
      summary += " The log goes on for \(seconds(waited)) after it: the task was still waiting to run."
    } else {
      summary += " The log may simply end before it finished" + (last.clock == nil ? "; its lines have no times." : ".")
    }
    return TimelineFinding(
      kind: .urlTaskNotCompleted, confidence: (waited ?? 0) > 600 ? .medium : .low, summary: summary,
      advice:
        "Capture a longer log; check the session's configuration (isDiscretionary, earliestBeginDate, cellular) "
        + "and the device's network and power state.",
      evidence: evidence(lines))
  }

  /// Said of findings whose events have no times: they rest on the order of the lines.
  static let orderOnly = " The lines have no times: this rests on their order in the log."

  /// UIKit's "was created over 30 seconds ago" for two or more tasks begun from the same call site
  /// (`Called by X, from …` or the same name), none of which the log shows ended: a new task at each
  /// backgrounding that is never ended. Needs only the lines, not their times.
  func sameCallSiteNeverEnded() -> TimelineFinding? {
    var byName: [String: [(id: String, event: TimelineEvent)]] = [:]
    var order: [String] = []
    for event in events where event.kind == .expiryWarning && event.detail.hasSuffix(" created over 30 seconds ago") {
      guard let parsed = Self.taskIDAndName(event.detail) else { continue }
      if byName[parsed.name] == nil { order.append(parsed.name) }
      if byName[parsed.name]?.contains(where: { $0.id == parsed.id }) != true {
        byName[parsed.name, default: []].append((parsed.id, event))
      }
    }
    let ended = Set(
      events.filter { $0.kind == .backgroundTaskEnded }.compactMap { event -> String? in
        guard event.detail.hasPrefix("background task ") else { return nil }
        return String(event.detail.dropFirst("background task ".count).prefix(while: { $0 != " " }))
      })
    for name in order {
      let tasks = (byName[name] ?? []).filter { !ended.contains($0.id) }
      guard tasks.count >= 2 else { continue }
      let ids = tasks.map(\.id).joined(separator: ", ")
      let timed = tasks.allSatisfy { $0.event.clock != nil }
      return TimelineFinding(
        kind: .leakedBackgroundTask, confidence: .medium,
        summary:
          "\(tasks.count) background tasks named \"\(name)\" (ids \(ids)) were each still running 30 s after they "
          + "began, and the log shows none of them ended: the same call site begins a new task each time and does "
          + "not end it." + (timed ? "" : Self.orderOnly),
        advice: "End the task the call site began (endBackgroundTask with its identifier) when its work is done, "
          + "and in its expiration handler; do not begin a new one while the last is still running.",
        evidence: evidence(tasks.map(\.event)))
    }
    return nil
  }

  /// UIKit's "was created over 30 seconds ago" for each task the log shows no end of (one finding per
  /// task: each names a different task, whose end the app must add), when no other finding already says
  /// the app leaked a task. The warning itself says the task, still running in the background, puts the
  /// app at risk of termination; the log alone cannot say the task was never ended (the excerpt may stop
  /// first): low, medium when the app's process is then killed or crashes. The `Called by X, from …` name
  /// says whose code began it (an SDK's, when X is not the app). A task warned of twice (same pid and id)
  /// gets one finding, from its first warning.
  func createdOver30SecondsNotEnded() -> [TimelineFinding] {
    let ended = Set(
      events.filter { $0.kind == .backgroundTaskEnded }.compactMap { event -> String? in
        guard event.detail.hasPrefix("background task ") else { return nil }
        return String(event.detail.dropFirst("background task ".count).prefix(while: { $0 != " " }))
      })
    var seen = Set<String>()
    var findings: [TimelineFinding] = []
    for index in events.indices
    where events[index].kind == .expiryWarning && events[index].detail.hasSuffix(" created over 30 seconds ago") {
      let id = Self.taskIDAndName(events[index].detail)?.id
      if let id, ended.contains(id) { continue }
      // Without an id (a wording taskIDAndName cannot split), the warning's words stand for the task.
      if !seen.insert("\(events[index].pid ?? -1) \(id ?? events[index].detail)").inserted { continue }
      findings.append(createdOver30SecondsNotEnded(at: index))
    }
    return findings
  }

  private func createdOver30SecondsNotEnded(at index: Int) -> TimelineFinding {
    let warning = events[index]
    let end = events[(index + 1)...].first { $0.kind == .killed || $0.kind == .crashed }
    let task = warning.detail.dropLast(" created over 30 seconds ago".count)
    var summary = "UIKit warned (\(time(warning))) that \(task) was created over 30 seconds ago and is still running"
    if let background = backgroundState(before: index) {
      summary +=
        " while the app is in the background (\(background.kind.rawValue), \(time(background))), which UIKit says "
        + "creates a risk of termination; the log shows no end of it."
    } else {
      // UIKit prints the warning in the foreground too (during a unit-test run, at app start).
      summary +=
        "; the log does not show the app in the background then (UIKit prints this warning in the foreground too): "
        + "if the app is or goes to the background with the task running, UIKit says this creates a risk of "
        + "termination. The log shows no end of it."
    }
    if let end {
      summary += " The process then ended (\(end.kind.rawValue), \(time(end)))."
    } else {
      summary += " The excerpt may stop before the task ends: a task ended later is no leak."
    }
    if let name = Self.taskIDAndName(warning.detail)?.name, let caller = MessageSubject.calledBy(name[...]) {
      summary +=
        " Its name says it was begun by code in \(caller) (the app's own binary, or a framework such as an SDK)."
    } else if Self.taskIDAndName(warning.detail)?.name == Self.flutterDebugTaskName {
      summary += Self.flutterDebugTaskNote
    }
    if warning.clock == nil { summary += Self.orderOnly }
    return TimelineFinding(
      kind: .leakedBackgroundTask, confidence: end == nil ? .low : .medium, summary: summary,
      advice:
        "End the task with endBackgroundTask(_:) when its work is done and in its expiration handler. When the "
        + "task name says `Called by X, from …` and X is a library, the library began it: update it or report it "
        + "to its authors.",
      evidence: evidence([warning] + (end.map { [$0] } ?? [])))
  }

  /// The task the Flutter engine begins itself when the app enters the background, in debug builds only
  /// (`beginBackgroundTaskWithName:@"Flutter debug task"` under `FLUTTER_RUNTIME_MODE_DEBUG`, flutter/engine
  /// `shell/platform/darwin/ios/framework/Source/FlutterPluginAppLifeCycleDelegate.mm`), to keep `flutter run`'s
  /// connection alive; it ends it when the app comes back to the foreground or in its expiration handler.
  static let flutterDebugTaskName = "Flutter debug task"

  /// What the finding says of ``flutterDebugTaskName``.
  static let flutterDebugTaskNote =
    " Its name is the task the Flutter engine begins itself in debug builds to keep the debugger's connection alive "
    + "in the background (release builds do not begin it): in a debug run this warning is expected and is not the "
    + "app's own task."

  /// The last event before `index` that says the app's process was in the background (entered it, or was
  /// launched into it) with no launch into the foreground after it, for the same pid (or a pid-less one): the
  /// state at the event at `index`, when the log shows one.
  func backgroundState(before index: Int) -> TimelineEvent? {
    let pid = events[index].pid
    for event in events[..<index].reversed() where event.pid == nil || pid == nil || event.pid == pid {
      switch event.kind {
      case .enteredBackground, .relaunchedInBackground: return event
      case .launched: return nil
      default: continue
      }
    }
    return nil
  }

  /// `background task 37 "name" created over 30 seconds ago` → ("37", "name").
  static func taskIDAndName(_ detail: String) -> (id: String, name: String)? {
    guard detail.hasPrefix("background task ") else { return nil }
    let rest = detail.dropFirst("background task ".count)
    let id = rest.prefix(while: { $0 != " " })
    guard !id.isEmpty, let open = rest.firstIndex(of: "\""),
      let close = rest[rest.index(after: open)...].firstIndex(of: "\"")
    else { return nil }
    return (String(id), String(rest[rest.index(after: open)..<close]))
  }
}
