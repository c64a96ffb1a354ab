/// analyticsd (CoreAnalytics) aggregating the system's record of a crash, one JSON object on one line:
///
///     Aggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {"appVersion":"20.12.1","bundleID":"com.AppCo.MyApp","exceptionCodes":"KERN_PROTECTION_FAILURE at 0x000000020863b1a0","incidentID":"3368B380-…","logwritten":1,"process":"MyApp","terminationReasonExceptionCode":"0xa","terminationReasonNamespace":"SIGNAL","timestamp":1612274455090144}
///
/// The object is written when ReportCrash has written the crash report (`logwritten`), so the process
/// ended: read as `crashed` for the bundle and process named in it (no pid is written). The termination
/// reason's namespace and code are the crash report's `Termination Reason` (`SIGNAL` 0xa: SIGBUS, 10, as
/// runningboardd's `termination reported by launchd (2, 10, 10)` says for the same crash in the same
/// paste, ms-intune-app-sdk-ios #137); the exception codes and the incident id (the report's
/// `incident_id`) are kept in the detail so the report can be found and read with `bglog diagnose`.
/// Only the string fields seen in real text are read; a record naming neither bundle nor process gives
/// no event. Another namespace than `SIGNAL` has not been seen: it is quoted as written, with the kind
/// `bglog explain`'s code table gives its code when it names one.
enum AnalyticsdRecognizers {
  static let all: [MessageRecognizer] = [stabilityCrash]

  static let anchor = "com.apple.stability.crash {"

  /// In every event's detail: the analyser knows the record by them (``TimelineAnalyzer/crashRecord(_:)``).
  static let recordWords = "analyticsd's record of the crash report"

  /// The string value of `"key":"value"` in the one-line object `json` (no escapes in the values seen).
  static func string(_ key: String, in json: Substring) -> String? {
    guard let value = TimelineEventRecognizer.text(after: "\"\(key)\":\"", in: json, until: ["\""]) else {
      return nil
    }
    let trimmed = value.prefix(200)
    return trimmed.isEmpty ? nil : String(trimmed)
  }

  static let stabilityCrash = MessageRecognizer(
    id: "analyticsd-stability-crash", era: "iOS 14+ / macOS 11+ analyticsd",
    anchors: [anchor], writers: ["analyticsd"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let found = R.range(of: anchor, in: message) else { return [] }
      let json = message[found.lowerBound...].prefix(while: { $0 != "\n" }).dropFirst(anchor.count - 1)
      let bundle = string("bundleID", in: json)
      let process = string("process", in: json)
      guard bundle != nil || process != nil else { return [] }
      let namespace = string("terminationReasonNamespace", in: json)
      let codeText = string("terminationReasonExceptionCode", in: json)
      let code = codeText.flatMap { text -> UInt64? in
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else { return nil }
        return UInt64(text.dropFirst(2), radix: 16)
      }
      var reason: [String] = []
      var detail: String
      if namespace == "SIGNAL", let code, code < 64 {
        // A crash report's record: its signal is said as it is, whatever sent it.
        detail = LaunchdTermination.signalExit(Int(code))
      } else {
        detail = "crashed"
      }
      if let namespace {
        var said = "namespace \(namespace)"
        if let codeText { said += ", code \(codeText)" }
        if namespace != "SIGNAL", let code, let named = DiagnosisKind.forTerminationCode(code) {
          said += " (\(named.rawValue): \(named.reference.title.lowercased()))"
        }
        reason.append(said)
      }
      if let codes = string("exceptionCodes", in: json) { reason.append(codes) }
      detail += "; " + recordWords
      if !reason.isEmpty { detail += " (" + reason.joined(separator: ", ") + ")" }
      if let incident = string("incidentID", in: json) {
        detail += ", incident \(incident): read that report with bglog diagnose"
      }
      return [MessageEvent(kind: .crashed, subject: AppSubject(bundle: bundle, name: process), detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Aggregated. Transform: StabilityCrashNumerator3WithIncidentID Dirty: 1 Event: com.apple.stability.crash {\"appVersion\":\"20.12.1\",\"bundleID\":\"com.AppCo.MyApp\",\"exceptionCodes\":\"KERN_PROTECTION_FAILURE at 0x000000020863b1a0\",\"incidentID\":\"3368B380-8E23-4AEB-B80B-C57AA31D43B6\",\"logwritten\":1,\"process\":\"MyApp\",\"terminationReasonExceptionCode\":\"0xa\",\"terminationReasonNamespace\":\"SIGNAL\",\"timestamp\":1612274455090144}",
        process: "analyticsd",
        source: "microsoftconnect/ms-intune-app-sdk-ios issue #137 (Console.app with the category column, iOS 14)",
        expected: MessageEvent(
          kind: .crashed, subject: AppSubject(bundle: "com.AppCo.MyApp", name: "MyApp"),
          detail:
            "exited: signal SIGBUS(10); analyticsd's record of the crash report (namespace SIGNAL, code 0xa, "
            + "KERN_PROTECTION_FAILURE at 0x000000020863b1a0), incident 3368B380-8E23-4AEB-B80B-C57AA31D43B6: "
            + "read that report with bglog diagnose"))
    ],
    nonTriggering: [])
}
