/// What a paste leaves around console lines in a bug report (issue 12), read only on lines that fit no
/// layout as they stand (never on the per-line path of a log whose layout is known):
///
/// - Markdown's blockquote before every line (`> Apr 25 17:18:10 iPhone-de-VinceOPS SpringBoard(…)[48]
///   <Notice>: …`, phonegap/phonegap-plugin-push #1677; radiant-player/radiant-player-mac #658);
/// - lldb's prompt before the first line copied from Xcode's console (`(lldb) 2021-01-18
///   23:40:43.141312+0300 Runner[10199:3150626] …`, transistorsoft/flutter_background_fetch #151);
/// - a run of backticks or an italic `_` before the first line (capacitor #5366, XMPPFramework #765), and
///   an inline code span around a whole line (```` ```[BackgroundTask] Background Task 10 (…), was created
///   over 30 seconds ago. …``` ````, wikimedia/wikipedia-ios #3548);
/// - prose and an inline code span opened before the first line's header (`` Getting: `2022-08-12
///   14:55:40.460816+0200 Runner[5033:344896] Simulating launch … ``, fluttercommunity/flutter_workmanager #419);
/// - a code fence alone on its line (```` ``` ````, ```` ```shell ````: n0shake/clocker #117, buresdv/Cork #520,
///   telerik/mobile-cli-lib #723), which is no record;
/// - a code comment's `// ` before every line, after the code's indent (an iOS 7 device log kept in an
///   Objective-C comment: `            // Feb 18 20:34:28 Sanis-iPhone backboardd[28] <Warning>: Zazo[272] has
///   active assertions beyond permitted time:`, the Zazo app's `TBMAppDelegate.m`), or `//` and a run of blanks
///   (`//    2023-05-24 21:52:42.937529-0700 ChatGPT for Monocle[9390:1683226] Task <…>.<3> finished with error
///   [-997] …`, the header comment of the Noa project's `Whisper.swift`);
/// - `flutter run -v`'s elapsed time and `[DEVICE LOG]` tag before every device line (`[   +1 ms] [DEVICE LOG]
///   2020-03-20 14:30:19.245881+0530  localhost Runner[11452]: (WebKit)`, flutter/flutter #43410);
/// - a search tool's hit marker before every line, `Line`, blanks, the line number, `:` and one blank (Notepad++'s
///   Find in Files results: `Line  453: Jul 18 14:12:54 xxxxx-iPad runningboardd(RunningBoard)[60] <Notice>: …`,
///   microsoftconnect/ms-intune-app-sdk-ios #351);
/// - a C block comment's ` * ` before every line, after the code's indent (an iOS 8 device log kept in an
///   Objective-C comment above an upload task: `     *  Aug 22 17:37:34 BryPhone-5 nsurlsessiond[101] <Error>:
///   Error linking upload file: …`);
/// - Markdown's bold `**` … `**` around a whole record's line, on some lines of a paste
///   (`**2021-09-28 12:09:11.299582-0300 Runner[397:8084] Simulating launch for task with identifier
///   com.transistorsoft.fetch**`, transistorsoft/flutter_background_fetch #251; `**iPhone SpringBoard[295]
///   <Warning>: Application 'UIKitApplication:appName[0xb64f]' exited voluntarily.**`, layerhq/Atlas-iOS #1195),
///   and a bold `**` opened before a record's line and not closed on it (`**Nov 24 07:48:18 Marek-Kaluznys-iPad
///   SpringBoard[1119] <Warning>: Application 'UIKitApplication:com.evolve.DigitalDictation[0xf61]' was killed by
///   jetsam.`, syedhali/EZAudio #245);
/// - the log file's line number and a blank before every line, as a viewer that numbers lines shows them
///   (`42884 2018-06-08 10:21:15.453 Keybase[10914:3793552] applicationWillResignActive: …`, keybase/client #12270).
enum PasteResidue {
  /// A mark learned before every line of a paste (from the first line with a header once it is
  /// dropped) and dropped from every line that has it: at most one per paste.
  enum LineMark: Equatable {
    /// A Markdown blockquote's `>` (``droppingQuoteMark(_:)``).
    case quote
    /// A code comment's `//` after the code's indent and the run of blanks after it, as many as on the line
    /// that taught it (``droppingCommentMark(_:blanks:)``): one in the Zazo app's comment, four in the noa
    /// one's (`//    2023-05-24 21:52:42.937529-0700 ChatGPT for Monocle[9390:1683226] …`).
    case comment(blanks: Int)
    /// A search tool's hit marker (``droppingSearchHitMark(_:)``), dropped after the paste's indent.
    case searchHit
    /// A C block comment's mark, as learned (the code's indent, `*` and the blanks after it: `     *  `), dropped
    /// from every line that starts with it (``droppingBlockComment(_:)``).
    case blockComment(String)
    /// The log file's line number and the blanks after it (``droppingLineNumber(_:)``).
    case lineNumber
    /// `flutter run -v`'s elapsed time and `[DEVICE LOG]` tag before the device's lines
    /// (``droppingFlutterDeviceLog(_:)``); its other lines after the elapsed time are the tool's own.
    case flutterDeviceLog
  }

