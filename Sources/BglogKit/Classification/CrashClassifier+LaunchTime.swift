import Foundation

/// The report's own times against the background-task allowance: a process killed sooner after its
/// launch than any background task could have run out of time did not leak one (flutter/flutter #114347:
/// `Launch Time: 13:25:25.6158`, `Date/Time: 13:25:45.2606`, 19.6 s, FRONTBOARD 0x8badf00d, no thread).
extension ClassifierContext {
  /// The time a background task gets before its expiration handler runs, by the era of the OS the report
  /// names: about 30 s from iOS 13, 180 s in iOS 7–12, 600 s before. `nil` when the OS is not iOS (watchOS
  /// and macOS have other rules) or its version is not written.
  func backgroundTaskAllowance() -> (seconds: Double, era: String)? {
    guard let os = report.header.osVersion else { return nil }
    let prefixes = ["iPhone OS ", "iOS ", "iPadOS "]
    guard let prefix = prefixes.first(where: { os.hasPrefix($0) }) else { return nil }
    let version = os.dropFirst(prefix.count).prefix(while: { $0.isNumber })
    guard let major = Int(version), major >= 2, major < 100 else { return nil }
    if major >= 13 { return (30, "iOS 13 and later: about 30 s") }
    if major >= 7 { return (180, "iOS 7 to 12: 180 s") }
    return (600, "before iOS 7: 600 s")
  }

  /// Seconds from `Launch Time` to `Date/Time`, when both are written in the text form
  /// `2022-10-31 13:25:45.2606 +0200` (the offset optional) and the difference is not negative.
  func launchToKillSeconds() -> Double? {
    guard let launch = report.header.launchTime.flatMap(Self.reportSeconds),
      let kill = report.header.dateTime.flatMap(Self.reportSeconds), kill >= launch
    else { return nil }
    return kill - launch
  }

  /// A report timestamp as seconds since 1970 (civil calendar, no leap seconds); `nil` for other forms.
  static func reportSeconds(_ text: String) -> Double? {
    let parts = text.split(separator: " ")
    guard parts.count == 2 || parts.count == 3 else { return nil }
    let date = parts[0].split(separator: "-")
    let time = parts[1].split(separator: ":")
    guard date.count == 3, time.count == 3, let year = Int(date[0]), let month = Int(date[1]),
      let day = Int(date[2]), let hour = Int(time[0]), let minute = Int(time[1]), let second = Double(time[2]),
      (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), second >= 0, second < 61
    else { return nil }
    var offset = 0.0
    if parts.count == 3 {
      let zone = parts[2]
      guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-", let value = Int(zone.dropFirst())
      else { return nil }
      offset = Double((value / 100) * 3600 + (value % 100) * 60) * (sign == "-" ? -1 : 1)
    }
    // Days from civil (Howard Hinnant's algorithm).
    let y = month <= 2 ? year - 1 : year
    let era = y / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return Double(days * 86_400 + hour * 3_600 + minute * 60) + second - offset
  }

  /// When the report's times rule a leaked background task out: the fact and the sentence saying so.
  func leakRuledOutByTimes() -> (fact: Fact, sentence: String)? {
    guard let lived = launchToKillSeconds(), let allowance = backgroundTaskAllowance(),
      lived < allowance.seconds * 0.9
    else { return nil }
    return (
      Fact("launch-to-kill", formatSeconds((lived * 10).rounded() / 10)),
      "The report's own times rule a leaked background task out: the process was killed "
        + "\(formatSeconds((lived * 10).rounded() / 10)) after its launch (Launch Time to Date/Time), sooner than a "
        + "background task's time runs out (\(allowance.era)), so a deadline the app missed (launch, scene "
        + "creation or update) is the likelier cause."
    )
  }
}
