import Foundation

/// The messages of background-relevant processes that gave no event, as templates (numbers, hex and
/// identifiers replaced) with counts, for `timeline --verbose`: what bglog did not read, so a user
/// can see it and report it. Kept only when asked for; bounded.
final class UnreadMessages {
  private var counts: [String: Int] = [:]
  private var overflow = 0
  /// The most distinct templates kept; later new ones are counted together.
  static let maximumTemplates = 4_096

  /// Processes whose unread messages are counted (no process: a record without a header).
  static let processes: Set<String> = TimelineEventRecognizer.systemProcesses.union(["FrontBoard", "RunningBoard", ""])
  private static let processBytes: Set<[UInt8]> = Set(processes.map { Array($0.utf8) })

  /// Counts `message` of `process` when the process is background-relevant.
  func note(process: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>) {
    guard Self.processBytes.contains(Array(process)) else { return }
    let key = String(decoding: process, as: UTF8.self) + "\u{0}" + Self.template(message)
    if let count = counts[key] {
      counts[key] = count + 1
    } else if counts.count < Self.maximumTemplates {
      counts[key] = 1
    } else {
      overflow += 1
    }
  }

  /// ``note(process:message:)`` for a record already built.
  func note(process: String, message: String) {
    var process = process
    var message = message
    process.withUTF8 { process in message.withUTF8 { note(process: process, message: $0) } }
  }

  /// The `limit` most frequent templates, most frequent first (ties by process, then template).
  func top(_ limit: Int) -> [TimelineResult.UnreadTemplate] {
    var list = counts.map { key, count -> TimelineResult.UnreadTemplate in
      let parts = key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
      return .init(process: String(parts[0]), template: parts.count > 1 ? String(parts[1]) : "", count: count)
    }
    list.sort { ($0.count, $1.process, $1.template) > ($1.count, $0.process, $0.template) }
    var result = Array(list.prefix(limit))
    if overflow > 0 { result.append(.init(process: "", template: "(other messages, not kept)", count: overflow)) }
    return result
  }

  /// The first line of `message`, at most 160 bytes, with runs of digits as `#`, `0x…` hex as `0x#`,
  /// and identifier-like runs (8 or more hex digits and dashes with a digit: UUIDs, ids) as `<id>`.
  static func template(_ message: UnsafeBufferPointer<UInt8>) -> String {
    var out: [UInt8] = []
    var index = 0
    let end = min(message.count, message.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? message.count)
    func isHex(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
    func isWordByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
    while index < end, out.count < 160 {
      let byte = message[index]
      let atWordStart = index == 0 || !isWordByte(message[index - 1])
      if atWordStart, byte == 0x30, index + 2 < end, message[index + 1] == 0x78, isHex(message[index + 2]) {
        index += 2
        while index < end, isHex(message[index]) { index += 1 }
        out += Array("0x#".utf8)
        continue
      }
      if atWordStart, isHex(byte) {
        var run = index
        var digits = false
        while run < end, isHex(message[run]) || message[run] == 0x2D {
          if message[run] >= 0x30 && message[run] <= 0x39 { digits = true }
          run += 1
        }
        if run - index >= 8, digits, run == end || !isWordByte(message[run]) {
          out += Array("<id>".utf8)
          index = run
          continue
        }
      }
      if byte >= 0x30 && byte <= 0x39 {
        while index < end, message[index] >= 0x30 && message[index] <= 0x39 { index += 1 }
        out.append(0x23)
        continue
      }
      out.append(byte)
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
