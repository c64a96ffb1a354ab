import Testing

@testable import BglogKit

/// The `0xdead10cc` rule's byte-level frame test agrees with the `String` test it replaces.
@Suite struct LockFrameTestTests {
  @Test func byteTestMatchesTheStringTest() {
    let images = [
      "libsqlite3.dylib", "SQLite", "MySQLiteWrapper", "sqlit", "CoreData", "???", "", "İsqlite", "SQLİTE",
      "libSQLITE.dylib", "ﬅsqlite", "sqlite\u{301}", "x\r\nsqlite",
    ]
    let symbols: [String?] = [
      nil, "", "sqlite3_step", "sqlite", "flockfile", "fcntl", "-[NSFileCoordinator coordinate]", "NSPersistentStoreX",
      "NSManagedObjectContext", "realm::Db", "realm:", "GRDB.Database", "grdb", "Flock", "ﬂock", "fcntl\u{301}",
      "e\u{301}flock", "main",
    ]
    for image in images {
      for symbol in symbols {
        let frame = StackFrame(image: image, symbol: symbol)
        #expect(
          LockFrameTest.isLockFrame(frame) == LockFrameTest.isLockFrameSlow(frame),
          "\(image.debugDescription) \(String(describing: symbol))")
      }
    }
  }
}
