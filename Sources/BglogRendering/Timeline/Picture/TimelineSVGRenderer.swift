import BglogKit

/// Draws a `TimelineResult` as one standalone SVG: per app, lanes for app state, background tasks
/// and assertions (declared vs held), nsurlsessiond connections, wakeups, warnings and kills, and
/// marker counts, on an axis in wall-clock time and seconds since the anchor; long silences are
/// compressed into labelled breaks. Then a legend. The output depends on the result only (same
/// input, same bytes), and every log-derived text is XML-escaped.
public struct TimelineSVGRenderer: Sendable {
  /// The picture's width in px.
  public var width: Int
  /// Whether each app's findings are written under its lanes (the HTML page lists them itself).
  public var includesFindings: Bool

  /// Creates a renderer.
  public init(width: Int = 1200, includesFindings: Bool = true) {
    self.width = max(760, width)
    self.includesFindings = includesFindings
  }

  /// The whole result as an SVG document.
  public func render(_ result: TimelineResult) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + element(apps: result.apps, idPrefix: "bgl", droppedEvents: result.droppedEvents) + "\n"
  }

  /// One `<svg>` element (no XML declaration) with the given apps stacked, for embedding; a note on
  /// top when events were left out (the HTML page says it in its header instead).
  func element(apps: [AppTimeline], idPrefix: String, droppedEvents: Int = 0) -> String {
    let width = Double(self.width)
    var body = ""
    var y = 8.0
    if droppedEvents > 0 {
      for line in PictureText.wrap(
        TimelineTextRenderer.droppedNote(droppedEvents), maxWidth: width - 40, size: 12)
      {
        y += 16
        body += PictureMarkup.text(20, y, line, "kill-text")
      }
      y += 8
    }
    if apps.isEmpty {
      body += PictureMarkup.text(20, 34, "No app background activity recognised.", "ink h2")
      y = 56
    }
    for (index, app) in apps.enumerated() {
      if index > 0 {
        body += PictureMarkup.line(20, y + 6, width - 20, y + 6, "grid")
        y += 14
      }
      let panel = TimelinePicturePanel(
        app: app, width: width, prefix: idPrefix, includesFindings: includesFindings
      ).render()
      body += "<g transform=\"translate(0,\(PictureMarkup.n(y)))\">\(panel.markup)</g>\n"
      y += panel.height
    }
    if !apps.isEmpty {
      let legend = PictureLegend.render(top: y + 4, width: width)
      body += legend.markup
      y = legend.bottom + 12
    }
    let height = PictureMarkup.n(y)
    let title = apps.isEmpty ? "bglog timeline" : "bglog timeline: " + apps.map(\.name).joined(separator: ", ")
    return """
      <svg xmlns="http://www.w3.org/2000/svg" class="bgl" width="\(self.width)" height="\(height)" \
      viewBox="0 0 \(self.width) \(height)" role="img" aria-labelledby="\(idPrefix)-title">
      <title id="\(idPrefix)-title">\(PictureText.escape(title))</title>
      <style>
      \(PictureStyle.css(prefix: idPrefix))
      </style>
      \(PictureStyle.defs(prefix: idPrefix))
      <rect width="100%" height="100%" class="paper"/>
      \(body)</svg>
      """
  }
}
