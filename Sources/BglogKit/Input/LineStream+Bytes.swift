import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension LineStream {
  /// ``forEachLine(_:stdin:live:_:)`` on bytes: the same lines, handed out as UTF-8 bytes (invalid
  /// UTF-8 repaired as `String(decoding:as:)` repairs it) without making a `String` per chunk or a
  /// `Substring` per line.
  ///
  /// Regular files are read with `read(2)` into one reused buffer, in the same 1 MiB chunks (so a
  /// CR LF pair split across chunks gives the same empty line); standard input, FIFOs and UTF-16 files
  /// go through ``forEachLine(_:stdin:live:_:)``. After the first chunk, a chunk is read in pieces of
  /// ``pieceSize`` and the lines of each piece are handed out as it arrives, while its bytes are still
  /// in the processor's cache (a whole chunk read at once was out of it again when its lines were read).
  ///
  /// - Parameter body: receives each line, valid only during the call, and whether it is known to be
  ///   ASCII (`false`: not known); return `false` to stop early.
  /// - Returns: the number of lines that were cut at ``maximumLineLength``.
  @discardableResult
  public static func forEachLineBytes(
    _ input: InputFile, stdin: FileHandle? = nil,
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ isASCII: Bool) -> Bool
  ) throws(InputError) -> Int {
    // One buffer, made when the first chunk is read and reused for every chunk.
    var owned: UnsafeMutablePointer<UInt8>?
    defer { owned?.deallocate() }
    return try forEachLineBytes(
      input, stdin: stdin,
      chunks: {
        if owned == nil { owned = allocateChunk() }
        return owned!
      }, body)
  }

  /// ``forEachLineBytes(_:stdin:_:)`` reading each chunk into the buffer `chunks` returns (at least
  /// ``chunkSize`` bytes), asked before each chunk is read: the lines of a chunk that lie in it are
  /// handed out pointing into that buffer, which the reader never writes again, so the caller may
  /// keep them until it hands the buffer out again. Lines that are not in it (the one that began in
  /// the chunk before, repaired UTF-8, UTF-16 files) point elsewhere and are valid only during the
  /// call. (Not optional: an optional closure escapes, and a local it changes is then boxed and
  /// checked for exclusive access at run time on every use, the pipelined reader's batch among them.)
  static func forEachLineBytes(
    _ input: InputFile, stdin: FileHandle? = nil, chunks: () -> UnsafeMutablePointer<UInt8>,
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ isASCII: Bool) -> Bool
  ) throws(InputError) -> Int {
    func throughStrings() throws(InputError) -> Int {
      try forEachLine(input, stdin: stdin) { line in
        var line = line
        return line.withUTF8 { body($0, false) }
      }
    }
    guard input.path != "-", case .regular = try FileKind.openable(input) else { return try throughStrings() }
    guard let handle = FileHandle(forReadingAtPath: input.path) else {
      throw .unreadable(path: input.path, reason: "permission denied")
    }
    defer { try? handle.close() }
    var reader = ChunkedLines()
    var first = true
    while true {
      let chunk = chunks()
      // Read until the chunk is full or the file ends (as `FileHandle.read(upToCount:)` does).
      var count = 0
      while count < chunkSize {
        // The first chunk is read whole: its first bytes decide UTF-16 and the byte order mark.
        let wanted = first ? chunkSize - count : min(pieceSize, chunkSize - count)
        let read = try readSome(into: chunk + count, count: wanted, from: handle.fileDescriptor, path: input.path)
        guard read > 0 else { break }
        count += read
        if !first, count < chunkSize, reader.takeSettled(chunk, available: count, body) { return reader.cutLines }
      }
      guard count > 0 else { break }
      if first {
        first = false
        // UTF-16 logs (rare; Windows tools) are decoded whole by the string path.
        if count >= 2, (chunk[0] == 0xFF && chunk[1] == 0xFE) || (chunk[0] == 0xFE && chunk[1] == 0xFF) {
          return try throughStrings()
        }
      }
      if reader.take(UnsafeBufferPointer(start: chunk, count: count), body) { return reader.cutLines }
    }
    reader.finish(body)
    return reader.cutLines
  }

  /// A buffer of ``chunkSize`` bytes for `read(2)`, aligned to a page: the kernel copies a file's
  /// bytes about four times slower into a buffer that is not (malloc's alignment of 16 bytes; 0.44 s
  /// against 0.10 s of system time for 1 GiB read from the page cache, this machine).
  static func allocateChunk() -> UnsafeMutablePointer<UInt8> {
    UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 4096)
      .bindMemory(to: UInt8.self, capacity: chunkSize)
  }

  /// How much of a chunk ``forEachLineBytes(_:stdin:_:)`` reads at a time after the first chunk.
  static let pieceSize = 64 << 10

  /// One `read(2)` of up to `count` bytes (again when interrupted); 0 at the end of the file.
  private static func readSome(
    into buffer: UnsafeMutablePointer<UInt8>, count: Int, from descriptor: Int32, path: String
  ) throws(InputError) -> Int {
    while true {
      #if canImport(Darwin)
        let read = Darwin.read(descriptor, buffer, count)
      #else
        let read = Glibc.read(descriptor, buffer, count)
      #endif
      if read >= 0 { return read }
      if errno != EINTR { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
    }
  }
}

