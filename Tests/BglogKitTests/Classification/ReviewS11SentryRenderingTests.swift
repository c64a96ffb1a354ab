import Testing

@testable import BglogKit

/// Session-11 review (/work/review-inputs-s11, not in the repository), defect 6: Sentry's own rendering of an
/// event. The paste's licence is not checked; it is quoted whole and verbatim, with its source.
@Suite struct ReviewS11SentryRenderingTests {
  /// getsentry/sentry-cocoa #4580 (description by philipphofmann, 2024-11-27), cut inside frame 11's symbol.
  static let paste =
    #"""
    ### Description

    The SDK sometimes crashes with SIGPIPE or SIGABRT in `sentrycrashjson_addFloatingPointElement`

    ```
    Exception Type: Unknown (SIGPIPE)

    Thread 0 Crashed:
    0   libsystem_c.dylib               0x1c6ac5f1c         __vfprintf
    1   libsystem_c.dylib               0x1c6ac5ba4         _vsnprintf
    2   libsystem_c.dylib               0x1c6aca818         snprintf
    3   Sentry.framework                0x101810a5c         sentrycrashjson_addFloatingPointElement (Sentry.framework:324)
    4   Sentry.framework                0x101812f90         encodeObject (Sentry.framework:342)
    5   Sentry.framework                0x1018133dc         [inlined] encodeObject (Sentry.framework:384)
    6   Sentry.framework                0x1018133dc         encodeObject (Sentry.framework:384)
    7   Sentry.framework                0x101812d80         +[SentryCrashJSONCodec encode:options:error:] (Sentry.framework:427)
    8   Sentry.framework                0x101824870         -[SentryCrashScopeObserver toJSONEncodedCString:] (Sentry.framework:149)
    9   Sentry.framework                0x10182465c         -[SentryCrashScopeObserver addSerializedBreadcrumb:] (Sentry.framework:90)
    10  Sentry.framework                0x10185fdf0         -[SentryScope addBreadcrumb:] (Sentry.framework:138)
    11  Sentry.framework                0x10183db08         -[
    """# + "\n"

  static func read(_ text: String) throws -> (CrashReport, Diagnosis) {
    let source = SourceText(text: text)
    let report = try #require(try CrashReportReader.read(source).first)
    return (report, CrashClassifier().diagnose(report, source: source))
  }

  @Test func sentrysFramesWithoutOffsetsAreNotCalledCut() throws {
    let (report, _) = try Self.read(Self.paste)
    #expect(report.threads.first?.frames.count == 12)
    // Lines 9–11 are whole frames of Sentry's layout (no `+ offset`); line 20 is the paste's last, cut one.
    let notes = report.issues.filter { $0.message == "frame symbol has no offset; the line may be cut" }
    #expect(notes.map(\.location) == [.line(20)])
  }

  @Test func outsideSentrysLayoutAFrameWithoutOffsetIsStillNoted() throws {
    // Synthetic: the paste's first three frames alone (no `(Image:line)` frame says it is Sentry's layout).
    let lines = Self.paste.components(separatedBy: "\n")
    let (report, _) = try Self.read(lines.prefix(11).joined(separator: "\n") + "\n")
    let notes = report.issues.filter { $0.message == "frame symbol has no offset; the line may be cut" }
    #expect(notes.map(\.location) == [.line(9), .line(10), .line(11)])
  }

  @Test func sigpipeIsAWriteToAClosedSocketNotASystemKill() throws {
    let (_, diagnosis) = try Self.read(Self.paste)
    #expect((diagnosis.kind, diagnosis.confidence) == (.unknown, .low))
    #expect(
      diagnosis.summary.hasSuffix(
        "SIGPIPE: a write to a closed socket or pipe, an ordinary crash, not a system kill."))
    #expect(diagnosis.explanation.contains("writes to a socket or pipe whose other end is closed"))
    #expect(diagnosis.evidence.first?.location == .line(6))
  }
}
