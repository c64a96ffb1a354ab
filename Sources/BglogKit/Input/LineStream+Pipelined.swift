import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension LineStream {
  /// ``forEachLineBytes(_:stdin:_:)`` with the reading and line splitting of a regular file on a
  /// second thread: the same lines in the same order, handed to `body` on the calling thread in
  /// batches, while the next ones are read. Memory stays bounded (a few batches are in flight).
  /// Standard input, FIFOs and one-processor machines are read on the calling thread.
  ///
  /// - Parameters:
  ///   - prepare: also work out each line's ``PreparedLine`` on the reader thread.
  ///   - readerThread: `false` reads on the calling thread whatever the input (`--jobs 1`).
  ///   - layoutHint: asked on the calling thread after each batch: the layout the lines are read in,
  ///     once known. Lines the reader thread splits after that are prepared for it (``PreparedHeader``,
  ///     for a layout ``ConsoleByteHeader`` reads) rather than for `HH:MM:SS  process  message`.
  ///   - readerShare: for tests, how much of the preparing the reader thread does, fixed (``LineBatchQueue``);
  ///     `nil` (always, outside tests): as much as keeps both threads busy.
  ///   - linesEnd: when given, lines stay valid after `body` returns, until the next call of
  ///     `linesEnd` (after each batch; after each line when there is no reader thread): `body` may keep
  ///     pointing at a line until then instead of copying it.
  ///   - body: receives each line, valid only during the call (see `linesEnd`), whether it is known to
  ///     be ASCII (`false`: not known), and its ``PreparedLine`` when `prepare` and it was worked out.
  /// - Returns: the number of lines that were cut at ``maximumLineLength``.
  @discardableResult
  public static func forEachLineBytesPipelined(
    _ input: InputFile, stdin: FileHandle? = nil, prepare: Bool = false, readerThread: Bool = true,
    layoutHint: (() -> ConsoleLayout?)? = nil, readerShare: Int? = nil, linesEnd: (() -> Void)? = nil,
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ isASCII: Bool, _ prepared: PreparedLine?) -> Void
  ) throws(InputError) -> Int {
    guard readerThread, input.path != "-", ProcessInfo.processInfo.activeProcessorCount > 1,
      case .regular = try FileKind.openable(input)
    else {
      return try forEachLineBytes(input, stdin: stdin) { line, isASCII in
        body(line, isASCII, nil)
        linesEnd?()
        return true
      }
    }
    let queue = LineBatchQueue(share: readerShare)
    // The reader's loop is a function of its own: its batch and layout are then locals that only
    // non-escaping closures capture. Captured by the thread's closure, they were boxed, and every
    // access to them in the per-line closure was checked for exclusivity at run time (about 2 % of
    // the reader thread on 1 GiB of Console.app lines).
    let reader = Thread { readBatches(input, prepare: prepare, into: queue) }
    reader.start()
    while let batch = queue.take() {
      let begun = threadTime()
      batch.forEachLine(body)
      // The batch's lines (in its chunk or its own storage) are valid until it is given back.
      linesEnd?()
      queue.recycle(batch, parserTime: threadTime() &- begun)
      if prepare, let layoutHint { queue.layoutHint = layoutHint().flatMap { ConsoleByteHeader.reads($0) ? $0 : nil } }
    }
    let (cutLines, error) = queue.outcome
    if let error { throw error }
    return cutLines
  }

  /// The processor time the calling thread has used, in nanoseconds (``LineBatchQueue`` compares the
  /// two threads' time on the same batches).
  static func threadTime() -> UInt64 {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// The reader thread of ``forEachLineBytesPipelined(_:stdin:prepare:readerThread:layoutHint:readerShare:linesEnd:_:)``:
  /// reads `input` chunk by chunk, splits and (when `prepare`) prepares its lines into batches and
  /// hands them to `queue`, then records the outcome.
  private static func readBatches(_ input: InputFile, prepare: Bool, into queue: LineBatchQueue) {
    var (batch, layout, work) = queue.emptyBatch(chunk: nil)
    var begun = threadTime()
    // The time fields of the lines before, for the headers read here (a pointer: a variable captured
    // by the closure below would be boxed and checked for exclusive access on every line).
    let memo = UnsafeMutablePointer<HeaderFieldMemo>.allocate(capacity: 1)
    memo.initialize(to: HeaderFieldMemo())
    defer { memo.deallocate() }
    do throws(InputError) {
      // Each chunk is read into a buffer of the queue's, and its lines stay there (no copy): the
      // batches holding them are handed over in order, and the last one gives the buffer back.
      let cutLines = try forEachLineBytes(
        input,
        chunks: {
          if batch.chunk != nil {
            batch.closesChunk = true
            batch.readerTime = threadTime() &- begun
            queue.put(batch)
            (batch, layout, work) = queue.emptyBatch(chunk: nil)
            begun = threadTime()
          }
          batch.chunk = queue.takeChunk()
          return batch.chunk!
        }
      ) { line, isASCII in
        if !prepare || work == .lines {
          batch.append(line, isASCII: isASCII, prepared: nil)
        } else if let layout {
          let header = PreparedHeader(line, isASCII: isASCII, layout: layout, memo: memo, scans: work == .scans)
          batch.append(line, isASCII: isASCII, header: header)
        } else {
          batch.append(line, isASCII: isASCII, prepared: PreparedLine(line, isASCII: isASCII))
        }
        if batch.byteCount >= LineBatch.targetSize {
          let chunk = batch.chunk
          batch.readerTime = threadTime() &- begun
          queue.put(batch)
          (batch, layout, work) = queue.emptyBatch(chunk: chunk)
          begun = threadTime()
        }
        return true
      }
      batch.closesChunk = true
      queue.put(batch)
      queue.finish(cutLines: cutLines, error: nil)
    } catch {
      // The lines read before the error are handed out first, as they would have been.
      batch.closesChunk = true
      queue.put(batch)
      queue.finish(cutLines: 0, error: error)
    }
  }
}

