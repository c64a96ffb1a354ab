/// runningboardd's record of a termination request another process sent it (iOS 13+ and macOS):
/// `Received termination request from [osservice<com.apple.dasd>:76] on <RBSProcessPredicate
/// <RBSProcessHandlePredicateImpl| app<bundle(…> with context <RBSTerminateContext| explanation:…>`,
/// or `on <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "bundle">>`. Read as
/// `termination-requested` naming the requester, the context's code when written and its explanation: the
/// line asks for the termination, it does not say that the process ended (`Executing termination request
/// for: …` and the exit lines after it do, and are read, or not, on their own).
///
/// No real line of FrontBoard or SpringBoard itself asking for a termination was found (a paste of
/// `simctl terminate` quotes SpringBoard as the requester of this same runningboardd line, reflowed, so it
/// is not an example); the requesters seen are dasd (iOS) and cache_delete (macOS).
enum RunningBoardTerminationRecognizers {
  static let all: [MessageRecognizer] = [terminationRequest]

  /// The requester between `from [` and the `]` that closes it: `osservice<com.apple.dasd>:76`.
  static func requester(_ message: Substring) -> Substring? {
    guard let start = TimelineEventRecognizer.range(of: "Received termination request from [", in: message),
      let close = message[start.upperBound...].firstIndex(of: "]")
    else { return nil }
    let text = message[start.upperBound..<close]
    return text.isEmpty || text.contains("\n") ? nil : text
  }

  /// The target the predicate names: `RBSProcessBundleIdentifierPredicate "bundle"` or a handle's
  /// `app<bundle(`.
  static func target(_ message: Substring) -> AppSubject? {
    if let start = TimelineEventRecognizer.range(of: "RBSProcessBundleIdentifierPredicate \"", in: message) {
      let bundle = message[start.upperBound...].prefix(while: { $0 != "\"" && $0 != "\n" })
      return bundle.isEmpty || bundle.contains(" ") ? nil : AppSubject(bundle: String(bundle))
    }
    // The one handle seen is cut after `app<bundle(` (a forum title): the bundle only.
    guard let start = TimelineEventRecognizer.range(of: "RBSProcessHandlePredicateImpl| app<", in: message)
    else { return nil }
    let bundle = message[start.upperBound...].prefix(while: { $0 != "(" && $0 != ">" && $0 != " " && $0 != "\n" })
    return bundle.isEmpty ? nil : AppSubject(bundle: TimelineEventRecognizer.appBundle(bundle))
  }

  static let terminationRequest = MessageRecognizer(
    id: "runningboard-termination-request", era: "iOS 13+ / macOS runningboardd",
    anchors: ["Received termination request from ["], writers: ["runningboardd"],
    read: { message, header, state in
      typealias R = TimelineEventRecognizer
      guard let from = requester(message) else { return [] }
      guard let subject = target(message) else { return [] }
      var detail = "termination requested by \(from)"
      defer {
        // For runningboardd's `terminate_with_reason() success` of the app's process after it.
        if let bundle = subject.bundle { state.terminationRequests[bundle] = detail }
      }
      // The context as written: `<RBSTerminateContext| [domain:10 ]code:0x… explanation:… reportType:…`.
      if let context = R.range(of: "<RBSTerminateContext|", in: message) {
        let rest = message[context.upperBound...]
        if let code = R.text(after: " code:", in: rest, until: [" ", ">", "\n"]), !code.isEmpty {
          detail += ", code \(code)"
        }
        if let explanation = R.text(after: " explanation:", in: rest, until: [" reportType:", ">", "\n"]),
          !explanation.isEmpty
        {
          detail += ": \(explanation)"
        }
      }
      return [MessageEvent(kind: .terminationRequested, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        "Received termination request from [osservice<com.apple.dasd>:76] on <RBSProcessPredicate <RBSProcessHandlePredicateImpl| app<com.myapp.bundleid() with context <RBSTerminateContext| explanation:BG Kill Demo",
        source:
          "Apple Developer Forums thread 759754 (its title; iOS, Console.app with the iPhone connected; mirrored at "
          + "jp.narouhz.com/forums/thread/759754)",
        expected: MessageEvent(
          kind: .terminationRequested, subject: AppSubject(bundle: "com.myapp.bundleid"),
          detail: "termination requested by osservice<com.apple.dasd>:76: BG Kill Demo")),
      RecognizerExample(
        """
        Received termination request from [osservice<com.apple.cache_delete(501)>:4120] on <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "br.paker.Calendr">> with context <RBSTerminateContext| code:0xBADDD15C explanation:CacheDeleteAppContainerCaches requesting termination assertion for br.paker.Calendr reportType:None maxTerminationResistance:NonInteractive attrs:[
        \t<RBSPreventLaunchLimitation| <RBSProcessPredicate <RBSProcessBundleIdentifierPredicate "br.paker.Calendr">> allow:(null)>
        \t]>
        """,
        process: "runningboardd", source: "pakerwreah/Calendr issue #710 (macOS, Console.app)",
        expected: MessageEvent(
          kind: .terminationRequested, subject: AppSubject(bundle: "br.paker.Calendr"),
          detail:
            "termination requested by osservice<com.apple.cache_delete(501)>:4120, code 0xBADDD15C: "
            + "CacheDeleteAppContainerCaches requesting termination assertion for br.paker.Calendr")),
    ],
    nonTriggering: [])
}
