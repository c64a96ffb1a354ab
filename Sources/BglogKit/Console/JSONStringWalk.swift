/// A walk over JSON text a byte at a time that knows whether it is inside a string: a quote opens or closes
/// one, and the byte after a backslash inside one is taken as it is (an escaped quote does not close it).
/// Shared by the readers that find structure in JSON text without parsing it (``JSONObjectScanner``,
/// ``WrappedJSONStrings``).
struct JSONStringWalk {
  /// What a byte is to the walk.
  enum Step {
    /// Outside every string (and not a quote).
    case outside
    /// The quote that opens a string.
    case opensString
    /// Inside a string: a byte of its own, or the backslash of an escape.
    case inString
    /// Inside a string, the byte after a backslash.
    case escaped
    /// The quote that closes a string.
    case closesString
  }

  private(set) var inString: Bool
  private var afterBackslash = false

  /// A walk starting outside a string, or inside one.
  init(inString: Bool = false) {
    self.inString = inString
  }

  /// Takes the next byte.
  @inline(__always)
  mutating func step(_ byte: UInt8) -> Step {
    guard inString else {
      guard byte == 0x22 else { return .outside }
      inString = true
      return .opensString
    }
    if afterBackslash {
      afterBackslash = false
      return .escaped
    }
    if byte == 0x5C {
      afterBackslash = true
      return .inString
    }
    if byte == 0x22 {
      inString = false
      return .closesString
    }
    return .inString
  }
}
