// A seeded mutation fuzzer for every entry point of bglog. Each input goes through the crash-report
// reader (text, .ips, MetricKit, KSCrash), the classifier, the console timeline, every renderer
// (diagnose text and JSON; timeline text, chart, SVG, HTML and JSON; check in all seven formats), the
// escaping of every output sink, and the configuration and baseline readers; every 8th input also runs
// the commands in-process over files on disk (the directory walk with the input as a file *name* too,
// `check`, `diagnose`, `timeline` with the reader thread, `--follow`, standard input, `--config`,
// `--baseline`), and every 128th is grown past the reader's 1 MiB chunk and line limits (chunk
// boundaries and line cuts). Plain Swift, no coverage instrumentation, so it builds everywhere;
// deterministic for a given seed.
//
//   swift run -c release bglog-fuzz [--seconds N | --iterations N] [--seed N] [--out DIR] [SEED_DIRS...]
//
// It prints `bglog-fuzz: seed N` first (rerun with `--seed N` to reproduce). Before each input it
// writes the input to DIR/current.bin, so if bglog crashes the process dies and the input that did it
// is on disk. A watchdog thread ends the run (exit 3) and keeps the input as DIR/hang-*.bin when one
// input takes longer than 10 s. Exit 0 means no crash and no hang.

import BglogCLI
import BglogKit
import BglogRendering
import BglogTestSupport
import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

var seconds: Double?
var iterations: Int?
var seed: UInt64 = 1
var outDirectory = ".build/fuzz"
var seedDirectories: [String] = []
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--seconds": seconds = arguments.isEmpty ? nil : Double(arguments.removeFirst())
  case "--iterations": iterations = arguments.isEmpty ? nil : Int(arguments.removeFirst())
  case "--seed": seed = arguments.isEmpty ? 1 : UInt64(arguments.removeFirst()) ?? 1
  case "--out": outDirectory = arguments.isEmpty ? outDirectory : arguments.removeFirst()
  default: seedDirectories.append(argument)
  }
}
if seedDirectories.isEmpty {
  seedDirectories = [
    "Tests/Fixtures/crash", "Tests/Fixtures/ips", "Tests/Fixtures/console", "Tests/Fixtures/fuzz",
  ]
}
if seconds == nil && iterations == nil { seconds = 60 }
// First, unbuffered, so a crash's output still says how to reproduce it.
FileHandle.standardError.write(Data("bglog-fuzz: seed \(seed)\n".utf8))

var corpus: [[UInt8]] = []
for directory in seedDirectories {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
  for name in names.sorted() where !name.hasSuffix(".md") {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { continue }
    if let data = FileManager.default.contents(atPath: directory + "/" + name), !data.isEmpty {
      corpus.append([UInt8](data))
    }
  }
}
guard !corpus.isEmpty else {
  FileHandle.standardError.write(Data("bglog-fuzz: no seed inputs found in \(seedDirectories)\n".utf8))
  exit(64)
}
try? FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)

/// Tokens that steer mutations into the parsers' interesting paths.
let tokens: [[UInt8]] = [
  "Termination Reason: ", "Namespace SPRINGBOARD, Code 0x8badf00d", "FRONTBOARD 2343432205 <RBSTerminateContext|",
  "Exception Type:  EXC_CRASH (SIGKILL)", "Thread 0 Crashed:", "Triggered by Thread: ", "\n", "\r\n", "\r", "\t",
  "{", "}", "[", "]", "\"", "\\u", ":", ",", "0x", "18446744073709551616", "-1", "1e999", "???",
  "has active assertions beyond permitted time: {(", ")}", "<BKProcessAssertion: 0x1>", " + ", "Binary Images:",
  "{\"bug_type\":\"309\"}\n", "explanation:", "\u{FEFF}", "\0", String(repeating: "A", count: 4096),
  "18:05:48    assertiond  [App:1] Forcing crash report with description: ", "Last Exception Backtrace:",
  // Large numbers still in their type's range, and dates at the edges of their fields (issue 17).
  "9223372036854775807", "-9223372036854775808", "-1e18", "1e18", "4294967296", "2147483648", "-0.0",
  "duration: -9223372036854775808.0s", "duration: 1e18s", "Nov 0 ", "Nov 32 ", "Feb 30 ", "Nov 9223372036854775807 ",
  "0000-00-00 00:00:00.000000+0000", "9999-12-31 23:59:59.999999-2359", "1970-01-01 00:00:00", " 24:60:61 ",
  // Text that must never reach a terminal, a CI log or a page unescaped (issue 17 items 8–10).
  "\u{1B}]0;title\u{07}", "\u{1B}]52;c;aGVsbG8=\u{07}", "\u{1B}[2J", "\u{9B}", "\u{85}", "\u{2028}", "\u{202E}",
  "\n::stop-commands::tok\n", "::error file=x::y", "<script>", "]]>", "|", "`", "\\n", "\\u0000",
  "\"procName\":\"a\\nb\",", "\"bundleID\":\"x\\u001b]0;t\\u0007\",",
  // Session 5 message forms and reader shapes (Markdown residue, Xcode without time, a flattened copy).
  "BKUnsuspendLimit <BKNewProcess: 0x1; com.x; pid: 9; hostpid: -1> exceeded ", "HWM increased to 99 because of <",
  "Failed to acquire RBS assertion '", "[PID=9] WebProcessProxy::didClose: (", "Received (FATAL) CPU usage trigger: ",
  " caught causing excessive wakeups", "Submitted Activity: com.apple.pushLaunch.", "CANCELED: com.apple.",
  " default 10:41:07.100590-0400 dasd ", "App[1:2] ", "2020-04-04 17:40:16:296 a[1:2] ", "_",
  "Received state update for ",
].map { Array($0.utf8) }

