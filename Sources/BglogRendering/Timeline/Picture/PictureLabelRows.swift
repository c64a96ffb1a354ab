/// Keeps labels (or bars) from overlapping: each row remembers the x intervals taken, and a new
/// item goes to the first row where it fits, or nowhere.
struct PictureLabelRows {
  private var taken: [[(Double, Double)]]
  /// Space kept between two items in a row.
  let spacing: Double

  /// `count` empty rows.
  init(count: Int, spacing: Double = 6) {
    taken = Array(repeating: [], count: max(1, count))
    self.spacing = spacing
  }

  /// The first row where `x0...x1` is free, which is then taken; `nil` when every row is busy.
  mutating func place(_ x0: Double, _ x1: Double) -> Int? {
    for row in taken.indices where fits(x0, x1, row: row) {
      taken[row].append((x0, x1))
      return row
    }
    return nil
  }

  /// Rows that hold at least one item.
  var usedRows: Int { taken.lastIndex { !$0.isEmpty }.map { $0 + 1 } ?? 0 }

  private func fits(_ x0: Double, _ x1: Double, row: Int) -> Bool {
    !taken[row].contains { x0 < $0.1 + spacing && x1 + spacing > $0.0 }
  }
}
