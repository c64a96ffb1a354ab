/// Which parts of a JSON value a reader needs, so that ``JSONReader`` builds only those into the
/// tree and checks and skips the rest on the bytes (same errors, same lines, no `String`s or tree).
///
/// A selection that does not fit the value read (members asked of an array, elements of an
/// object) keeps the whole value, so a reader that looks at an unexpected shape sees what the full
/// tree holds.
indirect enum JSONSelection: Sendable {
  /// The whole value.
  case all
  /// An object's members with these keys (each with what to keep of its value); other members are
  /// skipped. Every member with a listed key is kept, duplicates included.
  case members(JSONKeySet)
  /// An array whose every element is kept as the selection says.
  case elements(JSONSelection)
  /// An array of stack frames, read into ``JSONFrame``s (``JSONValue/Kind/frames``): of each
  /// element only the first member of each frame key is kept; the rest is checked and skipped.
  case frames

  /// An object selection keeping `keys`.
  static func members(_ keys: [String: JSONSelection]) -> JSONSelection {
    .members(JSONKeySet(keys))
  }

  /// The selection for the elements of an array read with this selection.
  var element: JSONSelection {
    switch self {
    case .all, .members, .frames: return .all
    case .elements(let element): return element
    }
  }
}

/// The keys an object selection keeps, matched on a key's UTF-8 bytes so that a skipped member's
/// key never becomes a `String`.
struct JSONKeySet: Sendable {
  /// One kept key.
  struct Entry: Sendable {
    let bytes: [UInt8]
    let key: String
    let selection: JSONSelection
  }

  /// The kept keys, by key length (index = length; keys are short).
  private let byLength: [[Entry]]

  init(_ keys: [String: JSONSelection]) {
    var byLength: [[Entry]] = []
    for (key, selection) in keys.sorted(by: { $0.key < $1.key }) {
      let bytes = Array(key.utf8)
      while byLength.count <= bytes.count { byLength.append([]) }
      byLength[bytes.count].append(Entry(bytes: bytes, key: key, selection: selection))
    }
    self.byLength = byLength
  }

  /// The entry whose key is exactly `bytes` (an escape-free key's text), if any.
  func entry(_ bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
    guard bytes.count < byLength.count else { return nil }
    for entry in byLength[bytes.count] where entry.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
      return entry
    }
    return nil
  }

  /// The entry for a decoded key (one written with escapes), if any.
  func entry(decoded key: String) -> Entry? {
    let count = key.utf8.count
    guard count < byLength.count else { return nil }
    return byLength[count].first(where: { $0.key == key })
  }
}
