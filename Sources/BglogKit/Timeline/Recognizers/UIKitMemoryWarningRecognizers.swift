/// `Received memory warning.`: the line an app's own log has when the system warns it of memory pressure (UIKit's,
/// written when it delivers the memory warning, `didReceiveMemoryWarning`), as Xcode's console shows it just before
/// `Message from debugger: Terminated due to memory issue`:
///
///     2016-07-22 14:28:08.601 Pokemon WebSpoof[5563:503393] Received memory warning.
///     Message from debugger: Terminated due to memory issue
///
/// (iam4x/pokemongo-webspoof #178; robotmedia/RMGallery #10 the same two lines, 2015). Read as `memory-warning` for
/// the header's app (no header: the unnamed app; a system writer's header: nothing). Only the whole message, the
/// words and their full stop: not prose that quotes them. The analyser cites it in the memory-kill finding that
/// follows it shortly (``TimelineAnalyzer``): the app was warned, then killed.
enum UIKitMemoryWarningRecognizers {
  static let all: [MessageRecognizer] = [receivedMemoryWarning]

  static let words = "Received memory warning."

  static let detail =
    "received a memory warning (the system asked the app to free memory: didReceiveMemoryWarning)"

  static let receivedMemoryWarning = MessageRecognizer(
    id: "uikit-received-memory-warning", era: "iOS (the app's own log; seen in Xcode's console, 2015–2016)",
    anchors: [words], writers: [],
    read: { message, header, _ in
      typealias R = TimelineEventRecognizer
      guard let subject = header.appOrUnnamed else { return [] }
      let line = R.trimmingBlanks(message.prefix(while: { $0 != "\n" }))
      guard line == words[...] else { return [] }
      return [MessageEvent(kind: .memoryWarning, subject: subject, detail: detail)]
    },
    triggering: [
      RecognizerExample(
        words, process: "Pokemon WebSpoof", pid: 5563,
        source: "iam4x/pokemongo-webspoof issue #178 (description, craigus12, 2016-07-22; Xcode console)",
        expected: MessageEvent(
          kind: .memoryWarning, subject: AppSubject(name: "Pokemon WebSpoof", pid: 5563), detail: detail)),
      RecognizerExample(
        words, process: "RMGalleryDemo", pid: 3438,
        source: "robotmedia/RMGallery issue #10 (description, raheelahmad786, 2015-10-14; Xcode console)",
        expected: MessageEvent(
          kind: .memoryWarning, subject: AppSubject(name: "RMGalleryDemo", pid: 3438), detail: detail)),
    ],
    nonTriggering: [
      // The review's own sentence about paste 19 (review-inputs-s12b FINDINGS.md): prose quoting the words.
      RecognizerExample(
        "However, `Received memory warning.` one line before is UIKit's memory warning, direct supporting evidence",
        source: "session-12b review notes (prose quoting the line)")
    ])
}
