/// The `Kernel Triage:` block of a report (iOS 15+, macOS 12+; `ktriageinfo` in an `.ips` body): notes the kernel
/// recorded for the crashed thread while it failed a page fault or a mapping, one a line, each a subsystem prefix
/// (`VM - `, `CL - `, `SR - `), sometimes an argument (`(arg = 0x3) `) and a fixed text from XNU's
/// `bsd/kern/kdebug_triage.c` (apple-oss-distributions/xnu). Lines seen in public reports:
///
/// - `VM - Compressor failed a blocking pager_get` (NativeScript/NativeScript #9638, cut there as
///   `VM - Compressor failed a blocki`; ramboxapp/community-edition #3238's `ktriageinfo`);
/// - `VM - (arg = 0x0) pmap_enter retried due to resource shortage` and `VM - pmap_enter retried due to resource
///   shortage` (shared corpus, ios16-dyld-library-missing-testflight; a Chromium report);
/// - `VM - pmap_enter failed with resource shortage` ×5 (realm/realm-swift #7863, a 0xdead10cc kill; the fixture
///   public-frontboard-8badf00d-process-exit-dispatch-wait-kernel-triage, a 0x8badf00d kill), and `VM - Compressor
///   failed a blocking pager_get` ×5 under `RUNNINGBOARD 0xdead10cc` (djangocas.dev's 0xdead10cc article): the
///   notes stand beside kills with causes of their own;
/// - `VM - (arg = 0x3) mach_vm_allocate_kernel failed within call to vm_map_enter` (an Ableton Live plug-in's macOS
///   report);
/// - `CL - (arg = 0x0) cluster_pagein past EOF`, `VM - (arg = 0x1900000016) Filesystem pagein returned an error
///   in vnode_pagein`, `VM - (arg = 0x0) Page has error bit set` (a monerod macOS report, the three together).
///
/// (The last two were found by text search in public repositories the index did not name.)
///
/// Apple documents the block only as kernel diagnostics; the meanings below are what the kernel's own texts say,
/// so they are hints about the circumstances of a crash, never its cause on their own.
enum KernelTriage {
  /// The block's lines, each where it was read (a text report's line, or the `.ips` key).
  static func lines(in report: CrashReport, source: SourceText?) -> [Located<String>] {
    guard
      let field = report.header.fields.first(where: { $0.name == "Kernel Triage" || $0.name == "ktriageinfo" })
    else { return [] }
    let texts = field.value.split(whereSeparator: \.isNewline).map { TextScanning.trimmed($0) }.filter { !$0.isEmpty }
    guard let keyLine = field.location.line, field.location.jsonPath == nil else {
      return texts.map { Located(String($0), at: field.location) }
    }
    // The lines follow the `Kernel Triage:` line one by one (a blank line ends the block); a value written on the
    // key's own line is its first.
    var first = keyLine + 1
    if let source, keyLine <= source.lineCount,
      let value = TextScanning.keyValue(TextScanning.trimmed(source.line(keyLine)))?.value, !value.isEmpty
    {
      first = keyLine
    }
    return texts.enumerated().map { Located(String($1), at: .line(first + $0)) }
  }

  /// One fact for the block: its distinct lines in order, a repeated line counted (`… (×3)`).
  static func fact(_ lines: [Located<String>]) -> Fact? {
    guard !lines.isEmpty else { return nil }
    var order: [String] = []
    var counts: [String: Int] = [:]
    for line in lines {
      let text = OneLineText.clean(line.value)
      if counts[text] == nil { order.append(text) }
      counts[text, default: 0] += 1
    }
    let value = order.map { text in counts[text, default: 1] > 1 ? "\(text) (×\(counts[text, default: 1]))" : text }
    return Fact("kernel-triage", value.joined(separator: "; "))
  }

  /// What the kernel's note says, for the notes bglog knows; nil for others.
  struct Reading: Equatable {
    /// The kernel's full text the line holds or starts (`Compressor failed a blocking pager_get`).
    var text: String
    /// Whether the line stops before the end of that text (cut in the paste).
    var cut: Bool
    /// What it means, as a clause.
    var meaning: String
    /// Whether the note says the system was short of memory.
    var memoryShortage: Bool
  }

  /// The kernel texts bglog explains, with what each says.
  private static let known: [(text: String, meaning: String, memory: Bool)] = [
    (
      "Compressor failed a blocking pager_get",
      "the kernel could not page the app's compressed memory back in (a page fault of the thread on memory the "
        + "compressor held failed); the system compresses an app's memory when it is short of memory", true
    ),
    (
      "pmap_enter retried due to resource shortage",
      "the kernel ran short of memory while mapping a page for the thread and had to retry", true
    ),
    (
      "pmap_enter failed with resource shortage",
      "the kernel ran short of memory while mapping a page for the thread, and the mapping failed", true
    ),
    ("Fault hit memory shortage", "a page fault of the thread found the system short of free memory", true),
    (
      "mach_vm_allocate_kernel failed within call to vm_map_enter",
      "the kernel could not allocate the memory to map a region the app asked for", true
    ),
    (
      "Filesystem pagein returned an error in vnode_pagein",
      "reading a page of a memory-mapped file back in from storage failed", false
    ),
    (
      "cluster_pagein past EOF",
      "a page of a memory-mapped file was read past the file's end (the file shrank under the mapping)", false
    ),
  ]

  /// The kernel's text of a line without its subsystem prefix and argument: `VM - (arg = 0x3) Compressor failed …`
  /// → `Compressor failed …`.
  static func message(of line: String) -> Substring {
    var text = Substring(line)
    if let dash = PlainSearch.range(of: " - ", in: text), text.distance(from: text.startIndex, to: dash.lowerBound) <= 3
    {
      text = text[dash.upperBound...]
    }
    if TextScanning.hasPrefix(text, "(arg = "), let close = text.firstIndex(of: ")") {
      text = TextScanning.trimmedLeading(text[text.index(after: close)...])
    }
    return TextScanning.trimmed(text)
  }

  /// What a line says, when bglog knows its text: whole, or cut after at least 16 characters of it.
  static func reading(of line: String) -> Reading? {
    let text = message(of: line)
    for entry in known {
      if text == entry.text {
        return Reading(text: entry.text, cut: false, meaning: entry.meaning, memoryShortage: entry.memory)
      }
      if text.count >= 16, entry.text.hasPrefix(text) {
        return Reading(text: entry.text, cut: true, meaning: entry.meaning, memoryShortage: entry.memory)
      }
    }
    return nil
  }
}
