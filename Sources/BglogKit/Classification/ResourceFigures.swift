/// The figures of a microstackshot's limit sentence (the `Wakeups:` or `CPU:` line), as the report writes them:
///
///     45051 wakeups over the last 43 seconds (1043 wakeups per second average), exceeding limit of 150 wakeups per second over 300 seconds
///     48 seconds cpu time over 54 seconds (88% cpu average), exceeding limit of 80% cpu over 60 seconds
///
/// Only these two shapes are read (seen in firebase-ios-sdk #6391 and #6424, OnionBrowser #283, firefox-ios
/// #7226, barcode-ANE #34); any other sentence gives nil and is quoted whole.
struct ResourceFigures: Equatable {
  enum Resource: Equatable { case wakeups, cpu }
  var resource: Resource
  /// Wakeups counted, or seconds of CPU time used.
  var used: String
  /// The seconds over which `used` was counted.
  var overSeconds: String
  /// The average as written: wakeups per second, or a CPU percentage (without `%`).
  var average: String
  /// The limit: wakeups per second, or a CPU percentage (without `%`).
  var limit: String
  /// The window the limit is averaged over, in seconds.
  var windowSeconds: String

  static func parse(_ sentence: String) -> ResourceFigures? {
    let words = sentence.split(separator: " ").map(String.init)
    func number(_ word: String) -> String? {
      let digits = word.hasSuffix("%") ? String(word.dropLast()) : word
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
      return digits
    }
    func matches(_ pattern: [String?], at start: Int) -> [String]? {
      // nil in the pattern is a number to capture; every other word must be equal.
      guard start + pattern.count <= words.count else { return nil }
      var captured: [String] = []
      for (offset, expected) in pattern.enumerated() {
        let word = words[start + offset]
        if let expected {
          guard word == expected else { return nil }
        } else {
          guard let value = number(word.trimmingCharacters(in: ["(", ")", ","])) else { return nil }
          captured.append(value)
        }
      }
      return captured
    }
    let wakeups: [String?] = [
      nil, "wakeups", "over", "the", "last", nil, "seconds", nil, "wakeups", "per", "second", "average),",
      "exceeding", "limit", "of", nil, "wakeups", "per", "second", "over", nil, "seconds",
    ]
    if let found = matches(wakeups, at: 0), found.count == 5 {
      return ResourceFigures(
        resource: .wakeups, used: found[0], overSeconds: found[1], average: found[2], limit: found[3],
        windowSeconds: found[4])
    }
    let cpu: [String?] = [
      nil, "seconds", "cpu", "time", "over", nil, "seconds", nil, "cpu", "average),", "exceeding", "limit", "of", nil,
      "cpu", "over", nil, "seconds",
    ]
    if let found = matches(cpu, at: 0), found.count == 5 {
      return ResourceFigures(
        resource: .cpu, used: found[0], overSeconds: found[1], average: found[2], limit: found[3],
        windowSeconds: found[4])
    }
    return nil
  }

  /// `1043 wakeups per second on average (45051 wakeups in 43 s)`.
  var observedText: String {
    switch resource {
    case .wakeups: "\(average) wakeups per second on average (\(used) wakeups in \(overSeconds) s)"
    case .cpu: "\(average)% CPU on average (\(used) s of CPU time in \(overSeconds) s)"
    }
  }

  /// `150 wakeups per second, averaged over 300 s`.
  var limitText: String {
    switch resource {
    case .wakeups: "\(limit) wakeups per second, averaged over \(windowSeconds) s"
    case .cpu: "\(limit)% CPU, averaged over \(windowSeconds) s"
    }
  }

  /// One sentence with the figures: what was used against the limit, and how far over it the average was.
  var sentence: String {
    var text: String
    switch resource {
    case .wakeups:
      text =
        "The process woke \(used) times in \(overSeconds) s, \(average) per second on average, against a limit of "
        + "\(limit) per second averaged over \(windowSeconds) s"
    case .cpu:
      text =
        "The process used \(used) s of CPU time in \(overSeconds) s, \(average)% on average, against a limit of "
        + "\(limit)% averaged over \(windowSeconds) s"
    }
    if let average = Double(average), let limit = Double(limit), limit > 0, average > limit {
      text += " (\(formatNumber((average / limit * 100).rounded() / 100))× the limit)"
    }
    if resource == .wakeups, let used = Double(used), let limit = Double(limit), let window = Double(windowSeconds),
      let over = Double(overSeconds), over < window, used > limit * window
    {
      text +=
        ": the whole \(windowSeconds)-second allowance (\(formatNumber(limit * window)) wakeups) was used in "
        + "\(overSeconds) s"
    }
    return text + "."
  }
}
