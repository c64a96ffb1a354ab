import Foundation

/// Reads the value of a `Termination Reason:` line, in every spelling seen in the wild.
///
/// - `Namespace SPRINGBOARD, Code 0x8badf00d` (iOS 10–15; also `Namespace <0xF>, …` and the
///   damaged `Namespace SPRINGBOARD,Code 0x8badf00d`);
/// - `SIGNAL 6 Abort trap: 6`, `DYLD 1 Library missing`, `RUNNINGBOARD 3735883980` (iOS 16+: the
///   code in decimal, then free text);
/// - `FRONTBOARD 2343432205 <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:… >`,
///   whose context usually runs over several lines;
/// - `RUNNINGBOARD | Code 0xDEAD10CC` (a `|` between namespace and code);
/// - `CAROUSEL, Background App Refresh watchdog transgression. …` (watchOS: namespace, comma, text).
enum TerminationReasonParser {
  /// The parts of the first line.
  struct Head {
    /// The namespace, as written.
    var namespace: String?
    /// The code, when it is a number.
    var code: UInt64?
    /// Whether the `Namespace …, Code …` words were written in lower case (`namespace assertiond, code
    /// 0xbada5e47`): reports print the namespace in capitals, so a page converter lower-cased the text.
    var lowerCased = false
    /// Whether the code is a known termination code read from the start of a word glued to it
    /// (``gluedKnownCode(_:)``).
    var codeGluedToText = false
  }

  /// The start of the parse note on a reason whose code was glued to the text after it; the classifier keeps
  /// such a reading at medium at most (``CrashReport/isGluedTerminationCode``).
  static let gluedCodeNote = "the termination code is glued to the text after it"

  /// The parse note for a glued code token (`0xdead10ccThe`) read as `code`.
  static func gluedCodeNote(token: Substring, code: UInt64) -> String {
    gluedCodeNote + " (`\(token.prefix(24))`): the page lost the line break or blank between them, so bglog read "
      + "the known code 0x\(String(code, radix: 16)) and set the text after it aside"
  }

  /// A known termination code (one ``DiagnosisKind/forTerminationCode(_:)`` names) at the start of a token
  /// whose text goes on without a blank: `0xdead10ccThe Termination Reason code is …` (Apple's SIGKILL page
  /// as a mirror copied it, apple-docs.everest.mt/docs/xcode/sigkill). The code is read only when the
  /// character after its eight hex digits is a letter that cannot continue it: a letter that is no hex
  /// digit (`T` in `0xdead10ccThe`), or a capital after lower-case digits when the token as a whole is no
  /// number (`0xbada5e47Because`). `0xdead10cce` is a longer hex number, not a glued code, and is not read.
  static func gluedKnownCode(_ token: Substring) -> UInt64? {
    let utf8 = token.utf8
    guard utf8.count > 10, utf8.first == 0x30, let x = utf8.dropFirst().first, x == 0x78 || x == 0x58 else {
      return nil
    }
    let digits = utf8.dropFirst(2).prefix(8)
    guard digits.allSatisfy(TextScanning.isHexByte),
      let code = UInt64(token[digits.startIndex..<digits.endIndex], radix: 16),
      DiagnosisKind.forTerminationCode(code) != nil
    else { return nil }
    let rest = token[digits.endIndex...]
    guard let next = rest.first, next.isLetter else { return nil }
    guard let byte = next.asciiValue else { return code }  // a letter of another script (`0xdead10cc的`)
    if !TextScanning.isHexByte(byte) { return code }
    // `0xbada5e47Because`: a capital where the code's letters are lower case, and letters that no hex
    // number holds after it.
    let lowerCaseDigits = !digits.contains { $0 >= 0x41 && $0 <= 0x46 }
    let restIsHex = rest.utf8.allSatisfy(TextScanning.isHexByte)
    return next.isUppercase && lowerCaseDigits && !restIsHex ? code : nil
  }

  /// A code token read as a number, or as a known code glued to the text after it.
  private static func readCode(_ token: Substring) -> (code: UInt64, glued: Bool)? {
    if let number = TextScanning.number(token) { return (number, false) }
    return gluedKnownCode(token).map { ($0, true) }
  }