  /// `line` without a leading line-number column: one to nine digits, then one or more blanks (`42884 `), at the
  /// very start of the line; `nil` when it does not start so, or when a `:` follows the blanks (`1323   :Jul  1 …`
  /// is `idevicesyslog`'s own numbering, read by its layout). The rest may be empty (a numbered empty line).
  static func droppingLineNumber(_ line: Substring) -> Substring? {
    let bytes = line.utf8
    let digits = bytes.prefix(while: { $0 &- 0x30 < 10 }).count
    guard (1...9).contains(digits) else { return nil }
    let afterDigits = bytes.dropFirst(digits)
    let blanks = afterDigits.prefix(while: { $0 == 0x20 || $0 == 0x09 }).count
    guard blanks > 0 else { return nil }
    let rest = afterDigits.dropFirst(blanks)
    guard rest.first != 0x3A else { return nil }
    return Substring(rest)
  }

  /// The line without a Markdown bold's `**` opened at its start, for a bold not closed at the line's end
  /// (`**Nov 24 07:48:18 Marek-Kaluznys-iPad SpringBoard[1119] <Warning>: …`, syedhali/EZAudio #245: the bold closes
  /// lines later, or never); `nil` when the line does not start with `**` followed by a character other than `*`
  /// or a blank. A line wrapped whole is read by ``insideBold(_:)`` first.
  static func droppingBoldOpening(_ line: Substring) -> Substring? {
    let bytes = line.utf8
    guard bytes.count > 2, bytes.starts(with: [0x2A, 0x2A]) else { return nil }
    let rest = bytes.dropFirst(2)
    guard let first = rest.first, first != 0x2A, first != 0x20, first != 0x09 else { return nil }
    return Substring(rest)
  }

