// A seeded mutation fuzzer for bglog's parsers: crash reports (text, .ips, MetricKit, KSCrash),
// the classifier and the console timeline. Plain Swift, no coverage instrumentation, so it builds
// everywhere; deterministic for a given seed.
//
//   swift run -c release bglog-fuzz [--seconds N | --iterations N] [--seed N] [--out DIR] [SEED_DIRS...]
//
// Before each input it writes the input to DIR/current.bin, so if bglog crashes the process dies
// and the input that did it is on disk. A watchdog thread ends the run (exit 3) and keeps the input
// as DIR/hang-*.bin when one input takes longer than 10 s. Exit 0 means no crash and no hang.

import BglogKit
import Dispatch
import Foundation

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
  seedDirectories = ["Tests/Fixtures/crash", "Tests/Fixtures/ips", "Tests/Fixtures/console"]
}
if seconds == nil && iterations == nil { seconds = 60 }

/// SplitMix64: small, fast and deterministic.
struct Generator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

var corpus: [[UInt8]] = []
for directory in seedDirectories {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
  for name in names.sorted() where !name.hasSuffix(".md") {
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
].map { Array($0.utf8) }

func mutate(_ input: [UInt8], splicingFrom corpus: [[UInt8]], _ generator: inout Generator) -> [UInt8] {
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

/// Everything bglog does with one input.
func exercise(_ bytes: [UInt8]) {
  let source = SourceText(bytes: bytes)
  if let reports = try? CrashReportReader.read(source) {
    let classifier = CrashClassifier()
    for report in reports { _ = classifier.diagnose(report, source: source) }
  }
  _ = TimelineBuilder().build(from: source)
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

var generator = Generator(state: seed)
var tried = 0
let current = URL(fileURLWithPath: outDirectory + "/current.bin")
while true {
  if let iterations, tried >= iterations { break }
  if let seconds, Date().timeIntervalSince(started) >= seconds { break }
  let input = mutate(corpus.randomElement(using: &generator)!, splicingFrom: corpus, &generator)
  try? Data(input).write(to: current)
  progress.begin()
  exercise(input)
  tried += 1
}
try? FileManager.default.removeItem(at: current)
let elapsed = Date().timeIntervalSince(started)
print(
  "bglog-fuzz: \(tried) inputs from \(corpus.count) seeds in \(String(format: "%.1f", elapsed)) s (seed \(seed)): "
    + "0 crashes, 0 hangs")
