import Foundation

/// 0x8badf00d: the assertion lists, then the main thread's state and the watchdog figures decide
/// between a leaked background task and a real hang.
extension ClassifierContext {
  func assertionEvidence(listed: Bool = true) -> [Evidence] {
    report.leakedAssertions.map { assertion in
      var note = listed ? "assertion held beyond permitted time" : "assertion held by the app"
      if let name = assertion.name { note += ": \"\(name)\"" }
      if let reason = assertion.reason {
        note += ", reason \(reason)"
        if let seconds = assertion.durationSeconds { note += " (\(formatSeconds(seconds)))" }
      }
      return evidence(assertion.location, assertion.text, note)
    }
  }

  /// Assertion text that the parser did not split into assertions (e.g. a FRONTBOARD explanation).
  func assertionTextEvidence() -> Evidence? {
    let marker = "active assertions beyond permitted time"
    if let line = report.applicationSpecificInformation.first(where: { PlainSearch.contains(marker, in: $0.value) }) {
      return evidence(line.location, line.value, "the system listed assertions held past their time")
    }
    if let termination = report.termination, PlainSearch.contains(marker, in: descriptionText) {
      return evidence(
        termination.descriptionLocation ?? termination.location, termination.description ?? marker,
        "the system listed assertions held past their time")
    }
    return nil
  }

