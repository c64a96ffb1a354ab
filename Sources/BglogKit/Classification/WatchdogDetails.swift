import Foundation

/// The watchdog figures written in a `Termination Description` or RBSTerminateContext explanation.
///
/// Real example (seed 001): `SPRINGBOARD, scene-update watchdog transgression: wmm.CPUTestTwo exhausted real
/// (wall clock) time allowance of 10.00 seconds | | ProcessVisibility: Foreground | ProcessState: Running |
/// WatchdogEvent: scene-update | WatchdogVisibility: Foreground | WatchdogCPUStatistics: ( | "Elapsed total CPU
/// time (seconds): 1.870 (user 1.870, system 0.000), 22% CPU", | "Elapsed application CPU time (seconds): 1.284,
/// 15% CPU" | )`
public struct WatchdogDetails: Sendable, Hashable {
  /// The watchdog event (`scene-create`, `scene-update`, `launch`, `suspend`, `resume`...).
  public var event: String?
  /// The allowance in seconds (wall clock, or CPU time when ``allowanceIsCPUTime``).
  public var allowanceSeconds: Double?
  /// Whether the allowance is CPU time (`exhausted CPU time allowance`) rather than wall clock.
  public var allowanceIsCPUTime: Bool = false
  /// `ProcessVisibility` (Foreground, Background).
  public var visibility: String?
  /// Elapsed total CPU seconds.
  public var totalCPUSeconds: Double?
  /// Elapsed application CPU seconds.
  public var applicationCPUSeconds: Double?
  /// Application CPU as a percentage of the allowance.
  public var applicationCPUPercent: Double?
  /// `Thermal State:` of the context's `ThermalInfo` (`nominal`, `fair`, `serious`, `critical`): at `serious` and
  /// above the system throttles the CPU (firebase/firebase-ios-sdk #15282: `"Thermal State:   serious"`).
  public var thermalState: String?
  /// The grace time of `Failed to terminate gracefully after 5.0s`: the system asked the app to quit and it
  /// had not exited when this time was up (RBSTerminateContext explanations, iOS 26 `.ips` and summaries).
  public var terminationGraceSeconds: Double?

  /// Reads the figures from a description; fields the text does not hold stay `nil`.
  public init(description original: String) {
    // Older reports write "elapsed application CPU time" in lower case; the figures are the same.
    let text = PlainSearch.replacingOccurrences(of: "elapsed ", with: "Elapsed ", in: original)
    if let value = WatchdogDetails.word(after: "WatchdogEvent: ", in: text) {
      event = value
    } else if let range = PlainSearch.range(of: " in time", in: text),
      let failed = PlainSearch.lastRange(of: "failed to ", in: text[..<range.lowerBound])
    {
      // The oldest form: `com.example.app failed to launch in time`, `… failed to resume in time`.
      let verb = text[failed.upperBound..<range.lowerBound]
      if !verb.isEmpty, verb.count <= 12, verb.allSatisfy(\.isLetter) { event = String(verb) }
    } else if PlainSearch.contains("Failed to deactivate", in: text)
      || PlainSearch.contains("failed to deactivate", in: text)
    {
      // iPhone OS 3's Application Specific Information for a kill while the app was being deactivated (resigning
      // active or, from iOS 4, entering the background): `Failed to deactivate`, no `in time` (a Stack Overflow
      // question, "What does 8badf00d mean", copied at newbetuts.com/773442).
      event = "deactivate"
    } else if let range = PlainSearch.range(of: " watchdog transgression", in: text) {
      let before = text[..<range.lowerBound]
      let word = before.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ":" }).last
      event = word.map(String.init)
    }
    terminationGraceSeconds = WatchdogDetails.number(after: "Failed to terminate gracefully after ", in: text)
    allowanceSeconds = WatchdogDetails.number(after: "time allowance of ", in: text)
    allowanceIsCPUTime = PlainSearch.contains("CPU time allowance", in: text)
    visibility = WatchdogDetails.word(after: "ProcessVisibility: ", in: text)
    if let range = PlainSearch.range(of: "Thermal State:", in: text) {
      let word = text[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" }).prefix(while: \.isLetter)
      thermalState = word.isEmpty ? nil : String(word)
    }
    totalCPUSeconds = WatchdogDetails.number(after: "Elapsed total CPU time (seconds): ", in: text)
    applicationCPUSeconds = WatchdogDetails.number(after: "Elapsed application CPU time (seconds): ", in: text)
    if let range = PlainSearch.range(of: "Elapsed application CPU time (seconds): ", in: text) {
      let rest = text[range.upperBound...]
      if let comma = rest.firstIndex(of: ","), let percent = PlainSearch.range(of: "% CPU", in: rest[comma...]) {
        let digits = rest[rest.index(after: comma)..<percent.lowerBound].trimmingCharacters(in: .whitespaces)
        applicationCPUPercent = Double(digits)
      }
    }
  }

  /// Whether the text held any watchdog figure.
  public var isEmpty: Bool {
    event == nil && allowanceSeconds == nil && visibility == nil && totalCPUSeconds == nil
      && applicationCPUSeconds == nil && terminationGraceSeconds == nil
  }

  private static func word(after marker: String, in text: String) -> String? {
    guard let range = PlainSearch.range(of: marker, in: text) else { return nil }
    let word = text[range.upperBound...].prefix(while: { !$0.isWhitespace && $0 != "|" && $0 != "," && $0 != ">" })
    return word.isEmpty ? nil : String(word)
  }

  static func number(after marker: String, in text: String) -> Double? {
    guard let range = PlainSearch.range(of: marker, in: text) else { return nil }
    let digits = text[range.upperBound...].prefix(while: { $0.isNumber || $0 == "." })
    return Double(digits)
  }
}
