/// Text helpers for the SVG and HTML pictures: escaping of hostile log text, stable number
/// formatting, and a width estimate good enough to keep labels from colliding without a font engine.
enum PictureText {
  /// Escapes text for XML and HTML content and attribute values: the markup sink
  /// (``Escaper/escape(_:for:)`` with ``OutputSink/markup``), so a log line with a stray NUL or escape
  /// code cannot make the file unreadable.
  static func escape(_ text: String) -> String { Escaper.escape(text, for: .markup) }

  /// A coordinate or length with at most one decimal, never in exponent form: `12`, `12.5`, `-3`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = Int(saturating: (value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    // `magnitude`, not `abs`: `abs(Int.min)` traps, and a saturated coordinate can be `Int.min`.
    let magnitude = tenths.magnitude
    return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  /// Seconds for people: `45 s`, `340 s`, `21 min 30 s` above ten minutes.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(saturating: seconds.rounded())
    if whole < 600 { return "\(whole) s" }
    let rest = whole % 60
    return rest == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(rest) s"
  }

  /// `+190` / `-8`: seconds since the anchor, rounded.
  static func offset(_ seconds: Double) -> String {
    let whole = Int(saturating: seconds.rounded())
    // Below 10 s a fraction is shown, so a sub-second log's axis does not read `+0 … +0`.
    if abs(seconds) < 10, abs(seconds - Double(whole)) >= 0.005 {
      let hundredths = Int(saturating: (abs(seconds) * 100).rounded())
      var text = "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
      while text.hasSuffix("0") { text.removeLast() }
      return (seconds < 0 ? "-" : "+") + text
    }
    return whole < 0 ? "\(whole)" : "+\(whole)"
  }

  /// `HH:MM:SS` for seconds since midnight (wrapping past 24 h).
  static func clock(_ secondsOfDay: Double) -> String {
    let day = 86_400
    let whole = ((Int(saturating: secondsOfDay.rounded(.down)) % day) + day) % day
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return pad(whole / 3600) + ":" + pad(whole / 60 % 60) + ":" + pad(whole % 60)
  }

  /// The approximate rendered width of `text` in a sans-serif font of `size` px: wide (CJK, emoji)
  /// characters count a full em, others about 0.6 em — an overestimate for most Latin text, which
  /// is the safe side for collision checks.
  static func width(_ text: String, size: Double) -> Double {
    var ems = 0.0
    for scalar in text.unicodeScalars {
      ems += scalar.value >= 0x1100 ? 1.0 : 0.6
    }
    return ems * size
  }

  /// `text` cut to at most `limit` characters, with an ellipsis when cut.
  static func shortened(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
  }

  /// Greedy word wrap to `maxWidth` px at `size` px; words longer than a line are cut hard.
  static func wrap(_ text: String, maxWidth: Double, size: Double) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      let candidate = current.isEmpty ? word : current + " " + word
      if width(candidate, size: size) <= maxWidth {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = ""
      while width(word, size: size) > maxWidth {
        var cut = ""
        for character in word {
          if width(cut + String(character), size: size) > maxWidth { break }
          cut.append(character)
        }
        if cut.isEmpty { cut = String(word.prefix(1)) }
        lines.append(cut)
        word = String(word.dropFirst(cut.count))
      }
      current = word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