/// Lines handed over by the reader thread of ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:readerThread:layoutHint:readerShare:linesEnd:_:)``:
/// where each is and whether it is ASCII. Most lines lie in `chunk`, the buffer their chunk was read
/// into, where they stay; the others (the line that began in the chunk before, repaired UTF-8) are
/// copied into the batch's own storage.
///
/// A value with storage it does not free itself: ``LineBatchQueue`` owns every batch and chunk and
/// frees them all; a batch has one user at a time (the reader filling it, or the caller reading it),
/// and a chunk is read into again only after the batch that ``closesChunk`` was given back. A value
/// rather than a class: a class's stored properties are checked for exclusive access at run time on
/// every change, which cost the reader thread a sixth of its time.
struct LineBatch: @unchecked Sendable {
  /// How many bytes of lines a batch collects before it is handed over.
  static let targetSize = 256 << 10

  /// The chunk buffer the batch's lines lie in (`nil` before the first chunk is read).
  var chunk: UnsafeMutablePointer<UInt8>?
  /// Whether this is the last batch with lines in `chunk`: giving it back frees the chunk for reuse.
  var closesChunk = false
  /// The processor time the reader thread spent on the batch (reading, splitting, preparing), in nanoseconds.
  var readerTime: UInt64 = 0
  /// Copies of the lines that are not in `chunk`.
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var copied = 0
  /// How many bytes of lines the batch holds (in the chunk and copied).
  private(set) var byteCount = 0
  /// Per line: its start (in `chunk`, or in `storage` when copied) << 33, its length << 2, whether it
  /// was copied << 1, whether it is ASCII.
  private var spans: [UInt64] = []
  /// Per line, when lines are prepared for `HH:MM:SS  process  message`: its ``PreparedLine``.
  private var prepared: [PreparedLine] = []
  /// Per line, when lines are prepared for another layout: its ``PreparedHeader``.
  private var headers: [PreparedHeader] = []

  init(chunk: UnsafeMutablePointer<UInt8>?) {
    self.chunk = chunk
    capacity = 64 << 10
    storage = .allocate(capacity: capacity)
    spans.reserveCapacity(4096)
  }

  /// Frees the storage (by the queue, once).
  func free() { storage.deallocate() }

  /// How many lines the batch holds.
  var lineCount: Int { spans.count }

  /// Takes `line` in, with its header read ahead.
  mutating func append(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, header: PreparedHeader) {
    append(line, isASCII: isASCII, prepared: nil)
    headers.append(header)
  }

