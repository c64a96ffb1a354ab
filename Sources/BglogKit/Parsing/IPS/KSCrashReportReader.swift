/// Reads a KSCrash JSON report (`report`, `system`, `crash`, `binary_images`).
///
/// KSCrash is a third-party in-process reporter: its `deadlock` error is its own main-thread
/// watchdog, not an OS termination, so it is recorded as exception type `deadlock` with a line
/// of Application Specific Information saying who detected it.
enum KSCrashReportReader {
  /// The Application Specific Information line added for KSCrash's own deadlock watchdog.
  static let deadlockNote = "main thread deadlock detected by KSCrash"

  /// Whether an object looks like a KSCrash report.
  static func looksLikeReport(_ value: JSONValue) -> Bool {
    value["crash"]?.members != nil
      && (value["report"] != nil || value["system"] != nil || value["binary_images"] != nil)
  }

  /// The report for a KSCrash document.
  static func report(from document: JSONValue, endLine: Int) -> CrashReport {
    var report = CrashReport(format: .kscrash, category: .crash, startLine: document.line, endLine: endLine)
    readHeader(document, into: &report)
    let images = readImages(document["binary_images"], into: &report)
    if let crash = document["crash"] {
      readError(crash["error"], into: &report)
      readThreads(crash["threads"], images: images, into: &report)
      if let diagnosis = crash["diagnosis"], let text = diagnosis.string {
        report.header.fields.append(
          HeaderField(name: "crash.diagnosis", value: text, location: .json("crash.diagnosis", line: diagnosis.line)))
      }
    }
    return report
  }

  private static func readHeader(_ document: JSONValue, into report: inout CrashReport) {
    let info = document["report"]
    let system = document["system"]
    var header = report.header
    header.incidentIdentifier = info?["id"]?.string
    header.dateTime = info?["timestamp"]?.scalarText
    header.processName = info?["process_name"]?.string ?? system?["process_name"]?.string
    header.processID = system?["process_id"]?.int
    header.path = system?["CFBundleExecutablePath"]?.string
    header.bundleIdentifier = system?["CFBundleIdentifier"]?.string
    header.hardwareModel = system?["machine"]?.string
    header.codeType = system?["cpu_arch"]?.string
    header.launchTime = system?["app_start_time"]?.string
    if let parent = system?["parent_process_name"]?.string {
      header.parentProcess = system?["parent_process_id"]?.int.map { "\(parent) [\($0)]" } ?? parent
    }
    if let short = system?["CFBundleShortVersionString"]?.scalarText {
      header.version = system?["CFBundleVersion"]?.scalarText.map { "\(short) (\($0))" } ?? short
    }
    if let version = system?["system_version"]?.string {
      let name = system?["system_name"]?.string.map { $0 + " " } ?? ""
      header.osVersion = name + version + (system?["os_version"]?.string.map { " (\($0))" } ?? "")
    }
    for (prefix, object) in [("report", info), ("system", system)] {
      for member in object?.members ?? [] {
        guard let text = member.value.scalarText else { continue }
        header.fields.append(
          HeaderField(
            name: "\(prefix).\(member.key)", value: text,
            location: .json("\(prefix).\(member.key)", line: member.value.line)))
      }
    }
    report.header = header
  }

