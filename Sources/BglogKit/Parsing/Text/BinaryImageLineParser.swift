import Foundation

/// Reads one `Binary Images:` line.
///
/// `0x100d38000 - 0x100d3ffff MyApp arm64  <uuid> /path`, with a `+` before app images, names
/// that contain spaces, macOS `com.apple.CoreFoundation (6.9 - 1452.23) <UUID> /path`, and the
/// microstackshot form whose end address is `???` and whose UUID may be missing.
enum BinaryImageLineParser {
  private static let architectures: Set<String> = [
    "arm64", "arm64e", "arm64_32", "armv7", "armv7s", "armv7k", "armv6", "arm", "x86_64", "x86_64h", "i386",
    "ppc", "(x86_64)", "(i386)", "(arm64)", "(arm64e)",
  ]

  /// ``architectures`` as bytes, for ``parsePlain(_:)`` (ASCII lines, where `String` equality is
  /// byte equality).
  private static let architectureBytes: [[UInt8]] = architectures.map { Array($0.utf8) }

  /// Reads a binary image line; nil when the line is not one.
  static func parse(_ text: Substring) -> BinaryImage? {
    if let decided = parsePlain(text) { return decided }
    return parseByCharacters(text)
  }

  /// ``parse(_:)`` on `Substring`s: any line (``parsePlain(_:)`` gives the same on plain ones).
  static func parseByCharacters(_ text: Substring) -> BinaryImage? {
    let tokens = TextScanning.tokens(text)
    guard tokens.count >= 4, tokens[0].hasPrefix("0x"), tokens[1] == "-" else { return nil }
    guard let base = TextScanning.hex(tokens[0]) else { return nil }
    let end = TextScanning.hex(tokens[2])
    guard end != nil || tokens[2] == "???" else { return nil }
    var rest = TextScanning.trimmed(text[tokens[2].endIndex...])
    if rest.hasPrefix("+") { rest = TextScanning.trimmedLeading(rest.dropFirst()) }
    var uuid: String?
    var path: String?
    var nameAndArch = rest
    if let open = rest.firstIndex(ofASCII: UInt8(ascii: "<")),
      let close = rest[open...].firstIndex(ofASCII: UInt8(ascii: ">"))
    {
      uuid = String(rest[rest.index(after: open)..<close])
      nameAndArch = TextScanning.trimmed(rest[..<open])
      let afterUUID = TextScanning.trimmed(rest[rest.index(after: close)...])
      // Jailbroken devices append `{"install_date":…}` after the path.
      let pathText =
        PlainSearch.range(of: " {", in: afterUUID).map { TextScanning.trimmed(afterUUID[..<$0.lowerBound]) }
        ?? afterUUID
      path = pathText.isEmpty ? nil : String(pathText)
    } else if let slash = PlainSearch.range(of: " /", in: rest) {
      nameAndArch = TextScanning.trimmed(rest[..<slash.lowerBound])
      path = String(TextScanning.trimmed(rest[rest.index(after: slash.lowerBound)...]))
    }
    var words = TextScanning.tokens(nameAndArch)
    var architecture: String?
    if words.count >= 2, let last = words.last, architectures.contains(String(last)) {
      architecture = String(last.trimmingParentheses)
      words.removeLast()
    }
    guard let firstWord = words.first, let lastWord = words.last else { return nil }
    var name = nameAndArch[firstWord.startIndex..<lastWord.endIndex]
    // macOS writes the bundle version after the name: `com.apple.AppKit (6.9 - 1138.51)`.
    if let versionStart = PlainSearch.range(of: " (", in: name)?.lowerBound, name.hasSuffix(")") {
      name = TextScanning.trimmed(name[..<versionStart])
    }
    return BinaryImage(
      name: String(name), base: base, end: end, architecture: architecture, uuid: uuid, path: path)
  }
}

