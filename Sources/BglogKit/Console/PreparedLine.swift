/// What can be worked out about a line of the `HH:MM:SS  process  message` layout from its bytes
/// alone, ahead of the parser (on the reader thread of
/// ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:_:)``): its header, and the content hash
/// of the record it starts if that record has no continuation lines.
public struct PreparedLine: Sendable {
  /// The header (`nil`: not a record's first line in that layout).
  let header: (time: Double, process: Range<Int>, messageStart: Int)?
  /// ``ConsoleLogParser/contentHash(process:message:ascii:)`` of the process and message of this line.
  let contentHash: UInt64

  /// Works it out for `line` (`isASCII`: known to be ASCII).
  public init(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    header = ConsoleLogParser.timeProcessMessageHeader(line)
    if let header {
      contentHash = ConsoleLogParser.contentHash(
        process: UnsafeBufferPointer(rebasing: line[header.process]),
        message: UnsafeBufferPointer(rebasing: line[header.messageStart...]), ascii: isASCII)
    } else {
      contentHash = 0
    }
  }
}
