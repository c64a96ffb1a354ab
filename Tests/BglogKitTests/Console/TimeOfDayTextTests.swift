import Testing

@testable import BglogKit

/// A time of day is written byte by byte for the times a log holds; it must be the text the string
/// sums wrote (kept as the reference here and for the times outside that range).
@Suite struct TimeOfDayTextTests {
  static func reference(_ secondsOfDay: Double) -> String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let whole = Int(saturating: secondsOfDay)
    let text = pad(whole / 3600) + ":" + pad(whole / 60 % 60) + ":" + pad(whole % 60)
    let micros = Int(saturating: ((secondsOfDay - Double(whole)) * 1_000_000).rounded())
    guard micros > 0 else { return text }
    let fraction = String(micros)
    return text + "." + String(repeating: "0", count: max(0, 6 - fraction.count)) + fraction
  }

  @Test func everyTimeReadsAsTheStringSumsWroteIt() {
    var times: [Double] = [
      0, 0.000_001, 0.5, 1, 59.999_999_6, 59.999_999_4, 3_661.5, 86_399.000_001, 86_399.999_999,
      86_400, 86_460.25, 359_999.999_999, 359_999.999_999_7, 360_000, 360_000.5, -0.5, -1, -3_661.25,
      1e12, -1e12, .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude,
    ]
    for seconds in stride(from: 0.0, to: 86_400, by: 997.123_457) { times.append(seconds) }
    for seconds in times {
      let text = LogTimestamp(secondsOfDay: seconds).timeOfDayText
      #expect(text == Self.reference(seconds), "\(seconds)")
    }
  }
}
