extension CrashReport {
  /// The image names that belong to the app: the process name, the executable named by the path,
  /// and binary images inside the app bundle (not system ones). Frames in these images are "app frames".
  public var appImageNames: Set<String> {
    var images: Set<String> = []
    if let name = header.processName { images.insert(name) }
    if let path = header.path, let last = path.split(separator: "/").last { images.insert(String(last)) }
    for image in binaryImages {
      guard let path = image.path else { continue }
      if let isApp = Self.isPlainAppPath(path) {
        if isApp { images.insert(image.name) }
        continue
      }
      guard !Self.isSystemRuntimePath(path) else { continue }
      if PlainSearch.contains("/Bundle/Application/", in: path)
        || PlainSearch.contains(".app/", in: path) && !path.hasPrefix("/System")
      {
        images.insert(image.name)
      }
    }
    // Xcode 16 debug builds put the app's code in `App.debug.dylib` next to a small `App` stub.
    if let name = header.processName { images.insert(name + ".debug.dylib") }
    images.remove("???")
    return images
  }

  /// The test above for a plain path (ASCII without CR, where every `PlainSearch` is a byte search and
  /// `hasPrefix` a byte comparison), with the plainness checked once instead of per search (real text
  /// reports list hundreds of images); `nil` for any other path.
  static func isPlainAppPath(_ path: String) -> Bool? {
    var path = path
    return path.withUTF8 { bytes -> Bool? in
      guard ByteText.isPlain(bytes) else { return nil }
      if ByteText.contains(bytes, ".simruntime/") || ByteText.contains(bytes, "/RuntimeRoot/")
        || ByteText.contains(bytes, ".app/Contents/Developer/")
        || ByteText.contains(bytes, "/Library/Developer/CoreSimulator/Volumes/")
        || ByteText.contains(bytes, "/Xcode.app/Contents/")
      {
        return false
      }
      return ByteText.contains(bytes, "/Bundle/Application/")
        || ByteText.contains(bytes, ".app/") && !ByteText.hasPrefix(bytes, "/System")
    }
  }

  /// Whether an image path is a system library of a simulator runtime or of Xcode itself. Simulator
  /// reports mark these `+` (not part of the host OS) and their paths run through `Xcode.app/`, so
  /// neither the mark nor `.app/` makes them app code.
  static func isSystemRuntimePath(_ path: String) -> Bool {
    PlainSearch.contains(".simruntime/", in: path) || PlainSearch.contains("/RuntimeRoot/", in: path)
      || PlainSearch.contains(".app/Contents/Developer/", in: path)
      || PlainSearch.contains("/Library/Developer/CoreSimulator/Volumes/", in: path)
      || PlainSearch.contains("/Xcode.app/Contents/", in: path)
  }
}
