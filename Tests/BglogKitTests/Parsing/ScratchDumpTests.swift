import Foundation
import Testing

@testable import BglogKit

@Suite struct ScratchDumpTests {
  @Test func dump() throws {
    let dir = ProcessInfo.processInfo.environment["DUMP_DIR"] ?? "/work/shared/corpus/crash"
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    for name in names where !name.hasSuffix(".json") && !name.hasSuffix(".md") {
      let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
      let source = SourceText(bytes: [UInt8](data))
      let reports = LegacyCrashReportParser().parseDocument(source)
      print("=== \(name): \(reports.count) reports")
      for r in reports {
        print("  lines \(r.startLine)-\(r.endLine) cat=\(r.category) bug=\(r.bugType ?? "-") proc=\(r.header.processName ?? "-")[\(r.header.processID.map(String.init) ?? "-")] os=\(r.header.osVersion ?? "-") fields=\(r.header.fields.count)")
        print("  exc=\(r.exception.map { "\($0.type ?? "-")/\($0.signal ?? "-") codes=\($0.codes ?? "-") note=\($0.note ?? "-")" } ?? "nil")")
        if let t = r.termination { print("  term ns=\(t.namespace ?? "-") code=\(t.code.map { String($0, radix: 16) } ?? "-") by=\(t.byProcess ?? "-") reason=\(t.reason.prefix(100)) details=\(t.details.count) desc=\(t.description?.prefix(80) ?? "-")") }
        print("  crashed=\(r.crashedThread?.value.description ?? "-") threads=\(r.threads.count) frames=\(r.threads.map { $0.frames.count }) LEB=\(r.lastExceptionBacktrace?.frames.count.description ?? "-") images=\(r.binaryImages.count) asi=\(r.applicationSpecificInformation.count) assertions=\(r.leakedAssertions.count) res=\(r.resource.map { "\($0.event)/\($0.actionTaken ?? "-")/\($0.summary ?? "-")" } ?? "-") other=\(r.otherDescription?.value ?? "-")")
        for i in r.issues.prefix(12) { print("    issue L\(i.location?.line ?? 0): \(i.message)") }
        if r.issues.count > 12 { print("    ... \(r.issues.count) issues") }
      }
    }
  }
}
