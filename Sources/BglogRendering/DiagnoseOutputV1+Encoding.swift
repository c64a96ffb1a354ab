import BglogKit

extension DiagnoseOutputV1 {
  /// The document as ``JSONOutput/encode(_:pretty:)`` writes it, with the reports encoded on all
  /// cores (or `jobs` threads): most of the document is reports, and one encoder on one thread
  /// would write them all after the parallel work is done.
  ///
  /// Each report is encoded on its own and indented to its place in the `reports` array; the rest of
  /// the document is encoded with an empty array, which is then replaced. Pretty-printed JSON keeps
  /// every line break structural (strings escape theirs), so the indentation is exact; if the empty
  /// array is not found where expected, the whole document is encoded the usual way.
  public func encoded(jobs: Int? = nil) -> String {
    guard !reports.isEmpty else { return JSONOutput.encode(self) }
    var shell = self
    shell.reports = []
    let frame = JSONOutput.encode(shell)
    let emptyReports = "\n  \"reports\" : [\n\n  ]"
    guard let slot = frame.range(of: emptyReports), frame.ranges(of: emptyReports).count == 1 else {
      return JSONOutput.encode(self)
    }
    let parts = ParallelWork.map(reports, jobs: jobs) { report in
      Self.indented(JSONOutput.encode(report), by: "    ")
    }
    var out = String(frame[..<slot.lowerBound])
    out.reserveCapacity(frame.utf8.count + parts.reduce(0) { $0 + $1.utf8.count + 2 })
    out += "\n  \"reports\" : [\n"
    for (index, part) in parts.enumerated() {
      if index > 0 { out += ",\n" }
      out += part
    }
    out += "\n  ]"
    out += frame[slot.upperBound...]
    return out
  }

  /// `json` (one encoded value ending in a newline) without its final newline, every non-empty line
  /// prefixed with `indent`, as the encoder writes a value nested that deep (it leaves the blank
  /// line inside an empty array unindented).
  static func indented(_ json: String, by indent: String) -> String {
    var json = json
    return json.withUTF8 { bytes in
      let newline = UInt8(ascii: "\n")
      let body = bytes.last == newline ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
      var out: [UInt8] = []
      out.reserveCapacity(body.count + body.count / 8)
      var lineStart = true
      for byte in body {
        if byte == newline {
          lineStart = true
        } else if lineStart {
          out.append(contentsOf: indent.utf8)
          lineStart = false
        }
        out.append(byte)
      }
      return String(decoding: out, as: UTF8.self)
    }
  }
}
