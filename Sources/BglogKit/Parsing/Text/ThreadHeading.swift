import Foundation

/// A line that opens or names a thread block: `Thread 0 name:  Dispatch queue: …`, `Thread 0 Crashed:`,
/// `Thread 0 Crashed:: Dispatch queue: …` (macOS), `Thread 3:`, or `Thread 0 crashed with ARM Thread State`.
enum ThreadHeading {
  /// `Thread N name: …`.
  case name(index: Int, name: String?, queue: String?)
  /// `Thread N:` or `Thread N Crashed:`; `trailing` is text a damaged paste left after the colon.
  case start(index: Int, crashed: Bool, name: String?, queue: String?, trailing: Substring)
  /// `Thread N crashed with … Thread State …:` (registers follow).
  case state(index: Int)

  /// Reads a heading; nil when the line is not one.
  static func parse(_ text: Substring) -> ThreadHeading? {
    guard TextScanning.hasPrefix(text, "Thread ") else { return nil }
    let afterWord = text.dropFirst("Thread ".count)
    let digits = afterWord.prefix(while: { $0.isASCII && $0.isNumber })
    guard let index = TextScanning.smallInt(digits) else { return nil }
    let rest = TextScanning.trimmedLeading(afterWord[digits.endIndex...])
    if TextScanning.hasPrefix(rest, "name:") {
      let (name, queue) = nameAndQueue(TextScanning.trimmed(rest.dropFirst("name:".count)))
      return .name(index: index, name: name, queue: queue)
    }
    if TextScanning.hasPrefix(rest, "crashed with") || rest.contains("Thread State") {
      return .state(index: index)
    }
    var afterState = rest
    var crashed = false
    for word in ["Crashed", "Highlighted"] where TextScanning.hasPrefix(afterState, word) {
      crashed = true
      afterState = TextScanning.trimmedLeading(afterState.dropFirst(word.count))
    }
    guard TextScanning.hasPrefix(afterState, ":") else { return nil }
    let afterColon = afterState.dropFirst()
    if TextScanning.hasPrefix(afterColon, ":") {
      let (name, queue) = nameAndQueue(TextScanning.trimmed(afterColon.dropFirst()))
      return .start(index: index, crashed: crashed, name: name, queue: queue, trailing: "")
    }
    return .start(index: index, crashed: crashed, name: nil, queue: nil, trailing: TextScanning.trimmed(afterColon))
  }

  /// Splits `tid_303  Dispatch queue: com.apple.main-thread` into a name and a queue.
  static func nameAndQueue(_ text: Substring) -> (String?, String?) {
    guard !text.isEmpty else { return (nil, nil) }
    guard let marker = text.range(of: "Dispatch queue:", options: .caseInsensitive) else {
      return (String(text), nil)
    }
    let name = TextScanning.trimmed(text[..<marker.lowerBound])
    let queue = TextScanning.trimmed(text[marker.upperBound...])
    return (name.isEmpty ? nil : String(name), queue.isEmpty ? nil : String(queue))
  }
}
