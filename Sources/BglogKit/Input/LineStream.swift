import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads a file (or standard input) line by line in large chunks, so memory stays flat whatever the
/// size of the input. Lines end at `\n`, `\r\n` or a lone `\r`; invalid UTF-8 is replaced, never fatal.
public struct LineStream {
  /// The chunk size read at a time.
  public static let chunkSize = 1 << 20
  /// Lines longer than this are cut, and the rest of the line is dropped, so one endless line cannot
  /// use unbounded memory.
  public static let maximumLineLength = 1 << 20

  /// Calls `body` with every line of the input.
  ///
  /// - Parameters:
  ///   - input: the file, or `-` for standard input.
  ///   - stdin: the handle to read for `-`; the process's standard input when `nil`.
  ///   - live: hand over lines as soon as they arrive (for `--follow`) rather than reading full chunks.
  ///   - afterChunk: called after the lines of each piece read have been handed over, before the next
  ///     read (which may wait for the writer): where a live reader does work it need not do per line.
  ///   - body: receives each line (without its terminator); return `false` to stop early.
  /// - Returns: the number of lines that were cut at ``maximumLineLength``.
  /// - Throws: ``InputError`` when the file cannot be opened or is not a regular file or pipe.
  @discardableResult
  public static func forEachLine(
    _ input: InputFile, stdin: FileHandle? = nil, live: Bool = false, afterChunk: (() -> Void)? = nil,
    _ body: (Substring) -> Bool
  ) throws(InputError) -> Int {
    let handle: FileHandle
    if input.path == "-" {
      handle = stdin ?? FileHandle.standardInput
    } else {
      // Regular files, and FIFOs named on the command line (`bglog timeline <(idevicesyslog)`), stream;
      // devices, sockets and directories are refused.
      _ = try FileKind.openable(input)
      guard let opened = FileHandle(forReadingAtPath: input.path) else {
        throw .unreadable(path: input.path, reason: "permission denied")
      }
      handle = opened
    }
    defer { if input.path != "-" { try? handle.close() } }

    var pending: [UInt8] = []
    var cutLines = 0
    var skippingRestOfLine = false
    var first = true
    var utf16 = false
    var whole: [UInt8] = []
    while true {
      let chunk: Data
      if live {
        // `availableData` returns as soon as the writer has written anything, so a line-buffered or
        // block-buffered pipe is shown as it arrives instead of when a 1 MiB chunk fills.
        guard let data = try readAvailable(handle, path: input.path), !data.isEmpty else { break }
        chunk = data
      } else {
        do {
          guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else { break }
          chunk = data
        } catch {
          throw .unreadable(path: input.path, reason: error.localizedDescription)
        }
      }
      var bytes = [UInt8](chunk)
      if first {
        first = false
        // UTF-16 logs (rare; Windows tools) are decoded whole; everything else streams.
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
          utf16 = true
        } else if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
          bytes.removeFirst(3)
        }
      }
      if utf16 {
        whole += bytes
        continue
      }
      var index = 0
      if skippingRestOfLine {
        // The rest of a cut line: dropped up to its terminator.
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        guard index < bytes.count else { continue }
        skippingRestOfLine = false
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        index += 1
      }
      // Every complete line of the chunk is decoded at once into one string and handed out as
      // slices of it: one allocation and one UTF-8 check per chunk instead of per line. A line
      // terminator is never part of an invalid UTF-8 sequence, so the repair is the same as line by
      // line.
      var last = bytes.count - 1
      while last >= index, bytes[last] != 0x0A, bytes[last] != 0x0D { last -= 1 }
      if last >= index {
        let text: String
        if pending.isEmpty {
          text = bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[index...last]), as: UTF8.self)
          }
        } else {
          pending += bytes[index...last]
          text = String(decoding: pending, as: UTF8.self)
          pending.removeAll(keepingCapacity: true)
        }
        if !emitLines(of: text, body) { return cutLines }
        index = last + 1
        afterChunk?()
      }
      pending += bytes[index..<bytes.count]
      if pending.count > maximumLineLength {
        pending.removeLast(pending.count - maximumLineLength)
        if !emit(&pending, body) { return cutLines }
        cutLines += 1
        skippingRestOfLine = true
      }
    }
    if utf16 {
      for line in SourceText(bytes: whole).lines where !body(line) { break }
      return cutLines
    }
    if !pending.isEmpty { _ = emit(&pending, body) }
    return cutLines
  }

  /// Hands out the lines of `text`, which ends with a line terminator, as slices of it; the
  /// terminators are found on the bytes, and each slice is made from byte offsets (constant time).
  private static func emitLines(of text: String, _ body: (Substring) -> Bool) -> Bool {
    let utf8 = text.utf8
    let scanned = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      let count = bytes.count
      guard let base = bytes.baseAddress else { return true }
      var start = 0
      var index = 0
      while index < count {
        // Eight bytes at a time up to the next line end.
        guard let end = ByteText.firstLineEnd(in: base, from: index, to: count) else { break }
        index = end
        let byte = bytes[index]
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: index - start)
        if !body(Substring(utf8[lower..<upper])) { return false }
        index += 1
        // A CR LF pair split across chunks yields an empty line; harmless for the line consumers.
        if byte == 0x0D, index < count, bytes[index] == 0x0A { index += 1 }
        start = index
      }
      return true
    }
    if let scanned { return scanned }
    var start = utf8.startIndex
    var index = start
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x0A || byte == 0x0D {
        if !body(Substring(utf8[start..<index])) { return false }
        utf8.formIndex(after: &index)
        if byte == 0x0D, index < utf8.endIndex, utf8[index] == 0x0A { utf8.formIndex(after: &index) }
        start = index
      } else {
        utf8.formIndex(after: &index)
      }
    }
    return true
  }

  /// Reads whatever the writer has written so far (at least one byte, or the end), with `read(2)`:
  /// `FileHandle.availableData` traps on a read error (a closed descriptor, a directory).
  private static func readAvailable(_ handle: FileHandle, path: String) throws(InputError) -> Data? {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        #if canImport(Darwin)
          Darwin.read(handle.fileDescriptor, raw.baseAddress, raw.count)
        #else
          Glibc.read(handle.fileDescriptor, raw.baseAddress, raw.count)
        #endif
      }
      if count > 0 { return Data(buffer[..<count]) }
      if count == 0 { return nil }
      if errno == EINTR { continue }
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
  }

  private static func emit(_ pending: inout [UInt8], _ body: (Substring) -> Bool) -> Bool {
    let line = String(decoding: pending, as: UTF8.self)
    pending.removeAll(keepingCapacity: true)
    return body(Substring(line))
  }
}
