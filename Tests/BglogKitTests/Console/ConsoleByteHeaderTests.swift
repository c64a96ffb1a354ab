import BglogTestSupport
import Testing

@testable import BglogKit

/// The byte-level header reader (``ConsoleByteHeader``) gives the records the `String` parser gives:
/// every console fixture, and lines made up to sit on the edges of each layout's rules, read both ways.
@Suite struct ConsoleByteHeaderTests {
  static func byString(_ text: String, layout: ConsoleLayout? = nil) -> ([LogEntry], ConsoleLogStatistics) {
    var parser = ConsoleLogParser(layout: layout)
    var entries: [LogEntry] = []
    for line in SourceText(text: text).lines { parser.consume(line) { entries.append($0) } }
    if let entry = parser.finish() { entries.append(entry) }
    return (entries, parser.statistics)
  }

  static func byBytes(_ text: String, layout: ConsoleLayout? = nil) -> ([LogEntry], ConsoleLogStatistics) {
    var parser = ConsoleLogParser(layout: layout)
    var entries: [LogEntry] = []
    for line in SourceText(text: text).lines {
      var copy = String(line)
      copy.withUTF8 { bytes in
        parser.consume(bytes: bytes, isASCII: false) { entries.append($0) }
      }
    }
    if let entry = parser.finish() { entries.append(entry) }
    return (entries, parser.statistics)
  }

  static var fixtures: [String] {
    Fixtures.files(in: "console", extensions: ["log", "json"])
  }

  @Test(arguments: fixtures)
  func fixtureReadsTheSameBothWays(path: String) throws {
    let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
    let (expected, expectedStatistics) = Self.byString(text)
    let (actual, actualStatistics) = Self.byBytes(text)
    #expect(actual == expected)
    #expect(actualStatistics == expectedStatistics)
  }

