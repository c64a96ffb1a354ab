/// SpringBoard's `application<app.myapp.ent> now playing with audio: NO`: the app is no longer SpringBoard's
/// app playing audio. BackBoardServices writes it from `-[BKSProcess setNowPlayingWithAudio:]` (format
/// `[BKSProcess:%p] %{public}@ now playing with audio: %{BOOL}d`, as a decompiled `BKSProcess` in a public
/// repository shows, search index id 10682704483), which on `NO` invalidates the assertion it acquired on `YES`
/// (`[BKSProcess setNowPlayingWithAudio:YES]`, flags 13, reason 1): so the app's audio no longer keeps it
/// running, and runningboardd's `Invalidating assertion … (target:application<bundle>) from originator …` just
/// after it is that assertion's end. Read as `audio-stopped` for the bundle in the brackets (no pid is written).
/// The `YES` form is not read: no real line was found.
enum SpringBoardAudioRecognizers {
  static let all: [MessageRecognizer] = [nowPlayingWithAudioNo]

  static let anchor = "> now playing with audio: NO"

  static let nowPlayingWithAudioNo = MessageRecognizer(
    id: "springboard-now-playing-with-audio-no", era: "iOS 14+ SpringBoard (BackBoardServices)",
    anchors: [anchor], writers: ["SpringBoard"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      let line = message.prefix(while: { $0 != "\n" })
      guard let found = R.range(of: anchor, in: line) else { return [] }
      let head = line[..<found.lowerBound]
      guard let open = R.range(of: "application<", in: head) else { return [] }
      let bundle = head[open.upperBound...]
      guard !bundle.isEmpty, bundle.count <= 200, !bundle.contains(" "), !bundle.contains("<") else { return [] }
      // Only `NO` and the line's end (or a blank): not prose going on after the quoted words.
      let after = line[found.upperBound...]
      guard after.isEmpty || after.first == " " || after.first == "\t" else { return [] }
      return [
        MessageEvent(
          kind: .audioStopped, subject: AppSubject(bundle: String(bundle)),
          detail:
            "no longer now playing with audio (SpringBoard): the assertion it held while the app played audio is "
            + "dropped, so audio no longer keeps the app running in the background")
      ]
    },
    triggering: [
      RecognizerExample(
        "application<app.myapp.ent> now playing with audio: NO", process: "SpringBoard",
        source: "doublesymmetry/react-native-track-player issue #792 (Console.app copy, turn 4)",
        expected: MessageEvent(
          kind: .audioStopped, subject: AppSubject(bundle: "app.myapp.ent"),
          detail:
            "no longer now playing with audio (SpringBoard): the assertion it held while the app played audio is "
            + "dropped, so audio no longer keeps the app running in the background"))
    ],
    nonTriggering: [])
}
