/// A help text read back into its parts, so the man page and the shell completions say exactly what
/// `--help` says.
///
/// The layout is described on ``HelpText``.
struct HelpPage: Sendable, Hashable {
  /// One titled part of a help text (`OPTIONS:`).
  struct Section: Sendable, Hashable {
    /// The title without the colon (`EXIT CODES`).
    var title: String
    /// Text after the colon on the title's own line, if any.
    var inline: String
    /// The lines below the title, as written (indentation kept).
    var lines: [String]

    /// The lines as term/description entries: a line indented two spaces starts an entry, deeper lines
    /// continue the previous one.
    var entries: [Entry] {
      var entries: [Entry] = []
      for line in lines where !line.allSatisfy(\.isWhitespace) {
        let indent = line.prefix(while: { $0 == " " }).count
        let text = line.drop(while: { $0 == " " })
        if indent <= 2 || entries.isEmpty {
          if let gap = text.range(of: "  ") {
            let description = text[gap.upperBound...].drop(while: { $0 == " " })
            entries.append(Entry(term: String(text[..<gap.lowerBound]), description: String(description)))
          } else {
            entries.append(Entry(term: String(text), description: ""))
          }
        } else {
          let last = entries.count - 1
          entries[last].description += (entries[last].description.isEmpty ? "" : " ") + text
        }
      }
      return entries
    }

    /// The example command lines, each with the `# comment` lines written above it.
    var examples: [Example] {
      var examples: [Example] = []
      var comment: [String] = []
      for line in lines {
        let text = line.trimmingSpaces
        if text.hasPrefix("#") {
          comment.append(String(text.dropFirst()).trimmingSpaces)
        } else if !text.isEmpty {
          examples.append(Example(comment: comment.joined(separator: " "), command: text))
          comment = []
        }
      }
      return examples
    }
  }

  /// A term and what it means (`-f, --format <format>` and `text (default) or json.`).
  struct Entry: Sendable, Hashable {
    /// The term as written: option spellings and value name, an argument, a code.
    var term: String
    /// The description, continuation lines joined with single spaces.
    var description: String

    /// The long option names in the term, without dashes (`["format"]`).
    var longOptions: [String] {
      term.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("--") }.map {
        String($0.dropFirst(2))
      }
    }

    /// The description's first clause: up to the first sentence end, or a colon or semicolon outside
    /// parentheses. Short enough for a completion menu.
    var brief: String {
      var depth = 0
      var end = description.endIndex
      var index = description.startIndex
      while index < description.endIndex {
        let character = description[index]
        let next = description.index(after: index)
        if character == "(" { depth += 1 }
        if character == ")" { depth = max(0, depth - 1) }
        if depth == 0,
          character == ":" || character == ";"
            || (character == "."
              && (next == description.endIndex
                || description[next] == " "))
        {
          end = index
          break
        }
        index = next
      }
      return String(description[..<end]).trimmingSpaces
    }
  }

  /// An example from `EXAMPLES:`.
  struct Example: Sendable, Hashable {
    /// What it does, from the `#` lines above it (may be empty).
    var comment: String
    /// The command line, starting with `bglog`.
    var command: String
  }

  /// The text before the first section: a one-line description and, optionally, paragraphs.
  var preamble: [String]
  /// The sections in order.
  var sections: [Section]
  /// Lines back at the margin after the sections (`Run 'bglog help <command>' for …`).
  var epilogue: [String]

  /// Reads a help text.
  init(_ text: String) {
    preamble = []
    sections = []
    epilogue = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if let (title, inline) = Self.sectionTitle(line) {
        sections.append(Section(title: title, inline: inline, lines: []))
      } else if sections.isEmpty {
        preamble.append(line)
      } else {
        sections[sections.count - 1].lines.append(line)
      }
    }
    // Text back at the margin after the last section is a closing note, not part of that section.
    if let last = sections.indices.last, sections[last].title != "OVERVIEW" {
      while let line = sections[last].lines.last, line.first.map({ $0 != " " }) ?? true {
        epilogue.insert(line, at: 0)
        sections[last].lines.removeLast()
      }
    }
    while preamble.last?.isEmpty == true { preamble.removeLast() }
    while epilogue.last?.isEmpty == true { epilogue.removeLast() }
    while epilogue.first?.isEmpty == true { epilogue.removeFirst() }
    for index in sections.indices {
      while sections[index].lines.last?.trimmingSpaces.isEmpty == true { sections[index].lines.removeLast() }
      while sections[index].lines.first?.trimmingSpaces.isEmpty == true { sections[index].lines.removeFirst() }
    }
  }

  /// The section with this title.
  func section(_ title: String) -> Section? { sections.first { $0.title == title } }

  /// The one-line description of a command's page: the `OVERVIEW:` text.
  var overview: String { section("OVERVIEW")?.inline ?? preamble.first ?? "" }

  /// Paragraphs of description: the preamble, or the `OVERVIEW:` section's lines, split at blank lines.
  var descriptionParagraphs: [String] {
    let lines = section("OVERVIEW")?.lines ?? Array(preamble.dropFirst())
    var paragraphs: [String] = []
    var current: [String] = []
    for line in lines + [""] {
      if line.trimmingSpaces.isEmpty {
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        current = []
      } else {
        current.append(line.trimmingSpaces)
      }
    }
    return paragraphs
  }

  /// `TITLE: rest` at the start of a line, where TITLE is upper-case letters and spaces.
  static func sectionTitle(_ line: String) -> (String, String)? {
    guard let colon = line.firstIndex(of: ":"), let first = line.first, first.isUppercase else { return nil }
    let title = line[..<colon]
    guard title.allSatisfy({ $0 == " " || ($0.isLetter && $0.isUppercase) }) else { return nil }
    return (String(title), String(line[line.index(after: colon)...]).trimmingSpaces)
  }
}

extension String {
  /// The string without leading and trailing spaces.
  var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}

extension Substring {
  /// The substring without leading and trailing spaces.
  var trimmingSpaces: String { String(self).trimmingSpaces }
}