  mutating func watchdog(_ code: UInt64) -> Diagnosis {
    var facts = baseFacts
    var details = WatchdogDetails(description: descriptionText)
    // The context's lines cut off from the reason by blank lines (a Markdown page that put a blank line between
    // every report line, pixio) are read as header lines: the event and visibility are still the watchdog's.
    if details.visibility == nil, let value = contextHeaderWord("ProcessVisibility") { details.visibility = value }
    if details.event == nil, let value = contextHeaderWord("WatchdogEvent") { details.event = value }
    if let event = details.event { facts.append(Fact("watchdog-event", event)) }
    if let allowance = details.allowanceSeconds {
      facts.append(
        Fact("time-allowance", formatSeconds(allowance) + (details.allowanceIsCPUTime ? " of CPU time" : "")))
    }
    if let visibility = details.visibility { facts.append(Fact("visibility", visibility)) }
    if let cpu = details.applicationCPUSeconds {
      facts.append(
        Fact(
          "application-cpu",
          formatSeconds(cpu) + (details.applicationCPUPercent.map { ", \(formatNumber($0))% CPU" } ?? "")))
    }
    if let thermal = details.thermalState { facts.append(Fact("thermal-state", thermal)) }
    var evidence = codeEvidence
    if let termination = report.termination, termination.descriptionLocation != nil, !details.isEmpty {
      var account = self.evidence(
        termination.descriptionLocation, termination.description ?? "", "the watchdog's own account")
      // A hard-wrapped description starts on a line holding only the key: quote the whole text.
      if account.quote.hasSuffix(":"), let description = termination.description {
        account.quote = description.split(whereSeparator: \.isNewline)
          .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
      }
      evidence.append(account)
    }

    // 1. The system named the assertions it held past their time: the strongest signal.
    if !report.leakedAssertions.isEmpty {
      evidence += assertionEvidence()
      let sessionAssertions = report.leakedAssertions.filter { $0.purpose == .backgroundSessionEvents }
      if !sessionAssertions.isEmpty {
        let names = sessionAssertions.compactMap(\.name).joined(separator: ", ")
        return Diagnosis(
          kind: .backgroundSessionCompletionNotCalled, confidence: .high,
          summary:
            "The app never called the background URLSession completion handler; nsurlsessiond's assertion "
            + "outlived its time and the system killed the app (\(hex(code))).",
          explanation:
            "The assertion held beyond permitted time is nsurlsessiond's (\(names)), which the system holds "
            + "while the app handles background session events and releases when the app calls the completion "
            + "handler of application(_:handleEventsForBackgroundURLSession:completionHandler:).",
          evidence: evidence, facts: facts)
      }
      let fetches = report.leakedAssertions.filter { $0.purpose == .backgroundFetch }
      if !fetches.isEmpty, !report.leakedAssertions.contains(where: { $0.purpose == .backgroundTask }) {
        return Diagnosis(
          kind: .backgroundFetchTimeout, confidence: .high,
          summary:
            "A background fetch never called its completion handler; its assertion outlived its time and the "
            + "system killed the app (\(hex(code))).",
          explanation:
            "The assertion held beyond permitted time is the background fetch's ("
            + fetches.compactMap(\.name).joined(separator: ", ")
            + "), which the system releases when the app calls the completion handler of "
            + "application(_:performFetchWithCompletionHandler:).",
          evidence: evidence, facts: facts)
      }
      let names = report.leakedAssertions.compactMap(\.name).joined(separator: ", ")
      return Diagnosis(
        kind: .leakedBackgroundTask, confidence: .high,
        summary: "A background task was never ended; the system killed the app when its time ran out (\(hex(code))).",
        explanation:
          "The report lists the assertions held beyond their permitted time (\(names.isEmpty ? "unnamed" : names)). "
          + "UIKit holds them for beginBackgroundTask until endBackgroundTask is called.",
        evidence: evidence, facts: facts)
    }
    if let text = assertionTextEvidence() {
      evidence.append(text)
      let sessions = text.quote.contains("nsurlsessiond.handlesession") || text.quote.contains("backgroundDownload")
      return Diagnosis(
        kind: sessions ? .backgroundSessionCompletionNotCalled : .leakedBackgroundTask, confidence: .medium,
        summary: sessions
          ? "An nsurlsessiond assertion outlived its time: the background session completion handler was not called."
          : "Assertions were held beyond their permitted time: a background task was not ended.",
        explanation:
          "The report says the app had assertions beyond permitted time, but bglog could not read the assertion "
          + "list itself, so which one is not certain.",
        evidence: evidence, facts: facts)
    }

    // `Failed to terminate gracefully after 5.0s` with no watchdog event named: the app did not exit when asked.
    if details.event == nil, let grace = details.terminationGraceSeconds {
      return terminationHang(code, grace: grace, evidence: evidence, facts: facts)
    }

    guard let main = report.mainThread, !main.frames.isEmpty else {
      // Without the main thread, neither reading is proven; the namespace, role and the watchdog's own
      // account may point to a background kill, as for a cut stack (the same kind either way).
      let background = backgroundSigns(details)
      let ruledOut = leakRuledOutByTimes()
      let kind: DiagnosisKind = background.isEmpty || ruledOut != nil ? .watchdogHang : .leakedBackgroundTask
      var facts = facts
      // Frames read under no heading that names the thread (pixio before its inline-code headings were read):
      // a backtrace is there, only not known to be the main thread's, so it is never called missing.
      let unplaced = report.threads.contains { !$0.frames.isEmpty }
      facts.append(
        Fact(
          "missing-evidence",
          unplaced
            ? "a thread heading saying the pasted frames are the main thread's" : "the main thread's backtrace"))
      if isProcessExit(details) {
        return processExitWithoutBacktrace(
          code, details: details, unplaced: unplaced, evidence: evidence, facts: facts)
      }
      if kind == .watchdogHang, let event = sceneWatchdogEvent(details) {
        if let ruledOut { facts.append(ruledOut.fact) }
        return sceneHang(
          code, details: details, event: event,
          stackNote: unplaced
            ? "The input has frames, but no thread heading says they are the main thread's, so bglog does not read "
              + "them as what blocked the main thread."
            : "The report has no main-thread backtrace, so what blocked the main thread is not named.",
          evidence: evidence, facts: facts)
      }
      var explanation =
        "0x8badf00d is a real hang when the main thread is blocked and a leaked background task when it is "
        + "idle; without the main thread's frames neither is proven."
      if kind == .leakedBackgroundTask {
        explanation += " A leaked background task is the likelier reading: " + background.joined(separator: "; ") + "."
      } else if ruledOut == nil {
        explanation += Self.hangByDefault
      }
      if let ruledOut {
        facts.append(ruledOut.fact)
        explanation += " " + ruledOut.sentence
      }
      var advice = [
        "Get the report's backtraces (the full .ips or .crash) to tell a hang from a leaked background task."
      ]
      // `Role: Foreground` says where the app was: advice for the background would not apply.
      if let role = report.header.role, role.lowercased() == "foreground", background.isEmpty {
        explanation += " The process role was Foreground, so this was not a background kill."
        advice.append(
          "It was in the foreground: move blocking work (locks, semaphores, file or network I/O) off the main "
            + "thread, and keep launch and scene work short.")
      } else {
        advice += [
          "If the app was in the background: end every beginBackgroundTask with endBackgroundTask, on every path.",
          "If it was in the foreground: move blocking work (locks, semaphores, file or network I/O) off the main thread.",
        ]
      }
      return Diagnosis(
        kind: kind, confidence: .low,
        summary: unplaced
          ? "The watchdog killed the app (\(hex(code))), but no thread heading says which thread the pasted frames are."
          : "The watchdog killed the app (\(hex(code))), but the report has no main-thread backtrace.",
        explanation: explanation,
        advice: advice,
        evidence: evidence, facts: facts)
    }
    let state = StackAnalysis.mainThreadState(main, appImages: appImages)
    let expirationHandler = StackAnalysis.firstFrame(
      in: [main], symbolPrefixes: ["workspaceNoteAssertionExpirationImminent", "_handleExpiration"])
    switch state {
    case .idleRunLoop(let frames, let symbolicated):
      evidence += frames.map { frameEvidence($0, "main thread idle in its run loop") }
      var idle = idleWatchdog(code, details: details, symbolicated: symbolicated, evidence: evidence, facts: facts)
      if StackAnalysis.isCutAfterRunLoop(frames) { cutIdleRunLoop(&idle) }
      return idle
    case .blocked(var reason, let frame):
      // SQLite's own code on top (a third-party build such as SQLCipher included): busy, not waiting.
      if reason == StackAnalysis.sqliteReason, let work = mainThreadSQLiteWork(main) {
        return sqliteMainThreadHang(
          code, details: details, work: work, expirationHandler: expirationHandler, evidence: evidence, facts: facts)
      }
      let app = StackAnalysis.firstAppFrame(main, appImages: appImages)
      // A sleep is the caller's choice, not a wait on other work: name who called it (cnblog2: `sleep` from
      // `-[AppDelegate application:didFinishLaunchingWithOptions:]`).
      if reason.hasPrefix("sleeping in "), let app, let symbol = app.symbol,
        let appIndex = main.frames.firstIndex(of: app), let sleepIndex = main.frames.firstIndex(of: frame),
        sleepIndex < appIndex
      {
        reason += " called from \(OneLineText.clean(symbol))"
      }
      facts.append(Fact("main-thread", reason))
      evidence.append(frameEvidence(frame, "main thread \(reason)"))
      if let app {
        // The system code that waits, between the wait and the app's frame (pixio: `__psynch_cvwait` under
        // `-[CADisplayLink invalidate]` under SceneKit, called from the app's unsymbolicated frame): what the app
        // called that blocked.
        if let waitIndex = main.frames.firstIndex(of: frame), let appIndex = main.frames.firstIndex(of: app),
          waitIndex < appIndex,
          let waiter = main.frames[(waitIndex + 1)..<appIndex].first(where: {
            !Self.isWaitPrimitiveImage($0.image) && $0.symbol != nil
          })
        {
          facts.append(Fact("waiting-in", frameText(waiter)))
          evidence.append(frameEvidence(waiter, "the system code that waits, called from the app's code below"))
        }
        facts.append(Fact("first-app-frame", frameText(app)))
        if app != frame { evidence.append(frameEvidence(app, "first app frame on the main thread")) }
      } else if let waiter = main.frames.first(where: { !Self.isWaitPrimitiveImage($0.image) }), waiter != frame {
        // No app frame in the input: the framework code that waits is what the reader needs to see
        // (e.g. CFNetwork setting up a background URLSession on the main thread).
        if report.binaryImages.isEmpty, !Self.isKnownSystemImage(waiter.image) {
          // Without Binary Images only the process's own image is known to be the app's: an image such as
          // `BGGeolocation` (react-native-background-geolocation #778) may be the app or a framework it
          // bundles, so it is not called system code.
          let unknown = "the input has no Binary Images to tell the app's images from the system's"
          facts.append(Fact("waiting-in", frameText(waiter) + " (\(unknown))"))
          evidence.append(frameEvidence(waiter, "the code that called it (\(unknown))"))
        } else if report.binaryImages.isEmpty,
          let caller = main.frames.first(where: {
            !Self.isKnownSystemImage($0.image) && !Self.isWaitPrimitiveImage($0.image)
          })
        {
          // A system frame waits, but an image below it is not known to be Apple's (pixio's excerpt without its
          // header: `Pixio 0x102a470cc …` under SceneKit): it may be the app, so "no app frame" is not claimed.
          let unknown = "the input has no Binary Images to tell the app's images from the system's"
          facts.append(Fact("waiting-in", frameText(waiter)))
          evidence.append(frameEvidence(waiter, "the system code that waits"))
          facts.append(Fact("called-from", frameText(caller) + " (\(unknown))"))
          evidence.append(frameEvidence(caller, "first frame in an image not known as Apple's (\(unknown))"))
        } else {
          facts.append(Fact("waiting-in", frameText(waiter) + " (no app frame in the input)"))
          evidence.append(frameEvidence(waiter, "the system code that called it (no app frame in the input)"))
        }
      }
      if let packager = StackAnalysis.firstFrame(
        in: [main], symbolPrefixes: ["-[RCTBundleURLProvider isPackagerRunning"])
      {
        // A React Native debug build asks the Metro packager, synchronously, whether it runs.
        facts.append(Fact("debug-build", "React Native's packager check on the main thread"))
        evidence.append(frameEvidence(packager, "React Native's packager check: a debug build"))
      }
      if let handler = expirationHandler {
        evidence.append(frameEvidence(handler, "inside the background task expiration handler"))
        facts.append(Fact("watchdog-event", "background task expiration handler"))
      }
      // Only the send-and-wait frames pasted, the stack cut before its caller (dotnet/macios #20766:
      // `mach_msg2_trap` … `_dispatch_mach_send_and_wait_for_reply`, then `5   libdispatch.dylib` cut): the thread
      // waited for a reply, but which code sent the message, and to which service, is not in the input. (A lock
      // or dispatch_sync wait names its own primitive and stays as it was.)
      var cutBeforeCaller: String?
      if reason == StackAnalysis.machReplyReason, app == nil, !StackAnalysis.isComplete(main),
        main.frames.allSatisfy({ Self.isWaitPrimitiveImage($0.image) }), let last = main.frames.last
      {
        let count = main.frames.count
        facts.append(
          Fact(
            "missing-evidence",
            "the main thread's frames below \(last.symbol ?? last.image) (no app frame among the \(count) pasted)"))
        cutBeforeCaller =
          "The pasted main-thread stack stops after \(count) frame\(count == 1 ? "" : "s"), all of them the wait "
          + "itself (no app frame among them): the code that sent the message, the app's or a framework's, and the "
          + "service it waited for are not in the input."
      }
      return hang(
        code, details: details, blocking: reason, inExpirationHandler: expirationHandler != nil,
        cutBeforeCaller: cutBeforeCaller, evidence: evidence, facts: facts)
    case .busy(let frame):
      // Without Binary Images an image bglog does not know as Apple's may be the app's (or a framework it
      // bundles): the thread is not called busy in system code then.
      let unplaced =
        frame == nil && report.binaryImages.isEmpty
        ? main.frames.first { !Self.isKnownSystemImage($0.image) && !Self.isWaitPrimitiveImage($0.image) } : nil
      if let frame {
        facts.append(Fact("first-app-frame", frameText(frame)))
        evidence.append(frameEvidence(frame, "main thread busy here"))
      } else if let unplaced {
        let unknown = "the input has no Binary Images to tell the app's images from the system's"
        facts.append(Fact("running-in", frameText(unplaced) + " (\(unknown))"))
        evidence.append(
          frameEvidence(unplaced, "main thread busy here, in an image that may be the app's (\(unknown))"))
        if let handler = expirationHandler {
          evidence.append(frameEvidence(handler, "inside the background task expiration handler"))
        }
        return hang(
          code, details: details,
          blocking: "busy running code in \(OneLineText.clean(unplaced.image)), an image the input does not place "
            + "(no Binary Images)",
          inExpirationHandler: expirationHandler != nil, evidence: evidence, facts: facts)
      } else if let top = main.frames.first {
        // A system frame is never called the first app frame: say it is the top frame.
        // The Swift runtime's conformance lookup (firebase-ios-sdk #15282,
        // `swift_conformsToProtocolMaybeInstantiateSuperclasses(…`) runs for the app's own `as?`/`is` casts.
        let conformance = top.symbol.map { PlainSearch.contains("swift_conformsToProtocol", in: $0) } ?? false
        evidence.append(
          frameEvidence(
            top,
            "top frame of the main thread (no app frame on it)"
              + (conformance
                ? ": the Swift runtime looking up a protocol conformance, which a dynamic cast (as?, is) to a "
                  + "protocol starts; the first lookup scans every image's conformance records" : "")))
      }
      if let handler = expirationHandler {
        evidence.append(frameEvidence(handler, "inside the background task expiration handler"))
      }
      return hang(
        code, details: details,
        blocking: frame == nil ? "busy in system code (no app frame on it)" : "busy running code",
        inExpirationHandler: expirationHandler != nil, evidence: evidence, facts: facts)
    case .undecided(let frames):
      evidence += frames.map { frameEvidence($0, "main thread frame (the paste stops here)") }
      return undecidedWatchdog(code, details: details, frames: frames, evidence: evidence, facts: facts)
    }
  }

