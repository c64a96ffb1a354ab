import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

/// `timeline --format json` on an input it refuses (exit 2) says why in `errors[]`, in the shape of
/// `diagnose --format json`'s (`file`, `message`, `line` when known); before, the reason was only on
/// standard error under `{"apps": [], "statistics": …}` (or no JSON at all).
@Suite struct TimelineRefusalJSONTests {
  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  static func errors(_ text: String) throws -> [[String: Any]] {
    try #require(try object(text)["errors"] as? [[String: Any]])
  }

  @Test func textInNoLayoutIsAnError() throws {
    let result = runBglog(["timeline", "--format", "json", "-"], stdin: "hello\nworld\n\nnot a log\n")
    #expect(result.status == .inputError)
    let errors = try Self.errors(result.out)
    #expect(errors.count == 1)
    #expect(errors[0]["file"] as? String == "-")
    #expect((errors[0]["message"] as? String)?.hasPrefix("not a console log: no line in a layout bglog knows") == true)
    #expect(errors[0]["line"] == nil)
    // What was read is still counted; no app is reported.
    let object = try Self.object(result.out)
    #expect((object["apps"] as? [Any])?.isEmpty == true)
    #expect((object["statistics"] as? [String: Any])?["lines"] as? Int == 4)
    // Standard error says it as before.
    #expect(result.err.contains("<stdin>: not a console log: no line in a layout bglog knows"))
  }

  /// An lldb stop pasted alone: the error points at the stop's line. Lines 4–17 of flutter/flutter #116419
  /// (danagbemava-nc, 2022-12-05; BSD-3-Clause) as the session-9 review transcribed them.
  @Test func anLldbStopGivesItsLine() throws {
    let text = """
      Launching lib/main.dart on Nexus in debug mode...
      Automatically signing iOS for device deployment using specified development team in Xcode project: X8NNQ9CYL2
      Xcode build done.                                           18.3s
      * thread #1, queue = 'com.apple.main-thread', stop reason = signal SIGKILL
          frame #0: 0x00000001fd411b48 libsystem_kernel.dylib`mach_msg2_trap + 8
      libsystem_kernel.dylib`mach_msg2_trap:
      ->  0x1fd411b48 <+8>: ret
      Target 0: (Runner) stopped.
      Lost connection to device.

      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-lldb-stop-\(UUID()).log")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = runBglog(["timeline", "--format", "json", url.path])
    #expect(result.status == .inputError)
    let errors = try Self.errors(result.out)
    #expect(errors.first?["file"] as? String == url.path)
    #expect(errors.first?["line"] as? Int == 4)
    #expect((errors.first?["message"] as? String)?.contains("stop reason = signal SIGKILL") == true)
  }

  /// A crash report given to `timeline`, and a file that is not there: the same `errors[]` entries as
  /// `diagnose` writes for inputs it cannot read.
  @Test func aCrashReportAndAMissingFileAreErrors() throws {
    let report = Fixtures.url("crash/public-runningboard-dead10cc-idle-main-thread-loop.crash").path
    let crash = runBglog(["timeline", "--format", "json", report])
    #expect(crash.status == .inputError)
    let crashErrors = try Self.errors(crash.out)
    #expect(
      (crashErrors.first?["message"] as? String)?.hasPrefix("not a console log: it looks like a crash report") == true)
    #expect((try Self.object(crash.out)["apps"] as? [Any])?.isEmpty == true)

    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-missing-\(UUID()).log").path
    let timeline = runBglog(["timeline", "--format", "json", missing])
    let diagnose = runBglog(["diagnose", "--format", "json", missing])
    #expect(timeline.status == .inputError && diagnose.status == .inputError)
    let timelineError = try #require(try Self.errors(timeline.out).first)
    let diagnoseError = try #require(try Self.errors(diagnose.out).first)
    #expect(Set(timelineError.keys) == Set(diagnoseError.keys))
    #expect(timelineError["file"] as? String == diagnoseError["file"] as? String)
    #expect(timelineError["message"] as? String == diagnoseError["message"] as? String)
    #expect(timeline.err.contains("no such file or directory"))
  }

  /// A log that is read has no `errors` member (its JSON is unchanged), with events or without.
  @Test func aLogThatIsReadHasNoErrors() throws {
    let seed = Fixtures.url("console/seed000-background-download.log").path
    let read = runBglog(["timeline", "--format", "json", seed])
    #expect(read.status == .success)
    #expect(try Self.object(read.out)["errors"] == nil)
    let quiet = runBglog(["timeline", "--format", "json", "-"], stdin: "18:05:17    SpringBoard  hello\n")
    #expect(quiet.status == .success)
    #expect(try Self.object(quiet.out)["errors"] == nil)
  }
}
