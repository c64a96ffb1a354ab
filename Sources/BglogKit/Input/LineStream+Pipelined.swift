import Foundation

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
  ///   - body: receives each line, valid only during the call, whether it is known to be ASCII
  ///     (`false`: not known), and its ``PreparedLine`` when `prepare` and it was worked out.
  /// - Returns: the number of lines that were cut at ``maximumLineLength``.
  @discardableResult
  public static func forEachLineBytesPipelined(
    _ input: InputFile, stdin: FileHandle? = nil, prepare: Bool = false, readerThread: Bool = true,
    layoutHint: (() -> ConsoleLayout?)? = nil,
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ isASCII: Bool, _ prepared: PreparedLine?) -> Void
  ) throws(InputError) -> Int {
    guard readerThread, input.path != "-", ProcessInfo.processInfo.activeProcessorCount > 1,
      case .regular = try FileKind.openable(input)
    else {
      return try forEachLineBytes(input, stdin: stdin) { line, isASCII in
        body(line, isASCII, nil)
        return true
      }
    }
    let queue = LineBatchQueue()
    let reader = Thread {
      var (batch, layout) = queue.emptyBatch()
      do throws(InputError) {
        let cutLines = try forEachLineBytes(input) { line, isASCII in
          if !prepare {
            batch.append(line, isASCII: isASCII, prepared: nil)
          } else if let layout {
            batch.append(line, isASCII: isASCII, header: PreparedHeader(line, isASCII: isASCII, layout: layout))
          } else {
            batch.append(line, isASCII: isASCII, prepared: PreparedLine(line, isASCII: isASCII))
          }
          if batch.byteCount >= LineBatch.targetSize {
            queue.put(batch)
            (batch, layout) = queue.emptyBatch()
          }
          return true
        }
        if batch.lineCount > 0 { queue.put(batch) } else { queue.recycle(batch) }
        queue.finish(cutLines: cutLines, error: nil)
      } catch {
        // The lines read before the error are handed out first, as they would have been.
        if batch.lineCount > 0 { queue.put(batch) } else { queue.recycle(batch) }
        queue.finish(cutLines: 0, error: error)
      }
    }
    reader.start()
    while let batch = queue.take() {
      batch.forEachLine(body)
      queue.recycle(batch)
      if prepare, let layoutHint { queue.layoutHint = layoutHint().flatMap { ConsoleByteHeader.reads($0) ? $0 : nil } }
    }
    let (cutLines, error) = queue.outcome
    if let error { throw error }
    return cutLines
  }
}

/// Lines copied one after another into one buffer, with where each starts and whether it is ASCII:
/// what the reader thread of ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:_:)`` hands over.
///
/// A value with storage it does not free itself: ``LineBatchQueue`` owns every batch and frees them
/// all; a batch has one user at a time (the reader filling it, or the caller reading it). A value
/// rather than a class: a class's stored properties are checked for exclusive access at run time on
/// every change, which cost the reader thread a sixth of its time.
struct LineBatch: @unchecked Sendable {
  /// How many bytes of lines a batch collects before it is handed over.
  static let targetSize = 256 << 10

  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var byteCount = 0
  /// Per line: its end in `storage` and whether it is ASCII (in the low bit of `ends`).
  private var ends: [Int] = []
  /// Per line, when lines are prepared for `HH:MM:SS  process  message`: its ``PreparedLine``.
  private var prepared: [PreparedLine] = []
  /// Per line, when lines are prepared for another layout: its ``PreparedHeader``.
  private var headers: [PreparedHeader] = []

  init() {
    capacity = Self.targetSize + 4096
    storage = .allocate(capacity: capacity)
    ends.reserveCapacity(4096)
  }

  /// Frees the storage (by the queue, once).
  func free() { storage.deallocate() }

  /// How many lines the batch holds.
  var lineCount: Int { ends.count }

  /// Copies `line` in, with its header read ahead.
  mutating func append(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, header: PreparedHeader) {
    append(line, isASCII: isASCII, prepared: nil)
    headers.append(header)
  }

  /// Copies `line` in.
  mutating func append(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, prepared preparedLine: PreparedLine?) {
    if byteCount + line.count > capacity {
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(2 * capacity, byteCount + line.count))
      grown.update(from: storage, count: byteCount)
      storage.deallocate()
      storage = grown
      capacity = max(2 * capacity, byteCount + line.count)
    }
    if let base = line.baseAddress, !line.isEmpty { (storage + byteCount).update(from: base, count: line.count) }
    byteCount += line.count
    ends.append(byteCount << 1 | (isASCII ? 1 : 0))
    if let preparedLine { prepared.append(preparedLine) }
  }

  /// Hands out the lines in order.
  func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Bool, PreparedLine?) -> Void) {
    var start = 0
    if headers.count == ends.count, !ends.isEmpty {
      headers.withUnsafeBufferPointer { headers in
        for (index, end) in ends.enumerated() {
          let line = UnsafeBufferPointer(start: storage + start, count: (end >> 1) - start)
          body(line, end & 1 == 1, PreparedLine(byteHeader: headers.baseAddress! + index))
          start = end >> 1
        }
      }
      return
    }
    let isPrepared = prepared.count == ends.count
    for (index, end) in ends.enumerated() {
      let line = UnsafeBufferPointer(start: storage + start, count: (end >> 1) - start)
      body(line, end & 1 == 1, isPrepared ? prepared[index] : nil)
      start = end >> 1
    }
  }

  /// Empties the batch for reuse.
  mutating func clear() {
    byteCount = 0
    ends.removeAll(keepingCapacity: true)
    prepared.removeAll(keepingCapacity: true)
    headers.removeAll(keepingCapacity: true)
  }
}

/// The bounded hand-over between the reader thread and the caller's thread of
/// ``LineStream/forEachLineBytesPipelined(_:stdin:prepare:_:)``, with a free list so batches are
/// reused; it owns (and frees) every batch.
final class LineBatchQueue: @unchecked Sendable {
  /// The most full batches waiting: the reader waits when it is this far ahead.
  static let capacity = 3

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

  deinit {
    for batch in full + free { batch.free() }
  }

  /// A batch to fill (a recycled one, else a new one), and the layout to prepare its lines for.
  func emptyBatch() -> (LineBatch, ConsoleLayout?) {
    condition.lock()
    defer { condition.unlock() }
    return (free.popLast() ?? LineBatch(), hint)
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

  /// Gives a handed-out batch back for reuse.
  func recycle(_ batch: LineBatch) {
    var batch = batch
    batch.clear()
    condition.lock()
    free.append(batch)
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
