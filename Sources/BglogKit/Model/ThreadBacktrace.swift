/// One thread's backtrace (or the `Last Exception Backtrace`).
public struct ThreadBacktrace: Sendable, Hashable {
  /// The thread number, when the report gives one.
  public var index: Int?
  /// The thread name (`Thread 0 name:` / `name`).
  public var name: String?
  /// The dispatch queue (`Dispatch queue: com.apple.main-thread` / `queue`).
  public var dispatchQueue: String?
  /// Whether the report marks this thread as the crashed or triggering one.
  public var crashed: Bool
  /// The frames, innermost (frame 0) first.
  public var frames: [StackFrame]
  /// Where the thread's heading line (or JSON element) is.
  public var location: SourceLocation?

  /// Creates a backtrace.
  public init(
    index: Int? = nil,
    name: String? = nil,
    dispatchQueue: String? = nil,
    crashed: Bool = false,
    frames: [StackFrame] = [],
    location: SourceLocation? = nil
  ) {
    self.index = index
    self.name = name
    self.dispatchQueue = dispatchQueue
    self.crashed = crashed
    self.frames = frames
    self.location = location
  }
}

/// One frame of a backtrace, symbolicated or not.
public struct StackFrame: Sendable, Hashable {
  /// The frame number as written.
  public var index: Int?
  /// The image (binary) name: `libsystem_kernel.dylib`, `UIKitCore`, the app, or `???`.
  public var image: String
  /// The instruction address.
  public var address: UInt64?
  /// The symbol, when symbolicated (`mach_msg_trap`, `-[UIApplication _run]`).
  public var symbol: String?
  /// The offset into the symbol (`+ 8`).
  public var symbolOffset: UInt64?
  /// The image load address, for unsymbolicated frames written `0xBASE + OFFSET`.
  public var imageBase: UInt64?
  /// The offset into the image, for unsymbolicated frames.
  public var imageOffset: UInt64?
  /// The source file, when the frame carries `(File.swift:12)`.
  public var sourceFile: String?
  /// The source line, when the frame carries one.
  public var sourceLine: Int?
  /// Where the frame is.
  public var location: SourceLocation?

  /// Creates a frame.
  public init(
    index: Int? = nil,
    image: String,
    address: UInt64? = nil,
    symbol: String? = nil,
    symbolOffset: UInt64? = nil,
    imageBase: UInt64? = nil,
    imageOffset: UInt64? = nil,
    sourceFile: String? = nil,
    sourceLine: Int? = nil,
    location: SourceLocation? = nil
  ) {
    self.index = index
    self.image = image
    self.address = address
    self.symbol = symbol
    self.symbolOffset = symbolOffset
    self.imageBase = imageBase
    self.imageOffset = imageOffset
    self.sourceFile = sourceFile
    self.sourceLine = sourceLine
    self.location = location
  }

  /// Whether the frame has a symbol name (not just an address).
  public var isSymbolicated: Bool { symbol != nil }
}

/// One loaded binary image.
public struct BinaryImage: Sendable, Hashable {
  /// The image name, which may contain spaces.
  public var name: String
  /// The load address.
  public var base: UInt64?
  /// The last address, when written.
  public var end: UInt64?
  /// The architecture (`arm64`, `arm64e`).
  public var architecture: String?
  /// The image UUID.
  public var uuid: String?
  /// The image path.
  public var path: String?
  /// The bundle identifier, when the report gives it.
  public var bundleIdentifier: String?

  /// Creates a binary image.
  public init(
    name: String,
    base: UInt64? = nil,
    end: UInt64? = nil,
    architecture: String? = nil,
    uuid: String? = nil,
    path: String? = nil,
    bundleIdentifier: String? = nil
  ) {
    self.name = name
    self.base = base
    self.end = end
    self.architecture = architecture
    self.uuid = uuid
    self.path = path
    self.bundleIdentifier = bundleIdentifier
  }
}
