/// A kill by FrontBoard's watchdog (``FrontBoardWatchdogRecognizers``): the app missed a launch or scene deadline.
/// iOS 11–12 say the deadline and the allowance in the termination request's explanation (`scene-create watchdog
/// transgression: com.app.id exhausted CPU time allowance of 3.77 seconds`, forum thread 104020); the provision line
/// before it says the allowance's type (`type: scheduledTime; timeValue: 3.77s`, CPU time, or `realTime`, the wall
/// clock). A CPU-time allowance used up means the app was computing, not blocked and not holding a background task
/// too long: `watchdog-hang`, as `diagnose` reads the crash report of the same kill. Medium: the kill and the
/// allowance are in the log, what used the time (the main thread's stack, in the crash report) is not.
extension TimelineAnalyzer {
  func watchdogKills() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    for (index, kill) in events.enumerated()
    where kill.kind == .killed && kill.detail.hasPrefix(FrontBoardWatchdogRecognizers.killedByWatchdog) {
      // The provision the kill is for: the last one violated (and enforced) before it.
      let provision = events[..<index].last {
        $0.kind == .watchdogViolation && $0.detail.contains(" provision violated")
          && !$0.detail.contains("; not enforced")
      }
      let explanation = Self.transgression(kill.detail)
      guard let watchdog = explanation?.watchdog ?? provision.flatMap({ Self.provisionWatchdog($0.detail) }) else {
        // Neither line names the deadline (iOS 14's exit context alone): the kill event says what is known.
        continue
      }
      let allowance = explanation?.allowance ?? provision.flatMap { Self.provisionAllowance($0.detail) }
      let background = events[..<index].last {
        $0.kind == .relaunchedInBackground || $0.kind == .enteredBackground || $0.kind == .launched
      }
      let inBackground = background.map { $0.kind != .launched } ?? false
      var summary = "FrontBoard's watchdog killed the app at \(time(kill)) during \(watchdog)"
      var advice: String
      switch allowance?.kind {
      case .cpu?:
        summary +=
          ": it used up its CPU-time allowance\(allowance.map { " of \($0.text)" } ?? ""), so it was busy computing "
          + "(not blocked, and not a background task held too long)."
        advice =
          "Do less on the main thread while the app launches and creates its scene: defer or move off it the work "
          + "in application(_:didFinishLaunchingWithOptions:) and scene(_:willConnectTo:options:); in a background "
          + "launch (a background fetch, a push, a location event) do only what that launch is for. Profile the "
          + "launch with Instruments' Time Profiler, launched the same way."
      case .wallClock?:
        summary +=
          ": it used up its wall-clock allowance\(allowance.map { " of \($0.text)" } ?? ""), so its main thread was "
          + "blocked or busy for too long."
        advice =
          "Find what holds the main thread during launch and scene creation (synchronous network or disk work, a "
          + "lock, a semaphore) and move it off; defer the rest until after launch."
      case nil:
        summary += "; the log does not say which allowance (CPU time or wall clock) ran out."
        advice =
          "Do less on the main thread while the app launches and creates its scene; defer or move off it what can "
          + "wait."
      }
      if watchdog == "process-exit" {
        // Not a launch deadline: the app was asked to quit and did not finish exiting in time.
        advice =
          "The app was asked to quit and did not finish exiting in time: look at the work done at exit "
          + "(applicationWillTerminate(_:), atexit handlers and static destructors, a main thread blocked while the "
          + "app exits)."
      } else {
        summary +=
          inBackground
          ? " The log shows the app in the background before it (a background launch)."
          : " The log does not show whether the launch was in the background."
      }
      advice +=
        " The crash report of this kill (`Termination Reason: … 0x8badf00d`) shows the main thread's stack: "
        + "`bglog diagnose` reads it."
      findings.append(
        TimelineFinding(
          kind: .watchdogHang, confidence: .medium, summary: summary, advice: advice,
          evidence: evidence(
            (provision.map { [$0] } ?? []) + [kill] + (inBackground ? background.map { [$0] } ?? [] : []))))
    }
    return findings
  }

  /// Which clock an allowance counts.
  enum AllowanceKind { case cpu, wallClock }

  /// The watchdog and allowance of a termination request's explanation: `scene-create watchdog transgression:
  /// com.app.id exhausted CPU time allowance of 3.77 seconds` → (`scene-create`, CPU 3.77 s).
  static func transgression(_ detail: String) -> (watchdog: String, allowance: (kind: AllowanceKind, text: String)?)? {
    guard let marker = detail.range(of: " watchdog transgression: ") else { return nil }
    let watchdog = detail[..<marker.lowerBound].split(whereSeparator: { $0 == " " || $0 == ";" }).last.map(String.init)
    guard let watchdog, !watchdog.isEmpty else { return nil }
    let rest = detail[marker.upperBound...]
    var allowance: (kind: AllowanceKind, text: String)?
    if let found = rest.range(of: "exhausted CPU time allowance of ") {
      allowance = (.cpu, String(rest[found.upperBound...].prefix(while: { $0 != ";" && $0 != "\n" })))
    } else if let found = rest.range(of: "exhausted real (wall clock) time allowance of ") {
      allowance = (.wallClock, String(rest[found.upperBound...].prefix(while: { $0 != ";" && $0 != "\n" })))
    }
    return (watchdog, allowance)
  }

  /// `watchdog scene-create provision violated (…)` → `scene-create`.
  static func provisionWatchdog(_ detail: String) -> String? {
    guard detail.hasPrefix("watchdog "), let end = detail.range(of: " provision violated") else { return nil }
    let name = detail[detail.index(detail.startIndex, offsetBy: "watchdog ".count)..<end.lowerBound]
    return name.isEmpty ? nil : String(name)
  }

  /// `… (scheduledTime 3.77s: CPU time)` → CPU 3.77s.
  static func provisionAllowance(_ detail: String) -> (kind: AllowanceKind, text: String)? {
    for (type, kind) in [("scheduledTime ", AllowanceKind.cpu), ("realTime ", .wallClock)] {
      if let found = detail.range(of: "(" + type) {
        let value = detail[found.upperBound...].prefix(while: { $0 != ":" && $0 != ")" })
        return (kind, String(value))
      }
    }
    return nil
  }
}
