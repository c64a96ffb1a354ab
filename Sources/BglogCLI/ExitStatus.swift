/// bglog's exit codes. Documented in the README; part of the contract with CI scripts.
public enum ExitStatus: Int32, Sendable {
  /// Every input was processed (and, for `check`, the policy passed).
  case success = 0
  /// `check`: the policy failed (a finding of a kind listed in `--fail-on`).
  case policyFailure = 1
  /// At least one input could not be read or parsed; the others were still processed.
  case inputError = 2
  /// The command line was wrong (`EX_USAGE`).
  case usage = 64
}
