extension CrashReport {
  /// The image names that belong to the app: the process name, the executable named by the path,
  /// and binary images inside the app bundle (not system ones). Frames in these images are "app frames".
  public var appImageNames: Set<String> {
    var images: Set<String> = []
    if let name = header.processName { images.insert(name) }
    if let path = header.path, let last = path.split(separator: "/").last { images.insert(String(last)) }
    for image in binaryImages {
      guard let path = image.path, !Self.isSystemRuntimePath(path) else { continue }
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
