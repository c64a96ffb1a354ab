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

  /// Reads a binary image line; nil when the line is not one.
  static func parse(_ text: Substring) -> BinaryImage? {
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
