import BglogKit
import BglogRendering

/// The `bglog` command line, callable in-process.
public enum BglogCLI {
  /// Runs bglog with `arguments` (without the program name) and returns the exit status.
  public static func run(arguments: [String]) -> Int32 { 0 }
}