  /// The first word of a termination context's `Key: value` line that the parser kept as a header line.
  func contextHeaderWord(_ key: String) -> String? {
    guard report.termination != nil, let field = report.header.field(key) else { return nil }
    let word = field.value.prefix(while: { !$0.isWhitespace && $0 != "|" && $0 != "," && $0 != ">" && $0 != "`" })
    return word.isEmpty ? nil : String(word)
  }

  /// Why an undecided 0x8badf00d is read as `watchdog-hang`: nothing in the input points to the background.
  static let hangByDefault =
    " Nothing in the input points to the background (no assertiond or runningboardd namespace, background role "
    + "or visibility), so bglog reads it as a hang, at low confidence."

  /// Images that are Apple's on every device (`lib….dylib`, and the frameworks that call the waits bglog
  /// names), so a frame in one is system code even without Binary Images to say so.
  static func isKnownSystemImage(_ image: String) -> Bool {
    if image.hasPrefix("lib"), image.hasSuffix(".dylib") { return true }
    return knownSystemImages.contains(image)
  }

  private static let knownSystemImages: Set<String> = [
    "Foundation", "CoreFoundation", "UIKit", "UIKitCore", "CFNetwork", "GraphicsServices", "FrontBoardServices",
    "BaseBoard", "RunningBoardServices", "BackBoardServices", "CoreData", "Security", "QuartzCore", "CoreText",
    "CoreGraphics", "ImageIO", "WebKit", "JavaScriptCore", "AVFoundation", "MediaToolbox", "CoreMedia",
    "CoreLocation", "UserNotifications", "CallKit", "PushKit", "BackgroundTasks", "SpringBoardServices",
    "AssertionServices", "Network", "CloudKit", "CoreServices", "MobileCoreServices", "StoreKit", "Photos",
    "PhotoLibraryServices", "libobjc.A.dylib", "dyld",
    // Apple's frameworks that app code calls into and that wait under it (SceneKit's display link in pixio).
    "SwiftUI", "AttributeGraph", "Combine", "SceneKit", "SpriteKit", "Metal", "MetalKit", "MapKit", "AVFAudio",
    "AudioToolbox", "CoreAudio", "CoreBluetooth", "CoreMotion", "CoreImage", "CoreVideo", "VideoToolbox", "IOKit",
    "Contacts", "ContactsUI", "EventKit", "HealthKit", "WatchConnectivity", "MediaPlayer", "SafariServices",
    "MessageUI", "CoreTelephony", "SystemConfiguration", "LocalAuthentication", "AuthenticationServices", "PassKit",
    "Intents", "WidgetKit", "SwiftData", "CoreSpotlight", "NetworkExtension", "PDFKit", "QuickLook", "GLKit",
    "OpenGLES", "CoreML", "Vision", "ARKit", "RealityKit", "FileProvider", "UIFoundation", "TextInput",
  ]

