/// The key under the lanes: every symbol, bar and pattern the picture uses, with its meaning.
enum PictureLegend {
  private typealias M = PictureMarkup

  /// Symbols drawn in a 26 × 16 box whose centre is (x, y), and what they mean.
  private static let items: [(symbol: @Sendable (Double, Double) -> String, label: String)] = [
    ({ M.rect($0 - 12, $1 - 6, 24, 12, "st-fg") }, "foreground"),
    ({ M.rect($0 - 12, $1 - 6, 24, 12, "st-bg") }, "background, running"),
    ({ M.rect($0 - 12, $1 - 4, 24, 8, "st-sus") }, "suspended"),
    ({ M.line($0 - 12, $1, $0 + 12, $1, "st-off") }, "not running"),
    ({ M.rect($0 - 12, $1 - 6, 24, 12, "held") }, "task / assertion held"),
    ({ M.rect($0 - 12, $1 - 6, 24, 12, "declared") }, "declared duration"),
    ({ M.rect($0 - 12, $1 - 6, 24, 12, "over") }, "held past declared time"),
    ({ M.changeSymbol($0, $1) }, "assertion reason changed"),
    (
      {
        M.rect($0 - 10, $1 - 4, 20, 8, "net") + M.transferStartSymbol($0 - 10, $1) + M.transferCancelSymbol($0 + 10, $1)
      },
      "nsurlsessiond: start, cancel"
    ),
    ({ M.line($0 - 8, $1, $0 + 14, $1, "net-open") + M.transferStartSymbol($0 - 10, $1) }, "connection, no end seen"),
    ({ M.wakeRequestSymbol($0, $1) }, "wake requested"),
    ({ M.wakeSymbol($0, $1 - 1, relaunch: false) }, "resumed (wakeup)"),
    ({ M.wakeSymbol($0, $1 - 2, relaunch: true) }, "relaunched in background"),
    ({ M.launchSymbol($0, $1) }, "launched"),
    ({ M.timerSymbol($0, $1) }, "BG permission timer"),
    ({ M.warningSymbol($0, $1 + 1) }, "expiry warning"),
    ({ M.killSymbol($0, $1, size: 5) }, "killed"),
    ({ M.crashSymbol($0, $1) }, "crashed / forced crash report"),
    ({ M.exitSymbol($0, $1) }, "exited"),
    (
      { M.line($0, $1 - 6, $0, $1 + 6, "tick") + M.line($0 + 4, $1 - 6, $0 + 4, $1 + 6, "tick") },
      "marker match, ×count per wakeup"
    ),
    (
      { M.circle($0, $1, 8, "badge") + M.text($0, $1 + 3.5, "1", "badge-text", anchor: "middle") }, "finding's evidence"
    ),
    (
      {
        M.rect($0 - 12, $1 - 7, 24, 14, "break-band") + M.line($0 - 12, $1 - 7, $0 - 12, $1 + 7, "break-edge")
          + M.line($0 + 12, $1 - 7, $0 + 12, $1 + 7, "break-edge")
      }, "silence, compressed"
    ),
  ]

  /// The legend's markup, flowing in rows from `top`, and where it ends.
  static func render(top: Double, width: Double) -> (markup: String, bottom: Double) {
    var out = M.text(20, top + 16, "Legend", "ink h2")
    var x = 20.0
    var y = top + 38
    for item in items {
      let itemWidth = 34 + PictureText.width(item.label, size: 11) + 18
      if x + itemWidth > width - 20 {
        x = 20
        y += 24
      }
      out += "<g>" + item.symbol(x + 13, y) + M.text(x + 32, y + 4, item.label, "ink small") + "</g>"
      x += itemWidth
    }
    return (out, y + 14)
  }
}
