import BglogKit

/// Renders a `TimelineResult` as one self-contained HTML page (no external scripts, fonts or
/// images; works offline): per app the picture, the findings and the event table. Hovering an
/// event shows its log line; clicking a finding highlights its evidence in the picture and the
/// table (a few lines of inline script, no libraries). All log-derived text is HTML-escaped and
/// only ever reaches the page as text, never as markup.
public struct TimelineHTMLRenderer: Sendable {
  /// The picture's width in px.
  public var width: Int

  /// Creates a renderer.
  public init(width: Int = 1200) {
    self.width = width
  }

  /// The whole page.
  public func render(_ result: TimelineResult) -> String {
    let title =
      result.apps.isEmpty ? "bglog timeline" : "bglog timeline: " + result.apps.map(\.name).joined(separator: ", ")
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>\(e(title))</title>
      <style>
      \(Self.css)
      </style>
      </head>
      <body>
      <header>
      <h1>bglog timeline</h1>
      <p class="muted">\(e(TimelineTextRenderer.summary(result)))\
      \(result.droppedEvents > 0 ? " " + e(TimelineTextRenderer.droppedNote(result.droppedEvents)) : "")</p>
      </header>
      <main>

      """
    if result.apps.isEmpty { out += "<p>No app background activity recognised.</p>\n" }
    for (index, app) in result.apps.enumerated() {
      out += section(app, index: index)
    }
    out += "</main>\n<script>\n\(Self.script)\n</script>\n</body>\n</html>\n"
    return out
  }

  private func e(_ text: String) -> String { PictureText.escape(text) }
  private func p(_ count: Int, _ word: String) -> String { CheckWording.plural(count, word) }

  private func section(_ app: AppTimeline, index: Int) -> String {
    let id = "app\(index + 1)"
    var out = "<section class=\"app\" id=\"\(id)\">\n<h2>\(e(app.name))"
    if let process = app.processName, process != app.name { out += " <span class=\"muted\">(\(e(process)))</span>" }
    out += "</h2>\n<div class=\"picture\">\n"
    out += TimelineSVGRenderer(width: width, includesFindings: false).element(apps: [app], idPrefix: "bgl\(index + 1)")
    out += "\n</div>\n"
    out +=
      "<p class=\"detail\" aria-live=\"polite\">Hover over an event to see its log line; "
      + "click a finding to highlight its evidence.</p>\n"
    out += "<h3>Findings</h3>\n"
    if app.findings.isEmpty {
      out += "<p class=\"muted\">None.</p>\n"
    } else {
      out += "<ol class=\"findings\">\n"
      for (number, finding) in app.findings.enumerated() {
        let lines = finding.evidence.map { String($0.line) }.joined(separator: " ")
        out +=
          "<li class=\"finding\" tabindex=\"0\" role=\"button\" aria-pressed=\"false\" "
          + "data-finding=\"\(number + 1)\" data-line=\"\(lines)\">\n"
          + "<span class=\"conf conf-\(finding.confidence.rawValue)\">\(finding.confidence.rawValue)</span> "
          + "<b>\(e(finding.kind.rawValue))</b>\n<p>\(e(finding.summary))</p>\n"
        if let advice = finding.advice { out += "<p class=\"advice\">Advice: \(e(advice))</p>\n" }
        out += "<ul class=\"evidence\">\n"
        for evidence in finding.evidence {
          out +=
            "<li><a href=\"#\(id)-line-\(evidence.line)\">line \(evidence.line)</a> <code>\(e(evidence.text))</code></li>\n"
        }
        out += "</ul>\n</li>\n"
      }
      out += "</ol>\n"
    }
    out += "<h3>Events</h3>\n<table class=\"events\">\n<thead><tr><th>line</th><th>time</th><th>+s</th>"
    out += "<th>lane</th><th>event</th><th>detail</th></tr></thead>\n<tbody>\n"
    var seen: Set<Int> = []
    for event in app.events {
      // One anchor per line: a record can yield several events.
      let anchor = seen.insert(event.line).inserted ? " id=\"\(id)-line-\(event.line)\"" : ""
      let offset = app.offset(of: event).map { PictureText.offset($0) } ?? ""
      let time = event.timestamp.map { String($0.timeOfDayText.prefix(12)) } ?? ""
      let detail = (event.pid.map { "pid \($0) · " } ?? "") + event.detail
      out +=
        "<tr\(anchor) class=\"row\" data-line=\"\(event.line)\" data-log=\"\(e(event.text))\">"
        + "<td class=\"num\">\(event.line)</td><td>\(e(time))</td><td class=\"num\">\(offset)</td>"
        + "<td>\(e(event.lane))</td><td>\(e(event.kind.rawValue))</td><td>\(e(detail))</td></tr>\n"
    }
    out += "</tbody>\n</table>\n</section>\n"
    return out
  }

  static let css = """
    :root{color-scheme:light dark}
    body{margin:0 auto;max-width:1240px;padding:16px 20px 48px;font:14px/1.45 \(PictureStyle.sans);
    background:#ffffff;color:#1b1f24}
    h1{font-size:22px;margin:4px 0}
    h2{font-size:18px;margin:28px 0 8px}
    h3{font-size:15px;margin:18px 0 6px}
    .muted{color:#57606a}
    .picture{overflow-x:auto;border:1px solid #d0d7de;border-radius:6px}
    .picture svg{display:block}
    .detail{position:sticky;bottom:0;margin:0;padding:8px 10px;min-height:2.9em;white-space:pre-wrap;
    word-break:break-all;font:12px/1.4 \(PictureStyle.mono);background:#f6f8fa;border:1px solid #d0d7de;
    border-radius:0 0 6px 6px;z-index:1}
    .findings{padding-left:24px}
    .finding{margin:6px 0;padding:6px 10px;border:1px solid #d0d7de;border-radius:6px;cursor:pointer}
    .finding:hover,.finding:focus{border-color:#0072B2;outline:none}
    .finding.active{border-color:#D55E00;box-shadow:0 0 0 2px #D55E00}
    .finding p{margin:4px 0}
    .advice{color:#57606a}
    .evidence{margin:4px 0;padding-left:18px;font-size:12px}
    .evidence code{font:11px \(PictureStyle.mono);word-break:break-all}
    .conf{display:inline-block;padding:0 6px;border-radius:8px;font-size:11px;font-weight:700;
    border:1px solid currentColor}
    .conf-high{color:#b34700}
    .conf-medium{color:#0072B2}
    .conf-low{color:#57606a}
    .events{border-collapse:collapse;width:100%;font-size:12px}
    .events th,.events td{text-align:left;padding:3px 8px;border-bottom:1px solid #d0d7de;vertical-align:top}
    .events td:last-child{word-break:break-word}
    .events .num{text-align:right;font-variant-numeric:tabular-nums}
    .events tr:hover{background:#eef4fb}
    .events tr.hl{background:#ffe3cc;box-shadow:inset 4px 0 #D55E00}
    .events tr:target{outline:2px solid #0072B2}
    @media (prefers-color-scheme: dark){
    body{background:#0d1117;color:#e6edf3}
    .muted,.advice{color:#9da7b1}
    .picture,.finding,.detail,.events th,.events td{border-color:#30363d}
    .detail{background:#161b22}
    .conf-high{color:#ff8a3d}
    .conf-medium{color:#56B4E9}
    .conf-low{color:#9da7b1}
    .events tr:hover{background:#1c2633}
    .events tr.hl{background:#4a2a12}
    a{color:#56B4E9}
    }
    """

  /// Hover: the event's log line goes to the section's detail bar. Click on a finding (or its
  /// badge in the picture): its evidence lines are highlighted; click again to clear. Text is
  /// only ever set through `textContent`.
  static let script = """
    (function () {
      function lines(el) { return (el.getAttribute('data-line') || '').split(' ').filter(Boolean); }
      document.querySelectorAll('section.app').forEach(function (section) {
        var detail = section.querySelector('.detail');
        var marked = section.querySelectorAll('.ev, .fnd, tr.row');
        marked.forEach(function (el) {
          el.addEventListener('mouseenter', function () {
            var title = el.querySelector('title');
            var text = title ? title.textContent : el.getAttribute('data-log');
            if (text) { detail.textContent = text; }
          });
        });
        var findings = section.querySelectorAll('.finding');
        var current = null;
        function toggle(finding) {
          var on = current !== finding;
          current = on ? finding : null;
          marked.forEach(function (el) { el.classList.remove('hl'); });
          findings.forEach(function (f) { f.classList.remove('active'); f.setAttribute('aria-pressed', 'false'); });
          if (!on) { return; }
          finding.classList.add('active');
          finding.setAttribute('aria-pressed', 'true');
          var wanted = lines(finding);
          marked.forEach(function (el) {
            if (lines(el).some(function (line) { return wanted.indexOf(line) >= 0; })) { el.classList.add('hl'); }
          });
          detail.textContent = finding.querySelector('b').textContent + ': evidence lines ' + wanted.join(', ');
        }
        findings.forEach(function (f) {
          f.addEventListener('click', function (event) {
            if (event.target.tagName === 'A') { return; }
            toggle(f);
          });
          f.addEventListener('keydown', function (event) {
            if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); toggle(f); }
          });
        });
        section.querySelectorAll('.fnd').forEach(function (badge) {
          badge.addEventListener('click', function () {
            var number = badge.getAttribute('data-finding');
            findings.forEach(function (f) { if (f.getAttribute('data-finding') === number) { toggle(f); } });
          });
        });
      });
    })();
    """
}
