import Testing

@testable import BglogKit

/// Leaving the names out of a thread heading never changes whether or which heading a line is.
@Suite struct ThreadHeadingNamesTests {
  private func shape(_ heading: ThreadHeading?) -> String {
    switch heading {
    case nil: "none"
    case .name(let index, _, _)?: "name \(index)"
    case .start(let index, let crashed, _, _, let trailing)?: "start \(index) \(crashed) \(trailing)"
    case .state(let index)?: "state \(index)"
    }
  }

  @Test func headingsReadWithoutNamesHaveTheSameShape() {
    let lines = [
      "Thread 0 name:  Dispatch queue: com.apple.main-thread", "Thread 0 name: tid_303", "Thread 0 Crashed:",
      "Thread 3:", "Thread 0 Crashed:: Dispatch queue: com.apple.main-thread",
      "Thread 1 crashed with ARM Thread State (64-bit):",
      "Thread 12 Highlighted:", "Thread x:", "Thread 1234567:", "Thread 2: trailing text",
      "Thread 0 name:  dispatch QUEUE: q",
      "Thread 0 name:  Dispatch queue: café", "Thread 5 Crashed:: Nämé", "Thread", "Frame 0", "",
    ]
    for line in lines {
      let text = Substring(line)
      let full = ThreadHeading.parse(text)
      let bare = ThreadHeading.parse(text, readsNames: false)
      #expect(shape(full) == shape(bare), "\(line)")
      if case .name(_, let name, let queue)? = bare { #expect(name == nil && queue == nil) }
    }
    if case .name(_, let name, let queue)? = ThreadHeading.parse(
      "Thread 0 name:  Dispatch queue: com.apple.main-thread")
    {
      #expect(name == nil)
      #expect(queue == "com.apple.main-thread")
    } else {
      Issue.record("not a name heading")
    }
  }

  /// The byte fast path reads every line as the general path does, names included.
  @Test func fastPathMatchesGeneralPath() {
    let lines = [
      "Thread 0 name:  Dispatch queue: com.apple.main-thread", "Thread 0 name: tid_303", "Thread 0 Crashed:",
      "Thread 3:", "Thread 0 Crashed:: Dispatch queue: com.apple.main-thread", "Thread 0 Crashed::",
      "Thread 1 crashed with ARM Thread State (64-bit):", "Thread 2 has Thread State", "Thread 2 Thread Stat",
      "Thread 12 Highlighted:", "Thread 4 Crashed Highlighted:  x ", "Thread x:", "Thread 1234567:",
      "Thread 2: trailing text", "Thread 0 name:  dispatch QUEUE: q", "Thread 0 name:", "Thread 7\t:",
      "Thread 0 name:  Dispatch queue: café", "Thread 5 Crashed:: Nämé", "Thread", "Thread ", "Thread\u{301} 1:",
      "Thread \u{301}1:", "Thread 1\u{301}:", "Threads 1:", "Triggered by Thread:  0", "T", "Thread 0", "Frame 0",
    ]
    for line in lines {
      for readsNames in [true, false] {
        let fast = ThreadHeading.parse(Substring(line), readsNames: readsNames)
        let general = ThreadHeading.parseGeneral(Substring(line), readsNames: readsNames)
        #expect(String(describing: fast) == String(describing: general), "\(line.debugDescription)")
      }
    }
  }
}