func mutate(_ input: [UInt8], splicingFrom corpus: [[UInt8]], _ generator: inout SplitMix64) -> [UInt8] {
  var bytes = input
  for _ in 0..<Int.random(in: 1...8, using: &generator) {
    let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<8, using: &generator) {
    case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
    case 1 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
    case 2: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!, at: position)
    case 3 where !bytes.isEmpty:
      let end = min(bytes.count, position + Int.random(in: 1...256, using: &generator))
      bytes.removeSubrange(position..<end)
    case 4 where !bytes.isEmpty:
      let end = min(bytes.count, position + Int.random(in: 1...512, using: &generator))
      bytes.insert(contentsOf: bytes[position..<end], at: position)
    case 5: bytes = Array(bytes.prefix(position))
    case 6:
      let other = corpus.randomElement(using: &generator)!
      let start = Int.random(in: 0...other.count, using: &generator)
      bytes.insert(contentsOf: other[start..<min(other.count, start + 2048)], at: position)
    default:
      bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
    }
  }
  return bytes
}

/// Everything bglog does with one input in memory: reading, classifying, every renderer, every sink.
func exercise(_ bytes: [UInt8], round: Int) {
  let source = SourceText(bytes: bytes)
  if let reports = try? CrashReportReader.read(source) {
    let classifier = CrashClassifier()
    for report in reports { _ = classifier.diagnose(report, source: source) }
  }
  let diagnosed = DiagnoseRun(jobs: 1).run([InputFile(path: "-")], stdin: { bytes })
  _ = DiagnoseTextRenderer(style: TerminalStyle(enabled: round % 2 == 0)).render(diagnosed)
  _ = DiagnoseOutputV1(diagnosed, version: "fuzz").encoded(jobs: 1)
  let timeline = TimelineBuilder().build(from: source)
  _ = TimelineTextRenderer(chart: round % 2 == 0).render(timeline)
  _ = TimelineSVGRenderer().render(timeline)
  _ = TimelineHTMLRenderer().render(timeline)
  _ = try? TimelineJSONRenderer().render(timeline)
  let checked = CheckRun().check(bytes: bytes, input: InputFile(path: "fuzz.input", foundInDirectory: round % 2 == 0))
  let evaluation = CheckEvaluation(files: [checked], policy: CheckPolicy(failOn: .any), baseline: nil)
  for format in CheckFormat.allCases {
    _ = format.render(evaluation, version: "fuzz", style: TerminalStyle(enabled: true))
  }
  _ = evaluation.baselineOfFailingGroups().encoded()
  let text = String(decoding: bytes, as: UTF8.self)
  for sink in OutputSink.allCases { _ = Escaper.escape(text, for: sink) }
  _ = try? CheckConfig.decode(Data(bytes), path: "fuzz/.bglog.json")
  _ = try? CheckBaseline.decode(Data(bytes))
}

