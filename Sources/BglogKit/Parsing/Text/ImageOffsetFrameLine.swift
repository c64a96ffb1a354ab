/// A frame line of a text summary written from MetricKit's call-stack tree: the image, the offset into it
/// written `+0x…`, the symbol, then the sample count or the source place (a Rust crash-rule module's test
/// reports for the Roam app):
///
///     Thread 0 (attributed):
///       Network +0x1158200 nw_browser_cancel samples=1
///       Roam +0x54788 specialized DatabaseFileLock.withExclusiveLock<A> at /x/DatabaseFileLock.swift:37
///
/// No frame number and no address. Read only under a thread heading, after the address-based and
/// address-less parsers refused the line, so it costs nothing on usual reports.
enum ImageOffsetFrameLine {
  static func parse(_ text: Substring, line: Int) -> StackFrame? {
    let tokens = TextScanning.tokens(text)
    guard tokens.count >= 3, TextScanning.hasPrefix(tokens[1], "+0x"),
      let offset = TextScanning.hex(tokens[1].dropFirst()), TextScanning.smallInt(tokens[0]) == nil,
      !TextScanning.isAddress(tokens[0]), tokens[0].last != ":"
    else { return nil }
    var words = tokens[2...]
    if let last = words.last, TextScanning.hasPrefix(last, "samples="),
      TextScanning.smallInt(last.dropFirst("samples=".count)) != nil
    {
      words = words.dropLast()
    }
    var frame = StackFrame(image: String(tokens[0]), location: .line(line))
    frame.imageOffset = offset
    // `… at /path/File.swift:37`: the source place.
    if words.count >= 3, words[words.endIndex - 2] == "at", let place = words.last,
      let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]), number >= 0,
      colon > place.startIndex
    {
      frame.sourceFile = String(place[..<colon])
      frame.sourceLine = number
      words = words.dropLast(2)
    }
    guard let first = words.first, let last = words.last else { return nil }
    frame.symbol = String(text[first.startIndex..<last.endIndex])
    return frame
  }
}
