import Foundation
import Testing

@testable import BglogKit

/// `ReportKey.of` (bytes, ASCII case folding) against the `lowercased()` lookup it replaces.
struct ReportKeyTests {
  /// The old lookup: lowercase the key, then compare strings.
  private func slow(_ name: String) -> ReportKey? {
    ReportKey(rawValue: name.lowercased())
  }

  @Test func everyKeyIsFoundInAnyCase() {
    for key in ReportKey.allCases {
      let name = key.rawValue
      for spelling in [name, name.uppercased(), name.capitalized, String(name.dropLast()) + "X"] {
        #expect(ReportKey.of(Substring(spelling)) == slow(spelling), "\(spelling)")
      }
      #expect(ReportKey.of(Substring(name.uppercased())) == key)
    }
  }

  @Test func trickyNamesAgreeWithTheSlowLookup() {
    let names = [
      "", "P", "pid ", " pid", "Pi", "pidd", "Date/Time", "Date\\Time", "date/tim", "CPU", "cpu@", "cpu[",
      "exception codes", "Exception  Codes", "Exception Code", "\u{212A}ernel Triage", "Kernel Triage",
      "Kernel Triag\u{E9}", "Process\u{301}", "PROCESS", "Proce\u{17F}s", "Application Specific Information",
      "Application Specific Informations", "Vm Region Info", "Hardware Model\u{0}", "ROLE", "r\u{D6}le",
      "\u{130}dentifier", "identifier", "Powerstats For", "Action Taken", "Action_Taken", "Ci2U", "Wakeups",
    ]
    for name in names {
      #expect(ReportKey.of(Substring(name)) == slow(name), "\(name.unicodeScalars.map { $0.value })")
      // As a slice of a longer line, the way the parser passes keys.
      let line = "x" + name + ": value"
      let key = line.dropFirst().prefix(name.count)
      #expect(ReportKey.of(key) == slow(name))
    }
    #expect(ReportKey.of("\u{212A}ernel Triage") == .kernelTriage)
  }
}
