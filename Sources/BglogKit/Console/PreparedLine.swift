/// What can be worked out about a line of the `HH:MM:SS  process  message` layout from its bytes
/// alone, ahead of the parser (on the reader thread of
/// ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:judge:readerThread:_:)``): its header, the
/// content hash of the record it starts if that record has no continuation lines, and a
/// ``Judge``'s verdict on that record.
public struct PreparedLine: Sendable {
  /// The header (`nil`: not a record's first line in that layout).
  let header: (time: Double, process: Range<Int>, messageStart: Int)?
  /// ``ConsoleLogParser/contentHash(process:message:ascii:)`` of the process and message of this line.
  let contentHash: UInt64
  /// What `judge` said of the record this line starts, should it have no continuation lines.
  let verdict: Verdict
  /// ``Judge/id`` of the judge that gave `verdict` (`nil`: none).
  let judge: ObjectIdentifier?

  /// Works it out for `line` (`isASCII`: known to be ASCII), with `judge`'s verdict on the record.
  public init(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, judge: Judge? = nil) {
    header = ConsoleLogParser.timeProcessMessageHeader(line)
    if let header {
      let process = UnsafeBufferPointer(rebasing: line[header.process])
      let message = UnsafeBufferPointer(rebasing: line[header.messageStart...])
      contentHash = ConsoleLogParser.contentHash(process: process, message: message, ascii: isASCII)
      verdict = judge?.verdict(process, message, isASCII) ?? .unknown
    } else {
      contentHash = 0
      verdict = .unknown
    }
    self.judge = verdict == .unknown ? nil : judge?.id
  }

  private init(_ line: PreparedLine) {
    header = line.header
    contentHash = line.contentHash
    verdict = .unknown
    judge = nil
  }

  /// The same line without a verdict.
  var withoutVerdict: PreparedLine { PreparedLine(self) }

  /// What a record filter decides about a record from its process and message alone.
  public enum Verdict: UInt8, Sendable {
    /// Not decided: the filter must be asked.
    case unknown
    /// The filter would refuse it (and change nothing).
    case refused
    /// The filter would let it through (and change nothing).
    case wanted
  }

  /// Gives a record's ``Verdict`` from its process and message bytes and whether both are known to be
  /// ASCII; callable from any thread. `id` names the filter it stands for.
  public struct Judge: Sendable {
    let id: ObjectIdentifier
    let verdict: @Sendable (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, Bool) -> Verdict
  }
}
