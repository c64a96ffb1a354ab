/// Reads a `Termination Reason` line quoted in inline code inside prose, with no report around it, as a
/// maintainer's answer quotes it (firebase-ios-sdk #13514):
///
///     … The `Termination Reason: FRONTBOARD 0xbaadca11` indicates it was done by the system. …
///
/// A reason glued into a sentence without backticks is read the same way (``reasonInSentence(in:)``).
///
/// Only the text between the backticks is read, and only when it names a namespace and a code: the
/// quote is the deciding line, but it is someone's quote of a report, so the classifier keeps the
/// reading at medium (``isQuotedInProse``). A Markdown table row (a line opening with `|`) describes a
/// report rather than quoting one, and a text quoting more than ``maximumQuotes`` such lines is a document
/// about reports (a fixture README): neither is read.
enum QuotedTerminationLineReader {
  /// The start of the note every report read here carries.
  static let note = "a Termination Reason quoted in inline code in prose"

  /// The most quoted termination lines a text may hold to be read here.
  static let maximumQuotes = 3

  /// One report per quoted termination line (the first on each line), or nil when there is none.
  static func read(_ source: SourceText) -> [CrashReport]? {
    var reports: [CrashReport] = []
    for index in 0..<source.lineCount {
      let line = source.lineText(index)
      guard line.utf8.count <= 4096, !TextScanning.trimmedLeading(line).hasPrefix("|") else { continue }
      let inCode = quotedReason(in: line)
      guard let span = inCode ?? reasonInSentence(in: line) else { continue }
      let head = TerminationReasonParser.head(span)
      guard let namespace = head.namespace, let code = head.code,
        inCode != nil || namespace.allSatisfy({ $0.isUppercase || $0 == "_" })
      else { continue }
      let number = index + 1
      var report = CrashReport(format: .text, category: .crash, startLine: number, endLine: number)
      var reason = TextScanning.trimmed(span)
      if inCode == nil { while reason.last == "." { reason = reason.dropLast() } }
      report.termination = TerminationInfo(
        namespace: namespace, code: code, reason: String(reason), location: .line(number))
      report.issues.append(
        ParseIssue(
          (inCode != nil ? note : sentenceNote) + ": no report header, exception or backtrace around it",
          at: .line(number)))
      if head.codeGluedToText {
        let token = TerminationReasonParser.codeToken(in: span) ?? span
        report.issues.append(
          ParseIssue(TerminationReasonParser.gluedCodeNote(token: token, code: code), at: .line(number)))
      }
      reports.append(report)
      if reports.count > maximumQuotes { return nil }
    }
    return reports.isEmpty ? nil : reports
  }

  /// The start of the note on a report read from a termination reason written into a sentence.
  static let sentenceNote = "a termination reason written into a sentence in prose"

  /// The reason glued into a sentence, as an issue's author wrote it (groue/GRDB.swift #957: `… and found
  /// the termination reason: Namespace RUNNINGBOARD, Code 0xdead10cc.`): the key in lower case, as a
  /// sentence writes it, after other words on the line (the report's own `Termination Reason:`, alone or
  /// quoted after a line number as bglog's output does, is not a sentence), up to the end of the sentence
  /// (`. ` or the line's end).
  static func reasonInSentence(in line: Substring) -> Substring? {
    guard let key = line.range(of: "termination reason:"),
      !TextScanning.trimmed(line[..<key.lowerBound]).isEmpty, !line[..<key.lowerBound].contains("`")
    else { return nil }
    let rest = line[key.upperBound...]
    let end = rest.range(of: ". ")?.lowerBound ?? rest.endIndex
    return rest[..<end]
  }

  /// The reason inside `` `Termination Reason: …` `` on a line: the text after the key up to the closing
  /// backtick.
  static func quotedReason(in line: Substring) -> Substring? {
    guard let open = line.range(of: "`Termination Reason:") else { return nil }
    let rest = line[open.upperBound...]
    guard let close = rest.firstIndex(of: "`") else { return nil }
    return rest[..<close]
  }
}

extension CrashReport {
  /// Whether the report is a termination line quoted in prose (``QuotedTerminationLineReader``).
  var isQuotedInProse: Bool {
    issues.contains {
      $0.message.hasPrefix(QuotedTerminationLineReader.note)
        || $0.message.hasPrefix(QuotedTerminationLineReader.sentenceNote)
    }
  }
}
