import BglogTestSupport
import Foundation
import Testing

@testable import BglogCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Directories with links, loops and special files: nothing blocks, nothing disappears silently.
@Suite struct FileSystemInputTests {
  /// A scratch directory with one real report, a link to it, a link loop, a broken link, a FIFO
  /// and a link to a device.
  static func makeTree() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-fs-\(UUID().uuidString)").path
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/reports/nested", withIntermediateDirectories: true)
    let report = try Fixtures.bytes("crash/seed001-bada5e47-too-many-tasks.crash")
    _ = manager.createFile(atPath: root + "/reports/nested/a.crash", contents: Data(report))
    _ = manager.createFile(atPath: root + "/reports/notes.txt", contents: Data("just some notes\n".utf8))
    try manager.createSymbolicLink(
      atPath: root + "/reports/link.crash", withDestinationPath: root + "/reports/nested/a.crash")
    try manager.createSymbolicLink(atPath: root + "/reports/loop", withDestinationPath: root + "/reports")
    try manager.createSymbolicLink(atPath: root + "/reports/broken.crash", withDestinationPath: root + "/nowhere")
    try manager.createSymbolicLink(atPath: root + "/reports/device", withDestinationPath: "/dev/zero")
    #expect(mkfifo(root + "/reports/pipe", 0o600) == 0)
    return root
  }

  @Test func walkReadsReportsFollowsFileLinksAndSkipsTheRestVisibly() throws {
    let root = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = runBglog(["diagnose", "--format", "json", root + "/reports"])
    #expect(result.status == .success, "\(result.err)")
    let output = try JSONDecoder().decode(WalkOutput.self, from: Data(result.out.utf8))
    #expect(output.reports.map { ($0.file as NSString).lastPathComponent } == ["link.crash", "a.crash"])
    let skipped = Set(output.skipped.map { ($0.file as NSString).lastPathComponent })
    #expect(skipped == ["broken.crash", "device", "loop", "notes.txt", "pipe"])
    #expect(output.errors.isEmpty)
  }

  @Test func namedDeviceAndBrokenLinkAreErrorsNamingThePath() throws {
    let root = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = runBglog([
      "diagnose", root + "/reports/device", root + "/reports/broken.crash", root + "/reports/link.crash",
    ])
    #expect(result.status == .inputError)
    #expect(result.err.contains("reports/device: not a regular file"))
    #expect(result.err.contains("reports/broken.crash: could not be read (broken or looping symbolic link)"))
    #expect(result.out.contains("background-task-overflow"))
  }

  struct WalkOutput: Decodable {
    struct Report: Decodable { var file: String }
    struct Skipped: Decodable { var file: String }
    struct Failure: Decodable { var file: String }
    var reports: [Report]
    var skipped: [Skipped]
    var errors: [Failure]
  }
}

/// A log that grows while bglog reads it (a device still writing): reading ends at the end of what
/// was there, never waits for more, and never fails.
@Suite struct GrowingFileTests {
  @Test func aFileGrowingWhileReadIsReadToItsCurrentEndWithoutHanging() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bglog-grow-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let seed = try Fixtures.source("console/seed000-background-download.log").text
    // Start with 2 MB so the reader needs several chunks, then keep appending while it reads.
    _ = FileManager.default.createFile(atPath: path, contents: Data(String(repeating: seed, count: 600).utf8))
    let stop = Box<Bool>(false)
    Thread.detachNewThread {
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      handle.seekToEndOfFile()
      while !stop.value {
        handle.write(Data(seed.utf8))
        Thread.sleep(forTimeInterval: 0.001)
      }
      try? handle.close()
    }
    defer { stop.value = true }
    let result = runBglog(["timeline", path])
    #expect(result.status == .success, "\(result.err)")
    #expect(result.out.contains("background-session-completion-not-called"))
    let diagnosed = runBglog(["check", "--no-config", "--format", "ndjson", path])
    #expect(diagnosed.out.split(separator: "\n").count == 1)
  }
}