/// The commands in-process over the input on disk: a fresh folder holding it as `input.log` and again
/// under a name made of its first bytes (any byte but `/` and NUL), so the walk, file-name escaping,
/// the streaming reader (reader thread, standard input, `--follow`) and the config and baseline
/// readers see it. Output is discarded.
func exerciseCommands(_ bytes: [UInt8], round: Int, in folder: String) {
  let manager = FileManager.default
  try? manager.removeItem(atPath: folder)
  try? manager.createDirectory(atPath: folder + "/walk/sub", withIntermediateDirectories: true)
  let file = folder + "/walk/input.log"
  _ = manager.createFile(atPath: file, contents: Data(bytes))
  var name = Array(bytes.prefix(48)).map { $0 == 0x2F || $0 == 0 ? UInt8(ascii: "_") : $0 }
  if name.isEmpty || name == [0x2E] || name == [0x2E, 0x2E] { name = Array("empty".utf8) }
  let path = Array((folder + "/walk/sub/").utf8) + name + [0]
  let descriptor = path.withUnsafeBufferPointer { buffer in
    buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) {
      open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
    }
  }
  if descriptor >= 0 {
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }
  let walk = folder + "/walk"
  let formats = CheckFormat.allCases.map(\.rawValue)
  let runs: [[String]]
  switch round / 8 % 7 {
  case 0: runs = [["check", "--no-config", "--list-skipped", "--format", formats[round / 56 % formats.count], walk]]
  case 1: runs = [["diagnose", "--list-skipped", walk], ["diagnose", "--format", "json", "--jobs", "2", walk]]
  case 2: runs = [["timeline", "--jobs", "2", file], ["timeline", "--jobs", "1", "--chart", file]]
  case 3: runs = [["timeline", "--follow", file]]
  case 4: runs = [["timeline", "-"], ["diagnose", "-"], ["check", "--no-config", "-"]]
  case 5: runs = [["check", "--config", file, walk], ["check", "--no-config", "--baseline", file, walk]]
  default: runs = [["timeline", "--format", ["svg", "html", "json"][round / 56 % 3], file]]
  }
  for arguments in runs {
    _ = BglogCLI.run(arguments: arguments, io: fuzzIO(stdin: bytes))
  }
}

/// Discards output; standard input is `stdin`, written from another thread as the real pipe would be.
func fuzzIO(stdin: [UInt8]) -> CommandIO {
  CommandIO(
    writeOut: { _ in }, writeErr: { _ in }, readStdin: { stdin },
    stdinHandle: {
      let pipe = Pipe()
      let writer = pipe.fileHandleForWriting
      Thread.detachNewThread {
        writer.write(Data(stdin))
        try? writer.close()
      }
      return pipe.fileHandleForReading
    }, environment: [:], stdoutIsTerminal: false)
}

/// The input grown past the reader's 1 MiB chunk and line limits: repeated (lines cut at chunk
/// boundaries, a CR LF pair split between chunks) and followed by one line longer than the limit.
func grown(_ bytes: [UInt8], round: Int) -> [UInt8] {
  var out: [UInt8] = []
  let piece = bytes.isEmpty ? Array("x\r\n".utf8) : bytes
  while out.count < LineStream.chunkSize + round % 4096 { out += piece }
  if round % 256 == 0 { out += [UInt8](repeating: UInt8(ascii: "A"), count: LineStream.maximumLineLength + 7) }
  return out
}

let started = Date()
let progress = ProgressBox()
final class ProgressBox: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var since = Date()
  func begin() {
    lock.withLock {
      count += 1; since = Date()
    }
  }
  func snapshot() -> (Int, Date) { lock.withLock { (count, since) } }
}
let outForWatchdog = outDirectory
Thread.detachNewThread {
  var lastCount = -1
  while true {
    Thread.sleep(forTimeInterval: 2)
    let (count, since) = progress.snapshot()
    if count == lastCount, Date().timeIntervalSince(since) > 10 {
      let hang = "\(outForWatchdog)/hang-\(count).bin"
      try? FileManager.default.copyItem(atPath: "\(outForWatchdog)/current.bin", toPath: hang)
      FileHandle.standardError.write(Data("bglog-fuzz: HANG: one input took over 10 s; kept as \(hang)\n".utf8))
      exit(3)
    }
    lastCount = count
  }
}

var generator = SplitMix64(state: seed)
var tried = 0
let current = URL(fileURLWithPath: outDirectory + "/current.bin")
while true {
  if let iterations, tried >= iterations { break }
  if let seconds, Date().timeIntervalSince(started) >= seconds { break }
  let input = mutate(corpus.randomElement(using: &generator)!, splicingFrom: corpus, &generator)
  try? Data(input).write(to: current)
  progress.begin()
  exercise(input, round: tried)
  if tried % 8 == 0 {
    let onDisk = tried % 128 == 0 ? grown(input, round: tried) : input
    if tried % 128 == 0 { try? Data(onDisk).write(to: current) }
    exerciseCommands(onDisk, round: tried, in: outDirectory + "/work")
  }
  tried += 1
}
try? FileManager.default.removeItem(at: current)
try? FileManager.default.removeItem(atPath: outDirectory + "/work")
let elapsed = Date().timeIntervalSince(started)
print(
  "bglog-fuzz: \(tried) inputs from \(corpus.count) seeds in \(String(format: "%.1f", elapsed)) s (seed \(seed)): "
    + "0 crashes, 0 hangs")
