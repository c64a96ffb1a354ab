/// 0x8badf00d with the main thread running SQLite's own code: SQLite is busy, not waiting, and the code to name is
/// the app's frame that ran the query, below SQLite and the database library the app called.
///
/// Real example (fixture `public-fmdb-841-…`, ccgus/fmdb #841): `0 SQLCipher … btreeNext + 16`,
/// `1 SQLCipher … sqlite3VdbeExec + 1692`, `3 SQLCipher … sqlite3_step`, `4 FMDB … -[FMResultSet nextWithError:]`,
/// `5 SecMail … -[UUSMCompanyContactService dc_getDBArrayWithdbArray:] + 595 (UUSMCompanyContactService.m:68)`, under
/// `WatchdogEvent: process-exit` and `failed to terminate gracefully after 5.0s`. SQLCipher is a third-party build
/// of SQLite: its image name says nothing, its symbols (`sqlite3…`, `btree…`, `…Vdbe…`) do.
extension ClassifierContext {
  /// The main thread's SQLite work: its top frame, the images that are SQLite, the database library frames and
  /// the code that ran the query.
  struct SQLiteWork {
    /// The main thread's top frame, in SQLite.
    var top: StackFrame
    /// The images the report shows to be SQLite, in the order met.
    var engineImages: [String]
    /// Those of ``engineImages`` that hold other code too (SQLite linked into the app): not called SQLite builds.
    var linkedInto: Set<String> = []
    /// Frames of a database library between SQLite and its caller (FMDB, GRDB, WCDB).
    var library: [StackFrame]
    /// The first frame below SQLite and the library: the app's (or an image not known as Apple's) when known.
    var caller: StackFrame?
    /// Whether ``caller`` is known to be the app's (Binary Images, the process name or `main`).
    var callerIsApp: Bool
    /// Whether the frames say rows were being read (`-[FMResultSet next…]`, a fetch, a cursor's `next`).
    var reading: Bool
  }

  /// Database libraries that wrap SQLite: a frame in one is the app's call into SQLite, not the app's code.
  /// FMDB (ccgus/fmdb #841) and GRDB (groue/GRDB.swift #1738) are the ones seen in real reports; WCDB is
  /// Tencent's.
  static let sqliteLibraryImages: Set<String> = ["FMDB", "GRDB", "WCDB", "WCDBSwift"]

  /// Whether a symbol is SQLite's own code: the public API (`sqlite3_step`), the internals (`sqlite3VdbeExec`,
  /// `sqlite3BtreeNext`) and the static b-tree functions a symbolicated build shows (`btreeNext`).
  static func isSQLiteEngineSymbol(_ symbol: String) -> Bool {
    symbol.hasPrefix("sqlite3") || symbol.hasPrefix("btree") || PlainSearch.contains("Btree", in: symbol)
      || PlainSearch.contains("Vdbe", in: symbol)
  }

  /// The main thread's SQLite work when its top frame is in an image the report shows to be SQLite
  /// (`libsqlite3.dylib`, or any image with a frame whose symbol is SQLite's); nil otherwise.
  func mainThreadSQLiteWork(_ main: ThreadBacktrace) -> SQLiteWork? {
    var engine: [String] = []
    for frame in main.frames where !engine.contains(frame.image) {
      if frame.image == "libsqlite3.dylib" || frame.symbol.map(Self.isSQLiteEngineSymbol) == true {
        engine.append(frame.image)
      }
    }
    // An image that is only SQLite (libsqlite3, SQLCipher) has every frame counted as SQLite, its static functions
    // included (`getCellInfo`); in an image that also holds other code (an app linking SQLite statically, an
    // Objective-C or Swift symbol among its frames) only SQLite's named symbols are.
    let mixed = Set(
      engine.filter { image in
        image != "libsqlite3.dylib"
          && (appImages.contains(image)
            || main.frames.contains { frame in
              guard frame.image == image, let symbol = frame.symbol else { return false }
              return symbol.hasPrefix("-[") || symbol.hasPrefix("+[") || symbol.hasPrefix("$s")
                || symbol.contains(".") || symbol.contains("(")
            })
      })
    func isSQLite(_ frame: StackFrame) -> Bool {
      guard engine.contains(frame.image) else { return false }
      return !mixed.contains(frame.image) || frame.symbol.map(Self.isSQLiteEngineSymbol) == true
    }
    guard let top = main.frames.first, isSQLite(top) else { return nil }
    var index = main.frames.startIndex
    while index < main.frames.endIndex, isSQLite(main.frames[index]) { index += 1 }
    var library: [StackFrame] = []
    while index < main.frames.endIndex, Self.sqliteLibraryImages.contains(main.frames[index].image) {
      library.append(main.frames[index])
      index += 1
    }
    let below = main.frames[index...]
    var caller: StackFrame?
    var callerIsApp = false
    if let app = below.first(where: { appImages.contains($0.image) || StackAnalysis.isDebugDylib($0.image) }) {
      caller = app
      callerIsApp = true
    } else {
      caller = below.first { !Self.isKnownSystemImage($0.image) && !Self.isWaitPrimitiveImage($0.image) }
    }
    let reading = library.contains { frame in
      let symbol = frame.symbol ?? ""
      return PlainSearch.contains("ResultSet", in: symbol) || PlainSearch.contains("fetch", in: symbol)
        || PlainSearch.contains("Cursor", in: symbol)
    }
    return SQLiteWork(
      top: top, engineImages: engine, linkedInto: mixed, library: library, caller: caller, callerIsApp: callerIsApp,
      reading: reading)
  }

