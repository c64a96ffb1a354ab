/// A trap whose crashed thread is inside the crash reporter's own SDK: Instabug's report of a SIGTRAP whose frames,
/// from the top, are all Instabug's (Instabug/Instabug-iOS #405: `-[IBGPickerCollectionViewCell timerLabel]` called
/// from `-[IBGVisualUserStepsLogger purgeAllLogs]`, called from Foundation's `_NSFireTimer`). The line that trapped
/// is the SDK's, not the app's: symbolicating the app does not find it; the SDK's vendor can.
extension ClassifierContext {
  /// The SDK's image name as its frames write it.
  static let instabugImage = "Instabug"

  /// Rewrites a trap reading when the top frames of the crashed thread are the Instabug SDK's, in Instabug's own
  /// report. Nothing changes otherwise.
  func reporterSDKTrap(_ diagnosis: inout Diagnosis, crashed: ThreadBacktrace?) {
    guard report.issues.contains(where: { $0.message == TextReportBuilder.instabugCauseNote }),
      let crashed, let top = crashed.frames.first, top.image == Self.instabugImage
    else { return }
    let sdkFrames = crashed.frames.prefix(while: { $0.image == Self.instabugImage })
    // The SDK's own method names (the rest of its symbols are `_hidden#…_`, stripped by the vendor).
    let methods = sdkFrames.compactMap { frame -> (StackFrame, String)? in
      guard let symbol = frame.symbol, let name = Self.objectiveCMethod(in: symbol) else { return nil }
      return (frame, name)
    }
    let caller = crashed.frames.dropFirst(sdkFrames.count).first
    let fromTimer = caller.map { PlainSearch.contains("FireTimer", in: $0.symbol ?? "") } ?? false
    for (frame, name) in methods { diagnosis.evidence.append(frameEvidence(frame, "in the Instabug SDK: \(name)")) }
    if let caller, fromTimer { diagnosis.evidence.append(frameEvidence(caller, "a timer fired the SDK's code")) }
    diagnosis.facts.append(Fact("trapped-in", "the Instabug SDK (\(sdkFrames.count) top frames are its)"))
    let named = methods.last.map { " (\($0.1))" } ?? ""
    diagnosis.summary =
      "The app hit a trap (SIGTRAP) inside the Instabug SDK\(named)\(fromTimer ? ", run from a timer" : "")."
    diagnosis.explanation +=
      " The crashed thread's top \(sdkFrames.count == 1 ? "frame is" : "\(sdkFrames.count) frames are") in the "
      + "Instabug SDK" + (methods.isEmpty ? "" : ": " + methods.map(\.1).joined(separator: ", called from "))
      + (fromTimer ? ", fired by a timer (\(caller?.symbol ?? ""))" : "")
      + ". The instruction that trapped is in the SDK's code, not the app's; no app frame is in the input."
    diagnosis.advice.removeAll { $0.hasPrefix("No frame of the crashed thread is recognisably the app's") }
    diagnosis.advice.insert(
      "The trap is inside the Instabug SDK: update the SDK to its latest version, and if it still happens, report it "
        + "to Instabug with this report (their symbols are hidden, `_hidden#…_`, so only they can read the frames).",
      at: 0)
  }

  /// `-[IBGVisualUserStepsLogger purgeAllLogs]` out of a symbol that holds one (`+[…]` too).
  static func objectiveCMethod(in symbol: String) -> String? {
    guard let open = symbol.firstRange(of: "-[") ?? symbol.firstRange(of: "+["),
      let close = symbol[open.upperBound...].firstIndex(of: "]")
    else { return nil }
    return String(symbol[open.lowerBound...close])
  }
}
