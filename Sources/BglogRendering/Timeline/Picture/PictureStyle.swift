/// The picture's stylesheet and pattern definitions. Colours are the Okabe–Ito palette, which stays
/// distinguishable with the common colour-vision deficiencies; every state and mark also differs by
/// shape, height or pattern so nothing depends on colour alone. A `prefers-color-scheme: dark`
/// block swaps the background and ink, and the picture paints its own background so it stays
/// readable whatever page it is shown on.
enum PictureStyle {
  /// The font stack: system fonts only, nothing downloaded.
  static let sans = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
  /// Monospaced font stack for log lines.
  static let mono = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace"

  /// The CSS for the SVG; selectors are prefixed `.bgl` so the rules stay inside the picture when
  /// it is inlined into an HTML page.
  static let css = """
    .bgl{font-family:\(sans);font-size:12px}
    .bgl .paper{fill:#ffffff}
    .bgl .ink{fill:#1b1f24}
    .bgl .dim{fill:#57606a}
    .bgl .h1{font-size:18px;font-weight:700}
    .bgl .h2{font-size:14px;font-weight:700}
    .bgl .small{font-size:11px}
    .bgl .lane-name{font-weight:700}
    .bgl .lane-band{fill:#f3f5f7}
    .bgl .grid{stroke:#d0d7de;stroke-width:1}
    .bgl .axis{stroke:#57606a;stroke-width:1}
    .bgl .break-band{fill:url(#PFX-break)}
    .bgl .break-edge{fill:none;stroke:#57606a;stroke-width:1.5}
    .bgl .break-label{fill:#1b1f24;font-weight:700}
    .bgl .break-box{fill:#ffffff;stroke:#57606a;stroke-width:1}
    .bgl .st-fg{fill:#0072B2}
    .bgl .st-bg{fill:url(#PFX-bgrun)}
    .bgl .st-sus{fill:url(#PFX-dots)}
    .bgl .st-off{stroke:#57606a;stroke-width:2;stroke-dasharray:2 3}
    .bgl .st-edge{stroke:#1b1f24;stroke-width:1}
    .bgl .on-dark{fill:#ffffff;font-size:10px;font-weight:600}
    .bgl .on-light{fill:#1b1f24;font-size:10px;font-weight:600}
    .bgl .held{fill:#E69F00}
    .bgl .over{fill:url(#PFX-over)}
    .bgl .declared{fill:none;stroke:#9a6700;stroke-width:1.2;stroke-dasharray:4 2}
    .bgl .open{opacity:.55}
    .bgl .net{fill:#CC79A7}
    .bgl .net-open{fill:none;stroke:#CC79A7;stroke-width:2;stroke-dasharray:5 3}
    .bgl .net-mark{fill:#8f3f71}
    .bgl .wake{fill:#0072B2}
    .bgl .wake-request{fill:#ffffff;stroke:#0072B2;stroke-width:1.5}
    .bgl .wake-line{stroke:#0072B2;stroke-width:1;stroke-dasharray:1 3;opacity:.8}
    .bgl .warn{fill:#F0E442;stroke:#1b1f24;stroke-width:1}
    .bgl .warn-text{fill:#1b1f24;font-size:9px;font-weight:700}
    .bgl .timer{fill:#ffffff;stroke:#1b1f24;stroke-width:1.3}
    .bgl .kill{fill:#D55E00;stroke:#D55E00}
    .bgl .kill-x{stroke:#D55E00;stroke-width:3;stroke-linecap:round}
    .bgl .kill-line{stroke:#D55E00;stroke-width:1.2;stroke-dasharray:6 3}
    .bgl .kill-text{fill:#b34700;font-weight:700}
    .bgl .exit{fill:#8c959f;stroke:#1b1f24;stroke-width:1}
    .bgl .anchor-line{stroke:#1b1f24;stroke-width:1;stroke-dasharray:3 3}
    .bgl .tick{stroke:#1b1f24;stroke-width:1.5}
    .bgl .badge{fill:#1b1f24}
    .bgl .badge-text{fill:#ffffff;font-size:10px;font-weight:700}
    .bgl .bracket{stroke:#1b1f24;stroke-width:1.5;fill:none}
    .bgl .halo{paint-order:stroke;stroke:#ffffff;stroke-width:3px;stroke-linejoin:round}
    .bgl .mono{font-family:\(mono);font-size:11px}
    .bgl .pat-bg{fill:#009E73}
    .bgl .pat-sus{fill:#56B4E9}
    .bgl .pat-over{fill:#D55E00}
    .bgl .pat-line{stroke:#ffffff;stroke-width:1.6;opacity:.75}
    .bgl .pat-dot{fill:#1b1f24;opacity:.45}
    .bgl .pat-break{fill:#eaeef2}
    .bgl .pat-break-line{stroke:#d0d7de;stroke-width:1}
    .bgl .ev:hover>*,.bgl .ev:focus>*{filter:drop-shadow(0 0 2px #0072B2)}
    .bgl .hl>*{filter:drop-shadow(0 0 3px #D55E00) drop-shadow(0 0 1px #D55E00)}
    @media (prefers-color-scheme: dark){
    .bgl .paper{fill:#0d1117}
    .bgl .ink,.bgl .break-label,.bgl .on-light{fill:#e6edf3}
    .bgl .dim{fill:#9da7b1}
    .bgl .lane-band{fill:#161b22}
    .bgl .grid{stroke:#30363d}
    .bgl .axis,.bgl .break-edge{stroke:#9da7b1}
    .bgl .break-box{fill:#0d1117;stroke:#9da7b1}
    .bgl .st-fg,.bgl .wake{fill:#3d9be0}
    .bgl .st-off{stroke:#9da7b1}
    .bgl .st-edge,.bgl .anchor-line,.bgl .tick,.bgl .bracket{stroke:#e6edf3}
    .bgl .on-light{fill:#0d1117}
    .bgl .declared{stroke:#f0b429}
    .bgl .net-mark{fill:#e7a6cb}
    .bgl .wake-request{fill:#0d1117;stroke:#3d9be0}
    .bgl .wake-line{stroke:#3d9be0}
    .bgl .timer{fill:#0d1117;stroke:#e6edf3}
    .bgl .kill-text{fill:#ff8a3d}
    .bgl .kill-x{stroke:#ff7a1a}
    .bgl .kill{fill:#ff7a1a;stroke:#ff7a1a}
    .bgl .kill-line{stroke:#ff7a1a}
    .bgl .halo{stroke:#0d1117}
    .bgl .badge{fill:#e6edf3}
    .bgl .badge-text{fill:#0d1117}
    .bgl .pat-dot{fill:#0d1117;opacity:.6}
    .bgl .pat-break{fill:#161b22}
    .bgl .pat-break-line{stroke:#30363d}
    }
    """

