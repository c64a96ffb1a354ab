import Foundation
import Testing

@testable import BglogKit

/// `StackAnalysis.firstFrame` (parts' bytes once, one plain check per symbol) against the per-part
/// `range(of:)` search it replaces, on plain, non-ASCII and CR symbols.
struct StackAnalysisFirstFrameTests {
  static let symbols: [String?] = [
    nil, "", "main", "-[UIApplication _handleExpiration:]", "caf\u{E9} _handleExpiration", "_handle\u{301}Expiration",
    "x\r_handleExpiration", "_handleExpiratio", "BKSAssertio", "e\u{301}BKSAssertion", "beginBackgroundTask",
    "__endBackgroundTask_block_invoke", "workspaceNoteAssertionExpirationImminent", "_UIBackgroundTaskInfo\u{0}",
  ]
  static let partLists: [[String]] = [
    ["workspaceNoteAssertionExpirationImminent", "_handleExpiration"],
    ["_endBackgroundTask", "beginBackgroundTask", "_UIBackgroundTaskInfo", "BKSAssertion"],
    ["caf\u{E9}"], ["e"], [""], [], ["\r_handle"], ["Expiration", "\u{301}"],
  ]

  /// The old search: every part through `range(of:)` for every frame.
  private func reference(_ threads: [ThreadBacktrace], _ parts: [String]) -> StackFrame? {
    for thread in threads {
      for frame in thread.frames {
        if let symbol = frame.symbol, parts.contains(where: { ByteText.range(of: $0, in: symbol[...]) != nil }) {
          return frame
        }
      }
    }
    return nil
  }

  @Test func agreesWithThePerPartSearch() {
    for (offset, symbol) in Self.symbols.enumerated() {
      // Each symbol alone, then behind every other symbol, so the first match decides.
      let alone = [ThreadBacktrace(index: 0, frames: [StackFrame(index: 0, image: "A", symbol: symbol)])]
      let frames = Self.symbols.enumerated().map { StackFrame(index: $0.offset, image: "A", symbol: $0.element) }
      let rotated = Array(frames[offset...] + frames[..<offset])
      let threads = [ThreadBacktrace(index: 0, frames: []), ThreadBacktrace(index: 1, frames: rotated)]
      for parts in Self.partLists {
        #expect(StackAnalysis.firstFrame(in: alone, symbolPrefixes: parts) == reference(alone, parts))
        #expect(StackAnalysis.firstFrame(in: threads, symbolPrefixes: parts) == reference(threads, parts))
      }
    }
  }
}
