/// UIKit's verbose bookkeeping of background tasks in the app's own log (iOS 13+, Console.app shows it with
/// the function's signature first): `_UIApplicationBeginBackgroundTaskWithExpirationHandler(…): Will add
/// backgroundTask with taskName: X, expirationHandler: <…>` and `_UIApplicationEndBackgroundTask(…)_block_invoke:
/// Will invalidate assertion: <BKSProcessAssertion: 0x…> for task identifier: 81`, with the `Decrementing
/// reference count for assertion … (used by background task with identifier 81: … taskName = X, …)` line
/// before it naming the task. The subject is the writing app; without a header, the unnamed app when the
/// line starts as UIKit's does.
enum UIKitTaskBookkeepingRecognizers {
  static let all: [MessageRecognizer] = [beginAndEnd]

  static let beginAndEnd = MessageRecognizer(
    id: "uikit-background-task-bookkeeping", era: "iOS 13+ UIKit (in the app)",
    anchors: [
      "Will add backgroundTask with taskName: ", "Will invalidate assertion: ",
      "used by background task with identifier ",
    ],
    writers: [],
    read: { message, header, state in
      typealias R = TimelineEventRecognizer
      let subject: AppSubject
      if !header.process.isEmpty {
        guard let app = header.app else { return [] }
        subject = app
      } else {
        let text = message.drop(while: { $0 == " " || $0 == "\t" })
        guard
          R.hasPrefix(text, "BOOL _UIApplicationEndBackgroundTask(")
            || R.hasPrefix(text, "UIBackgroundTaskIdentifier _UIApplicationBeginBackgroundTask")
        else { return [] }
        subject = .unnamedApp
      }
      if let name = R.text(
        after: "Will add backgroundTask with taskName: ", in: message, until: [", expirationHandler: ", "\n"])
      {
        guard R.contains(message, "_UIApplicationBeginBackgroundTask") else { return [] }
        return [
          MessageEvent(
            kind: .backgroundTaskStarted, subject: subject, detail: "background task \"\(name.prefix(160))\" begun")
        ]
      }
      guard R.contains(message, "_UIApplicationEndBackgroundTask") else { return [] }
      if let id = R.text(after: "used by background task with identifier ", in: message, until: [":", " "]).flatMap({
        Int($0)
      }),
        let name = R.text(after: "taskName = ", in: message, until: [", creationTime", "\n"])
      {
        state.uikitTaskNames[id] = String(name.prefix(160))
        return []
      }
      guard R.contains(message, "Will invalidate assertion: "),
        let id = R.text(after: " for task identifier: ", in: message, until: [" ", "\n"]).flatMap({ Int($0) })
      else { return [] }
      let name = state.uikitTaskNames.removeValue(forKey: id).map { " \"\($0)\"" } ?? ""
      return [
        MessageEvent(
          kind: .backgroundTaskEnded, subject: subject,
          detail: "background task \(id)\(name) ended (UIKit invalidates its assertion)")
      ]
    },
    triggering: [
      RecognizerExample(
        "BOOL _UIApplicationEndBackgroundTask(UIBackgroundTaskIdentifier)_block_invoke: Will invalidate assertion: <BKSProcessAssertion: 0x60000213d630> for task identifier: 81",
        process: "Runner",
        source: "781flyingdutchman/background_downloader issue #330 (Console.app; the line after the one below)",
        expected: MessageEvent(
          kind: .backgroundTaskEnded, subject: AppSubject(name: "Runner"),
          detail: "background task 81 \"GDTCCTUploader-upload\" ended (UIKit invalidates its assertion)")),
      RecognizerExample(
        "UIBackgroundTaskIdentifier _UIApplicationBeginBackgroundTaskWithExpirationHandler(void (^__strong _Nullable)(void), NSString *__strong _Nullable): Will add backgroundTask with taskName: GDTCCTUploader-upload, expirationHandler: <__NSMallocBlock__: 0x600001712640>",
        process: "Runner", source: "781flyingdutchman/background_downloader issue #330 (Console.app)",
        expected: MessageEvent(
          kind: .backgroundTaskStarted, subject: AppSubject(name: "Runner"),
          detail: "background task \"GDTCCTUploader-upload\" begun")),
    ],
    nonTriggering: [
      // The bookkeeping line before the end: it names the task for the end event, and is no event itself.
      RecognizerExample(
        "BOOL _UIApplicationEndBackgroundTask(UIBackgroundTaskIdentifier)_block_invoke: Decrementing reference count for assertion <BKSProcessAssertion: 0x60000213d630> (used by background task with identifier 81: <_UIBackgroundTaskInfo: 0x60000177bb40>: taskID = 81, taskName = GDTCCTUploader-upload, creationTime = 695601 (elapsed = 0))",
        process: "Runner", source: "781flyingdutchman/background_downloader issue #330 (Console.app)")
    ])
}