  /// The stylesheet with pattern ids made unique for one picture.
  static func css(prefix: String) -> String {
    css.replacingOccurrences(of: "PFX", with: prefix)
  }

  /// Patterns: hatching for "background running", dots for "suspended", cross-hatching for time
  /// held past the declared duration, light stripes for compressed silences.
  static func defs(prefix: String) -> String {
    """
    <defs>
    <pattern id="\(prefix)-bgrun" width="6" height="6" patternUnits="userSpaceOnUse" \
    patternTransform="rotate(45)"><rect width="6" height="6" class="pat-bg"/>\
    <line x1="0" y1="0" x2="0" y2="6" class="pat-line"/></pattern>
    <pattern id="\(prefix)-dots" width="5" height="5" patternUnits="userSpaceOnUse">\
    <rect width="5" height="5" class="pat-sus"/><circle cx="2.5" cy="2.5" r="1" class="pat-dot"/></pattern>
    <pattern id="\(prefix)-over" width="5" height="5" patternUnits="userSpaceOnUse" \
    patternTransform="rotate(-45)"><rect width="5" height="5" class="pat-over"/>\
    <line x1="0" y1="0" x2="0" y2="5" class="pat-line"/><line x1="0" y1="2.5" x2="5" y2="2.5" class="pat-line"/>\
    </pattern>
    <pattern id="\(prefix)-break" width="8" height="8" patternUnits="userSpaceOnUse" \
    patternTransform="rotate(45)"><rect width="8" height="8" class="pat-break"/>\
    <line x1="0" y1="0" x2="0" y2="8" class="pat-break-line"/></pattern>
    </defs>
    """
  }
}
