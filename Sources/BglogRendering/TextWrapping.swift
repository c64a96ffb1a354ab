/// Word wrapping for terminal text, shared by the renderers and the CLI's reference pages.
public enum TextWrapping {
  /// Wraps `text` at `width` columns; the first line starts with `indent`, the others with
  /// `continuation` (spaces as wide as `indent` by default). Ends with a newline.
  public static func wrap(_ text: String, indent: String, continuation: String? = nil, width: Int = 100) -> String {
    if let fast = wrapASCII(text, indent: indent, continuation: continuation, width: width) { return fast }
    return wrapCharacters(text, indent: indent, continuation: continuation, width: width)
  }

  /// ``wrap(_:indent:continuation:width:)`` counting `Character`s: right for any text, and the
  /// reference the byte path is tested against.
  static func wrapCharacters(_ text: String, indent: String, continuation: String?, width: Int) -> String {
    var out = ""
    var line = indent
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord, line.count + 1 + word.count > width {
        out += line + "\n"
        line = continuation ?? String(repeating: " ", count: indent.count)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    return out + line + "\n"
  }

  /// ``wrap(_:indent:continuation:width:)`` on bytes, for text where every byte is one column: all
  /// three strings ASCII without a carriage return (the one ASCII byte that joins the next into one
  /// `Character`). `nil` when that does not hold, so the `Character`-counting path decides.
  static func wrapASCII(_ text: String, indent: String, continuation: String?, width: Int) -> String? {
    guard isOneColumnPerByte(text), isOneColumnPerByte(indent), isOneColumnPerByte(continuation ?? "") else {
      return nil
    }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + indent.utf8.count + text.utf8.count / 16 + 8)
    out.append(contentsOf: indent.utf8)
    var lineLength = indent.utf8.count
    var lineHasWord = false
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      let end = bytes.count
      while index < end {
        if bytes[index] == UInt8(ascii: " ") {
          index += 1
          continue
        }
        var wordEnd = index + 1
        while wordEnd < end, bytes[wordEnd] != UInt8(ascii: " ") { wordEnd += 1 }
        let wordLength = wordEnd - index
        if lineHasWord, lineLength + 1 + wordLength > width {
          out.append(UInt8(ascii: "\n"))
          if let continuation {
            out.append(contentsOf: continuation.utf8)
            lineLength = continuation.utf8.count
          } else {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent.utf8.count))
            lineLength = indent.utf8.count
          }
          lineHasWord = false
        }
        if lineHasWord {
          out.append(UInt8(ascii: " "))
          lineLength += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<wordEnd]))
        lineLength += wordLength
        lineHasWord = true
        index = wordEnd
      }
    }
    out.append(UInt8(ascii: "\n"))
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether every byte of `text` is ASCII other than a carriage return.
  static func isOneColumnPerByte(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
  }
}

extension TextWrapping {
  /// The columns `text` takes: a column per `Character` (a byte per column for plain ASCII).
  public static func columns(_ text: String) -> Int {
    isOneColumnPerByte(text) ? text.utf8.count : text.count
  }

  /// `text` cut to at most `width` columns, ending in `…` when it was cut.
  public static func elide(_ text: String, toColumns width: Int) -> String {
    guard columns(text) > width else { return text }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var cut = String(text.prefix(width - 1))
    while cut.last == " " { cut.removeLast() }
    return cut + "…"
  }

  /// Joins `parts` with `separator`, starting a new line (with `continuation`) before a part that
  /// would pass `width` columns. Ends with a newline.
  public static func pack(
    _ parts: [String], separator: String, indent: String, continuation: String, width: Int
  ) -> String {
    var out = ""
    var line = indent
    var lineHasPart = false
    for part in parts {
      if lineHasPart, columns(line) + columns(separator) + columns(part) > width {
        out += line + "\n"
        line = continuation
        lineHasPart = false
      }
      line += (lineHasPart ? separator : "") + part
      lineHasPart = true
    }
    return out + line + "\n"
  }
}
