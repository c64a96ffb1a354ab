/// Reads a MetricKit `MXDiagnosticPayload` JSON document: one report per diagnostic.
///
/// Crash diagnostics become crash reports; hang, CPU-exception and disk-write diagnostics
/// become resource reports. MetricKit writes Mach exceptions and signals as numbers, so they
/// are named here the way Apple's text reports name them.
enum MetricKitPayloadReader {
  private static let resourceKeys = ["hangDiagnostics", "cpuExceptionDiagnostics", "diskWriteExceptionDiagnostics"]

  /// Whether an object looks like a payload (or a payload wrapped in one object).
  static func looksLikePayload(_ value: JSONValue) -> Bool {
    (["crashDiagnostics"] + resourceKeys).contains(where: { value[$0] != nil })
      || value["payloads"]?.elements != nil
  }

  /// The reports in a payload, in document order.
  static func reports(in payload: JSONValue, endLine: Int) -> [CrashReport] {
    if let payloads = payload["payloads"]?.elements {
      return payloads.flatMap { Self.reports(in: $0, endLine: endLine) }
    }
    var result: [CrashReport] = []
    for key in ["crashDiagnostics"] + resourceKeys {
      guard let diagnostics = payload[key]?.elements else { continue }
      for (index, diagnostic) in diagnostics.enumerated() {
        let last = index + 1 < diagnostics.count ? diagnostics[index + 1].line - 1 : endLine
        result.append(report(diagnostic, key: key, path: "\(key)[\(index)]", endLine: max(last, diagnostic.line)))
      }
    }
    return result.sorted { $0.startLine < $1.startLine }
  }

  private static func report(_ diagnostic: JSONValue, key: String, path: String, endLine: Int) -> CrashReport {
    let isCrash = key == "crashDiagnostics"
    var report = CrashReport(
      format: .metricKit, category: isCrash ? .crash : .resource, startLine: diagnostic.line, endLine: endLine)
    let meta = diagnostic["diagnosticMetaData"] ?? diagnostic
    readHeader(meta, path: path + ".diagnosticMetaData", into: &report)
    if isCrash {
      readException(meta, path: path + ".diagnosticMetaData", into: &report)
    } else {
      report.resource = resourceEvent(key: key, meta: meta, path: path + ".diagnosticMetaData")
    }
    if let tree = diagnostic["callStackTree"] {
      readCallStacks(tree, path: path + ".callStackTree", into: &report)
    }
    return report
  }

  private static func readHeader(_ meta: JSONValue, path: String, into report: inout CrashReport) {
    var header = report.header
    header.bundleIdentifier = meta["bundleIdentifier"]?.string
    header.osVersion = meta["osVersion"]?.string
    header.hardwareModel = meta["deviceType"]?.string
    header.codeType = meta["platformArchitecture"]?.string
    if let version = meta["appVersion"]?.scalarText {
      header.version = meta["appBuildVersion"]?.scalarText.map { "\(version) (\($0))" } ?? version
    }
    for member in meta.members ?? [] {
      guard let text = member.value.scalarText else { continue }
      header.fields.append(
        HeaderField(name: member.key, value: text, location: .json("\(path).\(member.key)", line: member.value.line)))
    }
    report.header = header
  }

  private static func readException(_ meta: JSONValue, path: String, into report: inout CrashReport) {
    let typeValue = meta["exceptionType"]
    let signalValue = meta["signal"]
    var exception = ExceptionInfo()
    if let typeValue {
      exception.type = typeValue.int.flatMap(MachExceptionNames.exception) ?? typeValue.scalarText
      exception.location = .json("\(path).exceptionType", line: typeValue.line)
    }
    if let signalValue {
      exception.signal = signalValue.int.flatMap(MachExceptionNames.signal) ?? signalValue.scalarText
      exception.location = exception.location ?? .json("\(path).signal", line: signalValue.line)
    }
    if let code = meta["exceptionCode"] {
      exception.codes = code.uint64.map { "0x" + String($0, radix: 16) } ?? code.scalarText
      exception.codesLocation = .json("\(path).exceptionCode", line: code.line)
    }
    if let reason = meta["exceptionReason"] {
      // iOS 17 adds the Objective-C exception: name, class and composed message.
      exception.message = reason["composedMessage"]?.string ?? reason.string
      if let name = reason["exceptionName"]?.string ?? reason["exceptionType"]?.string {
        report.applicationSpecificInformation.append(
          Located(name, at: .json("\(path).exceptionReason", line: reason.line)))
      }
      if let message = exception.message {
        report.applicationSpecificInformation.append(
          Located(message, at: .json("\(path).exceptionReason", line: reason.line)))
      }
    }
    if typeValue != nil || signalValue != nil || exception.codes != nil { report.exception = exception }
    if let reasonValue = meta["terminationReason"], let text = reasonValue.string {
      let parsed = MachExceptionNames.terminationReason(text)
      report.termination = TerminationInfo(
        namespace: parsed.namespace, code: parsed.code, reason: text, description: parsed.rest,
        location: .json("\(path).terminationReason", line: reasonValue.line))
      report.leakedAssertions += ProcessAssertion.all(
        in: Substring(text), location: .json("\(path).terminationReason", line: reasonValue.line))
    }
  }

