/// The reference text `bglog explain` prints for a kind, and the default advice of a diagnosis.
public struct KindReference: Sendable, Hashable {
  /// A short title.
  public var title: String
  /// The termination codes that name this kind, if any.
  public var codes: [UInt64]
  /// What it means, in a few sentences.
  public var meaning: String
  /// How to confirm it from the report.
  public var howToConfirm: String
  /// What to change in the code.
  public var advice: [String]
  /// Where the facts come from.
  public var sources: [String]
}

extension DiagnosisKind {
  /// The kind a termination code names on its own, when it names one.
  public static func forTerminationCode(_ code: UInt64) -> DiagnosisKind? {
    kindsByCode[code]
  }

  /// The first kind (in `allCases` order) whose reference lists each code, built once: building every
  /// kind's whole reference (titles, texts, sources) at each look-up was about 4.5 % of `diagnose`'s
  /// instructions on the 100-report bench corpus.
  private static let kindsByCode: [UInt64: DiagnosisKind] = {
    var table: [UInt64: DiagnosisKind] = [:]
    for kind in allCases {
      for code in kind.reference.codes where table[code] == nil { table[code] = kind }
    }
    return table
  }()

  /// Whether this kind is a system termination of an app that was (or should have been)
  /// in the background, as opposed to a crash in the app's own code.
  public var isBackgroundTermination: Bool {
    switch self {
    case .leakedBackgroundTask, .backgroundSessionCompletionNotCalled, .backgroundTaskOverflow,
      .suspendedWithLockedFile, .backgroundFetchTimeout:
      // background-task-not-completed belongs here too, but `check --help`, the man page and
      // docs/check.md list this set by hand (CLI text owned elsewhere): left for the lead to add.
      true
    default:
      false
    }
  }