  /// The parse note on a reason whose namespace is in lower case; the classifier keeps such a reading at
  /// medium at most (``CrashReport/isLowerCasedTermination``).
  static let lowerCasedNote =
    "the termination reason is in lower case (a page converter lower-cased the report), so its words were read "
    + "without case"

  /// Whether `text` starts with ASCII `word`, compared without case.
  private static func hasPrefixIgnoringCase(_ text: Substring, _ word: String) -> Bool {
    text.utf8.count >= word.utf8.count
      && zip(text.utf8, word.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
  }

  /// The parse note on a `Namespace …` word that ends the paste and is no namespace bglog knows: the line
  /// was cut mid-word, so the word is not read as a namespace.
  static func cutNamespaceNote(_ word: String) -> String {
    let upper = word.uppercased()
    let completions = TerminationNamespace.all.map(\.name).filter { $0.hasPrefix(upper) && $0 != upper }
    let hint = completions.isEmpty ? "" : " (perhaps the start of \(completions.joined(separator: " or ")))"
    return "termination reason cut at the end of the paste: `\(OneLineText.clean(word))` is no namespace bglog "
      + "knows\(hint), so no namespace is read"
  }

  /// Reads the namespace and code at the start of a reason.
  static func head(_ value: Substring) -> Head {
    let text = TextScanning.trimmed(value)
    // A page converter lower-cases whole blocks (`termination reason: namespace assertiond, code 0xbada5e47`,
    // w3help.cc's copies of Chinese articles), so the words are read without case.
    if hasPrefixIgnoringCase(text, "Namespace") {
      var rest = TextScanning.trimmedLeading(text.dropFirst("Namespace".count))
      var namespace: Substring
      if let comma = rest.firstIndex(of: ",") {
        namespace = TextScanning.trimmed(rest[..<comma])
        rest = TextScanning.trimmedLeading(rest[comma...].dropFirst())
      } else if let (word, after) = namespaceWordBeforeCode(rest) {
        // `Namespace RUNNINGBOARD Code 3735883980`: the comma left out, or the reason retyped over lines
        // (`Termination Reason:` / `Namespace RUNNINGBOARD` / `Code 3735883980`, TelegramMessenger/
        // Telegram-iOS #2294), which the builder joins with a blank.
        namespace = word
        rest = after
      } else {
        namespace = TextScanning.trimmed(rest)
        rest = rest[rest.endIndex...]
      }
      var code: (code: UInt64, glued: Bool)?
      if hasPrefixIgnoringCase(rest, "Code") {
        let codeText = TextScanning.trimmedLeading(rest.dropFirst("Code".count))
        // A sentence's full stop after the code (`Code 0xdead10cc.`, Telegram-iOS #473) is not part of it.
        var token = codeText.prefix(while: { !TextScanning.isBlank($0) && $0 != "," })
        while token.last == "." || token.last == ";" { token = token.dropLast() }
        code = readCode(token)
      }
      let lowerCased = namespace.contains { $0.isASCII && $0.isLowercase } && !namespace.hasPrefix("<")
      return Head(
        namespace: namespace.isEmpty ? nil : String(namespace), code: code?.code, lowerCased: lowerCased,
        codeGluedToText: code?.glued == true)
    }
    let tokens = TextScanning.tokens(text)
    guard var first = tokens.first else { return Head() }
    // watchOS: `CAROUSEL, Background App Refresh watchdog transgression. …` (gdombiak/OctoPod #387,
    // home-assistant/iOS #1192): the namespace ends at a comma and free text follows, no code.
    let commaAfterNamespace = first.last == ","
    if commaAfterNamespace { first = first.dropLast() }
    guard isNamespaceWord(first) else { return Head() }
    if commaAfterNamespace { return Head(namespace: String(first), code: nil) }
    let code = code(after: tokens.dropFirst())
    return Head(namespace: String(first), code: code?.code, codeGluedToText: code?.glued == true)
  }

  /// The namespace word and the text from `Code` on, when the namespace is one word followed by a blank and
  /// the word `Code` (any case) and a blank: `RUNNINGBOARD Code 3735883980`. Nil for any other text, which
  /// stays the namespace as a whole (`SPRINGBO`, cut).
  private static func namespaceWordBeforeCode(_ text: Substring) -> (Substring, Substring)? {
    let word = text.prefix(while: { !TextScanning.isBlank($0) })
    guard !word.isEmpty else { return nil }
    let after = TextScanning.trimmedLeading(text[word.endIndex...])
    guard hasPrefixIgnoringCase(after, "Code"), let next = after.dropFirst("Code".count).first,
      TextScanning.isBlank(next)
    else { return nil }
    return (word, after)
  }

  /// Whether a line continues a `Namespace X` reason with its code: `Code 3735883980`, `Code 0xdead10cc`.
  static func isCodeLine(_ text: Substring) -> Bool {
    guard hasPrefixIgnoringCase(text, "Code"), let next = text.dropFirst("Code".count).first else { return false }
    return TextScanning.isBlank(next)
  }

  /// The token a code was read from in a reason (the glued token for ``gluedCodeNote(token:code:)``): the
  /// first word that starts with `0x` or `0X`.
  static func codeToken(in value: Substring) -> Substring? {
    TextScanning.tokens(value).first { TextScanning.hasPrefix($0, "0x") || TextScanning.hasPrefix($0, "0X") }
  }

  /// The code after the namespace word: `0xdead10cc`, `3735883980`, or after a `|` separator,
  /// `| Code 0xDEAD10CC` (0xCUB3/wBlock #385, a macOS report as its author summarised it) or
  /// `| code:0xBADDD15C` (launchd's `OS_REASON_RUNNINGBOARD | code:…` exit-reason form).
  private static func code(after tokens: ArraySlice<Substring>) -> (code: UInt64, glued: Bool)? {
    guard let next = tokens.first else { return nil }
    guard next == "|" else { return readCode(next) }
    let rest = tokens.dropFirst()
    guard let word = rest.first else { return nil }
    if word == "Code" || word == "code" || word == "code:" {
      return rest.dropFirst().first.flatMap { readCode(trimmedCode($0)) }
    }
    if word.hasPrefix("code:") { return readCode(trimmedCode(word.dropFirst("code:".count))) }
    return nil
  }

  /// A code token without a sentence's trailing `.`, `,` or `;`.
  private static func trimmedCode(_ token: Substring) -> Substring {
    var token = token
    while let last = token.last, last == "." || last == "," || last == ";" { token = token.dropLast() }
    return token
  }

  /// Whether every character of a word is an uppercase letter, digit or `_` (`SPRINGBOARD`, `DYLD`).
  private static func isNamespaceWord(_ word: Substring) -> Bool {
    guard let first = word.first, first.isASCII, first.isUppercase else { return false }
    return word.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }
  }

