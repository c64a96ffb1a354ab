extension TimelineFinding.Kind {
  /// The reference `bglog explain` prints for a console-log finding. Kinds shared with crash
  /// reports (`leaked-background-task`, `background-session-completion-not-called`, `force-quit`)
  /// use the crash-report reference instead.
  public var reference: KindReference? {
    let seed000 =
      "\"iOS项目技术还债之路《一》后台下载趟坑\" (Paying down an old iOS project's tech debt, part 1: "
      + "background download pitfalls), Jianshu (author not named in the copy read) (console timeline)"
    let appleDownloads =
      "Apple, \"Downloading files in the background\", developer.apple.com/documentation/foundation/url_loading_system/downloading_files_in_the_background"
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
    case .leakedBackgroundTask, .completionHandlerNotCalled, .forceQuit:
      return nil
    }
  }
}
