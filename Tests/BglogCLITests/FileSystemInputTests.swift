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

  /// Removes a tree deeper than PATH_MAX (FileManager cannot): `rm -rf` walks it relative to each directory.
  static func removeDeepTree(_ root: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/rm")
    process.arguments = ["-rf", root]
    try? process.run()
    process.waitUntilExit()
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

  /// Issue 17 item 7: hidden entries, a name that is not UTF-8 and a path over the system's limit are
  /// counted as skipped by both commands, and listed with their reasons on request.
  @Test func entriesTheWalkCannotReadAreCountedAndListedWithTheirReason() throws {
    let root = try Self.makeTree()
    defer { Self.removeDeepTree(root) }
    let reports = root + "/reports"
    _ = FileManager.default.createFile(atPath: reports + "/.hidden.crash", contents: Data("x\n".utf8))
    try FileManager.default.createDirectory(atPath: reports + "/.git", withIntermediateDirectories: true)
    // A name with bytes that are not UTF-8 (Linux allows any byte but `/` and NUL).
    let badName = reports + "/bad\u{1}"
    var raw = Array(badName.utf8.dropLast())
    raw += [0xFF, 0xFE, 0x2E, 0x63, 0x72, 0x61, 0x73, 0x68, 0]
    let fd = raw.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { open($0, O_CREAT | O_WRONLY, 0o600) }
    }
    #expect(fd >= 0)
    close(fd)
    // A file whose full path is over PATH_MAX, made with *at() calls relative to its directory.
    var directory = open(reports, O_RDONLY | O_DIRECTORY)
    var depth = reports.utf8.count
    let part = String(repeating: "d", count: 250)
    while depth < 3_950 {
      #expect(mkdirat(directory, part, 0o700) == 0)
      let next = openat(directory, part, O_RDONLY | O_DIRECTORY)
      close(directory)
      directory = next
      depth += 251
    }
    let file = openat(directory, String(repeating: "f", count: 250), O_CREAT | O_WRONLY, 0o600)
    #expect(file >= 0)
    close(file)
    close(directory)

    let expected: [(String, String)] = [
      (".hidden.crash", "hidden (the name starts with '.'); not read"),
      (".git", "hidden (the name starts with '.'); not read"),
      ("bad", "the name is not valid UTF-8; not read"),
      (String(repeating: "f", count: 250), "the path is longer than the system's limit"),
      ("pipe", "not a regular file (FIFO, socket or device); not read"),
    ]
    for command in [["diagnose"], ["check", "--no-config"]] {
      let quiet = runBglog(command + [reports])
      let listed = runBglog(command + ["--list-skipped", reports])
      #expect(quiet.out == listed.out)
      #expect(!quiet.err.contains("skipped"))
      let lines = listed.err.split(separator: "\n").filter { $0.hasPrefix("bglog: note: skipped ") }
      for (name, reason) in expected {
        #expect(
          lines.contains { $0.contains("/" + name) && $0.contains(reason) }, "\(command[0]) \(name): \(listed.err)")
      }
      // notes.txt, broken.crash, device, loop, pipe, .hidden.crash, .git, the bad name, the long path.
      #expect(lines.count == 9, "\(listed.err)")
      #expect(listed.out.contains("9 skipped"), "\(listed.out)")
    }
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
