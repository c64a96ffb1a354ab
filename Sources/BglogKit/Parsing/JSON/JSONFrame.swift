/// The members of one stack frame of an `.ips` body (`threads[i].frames[j]`,
/// `lastExceptionBacktrace[j]`), as ``IPSCrashBodyReader`` reads them: the first member with each
/// of the six keys, converted the way ``JSONValue``'s accessors convert it.
///
/// ``JSONReader`` reads an array selected with ``JSONSelection/frames`` straight into these (one
/// value per frame instead of an object with a `String` key and a ``JSONValue`` per member); the
/// same values come from a full tree's frame objects through ``init(_:)``, so both reads agree.
struct JSONFrame: Sendable, Hashable {
  /// The 1-based line where the frame's value starts.
  var line: Int
  /// `imageIndex` as ``JSONValue/int``.
  var imageIndex: Int?
  /// `imageOffset` as ``JSONValue/uint64``.
  var imageOffset: UInt64?
  /// `symbol` as ``JSONValue/string``.
  var symbol: String?
  /// `symbolLocation` as ``JSONValue/uint64``.
  var symbolLocation: UInt64?
  /// `sourceFile` as ``JSONValue/string``.
  var sourceFile: String?
  /// `sourceLine` as ``JSONValue/int``.
  var sourceLine: Int?

  /// A frame with no members read (an empty object, or an element that is not an object).
  init(line: Int) {
    self.line = line
  }

  /// The frame a full tree's element holds: its first member of each key (`value[key]`).
  init(_ value: JSONValue) {
    self.init(line: value.line)
    imageIndex = value["imageIndex"]?.int
    imageOffset = value["imageOffset"]?.uint64
    symbol = value["symbol"]?.string
    symbolLocation = value["symbolLocation"]?.uint64
    sourceFile = value["sourceFile"]?.string
    sourceLine = value["sourceLine"]?.int
  }

  /// The frames of `value`: those read with ``JSONSelection/frames``, or those of a full tree's
  /// array; `nil` when the value is neither (not an array).
  static func list(in value: JSONValue) -> [JSONFrame]? {
    if let frames = value.frames { return frames }
    return value.elements?.map(JSONFrame.init)
  }

  /// The member keys read, in slot order (``slot(_:)``).
  static let keys = ["imageIndex", "imageOffset", "symbol", "symbolLocation", "sourceFile", "sourceLine"]

  /// The slot (index into ``keys``) of an escape-free key given as its bytes, if it is one.
  static func slot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    switch bytes.count {
    case 6: return ByteText.equals(bytes, "symbol") ? 2 : nil
    case 11: return ByteText.equals(bytes, "imageOffset") ? 1 : nil
    case 14: return ByteText.equals(bytes, "symbolLocation") ? 3 : nil
    case 10:
      if ByteText.equals(bytes, "imageIndex") { return 0 }
      if ByteText.equals(bytes, "sourceFile") { return 4 }
      return ByteText.equals(bytes, "sourceLine") ? 5 : nil
    default: return nil
    }
  }

  /// The slot of a decoded key, if it is one.
  static func slot(decoded key: String) -> Int? {
    keys.firstIndex(of: key)
  }

  /// Sets an integer slot from a number written as at most 18 decimal digits (below `Int.max`, so
  /// `int` and `uint64` both read it as this value); a string slot reads no number.
  mutating func setInteger(_ slot: Int, _ value: UInt64) {
    switch slot {
    case 0: imageIndex = Int(value)
    case 1: imageOffset = value
    case 3: symbolLocation = value
    case 5: sourceLine = Int(value)
    default: break  // `symbol`, `sourceFile`: a number is not a string, so they stay nil
    }
  }

  /// Sets slot `slot` from `value` (the first member with that key).
  mutating func set(_ slot: Int, _ value: JSONValue) {
    switch slot {
    case 0: imageIndex = value.int
    case 1: imageOffset = value.uint64
    case 2: symbol = value.string
    case 3: symbolLocation = value.uint64
    case 4: sourceFile = value.string
    default: sourceLine = value.int
    }
  }
}
