import Foundation

/// Maps the JSON body of an `.ips` crash (bug_type 309, and the crash-shaped parts of other
/// bodies) onto ``CrashReport``.
///
/// Every key is optional: a missing or unexpected key never stops the read, and a key that is
/// present but malformed becomes a ``ParseIssue`` at its line.
enum IPSCrashBodyReader {
  /// The parts of a body that ``apply(_:to:)`` and ``resourceEvent(in:)`` read: every key either
  /// looks up, and of the big arrays only the members they read (a thread's `threadState`, a
  /// frame's other keys, `vmSummary`, `legacyInfo`, … are checked and skipped). Keep it in step
  /// with the lookups below: a key missing here reads as absent.
  static let selection: JSONSelection = {
    // Frames are read straight into `JSONFrame`s (the six keys `readFrames` looks up).
    let thread = JSONSelection.members([
      "frames": .frames, "name": .all, "queue": .all, "triggered": .all,
    ])
    let image = JSONSelection.members(
      Dictionary(
        uniqueKeysWithValues: ["path", "name", "base", "size", "arch", "uuid", "CFBundleIdentifier"]
          .map { ($0, JSONSelection.all) }))
    var keys: [String: JSONSelection] = [:]
    let whole = [
      // readHeader
      "procName", "pid", "procPath", "procRole", "parentProc", "parentPid", "cpuType", "modelCode", "product",
      "captureTime", "procLaunch", "incident", "bundleInfo", "osVersion", "build",
      // readException, readTermination, readThreads, readApplicationSpecificInformation, apply
      "exception", "termination", "faultingThread", "asi", "ktriageinfo", "vmRegionInfo",
      // resourceEvent
      "event", "resource", "resourceType", "action", "actionTaken", "summary", "limit", "cpu",
    ]
    for key in whole { keys[key] = .all }
    keys["usedImages"] = .elements(image)
    keys["binaryImages"] = .elements(image)
    keys["threads"] = .elements(thread)
    keys["lastExceptionBacktrace"] = .frames
    return .members(keys)
  }()

  /// Fills `report` from a crash body.
  static func apply(_ body: JSONValue, to report: inout CrashReport) {
    readHeader(body, into: &report)
    readException(body, into: &report)
    readTermination(body, into: &report)
    let images = readImages(body, into: &report)
    readThreads(body, images: images, into: &report)
    readApplicationSpecificInformation(body, into: &report)
    if let backtrace = body["lastExceptionBacktrace"] {
      if let frames = JSONFrame.list(in: backtrace) {
        report.lastExceptionBacktrace = ThreadBacktrace(
          name: "Last Exception Backtrace",
          frames: readFrames(frames, path: "lastExceptionBacktrace", images: images, issues: &report.issues),
          location: .json("lastExceptionBacktrace", line: backtrace.line))
      } else {
        report.issues.append(issue("lastExceptionBacktrace is not an array", backtrace, "lastExceptionBacktrace"))
      }
    }
    for key in ["ktriageinfo", "vmRegionInfo"] {
      if let value = body[key], let text = value.string {
        report.header.fields.append(HeaderField(name: key, value: text, location: .json(key, line: value.line)))
      }
    }
  }

  // MARK: - Header