/// The chunk-to-lines state of ``LineStream/forEachLineBytes(_:stdin:_:)``: the start of a line
/// that continues in the next chunk, and whether the rest of a cut line is being skipped. Mirrors
/// the steps of ``LineStream/forEachLine(_:stdin:live:_:)`` exactly.
private struct ChunkedLines {
  var pending: [UInt8] = []
  var cutLines = 0
  var skippingRestOfLine = false
  var first = true
  /// Where the part of the chunk being read that was not handed out yet starts (see
  /// ``takeSettled(_:available:_:)``).
  var cursor = 0

  /// Hands out the lines of a chunk that is still being read whose ends have arrived (the first
  /// `available` bytes), exactly as ``take(_:_:)`` will hand them out once the chunk is whole; `true`
  /// when `body` asked to stop. Never used on the first chunk.
  mutating func takeSettled(
    _ base: UnsafePointer<UInt8>, available: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool
  ) -> Bool {
    // A CR at the end of what has arrived may be the first half of a CR LF pair: not settled yet.
    let limit = base[available - 1] == 0x0D ? available - 1 : available
    var index = cursor
    if skippingRestOfLine {
      while index < limit, base[index] != 0x0A, base[index] != 0x0D { index += 1 }
      guard index < limit else { return false }
      skippingRestOfLine = false
      // A CR before `limit` is never the last byte that arrived.
      if base[index] == 0x0D, base[index + 1] == 0x0A { index += 1 }
      index += 1
      cursor = index
    }
    if !pending.isEmpty {
      // The line begun in the last chunk ends at the first line end of this one.
      var bits: UInt64 = 0
      guard let lineEnd = ByteText.firstLineEnd(in: base, from: index, to: limit, bits: &bits) else { return false }
      pending.append(contentsOf: UnsafeBufferPointer(start: base + index, count: lineEnd - index))
      if !emitPending(body) { return true }
      index = lineEnd + 1
      if base[lineEnd] == 0x0D, base[index] == 0x0A { index += 1 }
      cursor = index
    }
    // The lines that end before `limit` (a CR there is never followed by an LF that arrived: that LF
    // would be the last line end).
    var last = limit - 1
    while last >= index, base[last] != 0x0A, base[last] != 0x0D { last -= 1 }
    guard last >= index else { return false }
    cursor = last + 1
    return !LineBytes.emitLines(base, from: index, to: last + 1, body)
  }

  /// Hands out the lines completed by `chunk`; `true` when `body` asked to stop.
  mutating func take(
    _ chunk: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool
  ) -> Bool {
    guard let base = chunk.baseAddress else { return false }
    let count = chunk.count
    // After ``takeSettled(_:available:_:)``, only the rest of the chunk is left (and nothing pending).
    var index = cursor
    cursor = 0
    if first {
      first = false
      if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { index = 3 }
    }
    if skippingRestOfLine {
      while index < count, base[index] != 0x0A, base[index] != 0x0D { index += 1 }
      guard index < count else { return false }
      skippingRestOfLine = false
      if base[index] == 0x0D, index + 1 < count, base[index + 1] == 0x0A { index += 1 }
      index += 1
    }
    var last = count - 1
    while last >= index, base[last] != 0x0A, base[last] != 0x0D { last -= 1 }
    if last >= index {
      let end = last + 1
      var start = index
      if !pending.isEmpty {
        // The line begun in the last chunk ends at the first line end of this one.
        var bits: UInt64 = 0
        let lineEnd = ByteText.firstLineEnd(in: base, from: index, to: end, bits: &bits) ?? last
        pending.append(contentsOf: UnsafeBufferPointer(start: base + index, count: lineEnd - index))
        if !emitPending(body) { return true }
        start = lineEnd + 1
        if base[lineEnd] == 0x0D, start < end, base[start] == 0x0A { start += 1 }
      }
      if !LineBytes.emitLines(base, from: start, to: end, body) { return true }
      index = end
    }
    pending.append(contentsOf: UnsafeBufferPointer(start: base + index, count: count - index))
    if pending.count > LineStream.maximumLineLength {
      pending.removeLast(pending.count - LineStream.maximumLineLength)
      if !emitPending(body) { return true }
      cutLines += 1
      skippingRestOfLine = true
    }
    return false
  }

