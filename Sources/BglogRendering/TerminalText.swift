import BglogKit

/// The terminal sink (``OutputSink/terminal``) applied to whole results, value by value, before a text
/// renderer lays them out: every string in them that came from an input is escaped once here, and the
/// renderers add only their own words, numbers and escape codes.
///
/// A pasted report can carry escape sequences (`ESC ] 0 ; title BEL`, `ESC [ 31 m`) that would retitle
/// the window, recolour the output or hide lines, and a JSON string can hold a line break followed by
/// `::error::`; ``printable(_:)-(String)`` keeps each value on one line without controls (see
/// ``Escaper``). Cleaning values, not the rendered page, keeps column widths right and a value's line
/// break from becoming a line of output.
public enum TerminalText {
  /// `text` escaped for a terminal: ``Escaper/escape(_:for:)`` with ``OutputSink/terminal``.
  public static func printable(_ text: String) -> String { Escaper.terminal(text) }

  static func printable(_ location: SourceLocation?) -> SourceLocation? {
    guard var location else { return nil }
    location.jsonPath = location.jsonPath.map(printable)
    return location
  }

  /// A diagnosed report whose every printed string is ``printable(_:)-(String)``.
  static func printable(_ item: DiagnosedReport) -> DiagnosedReport {
    var item = item
    var diagnosis = item.diagnosis
    diagnosis.summary = printable(diagnosis.summary)
    diagnosis.explanation = printable(diagnosis.explanation)
    diagnosis.advice = diagnosis.advice.map(printable)
    diagnosis.evidence = diagnosis.evidence.map {
      Evidence(location: printable($0.location), quote: printable($0.quote), note: printable($0.note))
    }
    diagnosis.facts = diagnosis.facts.map { Fact(printable($0.key), printable($0.value)) }
    item.diagnosis = diagnosis
    item.report.header.processName = item.report.header.processName.map(printable)
    item.report.header.bundleIdentifier = item.report.header.bundleIdentifier.map(printable)
    item.report.header.osVersion = item.report.header.osVersion.map(printable)
    item.report.header.dateTime = item.report.header.dateTime.map(printable)
    item.report.issues = item.report.issues.map { ParseIssue(printable($0.message), at: printable($0.location)) }
    return item
  }

  /// A timeline whose every string is ``printable(_:)-(String)`` (the text, `--chart` and `--follow`
  /// renderers print nothing else from the log).
  public static func printable(_ result: TimelineResult) -> TimelineResult {
    var result = result
    result.apps = result.apps.map(printable)
    return result
  }

  /// An app's timeline whose every string is ``printable(_:)-(String)``.
  public static func printable(_ app: AppTimeline) -> AppTimeline {
    var app = app
    app.bundleID = app.bundleID.map(printable)
    app.processName = app.processName.map(printable)
    app.events = app.events.map(printable)
    app.processes = app.processes.map { process in
      var process = process
      process.endDetail = process.endDetail.map(printable)
      return process
    }
    app.wakeups = app.wakeups.map { wakeup in
      var wakeup = wakeup
      wakeup.markerCounts = wakeup.markerCounts.map { counted in
        var counted = counted
        counted.name = printable(counted.name)
        return counted
      }
      return wakeup
    }
    app.findings = app.findings.map(printable)
    return app
  }

  /// An event whose every string is ``printable(_:)-(String)``.
  public static func printable(_ event: TimelineEvent) -> TimelineEvent {
    var event = event
    event.lane = printable(event.lane)
    event.detail = printable(event.detail)
    event.text = printable(event.text)
    event.marker = event.marker.map(printable)
    event.assertion = event.assertion.map(printable)
    event.namedAssertions = event.namedAssertions.map(printable)
    return event
  }

  /// A finding whose every string is ``printable(_:)-(String)``.
  public static func printable(_ finding: TimelineFinding) -> TimelineFinding {
    var finding = finding
    finding.summary = printable(finding.summary)
    finding.advice = finding.advice.map(printable)
    finding.evidence = finding.evidence.map { TimelineFinding.Evidence(line: $0.line, text: printable($0.text)) }
    return finding
  }

  static func printable(_ assertion: ProcessAssertion) -> ProcessAssertion {
    var assertion = assertion
    assertion.className = assertion.className.map(printable)
    assertion.name = assertion.name.map(printable)
    assertion.reason = assertion.reason.map(printable)
    assertion.owner = assertion.owner.map(printable)
    assertion.text = printable(assertion.text)
    assertion.location = printable(assertion.location)
    return assertion
  }
}
