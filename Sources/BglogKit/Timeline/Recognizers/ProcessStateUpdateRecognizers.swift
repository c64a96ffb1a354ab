/// Daemons told of an app's process state by the system (iOS 14+ dasd, locationd): `Received state update
/// for 2933 (app<com.x(UUID)>, running-suspended-NotVisible`. Only the suspended state is read (the one seen
/// in real text); several daemons report the same change at once, so a pid's state is reported once until
/// it changes.
enum ProcessStateUpdateRecognizers {
  static let all: [MessageRecognizer] = [receivedStateUpdate]

  static let receivedStateUpdate = MessageRecognizer(
    id: "daemon-received-state-update", era: "iOS 14+ dasd, locationd",
    anchors: ["Received state update for "], writers: ["dasd", "locationd"],
    read: { message, _, state in
      typealias R = TimelineEventRecognizer
      guard let anchor = R.range(of: "Received state update for ", in: message) else { return [] }
      let rest = message[anchor.upperBound...].prefix(while: { $0 != "\n" })
      let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 7, let pid = Int(digits),
        let bundle = R.text(after: " (app<", in: rest, until: ["(", ">"]), !bundle.isEmpty, !bundle.contains(" "),
        let close = R.range(of: ">, ", in: rest)?.upperBound
      else { return [] }
      let reported = rest[close...].prefix(while: { $0 != " " && $0 != ")" && $0 != "," })
      guard reported.hasPrefix("running-suspended") else { return [] }
      guard state.reportedStates[pid] != String(reported) else { return [] }
      state.reportedStates[pid] = String(reported)
      return [
        MessageEvent(
          kind: .suspended, subject: AppSubject(bundle: R.appBundle(bundle[...]), pid: pid),
          detail: "state update: \(reported)")
      ]
    },
    triggering: [
      RecognizerExample(
        "Received state update for 2933 (app<com.myapp.bundleid(AD9F24FF-321B-48U6-895F-723CDA943372)>, running-suspended-NotVisible",
        process: "dasd",
        source: "jp.narouhz.com forums thread 759754 (a mirror of Apple's developer forums; Console.app)",
        expected: MessageEvent(
          kind: .suspended, subject: AppSubject(bundle: "com.myapp.bundleid", pid: 2933),
          detail: "state update: running-suspended-NotVisible"))
    ],
    // locationd reporting the same change right after dasd gives no second event
    // (ReviewFiveExcerptTests.aFlattenedConsoleCopyIsSplitBackIntoRecords).
    nonTriggering: [])
}
