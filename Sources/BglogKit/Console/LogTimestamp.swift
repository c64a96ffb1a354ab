/// A time as written on a console log line: time of day, and the date and UTC offset when the
/// layout carries them.
///
/// Layouts disagree on what they write (`18:05:17`, `Jul 15 09:37:49`,
/// `2020-04-12 23:57:42.216661+0300`), so every part except the time of day is optional.
public struct LogTimestamp: Sendable, Hashable {
  /// Seconds since local midnight, with the fraction when written.
  public var secondsOfDay: Double
  /// The calendar date, when written.
  public var date: LogDate?
  /// The UTC offset in seconds (`-0500` is `-18000`), when written.
  public var utcOffsetSeconds: Int?

  /// Creates a timestamp.
  public init(secondsOfDay: Double, date: LogDate? = nil, utcOffsetSeconds: Int? = nil) {
    self.secondsOfDay = secondsOfDay
    self.date = date
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// `HH:MM:SS`, adding `.ffffff` only when the input had a fraction.
  public var timeOfDayText: String {
    let whole = Int(saturating: secondsOfDay)
    let micros = Int(saturating: ((secondsOfDay - Double(whole)) * 1_000_000).rounded())
    if (0..<360_000).contains(whole), micros < 1_000_000 {
      // Written byte by byte (the same text as below: two-digit hours, minutes and seconds, six-digit
      // microseconds): every row of a timeline table writes one, and the string sums cost 3,000
      // instructions a time.
      let count = micros > 0 ? 15 : 8
      return String(unsafeUninitializedCapacity: count) { bytes in
        func two(_ value: Int, at index: Int) {
          bytes[index] = UInt8(truncatingIfNeeded: 0x30 + value / 10)
          bytes[index + 1] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
        }
        two(whole / 3600, at: 0)
        bytes[2] = 0x3A
        two(whole / 60 % 60, at: 3)
        bytes[5] = 0x3A
        two(whole % 60, at: 6)
        guard micros > 0 else { return 8 }
        bytes[8] = 0x2E
        var rest = micros
        for index in stride(from: 14, through: 9, by: -1) {
          bytes[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
          rest /= 10
        }
        return 15
      }
    }
    let text = pad(whole / 3600) + ":" + pad(whole / 60 % 60) + ":" + pad(whole % 60)
    guard micros > 0 else { return text }
    let fraction = String(micros)
    return text + "." + String(repeating: "0", count: max(0, 6 - fraction.count)) + fraction
  }

  private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// A calendar date read from a log line; `year` is missing in `idevicesyslog` output.
public struct LogDate: Sendable, Hashable {
  /// The year, when written.
  public var year: Int?
  /// The month, 1–12.
  public var month: Int
  /// The day of the month, 1–31.
  public var day: Int

  /// Creates a date.
  public init(year: Int?, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The days of a month a line may name; readers refuse a header whose day is outside.
  static let days = 1...31
  /// The years ``dayNumber`` works with; values beyond are taken as the nearest end.
  static let years = -1_000_000...1_000_000

  /// Days since 1970-01-01 (proleptic Gregorian); a missing year counts as 2000, which keeps
  /// the order of days within one log. Total for every value a `LogDate` can hold: each field
  /// is first brought into its range (year into ``years``, month into 1–12, day into 1–31), so
  /// no arithmetic here can overflow.
  var dayNumber: Int {
    let year = min(max(self.year ?? 2000, Self.years.lowerBound), Self.years.upperBound)
    let month = min(max(self.month, 1), 12)
    let day = min(max(self.day, Self.days.lowerBound), Self.days.upperBound)
    // Howard Hinnant's days_from_civil.
    let y = year - (month <= 2 ? 1 : 0)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