  private static func resourceEvent(key: String, meta: JSONValue, path: String) -> ResourceEvent {
    let event: String
    let summaryKeys: [String]
    switch key {
    case "hangDiagnostics":
      event = "hang"
      summaryKeys = ["hangDuration"]
    case "cpuExceptionDiagnostics":
      event = "cpu usage"
      summaryKeys = ["totalCPUTime", "totalSampledTime"]
    default:
      event = "disk writes"
      summaryKeys = ["writesCaused"]
    }
    let parts = summaryKeys.compactMap { key in meta[key]?.scalarText.map { "\(key) \($0)" } }
    let line = summaryKeys.lazy.compactMap { meta[$0]?.line }.first ?? meta.line
    return ResourceEvent(
      event: event, summary: parts.isEmpty ? nil : parts.joined(separator: ", "),
      location: .json(path, line: line))
  }

  /// One thread per call stack; each stack is a chain of `subFrames` from the innermost frame.
  private static func readCallStacks(_ tree: JSONValue, path: String, into report: inout CrashReport) {
    guard let stacks = tree["callStacks"]?.elements else {
      report.issues.append(ParseIssue("callStackTree has no callStacks array", at: .json(path, line: tree.line)))
      return
    }
    var images: [String: BinaryImage] = [:]
    for (index, stack) in stacks.enumerated() {
      let stackPath = "\(path).callStacks[\(index)]"
      var frames: [StackFrame] = []
      var branched = false
      for root in stack["callStackRootFrames"]?.elements ?? [] {
        var node: JSONValue? = root
        while let frame = node {
          frames.append(stackFrame(frame, index: frames.count, path: stackPath, images: &images))
          let subFrames = frame["subFrames"]?.elements ?? []
          if subFrames.count > 1 { branched = true }
          node = subFrames.first
        }
      }
      if branched {
        report.issues.append(
          ParseIssue(
            "call stack \(index) branches; only the first branch was kept", at: .json(stackPath, line: stack.line)))
      }
      let attributed = stack["threadAttributed"]?.bool == true
      if attributed, report.crashedThread == nil {
        report.crashedThread = Located(index, at: .json("\(stackPath).threadAttributed", line: stack.line))
      }
      report.threads.append(
        ThreadBacktrace(index: index, crashed: attributed, frames: frames, location: .json(stackPath, line: stack.line))
      )
    }
    report.binaryImages = images.values.sorted { ($0.base ?? 0, $0.name) < ($1.base ?? 0, $1.name) }
  }

  private static func stackFrame(
    _ frame: JSONValue, index: Int, path: String, images: inout [String: BinaryImage]
  ) -> StackFrame {
    let name = frame["binaryName"]?.string ?? "???"
    let address = frame["address"]?.uint64
    let offsetField = frame["offsetIntoBinaryTextSegment"]?.uint64
    var base: UInt64?
    var offset: UInt64?
    if let address, let offsetField, offsetField <= address {
      // Despite its name, real payloads put the image's load address in this field; a value
      // closer to the address than to zero is a base, anything else a true offset.
      if address - offsetField < offsetField {
        base = offsetField
        offset = address - offsetField
      } else {
        base = address - offsetField
        offset = offsetField
      }
    } else {
      offset = offsetField
    }
    if images[name] == nil {
      images[name] = BinaryImage(name: name, base: base, uuid: frame["binaryUUID"]?.string)
    }
    return StackFrame(
      index: index, image: name, address: address, imageBase: base, imageOffset: offset,
      location: .json("\(path).frames[\(index)]", line: frame.line))
  }
}
