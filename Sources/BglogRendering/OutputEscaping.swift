import BglogKit

/// Where a piece of output text goes.
///
/// THE RULE: every piece of text that came from an input (a report field, a log line, a JSON key, a
/// file name, a configuration key) passes through exactly one escaping step, ``Escaper/escape(_:for:)``,
/// chosen by the sink it is written into, at the place it is written. Text bglog writes itself (labels,
/// kind ids, numbers) needs none. The formats that are machine-read by an encoder (JSON, SARIF,
/// NDJSON) are escaped by that encoder (`JSONOutput`), so their sink does nothing here.
public enum OutputSink: Sendable, Hashable, CaseIterable {
  /// Text for a terminal or a CI log (every text format, standard error): each value stays on one
  /// line, and nothing in it can move the cursor, retitle the window, reorder text or start a
  /// GitHub workflow command.
  case terminal
  /// Inline Markdown (a table cell or a list item of the step summary): as ``terminal``, and Markdown
  /// punctuation shown as written.
  case markdown
  /// The message of a GitHub Actions workflow command (`::error …::message`): as ``terminal``, then
  /// percent-encoded as `@actions/core` does.
  case githubMessage
  /// A property value of a workflow command (`file=`, `title=`): as ``githubMessage``, plus `:` and `,`.
  case githubProperty
  /// XML 1.0, SVG and HTML text and attribute values.
  case markup
  /// JSON string values: the encoder escapes them; returned unchanged.
  case json
}

/// The one escaping step per ``OutputSink``. There is no other copy: `TerminalText`, `PictureText`
/// and the CI renderers call these.
public enum Escaper {
  /// `text` escaped for `sink`.
  public static func escape(_ text: String, for sink: OutputSink) -> String {
    switch sink {
    case .terminal: return terminal(text)
    case .markdown: return markdown(text)
    case .githubMessage: return githubMessage(text)
    case .githubProperty: return githubProperty(text)
    case .markup: return markup(text)
    case .json: return text
    }
  }

  /// What a line break inside a value is shown as on a terminal, so the value stays on one line.
  public static let lineBreakSymbol: Unicode.Scalar = "\u{23CE}"

  // MARK: Terminal

  /// One line with no control characters: line breaks (LF, CR, CRLF, U+2028, U+2029) become ⏎;
  /// other C0 and C1 controls, DEL and the bidirectional formatting characters (which can reorder
  /// what a reader sees) become U+FFFD; tab is kept. A value that starts with `::` (after blanks) has
  /// its first colon shown as a full-width colon `：`, so a CI runner reading the line does not take
  /// it as a workflow command.
  static func terminal(_ text: String) -> String {
    needsTerminalWork(text) ? terminalCarefully(text) : text
  }

  /// ``terminal(_:)`` scalar by scalar, without the byte-level shortcut.
  static func terminalCarefully(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar.value {
      case 0x0A where previousWasCR: continue
      case 0x0A, 0x0D, 0x2028, 0x2029: out.append(lineBreakSymbol)
      case 0x09: out.append(scalar)
      default: out.append(isHidden(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    // Neutralise a leading `::` (GitHub's runner trims leading white space before reading a command).
    if let first = out.firstIndex(where: { !$0.properties.isWhitespace }), out[first] == ":" {
      let next = out.index(after: first)
      if next < out.endIndex, out[next] == ":" { out.replaceSubrange(first..<next, with: ["\u{FF1A}"]) }
    }
    return String(out)
  }

  /// Whether ``terminal(_:)`` changes anything, read from the UTF-8 bytes: C0 controls and DEL are
  /// single bytes; C1 controls are `C2 80`…`C2 9F`; U+2028/2029 and the bidi controls U+200E/200F,
  /// U+202A…202E are `E2 80 xx`, U+2066…2069 `E2 81 A6`…`A9`, U+061C `D8 9C`. A `::` preceded only by
  /// blanks or non-ASCII bytes (possible Unicode blanks) sends the text to the careful path too.
  static func needsTerminalWork(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var before: UInt8 = 0
      var beforeThat: UInt8 = 0
      var index = 0
      // Eight bytes at a time while they are all printable ASCII (0x20…0x7E): no such byte is
      // changed, and none starts or continues a pattern below (they all begin with a byte ≥ 0x80),
      // so the bytes before the next one looked at are reset to 0, which matches no pattern either.
      if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while index + 8 <= bytes.count {
          let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          let ones: UInt64 = 0x0101_0101_0101_0101
          let high: UInt64 = 0x8080_8080_8080_8080
          let below0x20 = (word &- ones &* 0x20) & ~word & high
          let del = word ^ (ones &* 0x7F)
          let is0x7F = (del &- ones) & ~del & high
          guard (word & high) | below0x20 | is0x7F == 0 else { break }
          index += 8
          before = 0
          beforeThat = 0
        }
      }
      for byte in bytes[index...] {
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
        switch (beforeThat, before, byte) {
        case (_, 0xC2, 0x80...0x9F), (_, 0xD8, 0x9C), (0xE2, 0x80, 0x8E...0x8F), (0xE2, 0x80, 0xA8...0xAE),
          (0xE2, 0x81, 0xA6...0xA9):
          return true
        default: break
        }
        beforeThat = before
        before = byte
      }
      var start = 0
      while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] >= 0x80 { start += 1 }
      return start + 1 < bytes.count && bytes[start] == 0x3A && bytes[start + 1] == 0x3A
    }
  }

