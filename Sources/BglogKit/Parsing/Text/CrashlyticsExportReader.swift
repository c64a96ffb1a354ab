import Foundation

/// Reads a Firebase Crashlytics console export pasted as text, which has no report header, no
/// `Exception Type:` key and no `Thread N:` headings, so the text report parser finds nothing in it.
///
/// The layout, as seen in issue threads (Appboy/appboy-ios-sdk #165, at-internet/atinternet-apple-sdk #69,
/// flutter/flutter #112846, transistorsoft/capacitor-background-fetch #26, microsoft/appcenter-sdk-apple #1944,
/// firebase/firebase-ios-sdk #13219):
///
/// - a summary: the crashed thread's name, then the exception on its own line
///   (`Crashed: com.apple.main-thread` / `EXC_BAD_ACCESS KERN_INVALID_ADDRESS 0x0000000000000000`,
///   `Crashed: WatchDog` / `EXC_BREAKPOINT 0x0000000106512480`);
/// - each thread as a line naming it (`Crashed: <name>` for the crashed one, `Thread`, a queue name such as
///   `com.apple.root.default-qos`) directly over its frames `0  image  0xaddr symbol [+ offset] [(File.swift:22)]`;
///   `Fatal Exception: <NSException name>` over the exception's own frames;
/// - copies from the console may repeat a name line after a thread's frames (`Thread #1`, a name then a blank
///   line then the same name over the next frames): such label lines are read as nothing.
///
/// Every non-blank line must be one of these (or a Markdown fence), and the text must hold a thread with
/// frames and a crashed thread's name or an exception line: anything else is left to the other readers.
enum CrashlyticsExportReader {
  static func read(_ source: SourceText) -> CrashReport? {
    guard source.lineCount <= 20_000 else { return nil }
    var lines: [(number: Int, text: Substring)] = []
    // One inline code span around the whole export (`` `Crashed: com.apple.main-thread `` … `` (Missing)` ``,
    // microsoft/appcenter-sdk-apple #1944): its two backticks are set aside.
    var spanMarks: [Int] = []
    for index in 0..<source.lineCount {
      var text = TextScanning.trimmed(source.lineText(index))
      if text.isEmpty || TextReportBuilder.isFence(text) { continue }
      guard text.utf8.count <= 4096 else { return nil }
      if text.hasPrefix("`"), !text.hasPrefix("``") {
        text = TextScanning.trimmed(text.dropFirst())
        spanMarks.append(index + 1)
      }
      if text.hasSuffix("`"), !text.hasSuffix("``"), isDigit(text.utf8.first) {
        text = TextScanning.trimmed(text.dropLast())
        spanMarks.append(index + 1)
      }
      lines.append((index + 1, text))
    }
    // Prose before the export's first `Crashed:` / `Fatal Exception:` line or thread name over a frame 0, and after
    // its last frame, is set aside
    // (at-internet/atinternet-apple-sdk #69 asks its question under the paste).
    let all = lines
    // The console's "Stack trace" download opens with its own header (`# Crashlytics - Stack trace`, then
    // `# Application: …`, `# Date: …` lines; OneSignal/OneSignal-iOS-SDK #1409, microsoft/clarity-apps #254,
    // OneSignal/OneSignal-Flutter-SDK #1014): the export starts there, and the header says what the text is even
    // when the crashed thread's `Crashed:` heading is not in the paste.
    let download = all.firstIndex { $0.text == "# Crashlytics - Stack trace" }
    guard
      let opening = download
        ?? all.indices.first(where: { index in
          let text = all[index].text
          // The summary's exception line may come first, over `Crashed: <thread>` (react-native #39573).
          return text.hasPrefix("Crashed:") || text.hasPrefix("Fatal Exception:") || exceptionLine(text) != nil
            || (index + 1 < all.count && !isDigit(text.utf8.first)
              && startsAtFrameZero(all[index + 1].text, line: all[index + 1].number))
        }),
      let closing = all.lastIndex(where: { isDigit($0.text.utf8.first) }), opening < closing
    else { return nil }
    lines = Array(all[opening...closing])
    guard let lastNumber = lines.last?.number, let firstNumber = lines.first?.number else { return nil }
    var report = CrashReport(format: .crashlytics, category: .crash, startLine: firstNumber, endLine: lastNumber)
    if opening > 0 {
      report.issues.append(
        ParseIssue(
          "\(opening == 1 ? "a line" : "\(opening) lines") of prose before the export \(opening == 1 ? "was" : "were") "
            + "set aside", at: .line(all[0].number)))
    }
    if closing < all.count - 1 {
      let count = all.count - 1 - closing
      report.issues.append(
        ParseIssue(
          "\(count == 1 ? "a line" : "\(count) lines") of prose after the export \(count == 1 ? "was" : "were") "
            + "set aside", at: .line(all[closing + 1].number)))
    }
    let marksInside = spanMarks.filter { $0 >= firstNumber && $0 <= lastNumber }
    // Only the span's opening on the export's first line and its closing on its last are the paste's marks.
    guard marksInside.allSatisfy({ $0 == firstNumber || $0 == lastNumber }) else { return nil }
    if !marksInside.isEmpty {
      report.issues.append(
        ParseIssue(
          "the inline code span's backticks around the export were set aside ("
            + (Set(marksInside).count == 1 ? "line " : "lines ")
            + Set(marksInside).sorted().map(String.init).joined(separator: " and ") + ")", at: .line(firstNumber)))
    }
    var current: ThreadBacktrace?
    var exceptionFrames: ThreadBacktrace?
    var inException = false
    var sawCrashedName = false
    var threads: [ThreadBacktrace] = []
    func close() {
      if let thread = current { threads.append(thread) }
      current = nil
      inException = false
    }
    var position = 0
    if download != nil {
      position = 1
      while position < lines.count, let (key, value) = downloadHeaderField(lines[position].text) {
        let field = HeaderField(name: String(key), value: String(value), location: .line(lines[position].number))
        report.header.fields.append(field)
        switch key {
        case "Application": report.header.bundleIdentifier = String(value)
        case "Version": report.header.version = String(value)
        case "Date": report.header.dateTime = String(value)
        default: break
        }
        position += 1
      }
    }
    while position < lines.count {
      let (number, text) = lines[position]
      let next = position + 1 < lines.count ? lines[position + 1] : nil
      if isDigit(text.utf8.first) {
        // A frame of the open thread; the paste's last line may be a frame cut after its image.
        guard current != nil || inException else { return nil }
        // `0xb3988** -[TSBackgroundFetch finish:]`: Markdown bold markers typed into a frame
        // (transistorsoft/capacitor-background-fetch #26) are set aside, with a note.
        let unmarked = text.contains("**") ? Substring(text.replacingOccurrences(of: "**", with: "")) : text
        if unmarked != text {
          report.issues.append(ParseIssue("Markdown bold markers (`**`) in a frame were set aside", at: .line(number)))
        }
        if let parsed = StackFrameLineParser.parse(unmarked, line: number) {
          // Crashlytics writes no `+ offset` on many frames (`4  libdispatch.dylib  0x63094
          // _dispatch_call_block_and_release`, flutter/flutter #112846): that is its layout, not a cut line.
          for note in parsed.notes where !note.hasPrefix("frame symbol has no offset") {
            report.issues.append(ParseIssue(note, at: .line(number)))
          }
          if inException {
            exceptionFrames?.frames += parsed.frames
          } else {
            current?.frames += parsed.frames
          }
        } else if next == nil, isCutFrame(text) {
          report.issues.append(ParseIssue("the input ends in a frame cut after its image", at: .line(number)))
        } else {
          return nil
        }
        position += 1
        continue
      }
      // A name line directly over a frame 0 opens a thread (or the exception's frames).
      if let next, startsAtFrameZero(next.text, line: next.number) {
        close()
        if let name = afterPrefix(text, "Fatal Exception:") {
          guard isName(name) else { return nil }
          var exception = report.exception ?? ExceptionInfo()
          exception.message = exception.message ?? String(name)
          exception.messageLocation = exception.messageLocation ?? .line(number)
          report.exception = exception
          exceptionFrames = ThreadBacktrace(name: String(name), location: .line(number))
          inException = true
        } else if let name = afterPrefix(text, "Crashed:") {
          guard isName(name) else { return nil }
          sawCrashedName = true
          current = ThreadBacktrace(name: String(name), crashed: true, location: .line(number))
        } else {
          guard isName(text) || isOperationQueueName(text) else { return nil }
          current = ThreadBacktrace(name: text == "Thread" ? nil : String(text), location: .line(number))
        }
        position += 1
        continue
      }
      close()
      if let (type, rest) = exceptionLine(text) {
        // The summary's exception line; it follows the crashed thread's name.
        guard report.exception?.type == nil else { return nil }
        var exception = report.exception ?? ExceptionInfo()
        exception.type = String(type)
        if rest.hasPrefix("KERN_") || rest.hasPrefix("EXC_") {
          exception.subtype = String(rest)
        } else {
          exception.codes = String(rest)
        }
        exception.location = .line(number)
        exception.codesLocation = .line(number)
        report.exception = exception
      } else if let name = afterPrefix(text, "Crashed:") {
        guard isName(name) else { return nil }
        sawCrashedName = true
      } else if !(isName(text) || isThreadLabel(text)) {
        return nil
      }
      position += 1
    }
    close()
    let hasExceptionFrames = exceptionFrames.map { !$0.frames.isEmpty } ?? false
    guard threads.contains(where: { !$0.frames.isEmpty }) || hasExceptionFrames,
      sawCrashedName || report.exception?.type != nil || hasExceptionFrames || download != nil
    else { return nil }
    report.threads = threads
    if let exceptionFrames, !exceptionFrames.frames.isEmpty { report.lastExceptionBacktrace = exceptionFrames }
    if download != nil {
      report.issues.insert(
        ParseIssue(
          "a Firebase Crashlytics stack-trace download (`# Crashlytics - Stack trace`): thread names on lines of "
            + "their own, no signal or termination reason", at: .line(firstNumber)), at: 0)
      if !sawCrashedName && report.exception == nil && !hasExceptionFrames {
        // The download marks the crashed thread `Crashed: <name>`; a paste cut before it holds none.
        report.issues.append(
          ParseIssue(
            "the download's crashed thread (its `Crashed: <name>` heading) is not in the input: the paste ends at "
              + "line \(lastNumber), before it", at: .line(lastNumber)))
      }
    } else {
      report.issues.insert(
        ParseIssue(
          "a Firebase Crashlytics console export: thread names on lines of their own, no report header, signal or "
            + "termination reason",
          at: .line(firstNumber)), at: 0)
    }
    return report
  }