  /// 0x8badf00d with the main thread busy in SQLite: what SQLite was doing, for whom, and, for `process-exit`,
  /// that the app was asked to quit and did not exit in time because of that work.
  func sqliteMainThreadHang(
    _ code: UInt64, details: WatchdogDetails, work: SQLiteWork, expirationHandler: StackFrame?,
    evidence: [Evidence], facts: [Fact]
  ) -> Diagnosis {
    var evidence = evidence
    var facts = facts
    let engine = work.engineImages.map { image in
      work.linkedInto.contains(image) ? "SQLite in \(OneLineText.clean(image))" : OneLineText.clean(image)
    }
    let libraries = work.library.reduce(into: [String]()) { names, frame in
      if !names.contains(frame.image) { names.append(OneLineText.clean(frame.image)) }
    }
    // `libsqlite3.dylib` is Apple's SQLite; another image is a build of it the app ships (SQLCipher).
    var place = engine.joined(separator: ", ")
    if !libraries.isEmpty { place += " via \(libraries.joined(separator: ", "))" }
    let activity = work.reading ? "reading an SQLite database" : "running an SQLite query"
    var blocking = "busy \(activity) (\(place))"
    facts.append(Fact("main-thread", "busy in SQLite's own code (\(place)): running, not waiting"))
    evidence.append(
      frameEvidence(work.top, "main thread busy in SQLite's own code (\(OneLineText.clean(work.top.image)))"))
    if let image = work.engineImages.first(where: { $0 != "libsqlite3.dylib" && !work.linkedInto.contains($0) }) {
      facts.append(
        Fact("sqlite-image", "\(OneLineText.clean(image)) (its frames have SQLite's symbols: a build of SQLite)"))
    }
    if let library = work.library.first {
      evidence.append(frameEvidence(library, "the database library the query went through"))
    }
    var callerName: String?
    if let caller = work.caller {
      var text = frameText(caller)
      if let file = caller.sourceFile {
        text += " (\(OneLineText.clean(file))\(caller.sourceLine.map { ":\($0)" } ?? ""))"
      }
      callerName = caller.symbol.map(OneLineText.clean) ?? OneLineText.clean(caller.image)
      if work.callerIsApp {
        facts.append(Fact("first-app-frame", text))
        evidence.append(frameEvidence(caller, "the app's code that ran the query"))
      } else {
        let unknown =
          report.binaryImages.isEmpty
          ? "the input has no Binary Images to tell the app's images from the system's"
          : "not an image of the app's"
        facts.append(Fact("called-from", text + " (\(unknown))"))
        evidence.append(
          frameEvidence(
            caller,
            "the code that ran the query: the first frame below SQLite\(libraries.isEmpty ? "" : " and \(libraries.joined(separator: ", "))") in an image not known as Apple's (\(unknown))"
          ))
      }
      blocking += ", called from \(callerName ?? "")"
    }
    if let handler = expirationHandler {
      evidence.append(frameEvidence(handler, "inside the background task expiration handler"))
      facts.append(Fact("watchdog-event", "background task expiration handler"))
    }
    guard details.event?.lowercased() == "process-exit" else {
      return hang(
        code, details: details, blocking: blocking, inExpirationHandler: expirationHandler != nil,
        evidence: evidence, facts: facts)
    }
    // `failed to terminate gracefully after 5.0s` (either case) is the time the app had to exit.
    let text = descriptionText
    let grace =
      WatchdogDetails.number(after: "ailed to terminate gracefully after ", in: text) ?? details.allowanceSeconds
    let within = grace.map { " within \(formatSeconds($0))" } ?? " in time"
    if let grace, !facts.contains(where: { $0.key == "time-allowance" }) {
      facts.append(Fact("time-allowance", formatSeconds(grace)))
    }
    let summary =
      "The system asked the app to quit (process-exit) and killed it (\(hex(code))) when it had not exited\(within): "
      + "its main thread was \(blocking)."
    var explanation =
      "The watchdog event is process-exit: the system asked the app to quit (the user swiping it away, an update, or "
      + "the system ending it) and the app did not exit\(within), because its main thread was still \(activity). "
      + "The top frame is SQLite's own code (\(OneLineText.clean(work.top.symbol ?? work.top.image))), so the "
      + "thread was working through the query, not waiting on a lock."
    if let cpu = details.applicationCPUSeconds {
      explanation +=
        " The app used \(formatSeconds(cpu)) of CPU"
        + (details.applicationCPUPercent.map { " (\(formatNumber($0))%)" } ?? "") + " before the kill."
    }
    if !work.callerIsApp, work.caller != nil, report.binaryImages.isEmpty {
      explanation +=
        " Without Binary Images the input does not prove which image is the app's; the code named is the first "
        + "frame below SQLite\(libraries.isEmpty ? "" : " and \(libraries.joined(separator: ", "))") in an image "
        + "not known as Apple's."
    }
    var advice = [
      "Do not run long synchronous database reads or queries on the main thread, and especially not while the app "
        + "is quitting (applicationWillTerminate(_:), scene disconnection, the notifications sent then): run them on "
        + "a background queue, or skip work that is not needed to quit."
    ]
    if let callerName {
      advice.append(
        "Start at \(callerName): make its query cheaper (an index, fewer rows) or move it off the main thread.")
    }
    return Diagnosis(
      kind: .watchdogHang, confidence: work.top.symbol == nil ? .medium : .high, summary: summary,
      explanation: explanation, advice: advice,
      evidence: evidence, facts: facts)
  }
}
