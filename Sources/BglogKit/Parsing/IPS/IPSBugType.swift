/// What an `.ips` `bug_type` says a report is, and how bglog treats it.
///
/// The numbers are Apple's OSAnalytics log types. Only the ones seen in real reports are named;
/// an unknown number is kept as written and read as ``ReportCategory/other``.
struct IPSBugType: Sendable, Hashable {
  /// The `bug_type` as written (`"309"`).
  let rawValue: String

  /// A short name for the known types, `nil` for the rest.
  var name: String? {
    switch rawValue {
    case "109": return "crash"
    case "309": return "crash"
    case "298": return "jetsam event"
    case "188", "288": return "stackshot"
    case "151", "210": return "kernel panic"
    case "206", "202", "142": return "microstackshot: cpu or wakeups resource"
    case "185", "327", "385": return "resource (EXC_RESOURCE)"
    case "145": return "disk writes resource"
    default: return nil
    }
  }

  /// The category a report of this type belongs to.
  var category: ReportCategory {
    switch rawValue {
    case "109", "309": return .crash
    case "298": return .jetsam
    case "188", "288": return .stackshot
    case "151", "210": return .panic
    case "206", "202", "142", "185", "327", "385", "145": return .resource
    default: return .other
    }
  }

  /// `bug_type N (name)`, or `bug_type N` when the type is not known.
  var summary: String {
    if let name { return "bug_type \(rawValue) (\(name))" }
    return "bug_type \(rawValue)"
  }
}