  /// The kernel, libdispatch and pthread images whose frames are the wait itself, not who waits.
  static func isWaitPrimitiveImage(_ image: String?) -> Bool {
    guard let image else { return true }
    return image.hasPrefix("libsystem_") || image == "libdispatch.dylib" || image == "???"
  }

  /// An idle run loop read from unsymbolicated images that stop at GraphicsServices: the shape is the
  /// main run loop's, but UIApplicationMain's frames, which would confirm it, are cut. Never `high`.
  func cutIdleRunLoop(_ diagnosis: inout Diagnosis) {
    if diagnosis.confidence == .high { diagnosis.confidence = .medium }
    diagnosis.facts.append(Fact("missing-evidence", "the main thread's frames below GraphicsServices (UIKit)"))
    diagnosis.explanation +=
      " The main thread's stack is unsymbolicated and stops after GraphicsServices: kernel, CoreFoundation and "
      + "GraphicsServices frames in this order are the main run loop waiting for events, but the UIKit frames "
      + "below, which would confirm it, are not in the input."
  }

  /// What says a watchdog kill happened in the background when the main thread cannot tell: a namespace
  /// that enforces background time (assertiond, runningboardd), a background or `Non UI` role, background
  /// visibility; none when the watchdog names a foreground event (launch, scene update).
  func backgroundSigns(_ details: WatchdogDetails) -> [String] {
    if let event = details.event, !event.contains("background"), !event.contains("expir") { return [] }
    var background: [String] = []
    if let namespace = report.termination?.namespace, let known = TerminationNamespace.named(namespace),
      known.enforcesBackgroundTime, known.name != "SPRINGBOARD", known.name != "FRONTBOARD"
    {
      // `<0xF>` is worded as the idle-main reading words it: the number's name in XNU's list, not a named source.
      let source = TerminationNamespace.numberedWording(namespace).map { "the unnamed namespace \(namespace) \($0)" }
      background.append("the kill came from \(source ?? known.name), which enforces background time")
    }
    if let role = report.header.role, ["background", "non ui"].contains(role.lowercased()) {
      background.append("the process role was \(role)")
    }
    if details.visibility?.lowercased() == "background" { background.append("the process was in the background") }
    return background
  }

