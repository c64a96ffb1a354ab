import Dispatch
import Foundation

/// `map` on all cores, results in input order.
enum ParallelMap {
  static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
  ) -> [Result] {
    let slots = Slots<Result>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
      slots.set(index, transform(elements[index]))
    }
    return slots.values()
  }

  private final class Slots<Value: Sendable>: @unchecked Sendable {
    private var values_: [Value?]
    private let lock = NSLock()
    init(count: Int) { values_ = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Value) { lock.withLock { values_[index] = value } }
    func values() -> [Value] { lock.withLock { values_.compactMap { $0 } } }
  }
}
