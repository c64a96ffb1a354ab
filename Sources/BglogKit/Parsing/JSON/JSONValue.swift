/// A JSON value read by ``JSONReader``, with the 1-based line where it starts.
///
/// Objects keep their members in document order (a report's key order is part of what a reader
/// sees) and allow duplicate keys; lookups return the first match.
struct JSONValue: Sendable, Hashable {
  /// The kinds of JSON value.
  enum Kind: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text.
    case number(JSONNumber)
    /// A string with escapes decoded.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object([JSONMember])
    /// An array of stack frames read with ``JSONSelection/frames`` (each element's frame members
    /// only; ``JSONFrame/list(in:)`` reads these and a full tree's frame arrays alike).
    case frames([JSONFrame])
  }

  /// What the value is.
  var kind: Kind
  /// The 1-based line where the value starts.
  var line: Int

  /// Creates a value.
  init(_ kind: Kind, line: Int) {
    self.kind = kind
    self.line = line
  }

  /// The member value for `key` when this is an object, else `nil`.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first(where: { $0.key == key })?.value
  }

  /// The element at `index` when this is an array and the index is in range, else `nil`.
  subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = kind, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// The members, when this is an object.
  var members: [JSONMember]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  /// The elements, when this is an array.
  var elements: [JSONValue]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  /// The frames, when this is an array read with ``JSONSelection/frames``.
  var frames: [JSONFrame]? {
    if case .frames(let frames) = kind { return frames }
    return nil
  }

  /// The string, when this is a string.
  var string: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  /// The number, when this is a number.
  var number: JSONNumber? {
    if case .number(let value) = kind { return value }
    return nil
  }

  /// The boolean, when this is `true` or `false`.
  var bool: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }

  /// Whether this is `null`.
  var isNull: Bool { kind == .null }

  /// An integer from a number, or from a string holding a decimal or `0x` hex integer.
  ///
  /// Reports are inconsistent: `bug_type` is a string, `pid` a number, and some writers quote
  /// codes as hex strings, so every integer read accepts all three.
  var int: Int? {
    if let value = uint64, value <= UInt64(Int.max) { return Int(value) }
    return number?.int ?? string.flatMap { Int($0.trimmedForJSON) }
  }

  /// An unsigned 64-bit integer from a number, a decimal string or a `0x` hex string.
  var uint64: UInt64? {
    if let number { return number.uint64 }
    guard let text = string?.trimmedForJSON, !text.isEmpty else { return nil }
    if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  /// A scalar rendered as text: strings as they are, numbers as written, booleans as
  /// `true`/`false`; `nil` for null, arrays and objects.
  var scalarText: String? {
    switch kind {
    case .string(let value): return value
    case .number(let value): return value.literal
    case .bool(let value): return value ? "true" : "false"
    case .null, .array, .object, .frames: return nil
    }
  }
}

/// One `"key": value` member of a JSON object.
struct JSONMember: Sendable, Hashable {
  /// The decoded key.
  var key: String
  /// The value.
  var value: JSONValue
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and line ends.
  var trimmedForJSON: String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