  private static func readHeader(_ body: JSONValue, into report: inout CrashReport) {
    func text(_ key: String) -> String? {
      guard let value = body[key]?.scalarText, !value.isEmpty else { return nil }
      return value
    }
    var header = report.header
    header.processName = text("procName") ?? header.processName
    header.processID = body["pid"]?.int ?? header.processID
    header.path = text("procPath") ?? header.path
    header.role = text("procRole") ?? header.role
    if let parent = text("parentProc") {
      header.parentProcess = body["parentPid"]?.int.map { "\(parent) [\($0)]" } ?? parent
    }
    header.codeType = text("cpuType") ?? header.codeType
    header.hardwareModel = text("modelCode") ?? text("product") ?? header.hardwareModel
    header.dateTime = text("captureTime") ?? header.dateTime
    header.launchTime = text("procLaunch") ?? header.launchTime
    header.incidentIdentifier = text("incident") ?? header.incidentIdentifier
    if let bundle = body["bundleInfo"] {
      header.bundleIdentifier = bundle["CFBundleIdentifier"]?.string ?? header.bundleIdentifier
      let short = bundle["CFBundleShortVersionString"]?.scalarText
      let build = bundle["CFBundleVersion"]?.scalarText
      switch (short, build) {
      case (let short?, let build?): header.version = "\(short) (\(build))"
      case (let short?, nil): header.version = short
      case (nil, let build?): header.version = build
      case (nil, nil): break
      }
    }
    if let os = body["osVersion"] {
      if let train = os["train"]?.string {
        header.osVersion = os["build"]?.string.map { "\(train) (\($0))" } ?? train
      } else if let plain = os.string {
        header.osVersion = plain
      }
      if let releaseType = os["releaseType"]?.string {
        header.fields.append(
          HeaderField(
            name: "osVersion.releaseType", value: releaseType,
            location: .json("osVersion.releaseType", line: os.line)))
      }
    } else if let build = text("build") {
      header.osVersion = build  // panic and jetsam bodies write the OS as `build`
    }
    report.header = header
  }

  // MARK: - Exception and termination

  private static func readException(_ body: JSONValue, into report: inout CrashReport) {
    guard let exception = body["exception"] else { return }
    guard exception.members != nil else {
      report.issues.append(issue("exception is not an object", exception, "exception"))
      return
    }
    let type = exception["type"]
    let codes = exception["codes"]
    report.exception = ExceptionInfo(
      type: type?.scalarText,
      signal: exception["signal"]?.scalarText,
      codes: codes?.scalarText,
      subtype: exception["subtype"]?.scalarText,
      message: exception["message"]?.scalarText,
      location: .json("exception.type", line: type?.line ?? exception.line),
      codesLocation: codes.map { .json("exception.codes", line: $0.line) })
    if let message = exception["message"] {
      report.exception?.messageLocation = .json("exception.message", line: message.line)
    }
  }

  private static func readTermination(_ body: JSONValue, into report: inout CrashReport) {
    guard let termination = body["termination"] else { return }
    guard termination.members != nil else {
      report.issues.append(issue("termination is not an object", termination, "termination"))
      return
    }
    var info = TerminationInfo()
    info.namespace = termination["namespace"]?.scalarText
    let codeValue = termination["code"]
    if let codeValue {
      // Apple writes the code as a decimal number (2343432205 is 0x8badf00d); some tools
      // rewrite it as a hex string.
      info.code = codeValue.uint64 ?? codeValue.number?.int64.map { UInt64(bitPattern: $0) }
      if info.code == nil {
        report.issues.append(
          issue("termination.code is not a number: \(codeValue.scalarText ?? "?")", codeValue, "termination.code"))
      }
    }
    let indicator = termination["indicator"]?.string
    var details: [String] = []
    // `reasons` in crash reports; watchdogd's reports (namespace WATCHDOG) write `details`.
    if let reasons = termination["reasons"] ?? termination["details"] {
      if let elements = reasons.elements {
        details = elements.compactMap(\.scalarText)
      } else if let single = reasons.string {
        details = [single]
      }
    }
    info.details = details
    info.byProcess = termination["byProc"]?.scalarText
    var reasonParts: [String] = []
    if let namespace = info.namespace { reasonParts.append(namespace) }
    if let code = info.code { reasonParts.append(String(code)) }
    if let indicator { reasonParts.append(indicator) }
    info.reason = reasonParts.joined(separator: " ")
    let anchor = codeValue ?? termination
    info.location = .json(codeValue == nil ? "termination" : "termination.code", line: anchor.line)
    let joined = details.joined(separator: " ")
    if let indicator, let explanation = explanation(in: indicator) {
      info.description = explanation
      info.descriptionLocation = .json("termination.indicator", line: termination.line)
    } else if let explanation = details.lazy.compactMap(explanation(in:)).first {
      info.description = explanation
      info.descriptionLocation = .json("termination.reasons", line: termination.line)
    }
    if let flags = termination["flags"]?.scalarText {
      report.header.fields.append(
        HeaderField(
          name: "termination.flags", value: flags, location: .json("termination.flags", line: termination.line)))
    }
    report.termination = info
    // Assertions held too long are listed in the reasons (one per string, or split across
    // strings), so search them joined as well as one by one.
    let location = SourceLocation.json("termination.reasons", line: termination.line)
    var assertions = ProcessAssertion.all(in: Substring(joined), location: location)
    if let indicator {
      assertions += ProcessAssertion.all(
        in: Substring(indicator), location: .json("termination.indicator", line: termination.line))
    }
    report.leakedAssertions += assertions
  }

