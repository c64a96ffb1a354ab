/// Whether a frame is SQLite or file-locking work (the `0xdead10cc` rule's test), with a byte-level
/// path for ASCII names.
///
/// The rule looks at every frame of every thread until one matches, so the test runs on thousands of
/// frames per report. For ASCII text, lowercasing only maps `A`–`Z` and every byte is one
/// `Character`, so a byte search and byte prefixes decide exactly what `lowercased().contains` and
/// `hasPrefix` decide; any other text takes the `String` path.
enum LockFrameTest {
  /// Symbol prefixes of SQLite, file locks, file coordination, Core Data, Realm and GRDB.
  static let symbolPrefixes = [
    "sqlite3", "flock", "fcntl", "NSFileCoordinator", "NSPersistentStore", "NSManagedObjectContext", "realm::",
    "GRDB",
  ]
  private static let prefixBytes = symbolPrefixes.map { Array($0.utf8) }
  private static let sqlite = Array("sqlite".utf8)

  /// Whether `frame`'s image contains `sqlite` (ignoring case) or its symbol starts with a lock prefix.
  static func isLockFrame(_ frame: StackFrame) -> Bool {
    if let image = imageMentionsSQLite(frame.image) {
      if image { return true }
    } else if frame.image.lowercased().contains("sqlite") {
      return true
    }
    // No symbol: the reference tests "" against the prefixes, none of which is empty.
    guard let symbol = frame.symbol else { return false }
    if let fast = hasLockPrefix(symbol) { return fast }
    return symbolPrefixes.contains { symbol.hasPrefix($0) }
  }

  /// The reference test, on `String`s.
  static func isLockFrameSlow(_ frame: StackFrame) -> Bool {
    frame.image.lowercased().contains("sqlite") || symbolPrefixes.contains { (frame.symbol ?? "").hasPrefix($0) }
  }

  /// `image.lowercased().contains("sqlite")` for ASCII `image`; `nil` otherwise.
  private static func imageMentionsSQLite(_ image: String) -> Bool? {
    var image = image
    return image.withUTF8 { bytes -> Bool? in
      var found = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte >= 0x80 { return nil }
        if !found, index + sqlite.count <= bytes.count {
          var matched = true
          for offset in 0..<sqlite.count {
            var candidate = bytes[index + offset]
            if candidate >= 0x41 && candidate <= 0x5A { candidate += 0x20 }
            if candidate != sqlite[offset] {
              matched = false
              break
            }
          }
          found = matched
        }
        index += 1
      }
      return found
    }
  }

  /// Whether ASCII `symbol` starts with one of ``symbolPrefixes``; `nil` for non-ASCII symbols.
  private static func hasLockPrefix(_ symbol: String) -> Bool? {
    var symbol = symbol
    return symbol.withUTF8 { bytes -> Bool? in
      for byte in bytes where byte >= 0x80 { return nil }
      return prefixBytes.contains { prefix in
        prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[$0] == prefix[$0] }
      }
    }
  }
}
