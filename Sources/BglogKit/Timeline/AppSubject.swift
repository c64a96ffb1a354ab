/// Who a recognised record is about: any of bundle id, process name and pid, as written.
struct AppSubject: Sendable, Hashable {
  var bundle: String?
  var name: String?
  var pid: Int?

  var isEmpty: Bool { bundle == nil && name == nil && pid == nil }

  /// The one app that headerless lines nobody names are filed under (a message pasted alone): the
  /// writer is an app, but the log does not say which.
  static let unnamedApp = AppSubject(name: unnamedAppName)
  static let unnamedAppName = "(app not named in the log)"
}
