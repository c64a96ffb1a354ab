import BglogTestSupport
import Foundation
import Testing

@testable import BglogRendering

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Issue 17 items 8–10: the same hostile strings, fed through every input field that reaches an output
/// (report fields, log fields, JSON keys in error messages, file names), come out of every format
/// escaped for it: no control character, bidi control or raw line break on a terminal, no line a CI
/// runner reads as a workflow command, well-formed XML, valid JSON, inert Markdown.
@Suite(.serialized) struct OutputEscapingTests {
  /// ESC/OSC (retitle), CSI (clear), C1 CSI, NUL, CR, LF, U+2028, bidi override and isolate, GitHub
  /// workflow commands, HTML, a CDATA end and Markdown table syntax.
  static let hostile =
    "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{0}\r\n::stop-commands::tok\n::error file=x::boom\u{2028}"
    + "\u{202E}evil\u{2066} <script>alert(1)</script> ]]> | `md` | [l](u)"

  /// The hostile string inside a JSON string literal (without the quotes).
  static var hostileJSON: String {
    var out = ""
    for scalar in hostile.unicodeScalars {
      if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A folder with a report, a log and two unreadable files carrying the hostile strings, and a file
  /// whose name holds them.
  static func hostileFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-escaping-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let report = try String(contentsOf: Fixtures.url("ips/synthetic-309-runningboard-dead10cc.ips"), encoding: .utf8)
      .replacingOccurrences(of: "NotesSync", with: hostileJSON)
    try report.write(to: folder.appendingPathComponent("report.ips"), atomically: true, encoding: .utf8)
    let log = try String(contentsOf: Fixtures.url("console/synthetic-seed000-log-show.json"), encoding: .utf8)
      .replacingOccurrences(of: "background1", with: "background1" + hostileJSON)
    try log.write(to: folder.appendingPathComponent("log.json"), atomically: true, encoding: .utf8)
    try "{\"\(hostileJSON)\" 1}".write(
      to: folder.appendingPathComponent("bad-key.json"), atomically: true, encoding: .utf8)
    try "{\"\(hostileJSON)\": 1, \"x\": 2}".write(
      to: folder.appendingPathComponent("keys.json"), atomically: true, encoding: .utf8)
    // A file name can hold every character but `/` and NUL.
    let name = hostile.replacingOccurrences(of: "/", with: "∕").replacingOccurrences(of: "\u{0}", with: "") + ".ips"
    try "{\"a\" 1}".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    return folder
  }

  /// Terminal text: no hidden scalar, no raw CR or line separator, no line that is a workflow command.
  static func expectTerminalSafe(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let hidden = text.unicodeScalars.filter {
      (Escaper.isHidden($0) && $0 != "\n") || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}"
    }
    #expect(hidden.isEmpty, "\(what): \(hidden.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    for line in text.split(separator: "\n") {
      let trimmed = line.drop { $0.isWhitespace }
      #expect(!trimmed.hasPrefix("::"), "\(what): \(line)", sourceLocation: sourceLocation)
    }
  }

  @Test func everySinkEscapesTheSameHostileString() {
    let terminal = Escaper.escape(Self.hostile, for: .terminal)
    #expect(!terminal.contains("\n"))
    #expect(terminal.hasPrefix("\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J\u{FFFD}31m\u{FFFD}\u{23CE}::stop-commands::tok"))
    #expect(terminal.contains("\u{23CE}::error file=x::boom\u{23CE}\u{FFFD}evil\u{FFFD} <script>"))
    Self.expectTerminalSafe(terminal, "terminal")
    #expect(Escaper.escape("  ::error::x", for: .terminal) == "  \u{FF1A}:error::x")
    #expect(Escaper.escape("\u{3000}::x", for: .terminal) == "\u{3000}\u{FF1A}:x")
    #expect(Escaper.escape("a::b", for: .terminal) == "a::b")
    #expect(Escaper.escape("a\r\nb\rc\nd", for: .terminal) == "a⏎b⏎c⏎d")
    #expect(Escaper.escape("plain ascii", for: .terminal) == "plain ascii")

    let markdown = Escaper.escape(Self.hostile, for: .markdown)
    #expect(!markdown.contains("<script>") && markdown.contains("\\<script\\>"))
    #expect(!markdown.contains(" | ") && markdown.contains("\\|") && markdown.contains("\\`md\\`"))
    Self.expectTerminalSafe(markdown, "markdown")

    let message = Escaper.escape(Self.hostile + " 100%", for: .githubMessage)
    #expect(!message.contains("\n") && !message.contains("\r") && message.hasSuffix("100%25"))
    let property = Escaper.escape(Self.hostile, for: .githubProperty)
    #expect(!property.contains(":") && !property.contains(","))

    let markup = Escaper.escape(Self.hostile, for: .markup)
    #expect(!markup.contains("<") && !markup.contains("]]>") && !markup.contains("\r"))
    #expect(markup.unicodeScalars.allSatisfy { !Escaper.isHidden($0) })
    #expect(Escaper.escape(Self.hostile, for: .json) == Self.hostile)
  }

  @Test func inputTextCannotBePrintedWithoutASink() {
    let text = InputText("a\nb")
    #expect(text.escaped(for: .terminal) == "a⏎b")
    let hostile = InputText("zq\u{1B}]0;t\u{7}")
    for printed in ["\(hostile)", String(describing: hostile), String(reflecting: hostile)] {
      #expect(!printed.contains("zq") && !printed.contains("\u{1B}"), "\(printed)")
    }
    var dumped = ""
    dump(hostile, to: &dumped)
    #expect(!dumped.contains("zq"), "\(dumped)")
    #expect(text.escaped(for: .markup) == "a\nb")
  }

  @Test func diagnoseAndCheckOutputsAreSafeInEveryFormat() throws {
    let folder = try Self.hostileFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path

    let diagnose = runBglog(["diagnose", path])
    #expect(diagnose.out.contains("dead10cc") || diagnose.out.contains("locked"), "\(diagnose.out)")
    #expect(diagnose.err.contains("expected ':'"), "\(diagnose.err)")
    Self.expectTerminalSafe(diagnose.out, "diagnose text")
    Self.expectTerminalSafe(diagnose.err, "diagnose stderr")
    let diagnoseJSON = runBglog(["diagnose", "--format", "json", path])
    #expect((try? JSONSerialization.jsonObject(with: Data(diagnoseJSON.out.utf8))) != nil)
    Self.expectTerminalSafe(diagnoseJSON.err, "diagnose json stderr")

    for format in ["text", "json", "ndjson", "github", "junit", "sarif", "markdown"] {
      let run = runBglog(["check", "--no-config", "--fail-on", "any", "--format", format, path])
      #expect(run.status == .policyFailure, "\(format): \(run.status)")
      Self.expectTerminalSafe(run.err, "check \(format) stderr")
      let out = run.out
      switch format {
      case "text", "markdown":
        Self.expectTerminalSafe(out, "check \(format)")
        if format == "markdown" { #expect(!out.contains("<script>")) }
      case "github":
        for line in out.split(separator: "\n") {
          if line.hasPrefix("::") {
            #expect(
              line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice "), "\(line)")
          }
        }
        Self.expectTerminalSafe(
          out.split(separator: "\n").filter { !$0.hasPrefix("::") }.joined(separator: "\n"), "check github summary")
        #expect(!out.unicodeScalars.contains { Escaper.isHidden($0) && $0 != "\n" })
        // `::` inside a message is data: the runner reads commands only at the start of a line.
        #expect(!out.split(separator: "\n").contains { $0.hasPrefix("::stop-commands") })
      case "junit":
        let parser = XMLParser(data: Data(out.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(!out.contains("<script>") && !out.contains("]]>"))
      case "ndjson":
        for line in out.split(separator: "\n") {
          #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
      default:
        #expect((try? JSONSerialization.jsonObject(with: Data(out.utf8))) != nil, "\(format)")
        #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      }
    }
  }

  @Test func timelineOutputsAreSafeInEveryFormat() throws {
    let folder = try Self.hostileFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("log.json").path

    let text = runBglog(["timeline", log])
    #expect(text.out.contains("evil"), "\(text.out)")
    Self.expectTerminalSafe(text.out, "timeline text")
    let chart = runBglog(["timeline", "--chart", log])
    Self.expectTerminalSafe(chart.out, "timeline chart")
    let follow = runBglog(["timeline", "--follow", log])
    #expect(follow.out.contains("evil"), "\(follow.out)")
    Self.expectTerminalSafe(follow.out, "timeline follow")
    let json = runBglog(["timeline", "--format", "json", log])
    #expect((try? JSONSerialization.jsonObject(with: Data(json.out.utf8))) != nil)
    let svg = runBglog(["timeline", "--format", "svg", log])
    let parser = XMLParser(data: Data(svg.out.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    let html = runBglog(["timeline", "--format", "html", log])
    #expect(html.out.components(separatedBy: "<script").count == 2)
    #expect(!html.out.unicodeScalars.contains { Escaper.isHidden($0) })
    for run in [text, chart, follow, json, svg, html] { Self.expectTerminalSafe(run.err, "timeline stderr") }

    // The log's name is input too: an error about it and the follow banner are escaped.
    let missing = runBglog([
      "timeline", folder.appendingPathComponent(Self.hostile.replacingOccurrences(of: "/", with: "∕")).path,
    ])
    #expect(missing.status == .inputError)
    Self.expectTerminalSafe(missing.err, "missing file error")
  }

  @Test func configurationErrorsQuoteKeysEscaped() throws {
    let folder = try Self.hostileFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("config.json")
    try "{\"\(Self.hostileJSON)\": 1}".write(to: config, atomically: true, encoding: .utf8)
    let run = runBglog(["check", "--config", config.path, folder.path])
    #expect(run.status == .usage)
    #expect(run.err.contains("unknown key"), "\(run.err)")
    Self.expectTerminalSafe(run.err, "config error")
  }
}
