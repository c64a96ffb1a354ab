import Foundation

/// Reads one backtrace line of a text report into frames.
///
/// Accepted shapes (columns separated by any run of spaces or tabs, or by single spaces in
/// damaged pastes):
/// - `0   libsystem_kernel.dylib   0x00000001824c17c4 kevent_id + 8`, optionally followed by
///   `(File.swift:12)` or `(in Module) (File.m:45)`;
/// - `6   MyApp   0x100d3d838 0x100d38000 + 22584` (unsymbolicated, decimal offset);
/// - `0   CoreUI   0x189699354 0x189622000 + 0x77354 // -[CUICatalog …] + 0x..` (hex offset, symbol comment);
/// - `0   libsystem_kernel.dylib   0x3618bc5c 0x3617c000 + 64604 (semaphore_wait_signal_trap + 8)` (KSCrash);
/// - `0   ???   000000000000000000 0 + 0`;
/// - the same without the leading frame number, and two frames run together on one line.
enum StackFrameLineParser {
  /// The frames read from a line, and repairs worth reporting.
  struct Result {
    /// The frames, usually one.
    var frames: [StackFrame]
    /// Repairs made or doubts about the line (`two frames on one line`, `line may be cut`).
    var notes: [String]
  }

  /// Reads a frame line; nil when the line is not a frame.
  static func parse(_ text: Substring, line: Int) -> Result? {
    switch parseASCII(text, line: line) {
    case .frame(let frame, let note): return Result(frames: [frame], notes: note.map { [$0] } ?? [])
    case .notAFrame: return nil
    case .fallback: break
    }
    guard let (first, firstRest, firstNotes) = parseOne(text, line: line) else { return nil }
    var frames = [first]
    var rest = firstRest
    var notes = firstNotes
    var guardCount = 0
    while let remainder = rest, guardCount < 8 {
      guardCount += 1
      guard let (next, nextRest, nextNotes) = parseOne(remainder, line: line) else {
        notes.append("unreadable text after a frame: `\(remainder.prefix(60))`")
        break
      }
      notes.append("two frames on one line; split them")
      notes.append(contentsOf: nextNotes)
      frames.append(next)
      rest = nextRest
    }
    return Result(frames: frames, notes: notes)
  }

  private static func parseOne(_ text: Substring, line: Int) -> (StackFrame, Substring?, [String])? {
    let tokens = TextScanning.tokens(text)
    guard !tokens.isEmpty else { return nil }
    var first = 0
    var index: Int?
    // `3.` (a frame number with a typed dot) is frame 3.
    if let number = TextScanning.smallInt(tokens[0])
      ?? (tokens[0].count > 1 && tokens[0].hasSuffix(".") ? TextScanning.smallInt(tokens[0].dropLast()) : nil)
    {
      index = number
      first = 1
    }
    // The address is the first address-like word after at least one image word; image names
    // may contain spaces, so everything between the number and the address is the image.
    var addressAt: Int?
    var candidate = first + 1
    while candidate < tokens.count, candidate - first <= 6 {
      if TextScanning.isAddress(tokens[candidate]) {
        addressAt = candidate
        break
      }
      candidate += 1
    }
    guard let addressAt else { return nil }
    let image = String(text[tokens[first].startIndex..<tokens[addressAt - 1].endIndex])
    guard !TextScanning.hasSuffix(Substring(image), ":") else { return nil }
    var frame = StackFrame(
      index: index, image: image, address: TextScanning.hex(tokens[addressAt]), location: .line(line))
    var notes: [String] = []
    let rest = TextScanning.trimmed(text[tokens[addressAt].endIndex...])
    if rest.isEmpty {
      notes.append("frame has no symbol or image offset; the line may be cut")
      return (frame, nil, notes)
    }
    if let (base, offset, after) = imageOffset(rest) {
      frame.imageBase = base
      frame.imageOffset = offset
      if after.isEmpty { return (frame, nil, notes) }
      if TextScanning.hasPrefix(after, "//") {
        applySymbol(TextScanning.trimmed(after.dropFirst(2)), to: &frame)
        return (frame, nil, notes)
      }
      if TextScanning.hasPrefix(after, "("), TextScanning.hasSuffix(after, ")") {
        applySymbol(TextScanning.trimmed(after.dropFirst().dropLast()), to: &frame)
        return (frame, nil, notes)
      }
      return (frame, after, notes)
    }
    applySymbol(rest, to: &frame)
    if frame.symbolOffset == nil, frame.sourceLine == nil, frame.symbol != "???" {
      // A sentence that happens to hold a hex word (`The exception code 0xdead10cc indicates that …`,
      // leveldb #265): no frame number, several words before it and several after it.
      if index == nil, addressAt - first >= 2, TextScanning.tokens(rest).count >= 3 { return nil }
      notes.append("frame symbol has no offset; the line may be cut")
    }
    return (frame, nil, notes)
  }

