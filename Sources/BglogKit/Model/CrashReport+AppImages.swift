extension CrashReport {
  /// The image names that belong to the app: the process name, the executable named by the path,
  /// and binary images inside the app bundle (not system ones). Frames in these images are "app frames".
  public var appImageNames: Set<String> {
    var images: Set<String> = []
    if let name = header.processName { images.insert(name) }
    if let path = header.path, let last = path.split(separator: "/").last { images.insert(String(last)) }
    for image in binaryImages {
      if let path = image.path,
        PlainSearch.contains("/Bundle/Application/", in: path)
          || PlainSearch.contains(".app/", in: path) && !path.hasPrefix("/System")
      {
        images.insert(image.name)
      }
    }
    images.remove("???")
    return images
  }
}
