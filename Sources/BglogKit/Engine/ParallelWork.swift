import Dispatch
import Foundation

/// Runs independent pieces of work on all cores, or on at most `jobs` threads.
public enum ParallelWork {
  /// The number of cores the process may use.
  public static var coreCount: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Calls `body` once for every index in `0..<iterations`, in parallel; returns when all are done.
  ///
  /// - Parameters:
  ///   - iterations: how many pieces of work.
  ///   - jobs: the most threads to use; `nil` (or a number at least the core count) uses all cores.
  ///   - body: the work for one index; it must be safe to call from several threads at once.
  public static func forEach(iterations: Int, jobs: Int?, _ body: @Sendable (Int) -> Void) {
    guard iterations > 0 else { return }
    let workers = min(jobs ?? coreCount, iterations)
    if workers >= coreCount || workers >= iterations {
      DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
      return
    }
    // Fewer workers than cores: each takes the next index until none is left.
    let next = Counter()
    DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
      while let index = next.take(below: iterations) { body(index) }
    }
  }

  /// `map` on all cores (or `jobs` threads), results in input order.
  public static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], jobs: Int? = nil, _ transform: @escaping @Sendable (Element) -> Result
  ) -> [Result] {
    let slots = ResultSlots<Result>(count: elements.count)
    forEach(iterations: elements.count, jobs: jobs) { index in slots.set(index, transform(elements[index])) }
    return slots.values()
  }

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
      lock.withLock {
        guard value < limit else { return nil }
        defer { value += 1 }
        return value
      }
    }
  }
}