  /// The last line, when the input does not end with a line end.
  mutating func finish(_ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool) {
    if !pending.isEmpty { _ = emitPending(body) }
  }

  private mutating func emitPending(_ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool) -> Bool {
    let result = pending.withUnsafeBufferPointer { LineBytes.emit($0, body) }
    pending.removeAll(keepingCapacity: true)
    return result
  }
}

/// Line splitting on bytes for ``LineStream/forEachLineBytes(_:stdin:_:)``.
enum LineBytes {
  /// Hands out the lines of `base[from..<end]`, which ends with a line end; `false` when `body` asked
  /// to stop. Lines end at LF, CR LF or CR, as in `LineStream`.
  static func emitLines(
    _ base: UnsafePointer<UInt8>, from: Int, to end: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool
  ) -> Bool {
    if isPlain(base, from: from, to: end) { return emitPlainLines(base, from: from, to: end, body) }
    var start = from
    while start < end {
      var bits: UInt64 = 0
      guard let lineEnd = ByteText.firstLineEnd(in: base, from: start, to: end, bits: &bits) else { break }
      let line = UnsafeBufferPointer(start: base + start, count: lineEnd - start)
      let stop = bits & 0x8080_8080_8080_8080 == 0 ? !body(line, true) : !emit(line, body)
      if stop { return false }
      start = lineEnd + 1
      if base[lineEnd] == 0x0D, start < end, base[start] == 0x0A { start += 1 }
    }
    return true
  }

  /// Whether `base[from..<end]` is ASCII without a carriage return (most chunks of a device log):
  /// then every line ends at a line feed and is ASCII. Sixteen bytes per step: in each lane,
  /// `byte | ((byte ^ 0x0D) &- 1)` has its high bit set exactly when the byte is not ASCII or is a CR.
  static func isPlain(_ base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Bool {
    let raw = UnsafeRawPointer(base)
    var index = from
    var bits = SIMD16<UInt8>(repeating: 0)
    let carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
    let one = SIMD16<UInt8>(repeating: 1)
    // Two steps a turn: the loop's own count and test cost as much as a step.
    while index + 32 <= end {
      let first = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      let second = raw.loadUnaligned(fromByteOffset: index + 16, as: SIMD16<UInt8>.self)
      bits |= first | ((first ^ carriageReturn) &- one) | second | ((second ^ carriageReturn) &- one)
      index += 32
    }
    while index + 16 <= end {
      let lanes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      bits |= lanes | ((lanes ^ carriageReturn) &- one)
      index += 16
    }
    if (bits & SIMD16(repeating: 0x80)) != SIMD16(repeating: 0) { return false }
    while index < end {
      let byte = base[index]
      if byte >= 0x80 || byte == 0x0D { return false }
      index += 1
    }
    return true
  }

  /// ``emitLines(_:from:to:_:)`` for a plain region (see ``isPlain(_:from:to:)``): lines end at line
  /// feeds, found with `memchr`.
  private static func emitPlainLines(
    _ base: UnsafePointer<UInt8>, from: Int, to end: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool
  ) -> Bool {
    var start = from
    while start < end {
      guard let found = memchr(base + start, 0x0A, end - start) else { break }
      let lineEnd = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      if !body(UnsafeBufferPointer(start: base + start, count: lineEnd - start), true) { return false }
      start = lineEnd + 1
    }
    return true
  }

  /// Hands out one line: as it is when ASCII, else as `String(decoding:as:)` repairs it.
  static func emit(_ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool) -> Bool {
    if ByteText.isASCII(line) { return body(line, true) }
    var text = String(decoding: line, as: UTF8.self)
    return text.withUTF8 { body($0, false) }
  }
}