  /// The `explanation:` part of an RBSTerminateContext, without the fields after it.
  ///
  /// The explanation itself holds `<` and `>` (`[app<com.example>:812]`), so it runs to the
  /// next known field or the end of the string, not to the first `>`.
  private static func explanation(in text: String) -> String? {
    guard let start = PlainSearch.range(of: "explanation:", in: text)?.upperBound else { return nil }
    var rest = text[start...]
    for terminator in [" ProcessVisibility:", " reportType:", " maxTerminationResistance:"] {
      if let end = PlainSearch.range(of: terminator, in: rest)?.lowerBound { rest = rest[..<end] }
    }
    var value = rest.trimmedForJSON
    if value.hasSuffix(">"), value.filter({ $0 == ">" }).count > value.filter({ $0 == "<" }).count {
      value.removeLast()
    }
    return value.isEmpty ? nil : value
  }

  // MARK: - Images, threads, frames

  private static func readImages(_ body: JSONValue, into report: inout CrashReport) -> [BinaryImage] {
    guard let used = body["usedImages"] ?? body["binaryImages"] else { return [] }
    guard let elements = used.elements else {
      report.issues.append(issue("usedImages is not an array", used, "usedImages"))
      return []
    }
    var images: [BinaryImage] = []
    for element in elements {
      let path = element["path"]?.string
      let name = OneLineText.clean(
        element["name"]?.string ?? path.map { String($0.split(separator: "/").last ?? "") } ?? "???")
      let base = element["base"]?.uint64
      let size = element["size"]?.uint64
      var end: UInt64?
      if let base, let size, size > 0 { end = base &+ size &- 1 }
      images.append(
        BinaryImage(
          name: name.isEmpty ? "???" : name, base: base, end: end, architecture: element["arch"]?.string,
          uuid: element["uuid"]?.string, path: path, bundleIdentifier: element["CFBundleIdentifier"]?.string))
    }
    report.binaryImages = images
    return images
  }

  private static func readThreads(_ body: JSONValue, images: [BinaryImage], into report: inout CrashReport) {
    if let faulting = body["faultingThread"] {
      if let index = faulting.int {
        report.crashedThread = Located(index, at: .json("faultingThread", line: faulting.line))
      } else {
        report.issues.append(issue("faultingThread is not a number", faulting, "faultingThread"))
      }
    }
    guard let threads = body["threads"] else { return }
    guard let elements = threads.elements else {
      report.issues.append(issue("threads is not an array", threads, "threads"))
      return
    }
    for (index, thread) in elements.enumerated() {
      let path = indexedPath("threads[", index)
      let frames = thread["frames"].flatMap(JSONFrame.list(in:)) ?? []
      report.threads.append(
        ThreadBacktrace(
          index: index,
          name: thread["name"]?.string,
          dispatchQueue: thread["queue"]?.string,
          crashed: thread["triggered"]?.bool == true || report.crashedThread?.value == index,
          frames: readFrames(frames, path: path + ".frames", images: images, issues: &report.issues),
          location: .json(path, line: thread.line)))
    }
  }

