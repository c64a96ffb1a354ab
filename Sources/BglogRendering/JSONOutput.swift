import Foundation

/// Encodes wire types the one way bglog writes JSON: pretty, sorted keys, slashes unescaped.
public enum JSONOutput {
  /// Encodes a value as a JSON document ending in a newline.
  public static func encode(_ value: some Encodable, pretty: Bool = true) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    // Encoding our own wire types cannot fail: they hold only strings, numbers and arrays.
    guard let data = try? encoder.encode(value) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