  /// `line` without a C block comment's mark: one or more blanks, `*`, one or more blanks, and the mark itself
  /// (`     *  `); `nil` when the line does not start so or holds nothing after it. Only the first line with a
  /// header after it teaches the mark (a message starting with `*` is after its header, never before it).
  static func droppingBlockComment(_ line: Substring) -> (rest: Substring, mark: Substring)? {
    let bytes = line.utf8
    guard let star = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), star != bytes.startIndex,
      bytes[star] == 0x2A
    else { return nil }
    let afterStar = bytes.index(after: star)
    guard let text = bytes[afterStar...].firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), text != afterStar
    else { return nil }
    return (Substring(bytes[text...]), Substring(bytes[..<text]))
  }

  /// Whether `line` is a C block comment's own line once its mark is known: the mark's `*` alone (its blanks
  /// after it gone: an empty comment line) or the comment's end `*/`.
  static func isBlockCommentEdge(_ line: Substring, mark: String) -> Bool {
    let bytes = line.utf8
    let markBytes = mark.utf8
    guard let star = markBytes.firstIndex(of: 0x2A) else { return false }
    let indent = markBytes[..<star].count
    guard bytes.count > indent, bytes.prefix(indent).elementsEqual(markBytes[..<star]) else { return false }
    let rest = bytes.dropFirst(indent)
    guard rest.first == 0x2A else { return false }
    let afterStar = rest.dropFirst()
    let tail = afterStar.first == 0x2F ? afterStar.dropFirst() : afterStar
    return tail.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The text of a line wrapped whole in Markdown's bold (`**` at its start, `**` at its end, no other `**`
  /// in it, no blank just inside either): `nil` for any other line. A `**` inside a message is left alone.
  static func insideBold(_ line: Substring) -> Substring? {
    let bytes = line.utf8
    guard bytes.count > 4, bytes.starts(with: [0x2A, 0x2A]), bytes.reversed().starts(with: [0x2A, 0x2A]) else {
      return nil
    }
    let inner = bytes.dropFirst(2).dropLast(2)
    guard let first = inner.first, let last = inner.last, first != 0x2A, first != 0x20, first != 0x09,
      last != 0x2A, last != 0x20, last != 0x09
    else { return nil }
    var previousIsStar = false
    for byte in inner {
      if byte == 0x2A, previousIsStar { return nil }
      previousIsStar = byte == 0x2A
    }
    return Substring(inner)
  }

  /// `line` without its blockquote: a leading `>` and the one blank after it, if any; `nil` when the line
  /// does not start with `>` or holds nothing after it.
  static func droppingQuote(_ line: Substring) -> Substring? {
    guard line.utf8.first == 0x3E else { return nil }
    let rest = droppingQuoteMark(line)
    return rest.isEmpty ? nil : rest
  }

  /// A line known to start with `>` without it and the one blank after it (a `>` alone: empty).
  static func droppingQuoteMark(_ line: Substring) -> Substring {
    var rest = line.dropFirst()
    if let first = rest.utf8.first, first == 0x20 || first == 0x09 { rest = rest.dropFirst() }
    return rest
  }

  /// The bytes after a leading `//` (blanks before it allowed), or `nil` when the line does not start so.
  private static func afterCommentSlashes(_ line: Substring) -> Substring.UTF8View? {
    let bytes = line.utf8
    guard let slash = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), bytes[slash] == 0x2F else { return nil }
    let second = bytes.index(after: slash)
    guard second != bytes.endIndex, bytes[second] == 0x2F else { return nil }
    return bytes[bytes.index(after: second)...]
  }

  /// `line` without a code comment's mark: the blanks before it, `//` and the run of blanks after it (one or
  /// more), with how many blanks that run holds; `nil` when the line does not start so (after blanks) or holds
  /// nothing after it. The run is what the comment's lines share once learned (``LineMark/comment(blanks:)``).
  static func droppingComment(_ line: Substring) -> (rest: Substring, blanks: Int)? {
    guard let afterMark = afterCommentSlashes(line) else { return nil }
    let blanks = afterMark.prefix(while: { $0 == 0x20 || $0 == 0x09 }).count
    let rest = afterMark.dropFirst(blanks)
    guard blanks > 0, !rest.isEmpty else { return nil }
    return (Substring(rest), blanks)
  }

  /// `line` without the blanks before a leading `//`, the `//` and up to `blanks` blanks after it (a `//`
  /// alone: empty); `prose` is `true` when fewer blanks than that follow the `//` and text follows them (the
  /// comment's own prose, written less indented than the log lines that taught the mark: all its blanks go).
  /// `nil` when the line does not start with `//` after its blanks, or `//` is followed by other than a blank
  /// (`///`, `//text`).
  static func droppingCommentMark(_ line: Substring, blanks: Int) -> (rest: Substring, prose: Bool)? {
    guard let afterMark = afterCommentSlashes(line) else { return nil }
    let run = afterMark.prefix(while: { $0 == 0x20 || $0 == 0x09 }).count
    if run == 0 { return afterMark.isEmpty ? (Substring(afterMark), false) : nil }
    let dropped = min(run, blanks)
    let rest = afterMark.dropFirst(dropped)
    return (Substring(rest), run < blanks && !rest.isEmpty)
  }

  /// The length of `flutter run -v`'s elapsed-time column at the start of `line`, with the one blank after
  /// it: `[` and eight blanks, or blanks, `+`, the milliseconds and ` ms`, then `]` (`[        ] `,
  /// `[   +1 ms] `, `[  +12 ms] `, `[ +286 ms] `, `[+5481 ms] `: flutter/flutter #43410, #60751, #75907 and a
  /// 2018 `flutter run -v` log in the code index, id 36229775551); `nil` when it does not start so.
  static func flutterElapsedLength(_ line: Substring) -> Int? {
    let bytes = line.utf8
    guard bytes.first == 0x5B else { return nil }
    var index = bytes.index(after: bytes.startIndex)
    var blanks = 0
    while index != bytes.endIndex, bytes[index] == 0x20, blanks < 8 {
      blanks += 1
      index = bytes.index(after: index)
    }
    if blanks < 8 {
      guard index != bytes.endIndex, bytes[index] == 0x2B else { return nil }
      index = bytes.index(after: index)
      var digits = 0
      while index != bytes.endIndex, bytes[index] &- 0x30 < 10, digits < 7 {
        digits += 1
        index = bytes.index(after: index)
      }
      guard digits > 0, bytes[index...].starts(with: [0x20, 0x6D, 0x73]) else { return nil }
      index = bytes.index(index, offsetBy: 3)
    }
    guard index != bytes.endIndex, bytes[index] == 0x5D else { return nil }
    index = bytes.index(after: index)
    guard index != bytes.endIndex, bytes[index] == 0x20 else { return nil }
    return bytes.distance(from: bytes.startIndex, to: index) + 1
  }

  /// The device's line behind `flutter run -v`'s elapsed time and `[DEVICE LOG] ` tag (`[   +1 ms] [DEVICE LOG]
  /// 2020-03-20 14:30:19.245881+0530  localhost Runner[11452]: (WebKit)`, flutter/flutter #43410); `nil` when
  /// the line does not start so (``flutterElapsedLength(_:)``) or holds nothing after the tag.
  static func droppingFlutterDeviceLog(_ line: Substring) -> Substring? {
    guard let elapsed = flutterElapsedLength(line) else { return nil }
    let rest = line.utf8.dropFirst(elapsed)
    let tag: [UInt8] = Array("[DEVICE LOG] ".utf8)
    guard rest.starts(with: tag), rest.count > tag.count else { return nil }
    return Substring(rest.dropFirst(tag.count))
  }

  /// `line` without a search tool's hit marker at its start: `Line`, one to eight spaces, one to nine digits,
  /// `:` and one space (`Line  453: `); `nil` when it does not start so. The rest may be empty (a blank line
  /// found).
  static func droppingSearchHitMark(_ line: Substring) -> Substring? {
    let bytes = line.utf8
    guard bytes.starts(with: [0x4C, 0x69, 0x6E, 0x65]) else { return nil }
    var index = bytes.index(bytes.startIndex, offsetBy: 4)
    var spaces = 0
    while index != bytes.endIndex, bytes[index] == 0x20 {
      spaces += 1
      index = bytes.index(after: index)
    }
    guard (1...8).contains(spaces) else { return nil }
    var digits = 0
    while index != bytes.endIndex, bytes[index] &- 0x30 < 10 {
      digits += 1
      index = bytes.index(after: index)
    }
    guard (1...9).contains(digits), index != bytes.endIndex, bytes[index] == 0x3A else { return nil }
    index = bytes.index(after: index)
    guard index != bytes.endIndex, bytes[index] == 0x20 else { return nil }
    return Substring(bytes[bytes.index(after: index)...])
  }

  /// `line` without what a paste left before the first record: lldb's `(lldb) ` prompt, one to three
  /// backticks, or one `_`; the same run of backticks at the end of the line goes too (an inline code
  /// span around the line). `nil` when the line starts with none of them or holds nothing after them.
  static func droppingLeadingResidue(_ line: Substring) -> Substring? {
    if line.hasPrefix("(lldb) ") {
      let rest = line.dropFirst(7).drop(while: { $0 == " " })
      return rest.isEmpty ? nil : rest
    }
    if line.utf8.first == 0x5F {
      let rest = line.dropFirst()
      return rest.isEmpty ? nil : rest
    }
    let ticks = line.utf8.prefix(while: { $0 == 0x60 }).count
    guard (1...3).contains(ticks) else { return nil }
    var rest = line.dropFirst(ticks)
    if rest.utf8.count > ticks, rest.utf8.reversed().prefix(while: { $0 == 0x60 }).count == ticks {
      rest = rest.dropLast(ticks)
    }
    return rest.isEmpty ? nil : rest
  }

  /// `line` from an inline code span that prose opens before it: the prose (no backtick in it, ending in a
  /// blank), then one to three backticks, as ``droppingLeadingResidue(_:)`` reads them from there on (the
  /// same run closing the line goes too). `nil` when the line has no prose before a backtick.
  static func droppingProseBeforeInlineCode(_ line: Substring) -> Substring? {
    let bytes = line.utf8
    guard let tick = bytes.firstIndex(of: 0x60), tick != bytes.startIndex else { return nil }
    let before = bytes[bytes.index(before: tick)]
    guard before == 0x20 || before == 0x09 else { return nil }
    return droppingLeadingResidue(Substring(bytes[tick...]))
  }

  /// Whether `line` is a Markdown code fence alone: three backticks, then at most one word naming the
  /// language (letters, digits, `-`, `_`, `+`, `.`: ```` ```shell ````, ```` ```Shell ````), then blanks only.
  static func isCodeFence(_ line: Substring) -> Bool {
    let bytes = line.utf8
    guard bytes.starts(with: [0x60, 0x60, 0x60]) else { return false }
    let info = bytes.dropFirst(3).prefix(while: { byte in
      (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x2D || byte == 0x5F || byte == 0x2B || byte == 0x2E
    })
    return bytes.dropFirst(3 + info.count).allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The text of a line that is one inline code span, one to three backticks on both sides and none
  /// inside (```` ```[BackgroundTask] Background Task 10 …``` ````), blanks at its ends trimmed; `nil` for
  /// any other line.
  static func insideInlineCode(_ line: Substring) -> Substring? {
    let bytes = line.utf8
    let ticks = bytes.prefix(while: { $0 == 0x60 }).count
    guard (1...3).contains(ticks), bytes.count > 2 * ticks,
      bytes.reversed().prefix(while: { $0 == 0x60 }).count == ticks
    else { return nil }
    let inner = line.dropFirst(ticks).dropLast(ticks)
    guard !inner.utf8.contains(0x60) else { return nil }
    let trimmed = inner.drop(while: { $0 == " " || $0 == "\t" })
    var end = trimmed.endIndex
    while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == " " { end = trimmed.index(before: end) }
    let text = trimmed[..<end]
    return text.isEmpty ? nil : text
  }

  /// A line that ends in a closing code fence glued to it (```` …never called.``` ````, WordPress-iOS #4454)
  /// without the fence and the blanks before it; `nil` when it does not end in exactly three backticks, holds
  /// another backtick, or holds nothing else.
  static func droppingGluedFence(_ line: Substring) -> Substring? {
    let bytes = line.utf8
    guard bytes.count > 3, bytes.reversed().prefix(while: { $0 == 0x60 }).count == 3,
      bytes.dropLast(3).allSatisfy({ $0 != 0x60 })
    else { return nil }
    var text = line.dropLast(3)
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return text.isEmpty ? nil : text
  }
}