  /// 0x8badf00d whose main-thread stack stops at the kernel trap or run-loop frames: these frames top
  /// both an idle run loop and many waits, so neither a leak nor a hang is proven. The namespace, the
  /// role and the watchdog's own account may point one way; the confidence stays low.
  func undecidedWatchdog(
    _ code: UInt64, details: WatchdogDetails, frames: [StackFrame], evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    var facts = facts
    let shown = frames.compactMap { $0.symbol ?? $0.image }.joined(separator: ", ")
    facts.append(Fact("main-thread", "cut after \(frames.count) frame(s): \(shown)"))
    facts.append(Fact("missing-evidence", "the main thread's frames below \(frames.last?.symbol ?? "the cut")"))
    let background = backgroundSigns(details)
    let ruledOut = leakRuledOutByTimes()
    let kind: DiagnosisKind = background.isEmpty || ruledOut != nil ? .watchdogHang : .leakedBackgroundTask
    if kind == .watchdogHang, let event = sceneWatchdogEvent(details) {
      if let ruledOut { facts.append(ruledOut.fact) }
      return sceneHang(
        code, details: details, event: event,
        stackNote: "The main thread's stack stops after \(shown); the frames below, which would name what it "
          + "was doing, are not in the input.",
        evidence: evidence, facts: facts)
    }
    var explanation =
      "The main thread's stack stops after \(shown): the top of an idle run loop looks exactly like this, and so "
      + "does a thread waiting for a reply. The frames below, which tell idle from busy, are not in the input, so "
      + "neither a leaked background task nor a hang is proven."
    let exiting = isProcessExit(details)
    if exiting {
      // No leak can make a process-exit kill: the app was asked to quit and had not exited.
      explanation += " " + processExitAccount(details)
      if let ruledOut { facts.append(ruledOut.fact) }
    } else if kind == .leakedBackgroundTask {
      explanation += " A leaked background task is the likelier reading: " + background.joined(separator: "; ") + "."
    } else if ruledOut == nil {
      explanation += Self.hangByDefault
    }
    if let ruledOut, !exiting {
      facts.append(ruledOut.fact)
      explanation += " " + ruledOut.sentence
    }
    explanation += " Paste the whole main thread (down to main or start) to decide."
    return Diagnosis(
      kind: kind, confidence: .low,
      summary:
        "The watchdog killed the app (\(hex(code))), but the main thread's stack is cut before the frames that "
        + "tell an idle run loop from a hang.",
      explanation: explanation,
      advice: exiting
        ? [
          Self.processExitAdvice,
          "Get the whole main-thread backtrace (the full .ips or .crash) to see what it was doing as the app was "
            + "exiting.",
        ]
        : [
          "Get the whole main-thread backtrace (the full .ips or .crash) to tell a hang from a leaked background task.",
          "If the app was in the background: end every beginBackgroundTask with endBackgroundTask, on every path.",
          "If it was in the foreground: move blocking work (locks, semaphores, file or network I/O) off the main thread.",
        ],
      evidence: evidence, facts: facts)
  }

  /// The watchdog event when it is one the main thread must answer (`scene-create`, `scene-update`,
  /// `process-launch`, or the oldest form's `launch`): such a transgression is the main thread not finishing that
  /// event in time, a hang by construction; a leaked background task ends in an assertion expiry instead.
  /// `process-launch` is SpringBoard's launch watchdog (`SPRINGBOARD, process-launch watchdog transgression: … exhausted
  /// real (wall clock) time allowance of 20.00 seconds | … WatchdogEvent: process-launch | WatchdogVisibility:
  /// Foreground`, geek-is-stupid.github.io/2018-10-15-0x8badf00d-ate-bad-food).
  func sceneWatchdogEvent(_ details: WatchdogDetails) -> String? {
    guard let event = details.event?.lowercased(),
      ["scene-create", "scene-update", "launch", "process-launch", "deactivate"].contains(event)
    else { return nil }
    return event
  }

  /// Whether the event is the launch itself (`process-launch`, or the oldest form's `launch`).
  static func isLaunchEvent(_ event: String) -> Bool { event == "launch" || event == "process-launch" }

  /// For a wall-clock allowance, the app's own CPU time when it used little of it (under a tenth of the
  /// allowance, or under 10%): the app was waiting, not computing. The sentence names the figures, and says the
  /// device may have starved the app when the whole device's CPU time reached half the allowance or more
  /// (Official-Kodi-Remote-iOS #684: `Elapsed total CPU time (seconds): 21.930 …, 100% CPU`, app 0.024 s).
  func waitingNotComputing(_ details: WatchdogDetails) -> (fact: Fact, sentence: String)? {
    guard !details.allowanceIsCPUTime, let cpu = details.applicationCPUSeconds, let allowance = details.allowanceSeconds
    else { return nil }
    guard cpu < allowance * 0.1 || (details.applicationCPUPercent.map { $0 < 10 } ?? false) else { return nil }
    var sentence =
      "The app used \(formatSeconds(cpu)) of CPU time in its \(formatSeconds(allowance)) wall-clock allowance: the "
      + "app was waiting (on synchronous file or network I/O, a lock, a semaphore or another process), not "
      + "computing."
    if let total = details.totalCPUSeconds, total >= allowance * 0.5 {
      sentence +=
        " The device as a whole used \(formatSeconds(total)) of CPU time in the same span, so the app may also have "
        + "been starved of CPU by other processes."
    }
    if let thermal = details.thermalState, Self.isThrottlingThermalState(thermal) {
      sentence +=
        " The report's thermal state was \(thermal): the system throttles the CPU then, which slows the app's work "
        + "and whatever it waits for."
    }
    return (
      Fact("cpu-reading", "waiting, not computing (\(formatSeconds(cpu)) of CPU in \(formatSeconds(allowance)))"),
      sentence
    )
  }

  /// Whether a `Thermal State:` is one at which the system throttles the CPU (`serious`, `critical`).
  static func isThrottlingThermalState(_ state: String) -> Bool {
    let lowered = state.lowercased()
    return lowered == "serious" || lowered == "critical"
  }