  /// Takes `line` in: where it lies when that is in `chunk`, else a copy.
  mutating func append(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, prepared preparedLine: PreparedLine?) {
    let ascii: UInt64 = isASCII ? 1 : 0
    if let chunk, let base = line.baseAddress, base >= UnsafePointer(chunk),
      base + line.count <= UnsafePointer(chunk + LineStream.chunkSize)
    {
      spans.append(UInt64(base - UnsafePointer(chunk)) << 33 | UInt64(line.count) << 2 | ascii)
    } else {
      if copied + line.count > capacity {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(2 * capacity, copied + line.count))
        grown.update(from: storage, count: copied)
        storage.deallocate()
        storage = grown
        capacity = max(2 * capacity, copied + line.count)
      }
      if let base = line.baseAddress, !line.isEmpty { (storage + copied).update(from: base, count: line.count) }
      spans.append(UInt64(copied) << 33 | UInt64(line.count) << 2 | 2 | ascii)
      copied += line.count
    }
    byteCount += line.count
    if let preparedLine { prepared.append(preparedLine) }
  }

  /// Hands out the lines in order.
  func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Bool, PreparedLine?) -> Void) {
    let chunk = UnsafePointer(chunk)
    let storage = UnsafePointer(storage)
    func line(_ span: UInt64) -> UnsafeBufferPointer<UInt8> {
      let start = Int(span >> 33)
      let count = Int(truncatingIfNeeded: span >> 2) & 0x7FFF_FFFF
      return UnsafeBufferPointer(start: (span & 2 == 0 ? chunk! : storage) + start, count: count)
    }
    if headers.count == spans.count, !spans.isEmpty {
      headers.withUnsafeBufferPointer { headers in
        for (index, span) in spans.enumerated() {
          body(line(span), span & 1 == 1, PreparedLine(byteHeader: headers.baseAddress! + index))
        }
      }
      return
    }
    let isPrepared = prepared.count == spans.count
    for (index, span) in spans.enumerated() {
      body(line(span), span & 1 == 1, isPrepared ? prepared[index] : nil)
    }
  }

  /// Empties the batch for reuse.
  mutating func clear() {
    chunk = nil
    closesChunk = false
    readerTime = 0
    copied = 0
    byteCount = 0
    spans.removeAll(keepingCapacity: true)
    prepared.removeAll(keepingCapacity: true)
    headers.removeAll(keepingCapacity: true)
  }
}

/// The bounded hand-over between the reader thread and the caller's thread of
/// ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:readerThread:layoutHint:readerShare:linesEnd:_:)``, with a free list so batches are
/// reused; it owns (and frees) every batch.
///
/// It also shares the preparing of lines between the two threads. What the reader thread does not
/// work out ahead the parser works out itself, with the same result: a header (``PreparedHeader``), the
/// content hash and the record filter's anchor test. Which thread is the busier one depends on the
/// layout, the lines and the machine (on 1 GiB of each bench layout, session 12: the reader thread
/// was busier by 5 to 20 % in four layouts and the parser's by 15 % in one), so the share is not fixed:
/// after every eight batches it falls by a step when the reader thread spent more processor time on them
/// than the parser's thread (by more than 3 %), and grows by a step when it spent less. Processor time,
/// not waits: on a loaded machine both threads wait for the processor, whichever is the slower.
final class LineBatchQueue: @unchecked Sendable {
  /// The most full batches waiting: the reader waits when it is this far ahead.
  static let capacity = 3

  /// What the reader thread works out for the lines of a batch.
  enum Work {
    /// Splits lines only.
    case lines
    /// Also reads each line's header.
    case headers
    /// Also the content hash and the anchor test of each record's message.
    case scans
  }

  /// The share of the preparing the reader thread does, in steps of a sixteenth: of each eight batches,
  /// `share - 8` get ``Work/scans`` and the rest of the first `share` get ``Work/headers``.
  static let fullShare = 16
  private var share: Int
  /// Whether `share` stays as set (tests).
  private let fixedShare: Bool
  private var batchesBegun = 0
  /// The two threads' processor time on the batches given back since the share last moved.
  private var readerTime: UInt64 = 0
  private var parserTime: UInt64 = 0
  private var batchesTimed = 0

