/// A JSON number kept as the literal text it was written with.
///
/// Crash reports carry 64-bit codes and addresses (`3735883980`, `18446744073709551615`) that a
/// `Double` cannot hold exactly, so the text is kept and converted only on request.
struct JSONNumber: Sendable, Hashable {
  /// The number as written (`-12`, `3735883980`, `4.619693`, `1e3`).
  let literal: String

  /// Whether the literal has no fraction and no exponent.
  var isInteger: Bool {
    !literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
  }

  /// The value as a signed 64-bit integer, when it is an integer in range.
  var int64: Int64? { Int64(literal) }

  /// The value as an unsigned 64-bit integer, when it is a non-negative integer in range.
  var uint64: UInt64? { UInt64(literal) }

  /// The value as an `Int`, when it is an integer in range.
  var int: Int? { Int(literal) }

  /// The value as a `Double` (rounded for large integers).
  var double: Double? { Double(literal) }
}
