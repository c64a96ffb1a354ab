/// Reads what a thread was doing from its frames, symbolicated or not.
public enum StackAnalysis {
  /// What the main thread was doing when the report was taken.
  public enum MainThreadState: Sendable, Hashable {
    /// Idle in its run loop, waiting for a message: nothing was blocking it.
    case idleRunLoop(frames: [StackFrame], symbolicated: Bool)
    /// Waiting for something: the description says what, the frame is where.
    case blocked(reason: String, frame: StackFrame)
    /// Running code: the frame is the first app frame, or `nil` when no frame belongs to the app.
    case busy(frame: StackFrame?)
    /// The stack stops before the frames that tell idle from busy: only kernel and run-loop frames,
    /// no app frame and no thread entry point (a paste cut after `mach_msg_trap`, `mach_msg`).
    case undecided(frames: [StackFrame])
  }

  /// Symbols that start a thread: a stack that reaches one is complete.
  private static let entrySymbols: Set<String> = [
    "start", "main", "UIApplicationMain", "thread_start", "_pthread_start", "_pthread_body", "start_wqthread",
    "_pthread_wqthread", "__NSThread__start__", "NSApplicationMain",
  ]

  /// Whether the thread's frames reach its entry point (`start`, `main`, `thread_start`…), so the
  /// stack was not cut; unsymbolicated frames count when the last one is in dyld or libdyld.
  public static func isComplete(_ thread: ThreadBacktrace) -> Bool {
    guard let last = thread.frames.last else { return false }
    if let symbol = last.symbol { return entrySymbols.contains(symbol) || symbol.hasPrefix("start") }
    return last.image == "libdyld.dylib" || last.image == "dyld"
  }

  private static let kernelTrapSymbols: Set<String> = [
    "mach_msg_trap", "mach_msg2_trap", "mach_msg", "mach_msg2_internal", "mach_msg_overwrite",
  ]
  private static let kernelImages: Set<String> = ["libsystem_kernel.dylib"]
  private static let uiKitImages: Set<String> = ["UIKit", "UIKitCore"]

  /// Classifies the main thread's state.
  ///
  /// - Parameters:
  ///   - thread: the main thread.
  ///   - appImages: image names that belong to the app.
  public static func mainThreadState(_ thread: ThreadBacktrace, appImages: Set<String>) -> MainThreadState {
    if let idle = idleRunLoopFrames(thread) {
      return .idleRunLoop(frames: idle.frames, symbolicated: idle.symbolicated)
    }
    let app = firstAppFrame(thread, appImages: appImages)
    let cutInKernelOrRunLoop =
      app == nil && !isComplete(thread)
      && thread.frames.allSatisfy({ frame in
        kernelImages.contains(frame.image) || frame.image == "CoreFoundation" || frame.image == "GraphicsServices"
          || kernelTrapSymbols.contains(frame.symbol ?? "")
      })
    if let blocked = blockingReason(thread) {
      // An unsymbolicated kernel frame names no wait: cut there, it tops an idle run loop as much as a wait.
      if cutInKernelOrRunLoop, blocked.frame.symbol == nil { return .undecided(frames: thread.frames) }
      return .blocked(reason: blocked.reason, frame: blocked.frame)
    }
    if cutInKernelOrRunLoop {
      return .undecided(frames: thread.frames)
    }
    // The top of a run loop (mach_msg) with app code below it, but not the main run loop: the thread
    // waits for a Mach message (an IPC reply or a nested run loop), it is not running code.
    if let top = thread.frames.first, kernelTrapSymbols.contains(top.symbol ?? ""), app != nil {
      return .blocked(reason: "waiting for a Mach message (an IPC reply or a nested run loop)", frame: top)
    }
    return .busy(frame: app)
  }

  /// The frames that show an idle run loop (mach_msg → __CFRunLoopServiceMachPort → __CFRunLoopRun →
  /// CFRunLoopRunSpecific → GSEventRunModal → UIApplicationMain), or the same image sequence when the
  /// frames are not symbolicated; `nil` when the thread is doing something else.
  public static func idleRunLoopFrames(_ thread: ThreadBacktrace) -> (frames: [StackFrame], symbolicated: Bool)? {
    let frames = thread.frames
    guard let first = frames.first else { return nil }
    if first.symbol != nil, frames.prefix(4).filter({ $0.symbol != nil }).count >= 3 {
      return symbolicatedIdle(frames)
    }
    return imageSequenceIdle(frames)
  }

