/// The exception block of a report.
public struct ExceptionInfo: Sendable, Hashable {
  /// The Mach exception or signal name: `EXC_CRASH`, `EXC_BAD_ACCESS`, `SIGBUS`, `00000020`.
  public var type: String?
  /// The signal in parentheses (`SIGKILL`), when written.
  public var signal: String?
  /// `Exception Codes` as written (`0x0000000000000000, 0x0000000000000000`, `0x8badf00d`).
  public var codes: String?
  /// `Exception Subtype` (`KERN_INVALID_ADDRESS at 0x0`).
  public var subtype: String?
  /// `Exception Note` (`EXC_CORPSE_NOTIFY`).
  public var note: String?
  /// `Exception Message` / `exception.message`, when present.
  public var message: String?
  /// Where the `Exception Type` line (or JSON key) is.
  public var location: SourceLocation?
  /// Where the `Exception Codes` line is, when it exists.
  public var codesLocation: SourceLocation?
  /// Where the `Exception Message` line (or JSON key) is, when it exists.
  public var messageLocation: SourceLocation?
  /// Where the `Exception Note` line is, when it exists.
  public var noteLocation: SourceLocation?

  /// Creates an exception block.
  public init(
    type: String? = nil,
    signal: String? = nil,
    codes: String? = nil,
    subtype: String? = nil,
    note: String? = nil,
    message: String? = nil,
    location: SourceLocation? = nil,
    codesLocation: SourceLocation? = nil
  ) {
    self.type = type
    self.signal = signal
    self.codes = codes
    self.subtype = subtype
    self.note = note
    self.message = message
    self.location = location
    self.codesLocation = codesLocation
  }
}

/// Why the OS terminated a process, from `Termination Reason` (text) or `termination` (JSON).
public struct TerminationInfo: Sendable, Hashable {
  /// The namespace: `SPRINGBOARD`, `FRONTBOARD`, `ASSERTIOND`, `RUNNINGBOARD`, `SIGNAL`, `DYLD`,
  /// `JETSAM`, `CODESIGNING`, or an unnamed one written as `<0xF>`.
  public var namespace: String?
  /// The termination code, whether written in hex (`0x8badf00d`) or decimal (`2343432205`).
  public var code: UInt64?
  /// The whole reason as written, continuation lines joined with a space.
  public var reason: String
  /// `Termination Description` or the RBSTerminateContext `explanation:`, when present.
  public var description: String?
  /// The JSON `termination.reasons` strings, or continuation lines of a text reason.
  public var details: [String]
  /// The process that asked for the termination (`Terminating Process:`, `byProc`).
  public var byProcess: String?
  /// Where the reason line (or JSON key) is.
  public var location: SourceLocation?
  /// Where the description is, when it is separate from the reason.
  public var descriptionLocation: SourceLocation?

  /// Creates termination info.
  public init(
    namespace: String? = nil,
    code: UInt64? = nil,
    reason: String = "",
    description: String? = nil,
    details: [String] = [],
    byProcess: String? = nil,
    location: SourceLocation? = nil,
    descriptionLocation: SourceLocation? = nil
  ) {
    self.namespace = namespace
    self.code = code
    self.reason = reason
    self.description = description
    self.details = details
    self.byProcess = byProcess
    self.location = location
    self.descriptionLocation = descriptionLocation
  }
}
