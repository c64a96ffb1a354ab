/// Small SVG element builders; every number goes through `PictureText.number` and every text
/// through `PictureText.escape`, so output is stable and safe whatever the log says.
enum PictureMarkup {
  static func n(_ value: Double) -> String { PictureText.number(value) }

  static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ cls: String, rx: Double = 0)
    -> String
  {
    let radius = rx > 0 ? " rx=\"\(n(rx))\"" : ""
    return "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(0, width)))\" height=\"\(n(max(0, height)))\"\(radius)"
      + " class=\"\(cls)\"/>"
  }

  static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ cls: String) -> String {
    "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" class=\"\(cls)\"/>"
  }

  static func circle(_ x: Double, _ y: Double, _ r: Double, _ cls: String) -> String {
    "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" class=\"\(cls)\"/>"
  }

  static func polygon(_ points: [(Double, Double)], _ cls: String) -> String {
    "<polygon points=\"\(points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "))\" class=\"\(cls)\"/>"
  }

  static func polyline(_ points: [(Double, Double)], _ cls: String) -> String {
    "<polyline points=\"\(points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "))\" class=\"\(cls)\"/>"
  }

  /// A text element; `anchor` is `start`, `middle` or `end`.
  static func text(_ x: Double, _ y: Double, _ content: String, _ cls: String, anchor: String = "start") -> String {
    let anchorAttribute = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
    return "<text x=\"\(n(x))\" y=\"\(n(y))\" class=\"\(cls)\"\(anchorAttribute)>\(PictureText.escape(content))</text>"
  }

  /// A hoverable event: `data-line` lists the log lines it stands for (the HTML page highlights
  /// them), `<title>` is the tooltip with the log line itself.
  static func event(lines: [Int], title: String, _ body: String) -> String {
    let unique = Array(Set(lines)).sorted()
    return "<g class=\"ev\" data-line=\"\(unique.map(String.init).joined(separator: " "))\">"
      + "<title>\(PictureText.escape(title))</title>\(body)</g>"
  }

  // MARK: - Symbols, centred on (x, y)

  /// ▲: the app was woken (resumed or relaunched).
  static func wakeSymbol(_ x: Double, _ y: Double, relaunch: Bool) -> String {
    var out = polygon([(x, y - 7), (x + 7, y + 6), (x - 7, y + 6)], "wake")
    if relaunch { out += rect(x - 7, y + 8, 14, 2.5, "wake") }
    return out
  }

  /// ○: a daemon asked for the app to be woken.
  static func wakeRequestSymbol(_ x: Double, _ y: Double) -> String { circle(x, y, 4.5, "wake-request") }

  /// ■: a launch into the foreground.
  static func launchSymbol(_ x: Double, _ y: Double) -> String { rect(x - 6, y - 6, 12, 12, "wake") }

  /// ⚠: an expiry or completion-handler warning; `mark` is the glyph inside.
  static func warningSymbol(_ x: Double, _ y: Double, mark: String = "!") -> String {
    polygon([(x, y - 8), (x + 8, y + 6), (x - 8, y + 6)], "warn")
      + text(x, y + 4.5, mark, "warn-text", anchor: "middle")
  }

  /// ◷: the background permission timer.
  static func timerSymbol(_ x: Double, _ y: Double) -> String {
    circle(x, y, 6, "timer") + line(x, y, x, y - 4, "st-edge") + line(x, y, x + 3, y, "st-edge")
  }

  /// ✕: killed (jetsam, watchdog…).
  static func killSymbol(_ x: Double, _ y: Double, size: Double = 6) -> String {
    line(x - size, y - size, x + size, y + size, "kill-x") + line(x - size, y + size, x + size, y - size, "kill-x")
  }

  /// ✷: crashed or a forced crash report.
  static func crashSymbol(_ x: Double, _ y: Double) -> String {
    var points: [(Double, Double)] = []
    for index in 0..<16 {
      let radius = index % 2 == 0 ? 9.0 : 3.8
      let angle = Double(index) * Double.pi / 8 - Double.pi / 2
      points.append((x + radius * cos(angle), y + radius * sin(angle)))
    }
    return polygon(points, "kill")
  }

  /// □: exited without a reason.
  static func exitSymbol(_ x: Double, _ y: Double) -> String { rect(x - 5, y - 5, 10, 10, "exit") }

  /// ▶: an nsurlsessiond connection started.
  static func transferStartSymbol(_ x: Double, _ y: Double) -> String {
    polygon([(x - 1, y - 7), (x + 8, y), (x - 1, y + 7)], "net-mark")
  }

  /// ▮: an nsurlsessiond connection cancelled.
  static func transferCancelSymbol(_ x: Double, _ y: Double) -> String { rect(x - 1.5, y - 8, 3, 16, "net-mark") }

  /// ◆: an assertion's reason changed.
  static func changeSymbol(_ x: Double, _ y: Double) -> String {
    polygon([(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], "timer")
  }
}

/// `cos` and `sin` without importing Foundation into every file: Taylor series are plenty for
/// the star's 16 fixed angles, and the same on every platform, which keeps output byte-stable.
private func cos(_ angle: Double) -> Double { sin(angle + Double.pi / 2) }

private func sin(_ angle: Double) -> Double {
  var x = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
  if x > Double.pi { x -= 2 * Double.pi }
  if x < -Double.pi { x += 2 * Double.pi }
  var term = x
  var sum = x
  for index in 1..<12 {
    term *= -x * x / Double((2 * index) * (2 * index + 1))
    sum += term
  }
  return sum
}