  /// The reference entry for this kind.
  public var reference: KindReference {
    let appleSIGKILL = "Apple, \"EXC_CRASH (SIGKILL)\", developer.apple.com/documentation/xcode/sigkill"
    let appleWatchdog =
      "Apple, \"Addressing watchdog terminations\", developer.apple.com/documentation/xcode/addressing-watchdog-terminations"
    let tn2151 = "Apple Technical Note TN2151, \"Understanding and Analyzing Application Crash Reports\""
    let seed001 =
      "a乾坤大挪移a, \"iOS后台任务的影响\" (The impact of iOS background tasks), Jianshu, 2021, "
      + "jianshu.com/p/411fc42df99d (verbatim crash reports)"
    let seed000 =
      "\"iOS项目技术还债之路《一》后台下载趟坑\" (Paying down an old iOS project's tech debt, part 1: "
      + "background download pitfalls), Jianshu (author not named in the copy read) (console timeline and crash report)"
    let xnuReasons = "XNU, bsd/sys/reason.h (OS_REASON_* namespaces), apple-oss-distributions/xnu"
    let appleExceptionTypes =
      "Apple, \"Understanding the exception types in a crash report\", developer.apple.com/documentation/xcode/"
      + "understanding-the-exception-types-in-a-crash-report"
    switch self {
    case .leakedBackgroundTask:
      return KindReference(
        title: "Leaked background task",
        codes: [0x2182_bad2],
        meaning:
          "The app began a background task (beginBackgroundTask) and never ended it. When the background "
          + "time ran out (180 s on iOS 7-12, 30 s on iOS 13+), the system killed the app. iOS 14+ reports "
          + "it as 0x2182bad2; older systems report 0x8badf00d, which looks like a hang but is not one: the "
          + "main thread is idle in its run loop.",
        howToConfirm:
          "0x2182bad2; or 0x8badf00d with the main thread in mach_msg_trap > __CFRunLoopServiceMachPort > "
          + "__CFRunLoopRun > CFRunLoopRunSpecific > GSEventRunModal > UIApplicationMain (the same image "
          + "sequence when unsymbolicated); an assertion list naming finishTask or \"Shared Background "
          + "Assertion\"; low application CPU time. A crash on another thread also leaves the main thread idle, "
          + "so the code must be a watchdog code.",
        advice: [
          "Pair every beginBackgroundTask(withName:expirationHandler:) with exactly one endBackgroundTask(_:), "
            + "on every path, including errors and early returns.",
          "End the task inside its expiration handler too, and keep the identifier per task: storing a new id "
            + "in the same property before the old one is ended leaks the old one.",
          "Name each task (withName:) so the console and crash reports say which one leaked.",
        ],
        sources: [appleSIGKILL, seed001, seed000])
    case .backgroundSessionCompletionNotCalled:
      return KindReference(
        title: "Background URL session completion handler never called",
        codes: [0x2182_bad3],
        meaning:
          "nsurlsessiond woke or relaunched the app to deliver background URLSession events and held an "
          + "assertion (com.apple.nsurlsessiond.handlesession, reason backgroundDownload) until the app called "
          + "the completion handler of application(_:handleEventsForBackgroundURLSession:completionHandler:). "
          + "It was never called, so the system killed the app when the time ran out.",
        howToConfirm:
          "0x2182bad3; or 0x8badf00d with an assertion beyond permitted time named "
          + "\"com.apple.nsurlsessiond.handlesession <bundle>.<session>\" or with reason backgroundDownload "
          + "(owner nsurlsessiond).",
        advice: [
          "Store the completion handler passed to application(_:handleEventsForBackgroundURLSession:"
            + "completionHandler:) and hand it to the object that owns the URLSession with that identifier.",
          "Call it on the main queue from urlSessionDidFinishEvents(forBackgroundURLSession:), after the last "
            + "delegate callback has been processed.",
          "Recreate the background session with the same identifier at launch so the events have a delegate.",
        ],
        sources: [appleSIGKILL, seed000])
    case .watchdogHang:
      return KindReference(
        title: "Watchdog: main thread hung",
        codes: [0x8bad_f00d],
        meaning:
          "The watchdog killed the app because it did not respond to a system event (launch, scene create or "
          + "update, suspend, resume, background task expiry) in time: the main thread was busy or blocked.",
        howToConfirm:
          "0x8badf00d with the main thread NOT idle in its run loop: blocked in a semaphore, lock, file I/O, "
          + "synchronous networking or dispatch_sync, or busy in app code. The Termination Description names "
          + "the watchdog event and the time allowance.",
        advice: [
          "Move the blocking work named in the evidence off the main thread.",
          "Never wait on a semaphore, lock or dispatch_sync from the main thread for work that can be slow.",
          "Keep launch, scene and expiration-handler work short; defer the rest.",
        ],
        sources: [appleWatchdog, seed001])
    case .backgroundTaskOverflow:
      return KindReference(
        title: "Too many background tasks, or a slow expiration handler",
        codes: [0xbada_5e47],
        meaning:
          "The app had more background tasks than the system allows (about 1000), or an expiration handler "
          + "took too long to return.",
        howToConfirm:
          "0xbada5e47 (ASSERTIOND). Frames in an expiration handler "
          + "(workspaceNoteAssertionExpirationImminent) point to a slow handler; frames beginning or ending "
          + "background tasks point to too many tasks.",
        advice: [
          "Use one background task per unit of work the user cares about, not one per item; reuse it.",
          "Keep expiration handlers short: end the task and return; never do I/O or wait in them.",
        ],
        sources: [seed001])
    case .suspendedWithLockedFile:
      return KindReference(
        title: "File or SQLite lock held at suspension",
        codes: [0xdead_10cc],
        meaning:
          "The app held a file lock or SQLite database lock (in a shared container) when it was suspended.",
        howToConfirm: "0xdead10cc; sqlite3, flock, fcntl or NSFileCoordinator frames show who held it.",
        advice: [
          "Wrap database and file writes in beginBackgroundTask(withName:expirationHandler:), started before "
            + "the write, so they finish and release the lock before suspension.",
          "In app extensions use ProcessInfo.beginActivity(options:reason:).",
          "Keep databases that need not be shared out of app group containers.",
        ],
        sources: [appleSIGKILL])
    case .backgroundFetchTimeout:
      return KindReference(
        title: "Background fetch did not complete in time",
        codes: [0x2182_bad4],
        meaning: "A background fetch did not call its completion handler in time.",
        howToConfirm: "0x2182bad4.",
        advice: [
          "Call the completion handler of the background fetch or BGAppRefreshTask on every path, and set "
            + "an expiration handler that cancels the work and completes."
        ],
        sources: [appleSIGKILL])
    case .thermalKill:
      return KindReference(
        title: "Thermal event", codes: [0xc000_10ff],
        meaning: "The system killed the app because of a thermal event on the device.",
        howToConfirm: "0xc00010ff.",
        advice: ["Reduce sustained CPU/GPU work; test under the thermal device condition in Xcode."],
        sources: [appleSIGKILL])
    case .forceQuit:
      return KindReference(
        title: "Force quit by the user", codes: [0xdead_fa11],
        meaning:
          "The user force quit the app from the app switcher. This also cancels its background URLSession tasks.",
        howToConfirm: "0xdeadfa11.",
        advice: ["Nothing to fix in code; do not force quit to test background relaunch (use exit() instead)."],
        sources: [tn2151])
    case .insecureDrawing:
      return KindReference(
        title: "Insecure drawing", codes: [0x2bad_45ec],
        meaning: "The app drew while the device was locked or in a secure mode.",
        howToConfirm: "0x2bad45ec.",
        advice: ["Do not draw or update UI while protected data is unavailable or the device is locked."],
        sources: [tn2151])
    case .voipResumeLimit:
      return KindReference(
        title: "VoIP app resumed too often", codes: [0xbad2_2222],
        meaning: "The system killed a VoIP app because it resumed too frequently.",
        howToConfirm: "0xbad22222.", advice: ["Reduce VoIP wakeups; batch work per wakeup."],
        sources: [appleSIGKILL])
    case .voipPushNotReported:
      return KindReference(
        title: "VoIP push not reported to CallKit", codes: [0xbaad_ca11],
        meaning: "The app received a PushKit VoIP push and did not report a call to CallKit in time.",
        howToConfirm:
          "0xbaadca11, or PushKit's exception reason `Killing app because it never posted an incoming call to the "
          + "system after receiving a PushKit VoIP push.`, or the method that raises it, `-[PKPushRegistry "
          + "_terminateAppIfThereAreUnhandledVoIPPushes]`, in the Last Exception Backtrace.",
        advice: [
          "Report a call with CXProvider.reportNewIncomingCall on every VoIP push, before the handler returns."
        ],
        sources: [appleSIGKILL])
    case .diskSpaceReclaim:
      return KindReference(
        title: "Killed to reclaim disk space", codes: [0xbadd_d15c],
        meaning: "The system terminated the app to delete caches and reclaim disk space.",
        howToConfirm: "0xbaddd15c.",
        advice: ["Bound caches, logs and downloaded assets; evict what you no longer need."],
        sources: [appleSIGKILL])
    case .systemResourceOveruse:
      return KindReference(
        title: "Excessive use of system resources", codes: [0xd00d_2bad],
        meaning: "The system terminated the app for excessive use of key system resources.",
        howToConfirm: "0xd00d2bad.",
        advice: ["Reduce parallelism; finish preceding operations before starting new ones."],
        sources: [appleSIGKILL])
    case .watchBackgroundBudget:
      return KindReference(
        title: "watchOS background budget exceeded", codes: [0xc51b_ad01, 0xc51b_ad02, 0xc51b_ad03],
        meaning:
          "watchOS terminated the app for using too much CPU (0xc51bad01) or time (0xc51bad02; 0xc51bad03 under "
          + "system load) in a background task.",
        howToConfirm: "0xc51bad01, 0xc51bad02 or 0xc51bad03.",
        advice: ["Do less work per background task on watchOS; make it CPU-efficient."],
        sources: [appleSIGKILL])
    case .jetsam:
      return KindReference(
        title: "Jetsam (memory)", codes: [],
        meaning: "The system killed a process to reclaim memory, or because it went over its memory limit.",
        howToConfirm:
          "A JetsamEvent report (bug_type 298) lists processes; the killed ones carry a reason "
          + "(per-process-limit, vm-pageshortage, highwater, vm-thrashing...). The text Low Memory reports of iOS 5–9 "
          + "mark them (jettisoned); Xcode says `Terminated due to memory issue` for the process it debugs.",
        // Where the app was is often not in the input (Xcode's `Terminated due to memory issue` alert, LoopKit/Loop
        // #1785, names no state): the advice holds either way, background only as a condition.
        advice: [
          "Measure the memory footprint where it peaks and lower it: stream large files instead of loading them, "
            + "downsample images, release caches on memory warnings; if the app was in the background, also release "
            + "them on didEnterBackground."
        ],
        sources: [tn2151])
    case .cpuLimit:
      return KindReference(
        title: "CPU limit", codes: [],
        meaning: "The process used more CPU time than the system allows over a period (often in the background).",
        howToConfirm:
          "EXC_RESOURCE (CPU), or a microstackshot report with Event: cpu usage; in a console log, the CPU usage "
          + "trigger (`Received (FATAL) CPU usage trigger:` and the process's figures).",
        advice: ["Profile the heaviest stacks in the report; move work to BGProcessingTask or do less of it."],
        sources: [tn2151])
    case .wakeupsLimit:
      return KindReference(
        title: "Wakeups limit", codes: [],
        meaning: "The process woke the CPU more often than the system allows.",
        howToConfirm:
          "EXC_RESOURCE (WAKEUPS), or a microstackshot report with Event: wakeups, or the kernel's `process X[pid] "
          + "caught causing excessive wakeups.` line (which does not say whether the process was killed).",
        advice: ["Coalesce timers and polling; avoid tight loops of short sleeps."],
        sources: [tn2151])
    case .diskWritesLimit:
      return KindReference(
        title: "Disk writes limit", codes: [],
        meaning: "The process wrote more to disk than the system allows over a day; it was not killed for it.",
        howToConfirm:
          "EXC_RESOURCE (DISK WRITES), a microstackshot report with Event: disk writes (or its `… file backed memory "
          + "dirtied over …, exceeding limit of …` and `Writes caused:` lines alone), or a MetricKit "
          + "diskWriteExceptionDiagnostics entry.",
        advice: ["Batch and shrink writes; avoid rewriting whole files for small changes."],
        sources: [tn2151])
    case .hangReport:
      return KindReference(
        title: "Main-thread hang (reported, not necessarily killed)", codes: [],
        meaning:
          "The main thread stopped responding for a while (MetricKit hangDiagnostics or a hang report). Unlike "
          + "0x8badf00d, the system did not necessarily kill the app.",
        howToConfirm: "A hang diagnostic with its duration and call stack.",
        advice: ["Move the work in the hang's call stack off the main thread."],
        sources: [])
    case .codeSigning:
      return KindReference(
        title: "Code signing", codes: [],
        meaning: "The kernel killed the process because a page failed code-signature validation.",
        howToConfirm:
          "Termination Reason namespace CODESIGNING, or the exception type EXC_BAD_ACCESS (SIGKILL - CODESIGNING).",
        advice: ["Check signing and entitlements of every embedded binary; do not modify the bundle at runtime."],
        sources: [tn2151])
    case .privacyViolation:
      return KindReference(
        title: "Privacy violation (TCC)", codes: [],
        meaning:
          "TCC, the system's privacy gatekeeper, killed the process because it touched privacy-protected data or "
          + "hardware (camera, microphone, photos, contacts, Face ID…) without the usage-description key its "
          + "Info.plist must carry. It happens the first time the code path runs, in the foreground or background.",
        howToConfirm:
          "Termination Reason namespace TCC (OS_REASON_TCC, 11); the reason text names the missing key, "
          + "such as NSCameraUsageDescription.",
        advice: [
          "Add the usage-description key the termination reason names to the Info.plist of the app (or of the "
            + "extension that made the call), with a sentence saying why the app needs it.",
          "On macOS also check the entitlement the reason names (com.apple.security.device.audio-input, camera…).",
        ],
        sources: [xnuReasons, appleExceptionTypes])
    case .guardViolation:
      return KindReference(
        title: "Guard violation (EXC_GUARD)", codes: [],
        meaning:
          "The process broke a guard the kernel keeps on a resource: it closed or used a guarded file descriptor "
          + "(GUARD_TYPE_FD), misused a guarded Mach port (GUARD_TYPE_MACH_PORT), or touched guarded memory or a "
          + "vnode. The kernel kills the process at once; nothing in the app can catch it.",
        howToConfirm:
          "Exception Type EXC_GUARD, or Termination Reason namespace GUARD (OS_REASON_GUARD, 23); the guard type "
          + "is in the Exception Subtype or Codes, and in the top three bits of the exception code.",
        advice: [
          "For a file descriptor guard: find the code that closes or reuses a descriptor it does not own (a double "
            + "close, or close() on a descriptor number another library guards, such as 0-2 or SQLite's).",
          "For a Mach port guard: look for a port deallocated twice or a send right destroyed by code that does "
            + "not own it; the crashed thread's first app frame is where to start.",
        ],
        sources: [xnuReasons, appleExceptionTypes])
    case .osTermination:
      return KindReference(
        title: "Terminated by an OS component", codes: [],
        meaning:
          "A system component ended the process with an exit reason in its own namespace. XNU's reason list "
          + "names them: " + TerminationNamespace.all.map { "\($0.name) (\($0.meaning))" }.joined(separator: "; ")
          + ".",
        howToConfirm:
          "The Termination Reason's namespace; the reason text or the JSON termination.reasons say what the "
          + "component objected to.",
        advice: [
          "Read the reason text quoted in the evidence: the component says what it objected to.",
          "Namespaces that enforce background time (RUNNINGBOARD, ASSERTIOND, FRONTBOARD, SPRINGBOARD) mean the "
            + "app ran out of background time or missed a deadline; see the watchdog and background-task kinds.",
        ],
        sources: [xnuReasons])
    case .backgroundTaskNotCompleted:
      return KindReference(
        title: "Background task object released before it was completed", codes: [],
        meaning:
          "The system handed the app a background task object (BackgroundTasks' BGTask, WatchKit's "
          + "WKRefreshBackgroundTask and friends) and the app let it be released without marking it complete. "
          + "The framework's dealloc then ends the process with abort_with_reason.",
        howToConfirm:
          "The crashed thread runs abort_with_reason (or __abort_with_payload) called from the dealloc of a "
          + "system background-task class; a full report adds the termination namespace and reason text.",
        advice: [
          "Keep a strong reference to every background task the system hands you until you have called "
            + "setTaskCompleted(success:) (BGTask) or setTaskCompletedWithSnapshot(_:) (WatchKit), on every path.",
          "Complete the task in its expiration handler too, and never complete it twice.",
        ],
        sources: [xnuReasons])
    case .memoryLimit:
      return KindReference(
        title: "Memory limit (EXC_RESOURCE MEMORY)", codes: [],
        meaning:
          "The process crossed a memory limit the system set for it. The report says whether it was fatal; a "
          + "non-fatal one is a warning that jetsam may kill the process next.",
        howToConfirm:
          "EXC_RESOURCE with subtype MEMORY (or RESOURCE_TYPE_MEMORY) and an Exception Message with the limit; "
          + "\"NON-FATAL CONDITION\" in the Exception Note when it was only a warning.",
        advice: [
          "Lower the memory footprint: release caches, stream large files, downsample images; extensions have "
            + "much lower limits than apps."
        ],
        sources: [appleExceptionTypes, tn2151])
    case .sleepWakeFailure:
      return KindReference(
        title: "Sleep/wake failure (not an app crash)", codes: [],
        meaning:
          "A macOS stackshot taken because the Mac failed to sleep or wake in time. It describes the whole "
          + "system (often a driver or firmware), not an app crash.",
        howToConfirm: "Event: Sleep Wake Failure in a Stackshots report, often under a \"Sleep Wake failure\" banner.",
        advice: ["Nothing to fix in the app; the report belongs to the system (drivers, firmware, power management)."],
        sources: [])
    case .dyldLaunchFailure:
      return KindReference(
        title: "dyld launch failure", codes: [],
        meaning: "dyld could not launch the app: a library or symbol it links is missing.",
        howToConfirm: "Termination Reason namespace DYLD; the details name the library.",
        advice: ["Embed the missing framework, or weak-link it when it is newer than the deployment target."],
        sources: [tn2151])
    case .badAccess:
      return KindReference(
        title: "Bad memory access", codes: [],
        meaning: "The process read or wrote memory it may not access (SIGSEGV, SIGBUS).",
        howToConfirm: "EXC_BAD_ACCESS with SIGSEGV or SIGBUS; the subtype gives the address.",
        advice: ["Reproduce with Address Sanitizer and Zombies; look at the crashed thread's first app frame."],
        sources: [tn2151])
    case .abort:
      return KindReference(
        title: "Abort", codes: [],
        meaning: "The process aborted: usually an uncaught Objective-C or C++ exception, or a failed check.",
        howToConfirm: "EXC_CRASH (SIGABRT); the Last Exception Backtrace and Application Specific Information name it.",
        advice: [
          "Fix the exception or failed check named in the evidence: at the first app frame of the Last Exception "
            + "Backtrace when the report has one, else at the crashed thread's first app frame."
        ],
        sources: [tn2151])
    case .trap:
      return KindReference(
        title: "Trap", codes: [],
        meaning:
          "The CPU hit a trap instruction: a Swift runtime error (force unwrap of nil, index out of range, "
          + "overflow, fatalError) or __builtin_trap.",
        howToConfirm: "EXC_BREAKPOINT (SIGTRAP) or EXC_BAD_INSTRUCTION (SIGILL).",
        advice: ["Look at the crashed thread's first app frame: it is the line that trapped."],
        sources: [tn2151])
    case .mainThreadDeadlock:
      return KindReference(
        title: "Main-thread deadlock (in-app reporter)", codes: [],
        meaning:
          "An in-app crash reporter (such as KSCrash) saw the main thread stop responding. The OS did not "
          + "report a termination code, so this is not an Apple watchdog kill.",
        howToConfirm: "The reporter's own deadlock marker, with the main thread blocked on a lock.",
        advice: ["Find the lock the main thread waits on and who holds it; never take it on the main thread."],
        sources: [])
    case .stackshot:
      return KindReference(
        title: "Stackshot (not a crash)", codes: [0xbaaa_aaad],
        meaning: "A snapshot of every process, taken by the system or by the user's button press. Nothing crashed.",
        howToConfirm: "0xbaaaaaad, or a stackshot bug_type.",
        advice: ["Nothing to fix; look for a real crash report from the same time."],
        sources: [tn2151])
    case .kernelPanic:
      return KindReference(
        title: "Kernel panic (not an app crash)", codes: [],
        meaning: "The whole device panicked or was force-reset; not an app crash.",
        howToConfirm: "A panic report (bug_type 151/210) with a panic string.",
        advice: ["Nothing to fix in the app; report to Apple if it repeats."],
        sources: [])
    case .otherReport:
      return KindReference(
        title: "Other diagnostic report (not a crash)", codes: [],
        meaning: "A diagnostic report type bglog does not diagnose.",
        howToConfirm: "Its bug_type.", advice: [], sources: [])
    case .insufficientData:
      return KindReference(
        title: "Not enough data", codes: [],
        meaning:
          "The input (often a pasted part of a report) holds nothing that says what killed the app: no "
          + "exception type, termination reason, assertion list or telling frames. Never a high-confidence reading.",
        howToConfirm: "No exception type or termination reason in the input; the facts name what is missing.",
        advice: ["Get the full report (Xcode Organizer, Settings > Privacy > Analytics Data, or the .ips file)."],
        sources: [])
    case .unknown:
      return KindReference(
        title: "Unknown", codes: [],
        meaning: "Nothing bglog knows fits this report; the explanation says what was seen.",
        howToConfirm: "", advice: [], sources: [])
    }
  }
}
