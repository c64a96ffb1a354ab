extension TimelineFinding.Kind {
  /// The reference `bglog explain` prints for a console-log finding. Kinds shared with crash
  /// reports (`leaked-background-task`, `background-session-completion-not-called`, `force-quit`, `cpu-limit`,
  /// `jetsam`, `watchdog-hang`, `disk-space-reclaim`) use the crash-report reference instead.
  public var reference: KindReference? {
    let seed000 =
      "\"iOS项目技术还债之路《一》后台下载趟坑\" (Paying down an old iOS project's tech debt, part 1: "
      + "background download pitfalls), Jianshu (author not named in the copy read) (console timeline)"
    let appleDownloads =
      "Apple, \"Downloading files in the background\", developer.apple.com/documentation/foundation/url_loading_system/downloading_files_in_the_background"
    let appleBGTasks =
      "Apple, \"BackgroundTasks\" (framework documentation), developer.apple.com/documentation/backgroundtasks"
    let rnBackgroundFetch219 =
      "transistorsoft/react-native-background-fetch issue #219 (a simulated launch with no request scheduled)"
    let homeAssistant936 =
      "home-assistant/iOS pull request #936 (a background upload task resumed and never referenced again)"
    let appleRemoteNotification =
      "Apple, \"application(_:didReceiveRemoteNotification:fetchCompletionHandler:)\", "
      + "developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)"
    let applePerformFetch =
      "Apple, \"application(_:performFetchWithCompletionHandler:)\", "
      + "developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:performfetchwithcompletionhandler:)"
    let cordovaBackgroundFetch67 =
      "transistorsoft/cordova-plugin-background-fetch issue #67 (the performFetch warning in an Xcode console)"
    let wordpress4454 =
      "wordpress-mobile/WordPress-iOS issue #4454 (UIKit's warning in the app's Xcode console)"
    switch self {
    case .rateLimiter:
      return KindReference(
        title: "Background download resume rate limiter", codes: [],
        meaning:
          "Each time the system resumes or relaunches the app for a background session, a new download task it "
          + "starts waits for a delay that grows with every wakeup. An app that adds a few tasks per wakeup "
          + "(a 4-at-a-time slice downloader) sees the gaps between wakeups grow until the system stops waking it.",
        howToConfirm:
          "Three or more background wakeups with growing gaps, each adding about the same small number of tasks "
          + "(count them with --mark).",
        advice: [
          "Enqueue all the download tasks at once in one background session and limit concurrency with "
            + "HTTPMaximumConnectionsPerHost instead of adding tasks as others finish.",
          "Prefer fewer, larger transfers (an archive instead of hundreds of slices).",
        ],
        sources: [appleDownloads, seed000])
    case .stoppedWaking:
      return KindReference(
        title: "The system stopped waking the app", codes: [],
        meaning: "After several background wakeups the app was not woken again while the log went on.",
        howToConfirm: "Wakeups, then silence for much longer than the last gap.",
        advice: ["If work was left, see rate-limiter: enqueue everything at once."],
        sources: [seed000])
    case .transferCancelledImmediately:
      return KindReference(
        title: "nsurlsessiond started a connection and cancelled it at once", codes: [],
        meaning:
          "A background transfer's connection was cancelled within seconds of starting; the log does not say why.",
        howToConfirm: "An nsurlsessiond `[C… ] start` followed by `cancel` within 5 s.",
        advice: ["Check the session's configuration and the app's handling of background session events."],
        sources: [seed000])
    case .jetsamInBackground:
      return KindReference(
        title: "Killed by jetsam in the background", codes: [],
        meaning: "The system reclaimed the app's memory while it was in the background.",
        howToConfirm: "An exit context with domain jetsam while the app was in the background.",
        advice: ["Release caches and large buffers when entering the background."],
        sources: [])
    case .memoryLimitKill:
      return KindReference(
        title: "Killed for exceeding a memory limit (not the background one)", codes: [],
        meaning:
          "The kernel killed the process when its footprint passed its per-process memory limit. `ActiveHard` is "
          + "the limit while the process is active (in the foreground, or an extension at work), so the kill is "
          + "not a background kill; an `EXC_RESOURCE RESOURCE_TYPE_MEMORY` line alone does not say which limit. A "
          + "kill the kernel logs with `type:daemon` is a launchd daemon's at its own limit, whatever its class: not "
          + "an app, so no app lifecycle applies.",
        howToConfirm:
          "The kernel's `exceeded mem limit: ActiveHard N MB (fatal)` line (or `EXC_RESOURCE … RESOURCE_TYPE_MEMORY "
          + "(limit=…)`) for the process, and a jetsam kill for the same pid.",
        advice: [
          "Measure the process's footprint against the limit the line names (extensions have far smaller limits "
            + "than apps) and lower the peak: stream instead of loading whole files, free caches, downsample images."
        ],
        sources: [
          "getlantern/lantern pull request #8971 (the kernel's ActiveHard line and ReportSystemMemory's kill)",
          "taskcluster/community-tc-config issue #983 (a macOS daemon's `killing_specific_process … type:daemon`)",
          "nextcloud/talk-ios issue #1223 (EXC_RESOURCE -> … ActiveHard 24 MB (fatal))",
        ])
    case .suspensionOverrun:
      return KindReference(
        title: "The app overran its suspension window (iOS 4–6)", codes: [],
        meaning:
          "When an iOS 4–6 app was sent to the background without a background task, the system took its own "
          + "`Suspending process` assertion (reason `suspend`, about 10 s) while the app ran its "
          + "applicationDidEnterBackground work; an app still running when it ran out was killed with a forced "
          + "crash report.",
        howToConfirm:
          "SpringBoard or backboardd lists `identifier: Suspending process: App[pid] … reason: suspend` as held "
          + "beyond permitted time, then `Forcing crash report of App[pid]`.",
        advice: [
          "Return from applicationDidEnterBackground quickly; wrap longer work in beginBackgroundTask / "
            + "endBackgroundTask."
        ],
        sources: ["blog.s21g.com/articles/1859 (an iOS 4 device syslog: `Suspending process` 10 s, then the kill)"])
    case .bgTaskRequestNotScheduled:
      return KindReference(
        title: "No BGTaskScheduler request scheduled for the task", codes: [],
        meaning:
          "BGTaskScheduler was asked to launch a task identifier (usually from the debugger with "
          + "_simulateLaunchForTaskWithIdentifier:) and had no request with that identifier scheduled, so the "
          + "task's launch handler is not run; or it refused a request the app submitted, so the task never runs. "
          + "A refusal's code says why: 1 unavailable (the Simulator, Background App Refresh off, an extension), 2 "
          + "too many pending requests, 3 notPermitted (the identifier is not in BGTaskSchedulerPermittedIdentifiers, "
          + "or UIBackgroundModes lacks the request's mode: fetch for app refresh, processing for processing).",
        howToConfirm:
          "The app's own log says `No task request with identifier … has been scheduled`, usually after "
          + "`Simulating launch for task with identifier …`; or it logs the error submit(_:) threw, "
          + "`Error Domain=BGTaskSchedulerErrorDomain Code=N`, or its localized form `The operation couldn't be "
          + "completed. (BGTaskSchedulerErrorDomain error N.)` (React Native and Flutter code log error.message).",
        advice: [
          "List the identifier in Info.plist under BGTaskSchedulerPermittedIdentifiers, exactly as written in code.",
          "Enable the background mode the request needs: Background fetch (`fetch`) for a BGAppRefreshTaskRequest, "
            + "Background processing (`processing`) for a BGProcessingTaskRequest.",
          "Register the launch handler before the app finishes launching, then submit a BGAppRefreshTaskRequest "
            + "or BGProcessingTaskRequest for it (submit(_:) throws when the identifier is not permitted; log the "
            + "error), and simulate the launch only after the submit succeeded.",
        ],
        sources: [
          appleBGTasks,
          "Apple, \"notPermitted\" (BGTaskScheduler.Error), "
            + "developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/notpermitted",
          rnBackgroundFetch219,
          "transistorsoft/flutter_background_fetch issue #312 (`Could not schedule app refresh: Error "
            + "Domain=BGTaskSchedulerErrorDomain Code=3`)",
          "Expensify/App issue #85986 (`Uncaught (in promise, id: 0): \"Error: The operation couldn't be completed. "
            + "(BGTaskSchedulerErrorDomain error 1.)\"`)",
        ])
    case .urlTaskNotCompleted:
      return KindReference(
        title: "A background URL session task resumed and never heard of again", codes: [],
        meaning:
          "nsurlsessiond created or resumed a background session task and the log shows no completion, error or "
          + "cancel for it. When the log goes on for long after, the task is waiting: nsurlsessiond decides when a "
          + "background task runs (network, power, the app's state, a discretionary or begin-delayed task). When "
          + "the log ends soon after, it may simply have ended first.",
        howToConfirm:
          "A `Task <…>.<n> resumeTaskWithIdentifier` (or `uploadTaskWithRequest:`) line from nsurlsessiond and no "
          + "`Task <…>.<n> completed with error …` line after it.",
        advice: [
          "Capture a longer log (from the resume until well after the expected transfer) before concluding.",
          "Check the session configuration (isDiscretionary, allowsCellularAccess, earliestBeginDate) and the "
            + "device's network and Low Power Mode; test on a device, not the Simulator or Mac Catalyst.",
        ],
        sources: [homeAssistant936, appleDownloads])
    case .fetchCompletionNotCalled:
      return KindReference(
        title: "A fetch completion handler was never called", codes: [],
        meaning:
          "The app delegate received application(_:didReceiveRemoteNotification:fetchCompletionHandler:) (a remote "
          + "notification with data to fetch, a silent push) or application(_:performFetchWithCompletionHandler:) (a "
          + "background fetch) and never called the completion handler, as UIKit says in its warning. Apple's "
          + "documentation of the first: \"As soon as you finish processing the notification, you must call the "
          + "block in the handler parameter or your app will be terminated. Your app has up to 30 seconds of "
          + "wall-clock time to process the notification and call the specified completion handler block.\" It adds "
          + "that apps using significant amounts of power when processing remote notifications \"may not always be "
          + "woken up early to process future notifications.\" Of the second's handler: \"You must call this handler "
          + "and should do so as soon as possible.\"",
        howToConfirm:
          "The app's own log says `Warning: Application delegate received call to -application:"
          + "didReceiveRemoteNotification:fetchCompletionHandler: but the completion handler was never called.` (or "
          + "the same of `-application:performFetchWithCompletionHandler:`).",
        advice: [
          "Call the completion handler on every path (success, no data, failure, an early return), once, with the "
            + "UIBackgroundFetchResult that describes the result.",
          "When a push or background-fetch SDK receives the delegate call for the app, check that it calls the "
            + "handler (or that the app does, when the SDK hands it on).",
        ],
        sources: [appleRemoteNotification, applePerformFetch, wordpress4454, cordovaBackgroundFetch67])
    case .bgTaskRegistrationCrash:
      return KindReference(
        title: "The app crashed registering its background tasks (BGTaskScheduler)", codes: [],
        meaning:
          "BGTaskScheduler raised NSInternalInconsistencyException, which the app did not catch, so it terminated "
          + "(SIGABRT): the app's registration of its BGTaskScheduler launch handlers broke one of the framework's "
          + "rules. `Launch handler for task with identifier X has already been registered`: "
          + "register(forTaskWithIdentifier:using:launchHandler:) was called a second time for X in the same process "
          + "(two SDKs, or an SDK and the app, registering one identifier; or a registration that runs more than "
          + "once). `No launch handler registered for task with identifier X`: a request for X "
          + "was submitted (X is in BGTaskSchedulerPermittedIdentifiers) while no handler for X was registered in "
          + "this process. `All launch handlers must be registered before application finishes launching`: a handler "
          + "was registered after the app finished launching (UIApplicationDidFinishLaunchingNotification). Where "
          + "each is raised: BGTaskScheduler's registration and submission methods, as a decompiled BGTaskScheduler "
          + "shows.",
        howToConfirm:
          "The app's own `*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
          + "'…'` line with one of those reasons; the first-throw call stack (the crash report's last exception "
          + "backtrace) goes through -[BGTaskScheduler registerForTaskWithIdentifier:usingQueue:launchHandler:] "
          + "(registered twice, or late) or -[BGTaskScheduler submitTaskRequest:error:] (no handler).",
        advice: [
          "Register every identifier listed in BGTaskSchedulerPermittedIdentifiers exactly once per process, "
            + "synchronously, before application(_:didFinishLaunchingWithOptions:) returns (for a SwiftUI app: in the "
            + "App's init), never from a view, a Task or a foreground callback.",
          "When an SDK registers its own identifiers, do not register them again, and give each SDK its own "
            + "identifier; guard a registration that can run twice.",
          "Register a handler before submitting any request for an identifier.",
        ],
        sources: [
          appleBGTasks,
          "transistorsoft/flutter_background_geolocation issue #1205 (two SDKs register one identifier: the "
            + "`has already been registered` crash in Xcode's console)",
          "wordpress-mobile/WordPress-iOS issue #18156 (`No launch handler registered for task with identifier …`)",
        ])
    case .sigpipe:
      return KindReference(
        title: "Ended by SIGPIPE: a write to a closed socket or pipe", codes: [],
        meaning:
          "A process that writes to a socket or pipe whose other end is closed gets SIGPIPE (signal 13), and unless "
          + "it ignores the signal, that ends it. It is a crash in the app or a library it uses, not a kill by the "
          + "system. After time in the background the usual cause is a socket the system closed while the app was "
          + "suspended, written to when the app resumed.",
        howToConfirm:
          "Xcode's `Message from debugger: Terminated due to signal 13`, or an exit the device's log gives as signal "
          + "SIGPIPE(13); a crash report's `EXC_CRASH (SIGPIPE)` names the write on the crashed thread.",
        advice: [
          "Ignore SIGPIPE so the write fails with EPIPE instead: call signal(SIGPIPE, SIG_IGN) early in launch, or set "
            + "SO_NOSIGPIPE on each socket the app creates (setsockopt).",
          "Handle the write's error: reconnect the socket after the app resumes instead of writing to the old one.",
        ],
        sources: [
          "flutter/flutter issue #71979 (Xcode's `Terminated due to signal 13` after time in the background, an "
            + "mDNS socket `DEFUNCT` just before)",
          "flutter/flutter issue #84499 (a websocket closed after a long background; `signal(SIGPIPE, SIG_IGN)` in "
            + "the AppDelegate, after Apple's \"Avoiding Common Networking Mistakes\": Handle or disable SIGPIPE)",
          "robbiehanson/CocoaAsyncSocket pull request #77 (Prevent SIGPIPE signal for suspended iOS apps)",
        ])
    case .leakedBackgroundTask, .completionHandlerNotCalled, .forceQuit, .cpuLimit, .jetsam, .watchdogHang,
      .diskSpaceReclaim:
      return nil
    }
  }
}