  /// Reads `0xBASE + OFFSET` (decimal or hex offset) at the start of the text.
  private static func imageOffset(_ text: Substring) -> (UInt64?, UInt64, Substring)? {
    let tokens = TextScanning.tokens(TextScanning.prefix(text, 80))
    guard tokens.count >= 3, tokens[1] == "+" else { return nil }
    let baseToken = tokens[0]
    let base: UInt64?
    if TextScanning.hasPrefix(baseToken, "0x") || TextScanning.hasPrefix(baseToken, "0X") {
      guard let value = TextScanning.hex(baseToken) else { return nil }
      base = value
    } else if baseToken.allSatisfy({ $0.isASCII && $0.isNumber }) {
      base = UInt64(baseToken)
    } else {
      return nil
    }
    guard let offset = TextScanning.number(tokens[2]) else { return nil }
    return (base, offset, TextScanning.trimmed(text[tokens[2].endIndex...]))
  }

  /// Reads `symbol + 8 (File.swift:12)` / `symbol (in Module) (File.m:45)` / `main (main.m:16)`.
  static func applySymbol(_ text: Substring, to frame: inout StackFrame) {
    var symbol = TextScanning.trimmed(text)
    var groups = 0
    while TextScanning.hasSuffix(symbol, ")"), groups < 3, let open = matchingOpen(in: symbol) {
      groups += 1
      let inner = symbol[symbol.index(after: open)..<symbol.index(before: symbol.endIndex)]
      let before = symbol[..<open]
      guard before.isEmpty || before.last.map(TextScanning.isBlank) == true else { break }
      if TextScanning.hasPrefix(inner, "in ") {
        symbol = TextScanning.trimmed(before)
        continue
      }
      if let colon = inner.lastIndex(of: ":"), let number = Int(inner[inner.index(after: colon)...]) {
        let file = inner[..<colon]
        if !file.isEmpty, number >= 0 {
          frame.sourceFile = String(file)
          frame.sourceLine = number
        }
        symbol = TextScanning.trimmed(before)
        continue
      }
      break
    }
    if let plus = lastPlus(in: symbol) {
      let offsetText = TextScanning.trimmed(symbol[plus.upperBound...])
      if let offset = TextScanning.number(offsetText) {
        frame.symbolOffset = offset
        symbol = TextScanning.trimmed(symbol[..<plus.lowerBound])
      }
    }
    frame.symbol = symbol.isEmpty ? nil : String(symbol)
  }

  /// The last ` + ` in a symbol; bytes for ASCII text, Foundation's search otherwise.
  private static func lastPlus(in symbol: Substring) -> Range<Substring.Index>? {
    guard TextScanning.isASCII(symbol) else { return symbol.range(of: " + ", options: .backwards) }
    let utf8 = symbol.utf8
    var index = utf8.endIndex
    var matched = 0
    while index > utf8.startIndex {
      index = utf8.index(before: index)
      let expected: UInt8 = matched == 1 ? 0x2B : 0x20
      if utf8[index] == expected {
        matched += 1
        if matched == 3 { return index..<utf8.index(index, offsetBy: 3) }
      } else {
        // ` + ` has no repeated prefix but for the blank: a blank here may start a new match.
        matched = utf8[index] == 0x20 ? 1 : 0
      }
    }
    return nil
  }

  private static func matchingOpen(in text: Substring) -> Substring.Index? {
    if TextScanning.isASCII(text) {
      var depth = 0
      let utf8 = text.utf8
      var index = utf8.endIndex
      while index > utf8.startIndex {
        index = utf8.index(before: index)
        switch utf8[index] {
        case 0x29: depth += 1
        case 0x28:
          depth -= 1
          if depth == 0 { return index }
        default: break
        }
      }
      return nil
    }
    var depth = 0
    var index = text.endIndex
    while index > text.startIndex {
      index = text.index(before: index)
      switch text[index] {
      case ")": depth += 1
      case "(":
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }
}