  /// `# Application: com.myapp.myapp`, `# Date: Mon Apr 15 2024 14:36:31 GMT-0600 (…)`: a line of the download's
  /// header, as key and value.
  private static func downloadHeaderField(_ text: Substring) -> (Substring, Substring)? {
    guard let rest = afterPrefix(text, "#"), let colon = rest.firstIndex(of: ":") else { return nil }
    let key = rest[..<colon]
    guard !key.isEmpty, key.utf8.count <= 40, key.allSatisfy({ $0.isASCII && $0.isLetter || $0 == " " }) else {
      return nil
    }
    return (key, TextScanning.trimmed(rest[rest.index(after: colon)...]))
  }

  private static func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte >= 0x30 && byte <= 0x39
  }

  /// Whether the line is frame 0.
  private static func startsAtFrameZero(_ text: Substring, line: Int) -> Bool {
    guard text.hasPrefix("0 ") || text.hasPrefix("0\t") else { return false }
    return StackFrameLineParser.parse(text, line: line) != nil
  }

  /// `N  image` with nothing after the image: a frame cut by the paste.
  private static func isCutFrame(_ text: Substring) -> Bool {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    return parts.count == 2 && parts[0].allSatisfy(\.isNumber)
  }

  private static func afterPrefix(_ text: Substring, _ prefix: String) -> Substring? {
    guard text.hasPrefix(prefix) else { return nil }
    let rest = TextScanning.trimmed(text.dropFirst(prefix.count))
    return rest.isEmpty ? nil : rest
  }

  /// A thread or queue name: one word (`Thread`, `WatchDog`, `com.apple.main-thread`,
  /// `com.twitter.crashlytics.ios.MachExceptionServer`, `NSInternalInconsistencyException`).
  private static func isName(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.count <= 200
      && !text.contains(where: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "`" || $0 == "<" || $0 == ">" })
  }

  /// `NSOperationQueue 0x136a2d5c0 (QOS: UNSPECIFIED)`: Crashlytics' name for a thread running an operation queue
  /// (BatchLabs/Batch-iOS-SDK #33), the one thread name seen with blanks in it.
  private static func isOperationQueueName(_ text: Substring) -> Bool {
    let words = text.split(separator: " ")
    guard words.count == 4, words[0] == "NSOperationQueue", words[1].hasPrefix("0x"), words[1].count > 2,
      words[1].dropFirst(2).allSatisfy(\.isHexDigit), words[2] == "(QOS:", words[3].hasSuffix(")")
    else { return false }
    return words[3].dropLast().allSatisfy { $0.isASCII && ($0.isUppercase || $0 == "_") }
  }

  /// `Thread #1`, a label the console's copy leaves after a thread's frames.
  private static func isThreadLabel(_ text: Substring) -> Bool {
    guard let number = afterPrefix(text, "Thread #") else { return false }
    return number.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// `EXC_BREAKPOINT 0x0000000106512480`, `EXC_BAD_ACCESS KERN_INVALID_ADDRESS 0x0000000000000000`: the type,
  /// then words ending in a hexadecimal address.
  private static func exceptionLine(_ text: Substring) -> (Substring, Substring)? {
    guard text.hasPrefix("EXC_"), let space = text.firstIndex(of: " ") else { return nil }
    let type = text[..<space]
    guard type.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "_") }) else { return nil }
    let rest = TextScanning.trimmed(text[space...])
    let words = rest.split(separator: " ")
    guard (1...2).contains(words.count), let last = words.last, last.hasPrefix("0x"), last.count > 2,
      last.dropFirst(2).allSatisfy(\.isHexDigit)
    else { return nil }
    if words.count == 2, !words[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "_") }) { return nil }
    return (type, rest)
  }
}
