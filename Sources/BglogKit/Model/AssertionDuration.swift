/// The permitted time of a process assertion (`duration: 30.0s`, `(finishTask:180s)`,
/// `permittedBackgroundDuration: 180.000000`), valid by construction: finite, not negative, and at
/// most ``maximumSeconds``. Devices write tens of seconds to minutes (9–600 s in every log and report
/// seen); anything else in that field (`-9223372036854775808.0s`, `1e400s`, `infs`) is not a duration
/// a device wrote, so it is not read as one, and nothing downstream (offsets, pictures, findings)
/// ever meets it.
public struct AssertionDuration: Sendable, Hashable, Comparable {
  /// The largest duration read: a day, far above any permitted background time (minutes), and small
  /// enough that any arithmetic on it with a log's times stays exact.
  public static let maximumSeconds: Double = 86_400

  /// The seconds, within `0...maximumSeconds`.
  public let seconds: Double

  /// A duration of `seconds`, or nil when it is not finite, negative, or over ``maximumSeconds``.
  public init?(seconds: Double) {
    guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumSeconds else { return nil }
    self.seconds = seconds
  }

  /// Reads `30.0s`, `180s`, `180.000000` (blanks around it allowed), or nil.
  public init?(text: Substring) {
    var digits = ByteText.trimmingBlanks(text)
    // `hasSuffix("s")` and `dropLast()` on bytes when the text is ASCII (there the last `Character` is
    // the last byte, or CR LF, which is not `s`).
    let utf8 = digits.utf8
    if utf8.allSatisfy({ $0 < 0x80 }) {
      if utf8.last == UInt8(ascii: "s") { digits = digits[..<utf8.index(before: utf8.endIndex)] }
    } else if digits.hasSuffix("s") {
      digits = digits.dropLast()
    }
    guard let value = Double(digits) else { return nil }
    self.init(seconds: value)
  }

  /// Orders by seconds.
  public static func < (lhs: AssertionDuration, rhs: AssertionDuration) -> Bool { lhs.seconds < rhs.seconds }
}