  private static func readError(_ error: JSONValue?, into report: inout CrashReport) {
    guard let error else { return }
    let type = error["type"]?.string
    let mach = error["mach"]
    let signal = error["signal"]
    var exception = ExceptionInfo(location: .json("crash.error.type", line: error["type"]?.line ?? error.line))
    if type == "deadlock" {
      exception.type = "deadlock"
      report.applicationSpecificInformation.append(
        Located(deadlockNote, at: .json("crash.error.type", line: error["type"]?.line ?? error.line)))
    } else if let number = mach?["exception"]?.int, number != 0 {
      exception.type = mach?["exception_name"]?.string ?? MachExceptionNames.exception(number)
    } else {
      exception.type = type
    }
    if let number = signal?["signal"]?.int, number != 0 {
      exception.signal = signal?["name"]?.string ?? MachExceptionNames.signal(number)
    }
    if let mach, let code = mach["code"]?.uint64, let subcode = mach["subcode"]?.uint64, code != 0 || subcode != 0 {
      exception.codes = "0x" + String(code, radix: 16) + ", 0x" + String(subcode, radix: 16)
      exception.codesLocation = .json("crash.error.mach", line: mach.line)
    }
    if let nsexception = error["nsexception"] {
      let name = nsexception["name"]?.string
      exception.message = nsexception["reason"]?.string ?? error["reason"]?.string
      for text in [name, exception.message].compactMap({ $0 }) {
        report.applicationSpecificInformation.append(
          Located(text, at: .json("crash.error.nsexception", line: nsexception.line)))
      }
    } else if let reason = error["reason"], let text = reason.string {
      exception.message = text
      report.applicationSpecificInformation.append(Located(text, at: .json("crash.error.reason", line: reason.line)))
    }
    report.exception = exception
    // Recent KSCrash versions record the OS exit reason of a watchdog kill (`exit_reason.code`,
    // 2343432205 for 0x8badf00d) alongside their own `hang` timing.
    if let exitReason = error["exit_reason"], let code = exitReason["code"]?.uint64 {
      report.termination = TerminationInfo(
        code: code, reason: "exit_reason code 0x" + String(code, radix: 16),
        location: .json("crash.error.exit_reason.code", line: exitReason["code"]?.line ?? exitReason.line))
    }
  }

  private static func readImages(_ value: JSONValue?, into report: inout CrashReport) -> [BinaryImage] {
    guard let elements = value?.elements else { return [] }
    report.binaryImages = elements.map { element in
      let path = element["name"]?.string
      let base = element["image_addr"]?.uint64
      let size = element["image_size"]?.uint64
      var end: UInt64?
      if let base, let size, size > 0 { end = base &+ size &- 1 }
      let name = path.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "???"
      return BinaryImage(name: name, base: base, end: end, uuid: element["uuid"]?.string, path: path)
    }
    return report.binaryImages
  }

  private static func readThreads(_ value: JSONValue?, images: [BinaryImage], into report: inout CrashReport) {
    guard let threads = value?.elements else { return }
    for (position, thread) in threads.enumerated() {
      let index = thread["index"]?.int ?? position
      let path = "crash.threads[\(position)]"
      var frames: [StackFrame] = []
      for (frameIndex, entry) in (thread["backtrace"]?["contents"]?.elements ?? []).enumerated() {
        let address = entry["instruction_addr"]?.uint64
        let objectBase = entry["object_addr"]?.uint64
        let symbolBase = entry["symbol_addr"]?.uint64
        var symbolOffset: UInt64?
        if let address, let symbolBase, address >= symbolBase { symbolOffset = address - symbolBase }
        var imageOffset: UInt64?
        if let address, let objectBase, address >= objectBase { imageOffset = address - objectBase }
        let objectName = entry["object_name"]?.string
        let image = objectName ?? images.first(where: { $0.base == objectBase })?.name ?? "???"
        frames.append(
          StackFrame(
            index: frameIndex, image: image, address: address, symbol: OneLineText.clean(entry["symbol_name"]?.string),
            symbolOffset: symbolOffset, imageBase: objectBase, imageOffset: imageOffset,
            location: .json("\(path).backtrace.contents[\(frameIndex)]", line: entry.line)))
      }
      let crashed = thread["crashed"]?.bool == true
      if crashed, report.crashedThread == nil {
        report.crashedThread = Located(index, at: .json("\(path).crashed", line: thread.line))
      }
      report.threads.append(
        ThreadBacktrace(
          index: index, name: thread["name"]?.string, dispatchQueue: thread["dispatch_queue"]?.string,
          crashed: crashed, frames: frames, location: .json(path, line: thread.line)))
    }
  }
}
