/// A backtrace line without an address, as symbolication tools, crash services and hand-edited pastes
/// print it:
///
///     0   libsystem_kernel.dylib       __ulock_wait + 8
///     4   Movely                       +[TSLocationRequestService sharedInstance] + 132
///     0  libsystem_kernel    __ulock_wait
///
/// (transistorsoft/react-native-background-geolocation #2593). Read only under a thread heading and only
/// in this exact shape: a frame number, the image, a gap of at least two blanks (the column padding),
/// then one symbol column holding either `symbol + decimal` or a single word; nothing else on the line.
/// Called only for lines the address-based parsers refused, so it costs nothing on usual reports.
enum AddresslessFrameLine {
  static func parse(_ text: Substring, line: Int) -> StackFrame? {
    let columns = self.columns(TextScanning.trimmed(text))
    guard columns.count == 3, let index = TextScanning.smallInt(columns[0]) else { return nil }
    let image = columns[1]
    let symbolColumn = columns[2]
    guard !image.isEmpty, !TextScanning.isAddress(image), image.last != ":",
      !TextScanning.tokens(image).contains(where: TextScanning.isAddress),
      let first = symbolColumn.first, first != "(", !TextScanning.isAddress(TextScanning.tokens(symbolColumn)[0])
    else { return nil }
    let tokens = TextScanning.tokens(symbolColumn)
    var frame = StackFrame(index: index, image: String(image), location: .line(line))
    if tokens.count == 1 {
      frame.symbol = String(tokens[0])
      return frame
    }
    // `symbol + 132`: the offset is decimal and ends the line.
    guard tokens.count >= 3, tokens[tokens.count - 2] == "+", let offsetToken = tokens.last,
      offsetToken.allSatisfy({ $0.isASCII && $0.isNumber }), let offset = UInt64(offsetToken)
    else { return nil }
    let symbol = TextScanning.trimmed(symbolColumn[..<tokens[tokens.count - 2].startIndex])
    guard !symbol.isEmpty else { return nil }
    frame.symbol = String(symbol)
    frame.symbolOffset = offset
    return frame
  }

  /// A frame line cut right after its image name, the last line of a pasted stack (dotnet/macios #20766:
  /// `5   libdispatch.dylib` and nothing after it): the next frame number and one image word, no address or
  /// symbol. Read only when the number follows the thread's last frame, so a stray `2 apples` is not a frame.
  static let cutAfterImageNote = "frame line cut after its image name (no address or symbol): the stack is cut here"

  static func cutAfterImage(_ text: Substring, line: Int, previousIndex: Int?) -> StackFrame? {
    let tokens = TextScanning.tokens(text)
    guard tokens.count == 2, let previousIndex, let index = TextScanning.smallInt(tokens[0]),
      index == previousIndex + 1
    else { return nil }
    let image = tokens[1]
    guard image.contains("."), !TextScanning.isAddress(image), image.last != ":",
      image.allSatisfy({ $0.isLetter || $0.isNumber || "._-+".contains($0) })
    else { return nil }
    return StackFrame(index: index, image: String(image), location: .line(line))
  }

  /// The text split at runs of two or more blanks, or at any tab (a column gap); single spaces stay
  /// inside a column (image names and Objective-C symbols hold them).
  static func columns(_ text: Substring) -> [Substring] {
    var result: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      guard TextScanning.isBlank(character) else {
        index = text.index(after: index)
        continue
      }
      var end = index
      var blanks = 0
      var sawTab = false
      while end < text.endIndex, TextScanning.isBlank(text[end]) {
        blanks += 1
        if text[end] == "\t" { sawTab = true }
        end = text.index(after: end)
      }
      // The frame number is followed by one blank in damaged pastes: the first column always splits.
      if blanks >= 2 || sawTab || result.isEmpty {
        result.append(text[start..<index])
        start = end
      }
      index = end
    }
    if start < text.endIndex { result.append(text[start...]) }
    return result
  }
}
