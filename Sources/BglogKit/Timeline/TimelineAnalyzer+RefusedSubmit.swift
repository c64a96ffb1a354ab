/// A BGTaskScheduler request the system refused: the app's log of the error `submit(_:)` threw (`Could not schedule
/// app refresh: Error Domain=BGTaskSchedulerErrorDomain Code=3 "(null)"`, flutter_background_fetch #312). A refused
/// request is not scheduled, so the system never launches the app for it: `bgtask-request-not-scheduled`, the finding
/// of a launch that found no request. The error's code decides (Apple's `BGTaskScheduler.Error.Code`); which of a
/// code's causes applies is not in the log, so the summary names each. High when the line names the app (a header),
/// else medium, as for BackgroundTasks' own `No task request … has been scheduled`. One finding per code.
extension TimelineAnalyzer {
  func refusedTaskRequests() -> [TimelineFinding] {
    var findings: [TimelineFinding] = []
    var reported = Set<String>()
    for refused in events where refused.kind == .bgTaskSubmitFailed {
      guard let code = refused.detail.split(separator: "Code=").dropFirst().first?.prefix(while: \.isNumber),
        reported.insert(String(code)).inserted
      else { continue }
      let refusals = events.filter { $0.kind == .bgTaskSubmitFailed && $0.detail == refused.detail }
      let times = refusals.map(time)
      let named = !refused.lane.isEmpty
      var summary =
        "BGTaskScheduler refused a task request "
        + (refusals.count == 1 ? "(\(times[0]))" : "\(refusals.count) times (\(times.joined(separator: ", ")))")
        + " with BGTaskSchedulerErrorDomain Code=\(code): the request was not scheduled, so the task it asked for "
        + "never runs (unless a later submit succeeds). "
      let advice: String
      switch code {
      case "3":
        summary +=
          "Code 3 is notPermitted, which has two causes: the task's identifier is not in "
          + "BGTaskSchedulerPermittedIdentifiers in Info.plist, or UIBackgroundModes lacks the mode the request "
          + "needs (fetch for an app refresh request, processing for a processing request); the line does not "
          + "say which."
        advice =
          "List the identifier exactly as written in code under BGTaskSchedulerPermittedIdentifiers, and enable the "
          + "background mode the request needs (Background fetch, `fetch`, for a BGAppRefreshTaskRequest; "
          + "Background processing, `processing`, for a BGProcessingTaskRequest)."
      case "2":
        summary += "Code 2 is tooManyPendingTaskRequests: too many requests of that type are already pending."
        advice = "Cancel pending requests the app no longer needs (cancel(taskRequestWithIdentifier:)), then submit."
      default:
        summary +=
          "Code 1 is unavailable: the app cannot schedule background work here (the Simulator, Background App "
          + "Refresh turned off, or an extension)."
        advice =
          "Test on a device with Background App Refresh on for the app; in an extension, schedule from the app."
      }
      if !named { summary += " The line does not name the app." }
      findings.append(
        TimelineFinding(
          kind: .bgTaskRequestNotScheduled, confidence: named ? .high : .medium, summary: summary, advice: advice,
          evidence: evidence(refusals)))
    }
    return findings
  }
}