  /// Whether a reason opens an `<RBSTerminateContext| …` that is not closed yet.
  static func openBrackets(in text: Substring) -> Int {
    var depth = 0
    for character in text {
      if character == "<" { depth += 1 } else if character == ">", depth > 0 { depth -= 1 }
    }
    return depth
  }

  /// The `code:0x8BADF00D` inside an RBSTerminateContext, when the head has none.
  static func contextCode(in text: String) -> UInt64? {
    guard let marker = PlainSearch.range(of: "code:", in: text) else { return nil }
    let rest = text[marker.upperBound...]
    return TextScanning.number(rest.prefix(while: { $0.isHexDigit || $0 == "x" || $0 == "X" }))
  }

  /// The `explanation:` text of an RBSTerminateContext, as written (line breaks kept), without
  /// the trailing `reportType:…` attributes and the closing `>`.
  static func explanation(in text: String) -> String? {
    guard let marker = PlainSearch.range(of: "explanation:", in: text) else { return nil }
    var body = text[marker.upperBound...]
    if let attributes = PlainSearch.range(of: " reportType:", in: body) {
      body = body[..<attributes.lowerBound]
    } else if body.hasSuffix(">") {
      body = body.dropLast()
    }
    let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }
}

extension CrashReport {
  /// Whether the termination reason's namespace was written in lower case (``TerminationReasonParser/lowerCasedNote``):
  /// the text went through a converter, so the report is not as the device wrote it.
  var isLowerCasedTermination: Bool {
    issues.contains { $0.message == TerminationReasonParser.lowerCasedNote }
  }

  /// Whether the termination code was read from a word glued to the text after it
  /// (``TerminationReasonParser/gluedKnownCode(_:)``): the line is damaged, so the code is not as the device
  /// wrote it in full.
  var isGluedTerminationCode: Bool {
    issues.contains { $0.message.hasPrefix(TerminationReasonParser.gluedCodeNote) }
  }
}
