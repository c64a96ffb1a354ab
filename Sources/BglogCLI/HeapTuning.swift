#if canImport(Glibc)
  import Glibc
#endif

/// Process-wide allocator settings for the report commands (`diagnose`, `check`).
///
/// Parsing a report allocates and frees its text, lines and frames; with glibc's default 128 KB trim
/// threshold the freed top of the heap goes back to the kernel after many reports and is faulted in
/// again for the next one (minor faults doubled, 4.8k -> 10k on 1,000 reports, once frame names were
/// shared). Keeping up to 64 MB of freed memory, and serving blocks below 4 MB from the heap rather
/// than fresh mappings, removes that churn. Other platforms' allocators need nothing here.
enum HeapTuning {
  /// Applies the settings; harmless to call more than once.
  static func keepFreedMemory() {
    #if canImport(Glibc)
      // `mallopt` is declared in <malloc.h>, which the Glibc module does not import: look it up.
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
      _ = mallopt(trimThreshold, 64 << 20)
      _ = mallopt(mmapThreshold, 4 << 20)
    #endif
  }

  /// `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD` from glibc's <malloc.h>.
  private static let trimThreshold: Int32 = -1
  private static let mmapThreshold: Int32 = -3
}
