/// Finds the top-level objects of a JSON array fed to it line by line, without holding the array.
///
/// `log show --style json` writes one array for the whole export (`[{`, `},{`, `}]`), which can be
/// gigabytes; only the object being read is kept. Braces inside strings and escaped quotes are
/// tracked so a message holding `}` does not end its object early.
struct JSONObjectScanner {
  /// The text of the object being read, from its `{`.
  private var buffer: [UInt8] = []
  private var depth = 0
  private var walk = JSONStringWalk()
  private var overflowed = false
  /// The 1-based line on which the object being read started.
  private(set) var objectStartLine: Int?

  /// The largest object kept; a larger one is skipped whole and reported as `.tooLarge`.
  static let maximumObjectBytes = 1 << 20

  /// What one line completed.
  enum Output {
    /// A whole object's text, and the line it started on.
    case object([UInt8], line: Int)
    /// An object larger than `maximumObjectBytes` ended; it was dropped.
    case tooLarge(line: Int)
  }

  /// Whether an object is open, so the line belongs to it.
  var isInsideObject: Bool { depth > 0 }

  /// Reads one line (without its newline); returns the objects it completed, in order.
  mutating func consume(_ line: Substring, number: Int) -> [Output] {
    var outputs: [Output] = []
    for byte in line.utf8 {
      if depth == 0 {
        // Between objects only `[`, `,`, `]` and blanks are expected; anything else is skipped.
        guard byte == 0x7B else { continue }
        depth = 1
        buffer = [byte]
        overflowed = false
        objectStartLine = number
        continue
      }
      append(byte)
      guard walk.step(byte) == .outside else { continue }
      switch byte {
      case 0x7B, 0x5B: depth += 1
      case 0x7D, 0x5D:
        depth -= 1
        if depth == 0 {
          let start = objectStartLine ?? number
          outputs.append(overflowed ? .tooLarge(line: start) : .object(buffer, line: start))
          buffer = []
          objectStartLine = nil
        }
      default: break
      }
    }
    // Strings never span lines in this format (newlines are escaped), but a cut-off export can
    // leave one open; closing it here keeps one bad record from swallowing the rest of the file.
    if depth > 0 {
      walk = JSONStringWalk()
      append(0x0A)
    }
    return outputs
  }

  private mutating func append(_ byte: UInt8) {
    guard !overflowed else { return }
    if buffer.count >= Self.maximumObjectBytes {
      overflowed = true
      buffer = []
      return
    }
    buffer.append(byte)
  }
}