  /// 0x8badf00d for a scene (or launch) watchdog event when the main thread's frames do not show the
  /// blocker: a hang, `medium` when nothing in the input points elsewhere (no assertion-expiry namespace,
  /// no background role for a launch), else `low`. The advice never points at background tasks.
  func sceneHang(
    _ code: UInt64, details: WatchdogDetails, event: String, stackNote: String, evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    let namespace = report.termination?.namespace?.uppercased() ?? ""
    let role = report.header.role?.lowercased()
    // `ProcessVisibility: Unknown` (the process-launch report) says nothing: the role decides then.
    let visibility = details.visibility.map { $0.lowercased() }.flatMap { $0 == "unknown" ? nil : $0 } ?? role
    var contradictions: [String] = []
    if namespace == "ASSERTIOND" {
      contradictions.append("the kill came from assertiond, which enforces background time")
    }
    if event == "scene-create" || Self.isLaunchEvent(event), role == "background" || role == "non ui" {
      contradictions.append("the process role was \(report.header.role ?? "")")
    }
    let allowance = details.allowanceSeconds.map { " within its \(formatSeconds($0)) allowance" } ?? ""
    var explanation =
      "The watchdog names the \(event) event: the app did not finish it\(allowance), so the main thread did not "
      + "answer the event in time, which is a hang. A leaked background task ends in an assertion expiry, not in a \(event) "
      + "watchdog transgression. " + stackNote
    if event == "deactivate" {
      explanation =
        "The report says the app failed to deactivate: the watchdog killed it because the main thread did not return "
        + "in time from the work done while the app resigns active (applicationWillResignActive, and from iOS 4 "
        + "applicationDidEnterBackground), which is a hang in those handlers. A leaked background task ends in an "
        + "assertion expiry, not in a failed deactivation. " + stackNote
    }
    // `exhausted CPU time allowance` (WordPress-iOS #12554, covid19radar's FRONTBOARD report): the watchdog
    // counted the app's CPU time, so the app was computing during the event, not waiting on a lock.
    let cpuBound = details.allowanceIsCPUTime && event != "deactivate"
    if cpuBound {
      let used = details.applicationCPUSeconds.map { ", and it used \(formatSeconds($0)) of CPU" } ?? ""
      let limit = details.allowanceSeconds.map { " of \(formatSeconds($0))" } ?? ""
      explanation =
        "The watchdog names the \(event) event and a CPU-time allowance\(limit): the app ran out of the CPU time it "
        + "may use for the event\(used). The app was computing (CPU-bound work), not waiting on a lock or I/O. A "
        + "leaked background task ends in an assertion expiry, not in a \(event) watchdog transgression. "
        + stackNote.replacingOccurrences(of: "what blocked", with: "what ran on")
    }
    var facts = facts
    let waiting = cpuBound || event == "deactivate" ? nil : waitingNotComputing(details)
    if let waiting {
      facts.append(waiting.fact)
      explanation += " " + waiting.sentence
    }
    if !contradictions.isEmpty {
      explanation += " But " + contradictions.joined(separator: "; ") + ", so the reading stays uncertain."
    }
    var advice = [
      "Get the whole main-thread backtrace (the full .ips or .crash) to see what blocked the main thread "
        + (event == "deactivate" ? "while the app was deactivating." : "during the \(event).")
    ]
    var evidence = evidence
    if event == "deactivate",
      let said = report.applicationSpecificInformation.first(where: {
        PlainSearch.contains("ailed to deactivate", in: $0.value)
      })
    {
      evidence.append(self.evidence(said.location, said.value, "the system's note: the app failed to deactivate"))
    }
    let during =
      event == "scene-update"
      ? "scene updates (entering or leaving the background, snapshots)"
      : event == "deactivate" ? "deactivation (applicationWillResignActive, applicationDidEnterBackground)" : "launch"
    if cpuBound {
      advice = [
        "Get the whole main-thread backtrace (the full .ips or .crash) and profile the \(event) with Instruments' "
          + "Time Profiler to see which code used the CPU.",
        "Do less computation during \(during): make it faster, or defer it until the \(event) is answered"
          + (visibility == "background" ? " (the app was in the background: nothing is on screen to wait for)." : "."),
      ]
    } else if Self.isLaunchEvent(event), visibility != "background" {
      // The launch path: what runs before the first frame (didFinishLaunching, the first scene's setup).
      advice.append(
        "Keep the launch path free of waits: move synchronous file, database and network I/O, and waits on locks "
          + "or semaphores, out of application(_:didFinishLaunchingWithOptions:) and the first scene's setup "
          + "(scene(_:willConnectTo:options:), the first view controller's viewDidLoad): run them on a background "
          + "queue or after the first frame is shown.")
    } else if visibility == "background" {
      advice.append(
        "The app was in the background, where the \(event) still waits for the main thread: move blocking work "
          + "(locks, semaphores, file or network I/O) off the main thread in the handlers that run during \(during).")
    } else {
      advice.append(
        "Move blocking work (locks, semaphores, file or network I/O) off the main thread, and keep the work done "
          + "during \(during) short.")
    }
    let summary =
      cpuBound
      ? "The watchdog killed the app (\(hex(code))) because it used up its CPU-time allowance during the \(event) "
        + "event (CPU-bound work); the input does not show which code ran."
      : "The watchdog killed the app (\(hex(code))) because the main thread did not finish "
        + (event == "deactivate" ? "deactivating" : "the \(event) event") + " in time (a hang"
        + (waiting == nil ? "" : "; the app barely used the CPU") + "); the input does not show what blocked it."
    return Diagnosis(
      kind: .watchdogHang, confidence: contradictions.isEmpty ? .medium : .low,
      summary: summary, explanation: explanation, advice: advice, evidence: evidence, facts: facts)
  }

