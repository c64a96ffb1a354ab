import Foundation
import Testing

@testable import BglogKit

@Suite struct ParallelWorkTests {
  final class Visits: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int]
    init(_ count: Int) { counts = Array(repeating: 0, count: count) }
    func visit(_ index: Int) { lock.withLock { counts[index] += 1 } }
    var all: [Int] { lock.withLock { counts } }
  }

  @Test(arguments: [nil, 1, 2, 64] as [Int?])
  func everyIndexRunsExactlyOnce(jobs: Int?) {
    let visits = Visits(1_000)
    ParallelWork.forEach(iterations: 1_000, jobs: jobs) { visits.visit($0) }
    #expect(visits.all.allSatisfy { $0 == 1 })
  }

  @Test func noIterationsIsNothing() {
    ParallelWork.forEach(iterations: 0, jobs: 1) { _ in Issue.record("called") }
  }
}