  private static func readFrames(
    _ frames: [JSONFrame], path: String, images: [BinaryImage], issues: inout [ParseIssue]
  ) -> [StackFrame] {
    var result: [StackFrame] = []
    result.reserveCapacity(frames.count)
    let pathPrefix = path + "["
    for (index, frame) in frames.enumerated() {
      let framePath = indexedPath(pathPrefix, index)
      var image: BinaryImage?
      if let imageIndex = frame.imageIndex {
        if images.indices.contains(imageIndex) {
          image = images[imageIndex]
        } else if !images.isEmpty {
          // No usedImages at all (a pasted fragment) is noted once by the fragment reader, not per frame.
          issues.append(
            ParseIssue(
              "\(framePath).imageIndex \(imageIndex) is not in usedImages", at: .json(framePath, line: frame.line)))
        }
      }
      let offset = frame.imageOffset
      var address: UInt64?
      if let base = image?.base, let offset { address = base &+ offset }
      result.append(
        StackFrame(
          index: index,
          image: image?.name ?? "???",
          address: address,
          symbol: OneLineText.clean(frame.symbol),
          symbolOffset: frame.symbolLocation,
          imageBase: image?.base,
          imageOffset: offset,
          sourceFile: frame.sourceFile,
          sourceLine: frame.sourceLine,
          location: .json(framePath, line: frame.line)))
    }
    return result
  }

  // MARK: - Application Specific Information and resource events

  private static func readApplicationSpecificInformation(_ body: JSONValue, into report: inout CrashReport) {
    guard let asi = body["asi"] else { return }
    guard let members = asi.members else {
      report.issues.append(issue("asi is not an object", asi, "asi"))
      return
    }
    for member in members {
      let strings: [JSONValue] = member.value.elements ?? [member.value]
      for (index, value) in strings.enumerated() {
        guard let text = value.string else { continue }
        let path = member.value.elements == nil ? "asi.\(member.key)" : "asi.\(member.key)[\(index)]"
        for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
          report.applicationSpecificInformation.append(Located(String(line), at: .json(path, line: value.line)))
        }
      }
    }
  }

  /// A resource event from a JSON resource report (`cpu`, `wakeups`), when one can be read.
  static func resourceEvent(in body: JSONValue) -> ResourceEvent? {
    let eventValue = body["event"] ?? body["resource"] ?? body["resourceType"]
    guard let event = eventValue?.scalarText, let eventValue else { return nil }
    let action = body["action"] ?? body["actionTaken"]
    let summary = body["summary"] ?? body["limit"] ?? body["cpu"]
    return ResourceEvent(
      event: event, actionTaken: action?.scalarText, summary: summary?.scalarText,
      location: .json("event", line: eventValue.line),
      actionLocation: action.map { .json("action", line: $0.line) })
  }

  /// `prefix` (ending in `[`), the decimal `index` and `]`: `threads[3].frames[12]`, made in one
  /// allocation (one per frame, so string interpolation's generic appends showed in profiles).
  static func indexedPath(_ prefix: String, _ index: Int) -> String {
    var prefix = prefix
    return prefix.withUTF8 { head in
      var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for Int.min's 20 digits and sign
      return withUnsafeMutableBytes(of: &digits) { scratch -> String in
        var value = index.magnitude
        var position = scratch.count
        repeat {
          position -= 1
          scratch[position] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        } while value > 0
        if index < 0 {
          position -= 1
          scratch[position] = UInt8(ascii: "-")
        }
        let digitCount = scratch.count - position
        return String(unsafeUninitializedCapacity: head.count + digitCount + 1) { buffer in
          _ = buffer.initialize(from: head)
          for offset in 0..<digitCount { buffer[head.count + offset] = scratch[position + offset] }
          buffer[head.count + digitCount] = UInt8(ascii: "]")
          return head.count + digitCount + 1
        }
      }
    }
  }

  private static func issue(_ message: String, _ value: JSONValue, _ path: String) -> ParseIssue {
    ParseIssue(message, at: .json(path, line: value.line))
  }
}
