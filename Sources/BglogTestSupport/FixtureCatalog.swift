import Foundation

/// Reads the expected readings from the `README.md` beside each fixture folder, so the README is the
/// one place a fixture's source and expected kind are written, and adding a row adds a test.
public enum FixtureCatalog {
  /// One row: a fixture file and the kind ids its `expected kind` column names, in order.
  public struct Row: Sendable, Hashable, CustomStringConvertible {
    /// The path relative to `Tests/Fixtures`.
    public var path: String
    /// The kind ids named in the row's `expected kind` cell, in order.
    public var expectedKinds: [String]
    /// The path, for test names.
    public var description: String { path }
  }

  /// The rows of `Tests/Fixtures/<folder>/README.md` whose first cell names a file in the folder.
  ///
  /// - Parameter knownKinds: every valid kind id; the expected cell is scanned for them in order.
  public static func rows(in folder: String, knownKinds: [String]) -> [Row] {
    let readme = Fixtures.url(folder + "/README.md")
    guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
    var rows: [Row] = []
    var kindColumn: Int?
    for line in text.split(separator: "\n") where line.hasPrefix("|") {
      // `\|` is a pipe inside a cell (Markdown tables), not a column separator.
      let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}")
        .split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
      if let index = cells.firstIndex(where: { $0.lowercased() == "expected kind" }) {
        kindColumn = index
        continue
      }
      guard let kindColumn, kindColumn < cells.count, let file = cells.first,
        FileManager.default.fileExists(atPath: Fixtures.url(folder + "/" + file).path)
      else { continue }
      rows.append(Row(path: folder + "/" + file, expectedKinds: kinds(in: cells[kindColumn], knownKinds: knownKinds)))
    }
    return rows
  }

  /// The kind ids in a cell, in order of appearance; longer ids win over ids they contain.
  static func kinds(in cell: String, knownKinds: [String]) -> [String] {
    var found: [(String.Index, String)] = []
    let sorted = knownKinds.sorted { $0.count > $1.count }
    var taken: [Range<String.Index>] = []
    for kind in sorted {
      var searchStart = cell.startIndex
      while let range = cell.range(of: kind, range: searchStart..<cell.endIndex) {
        searchStart = range.upperBound
        let before = range.lowerBound == cell.startIndex ? " " : cell[cell.index(before: range.lowerBound)]
        let after = range.upperBound == cell.endIndex ? " " : cell[range.upperBound]
        let boundary: (Character) -> Bool = { !($0.isLetter || $0.isNumber || $0 == "-") }
        guard boundary(before), boundary(after), !taken.contains(where: { $0.overlaps(range) }) else { continue }
        taken.append(range)
        found.append((range.lowerBound, kind))
      }
    }
    return found.sorted { $0.0 < $1.0 }.map(\.1)
  }
}
