/// Who a recognised record is about: any of bundle id, process name and pid, as written.
struct AppSubject: Sendable, Hashable {
  var bundle: String?
  var name: String?
  var pid: Int?

  var isEmpty: Bool { bundle == nil && name == nil && pid == nil }
}