  func idleWatchdog(
    _ code: UInt64, details: WatchdogDetails, symbolicated: Bool, evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    var facts = facts
    facts.append(
      Fact("main-thread", "idle in its run loop" + (symbolicated ? "" : " (from the image sequence; unsymbolicated)")))
    var corroboration: [String] = []
    let namespace = report.termination?.namespace?.uppercased() ?? ""
    if namespace == "ASSERTIOND" || namespace == "RUNNINGBOARD" {
      corroboration.append(
        "the kill came from \(namespace == "ASSERTIOND" ? "assertiond" : "runningboardd"), which enforces background time"
      )
    }
    if let role = report.header.role, ["background", "non ui"].contains(role.lowercased()) {
      corroboration.append("the process role was \(role)")
    }
    if details.visibility?.lowercased() == "background" { corroboration.append("the process was in the background") }
    if let cpu = details.applicationCPUSeconds, let allowance = details.allowanceSeconds, cpu < allowance * 0.1 {
      corroboration.append("the app used little CPU (\(formatSeconds(cpu)) of \(formatSeconds(allowance)))")
    } else if let percent = details.applicationCPUPercent, percent < 10 {
      corroboration.append("the app used little CPU (\(formatNumber(percent))%)")
    }
    // The stack shows no blocking work, so the advice must not point at any: it says where to look instead.
    let idleHangAdvice = [
      "The main thread was idle when the report was taken, so the stack does not show the slow work: profile "
        + "what the app does before the \(details.event ?? "watchdog") deadline (launch, scene or exit handlers) "
        + "with Instruments' Time Profiler and hangs tracking.",
      "Look for work the main thread waits on outside this process (XPC, keychain, file coordination) and "
        + "for work that finished just before the kill.",
    ]
    // A named watchdog event other than background-task expiry is a deadline the app missed (launch,
    // scene-create, scene-update, process-exit...): an idle main thread then does not mean a leak.
    let busyCPU =
      (details.applicationCPUPercent ?? 0) >= 50
      || (details.applicationCPUSeconds.map { cpu in details.allowanceSeconds.map { cpu >= $0 * 0.5 } ?? false }
        ?? false)
    if busyCPU, let cpu = details.applicationCPUSeconds {
      return Diagnosis(
        kind: .watchdogHang, confidence: .low,
        summary:
          "The watchdog killed the app (\(hex(code))); the main thread was idle when sampled, but the app had "
          + "used a lot of CPU.",
        explanation:
          "An idle main thread usually means a leaked background task, but the app used "
          + "\(formatSeconds(cpu))\(details.applicationCPUPercent.map { " (\(formatNumber($0))%)" } ?? "") of CPU "
          + "before the kill: it was working, and the main thread's work likely finished just before the report "
          + "was taken." + (details.event.map { " The watchdog event was \($0)." } ?? ""),
        advice: idleHangAdvice, evidence: evidence, facts: facts)
    }
    if isProcessExit(details) {
      return Diagnosis(
        kind: .watchdogHang, confidence: .low,
        summary: "The process-exit watchdog killed the app (\(hex(code))), but the main thread was idle when sampled.",
        explanation:
          processExitAccount(details) + " Yet the main thread sat idle in its run loop when the report was taken: the "
          + "exit-time work may have ended just before the kill, or the main thread was waiting for something outside "
          + "this process. A leaked background task would not produce a process-exit event.",
        advice: [
          Self.processExitAdvice,
          "The main thread was idle when the report was taken, so the stack does not show the slow work: profile "
            + "what the app does as it quits with Instruments' Time Profiler, and look for work it waits on outside "
            + "this process (XPC, keychain, file coordination).",
        ], evidence: evidence, facts: facts)
    }
    if let event = details.event, !event.contains("background"), !event.contains("expir"),
      !event.contains("assertion")
    {
      return Diagnosis(
        kind: .watchdogHang, confidence: .low,
        summary: "The \(event) watchdog killed the app (\(hex(code))), but the main thread was idle when sampled.",
        explanation:
          "The watchdog event is \(event), a foreground deadline, yet the main thread sat idle in its run loop when "
          + "the report was taken; the blocking work may have ended just before the kill, or the main thread was "
          + "waiting for something outside this process. A leaked background task would not produce a \(event) event.",
        advice: idleHangAdvice, evidence: evidence, facts: facts)
    }
    if namespace == "<0XF>" {
      return Diagnosis(
        kind: .leakedBackgroundTask, confidence: .low,
        summary: "Watchdog kill (\(hex(code))) with an idle main thread, under the unnamed namespace <0xF>.",
        explanation:
          "An idle main thread with 0x8badf00d usually means a leaked background task. The namespace <0xF> "
          + (TerminationNamespace.numberedWording("<0xF>") ?? "")
          + " matches a known iOS 11.0.x bug (killed shortly after entering the background after a notification, "
          + "fixed in iOS 11.2; seed 001), so check the OS version before changing code.",
        evidence: evidence, facts: facts)
    }
    let confidence: Confidence = corroboration.isEmpty ? .medium : .high
    return Diagnosis(
      kind: .leakedBackgroundTask, confidence: confidence,
      summary:
        "A background task was never ended: the watchdog killed the app (\(hex(code))) while its main thread was "
        + "idle, not hung.",
      explanation:
        "0x8badf00d with the main thread idle in its run loop (mach_msg → __CFRunLoopServiceMachPort → "
        + "__CFRunLoopRun → CFRunLoopRunSpecific → GSEventRunModal → UIApplicationMain"
        + (symbolicated ? "" : ", recognised from the image sequence because the frames are unsymbolicated")
        + ") means nothing was blocking the app: the system killed it for holding background time it did not "
        + "give back."
        + (corroboration.isEmpty
          ? " Nothing else in the report confirms it (no assertion list, CPU figures or background role), so "
            + "this is likely but not certain."
          : " Also, " + corroboration.joined(separator: "; ") + "."),
      evidence: evidence, facts: facts)
  }

