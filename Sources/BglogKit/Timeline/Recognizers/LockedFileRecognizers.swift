import Foundation

/// runningboardd's own account of a process suspended while holding file locks: the kill that
/// follows is `0xdead10cc` (the crash report's `RUNNINGBOARD 0xdead10cc`), and this line names the files.
enum LockedFileRecognizers {
  static let all: [MessageRecognizer] = [suspendedWithLockedFiles]

  /// `[application<com.x.watchkitapp>:186] suspended with locked system files:` followed (on the same
  /// line or the next) by the locked paths. The event is the suspension the line states, with the files;
  /// the line does not say the process was killed, so no kill is claimed.
  static let suspendedWithLockedFiles = MessageRecognizer(
    id: "runningboard-suspended-with-locked-files", era: "iOS 14+ / watchOS 7+ runningboardd",
    anchors: ["suspended with locked system files"], writers: ["runningboardd"],
    read: { message, _, _ in
      typealias R = TimelineEventRecognizer
      guard let (subject, body) = R.bracketSubject(message),
        let marker = body.range(of: "suspended with locked system files")
      else { return [] }
      var files = body[marker.upperBound...].drop(while: { $0 == ":" || $0 == " " || $0 == "\n" || $0 == "\t" })
      if let end = files.firstIndex(where: { $0 == "\n" }) { files = files[..<end] }
      let named = files.isEmpty ? "" : ": \(files)"
      return [
        MessageEvent(
          kind: .suspended, subject: subject,
          detail: "suspended holding locked files\(named) (RunningBoard kills a process suspended with a "
            + "file or database lock: 0xdead10cc)")
      ]
    },
    triggering: [
      RecognizerExample(
        "[application<com.myapp.watchkitapp>:186] suspended with locked system files:\n"
          + "/var/mobile/Containers/Data/PluginKitPlugin/380C85E2-6AE3-49E6-B3CE-3C7767717402/Library/core_sdk.db",
        process: "runningboardd", pid: nil,
        source: "groue/GRDB.swift issue #998 (Console.app copy from a paired Apple Watch, 2021)",
        expected: MessageEvent(
          kind: .suspended, subject: AppSubject(bundle: "com.myapp.watchkitapp", pid: 186),
          detail: "suspended holding locked files: /var/mobile/Containers/Data/PluginKitPlugin/"
            + "380C85E2-6AE3-49E6-B3CE-3C7767717402/Library/core_sdk.db (RunningBoard kills a process "
            + "suspended with a file or database lock: 0xdead10cc)"))
    ],
    nonTriggering: [])
}
