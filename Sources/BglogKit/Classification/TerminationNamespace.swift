/// The exit-reason namespaces a `Termination Reason` names, from XNU's `bsd/sys/reason.h`
/// (`OS_REASON_*`, apple-oss-distributions/xnu), with the names crash reports print for them.
///
/// Reports print the name (`Namespace TCC, Code 0`, `RUNNINGBOARD 0xdead10cc`) or, when the
/// ReportCrash of the time did not know it, the number (`Namespace <0xF>` is 15, RUNNINGBOARD).
public struct TerminationNamespace: Sendable, Hashable {
  /// The name as reports print it.
  public var name: String
  /// The `OS_REASON_*` number, when reason.h gives one.
  public var number: Int?
  /// What a termination in this namespace means for an app.
  public var meaning: String
  /// Whether this namespace enforces background time or system deadlines (its kills follow the
  /// app's background state rather than a bug at the crash site).
  public var enforcesBackgroundTime: Bool

  init(_ name: String, _ number: Int?, _ meaning: String, enforcesBackgroundTime: Bool = false) {
    self.name = name
    self.number = number
    self.meaning = meaning
    self.enforcesBackgroundTime = enforcesBackgroundTime
  }

  /// Every namespace in reason.h's list, in its order, then the names reports print that reason.h
  /// does not list (FRONTBOARD, ASSERTIOND as printed, MEMORYSTATUS, watchOS's CAROUSEL).
  public static let all: [TerminationNamespace] = [
    .init("JETSAM", 1, "jetsam reclaimed memory or the process went over its memory limit"),
    .init("SIGNAL", 2, "the process died of the signal given as the code"),
    .init("CODESIGNING", 3, "a page or the binary failed code-signature validation"),
    .init("HANGTRACER", 4, "the hang tracer ended a process whose main thread stopped responding"),
    .init("TEST", 5, "a test harness ended the process"),
    .init("DYLD", 6, "dyld could not load a library or symbol the process links"),
    .init("LIBXPC", 7, "libxpc ended the process for misusing XPC (a bad message, connection or service setup)"),
    .init("OBJC", 8, "the Objective-C runtime ended the process for a fatal runtime error"),
    .init("EXEC", 9, "the kernel could not start the executable (bad Mach-O, decryption, wrong platform…)"),
    .init(
      "SPRINGBOARD", 10, "SpringBoard (FrontBoard) ended the app: a watchdog deadline, a scene or lifecycle rule",
      enforcesBackgroundTime: true),
    .init("TCC", 11, "TCC ended the process for using privacy-protected data without a usage description"),
    .init("REPORTCRASH", 12, "ReportCrash ended the process"),
    .init("COREANIMATION", 13, "Core Animation ended the process for a fatal rendering error"),
    .init("AGGREGATED", 14, "several reasons were aggregated into one"),
    .init(
      "RUNNINGBOARD", 15, "runningboardd ended the process: it enforces background time, assertions and suspension",
      enforcesBackgroundTime: true),
    .init("SKYWALK", 16, "the Skywalk networking subsystem ended the process"),
    .init("SETTINGS", 17, "a settings change (a permission revoked, a language switched) required a relaunch"),
    .init("LIBSYSTEM", 18, "libSystem ended the process for a fatal error in a system library"),
    .init("FOUNDATION", 19, "Foundation ended the process"),
    .init("WATCHDOG", 20, "watchdogd ended an unresponsive process"),
    .init("METAL", 21, "Metal ended the process for a fatal GPU error"),
    .init("WATCHKIT", 22, "WatchKit ended the app (for example over its background budget)"),
    .init("GUARD", 23, "the kernel ended the process for breaking a guard on a file descriptor, Mach port or memory"),
    .init("ANALYTICS", 24, "the analytics system ended the process"),
    .init("SANDBOX", 25, "the sandbox ended the process for an operation its profile forbids"),
    .init("SECURITY", 26, "a security policy ended the process"),
    .init("ENDPOINTSECURITY", 27, "an Endpoint Security client ended the process"),
    .init("PAC_EXCEPTION", 28, "a pointer-authentication failure ended the process"),
    .init("BLUETOOTH_CHIP", 29, "the Bluetooth chip's controller ended the process"),
    .init("PORT_SPACE", 30, "the process used too many Mach ports (its port space limit)"),
    .init("WEBKIT", 31, "WebKit ended the process (usually one of its own helper processes)"),
    .init("BACKLIGHTSERVICES", 32, "BacklightServices ended the process (display and always-on state rules)"),
    .init("MEDIA", 33, "the media system ended the process"),
    .init("ROSETTA", 34, "Rosetta could not translate or run the process"),
    .init("LIBIGNITION", 35, "the boot-time ignition library ended the process"),
    .init("BOOTMOUNT", 36, "the boot-time mount step ended the process"),
    .init(
      "FRONTBOARD", 10, "FrontBoard ended the app: a watchdog deadline, a scene or lifecycle rule",
      enforcesBackgroundTime: true),
    .init(
      "ASSERTIOND", 15, "assertiond (RUNNINGBOARD's old name) ended the app: it enforces background time",
      enforcesBackgroundTime: true),
    .init("MEMORYSTATUS", nil, "the memory-status subsystem (jetsam) ended the process"),
    // watchOS reports name Carousel, the watch's app manager, for its background-task watchdog:
    // `CAROUSEL, Background App Refresh watchdog transgression. Exhausted wall time allowance of 15.00
    // seconds.` (gdombiak/OctoPod #387, home-assistant/iOS #1192; Apple's "Addressing watchdog
    // terminations" shows the WatchConnectivity form). reason.h gives it no number.
    .init(
      "CAROUSEL", nil,
      "Carousel, watchOS's app manager, ended the app: a watchdog deadline, such as a background task "
        + "(Background App Refresh, WatchConnectivity) that ran past its wall-time allowance",
      enforcesBackgroundTime: true),
  ]

  /// The kind bglog gives a kill in this namespace when nothing more specific decides (no termination
  /// code it knows); `nil` when the code (SPRINGBOARD, FRONTBOARD, RUNNINGBOARD, ASSERTIOND) or the
  /// exception and signal (SIGNAL) decide instead. `CrashClassifier.byTerminationNamespace` follows it.
  public var decidedKind: DiagnosisKind? {
    switch name {
    case "SIGNAL": nil
    case "CODESIGNING": .codeSigning
    case "DYLD": .dyldLaunchFailure
    case "JETSAM", "MEMORYSTATUS": .jetsam
    case "TCC": .privacyViolation
    case "GUARD": .guardViolation
    default: enforcesBackgroundTime ? nil : .osTermination
    }
  }

  /// What a namespace written as a number (`<0xF>`, iOS 11's reports) is, in the words every diagnosis uses:
  /// `(15, RUNNINGBOARD in XNU's reason list, assertiond's number)`; nil for a namespace written by name.
  public static func numberedWording(_ written: String) -> String? {
    guard written.hasPrefix("<"), let known = named(written), let number = known.number else { return nil }
    return "(\(number), \(known.name) in XNU's reason list" + (number == 15 ? ", assertiond's number)" : ")")
  }

  /// The namespace a report names: `TCC`, `RUNNINGBOARD`, or a number written `<0xF>`.
  public static func named(_ text: String) -> TerminationNamespace? {
    let upper = text.uppercased()
    if let found = all.first(where: { $0.name == upper }) { return found }
    if upper.hasPrefix("<0X"), upper.hasSuffix(">"), let number = Int(upper.dropFirst(3).dropLast(), radix: 16) {
      return all.first(where: { $0.number == number })
    }
    return nil
  }
}