  /// `share`: fixed, 0 … ``fullShare`` (tests); `nil`: set by the threads' waits, from the full share.
  init(share: Int? = nil) {
    self.share = min(max(share ?? Self.fullShare, 0), Self.fullShare)
    fixedShare = share != nil
  }

  private let condition = NSCondition()
  private var full: [LineBatch] = []
  private var free: [LineBatch] = []
  private var finished = false
  private var cutLines = 0
  private var error: InputError?
  private var hint: ConsoleLayout?

  /// The layout the caller reads the lines in (a layout ``ConsoleByteHeader`` reads), once it knows it:
  /// batches begun after it is set are prepared for it.
  var layoutHint: ConsoleLayout? {
    get {
      condition.lock()
      defer { condition.unlock() }
      return hint
    }
    set {
      condition.lock()
      hint = newValue
      condition.unlock()
    }
  }

  /// Chunk buffers free to read into, and every chunk buffer made.
  private var freeChunks: [UnsafeMutablePointer<UInt8>] = []
  private var chunks: [UnsafeMutablePointer<UInt8>] = []

  deinit {
    for batch in full + free { batch.free() }
    for chunk in chunks { chunk.deallocate() }
  }

  /// A batch to fill with lines of `chunk` (a recycled one, else a new one), the layout to prepare
  /// its lines for, and how much of the preparing to do.
  func emptyBatch(chunk: UnsafeMutablePointer<UInt8>?) -> (LineBatch, ConsoleLayout?, Work) {
    condition.lock()
    defer { condition.unlock() }
    var batch = free.popLast() ?? LineBatch(chunk: nil)
    batch.chunk = chunk
    let step = batchesBegun % 8
    batchesBegun += 1
    return (batch, hint, step < share - 8 ? .scans : step < share ? .headers : .lines)
  }

  /// A buffer of ``LineStream/chunkSize`` bytes to read a chunk into: one given back, else a new one
  /// (at most one more than the batches in flight, which ``capacity`` bounds).
  func takeChunk() -> UnsafeMutablePointer<UInt8> {
    condition.lock()
    defer { condition.unlock() }
    if let chunk = freeChunks.popLast() { return chunk }
    let chunk = LineStream.allocateChunk()
    chunks.append(chunk)
    return chunk
  }

  /// Hands a filled batch over, waiting while ``capacity`` batches wait.
  func put(_ batch: LineBatch) {
    condition.lock()
    while full.count >= Self.capacity { condition.wait() }
    full.append(batch)
    condition.broadcast()
    condition.unlock()
  }

  /// The next filled batch, waiting for one; `nil` once the reader finished and all were taken.
  func take() -> LineBatch? {
    condition.lock()
    defer { condition.unlock() }
    while full.isEmpty && !finished { condition.wait() }
    guard !full.isEmpty else { return nil }
    condition.broadcast()
    return full.removeFirst()
  }

  /// Gives a handed-out batch back for reuse; `parserTime`: the processor time the caller's thread
  /// spent on its lines, in nanoseconds.
  func recycle(_ batch: LineBatch, parserTime batchParserTime: UInt64) {
    var batch = batch
    let chunk = batch.closesChunk ? batch.chunk : nil
    let batchReaderTime = batch.readerTime
    batch.clear()
    condition.lock()
    if !fixedShare {
      readerTime &+= batchReaderTime
      parserTime &+= batchParserTime
      batchesTimed += 1
      if batchesTimed == 8 {
        if readerTime > parserTime &+ parserTime / 32, share > 0 { share -= 1 }
        if parserTime > readerTime &+ readerTime / 32, share < Self.fullShare { share += 1 }
        (readerTime, parserTime, batchesTimed) = (0, 0, 0)
      }
    }
    free.append(batch)
    if let chunk { freeChunks.append(chunk) }
    condition.unlock()
  }

  /// The reader is done: how many lines it cut, or the error that stopped it.
  func finish(cutLines: Int, error: InputError?) {
    condition.lock()
    self.cutLines = cutLines
    self.error = error
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// What ``finish(cutLines:error:)`` recorded (read after ``take()`` returned `nil`).
  var outcome: (cutLines: Int, error: InputError?) {
    condition.lock()
    defer { condition.unlock() }
    return (cutLines, error)
  }
}