  /// Scalars never shown as themselves in any human-facing sink: C0/C1 controls (except tab and line
  /// breaks, handled by each sink), DEL, the bidirectional marks, embeddings, overrides and isolates.
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F, 0x80...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  // MARK: Markdown

  /// As ``terminal(_:)``, then every Markdown-active ASCII punctuation mark backslash-escaped
  /// (CommonMark allows it before any ASCII punctuation), so `|` cannot end a table cell, backticks
  /// and `<script>` show as written, and `[text](url)` is not a link.
  static func markdown(_ text: String) -> String {
    var out = ""
    for character in terminal(text) {
      switch character {
      case "|", "*", "_", "`", "[", "]", "<", ">", "\\", "&", "~", "!", "#": out += "\\" + String(character)
      default: out.append(character)
      }
    }
    return out
  }

  // MARK: GitHub workflow commands

  /// As ``terminal(_:)`` (so the message is one line without controls), then `%` percent-encoded.
  /// CR and LF are encoded too, for the line breaks a renderer puts between values (see
  /// ``githubLineBreak``).
  static func githubMessage(_ text: String) -> String {
    var out = ""
    for scalar in terminal(text).unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A line break between values of a workflow command's message.
  public static let githubLineBreak = "%0A"

  /// As ``githubMessage(_:)``, plus `:` and `,` (which end a property).
  static func githubProperty(_ text: String) -> String {
    var out = ""
    for scalar in githubMessage(text).unicodeScalars {
      switch scalar {
      case ":": out += "%3A"
      case ",": out += "%2C"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  // MARK: Markup

  /// XML 1.0 / HTML / SVG text and attribute values: `& < > " '` as references; tab and LF kept (they
  /// end no markup; a tooltip shows the line breaks), CR as `&#13;` (a parser would turn a raw one into
  /// LF); characters XML 1.0 forbids even as references (other C0 controls, U+FFFE,
  /// U+FFFF, lone surrogates cannot occur in a Swift string) and C1 and bidi controls become U+FFFD.
  /// `]]>` cannot survive (`>` is escaped).
  static func markup(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      case "\r": out += "&#13;"
      default:
        if isHidden(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// Text taken from an input, which is printed only once a sink is chosen: the only way to its
/// characters is ``escaped(for:)``; interpolating or describing it (`"\(text)"`, `print`, a debugger)
/// gives a placeholder, never the raw text.
public struct InputText: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  private let raw: String

  /// Wraps input-derived text.
  public init(_ raw: String) {
    self.raw = raw
  }

  /// The text escaped for `sink`.
  public func escaped(for sink: OutputSink) -> String { Escaper.escape(raw, for: sink) }

  /// A placeholder: input text is printed only through ``escaped(for:)``.
  public var description: String { "<input text: choose an OutputSink>" }

  /// The same placeholder.
  public var debugDescription: String { description }

  /// No children, so reflection (`dump`, `String(reflecting:)`) cannot reach the raw text either.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
