/// The options a command accepts.
struct OptionSpec: Sendable {
  /// The long name without dashes (`format`).
  var name: String
  /// A one-letter short name, if any.
  var short: Character?
  /// Whether it takes a value (`--format json` or `--format=json`).
  var takesValue: Bool
  /// The accepted values, when the set is closed.
  var allowed: [String]?
  /// Whether it may be given more than once.
  var repeatable: Bool = false
  /// What shell completion offers for the value, when `allowed` does not say it all.
  var completion: CompletionValues? = nil

  /// What shell completion offers for the value: the allowed values, or what ``completion`` says.
  var valueCompletion: CompletionValues {
    if let completion { return completion }
    if let allowed { return .words(allowed) }
    return .none
  }
}

/// What a shell should offer where a value or argument goes.
enum CompletionValues: Sendable, Hashable {
  /// Free text: nothing to offer.
  case none
  /// File and directory names.
  case files
  /// One of these words.
  case words([String])
  /// These words, several separated by commas (`--fail-on background,watchdog-hang`).
  case commaSeparated([String])
}

/// A command line split into options and positional arguments, checked against the specs.
struct ParsedArguments: Sendable {
  /// Option values by long name; flags map to `[""]`.
  var options: [String: [String]] = [:]
  /// Positional arguments in order.
  var positionals: [String] = []

  /// Whether a flag or option was given.
  func has(_ name: String) -> Bool { options[name] != nil }
  /// The last value of an option.
  func value(_ name: String) -> String? { options[name]?.last }
  /// Every value of a repeatable option.
  func values(_ name: String) -> [String] { options[name] ?? [] }
}

/// A wrong command line. Holds facts; ``UsageError/message`` words them.
struct UsageError: Error, Sendable, Hashable {
  /// What was wrong.
  var problem: String
  /// The closest valid spelling, when there is one.
  var suggestion: String?

  /// The message for standard error.
  var message: String {
    problem + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
  }
}

/// Splits arguments according to specs. `--` ends options; `-` alone is a positional (stdin).
enum ArgumentParser {
  static func parse(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String?
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        let letters = argument.dropFirst()
        guard letters.count == 1, let spec = specs.first(where: { $0.short == letters.first }) else {
          throw UsageError(problem: "unknown option '\(argument)'", suggestion: suggestion(for: argument, specs: specs))
        }
        name = spec.name
      }
      guard let spec = specs.first(where: { $0.name == name }) else {
        throw UsageError(problem: "unknown option '--\(name)'", suggestion: suggestion(for: "--" + name, specs: specs))
      }
      var value = ""
      if spec.takesValue {
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(problem: "option '--\(name)' needs a value")
        }
        if let allowed = spec.allowed, !allowed.contains(value) {
          throw UsageError(
            problem:
              "'\(value)' is not a valid value for '--\(name)'; expected one of: \(allowed.joined(separator: ", "))",
            suggestion: closest(value, in: allowed))
        }
      } else if inlineValue != nil {
        throw UsageError(problem: "option '--\(name)' takes no value")
      }
      if result.options[name] != nil, !spec.repeatable, spec.takesValue == false {
        continue
      }
      result.options[name, default: []].append(value)
    }
    return result
  }

  static func suggestion(for argument: String, specs: [OptionSpec]) -> String? {
    closest(argument, in: specs.map { "--" + $0.name } + ["--help"])
  }

  /// The candidate within a small edit distance of `word`, or one it is a prefix of.
  static func closest(_ word: String, in candidates: [String]) -> String? {
    let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
    if prefixed.count == 1 { return prefixed[0] }
    let scored = candidates.map { ($0, editDistance(word, $0)) }.sorted { $0.1 < $1.1 }
    guard let best = scored.first, best.1 <= max(2, word.count / 3) else { return nil }
    return best.0
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
