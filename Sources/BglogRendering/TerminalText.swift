import BglogKit

/// Makes text from reports and logs safe to print on a terminal.
///
/// A pasted report can carry escape sequences (`ESC ] 0 ; title BEL`, `ESC [ 31 m`) that would
/// retitle the window, recolour the output or hide lines; control characters other than tab and
/// newline are shown as `\u{FFFD}` instead. Machine formats escape them their own way.
public enum TerminalText {
  /// `text` with C0 and C1 control characters (except tab and newline) and DEL replaced by U+FFFD.
  public static func printable(_ text: String) -> String {
    guard hasControl(text) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      out.append(isControl(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(out)
  }

  /// Whether `text` holds a scalar ``isControl(_:)`` replaces, read from its UTF-8 bytes: C0 controls
  /// and DEL are single bytes, and C1 controls (U+0080...U+009F) are encoded `C2 80`...`C2 9F`.
  static func hasControl(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var previous: UInt8 = 0
      for byte in bytes {
        if byte < 0x20 && byte != 0x09 && byte != 0x0A { return true }
        if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return true }
        previous = byte
      }
      return false
    }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x09 || value == 0x0A { return false }
    return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
  }

  /// A diagnosed report whose every printed string is ``printable(_:)``.
  static func printable(_ item: DiagnosedReport) -> DiagnosedReport {
    var item = item
    var diagnosis = item.diagnosis
    diagnosis.summary = printable(diagnosis.summary)
    diagnosis.explanation = printable(diagnosis.explanation)
    diagnosis.advice = diagnosis.advice.map(printable)
    diagnosis.evidence = diagnosis.evidence.map {
      Evidence(location: $0.location, quote: printable($0.quote), note: printable($0.note))
    }
    diagnosis.facts = diagnosis.facts.map { Fact(printable($0.key), printable($0.value)) }
    item.diagnosis = diagnosis
    item.report.header.processName = item.report.header.processName.map(printable)
    item.report.header.bundleIdentifier = item.report.header.bundleIdentifier.map(printable)
    item.report.header.osVersion = item.report.header.osVersion.map(printable)
    item.report.header.dateTime = item.report.header.dateTime.map(printable)
    item.report.issues = item.report.issues.map { ParseIssue(printable($0.message), at: $0.location) }
    return item
  }
}

extension TerminalText {
  /// A timeline whose every string printed as text is ``printable(_:)``, so a renderer can add its
  /// own escape codes (colour) after cleaning what came from the log.
  static func printable(_ result: TimelineResult) -> TimelineResult {
    var result = result
    result.apps = result.apps.map { app in
      var app = app
      app.bundleID = app.bundleID.map(printable)
      app.processName = app.processName.map(printable)
      app.events = app.events.map { event in
        var event = event
        event.lane = printable(event.lane)
        event.detail = printable(event.detail)
        event.text = printable(event.text)
        event.marker = event.marker.map(printable)
        return event
      }
      app.processes = app.processes.map { process in
        var process = process
        process.endDetail = process.endDetail.map(printable)
        return process
      }
      app.wakeups = app.wakeups.map { wakeup in
        var wakeup = wakeup
        wakeup.markerCounts = wakeup.markerCounts.map { .init(name: printable($0.name), count: $0.count) }
        return wakeup
      }
      app.findings = app.findings.map { finding in
        var finding = finding
        finding.summary = printable(finding.summary)
        finding.advice = finding.advice.map(printable)
        finding.evidence = finding.evidence.map { .init(line: $0.line, text: printable($0.text)) }
        return finding
      }
      return app
    }
    return result
  }
}
