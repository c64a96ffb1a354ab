import Foundation

/// Reads the value of a `Termination Reason:` line, in every spelling seen in the wild.
///
/// - `Namespace SPRINGBOARD, Code 0x8badf00d` (iOS 10–15; also `Namespace <0xF>, …` and the
///   damaged `Namespace SPRINGBOARD,Code 0x8badf00d`);
/// - `SIGNAL 6 Abort trap: 6`, `DYLD 1 Library missing`, `RUNNINGBOARD 3735883980` (iOS 16+: the
///   code in decimal, then free text);
/// - `FRONTBOARD 2343432205 <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:… >`,
///   whose context usually runs over several lines;
/// - `CAROUSEL, Background App Refresh watchdog transgression. …` (watchOS 7: a sentence, no code).
enum TerminationReasonParser {
  /// The parts of the first line.
  struct Head {
    /// The namespace, as written.
    var namespace: String?
    /// The code, when it is a number.
    var code: UInt64?
  }

  /// Reads the namespace and code at the start of a reason.
  static func head(_ value: Substring) -> Head {
    let text = TextScanning.trimmed(value)
    if text.hasPrefix("Namespace") {
      var rest = TextScanning.trimmedLeading(text.dropFirst("Namespace".count))
      let namespaceEnd = rest.firstIndex(of: ",") ?? rest.endIndex
      let namespace = TextScanning.trimmed(rest[..<namespaceEnd])
      rest = rest[namespaceEnd...].dropFirst()
      rest = TextScanning.trimmedLeading(rest)
      var code: UInt64?
      if rest.hasPrefix("Code") {
        let codeText = TextScanning.trimmedLeading(rest.dropFirst("Code".count))
        // A sentence's full stop after the code (`Code 0xdead10cc.`, Telegram-iOS #473) is not part of it.
        var token = codeText.prefix(while: { !TextScanning.isBlank($0) && $0 != "," })
        while token.last == "." || token.last == ";" { token = token.dropLast() }
        code = TextScanning.number(token)
      }
      return Head(namespace: namespace.isEmpty ? nil : String(namespace), code: code)
    }
    let tokens = TextScanning.tokens(text)
    // watchOS writes its reason as a sentence after the namespace and a comma, with no code:
    // `CAROUSEL, Background App Refresh watchdog transgression. Exhausted wall time allowance of 15.00 seconds.`
    if let first = tokens.first, first.count > 1, first.hasSuffix(","), isNamespaceWord(first.dropLast()) {
      return Head(namespace: String(first.dropLast()), code: nil)
    }
    guard let first = tokens.first, isNamespaceWord(first) else { return Head() }
    var codeIndex = 1
    // `RUNNINGBOARD | Code 0xDEAD10CC`, as a user retyped it (0xCUB3/wBlock #385): skip the bar and the word.
    if tokens.count > 3, tokens[1] == "|", tokens[2] == "Code" { codeIndex = 3 }
    let code = tokens.count > codeIndex ? TextScanning.number(tokens[codeIndex]) : nil
    return Head(namespace: String(first), code: code)
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
