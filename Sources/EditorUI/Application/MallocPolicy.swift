// How the window's process asks glibc's malloc to hold memory: freed memory goes back to the system, not kept for later.

import Glibc

/// glibc's defaults suit programs that allocate the same big buffers again and again: the first
/// time a big buffer (a decoded picture, a screen-sized surface) is freed, malloc raises its
/// thresholds to that size and keeps up to twice as much freed memory at the top of its heap,
/// and every thread that allocates may get a heap of its own. For a window that is idle most of
/// the time that is memory held for nothing (`scripts/bench-launch` reads the launch's peak memory:
/// docs/BENCHMARKS.md).
enum MallocPolicy {
    /// Memory freed at the heap's top beyond this is given back at once.
    static let trimThreshold: Int32 = 128 * 1024
    /// Buffers from this size up get a mapping of their own, returned whole when freed. Below it they
    /// come from the heap, so a frame's screen-sized scratch surface (GTK's Cairo renderer makes one
    /// each frame) is reused rather than mapped and faulted in again every frame.
    static let mappingThreshold: Int32 = 8 * 1024 * 1024
    /// Heaps for all threads together: the main loop's and one for the rest (decodes arrive on
    /// worker threads, but their pixels are the decoder's mapped memory).
    static let heaps: Int32 = 2

    /// Call first thing, before GTK allocates.
    static func apply() {
        _ = mallopt(mTrimThreshold, trimThreshold)
        _ = mallopt(mMmapThreshold, mappingThreshold)
        _ = mallopt(mArenaMax, heaps)
    }

    // <malloc.h>, which Swift's Glibc module leaves out: `int mallopt(int param, int value)` and the
    // three parameters' values, fixed in glibc's ABI.
    private static let mTrimThreshold: Int32 = -1, mMmapThreshold: Int32 = -3, mArenaMax: Int32 = -8
}

@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