extension BinaryImageLineParser {
  /// ``parse(_:)`` on the bytes of a plain line (ASCII without CR, where every `Character` is one
  /// byte and `PlainSearch` is a byte search): the same steps on byte offsets, with `String`s made
  /// only for the parts kept. `nil` (undecided) for any other line, which the steps above read.
  static func parsePlain(_ text: Substring) -> BinaryImage?? {
    let decided: BinaryImage??? = text.utf8.withContiguousStorageIfAvailable { bytes -> BinaryImage?? in
      for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
      let count = bytes.count
      func isBlank(_ index: Int) -> Bool { TextScanning.isBlankByte(bytes[index]) }
      func slice(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[lower..<utf8.index(lower, offsetBy: range.count)]
      }
      func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isBlank(lower) { lower += 1 }
        while upper > lower, isBlank(upper - 1) { upper -= 1 }
        return lower..<upper
      }
      /// The next blank-separated word at or after `index`.
      func word(from index: Int, to end: Int) -> Range<Int>? {
        var lower = index
        while lower < end, isBlank(lower) { lower += 1 }
        guard lower < end else { return nil }
        var upper = lower
        while upper < end, !isBlank(upper) { upper += 1 }
        return lower..<upper
      }
      func find(_ pattern: (UInt8, UInt8), in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
          if bytes[index] == pattern.0, bytes[index + 1] == pattern.1 { return index }
          index += 1
        }
        return nil
      }
      /// `TextScanning.hex(slice(range))`: on the bytes for `0x` and 1 to 16 hex digits, else by it.
      func hex(_ range: Range<Int>) -> UInt64? {
        var lower = range.lowerBound
        if range.count >= 2, bytes[lower] == UInt8(ascii: "0"),
          bytes[lower + 1] == UInt8(ascii: "x") || bytes[lower + 1] == UInt8(ascii: "X")
        {
          lower += 2
        }
        let digits = range.upperBound - lower
        guard digits >= 1, digits <= 16 else { return TextScanning.hex(slice(range)) }
        var value: UInt64 = 0
        for index in lower..<range.upperBound {
          let byte = bytes[index]
          let digit: UInt8
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
          case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
          default: return TextScanning.hex(slice(range))
          }
          value = value << 4 | UInt64(digit)
        }
        return value
      }
      func find(_ byte: UInt8, in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
          if bytes[index] == byte { return index }
          index += 1
        }
        return nil
      }
      // `tokens.count >= 4, tokens[0].hasPrefix("0x"), tokens[1] == "-"`
      guard let first = word(from: 0, to: count), let dash = word(from: first.upperBound, to: count),
        let third = word(from: dash.upperBound, to: count), word(from: third.upperBound, to: count) != nil
      else { return .some(nil) }
      guard first.count >= 2, bytes[first.lowerBound] == UInt8(ascii: "0"),
        bytes[first.lowerBound + 1] == UInt8(ascii: "x"), dash.count == 1, bytes[dash.lowerBound] == UInt8(ascii: "-")
      else { return .some(nil) }
      guard let base = hex(first) else { return .some(nil) }
      let end = hex(third)
      let isUnknownEnd =
        third.count == 3 && bytes[third.lowerBound] == UInt8(ascii: "?")
        && bytes[third.lowerBound + 1] == UInt8(ascii: "?") && bytes[third.lowerBound + 2] == UInt8(ascii: "?")
      guard end != nil || isUnknownEnd else { return .some(nil) }
      var rest = trimmed(third.upperBound..<count)
      if !rest.isEmpty, bytes[rest.lowerBound] == UInt8(ascii: "+") {
        rest = rest.lowerBound + 1..<rest.upperBound
        while !rest.isEmpty, isBlank(rest.lowerBound) { rest = rest.lowerBound + 1..<rest.upperBound }
      }
      var uuid: String?
      var path: String?
      var nameAndArch = rest
      if let open = find(UInt8(ascii: "<"), in: rest), let close = find(UInt8(ascii: ">"), in: open..<rest.upperBound) {
        uuid = string(open + 1..<close)
        nameAndArch = trimmed(rest.lowerBound..<open)
        let afterUUID = trimmed(close + 1..<rest.upperBound)
        // Jailbroken devices append `{"install_date":…}` after the path.
        let pathText =
          find((UInt8(ascii: " "), UInt8(ascii: "{")), in: afterUUID).map { trimmed(afterUUID.lowerBound..<$0) }
          ?? afterUUID
        path = pathText.isEmpty ? nil : string(pathText)
      } else if let slash = find((UInt8(ascii: " "), UInt8(ascii: "/")), in: rest) {
        nameAndArch = trimmed(rest.lowerBound..<slash)
        path = string(trimmed(slash + 1..<rest.upperBound))
      }
      // The words of `nameAndArch`: only the first, the last two and how many are used.
      var wordCount = 0
      var firstWord: Range<Int>?
      var lastWord: Range<Int>?
      var wordBeforeLast: Range<Int>?
      var next = nameAndArch.lowerBound
      while let found = word(from: next, to: nameAndArch.upperBound) {
        if firstWord == nil { firstWord = found }
        wordBeforeLast = lastWord
        lastWord = found
        wordCount += 1
        next = found.upperBound
      }
      var architecture: String?
      if wordCount >= 2, let last = lastWord,
        architectureBytes.contains(where: { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[last])) })
      {
        var bare = last
        if bytes[bare.lowerBound] == UInt8(ascii: "(") { bare = bare.lowerBound + 1..<bare.upperBound }
        if !bare.isEmpty, bytes[bare.upperBound - 1] == UInt8(ascii: ")") {
          bare = bare.lowerBound..<bare.upperBound - 1
        }
        architecture = string(bare)
        lastWord = wordBeforeLast
      }
      guard let firstWord, let lastWord else { return .some(nil) }
      var name = firstWord.lowerBound..<lastWord.upperBound
      // macOS writes the bundle version after the name: `com.apple.AppKit (6.9 - 1138.51)`.
      if let versionStart = find((UInt8(ascii: " "), UInt8(ascii: "(")), in: name),
        bytes[name.upperBound - 1] == UInt8(ascii: ")")
      {
        name = trimmed(name.lowerBound..<versionStart)
      }
      return .some(
        BinaryImage(name: string(name), base: base, end: end, architecture: architecture, uuid: uuid, path: path))
    }
    return decided ?? nil
  }
}

extension Substring {
  /// `firstIndex(of:)` for an ASCII character other than a line end, on the UTF-8 bytes when the
  /// text is ASCII: there every `Character` is one byte (or CR LF, which `byte` is not part of), so
  /// the first such byte is the first such `Character`. Any other text is searched by `Character`s.
  fileprivate func firstIndex(ofASCII byte: UInt8) -> Index? {
    let found: (ascii: Bool, offset: Int?)? = utf8.withContiguousStorageIfAvailable { bytes in
      guard ByteText.isASCII(bytes) else { return (false, nil) }
      return (true, bytes.firstIndex(of: byte))
    }
    guard let found, found.ascii else { return firstIndex(of: Character(Unicode.Scalar(byte))) }
    return found.offset.map { utf8.index(startIndex, offsetBy: $0) }
  }

  fileprivate var trimmingParentheses: Substring {
    var text = self
    if text.hasPrefix("(") { text = text.dropFirst() }
    if text.hasSuffix(")") { text = text.dropLast() }
    return text
  }
}