  private static func symbolicatedIdle(_ frames: [StackFrame]) -> (frames: [StackFrame], symbolicated: Bool)? {
    guard let top = frames.first?.symbol, kernelTrapSymbols.contains(top) else { return nil }
    // The steps must appear in this order, with nothing but kernel frames before the first one:
    // a callout (`__CFRUNLOOP_IS_CALLING_OUT_…`) or app code in between means the run loop was working.
    // CFRunLoopRunSpecific is left out of the required steps: pasted reports sometimes drop frames,
    // and GSEventRunModal / UIApplicationMain below already prove this is the main run loop.
    let steps = ["__CFRunLoopServiceMachPort", "__CFRunLoopRun"]
    var index = 0
    for step in steps {
      guard let found = frames[index...].prefix(6).firstIndex(where: { $0.symbol?.hasPrefix(step) ?? false })
      else { return nil }
      if step == steps[0],
        frames[..<found].contains(where: {
          !kernelImages.contains($0.image) && !kernelTrapSymbols.contains($0.symbol ?? "")
        })
      {
        return nil
      }
      index = found + 1
    }
    // Then GSEventRunModal and UIApplicationMain (UIKit), or SwiftUI/AppKit's equivalents.
    let window = frames[index...].prefix(6)
    guard
      let end = window.firstIndex(where: {
        let symbol = $0.symbol ?? ""
        return symbol == "UIApplicationMain" || symbol.hasPrefix("-[UIApplication _run]")
          || symbol == "GSEventRunModal" || symbol.hasPrefix("RunCurrentEventLoopInMode")
      })
    else { return nil }
    // A run loop nested under app or networking code (a synchronous request spinning its own run
    // loop) is not the idle main run loop: only run-loop and UIKit frames may sit in between.
    let between = frames[index..<end]
    guard between.allSatisfy({ ["CoreFoundation", "GraphicsServices", "UIKit", "UIKitCore"].contains($0.image) })
    else { return nil }
    let last = window[end...].firstIndex(where: { $0.symbol == "UIApplicationMain" }) ?? end
    return (Array(frames[...last]), true)
  }

  private static func imageSequenceIdle(_ frames: [StackFrame]) -> (frames: [StackFrame], symbolicated: Bool)? {
    var index = 0
    func run(_ accepts: (String) -> Bool, min: Int, max: Int) -> Bool {
      var count = 0
      while index < frames.count, count < max, accepts(frames[index].image) {
        index += 1
        count += 1
      }
      return count >= min
    }
    guard run({ kernelImages.contains($0) }, min: 1, max: 4),
      run({ $0 == "CoreFoundation" }, min: 2, max: 5),
      run({ $0 == "GraphicsServices" }, min: 1, max: 2)
    else { return nil }
    // A paste cut right after GraphicsServices (GSEventRunModal, which only the main run loop calls)
    // still shows the idle run loop; ``isCutAfterRunLoop(_:)`` tells the classifier the UIKit frames
    // are missing (Apple forums thread 88529).
    if index == frames.count { return (frames, false) }
    guard run({ uiKitImages.contains($0) }, min: 1, max: 4) else { return nil }
    return (Array(frames[..<index]), false)
  }

  /// Whether unsymbolicated idle run-loop frames stop at GraphicsServices, before UIKit's
  /// UIApplicationMain: idle by the image sequence, but the frames that would confirm it are cut.
  public static func isCutAfterRunLoop(_ frames: [StackFrame]) -> Bool {
    guard let last = frames.last, last.symbol == nil, last.image == "GraphicsServices" else { return false }
    return !frames.contains { uiKitImages.contains($0.image) }
  }

