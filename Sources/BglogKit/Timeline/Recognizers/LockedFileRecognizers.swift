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
      guard var (subject, body) = R.bracketSubject(message),
        let marker = body.range(of: "suspended with locked system files")
      else { return [] }
      var files = body[marker.upperBound...].drop(while: { $0 == ":" || $0 == " " || $0 == "\n" || $0 == "\t" })
      if let end = files.firstIndex(where: { $0 == "\n" }) { files = files[..<end] }
      let named = files.isEmpty ? "" : ": \(files)"
      // `[xpcservice<com.x.app.Share>:740]`: the process is an XPC service. Not Apple's: an app extension, filed
      // under its own bundle as `application<…>` is (a host app named inside it is not the process that held
      // the files). Apple's own (a WebKit helper): under the host app when one is named, as its end is.
      var what = ""
      if let service = R.xpcService(in: message[..<body.startIndex]), !service.service.isEmpty {
        if service.service.hasPrefix("com.apple.") {
          if subject.bundle == nil { subject.bundle = service.service }
          what = "XPC service \(service.service) "
        } else {
          subject.bundle = service.service
          what = "app extension (xpcservice) "
        }
      }
      return [
        MessageEvent(
          kind: .suspended, subject: subject,
          detail: "\(what)suspended holding locked files\(named) (RunningBoard kills a process suspended with a "
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
            + "suspended with a file or database lock: 0xdead10cc)")),
      // A share extension: its bundle is in `xpcservice<…>` (before session 8 the event went to "unknown app").
      RecognizerExample(
        "[xpcservice<com.companyname.app.AppNameShare>:740] suspended with locked system files:\n"
          + "/var/mobile/Containers/Shared/AppGroup/635520FC-602F-4747-84AA-67E18F0E1ECA/appName",
        process: "runningboardd", pid: nil,
        source: "groue/GRDB.swift issue #643 (Console.app copy, a share extension, 2019)",
        expected: MessageEvent(
          kind: .suspended, subject: AppSubject(bundle: "com.companyname.app.AppNameShare", pid: 740),
          detail: "app extension (xpcservice) suspended holding locked files: /var/mobile/Containers/Shared/AppGroup/"
            + "635520FC-602F-4747-84AA-67E18F0E1ECA/appName (RunningBoard kills a process suspended with a file or "
            + "database lock: 0xdead10cc)")),
    ],
    nonTriggering: [])
}
