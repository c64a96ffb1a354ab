import BglogCLI
import BglogKit
import BglogTestSupport
import Foundation
import Testing

/// Issue 16 items 6 and 10: a command that cannot read an input says what it looks like and which
/// command reads it; an input no command reads is an input error (exit 2).
@Suite struct WhatTheInputLooksLikeTests {
  static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-looks-\(UUID().uuidString)-\(name)")
      .path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The first bytes of a PNG file (its signature and IHDR chunk), built in code: synthetic.
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8) + [
      0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
    ]
  /// Bytes from a fixed-seed generator: synthetic.
  static var randomBytes: [UInt8] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<4096).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  @Test func diagnoseOnAConsoleLogNamesTimeline() {
    let result = runBglog(["diagnose", Fixtures.url("console/seed000-background-download.log").path])
    #expect(result.status == .inputError)
    #expect(
      result.err.contains("it looks like a console log (time-process-message layout); read it with bglog timeline"))
  }

  @Test func timelineOnACrashReportNamesDiagnose() {
    let result = runBglog(["timeline", Fixtures.url("crash/seed001-8badf00d-damaged-leaked-task.crash").path])
    #expect(result.status == .inputError)
    #expect(result.err.contains("not a console log: it looks like a crash report; read it with bglog diagnose"))
  }

  @Test func noCommandReadsAnImageRandomBytesOrAnEmptyFile() throws {
    let inputs: [(String, [UInt8], String)] = [
      ("image.png", Self.png, "it looks like a PNG image, which no bglog command reads"),
      ("random.bin", Self.randomBytes, "it looks like binary data, which no bglog command reads"),
      ("empty.log", [], "empty"),
    ]
    for (name, bytes, message) in inputs {
      let path = try Self.temporaryFile(name, bytes)
      defer { try? FileManager.default.removeItem(atPath: path) }
      for command in ["timeline", "diagnose"] {
        let result = runBglog([command, path])
        #expect(result.status == .inputError, "\(command) \(name)")
        #expect(result.err.contains(message), "\(command) \(name): \(result.err)")
      }
      let checked = runBglog(["check", "--no-config", path])
      #expect(checked.status == .inputError, "check \(name)")
    }
  }

  /// Review s12c defect 7: the first seven lines of wxkb's `//`-commented post-mortem of a FRONTBOARD 0x8BADF00D
  /// report (an iOS tweak's source, code index file id 70225767075). diagnose and timeline name it as notes about a
  /// crash report and point to the report itself; it stays an input error (nothing is read from it). (`check` says
  /// what it did not find, which is true, and is left as it is.)
  @Test func notesAboutACrashReportAreNamedAsSuchByEveryCommand() throws {
    let text = """
      // ===========================================================================
      // WHY v0.2.0 CRASHED THE APP  (wxkb-2026-09-28-224927.ips)
      // ===========================================================================
      //   exception : EXC_CRASH / SIGKILL
      //   termination: FRONTBOARD 0x8BADF00D "process-launch watchdog transgression"
      //                "exhausted real (wall clock) time allowance of 20.00 seconds"
      //   "Elapsed total CPU time (seconds): 33.850"

      """
    let path = try Self.temporaryFile("wxkb.txt", Array(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    for command in [["diagnose"], ["timeline"]] {
      let result = runBglog(command + [path])
      #expect(result.status == .inputError, "\(command)")
      #expect(result.err.contains("it looks like notes about a crash report or an excerpt of one"), "\(result.err)")
      #expect(result.err.contains("bglog diagnose reads the report itself"), "\(result.err)")
      #expect(!result.err.contains("neither a crash report nor a console log"), "\(result.err)")
    }
  }

  @Test func timelineOnTextInNoKnownLayoutIsAnInputError() {
    let result = runBglog(["timeline", "-"], stdin: "hello\nworld\n")
    #expect(result.status == .inputError)
    #expect(result.err.contains("<stdin>: not a console log: no line in a layout bglog knows (2 lines read)"))
  }

  /// A console log with no background events is still read: a note, exit 0.
  @Test func aConsoleLogWithoutEventsIsRead() {
    let log = "18:05:17    locationd  Fix accepted\n18:05:18    locationd  Fix accepted again\n"
    let result = runBglog(["timeline", "-"], stdin: log)
    #expect(result.status == .success)
    #expect(
      result.err.contains("a console log (time-process-message layout) with no app background events (2 lines read)"))
  }

  @Test func anUnknownAppListsTheAppsPresent() {
    let log = Fixtures.url("console/seed000-background-download.log").path
    let result = runBglog(["timeline", "--app", "BackgroundDem", log])
    #expect(result.status == .success)
    #expect(result.err.contains("no events for app 'BackgroundDem'"))
    #expect(result.err.contains("apps with events: com.mycompany.backgrounddemo"))
    #expect(result.err.contains("(did you mean 'BackgroundDemo'?)"))
  }

  /// docs/check.md: a file over the report limit is read only as a console log; one that is binary is
  /// named as such, not refused with the byte limit. A sparse file of zeros, one byte over the limit.
  @Test func aHugeFileOfZerosIsNamedAsBinaryData() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-zeros-\(UUID().uuidString)").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(DiagnoseRun.defaultSizeLimit + 1))
    try handle.close()
    let result = runBglog(["check", "--no-config", path])
    #expect(result.status == .inputError)
    #expect(result.err.contains("it looks like binary data"))
    #expect(result.err.contains("read only as console logs"))
    #expect(!result.err.contains("over the \(DiagnoseRun.defaultSizeLimit)-byte limit for this command"))
  }

  @Test func appearanceOfTheFixtures() throws {
    #expect(
      InputAppearance.of(bytes: try Fixtures.bytes("crash/seed001-8badf00d-damaged-leaked-task.crash")).kind
        == .crashReport)
    let log = InputAppearance.of(bytes: try Fixtures.bytes("console/seed000-background-download.log"))
    #expect(log.kind == .consoleLog && log.consoleLayout == .timeProcessMessage)
    #expect(InputAppearance.of(bytes: Self.png).kind == .image("PNG"))
    #expect(InputAppearance.of(bytes: Array("  \n\n".utf8)).kind == .empty)
    #expect(InputAppearance.of(bytes: Array("just words\n".utf8)).kind == .plainText)
    // UTF-16 text is text, not binary data.
    let utf16: [UInt8] = [0xFF, 0xFE] + "hello world\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(InputAppearance.binaryKind(utf16) == nil)
  }
}