  static let edgeLines: [(ConsoleLayout, String)] = [
    // `NSLog`'s own line as Xcode showed it before iOS 10: no UTC offset (RMGallery #10).
    (.xcode, "2015-10-14 16:16:51.510 RMGalleryDemo[3438:887692] Received memory warning."),
    (.xcode, "2015-10-14 16:16:51.510 RMGalleryDemo[3438] Received memory warning."),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[812:99123] (Lib) [com.a.b:cat] hello"),
    (.xcode, "2024-05-01 10:00:00.100000+052110 MyApp[812:99123] seconds in the offset"),
    (.xcode, "2024-05-01 10:00:00.100000-05:21:10 MyApp[812:99123] seconds in the offset"),
    (.xcode, "2024-05-01 10:00:00.100000+05211 MyApp[812:99123] one digit too many"),
    (.consoleApp, "default\t19:24:22.000000 +052110\tcom.apple.debugserver-@(#)PROGRAM:debugserver  PROJECT:x"),
    (.consoleApp, "default\t19:24:22.000000 +052110\tUnknown\t "),
    (.consoleApp, "19:24:22.000000 +052110\tNoType"),
    (.idevicesyslog, "Thu Nov 25 11:30:02 xxxxx-no-iPhone SpringBoard[1557] : BT[4821] has active assertions"),
    (.idevicesyslog, "Thu  Nov 25 11:30:02 phone SpringBoard[1557] <Warning>: two blanks"),
    (.idevicesyslog, "Thu Nov 25 11:30:02 SpringBoard(Lib)[1557] <Warning>: no device"),
    (.idevicesyslog, "Thux Nov 25 11:30:02 phone SpringBoard[1557] <Warning>: not a weekday"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[812:99123] (Lib x) [com.a b:cat] hello"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[812:99123]"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 My App[+812:99123] hi"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[:812] hi"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[812:] hi"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[812:1:2] hi"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[99999999999999999999:1] hi"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 [812:1] hi"),
    (.xcode, "2024-05-01 10:00:00.100000+0200 MyApp[812:1]x] hi ] there"),
    (.xcode, "2024-05-01 10:00:00.+0200 MyApp[812:1] hi"),
    (.xcode, "2024-05-01T10:00:00.1-02:30 MyApp[812:1] é hi"),
    (
      .logShow,
      "2024-05-01 10:00:00.100000-0700 0x1a2b  Default  0x0  33  0  runningboardd: (RunningBoard) [com.apple.runningboard:assertion] Invalidating"
    ),
    (.logShow, "2024-05-01 10:00:00.100000-0700 0x1a2b  Default  0x0  33  0  runningboardd:"),
    (.logShow, "2024-05-01 10:00:00.100000-0700 0x1a2b  Default  0x0  33  0  : empty process"),
    (.logShow, "2024-05-01 10:00:00.100000 0x1a2b  Default  0x0  33  0  kernel: no offset: twice"),
    (.logShow, "2024-05-01 10:00:00.100000-0700 1a2b  Default  0x0  33  0  kernel: no 0x"),
    (.consoleApp, "default\t10:00:01.250000-0500\tMyApp\tCreated background task <private>."),
    (.consoleApp, "default\t10:00:01.250000-0500\tMyApp\tCFNetwork\tTask <X>.<1> resuming\twith a tab"),
    (.consoleApp, "10:00:01.250000 -0500\tMyApp\t  spaced message"),
    (.consoleApp, "a very long level word that has spaces in it\t10:00:01.250000-0500\tMyApp\tmsg"),
    (.consoleApp, "default\t10:00:01.250000-0500\t MyApp\tmsg"),
    (.consoleApp, "default\t2024-05-01 10:00:01.250000-0500\tMyApp\t\tmsg"),
    (.consoleApp, "CFNetwork\tdefault\t19:28:56.942606 -0800\tAPPNAME\tTask <1> response ended"),
    (.idevicesyslog, "12   :Mar  3 09:00:01 my-phone assertiond[66] <Notice>: id:\\M-b\\M^@\\M-&ABC"),
    (.idevicesyslog, "Mar  3 09:00:02 my-phone SpringBoard(FrontBoard)[50] <Notice>: hi"),
    (.idevicesyslog, "Mar  3 09:00:02 my-phone Mailswipe[725]: - fetch"),
    (.idevicesyslog, "Mar  3 09:00:02 my-phone Mail(swipe[725]: odd"),
    (.idevicesyslog, "Mar  3 09:00:02 my-phone Mail[-7]: signed pid"),
    (.idevicesyslog, "Mar 32 09:00:02 my-phone Mail[7]: bad day"),
    (.idevicesyslog, "Mar  3 09:00:02 my-phone Mail[7] <Notice: unclosed"),
    (.idevicesyslog, "Aug  2 14:36:36 SignalShareExtension(RunningBoardServices)[12841] <Notice>: no device"),
    (.idevicesyslog, "Aug  2 14:36:36 Mailswipe[725]: no device, no level"),
    (.idevicesyslog, "Aug  2 14:36:36 Mail[-7] <Notice>: no device, signed pid"),
    (.idevicesyslog, "Aug  2 14:36:36 Mail(Lib)[7]x <Notice>: neither word a sender"),
    (.idevicesyslog, "Aug  2 14:36:36 phone[1] Mail[7] <Notice>: device word shaped like a sender"),
    (.consoleApp, "default 2019-01-08 13:26:14.087889 +0800 assertiond [OurApp:24424] tabs became spaces"),
    (.consoleApp, "default 13:26:14.087889 +0800 assertiond spaces, no date"),
    (.consoleApp, "default 13:26:14.087889 assertiond spaces, no offset"),
    (.consoleApp, "Default 13:26:14.087889 +0800 assertiond capitalised type word"),
    (
      .logShowNDJSON,
      #"{"timestamp":"2021-03-04 05:06:07.500000-0800","processImagePath":"\/usr\/libexec\/runningboardd","processID":33,"messageType":"Default","eventMessage":"Acquiring assertion","subsystem":"com.apple.runningboard","backtrace":{"frames":[{"imageOffset":123,"imageUUID":"AB"}]},"n":-0.5,"t":true,"f":false,"z":null,"e":[]}"#
    ),
    (
      .logShowNDJSON,
      #"  {"eventMessage":"two\nlines","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":-1}"#
    ),
    (.logShowNDJSON, #"{"eventMessage":"x","processImagePath":"/a/b","processID":1}"#),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1} x"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x","eventMessage":"y","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b/","processID":1,"v":1e5}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"event\u004dessage":"x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1,"s":"\u00e9"}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":5,"timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":01}"#
    ),
    (.logShowNDJSON, #"{"eventMessage":"x","timestamp":"nope","processImagePath":"/a/b","processID":1,"d":[[[[]]]]}"#),
    (
      .logShowNDJSON,
      #"{"eventMessage":"","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"\/a\/b","processID":1,"activityIdentifier":0}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"say \"hi\"\tthen \\ \/ \u00e9 \ud83d\ude00 \r\nnext","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"lone \uD83D","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"bad \x","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a/b","processID":1}"#
    ),
    (
      .logShowNDJSON,
      #"{"eventMessage":"x\u0000y","timestamp":"2021-03-04 05:06:08.000000-0800","processImagePath":"/a\u002fb","processID":1}"#
    ),
  ]

  @Test func everyWeekdayReadsTheSameBothWays() {
    // The byte reader spells the weekdays as constants: each must be read as the `String` reader does.
    for day in ConsoleLayout.weekdays + ["Mom", "thu", "THU", "Jul"] {
      let text = "Mar  3 08:00:00 my-phone First[1] <Notice>: first\n\(day) Nov 25 11:30:02 phone App[1] : hi\n"
      let (expected, expectedStatistics) = Self.byString(text)
      let (actual, actualStatistics) = Self.byBytes(text)
      #expect(actual == expected, "\(day)")
      #expect(actualStatistics == expectedStatistics, "\(day)")
      #expect((expected.count == 2) == ConsoleLayout.weekdays.contains(day), "\(day)")
    }
  }

  @Test func everyMonthReadsTheSameBothWays() {
    // The byte reader spells the months as constants: each must be read as the `String` reader does.
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    for month in months + ["jan", "JAN", "Mai", "Okt", "Dez", "Jum", "Ju", "Sept", "Thu", "M\u{E4}r"] {
      let text = "Mar  3 08:00:00 my-phone First[1] <Notice>: first\n\(month) 25 11:30:02 phone App[1] <Notice>: hi\n"
      let (expected, expectedStatistics) = Self.byString(text)
      let (actual, actualStatistics) = Self.byBytes(text)
      #expect(actual == expected, "\(month)")
      #expect(actualStatistics == expectedStatistics, "\(month)")
      #expect((expected.count == 2) == months.contains(month), "\(month)")
    }
  }

  @Test func edgeLinesReadTheSameBothWays() {
    for (layout, line) in Self.edgeLines {
      // After a first record, so the line is read by the detected layout (header or continuation).
      let first: String
      switch layout {
      case .xcode: first = "2024-05-01 09:00:00.000000+0200 First[1:1] first"
      case .logShow: first = "2024-05-01 09:00:00.000000-0700 0x1  Default  0x0  1  0  first: first"
      case .consoleApp: first = "default\t09:00:00.000000-0500\tFirst\tfirst"
      case .logShowNDJSON:
        first =
          #"{"timestamp":"2021-03-04 05:00:00.000000-0800","processImagePath":"/a/First","processID":1,"eventMessage":"first"}"#
      default: first = "Mar  3 08:00:00 my-phone First[1] <Notice>: first"
      }
      let text = first + "\n" + line + "\n" + line + "\ncontinued\n"
      let (expected, expectedStatistics) = Self.byString(text)
      let (actual, actualStatistics) = Self.byBytes(text)
      #expect(actual == expected, "\(line)")
      #expect(actualStatistics == expectedStatistics, "\(line)")
    }
  }
  /// `log show`'s column padding is skipped eight bytes at a time: runs of every length from 0 to 20,
  /// with a tab at each place of the run, in each padded column, read as the `String` parser reads them.
  @Test func logShowPaddingOfEveryLengthReadsTheSameBothWays() {
    let first = "2024-05-01 09:00:00.000000-0700 0x1  Default  0x0  1  0  first: first"
    for length in 0...20 {
      for tab in -1..<length {
        var run = [Character](repeating: " ", count: length)
        if tab >= 0 { run[tab] = "\t" }
        let pad = String(run)
        let columns = [
          "2024-05-01 09:00:01.123456-0700 0x1f85\(pad)Default  0x0  1370  0  App: hi",
          "2024-05-01 09:00:01.123456-0700 0x1f85  Default\(pad)0x0  1370  0  App: hi",
          "2024-05-01 09:00:01.123456-0700 0x1f85  Default  0x0\(pad)1370  0  App: hi",
          "2024-05-01 09:00:01.123456-0700 0x1f85  Default  0x0  1370\(pad)0  App: hi",
          "2024-05-01 09:00:01.123456-0700 0x1f85  Default  0x0  1370  0\(pad)App: hi",
        ]
        for line in columns {
          let text = first + "\n" + line + "\ncontinued\n"
          let (expected, expectedStatistics) = Self.byString(text)
          let (actual, actualStatistics) = Self.byBytes(text)
          #expect(actual == expected, "\(line.debugDescription)")
          #expect(actualStatistics == expectedStatistics, "\(line.debugDescription)")
        }
      }
    }
  }

  /// UTC offsets are read at fixed offsets on the bytes: every form (with and without colons and
  /// seconds, out of range, cut, at the end of a Console.app time field or of the line) reads as the
  /// `String` parser reads it.
  @Test func utcOffsetsOfEveryFormReadTheSameBothWays() {
    let offsets = [
      "+0800", "-0700", "+08:00", "-07:00", "+0000", "+052110", "+05:21:10", "+1800", "+1801", "+1900",
      "-0060", "+0860", "+08:60", "+080060", "+08:00:6", "+0800:00", "+08:0", "+080", "+08", "+0", "+",
      "*0800", "+0a00", "+08a0", "+08:00:", "+08:00:0a", "+0800xyz", "+08000", "+0800 ", "-12:45:30",
    ]
    let first = "2024-05-01 09:00:00.000000+0200 First[1:1] first"
    for offset in offsets {
      let lines = [
        "2024-05-01 09:00:01.123456\(offset) App[12:34] hi",
        "2024-05-01 09:00:01.123456\(offset) 0x1f85  Default  0x0  1370  0  App: hi",
        "default\t09:00:01.123456\(offset)\tApp\thi",
        "2024-05-01 09:00:01.123\(offset)\tApp\thi",
        "2024-05-01 09:00:01\(offset)",
      ]
      for line in lines {
        let head =
          line.hasPrefix("default") || line.contains("\t")
          ? "default\t09:00:00.000000-0500\tFirst\tfirst"
          : line.contains(" 0x1f85 ") ? "2024-05-01 09:00:00.000000-0700 0x1  Default  0x0  1  0  first: first" : first
        let text = head + "\n" + line + "\ncontinued\n"
        let (expected, expectedStatistics) = Self.byString(text)
        let (actual, actualStatistics) = Self.byBytes(text)
        #expect(actual == expected, "\(line.debugDescription)")
        #expect(actualStatistics == expectedStatistics, "\(line.debugDescription)")
      }
    }
  }

  /// Each of `lines` after the record `first`, then a continuation line, read by the `String` parser
  /// and on the bytes as ndjson: the same records and counts.
  static func expectNDJSONLinesReadTheSameBothWays(_ lines: [String], after first: String) {
    for line in lines {
      let text = first + "\n" + line + "\ncontinued\n"
      let (expected, expectedStatistics) = byString(text, layout: .logShowNDJSON)
      let (actual, actualStatistics) = byBytes(text, layout: .logShowNDJSON)
      #expect(actual == expected, "\(line)")
      #expect(actualStatistics == expectedStatistics, "\(line)")
    }
  }

  /// JSON strings are skipped eight bytes at a time up to a `"`, a `\` or a control byte: ndjson lines
  /// with those (escaped or raw, valid or not) at every place around the eight-byte steps, in keys,
  /// the timestamp, the path and the message, read as the `String` parser reads them.
  @Test func ndjsonStringsReadTheSameBothWaysAtEveryOffset() {
    let first =
      #"{"timestamp":"2021-03-04 05:00:00.000000-0800","processImagePath":"/a/First","processID":1,"eventMessage":"first"}"#
    let specials = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, #"\/"#, "\u{01}", "é", #"\x"#, "\t", #"\"#]
    var lines: [String] = []
    for special in specials {
      for offset in 0..<20 {
        let pad = String(repeating: "a", count: offset)
        let text = pad + special + String(repeating: "b", count: 17 - offset % 9)
        lines.append(
          #"{"timestamp":"2021-03-04 05:00:01.000000-0800","processImagePath":"/usr/libexec/"#
            + #"assertiond","processID":57,"messageType":"Default","eventMessage":""# + text + #""}"#)
        lines.append(
          #"{"timestamp":"2021-03-04 05:00:01.000000-0800","processImagePath":"/usr/"# + text
            + #"/x","processID":57,"eventMessage":"m"}"#)
        lines.append(
          #"{"k"# + text + #"":1,"timestamp":"2021-03-04 05:00:01.000000-0800","processImagePath":"/p","#
            + #""processID":57,"eventMessage":"m"}"#)
        lines.append(
          #"{"timestamp":"2021-03-04 05:00:01."# + text
            + #"","processImagePath":"/p","processID":57,"eventMessage":"m"}"#)
      }
    }
    Self.expectNDJSONLinesReadTheSameBothWays(lines, after: first)
  }

  /// ndjson's four keys are recognised a word at a time: each key with any one byte changed (and
  /// cut or grown by a byte) is another key, as the `String` parser reads it.
  @Test func ndjsonKeysDifferingInOneByteReadTheSameBothWays() {
    let first =
      #"{"timestamp":"2021-03-04 05:00:00.000000-0800","processImagePath":"/a/First","processID":1,"eventMessage":"first"}"#
    let keys = ["timestamp", "processImagePath", "processID", "eventMessage"]
    var lines: [String] = []
    for key in keys {
      var variants: [String] = [String(key.dropLast()), key + "s", key.uppercased()]
      for offset in 0..<key.utf8.count {
        for replacement in ["x", "P", #"\u0041"#] {
          var bytes = Array(key.utf8)
          bytes.replaceSubrange(offset...offset, with: Array(replacement.utf8))
          variants.append(String(decoding: bytes, as: UTF8.self))
        }
      }
      for variant in variants {
        var members = [
          "timestamp": #""2021-03-04 05:00:01.000000-0800""#, "processImagePath": #""/usr/libexec/dasd""#,
          "processID": "57", "eventMessage": #""message""#,
        ]
        let value = members.removeValue(forKey: key)!
        members[variant] = value
        let body = members.sorted { $0.key < $1.key }.map { #"""# + $0.key + #"":"# + $0.value }
        lines.append("{" + body.joined(separator: ",") + "}")
      }
    }
    Self.expectNDJSONLinesReadTheSameBothWays(lines, after: first)
  }

  /// `log show` separates keys and values with `": "` and `", "`, which are passed at once; every
  /// other arrangement of blanks around `:` and `,` (none, several, tabs, carriage returns, a blank
  /// last on the line) is read by the general rule, as the `String` parser reads it.
  @Test func ndjsonSeparatorsOfEveryFormReadTheSameBothWays() {
    let first =
      #"{"timestamp": "2021-03-04 05:00:00.000000-0800", "processImagePath": "/a/First", "processID": 1, "eventMessage": "first"}"#
    let blanks = ["", " ", "  ", "\t", " \t", "\t ", "\r", " \r"]
    var lines: [String] = []
    for before in blanks {
      for after in blanks {
        for (colon, comma) in [
          (before + ":" + after, ", "), (": ", before + "," + after), (before + ":" + after, before + "," + after),
        ] {
          let members = [
            #""timestamp""# + colon + #""2021-03-04 05:00:01.000000-0800""#,
            #""processImagePath""# + colon + #""/usr/libexec/dasd""#, #""processID""# + colon + "57",
            #""d""# + colon + "[1" + comma + "{}]", #""eventMessage""# + colon + #""message""#,
          ]
          lines.append("{" + members.joined(separator: comma) + "}")
        }
      }
    }
    // Each is valid JSON: the byte reader reads it itself rather than leaving it to the `String` parser.
    for line in lines {
      var copy = line
      let read = copy.withUTF8 { ConsoleByteHeader.readOutOfLine($0, layout: .logShowNDJSON) }
      #expect(read != nil, "\(line.debugDescription)")
    }
    // Cut right after a separator, or with one blank and nothing after it.
    lines += [
      #"{"timestamp": "#, #"{"timestamp":  "#, #"{"processID": 57, "#, #"{"processID": 57,"#, #"{"processID": 57, "#,
      #"{"eventMessage": "m", }"#, #"{"eventMessage": "m",  "#, #"{"eventMessage": "m" , "processID": 1}"#,
    ]
    Self.expectNDJSONLinesReadTheSameBothWays(lines, after: first)
  }

  /// The pair searches (`\M`/`\^` escapes in idevicesyslog messages; `] ` and `: ` ending the xcode
  /// and `log show` senders) find their bytes with `memchr`: generated lines with those bytes at every
  /// place, the message's last byte included, read as the `String` parser reads them.
  @Test func generatedPairBytesReadTheSameBothWays() {
    var generator = SplitMix64(state: 0x5E55_1012)
    let pieces = ["\\", "M", "^", "]", ":", " ", "x", "\\M", "\\^", "] ", ": ", "[", "é", "-"]
    let heads: [(ConsoleLayout, String, String)] = [
      (
        .idevicesyslog, "Mar  3 08:00:00 my-phone First[1] <Notice>: first",
        "Mar  3 09:00:02 my-phone Mail[7] <Notice>: "
      ),
      (.idevicesyslog, "Mar  3 08:00:00 my-phone First[1] <Notice>: first", "Mar  3 09:00:02 my-phone Mail[7]: "),
      (.xcode, "2024-05-01 09:00:00.000000+0200 First[1:1] first", "2024-05-01 10:00:00.100000+0200 MyApp[812:9"),
      (
        .logShow, "2024-05-01 09:00:00.000000-0700 0x1  Default  0x0  1  0  first: first",
        "2024-05-01 09:00:00.000000-0700 0x1  Default  0x0  1  0  app"
      ),
    ]
    for (layout, first, head) in heads {
      for _ in 0..<400 {
        var line = head
        for _ in 0..<Int.random(in: 0...12, using: &generator) { line += pieces.randomElement(using: &generator)! }
        let text = first + "\n" + line + "\ncontinued\n"
        let (expected, expectedStatistics) = Self.byString(text, layout: layout)
        let (actual, actualStatistics) = Self.byBytes(text, layout: layout)
        #expect(actual == expected, "\(line)")
        #expect(actualStatistics == expectedStatistics, "\(line)")
      }
    }
  }
}