  /// What the thread waits on, judged from its top frames; `nil` when it is not waiting.
  public static func blockingReason(_ thread: ThreadBacktrace) -> (reason: String, frame: StackFrame)? {
    let top = thread.frames.prefix(8)
    // dispatch_sync waits in the same kernel primitives as locks (`__ulock_wait`, `_dlock_wait`), so
    // the innermost frame would say "lock": a dispatch_sync frame anywhere on top decides first.
    // `_dispatch_event_loop_wait_for_ownership` takes a dispatch_sync context: it is the wait under
    // `__DISPATCH_WAIT_FOR_QUEUE__` when a paste stops above it (firebase-ios-sdk #9859).
    let dispatchSync = [
      "_dispatch_sync_wait", "__DISPATCH_WAIT_FOR_QUEUE__", "_dispatch_sync_f_slow", "dispatch_sync",
      "_dispatch_event_loop_wait_for_ownership",
    ]
    if let frame = top.first(where: { frame in dispatchSync.contains { frame.symbol?.hasPrefix($0) ?? false } }) {
      return ("waiting in dispatch_sync for another queue", frame)
    }
    if let sleep = sleepCall(top) { return sleep }
    for frame in top {
      guard let symbol = frame.symbol else { continue }
      if let reason = reason(forSymbol: symbol, image: frame.image) {
        // libdispatch's send-and-wait is the layer under XPC's synchronous send: the XPC frame, when it is
        // among the top frames too, names the wait more exactly.
        if reason == machReplyReason,
          let xpc = top.first(where: { frame in xpcReplySymbols.contains { frame.symbol?.hasPrefix($0) ?? false } })
        {
          return (xpcReplyReason, xpc)
        }
        return (reason, frame)
      }
    }
    if let first = thread.frames.first, first.symbol == nil, kernelImages.contains(first.image) {
      return ("waiting in a system call (frames are unsymbolicated; symbolicate to see which)", first)
    }
    return nil
  }

  /// The calls that put a thread to sleep for a time, innermost first: libc's `sleep` → `nanosleep` →
  /// `__semwait_signal` (the kernel's timed wait), `usleep`, Foundation's `+[NSThread sleepForTimeInterval:]`.
  private static let sleepSymbols = ["__semwait_signal", "__semwait_signal_nocancel", "nanosleep", "usleep", "sleep"]
  private static let sleepMethodPrefixes = ["+[NSThread sleepForTimeInterval:", "+[NSThread sleepUntilDate:"]

  /// A thread sleeping: the outermost sleep call of the run of them at the top of the stack (the one the
  /// caller made: `sleep` over `nanosleep` over `__semwait_signal`), named in the reason. `__semwait_signal`
  /// alone (a paste cut above it) is a timed wait, not proven a sleep.
  private static func sleepCall(_ top: ArraySlice<StackFrame>) -> (reason: String, frame: StackFrame)? {
    func isSleep(_ frame: StackFrame) -> Bool {
      guard let symbol = frame.symbol else { return false }
      return sleepSymbols.contains(symbol) || sleepMethodPrefixes.contains { symbol.hasPrefix($0) }
    }
    guard let first = top.first, isSleep(first) else { return nil }
    let run = top.prefix(while: isSleep)
    guard let outer = run.last, let symbol = outer.symbol else { return nil }
    if symbol.hasPrefix("__semwait_signal") {
      return ("in a timed wait (__semwait_signal: a sleep or a wait with a timeout)", outer)
    }
    let name = symbol.hasPrefix("+[") ? symbol.prefix(while: { $0 != "]" }) + "]" : symbol + "()"
    return ("sleeping in \(name)", outer)
  }

  /// A thread in SQLite's code (a query, or its file I/O layer).
  static let sqliteReason = "in SQLite (database I/O)"

  private static let xpcReplySymbols = ["xpc_connection_send_message_with_reply_sync", "_xpc_send_serializer"]
  private static let xpcReplyReason = "waiting for a synchronous XPC reply"
  /// libdispatch's synchronous send (`_dispatch_mach_send_and_wait_for_reply` under `mach_msg2_trap`, dotnet/macios
  /// #20766; `dispatch_mach_send_with_result_and_wait_for_reply$VARIANT$mp` above XPC's synchronous send): the
  /// thread waits for another process to answer, it is neither idle in its run loop nor running code.
  static let machReplyReason =
    "blocked waiting for the reply to a synchronous XPC or Mach message (not idle in its run loop)"
  private static let machReplySymbols = [
    "_dispatch_mach_send_and_wait_for_reply", "dispatch_mach_send_with_result_and_wait_for_reply",
  ]

