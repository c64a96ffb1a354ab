/// Xcode's own notes on the process it runs under the debugger (`Message from debugger: …`), which the
/// console reader keeps as a record of their own without a process. They name no process: the
/// header's app when there is one, else the unnamed app.
enum XcodeDebuggerRecognizers {
  static let all: [MessageRecognizer] = [terminatedDueToSignal]

  /// `Message from debugger: Terminated due to signal 9`: the debugged process ended on that signal.
  /// Signal 9 (SIGKILL) is a kill (the system's reason is not in the note: the device's log or crash
  /// report has it); signal 13 (SIGPIPE, flutter #71979) a crash on the app's own write to a closed socket or pipe;
  /// another number is an exit on that signal (no real example of one found yet).
  /// `Message from debugger: Terminated due to memory issue` (Xcode's note when jetsam ends the debugged
  /// process) is a kill for memory; it names neither the limit nor the footprint.
  static let terminatedDueToSignal = MessageRecognizer(
    id: "xcode-debugger-terminated-due-to-signal", era: "Xcode (its console, any iOS)",
    anchors: ["Message from debugger: Terminated due to signal ", memoryIssueNote], writers: [],
    read: { message, header, _ in
      if TimelineEventRecognizer.range(of: memoryIssueNote, in: message) != nil {
        guard let subject = header.appOrUnnamed else { return [] }
        return [MessageEvent(kind: .killed, subject: subject, detail: memoryIssueDetail)]
      }
      guard
        let start = TimelineEventRecognizer.range(of: "Message from debugger: Terminated due to signal ", in: message)
      else { return [] }
      let digits = message[start.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 3, let signal = Int(digits) else { return [] }
      let subject = header.appOrUnnamed
      guard let subject else { return [] }
      if signal == 9 {
        return [
          MessageEvent(
            kind: .killed, subject: subject,
            detail: "killed with signal 9 (SIGKILL) while running under the debugger (Xcode's note: it does not say "
              + "who killed it or why; the device's log or crash report does)")
        ]
      }
      if signal == 13 {
        // SIGPIPE: raised by the process's own write to a closed socket or pipe; its default action ends it.
        return [MessageEvent(kind: .crashed, subject: subject, detail: sigpipeDetail)]
      }
      return [
        MessageEvent(
          kind: .exited, subject: subject, detail: "terminated due to signal \(signal) while running under the debugger"
        )
      ]
    },
    triggering: [
      RecognizerExample(
        "Message from debugger: Terminated due to signal 9",
        source: "deltachat/deltachat-ios issue #1984 (after the app's own log lines)",
        expected: MessageEvent(
          kind: .killed, subject: .unnamedApp,
          detail: "killed with signal 9 (SIGKILL) while running under the debugger (Xcode's note: it does not say "
            + "who killed it or why; the device's log or crash report does)")),
      RecognizerExample(
        "Message from debugger: Terminated due to signal 9",
        source: "xmartlabs/XLActionController issue #142 (description, the line quoted alone)",
        expected: MessageEvent(
          kind: .killed, subject: .unnamedApp,
          detail: "killed with signal 9 (SIGKILL) while running under the debugger (Xcode's note: it does not say "
            + "who killed it or why; the device's log or crash report does)")),
      RecognizerExample(
        "Message from debugger: Terminated due to signal 13",
        process: "thash", pid: 2061,
        source: "flutter/flutter issue #71979 (the description, 2020-12-09: Xcode console, after `thash[2061:928409] "
          + "dnssd_clientstub read_all(8) DEFUNCT`; the process column is the record's it continues)",
        expected: MessageEvent(kind: .crashed, subject: AppSubject(name: "thash", pid: 2061), detail: sigpipeDetail)),
      RecognizerExample(
        "Message from debugger: Terminated due to memory issue",
        source: "robotmedia/RMGallery issue #10 (after the app's `Received memory warning.` line)",
        expected: MessageEvent(kind: .killed, subject: .unnamedApp, detail: memoryIssueDetail)),
    ],
    nonTriggering: [])

  /// The detail of Xcode's `Terminated due to signal 13`: SIGPIPE, named (the ``TimelineAnalyzer`` finding
  /// `sigpipe` looks for `SIGPIPE` in a crash's detail).
  static let sigpipeDetail = "crashed with signal 13 (SIGPIPE) while running under the debugger"

  /// Xcode's note when jetsam ends the process it debugs.
  static let memoryIssueNote = "Message from debugger: Terminated due to memory issue"
  static let memoryIssueDetail =
    "killed for memory (jetsam: its memory limit or the device's memory pressure) while running under the debugger "
    + "(Xcode's note: it names neither the limit nor the footprint; the device's JetsamEvent report does)"
}