  func hang(
    _ code: UInt64, details: WatchdogDetails, blocking: String, inExpirationHandler: Bool,
    cutBeforeCaller: String? = nil, evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    let event = details.event ?? (inExpirationHandler ? "background task expiration" : nil)
    // A main thread read as busy while the app used little of a wall-clock allowance (firebase-ios-sdk #15282:
    // 0.435 s, 1% CPU in 5.96 s) was not computing: it was waiting, or starved of CPU.
    let waiting = blocking.hasPrefix("busy") ? waitingNotComputing(details) : nil
    var facts = facts
    var blocking = blocking
    if let waiting {
      facts.append(waiting.fact)
      blocking =
        blocking.replacingOccurrences(of: "busy running code", with: "stopped in code")
        .replacingOccurrences(of: "busy in ", with: "stopped in ")
        + ", waiting or starved of CPU, not busy (the app barely used the CPU)"
    }
    var summary = "The watchdog killed the app (\(hex(code))): its main thread was \(blocking)"
    if let event { summary += " during \(event)" }
    if let allowance = details.allowanceSeconds {
      let clock = details.allowanceIsCPUTime ? "CPU-time" : "wall-clock"
      summary += ", past its \(formatSeconds(allowance)) \(clock) allowance"
    }
    summary += "."
    // High only when the deciding frame is readable: a symbolicated wait, or app code running.
    let confidence: Confidence =
      blocking.contains("unsymbolicated") || blocking.contains("no app frame") || blocking.contains("no Binary Images")
        || cutBeforeCaller != nil || waiting != nil
      ? .medium : .high
    // Without the deciding frames the hang is the likelier reading, not a proven one.
    var explanation =
      confidence == .high
      ? "0x8badf00d with a main thread that is not idle is a real hang: the app did not answer "
      : cutBeforeCaller != nil
        ? "0x8badf00d with a main thread that is not idle points to a hang: the app likely did not answer "
        : "0x8badf00d with a main thread that does not look idle points to a hang (the frames that would prove it "
          + "are unsymbolicated or not the app's): the app likely did not answer "
    let exiting = isProcessExit(details)
    explanation +=
      exiting
      ? "the process-exit deadline (the system asked it to quit and it did not finish exiting in time)"
      : event.map { "the \($0) deadline" } ?? "a system deadline"
    explanation += " because the main thread was \(blocking)."
    if let waiting { explanation += " " + waiting.sentence }
    if let cutBeforeCaller { explanation += " " + cutBeforeCaller }
    if inExpirationHandler {
      explanation += " The work runs inside the background task's expiration handler, which must return at once."
    }
    let sleeping = blocking.hasPrefix("sleeping in ")
    if sleeping {
      explanation +=
        " A sleep is a timed wait the code asks for itself: the main thread does nothing else until the time is up, "
        + "and the deadline passed while it slept."
    }
    if facts.contains(where: { $0.key == "debug-build" }) {
      explanation +=
        " The wait is in -[RCTBundleURLProvider isPackagerRunning:], a React Native debug build asking the Metro "
        + "packager whether it runs (a synchronous request): a build that loads its bundled JavaScript does not "
        + "make it."
    }
    if details.allowanceIsCPUTime, let cpu = details.applicationCPUSeconds {
      explanation +=
        " The allowance is CPU time and the app used \(formatSeconds(cpu)) of it, so it was working, not only "
        + "waiting: profile the work for CPU as well."
    }
    var advice = DiagnosisKind.watchdogHang.reference.advice
    if exiting { advice.insert(Self.processExitAdvice, at: 0) }
    if inExpirationHandler {
      advice.insert("Make the expiration handler only end the task; move the file or network work out of it.", at: 0)
    }
    if sleeping {
      advice.insert(
        "Do not sleep on the main thread: schedule the later work instead (a Timer, DispatchQueue.main.asyncAfter).",
        at: 0)
    }
    return Diagnosis(
      kind: .watchdogHang, confidence: confidence, summary: summary, explanation: explanation,
      advice: advice, evidence: evidence, facts: facts)
  }

  /// The VM Region Info line marking the faulting address's region as a mapped file, for an
  /// `EXC_BAD_ACCESS` with `KERN_MEMORY_ERROR`: text reports write it a few lines after the subtype
  /// (`--->  mapped file  0000000100990000-…`), `.ips` bodies in `vmRegionInfo`. Returns the evidence:
  /// the subtype line when the text has one, then the region line.
  func mappedFilePageIn() -> [Evidence] {
    guard let exception = report.exception, exception.type?.uppercased().hasPrefix("EXC_BAD_ACCESS") == true,
      let subtype = exception.subtype, PlainSearch.contains("KERN_MEMORY_ERROR", in: subtype)
    else { return [] }
    let note = "the faulting address is in a mapped file"
    if let field = report.header.field("vmRegionInfo"),
      let marked = field.value.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("--->") }),
      PlainSearch.contains("mapped file", in: marked)
    {
      return [evidence(field.location, String(marked), note)]
    }
    guard let source, let start = exception.location?.line ?? exception.codesLocation?.line,
      exception.location?.jsonPath == nil
    else { return [] }
    var subtypeLine: Int?
    for number in start...min(start + 12, source.lineCount) {
      let text = source.line(number).drop(while: { $0 == " " || $0 == "\t" })
      if text.hasPrefix("Exception Subtype:") { subtypeLine = number }
      guard text.hasPrefix("--->") else { continue }
      guard PlainSearch.contains("mapped file", in: text) else { return [] }
      let subtypeEvidence = subtypeLine.map {
        evidence(.line($0), "Exception Subtype: \(subtype)", "a page-in failure (KERN_MEMORY_ERROR)")
      }
      return [subtypeEvidence, evidence(.line(number), String(text), note)].compactMap { $0 }
    }
    return []
  }

  /// A watchdog kill whose exception is a page-in failure on a mapped file: the thread that touched the
  /// mapping was waiting for storage when the kill came. Added as a fact, evidence and explanation.
  func addMappedFilePageIn(to diagnosis: inout Diagnosis) {
    guard report.termination?.code == 0x8bad_f00d else { return }
    let pageIn = mappedFilePageIn()
    guard !pageIn.isEmpty else { return }
    diagnosis.evidence += pageIn
    diagnosis.facts.append(Fact("fault", "KERN_MEMORY_ERROR reading a memory-mapped file"))
    diagnosis.explanation +=
      " The exception is EXC_BAD_ACCESS with KERN_MEMORY_ERROR at an address inside a mapped file (VM Region "
      + "Info): a thread touched a page of a memory-mapped file that had not been read in, and that page-in had "
      + "not completed when the watchdog killed the app (slow or failing storage, or a file changed or removed "
      + "under the mapping). If that thread is the main thread, this wait is what the watchdog saw."
  }
}
