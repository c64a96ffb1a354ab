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

  /// Reads a heading; nil when the line is not one. With `readsNames` false the thread and queue
  /// names are left out (`nil`), for callers that only ask whether and which heading it is: the
  /// names never decide either.
  static func parse(_ text: Substring, readsNames: Bool = true) -> ThreadHeading? {
    // Most lines are frames: one byte rules them out before any prefix test.
    guard let first = text.utf8.first, first == 0x54 || first >= 0x80 else { return nil }
    if first == 0x54 {
      // One look at the bytes decides an ASCII line: the `Thread ` prefix, then the heading itself.
      let fast: ThreadHeading??? = text.utf8.withContiguousStorageIfAvailable { bytes in
        fastParse(text, bytes: bytes, readsNames: readsNames)
      }
      if let fast, let decided = fast { return decided }
    }
    return parseGeneral(text, readsNames: readsNames)
  }

  /// ``parse(_:readsNames:)`` without the byte fast path (also the reference for its tests).
  static func parseGeneral(_ text: Substring, readsNames: Bool = true) -> ThreadHeading? {
    guard TextScanning.hasPrefix(text, "Thread ") else { return nil }
    if TextScanning.isASCII(text) { return parseASCII(text, readsNames: readsNames) }
    let afterWord = text.dropFirst("Thread ".count)
    let digits = afterWord.prefix(while: { $0.isASCII && $0.isNumber })
    guard let index = TextScanning.smallInt(digits) else { return nil }
    let rest = TextScanning.trimmedLeading(afterWord[digits.endIndex...])
    if TextScanning.hasPrefix(rest, "name:") {
      let (name, queue) = readsNames ? nameAndQueue(TextScanning.trimmed(rest.dropFirst("name:".count))) : (nil, nil)
      return .name(index: index, name: name, queue: queue)
    }
    if TextScanning.hasPrefix(rest, "crashed with") || rest.contains("Thread State") {
      return .state(index: index)
    }
    if let instabug = instabugCrashed(rest, readsNames: readsNames) {
      return .start(index: index, crashed: true, name: instabug.name, queue: instabug.queue, trailing: "")
    }
    if let queue = instabugQueue(rest) {
      return .start(index: index, crashed: false, name: nil, queue: readsNames ? queue : nil, trailing: "")
    }
    var afterState = rest
    var crashed = false
    // `Thread 0 (attributed):` (a text summary of a MetricKit crash: the thread the crash is attributed to).
    for word in ["Crashed", "Highlighted", "(attributed)"] where TextScanning.hasPrefix(afterState, word) {
      crashed = true
      afterState = TextScanning.trimmedLeading(afterState.dropFirst(word.count))
    }
    guard TextScanning.hasPrefix(afterState, ":") else {
      guard !crashed, afterState.hasSuffix(":"), let named = instabugNamed(afterState.dropLast()) else { return nil }
      return .start(index: index, crashed: false, name: readsNames ? named : nil, queue: nil, trailing: "")
    }
    let afterColon = afterState.dropFirst()
    if TextScanning.hasPrefix(afterColon, ":") {
      let (name, queue) = readsNames ? nameAndQueue(TextScanning.trimmed(afterColon.dropFirst())) : (nil, nil)
      return .start(index: index, crashed: crashed, name: name, queue: queue, trailing: "")
    }
    return .start(index: index, crashed: crashed, name: nil, queue: nil, trailing: TextScanning.trimmed(afterColon))
  }

  /// ``parse(_:)`` on the line's bytes when they decide it: `.some(nil)` when the line is no heading,
  /// nil when a non-ASCII byte leaves the decision to the `Character` path.
  private static func fastParse(
    _ text: Substring, bytes: UnsafeBufferPointer<UInt8>, readsNames: Bool
  ) -> ThreadHeading?? {
    let prefix: StaticString = "Thread "
    let count = prefix.utf8CodeUnitCount
    let start = prefix.utf8Start
    // As `TextScanning.hasPrefix`: the byte after the prefix must be ASCII too, since a combining
    // mark there would change the last character.
    for index in 0..<min(bytes.count, count + 1) where bytes[index] >= 0x80 { return nil }
    guard bytes.count >= count else { return .some(nil) }
    for index in 0..<count where bytes[index] != start[index] { return .some(nil) }
    var combined: UInt8 = 0
    for byte in bytes { combined |= byte }
    guard combined < 0x80 else { return nil }
    return .some(parseASCII(text, bytes: bytes, readsNames: readsNames))
  }

  /// ``parse(_:)`` for an all-ASCII line starting with `Thread `, on byte offsets (in ASCII, bytes
  /// and `Character`s coincide, so the decisions are the same).
  private static func parseASCII(_ text: Substring, readsNames: Bool) -> ThreadHeading? {
    let parsed: ThreadHeading?? = text.utf8.withContiguousStorageIfAvailable { bytes in
      parseASCII(text, bytes: bytes, readsNames: readsNames)
    }
    return parsed ?? nil
  }

  private static func parseASCII(
    _ text: Substring, bytes: UnsafeBufferPointer<UInt8>, readsNames: Bool
  ) -> ThreadHeading? {
    let utf8 = text.utf8
    func slice(_ lower: Int, _ upper: Int) -> Substring {
      text[utf8.index(utf8.startIndex, offsetBy: lower)..<utf8.index(utf8.startIndex, offsetBy: upper)]
    }
    func isBlank(_ offset: Int) -> Bool { bytes[offset] == 0x20 || bytes[offset] == 0x09 }
    func skipBlanks(_ offset: Int) -> Int {
      var offset = offset
      while offset < bytes.count, isBlank(offset) { offset += 1 }
      return offset
    }
    func has(_ word: StaticString, at offset: Int) -> Bool {
      let count = word.utf8CodeUnitCount
      guard bytes.count - offset >= count else { return false }
      let start = word.utf8Start
      for index in 0..<count where bytes[offset + index] != start[index] { return false }
      return true
    }
    func trimmed(_ lower: Int) -> Substring {
      var upper = bytes.count
      let lower = skipBlanks(lower)
      while upper > lower, isBlank(upper - 1) { upper -= 1 }
      return slice(lower, upper)
    }
    var cursor = 7
    while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 { cursor += 1 }
    guard cursor > 7, cursor - 7 <= 6 else { return nil }
    var index = 0
    for offset in 7..<cursor { index = index * 10 + Int(bytes[offset] - 0x30) }
    let rest = skipBlanks(cursor)
    if has("name:", at: rest) {
      let (name, queue) = readsNames ? nameAndQueue(trimmed(rest + 5)) : (nil, nil)
      return .name(index: index, name: name, queue: queue)
    }
    if has("crashed with", at: rest)
      || (rest..<bytes.count).contains(where: { bytes[$0] == 0x54 && has("Thread State", at: $0) })
    {
      return .state(index: index)
    }
    if bytes[bytes.count - 1] == 0x3A, let instabug = instabugCrashed(slice(rest, bytes.count), readsNames: readsNames)
    {
      return .start(index: index, crashed: true, name: instabug.name, queue: instabug.queue, trailing: "")
    }
    if bytes[bytes.count - 1] == 0x3A, has("Queue ", at: rest), let queue = instabugQueue(slice(rest, bytes.count)) {
      return .start(index: index, crashed: false, name: nil, queue: readsNames ? queue : nil, trailing: "")
    }
    var afterState = rest
    var crashed = false
    if has("Crashed", at: afterState) {
      crashed = true
      afterState = skipBlanks(afterState + 7)
    }
    if has("Highlighted", at: afterState) {
      crashed = true
      afterState = skipBlanks(afterState + 11)
    }
    if has("(attributed)", at: afterState) {
      crashed = true
      afterState = skipBlanks(afterState + 12)
    }
    guard has(":", at: afterState) else {
      guard !crashed, afterState < bytes.count - 1, bytes[bytes.count - 1] == 0x3A,
        let named = instabugNamed(slice(afterState, bytes.count - 1))
      else { return nil }
      return .start(index: index, crashed: false, name: readsNames ? named : nil, queue: nil, trailing: "")
    }
    if has(":", at: afterState + 1) {
      let (name, queue) = readsNames ? nameAndQueue(trimmed(afterState + 2)) : (nil, nil)
      return .start(index: index, crashed: crashed, name: name, queue: queue, trailing: "")
    }
    return .start(index: index, crashed: crashed, name: nil, queue: nil, trailing: trimmed(afterState + 1))
  }

  /// Instabug's heading of the crashed thread, after `Thread N `: `Queue 305:
  /// com.facebook.react.RNBackgroundFetchQueue (serial) [Crashed]:` (transistorsoft/react-native-background-fetch
  /// #527); nil unless the text ends in ` [Crashed]:`. The queue is read without its `(serial)` / `(concurrent)`.
  static func instabugCrashed(_ rest: Substring, readsNames: Bool) -> (name: String?, queue: String?)? {
    let marker = "[Crashed]:"
    guard rest.hasSuffix(marker) else { return nil }
    guard readsNames else { return (nil, nil) }
    var middle = TextScanning.trimmed(rest.dropLast(marker.count))
    for kind in ["(serial)", "(concurrent)"] where middle.hasSuffix(kind) {
      middle = TextScanning.trimmed(middle.dropLast(kind.count))
    }
    if middle.hasPrefix("Queue "), let colon = middle.firstIndex(of: ":"),
      middle[middle.index(middle.startIndex, offsetBy: 6)..<colon].allSatisfy({ $0.isASCII && $0.isNumber })
    {
      let queue = TextScanning.trimmed(middle[middle.index(after: colon)...])
      return (nil, queue.isEmpty ? nil : String(queue))
    }
    return (middle.isEmpty ? nil : String(middle), nil)
  }

  /// Instabug's heading of a queue's thread that did not crash, after `Thread N `: `Queue 1: com.apple.main-thread
  /// (serial):` (Instabug/Instabug-iOS #499); the queue's name, or nil when the text is not that.
  static func instabugQueue(_ rest: Substring) -> String? {
    guard rest.hasPrefix("Queue "), let colon = rest.firstIndex(of: ":") else { return nil }
    let number = rest[rest.index(rest.startIndex, offsetBy: 6)..<colon]
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    var middle = TextScanning.trimmed(rest[rest.index(after: colon)...])
    guard let kind = ["(serial):", "(concurrent):"].first(where: { middle.hasSuffix($0) }) else { return nil }
    middle = TextScanning.trimmed(middle.dropLast(kind.count))
    guard !middle.isEmpty, !middle.contains(" ") else { return nil }
    return String(middle)
  }

  /// Instabug's heading of a thread that did not crash, after `Thread N `: one word naming the thread, then the
  /// colon (`Thread 4 com.facebook.react.runtime.JavaScript:`, `Thread 5 hades:`, Instabug/Instabug-React-Native
  /// #1357; `Thread 2 Unknown:`, #1401, Instabug's word for a thread without a name). `.some(nil)` for `Unknown`;
  /// nil when the text is not one such word (a blank, a colon, or a word a sentence would use there).
  static func instabugNamed(_ word: Substring) -> String?? {
    guard !word.isEmpty, word.utf8.count <= 200,
      word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }),
      word.first?.isLetter == true
    else { return nil }
    let lowered = word.lowercased()
    guard !["crashed", "highlighted", "name", "state", "stack", "backtrace", "is", "was"].contains(lowered) else {
      return nil
    }
    return .some(word == "Unknown" ? nil : String(word))
  }

  /// Whether a heading line is in Instabug's form (`Thread 4 hades:`, `Thread 27 Queue 305: … [Crashed]:`).
  static func isInstabugForm(_ text: Substring) -> Bool {
    guard TextScanning.hasPrefix(text, "Thread "), text.hasSuffix(":") else { return false }
    let afterWord = text.dropFirst("Thread ".count)
    let rest = TextScanning.trimmedLeading(afterWord.drop(while: { $0.isASCII && $0.isNumber }))
    return instabugCrashed(rest, readsNames: false) != nil || instabugQueue(rest) != nil
      || instabugNamed(rest.dropLast()) != nil
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// Splits `tid_303  Dispatch queue: com.apple.main-thread` into a name and a queue.
  static func nameAndQueue(_ text: Substring) -> (String?, String?) {
    guard !text.isEmpty else { return (nil, nil) }
    if TextScanning.isASCII(text) {
      // ASCII text: a byte search ignoring ASCII case finds what Foundation's case-insensitive search finds.
      let marker: StaticString = "dispatch queue:"
      let found: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
        let count = marker.utf8CodeUnitCount
        guard bytes.count >= count else { return nil }
        let wanted = marker.utf8Start
        return (0...(bytes.count - count)).first { offset in
          (0..<count).allSatisfy { lowercased(bytes[offset + $0]) == wanted[$0] }
        }
      }
      let start: Int?
      if let found {
        start = found
      } else {
        let bytes = Array(text.utf8)
        let wanted = Array("dispatch queue:".utf8)
        start =
          bytes.count >= wanted.count
          ? (0...(bytes.count - wanted.count)).first { offset in
            wanted.indices.allSatisfy { lowercased(bytes[offset + $0]) == wanted[$0] }
          } : nil
      }
      guard let start else { return (String(text), nil) }
      let utf8 = text.utf8
      let lower = utf8.index(utf8.startIndex, offsetBy: start)
      let upper = utf8.index(lower, offsetBy: marker.utf8CodeUnitCount)
      let name = TextScanning.trimmed(text[..<lower])
      let queue = TextScanning.trimmed(text[upper...])
      return (name.isEmpty ? nil : String(name), queue.isEmpty ? nil : String(queue))
    }
    guard let marker = text.range(of: "Dispatch queue:", options: .caseInsensitive) else {
      return (String(text), nil)
    }
    let name = TextScanning.trimmed(text[..<marker.lowerBound])
    let queue = TextScanning.trimmed(text[marker.upperBound...])
    return (name.isEmpty ? nil : String(name), queue.isEmpty ? nil : String(queue))
  }
}