  private static func reason(forSymbol symbol: String, image: String) -> String? {
    let rules: [(prefixes: [String], reason: String)] = [
      (
        ["semaphore_wait_trap", "_dispatch_sema4_wait", "_dispatch_semaphore_wait_slow", "dispatch_semaphore_wait"],
        "waiting on a dispatch semaphore"
      ),
      (
        [
          "__psynch_mutexwait", "_pthread_mutex_firstfit_lock_wait", "pthread_mutex_lock", "-[NSLock lock]",
          "-[NSRecursiveLock lock]", "os_unfair_lock_lock", "__ulock_wait", "_os_unfair_lock_lock_slow",
        ],
        "waiting on a lock"
      ),
      (
        ["__psynch_cvwait", "pthread_cond_wait", "-[NSCondition wait]", "-[NSConditionLock"],
        "waiting on a condition variable"
      ),
      (
        ["_dispatch_sync_wait", "__DISPATCH_WAIT_FOR_QUEUE__", "_dispatch_sync_f_slow", "dispatch_sync"],
        "waiting in dispatch_sync for another queue"
      ),
      (["sqlite3_", "sqlite3VdbeExec", "unixSync", "unixWrite", "unixRead"], sqliteReason),
      (
        [
          "+[NSURLConnection sendSynchronousRequest", "-[NSData initWithContentsOfURL",
          "+[NSData dataWithContentsOfURL",
          "-[NSString initWithContentsOfURL", "CFURLConnectionSendSynchronousRequest",
        ],
        "doing synchronous networking"
      ),
      (
        [
          "write", "pwrite", "read", "pread", "fsync", "__open", "open", "close", "stat", "lstat", "getattrlist",
          "rename", "unlink", "fcntl", "flock", "_NSWriteToFileDescriptorWithProgress", "writeStringToURLOrPath",
          "_NSWriteDataToFileWithExtendedAttributes",
        ],
        "doing file I/O"
      ),
      (xpcReplySymbols, xpcReplyReason),
      (machReplySymbols, machReplyReason),
    ]
    for rule in rules {
      for prefix in rule.prefixes {
        // Exact names for short POSIX calls (so `read` does not match `readFromURL`), prefixes otherwise.
        let matches = prefix.count <= 6 ? symbol == prefix || symbol == "__" + prefix : symbol.hasPrefix(prefix)
        if matches { return rule.reason }
      }
    }
    return nil
  }

  /// The first frame (innermost first) whose image belongs to the app.
  ///
  /// An image named `*.debug.dylib` is the app's code in an Xcode 16 debug build, whatever the app's name.
  public static func firstAppFrame(_ thread: ThreadBacktrace, appImages: Set<String>) -> StackFrame? {
    thread.frames.first(where: { appImages.contains($0.image) || isDebugDylib($0.image) })
  }

  /// `image.hasSuffix(".debug.dylib")` as a byte comparison: it runs for every non-app frame.
  static func isDebugDylib(_ image: String) -> Bool {
    let suffix = debugDylibSuffix
    let bytes = image.utf8
    guard bytes.count > suffix.count else { return false }
    return bytes.suffix(suffix.count).elementsEqual(suffix)
  }

  private static let debugDylibSuffix = Array(".debug.dylib".utf8)

  /// The first frame in any thread whose symbol starts with one of `prefixes`.
  public static func firstFrame(in threads: [ThreadBacktrace], symbolPrefixes prefixes: [String]) -> StackFrame? {
    // The parts' bytes once, not once per frame; a part that is not plain sends every symbol to `contains`.
    let needles = prefixes.map { Array($0.utf8) }
    let plainNeedles = needles.allSatisfy { needle in needle.withUnsafeBufferPointer { ByteText.isPlain($0) } }
    for thread in threads {
      for index in thread.frames.indices {
        guard let symbol = thread.frames[index].symbol else { continue }
        let found =
          plainNeedles
          ? symbol.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            // Both plain: `contains` is this byte search (ByteText.range).
            guard ByteText.isPlain(bytes) else { return nil }
            return needles.contains { needle in
              needle.withUnsafeBufferPointer { ByteText.firstIndex(of: $0, in: bytes) != nil }
            }
          } ?? nil : nil
        if found ?? prefixes.contains(where: { contains(symbol, $0) }) {
          return thread.frames[index]
        }
      }
    }
    return nil
  }

  /// `symbol.hasPrefix(part) || symbol.contains(part)` (a prefix is also a contained part), as a byte
  /// search when both are plain ASCII: this runs for every frame of every thread.
  private static func contains(_ symbol: String, _ part: String) -> Bool {
    ByteText.range(of: part, in: symbol[...]) != nil
  }
}
