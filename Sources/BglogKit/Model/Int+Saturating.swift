extension Int {
  /// Converts a `Double` without trapping: NaN becomes 0 and values beyond `Int`'s range become
  /// `Int.min` or `Int.max`. Durations and offsets read from logs can be anything (`duration: infs`).
  public init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= Double(Int.max) {
      self = .max
    } else if value <= Double(Int.min) {
      self = .min
    } else {
      self = Int(value)
    }
  }
}
